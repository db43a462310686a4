// Rat-a-Tat Cat's phone module, loaded by game id: its screen, log lines and score detail.

import { t } from "../../i18n.js";
import { nameOf, signed } from "../../seats.js";
import { cardInText } from "./cards.js";
import { gameScreen, hintKey } from "./game.js";
import { eventLines } from "./events.js";

export { gameScreen, eventLines };

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
    columns: rounds.map((_, i) => t("rt.over.round", { n: i + 1 })),
    cells: (seat) => rounds.map((row) => (row[seat] === undefined || row[seat] === null ? "\u2013" : signed(row[seat]))),
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
