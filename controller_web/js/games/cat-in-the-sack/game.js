// The game screen (Cat in the Sack): my header, the table, and only the moves view.legal allows.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatBadge, seatOf, signed } from "../../seats.js";
import { logSection, safeColour } from "../../screens/common.js";
import { cardFace, cardInText, cardName, mouseIcon } from "./cards.js";
import { rowSection, mouseCardsSection, seatsSection, statusText } from "./table.js";

function header(app) {
  const u = app.update;
  const v = u.view;
  const me = u.you || {};
  const seated = typeof v.mice === "number";
  return el("header", { class: "game-head", style: { "--seat": safeColour(me.colour) } }, [
    el("span", { class: "me" }, [seatBadge(me), el("span", { class: "seat-name", text: me.name || "" })]),
    seated ? el("span", { class: "my-mice" }, [
      mouseIcon(), el("span", { class: "sr-only", text: t("head.my_mice", { n: v.mice }) }),
      el("span", { text: v.mice, "aria-hidden": "true" }),
    ]) : null,
    el("span", { class: "round" }, [
      el("span", { text: t("head.round", { n: v.round, total: v.rounds }) }),
      el("span", { class: "start small", text: t("head.start", { name: seatOf(u, v.start_player).name }) }),
    ]),
  ]);
}

function statusBar(app) {
  const u = app.update;
  const mine = u.view.turn === (u.you && u.you.seat) && u.view.phase !== "choose";
  const timer = u.timer && typeof u.timer.seconds_left === "number";
  const last = app.log.length ? app.log[app.log.length - 1] : "";
  return el("div", { class: `status-bar${mine ? " my-turn" : ""}` }, [
    el("div", {}, [
      el("p", { class: "status-text", text: statusText(u) }),
      // Already read out by the live region; shown so the last move is seen without scrolling.
      last ? el("p", { class: "last-event small", text: last, "aria-hidden": "true" }) : null,
    ]),
    timer ? el("span", { class: "timer", "aria-label": t("timer.label", { name: seatOf(u, u.timer.seat).name }) }, [
      el("span", { id: "turn-timer", text: t("timer.seconds", { s: app.timerLeft ?? u.timer.seconds_left }) }),
    ]) : null,
  ]);
}

function chooseActions(app) {
  const v = app.update.view;
  const legal = v.legal || {};
  const cards = legal.play || [];
  if (!cards.length) {
    if (v.chosen_card !== null && v.chosen_card !== undefined) {
      return el("section", { class: "panel center chosen" }, [
        cardFace(v.chosen_card, "medium"),
        el("p", { class: "big", text: t("choose.done", { card: cardInText(v.chosen_card) }) }),
      ]);
    }
    return null;
  }
  const sel = app.ui.selected;
  // data-decision / data-moves: what app.js brings into view when the choice starts (the first row of cards).
  return el("section", { class: "panel", "aria-labelledby": "choose-h", "data-decision": "" }, [
    el("h2", { id: "choose-h", text: t("choose.title") }),
    el("p", { class: "hint", text: t("choose.hint") }),
    el("div", { class: "hand big", role: "group", "aria-labelledby": "choose-h" }, cards.map((c, i) =>
      el("button", {
        type: "button", class: "card-btn", "aria-pressed": String(sel === c), "data-moves": i === 0 ? "" : null,
        "data-hint": `card:${c}`,
        onclick: () => {
          app.ui.selected = sel === c ? null : c;
          app.render();
        },
      }, [cardFace(c, "", true)]))),
    el("button", {
      type: "button", class: "btn primary wide sticky", disabled: sel === null || app.ui.pending,
      "data-hint": sel === null ? null : `confirm:${sel}`,
      text: sel === null ? t("choose.pick_first") : t("choose.confirm", { card: cardInText(sel) }),
      onclick: () => app.act({ type: "play", card: sel }),
    }),
  ]);
}

function stepper(app, legal) {
  const value = Math.min(Math.max(app.ui.bid ?? legal.bid_min, legal.bid_min), legal.bid_max);
  const set = (n) => {
    app.ui.bid = Math.min(Math.max(n, legal.bid_min), legal.bid_max);
    app.render();
  };
  return el("div", { class: "stepper", role: "group", "aria-label": t("bid.amount") }, [
    el("button", { type: "button", class: "btn icon", text: "\u2212", "aria-label": t("bid.less"), disabled: value <= legal.bid_min, onclick: () => set(value - 1) }),
    el("output", { class: "bid-value", "aria-live": "off" }, [mouseIcon(), el("span", { text: value })]),
    el("button", { type: "button", class: "btn icon", text: "+", "aria-label": t("bid.more"), disabled: value >= legal.bid_max, onclick: () => set(value + 1) }),
  ]);
}

