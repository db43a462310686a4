// The score screen, from the update's generic outcome (totals, winners, which way totals rank) plus the game's detail.

import { courseChart } from "../chart.js";
import { el } from "../dom.js";
import { listNames, t } from "../i18n.js";
import { seatBadge, seatOf, signed } from "../seats.js";
import { logSection } from "./common.js";

const NO_DETAIL = { columns: [], cells: () => [], notes: [], compare: () => 0 };

/**
 * Return the seats of a finished game, best first: by total (lower first when `lowest_wins`), winners ahead of
 * the others on the same total (a shared win stays together), then by the game's own order for such ties.
 */
export function ranking(outcome, compare) {
  const totals = Array.isArray(outcome.totals) ? outcome.totals : [];
  const winners = Array.isArray(outcome.winners) ? outcome.winners : [];
  const sign = outcome.lowest_wins ? 1 : -1;
  return totals.map((total, seat) => ({ seat, total })).sort((a, b) =>
    sign * (a.total - b.total) || winners.includes(b.seat) - winners.includes(a.seat) || compare(a.seat, b.seat))
    .map((r) => r.seat);
}

/**
 * Return the score table for a finished game's `update` (the phone and the watch page), then the chart of how the
 * game went; `game` is the game's phone module, whose `scoreDetail` adds its columns, notes and tie order.
 */
export function scoreTable(update, game) {
  const outcome = update.outcome || { totals: [], winners: [] };
  const detail = { ...NO_DETAIL, ...(game && game.scoreDetail ? game.scoreDetail(update) : {}) };
  const winners = Array.isArray(outcome.winners) ? outcome.winners : [];
  const totals = Array.isArray(outcome.totals) ? outcome.totals : [];
  const names = winners.map((s) => seatOf(update, s).name);
  const headline = names.length > 1 ? t("over.shared", { names: listNames(names) }) : t("over.winner", { name: names[0] || "" });
  return [
    el("h1", { class: "winner", text: headline }),
    ...detail.notes.map((note) => el("p", { class: "hint", text: note })),
    el("table", { class: "scores" }, [
      el("caption", { class: "sr-only", text: t("over.scores") }),
      el("thead", {}, [el("tr", {}, [
        el("th", { scope: "col", text: t("over.player") }),
        ...detail.columns.map((name) => el("th", { scope: "col", text: name })),
        el("th", { scope: "col", text: t("over.total") }),
      ])]),
      el("tbody", {}, ranking(outcome, detail.compare).map((s) => {
        const seat = seatOf(update, s);
        const won = winners.includes(s);
        return el("tr", { class: won ? "won" : "" }, [
          el("th", { scope: "row" }, [el("span", { class: "score-name" }, [
            seatBadge(seat), el("span", { text: seat.name }), won ? el("span", { class: "tag host", text: t("over.crown") }) : null,
          ])]),
          ...detail.cells(s).map((text) => el("td", { text })),
          el("td", { class: "total", text: signed(totals[s]) }),
        ]);
      })),
    ]),
    courseChart(update),
  ];
}

/** Return the score screen. */
export function resultsScreen(app) {
  const u = app.update;
  const host = u.you && u.you.host;
  return el("div", { class: "stack" }, [
    el("section", { class: "panel results" }, [
      ...scoreTable(u, app.game),
      host ? el("div", { class: "stack" }, [
        el("button", { type: "button", class: "btn primary wide", text: t("over.play_again"), onclick: () => app.host("play_again") }),
        el("button", { type: "button", class: "btn wide", text: t("over.to_lobby"), onclick: () => app.host("to_lobby") }),
      ]) : el("p", { class: "hint", text: t("over.waiting_host") }),
    ]),
    logSection(app.log),
  ]);
}
