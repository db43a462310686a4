// Cat in the Sack's phone module, loaded by the phone page by game id: its screen, log lines and score detail.
// (watch.js beside it is the watch page's: the same plus the public table.)

import { t } from "../../i18n.js";
import { signed } from "../../seats.js";
import { gameScreen } from "./game.js";
import { eventLines } from "./events.js";
import { cardInText } from "./cards.js";

export { gameScreen, eventLines };

/** This game has its own stylesheet, game.css beside this module (js/games.js loads it with the module). */
export const ownStyles = true;

/**
 * Return the decision that starts now for my seat, or null: its `key` (a new key brings the decision into view)
 * and `alert` (say "your turn" and buzz). Called only while the update's `acting` holds my seat.
 */
export function decision(update) {
  const v = update.view;
  // The choice is simultaneous: it comes into view, but only an auction turn or the offer is "my turn".
  return { key: `${v.round}:${v.phase}`, alert: v.phase !== "choose" };
}

/** Keep the screen's own state (app.ui) in step with a new update: the bid stepper's floor, the chosen card. */
export function onUpdate(app, update) {
  const legal = update.view && update.view.legal;
  const ui = app.ui;
  if (!legal || legal.bid_min == null) ui.bidMin = null;
  else if (ui.bidMin !== legal.bid_min) {
    ui.bidMin = legal.bid_min;
    ui.bid = legal.bid_min;
  }
  if (!legal || !legal.play || !legal.play.includes(ui.selected)) ui.selected = null;
}

/**
 * Return the score screen's detail for the outcome: the cats and mice columns, the cat tie-break note, and the
 * order of seats tied on points (more cats first).
 */
export function scoreDetail(update) {
  const detail = (update.outcome && update.outcome.detail) || {};
  const scores = new Map((detail.scores || []).map((s) => [s.seat, s]));
  const cats = (seat) => (scores.get(seat) || {}).cats ?? 0;
  return {
    columns: [t("over.cats"), t("over.mice")],
    cells: (seat) => {
      const s = scores.get(seat) || {};
      return [signed(s.cats ?? 0), signed(s.mice ?? 0)];
    },
    notes: detail.tie_break ? [t("over.tie_break")] : [],
    compare: (a, b) => cats(b) - cats(a),
  };
}

/** The coach's move lit up (js/coach.js): the card to lay (then its confirm button), or the bid, pass or buy button. */
export function hintTargets(app, action) {
  if (action.type === "play") return [`card:${action.card}`, `confirm:${action.card}`];
  return [action.type];
}

/** A suggested bid sets the stepper to its amount (the player still taps Bid). */
export function takeHint(app, action) {
  if (action.type === "bid" && Number.isInteger(action.total)) app.ui.bid = action.total;
}

/** Return the coach's reason in the player's language, its card named as the game names cards. */
export function hintText(reason) {
  const params = { ...(reason.params || {}) };
  if ("card" in params) params.card = cardInText(params.card);
  return t(String(reason.key || ""), params);
}
