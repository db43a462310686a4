// The score screen: cats, mice, total per seat, the winner(s), and the host's next step.

import { el } from "../dom.js";
import { listNames, t } from "../i18n.js";
import { seatBadge, signed } from "../cards.js";
import { seatOf } from "../events.js";
import { logSection } from "./table.js";

/** Return the score table for a finished game's `update` (used by the phone and the watch page). */
export function scoreTable(update) {
  const result = update.view.result || { scores: [], winners: [] };
  const winners = result.winners || [];
  const scores = (result.scores || []).slice().sort((a, b) => b.total - a.total || b.cats - a.cats);
  const names = winners.map((s) => seatOf(update, s).name);
  const headline = names.length > 1 ? t("over.shared", { names: listNames(names) }) : t("over.winner", { name: names[0] || "" });
  return [
    el("h1", { class: "winner", text: headline }),
    result.tie_break ? el("p", { class: "hint", text: t("over.tie_break") }) : null,
    el("table", { class: "scores" }, [
      el("caption", { class: "sr-only", text: t("over.scores") }),
      el("thead", {}, [el("tr", {}, [
        el("th", { scope: "col", text: t("over.player") }),
        el("th", { scope: "col", text: t("over.cats") }),
        el("th", { scope: "col", text: t("over.mice") }),
        el("th", { scope: "col", text: t("over.total") }),
      ])]),
      el("tbody", {}, scores.map((sc) => {
        const seat = seatOf(update, sc.seat);
        const won = winners.includes(sc.seat);
        return el("tr", { class: won ? "won" : "" }, [
          el("th", { scope: "row" }, [el("span", { class: "score-name" }, [
            seatBadge(seat), el("span", { text: seat.name }), won ? el("span", { class: "tag host", text: t("over.crown") }) : null,
          ])]),
          el("td", { text: signed(sc.cats) }),
          el("td", { text: signed(sc.mice) }),
          el("td", { class: "total", text: signed(sc.total) }),
        ]);
      })),
    ]),
  ];
}

/** Return the score screen. */
export function resultsScreen(app) {
  const u = app.update;
  const host = u.you && u.you.host;
  return el("div", { class: "stack" }, [
    el("section", { class: "panel results" }, [
      ...scoreTable(u),
      host ? el("div", { class: "stack" }, [
        el("button", { type: "button", class: "btn primary wide", text: t("over.play_again"), onclick: () => app.host("play_again") }),
        el("button", { type: "button", class: "btn wide", text: t("over.to_lobby"), onclick: () => app.host("to_lobby") }),
      ]) : el("p", { class: "hint", text: t("over.waiting_host") }),
    ]),
    logSection(app.log),
  ]);
}
