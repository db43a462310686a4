// Lone High's phone module (tests/third_game): my cards to pick from, the table, the log; its log lines and
// score detail. Every button comes from view.legal; the phone computes no rule.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { nameOf, seatBadge, seatOf } from "../../seats.js";
import { logSection, safeColour } from "../../screens/common.js";

/** Return the table everyone may see: the round, who has picked, the last round's cards, the totals. */
export function tableSection(u) {
  const v = u.view;
  const last = (v.history || [])[(v.history || []).length - 1];
  return el("section", { class: "panel", "aria-labelledby": "lh-seats-h" }, [
    el("h2", { id: "lh-seats-h", text: t("lh.seats") }),
    el("ul", { class: "seat-list" }, (v.totals || []).map((total, seat) => el("li", {}, [
      seatBadge(seatOf(u, seat)),
      el("span", { class: "seat-name", text: nameOf(u, seat) }),
      el("span", { class: "small", text: (v.picked || [])[seat] ? t("lh.ready") : t("lh.thinking") }),
      last ? el("span", { class: "small", text: t("lh.last", { card: last[seat] }) }) : null,
      el("strong", { text: t("lh.total", { n: total }) }),
    ]))),
  ]);
}

function pickSection(app) {
  const v = app.update.view;
  if (!(v.legal || []).length) {
    return el("p", { class: "panel big", text: v.my_pick ? t("lh.picked", { card: v.my_pick }) : t("lh.wait") });
  }
  return el("section", { class: "panel", "aria-labelledby": "lh-pick-h", "data-decision": "" }, [
    el("h2", { id: "lh-pick-h", text: t("lh.pick") }),
    el("div", { class: "hand" }, v.legal.map((card) => el("button", {
      type: "button", class: "card-button", "aria-label": t("lh.pick.card", { card }), text: String(card),
      onclick: () => app.act({ type: "pick", card }),
    }))),
  ]);
}

/** Return the game screen: my name and the round, my cards (while I may pick), the table, the log. */
export function gameScreen(app) {
  const u = app.update;
  const v = u.view;
  if (!v) return el("section", { class: "panel center" }, [el("p", { class: "big", text: t("status.connecting") })]);
  const me = u.you || {};
  const seated = typeof v.seat === "number";
  return el("div", { class: "stack game" }, [
    el("header", { class: "game-head", style: { "--seat": safeColour(me.colour) } }, [
      el("span", { class: "me" }, [seatBadge(me), el("span", { class: "seat-name", text: me.name || "" })]),
      el("span", { class: "round", text: t("lh.round", { n: v.round, of: v.rounds }) }),
    ]),
    seated ? pickSection(app) : el("p", { class: "panel hint", text: t("watch.note") }),
    tableSection(u),
    logSection(app.log),
  ]);
}

/** Return the decision that starts now for my seat: each round's pick (everyone picks at once). */
export function decision(update) {
  return { key: `lh:${update.view.round}`, alert: true };
}

/** Return the log's lines for `events`: each round's cards and who scored. */
export function eventLines(update, events) {
  const lines = [];
  for (const e of events) {
    if (!e || e.type !== "revealed") continue;
    const picks = (e.picks || []).join(" · ");
    lines.push(e.scorer === null || e.scorer === undefined
      ? t("lh.ev.nobody", { round: e.round, picks })
      : t("lh.ev.scored", { round: e.round, picks, name: nameOf(update, e.scorer), n: e.points }));
  }
  return lines;
}

/** Return the score screen's column: the rounds each seat won with a lone card. */
export function scoreDetail(update) {
  const lone = ((update.outcome && update.outcome.detail) || {}).lone || [];
  return { columns: [t("lh.over.lone")], cells: (seat) => [String(lone[seat] ?? 0)], notes: [] };
}
