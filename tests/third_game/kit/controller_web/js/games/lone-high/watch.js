// Lone High's watch-page module (tests/third_game): the public table, log lines, score detail.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { eventLines, scoreDetail, tableSection } from "./screen.js";

export { eventLines, scoreDetail };

/** Return the watch page's public table: the round and every seat. */
export function watchTable(update, secondsLeft) {
  const v = update.view;
  return [
    el("header", { class: "game-head" }, [el("span", { class: "round", text: t("lh.round", { n: v.round, of: v.rounds }) })]),
    tableSection(update),
  ];
}
