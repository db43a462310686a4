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

/** Return the lines worth showing for `events` (others, like turn changes, are shown by the screen). */
export function eventLines(update, events) {
  const lines = [];
  const n = (s) => nameOf(update, s);
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
        lines.push(t("ev.bid", { name: n(e.seat), total: e.total }));
        break;
      case "passed":
        // The unsold sack's line already says this player passed too.
        if (events.some((o) => o && o.type === "round_void" && o.seat === e.seat)) break;
        lines.push(e.took > 0 ? t("ev.passed_took", { name: n(e.seat), took: e.took }) : t("ev.passed", { name: n(e.seat) }));
        break;
      case "offer":
        lines.push(t("ev.offer", { name: n(e.seat), price: e.price }));
        break;
      case "dogs":
        lines.push(dogsLine(e));
        break;
      case "sack_won":
        lines.push(t("ev.sack_won", { name: n(e.seat), paid: e.paid, value: signed(e.value) }));
        break;
      case "start_player":
        lines.push(t("ev.start_player", { name: n(e.seat) }));
        break;
      case "round_void":
        lines.push(t("ev.round_void", { name: n(e.seat) }));
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
