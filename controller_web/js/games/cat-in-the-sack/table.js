// The public table, shared by the phone's game screen and the watch page: row, mouse cards, seats.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatBadge, seatOf } from "../../seats.js";
import { botLabel, safeColour, seatToBotButton } from "../../screens/common.js";
import { cardFace, cardBack, cardInText, cardName, mouseIcon } from "./cards.js";

function rowCard(update, rc) {
  const owner = rc.owner === null || rc.owner === undefined ? t("row.neutral") : seatOf(update, rc.owner).name;
  let face;
  let label;
  if (rc.face_up && rc.card !== null) {
    face = cardFace(rc.card, "small");
    label = t("row.card_up", { pos: rc.index + 1, card: cardName(rc.card), owner });
  } else if (rc.mine && rc.card !== null) {
    face = cardFace(rc.card, "small hidden-mine");
    label = t("row.card_mine", { pos: rc.index + 1, card: cardInText(rc.card) });
  } else {
    face = cardBack("small");
    label = t("row.card_down", { pos: rc.index + 1, owner });
  }
  return el("li", { class: `row-slot${rc.mine ? " mine" : ""}`, "aria-label": label }, [
    face,
    el("span", { class: "row-owner", text: rc.mine ? t("row.yours") : owner, "aria-hidden": "true" }),
  ]);
}

/** Return the row (the sack) section, or null when there is no row. */
export function rowSection(update) {
  const row = update.view.row || [];
  if (!row.length) return null;
  // data-decision: what the phone brings into view when my auction turn or the offer starts.
  return el("section", { class: "panel sack", "aria-labelledby": "row-h", "data-decision": "" }, [
    el("h2", { id: "row-h", text: t("row.title") }),
    el("ol", { class: "row" }, row.map((rc) => rowCard(update, rc))),
  ]);
}

/** Return the mouse cards with the mice on them. */
export function mouseCardsSection(update) {
  const cards = update.view.mouse_cards || [];
  return el("section", { class: "mouse-cards", "aria-labelledby": "mc-h" }, [
    el("h2", { id: "mc-h", class: "sr-only", text: t("mc.title") }),
    el("ul", { class: "mc-list" }, cards.map(([value, mice]) =>
      el("li", { class: `mc${mice ? "" : " empty"}`, "aria-label": t("mc.card", { value, mice }) }, [
        el("span", { class: "mc-value", text: value, "aria-hidden": "true" }),
        mouseIcon(),
        el("span", { class: "mc-mice", text: `\u00d7${mice}`, "aria-hidden": "true" }),
      ]))),
    el("p", { class: "bank small", text: t("mc.bank", { bank: update.view.bank }) }),
  ]);
}

function seatStatus(view, s) {
  if (view.phase === "choose") return s.chosen ? t("seat.chosen") : t("seat.choosing");
  if (s.passed) return t("seat.passed");
  if (s.bid > 0) return t("seat.bid", { total: s.bid });
  return "";
}

/** Return the seats list: bids, passes, whose turn, cards won (the app passes itself for host buttons). */
export function seatsSection(update, app) {
  const view = update.view;
  const items = (view.seats || []).map((s) => {
    const info = seatOf(update, s.seat);
    const turn = view.turn === s.seat && (view.phase === "auction" || view.phase === "offer");
    const won = s.won_cards ? s.won_cards.map(cardName).join(", ") : null;
    const status = seatStatus(view, s);
    return el("li", { class: `seat-card${turn ? " turn" : ""}${s.passed ? " passed" : ""}`, style: { "--seat": safeColour(info.colour) } }, [
      el("span", { class: "seat-top" }, [
        seatBadge(info),
        el("span", { class: "seat-name", text: info.name }),
        view.start_player === s.seat ? el("span", { class: "tag start", text: t("seat.start") }) : null,
        !info.bot && info.connected === false ? el("span", { class: "tag off", text: t("seat.offline") }) : null,
        info.bot ? el("span", { class: "tag bot", text: botLabel(info) }) : null,
      ]),
      el("span", { class: "seat-status" }, [
        turn ? el("strong", { class: "turn-mark", text: t("seat.turn") }) : null,
        status ? el("span", { class: s.passed ? "passed-mark" : "bid-mark", text: status }) : null,
        el("span", { class: "won", text: t("seat.won", { n: s.won_count }) }),
      ]),
      won ? el("span", { class: "small won-cards", text: won }) : null,
      app ? seatToBotButton(app, info) : null,
    ]);
  });
  return el("section", { class: "panel", "aria-labelledby": "seats-h" }, [
    el("h2", { id: "seats-h", text: t("seats.title") }),
    el("ul", { class: "seat-cards" }, items),
  ]);
}

/** Return the one-line status: whose turn or how many are still choosing. */
export function statusText(update) {
  const view = update.view;
  const mySeat = update.you ? update.you.seat : null;
  if (view.phase === "choose") {
    const k = (view.waiting_for || []).length;
    return t("status.choosing", { k });
  }
  if (view.phase === "auction" || view.phase === "offer") {
    const name = seatOf(update, view.turn).name;
    if (view.turn === mySeat) return view.phase === "offer" ? t("turn.yours_offer") : t("turn.yours");
    return view.phase === "offer" ? t("turn.other_offer", { name }) : t("turn.other", { name });
  }
  return "";
}
