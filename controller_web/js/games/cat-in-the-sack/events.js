// Turns the update's events into short "what happened" lines in the player's language.

import { t } from "../../i18n.js";
import { nameOf, signed } from "../../seats.js";
import { cardInText } from "./cards.js";

function dogsLine(e) {
  const dogs = Array.isArray(e.dogs) ? e.dogs : [];
  if (dogs.length >= 2) return t("ev.dogs_fight");
  if (e.chased === null || e.chased === undefined) return t("ev.dog_alone", { dog: cardInText(dogs[0]) });
  return t("ev.dog_chases", { dog: cardInText(dogs[0]), card: cardInText(e.chased) });
}

/** Return the lines worth showing for `events` (others, like turn changes, are shown by the screen).
 *  A phone's own seat is told in the second person ("You bid 3."); a watcher, who has no seat, reads every name. */
export function eventLines(update, events) {
  const lines = [];
  const n = (s) => nameOf(update, s);
  const me = update.you && typeof update.you.seat === "number" ? update.you.seat : null;
  // "ev.<key>" with the seat's name, or "ev.you.<key>" for this phone's own seat
  const told = (key, seat, params = {}) => (seat === me ? t(`ev.you.${key}`, params) : t(`ev.${key}`, { name: n(seat), ...params }));
  for (const e of events) {
    if (!e || typeof e !== "object") continue;
    switch (e.type) {
      case "my_card_chosen":
        lines.push(t("ev.my_card", { card: cardInText(e.card) }));
        break;
      case "row_laid":
        lines.push(t("ev.row_laid"));
        break;
      case "card_revealed":
        lines.push(t("ev.revealed", { pos: e.index + 1, card: cardInText(e.card) }));
        break;
      case "bid":
        lines.push(told("bid", e.seat, { total: e.total }));
        break;
      case "passed":
        // The unsold sack's line already says this player passed too.
        if (events.some((o) => o && o.type === "round_void" && o.seat === e.seat)) break;
        lines.push(e.took > 0 ? told("passed_took", e.seat, { took: e.took }) : told("passed", e.seat));
        break;
      case "offer":
        lines.push(told("offer", e.seat, { price: e.price }));
        break;
      case "dogs":
        lines.push(dogsLine(e));
        break;
      case "sack_won":
        lines.push(told("sack_won", e.seat, { paid: e.paid, value: signed(e.value) }));
        break;
      case "start_player":
        lines.push(told("start_player", e.seat));
        break;
      case "round_void":
        lines.push(told("round_void", e.seat));
        break;
      case "round_started":
        lines.push(t("ev.round_started", { round: e.round }));
        if (e.refill === "bank_short") lines.push(t("ev.bank_short"));
        if (e.refill === "void") lines.push(t("ev.no_refill_void"));
        break;
      case "game_over":
        lines.push(t("ev.game_over"));
        break;
      default:
        break;
    }
  }
  return lines;
}
