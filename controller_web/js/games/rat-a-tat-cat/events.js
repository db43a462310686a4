// Turns Rat-a-Tat Cat's events into short "what happened" lines in the player's language.

import { listNames, t } from "../../i18n.js";
import { nameOf } from "../../seats.js";
import { cardInText } from "./cards.js";

function mySeat(update) {
  return update.you && typeof update.you.seat === "number" ? update.you.seat : null;
}

function swappedLine(update, e) {
  const me = mySeat(update);
  const params = { name: nameOf(update, e.seat), pos: e.position, other: nameOf(update, e.other_seat), opos: e.other_position };
  if (e.seat === me) return t("rt.ev.you_swapped", params);
  if (e.other_seat === me) return t("rt.ev.swapped_yours", params);
  return t("rt.ev.swapped", params);
}

// "rt.ev.<key>" with the seat's name, or "rt.ev.you.<key>" for this phone's own seat (a watcher has none)
function told(update, key, seat, params = {}) {
  if (seat === mySeat(update)) return t(`rt.ev.you.${key}`, params);
  return t(`rt.ev.${key}`, { name: nameOf(update, seat), ...params });
}

function replacedLine(update, e, tookFromDiscard) {
  const params = { pos: e.position, old: cardInText(e.discarded), card: cardInText(e.card) };
  if (tookFromDiscard) return told(update, "took_and_placed", e.seat, params);
  return told(update, e.card === null || e.card === undefined ? "placed" : "placed_up", e.seat, params);
}

// The seat that took the discard's top card, not placed yet: the two moves are told as one line once it is placed.
let took = null;

/** Return the lines worth showing for `events` (the turn itself is shown by the status bar). */
export function eventLines(update, events) {
  const lines = [];
  const n = (s) => nameOf(update, s);
  for (const e of events) {
    if (!e || typeof e !== "object") continue;
    switch (e.type) {
      case "round_dealt":
        took = null;
        lines.push(told(update, "dealt", e.dealer, { round: e.round }));
        break;
      case "turn":
        if (e.last) lines.push(told(update, "last_turn", e.seat));
        break;
      case "drew":
        if (e.source === "discard") took = e.seat;
        else if (e.seat !== mySeat(update)) lines.push(t("rt.ev.drew_pile", { name: n(e.seat) })); // mine: "you drew"
        break;
      case "you_drew":
        lines.push(t("rt.ev.you_drew", { card: cardInText(e.card) }));
        break;
      case "replaced":
        lines.push(replacedLine(update, e, took === e.seat));
        took = null;
        break;
      case "discarded":
        lines.push(told(update, "discarded", e.seat, { card: cardInText(e.card) }));
        break;
      case "power_used":
        lines.push(told(update, "power", e.seat, { card: cardInText(e.power) }));
        break;
      case "draw_again":
        lines.push(told(update, e.draws_left === 2 ? "draw2_first" : "draw2_second", e.seat));
        break;
      case "peeked":
        if (e.seat !== mySeat(update)) lines.push(t("rt.ev.peeked", { name: n(e.seat), pos: e.position })); // mine: "you_peeked"
        break;
      case "you_peeked":
        lines.push(t("rt.ev.you_peeked", { pos: e.position, card: cardInText(e.card) }));
        break;
      case "swapped":
        lines.push(swappedLine(update, e));
        break;
      case "swap_skipped":
        lines.push(told(update, "swap_skipped", e.seat));
        break;
      case "knocked":
        lines.push(told(update, "knocked", e.seat));
        break;
      case "reshuffled":
        lines.push(t("rt.ev.reshuffled", { n: e.pile }));
        break;
      case "revealed":
        lines.push(t("rt.ev.revealed"));
        break;
      case "power_replaced":
        lines.push(told(update, "power_replaced", e.seat, { pos: e.position, power: cardInText(e.power), card: cardInText(e.card) }));
        break;
      case "round_scored":
        lines.push(t("rt.ev.round_scored", { round: e.round }));
        break;
      case "eliminated":
        if (Array.isArray(e.seats) && e.seats.length) lines.push(t("rt.ev.out", { names: listNames(e.seats.map(n)) }));
        break;
      case "time_up":
        lines.push(t("rt.ev.time_up"));
        break;
      case "game_over":
        lines.push(t("rt.ev.game_over"));
        break;
      default:
        break;
    }
  }
  return lines;
}
