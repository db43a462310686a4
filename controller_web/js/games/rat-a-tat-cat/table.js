// Rat-a-Tat Cat's public table on the phone and the watch page: status, lines, piles, scores.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatBadge, seatOf, signed } from "../../seats.js";
import { safeColour, seatToBotButton } from "../../screens/common.js";
import { cardInText, cardButton, cardItem } from "./cards.js";

const PLAYING = ["look", "draw", "decide", "end_turn", "reshuffle"];

/** Return true while a round is being played (not between rounds or after the game). */
export function playing(v) {
  return PLAYING.includes(v.phase);
}

/** Return what the table is doing now, in words. */
export function statusText(u, mine) {
  const v = u.view;
  const name = (s) => seatOf(u, s).name;
  if (v.phase === "look") return t("rt.status.look");
  if (v.phase === "over") return t("rt.status.over");
  if (!playing(v)) return t("rt.status.round_end", { round: v.round });
  if (mine) return v.knocker !== null ? t("rt.status.my_last_turn", { name: name(v.knocker) }) : t("rt.status.my_turn");
  if (v.knocker !== null) return t("rt.status.last_turn", { name: name(v.turn), knocker: name(v.knocker) });
  return t("rt.status.turn", { name: name(v.turn) });
}

/** Return the piles: the draw pile's size and the discard pile's top card (and whether it is dead). */
export function pilesLine(v) {
  const top = v.discard_top === null || v.discard_top === undefined ? t("rt.pile.discard_empty")
    : t(v.discard_dead ? "rt.pile.discard_dead" : "rt.pile.discard", { card: cardInText(v.discard_top) });
  return el("p", { class: "small piles", text: `${t("rt.pile.size", { n: v.pile })} · ${top}` });
}

/** Return a seat's line as a small row: badge, name, total, four cards (`pick` makes `positions` Swap targets). */
export function seatLine(u, seatInfo, { pick = null, positions = [], app = null } = {}) {
  const v = u.view;
  const seat = seatOf(u, seatInfo.seat);
  const total = (v.totals || [])[seatInfo.seat] ?? 0;
  const cards = (seatInfo.line || []).map((card, i) => {
    const pos = i + 1;
    if (pick && positions.includes(pos)) {
      return cardButton(pos, card, () => pick(pos), { label: t("rt.swap.theirs", { name: seat.name, pos }), extra: "pick",
        hint: `theirs:${seat.seat}:${pos}` });
    }
    return cardItem(pos, card);
  });
  return el("li", { class: "seat-line", style: { "--seat": safeColour(seat.colour) } }, [
    el("span", { class: "who" }, [
      seatBadge(seat),
      el("span", { class: "seat-name", text: seat.name }),
      el("span", { class: "small", text: seatInfo.out ? t("rt.seat.out") : t("rt.seat.total", { n: signed(total) }) }),
    ]),
    seatInfo.out ? null : el("ul", { class: "line4 small", "aria-label": t("rt.line.of", { name: seat.name }) }, cards),
    app ? seatToBotButton(app, seat) : null,  // the host's "let a bot play" for a player who is gone
  ]);
}

/** Return the other seats' lines (all, for `me` = null), headed `title`; with a seated phone's `app`, the host's
 * hand-over control under a gone player's line. */
export function seatsSection(u, me, options, title, app = null) {
  const v = u.view;
  const others = (v.seats || []).filter((s) => s.seat !== me);
  return el("section", { class: "panel", "aria-labelledby": "seats-h" }, [
    el("h2", { id: "seats-h", text: title || t(me === null ? "rt.seats.all" : "rt.seats.others") }),
    el("ul", { class: "seats" }, others.map((s) => seatLine(u, s, { ...(options ? options(s) : {}), app }))),
  ]);
}

/** Return the last round's scores and the totals, with each seat's `lines` (turned up) when given. */
export function scoresSection(u, lines) {
  const v = u.view;
  const rows = v.round_scores || [];
  const last = rows.length ? rows[rows.length - 1] : [];
  const cards = (seat) => (lines && Array.isArray(lines[seat]) && lines[seat].length
    ? el("ul", { class: "line4 small", "aria-label": t("rt.line.of", { name: seatOf(u, seat).name }) },
      lines[seat].map((card, i) => cardItem(i + 1, card))) : null);
  return el("section", { class: "panel", "aria-labelledby": "scores-h" }, [
    el("h2", { id: "scores-h", text: t("rt.scores.title", { round: rows.length }) }),
    el("table", { class: "scores" }, [
      el("thead", {}, el("tr", {}, [
        el("th", { scope: "col", text: t("rt.scores.player") }),
        el("th", { scope: "col", text: t("rt.scores.round") }),
        el("th", { scope: "col", text: t("rt.scores.total") }),
      ])),
      el("tbody", {}, (v.seats || []).map((s) => el("tr", {}, [
        el("th", { scope: "row" }, [el("span", { text: seatOf(u, s.seat).name }), cards(s.seat)]),
        el("td", { text: s.out && last[s.seat] === undefined ? "\u2013" : signed(last[s.seat] ?? 0) }),
        el("td", { text: signed((v.totals || [])[s.seat] ?? 0) }),
      ]))),
    ]),
    v.phase === "over" || v.phase === "look" ? null : el("p", { class: "hint", text: t("rt.scores.next") }),
  ]);
}
