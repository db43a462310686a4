// Cat in the Sack's watch-page module, loaded by the watch page by game id: the public table, log lines, score detail.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatOf } from "../../seats.js";
import { eventLines } from "./events.js";
import { scoreDetail } from "./screen.js";
import { rowSection, mouseCardsSection, seatsSection, statusText } from "./table.js";

export { eventLines, scoreDetail };

/** This game has its own stylesheet, game.css beside this module (js/games.js loads it with the module). */
export const ownStyles = true;

/** Return the watch page's public table: the round, whose turn, the sack, the mouse cards, the seats. */
export function watchTable(update, secondsLeft) {
  const v = update.view;
  const u = update;
  return [
    el("header", { class: "game-head" }, [
      el("span", { class: "round" }, [
        el("span", { text: t("head.round", { n: v.round, total: v.rounds }) }),
        el("span", { class: "start small", text: t("head.start", { name: seatOf(u, v.start_player).name }) }),
      ]),
    ]),
    el("div", { class: "status-bar" }, [
      el("p", { class: "status-text", text: statusText(u) }),
      u.timer && typeof u.timer.seconds_left === "number"
        ? el("span", { class: "timer", "aria-label": t("timer.label", { name: seatOf(u, u.timer.seat).name }) }, [
          el("span", { id: "turn-timer", text: t("timer.seconds", { s: secondsLeft }) }),
        ]) : null,
    ]),
    rowSection(u),
    mouseCardsSection(u),
    seatsSection(u, null),
  ];
}
