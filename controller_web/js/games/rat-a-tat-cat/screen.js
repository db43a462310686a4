// Rat-a-Tat Cat's phone module, loaded by game id: its screen, log lines and score detail.

import { listNames, t } from "../../i18n.js";
import { nameOf, signed } from "../../seats.js";
import { cardInText, gameScreen, hintKey } from "./game.js";

export { gameScreen };

/** This game has its own look: game.css (js/games.js loads it). */
export const ownStyles = true;

/** Return my decision now: the look or a step of my turn (each phase a new key; only a turn says "your turn"). */
export function decision(update) {
  const v = update.view;
  return { key: `${v.round}:${v.turn}:${v.phase}:${v.draws_left}`, alert: v.phase !== "look" };
}

/** Keep the last round's turned-up lines, power cards replaced, from its events (the next deal follows at once). */
function keepLastRound(ui, events) {
  for (const e of Array.isArray(events) ? events : []) {
    if (!e || typeof e !== "object") continue;
    if (e.type === "revealed" && Array.isArray(e.lines)) ui.lastLines = e.lines.map((line) => line.slice());
    if (e.type === "power_replaced" && ui.lastLines && ui.lastLines[e.seat]) ui.lastLines[e.seat][e.position - 1] = e.card;
    if (e.type === "round_scored" && ui.lastLines) ui.lastRound = { round: e.round, lines: ui.lastLines };
  }
}

/** Keep the screen's own state in step: a power's mode lasts while its card is in my hand; the Draw 2 step. */
export function onUpdate(app, update) {
  const v = update.view || {};
  const legal = v.legal || {};
  const ui = app.ui;
  if (ui.mode === "peek" && !(legal.peek || []).length) ui.mode = null;
  if (ui.mode === "swap" && !(legal.swap_positions || []).length) ui.mode = null;
  if (!ui.mode) ui.swapMine = null;
  keepLastRound(ui, update.events);
  if (v.phase === "draw" && v.draws_left > 0) ui.draw2 = 3 - v.draws_left; // 1: the first card, 2: the second
  else if (v.phase !== "decide") ui.draw2 = null;
}

/** Return each seat's four cards as the game ended (the view turns every line up then). */
function lineNotes(update) {
  const seats = (update.view && Array.isArray(update.view.seats)) ? update.view.seats : [];
  return seats.filter((s) => !s.out && Array.isArray(s.line) && s.line.every((c) => c !== null && c !== undefined))
    .map((s) => t("rt.over.line", { name: nameOf(update, s.seat), cards: s.line.map(cardInText).join(" \u00b7 ") }));
}

/** Return the score screen's detail: each round's score in its own column (the totals are the platform's). */
export function scoreDetail(update) {
  const detail = (update.outcome && update.outcome.detail) || {};
  const rounds = Array.isArray(detail.round_scores) ? detail.round_scores
    : (update.view && Array.isArray(update.view.round_scores) ? update.view.round_scores : []);
  return {
    columns: rounds.length ? [t("opt.rounds")] : [],  // one column, read plainly: "14 + 9 + 7"
    cells: (seat) => (rounds.length ? [rounds.map((row) => (row[seat] == null ? "\u2013" : signed(row[seat]))).join(" + ")] : []),
    notes: lineNotes(update),
    compare: () => 0,
  };
}

/** The coach's move lit up (js/coach.js) step by step: my card to replace or peek at; a Swap's button, my card,
 * theirs; else the move's button. */
export function hintTargets(app, action) {
  const mode = app.ui.mode;
  if (action.type === "replace") return [`mine:${action.position}`];
  if (action.type === "peek") return mode === "peek" ? [`mine:${action.position}`] : ["peek"];
  if (action.type === "swap" && !action.skip) {
    if (mode !== "swap") return ["swap"];
    if (app.ui.swapMine !== action.position) return [`mine:${action.position}`];
    return [`theirs:${action.other_seat}:${action.other_position}`];
  }
  return [hintKey(action)];
}

/** Return the coach's reason in the player's language, its card named as the game names cards. */
export function hintText(reason) {
  const params = { ...(reason.params || {}) };
  if ("card" in params) params.card = cardInText(params.card);
  return t(String(reason.key || ""), params);
}

// The log: each event as a short "what happened" line in the player's language.

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
