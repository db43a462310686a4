// The lobby: who sits where; the host chooses the game, options, bots and seat order, then starts.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { safeColour, seatLine, seatToBotButton } from "./common.js";

// The games the table offers (game.engine.GAMES) and the seat counts each accepts.
const GAMES = { "cat-in-the-sack": [3, 5] };
const TIMERS = [0, 30, 60, 120];

function seatRow(app, seat, index, count) {
  const u = app.update;
  const host = u.you && u.you.host;
  const controls = [];
  if (host) {
    controls.push(el("button", {
      type: "button", class: "btn icon", text: "\u2191", "aria-label": t("host.move_up", { name: seat.name }),
      disabled: index === 0, onclick: () => app.host("move_seat", { seat: seat.seat, to: index - 1 }),
    }));
    controls.push(el("button", {
      type: "button", class: "btn icon", text: "\u2193", "aria-label": t("host.move_down", { name: seat.name }),
      disabled: index === count - 1, onclick: () => app.host("move_seat", { seat: seat.seat, to: index + 1 }),
    }));
    if (seat.bot) {
      controls.push(el("button", {
        type: "button", class: "btn icon danger", text: "\u2715", "aria-label": t("host.remove_bot", { name: seat.name }),
        onclick: () => app.host("remove_seat", { seat: seat.seat }),
      }));
    }
    const toBot = seatToBotButton(app, seat);
    if (toBot) controls.push(toBot);
  }
  return el("li", { class: "seat-row", style: { "--seat": safeColour(seat.colour) } }, [
    seatLine(app, seat), el("span", { class: "row-controls" }, controls),
  ]);
}

function hostPanel(app) {
  const u = app.update;
  const table = u.table;
  const opts = table.options || {};
  const [min, max] = GAMES[table.game] || [3, 5];
  const n = table.seats.length;
  const gameButtons = Object.keys(GAMES).map((g) =>
    el("button", {
      type: "button", class: "chip", "aria-pressed": String(g === table.game), text: t(`game.${g}`),
      onclick: () => app.host("set_game", { game: g }),
    }));
  const piles = el("input", { type: "checkbox", id: "opt-piles", role: "switch", checked: !!opts.open_piles });
  piles.addEventListener("change", () => app.host("set_option", { name: "open_piles", value: piles.checked }));
  const timers = TIMERS.map((s) => el("button", {
    type: "button", class: "chip", "aria-pressed": String((opts.turn_timer || 0) === s),
    text: s === 0 ? t("opt.timer_off") : t("opt.timer_s", { s }),
    onclick: () => app.host("set_option", { name: "turn_timer", value: s }),
  }));
  const startHint = n < min ? t("lobby.need_more", { n: min - n }) : n > max ? t("lobby.too_many", { max }) : "";
  return el("section", { class: "panel host-panel", "aria-labelledby": "host-h" }, [
    el("h2", { id: "host-h", text: t("lobby.host_controls") }),
    el("p", { class: "field-label", text: t("lobby.game") }),
    el("div", { class: "choices", role: "group", "aria-label": t("lobby.game") }, gameButtons),
    el("div", { class: "switch-row" }, [piles, el("label", { for: "opt-piles", text: t("opt.open_piles") })]),
    el("p", { class: "field-label", id: "timer-h", text: t("opt.turn_timer") }),
    el("div", { class: "choices", role: "group", "aria-labelledby": "timer-h" }, timers),
    el("button", {
      type: "button", class: "btn", text: t("host.add_bot"), disabled: n >= max,
      onclick: () => app.host("add_bot", { kind: "heuristic" }),
    }),
    el("button", {
      type: "button", class: "btn primary wide", text: t("host.start"), disabled: n < min || n > max,
      onclick: () => app.host("start"),
    }),
    startHint ? el("p", { class: "hint", text: startHint }) : null,
  ]);
}

/** Return the lobby screen. */
export function lobbyScreen(app) {
  const u = app.update;
  const seats = u.table.seats;
  const host = u.you && u.you.host;
  return el("div", { class: "stack" }, [
    el("section", { class: "panel", "aria-labelledby": "seats-h" }, [
      el("h1", { id: "seats-h", text: t("lobby.title") }),
      el("p", { class: "lead", text: t(`game.${u.table.game}`) }),
      el("ol", { class: "seats" }, seats.map((s, i) => seatRow(app, s, i, seats.length))),
      u.table.watchers ? el("p", { class: "small", text: t("lobby.watchers", { n: u.table.watchers }) }) : null,
      u.table.join_code ? el("p", { class: "small", text: t("lobby.code", { code: u.table.join_code }) }) : null,
    ]),
    host ? hostPanel(app) : el("section", { class: "panel center" }, [
      el("div", { class: "spinner", "aria-hidden": "true" }),
      el("p", { class: "big", text: t("lobby.waiting_host") }),
    ]),
  ]);
}