function auctionActions(app) {
  const v = app.update.view;
  const legal = v.legal || {};
  const busy = app.ui.pending;
  const buttons = [];
  if (v.phase === "offer") {
    if (!legal.buy && !legal.can_pass) return null;
    if (legal.buy) {
      buttons.push(el("button", { type: "button", class: "btn primary wide", disabled: busy, "data-hint": "buy",
        text: t("offer.buy", { price: legal.buy_price ?? 1 }), onclick: () => app.act({ type: "buy" }) }));
    }
    if (legal.can_pass) {
      buttons.push(el("button", { type: "button", class: "btn wide", disabled: busy, "data-hint": "pass",
        text: t("offer.pass"), onclick: () => app.act({ type: "pass" }) }));
    }
    return el("section", { class: "panel actions my-turn", "aria-labelledby": "act-h", "data-moves": "" }, [
      el("h2", { id: "act-h", text: t("offer.title") }),
      el("p", { class: "hint", text: t("offer.hint", { price: legal.buy_price ?? 1 }) }),
      ...buttons,
    ]);
  }
  if (legal.bid_min === null || legal.bid_min === undefined) {
    if (!legal.can_pass) return null;
  } else {
    const value = Math.min(Math.max(app.ui.bid ?? legal.bid_min, legal.bid_min), legal.bid_max);
    buttons.push(stepper(app, legal));
    buttons.push(el("button", { type: "button", class: "btn primary wide", disabled: busy, "data-hint": "bid",
      text: t("bid.button", { n: value }), onclick: () => app.act({ type: "bid", total: value }) }));
  }
  if (legal.can_pass) {
    buttons.push(el("button", { type: "button", class: "btn wide", disabled: busy, "data-hint": "pass",
      text: legal.pass_takes > 0 ? t("pass.takes", { m: legal.pass_takes }) : t("pass.nothing"),
      onclick: () => app.act({ type: "pass" }) }));
  }
  const highest = v.highest_bid || 0;
  return el("section", { class: "panel actions my-turn", "aria-labelledby": "act-h", "data-moves": "" }, [
    el("div", { class: "act-head" }, [
      el("h2", { id: "act-h", text: t("act.title") }),
      el("p", { class: "hint", text: highest > 0 ? t("bid.highest", { n: highest }) : t("bid.none_yet") }),
    ]),
    legal.bid_min === null || legal.bid_min === undefined ? el("p", { class: "hint", text: t("bid.cannot") }) : null,
    ...buttons,
  ]);
}

function handSection(app) {
  const v = app.update.view;
  const hand = v.hand || [];
  return el("section", { class: "panel", "aria-labelledby": "hand-h" }, [
    el("h2", { id: "hand-h", text: t("hand.title", { n: hand.length }) }),
    el("ul", { class: "hand small-cards", "aria-labelledby": "hand-h" }, hand.map((c) =>
      el("li", { "aria-label": cardName(c) }, [cardFace(c, "small")]))),
  ]);
}

function pileSection(app) {
  const v = app.update.view;
  const pile = v.won_pile || [];
  const open = app.ui.showPile === true;
  const total = pile.reduce((sum, c) => sum + (typeof c === "number" ? c : 0), 0);
  return el("section", { class: "panel", "aria-labelledby": "pile-h" }, [
    el("h2", { id: "pile-h", class: "sr-only", text: t("pile.title") }),
    el("button", {
      type: "button", class: "btn wide", "aria-expanded": String(open), "aria-controls": "pile-list",
      text: open ? t("pile.hide") : t("pile.show", { n: pile.length }),
      onclick: () => {
        app.ui.showPile = !open;
        app.render();
      },
    }),
    open ? el("div", { id: "pile-list" }, [
      pile.length ? el("ul", { class: "hand small-cards" }, pile.map((c) => el("li", { "aria-label": cardName(c) }, [cardFace(c, "small")])))
        : el("p", { class: "hint", text: t("pile.empty") }),
      el("p", { class: "small", text: t("pile.value", { n: signed(total) }) }),
    ]) : null,
  ]);
}

/** Return the game screen for a seated player (or the public table for a watcher). */
export function gameScreen(app) {
  const u = app.update;
  const v = u.view;
  if (!v) {
    return el("section", { class: "panel center" }, [el("p", { class: "big", text: t("status.connecting") })]);
  }
  const seated = Array.isArray(v.hand);
  const parts = [header(app), statusBar(app)];
  if (!seated) parts.push(el("p", { class: "panel hint", text: t("watch.note") }));
  // The sack comes before the bid buttons: a player decides on what the row shows.
  if (seated && v.phase === "choose") parts.push(chooseActions(app));
  parts.push(rowSection(u));
  if (seated && v.phase !== "choose") parts.push(auctionActions(app));
  parts.push(mouseCardsSection(u));
  if (seated && !(v.legal && v.legal.play && v.legal.play.length)) parts.push(handSection(app));
  parts.push(seatsSection(u, app));
  if (seated) parts.push(pileSection(app));
  parts.push(logSection(app.log));
  return el("div", { class: "stack game" }, parts);
}
