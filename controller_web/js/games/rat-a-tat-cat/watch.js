// Rat-a-Tat Cat's watch-page module, loaded by the watch page by game id: the public table, log lines, score detail.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatOf } from "../../seats.js";
import { pilesLine, playing, scoresSection, seatsSection, statusText } from "./game.js";
import { eventLines, scoreDetail } from "./screen.js";

export { eventLines, scoreDetail };

/** This game has its own stylesheet, game.css beside this module (js/games.js loads it with the module). */
export const ownStyles = true;

/** Return the watch page's public table: the round, whose turn, the piles, every seat's line. */
export function watchTable(update, secondsLeft) {
  const v = update.view;
  const u = update;
  return [
    el("header", { class: "game-head" }, [el("span", { class: "round", text: t("rt.head.round", { n: v.round }) })]),
    el("div", { class: "status-bar" }, [
      el("p", { class: "status-text", text: statusText(u, false) }),
      u.timer && typeof u.timer.seconds_left === "number"
        ? el("span", { class: "timer", "aria-label": t("timer.label", { name: seatOf(u, u.timer.seat).name }) }, [
          el("span", { id: "turn-timer", text: t("timer.seconds", { s: secondsLeft }) }),
        ]) : null,
    ]),
    !playing(v) && v.round > 0 ? scoresSection(u, (v.seats || []).map((s) => s.line)) : null,
    pilesLine(v),
    seatsSection(u, null),
  ];
}
