// The lobby: who sits where; the host chooses the game, its options (rendered from their declarations in
// `table.games` / `table.table_options`), bots and seat order, then starts.

import { el } from "../dom.js";
import { gameName, has, own, t } from "../i18n.js";
import { historyBoard } from "./board.js";
import { LEVELS, offeredLevels, rulesLink, safeColour, seatLine, seatToBotButton } from "./common.js";

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
    const level = levelSelect(app, seat);
    if (level) controls.push(level);
    const coach = coachSwitch(app, seat);
    if (coach) controls.push(coach);
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

/** Return the chosen game's entry of `table.games`, or null. */
function chosenGame(table) {
  return (Array.isArray(table.games) ? table.games : []).find((g) => g.id === table.game) || null;
}

/** Return the host's coach switch of a person's seat (a game whose hard bot can coach), or null. */
function coachSwitch(app, seat) {
  const game = chosenGame(app.update.table);
  if (!game || game.coach !== true || seat.bot) return null;
  return el("button", {
    type: "button", class: "chip coach-chip", "aria-pressed": String(seat.coached === true), text: t("coach.title"),
    "aria-label": t("coach.for", { name: seat.name }), "aria-describedby": "coach-line",
    onclick: () => app.host("set_coach", { seat: seat.seat, on: seat.coached !== true }),
  });
}

/** Return the line that says what the coach does (the game's own words when it has them), or null. */
function coachLine(app) {
  const u = app.update;
  const game = chosenGame(u.table);
  const anyone = u.table.seats.some((s) => s.coached === true);
  if (!game || game.coach !== true || !(anyone || (u.you && u.you.host))) return null;
  return el("p", { class: "small coach-line", id: "coach-line", text: own("game.coach", "coach.lobby_line") });
}

/** Return the host's level chooser of a bot seat (easy / normal / hard, as the game offers), or null. */
function levelSelect(app, seat) {
  const offered = offeredLevels(app.update.table);
  if (!seat.bot || !LEVELS.includes(seat.level) || offered.length < 2) return null;
  const select = el("select", { class: "level-select", "aria-label": t("host.bot_level", { name: seat.name }) },
    offered.map((lv) => el("option", { value: lv, selected: lv === seat.level, text: t(`level.${lv}`) })));
  select.addEventListener("change", () => app.host("set_bot", { seat: seat.seat, level: select.value }));
  return select;
}

/** Return the declarations the table offers now: the table's own options, then the chosen game's. */
function declaredOptions(table, game) {
  const own = Array.isArray(table.table_options) ? table.table_options : [];
  return own.concat(game && Array.isArray(game.options) ? game.options : []);
}

/** Return the current value of option `spec` (its default until the host changes it). */
function valueOf(table, spec) {
  const values = table.options || {};
  return spec.name in values ? values[spec.name] : spec.default;
}

/** Return true unless the option only matters while another option has a value it does not have now. */
function shown(table, specs, spec) {
  if (!Array.isArray(spec.shown_when)) return true;
  const [other, wanted] = spec.shown_when;
  const otherSpec = specs.find((o) => o.name === other);
  return !!otherSpec && valueOf(table, otherSpec) === wanted;
}

/** Return the text of `key` if there is one, else `fallback`. */
function textOr(key, fallback, params) {
  return has(key) ? t(key, params) : fallback;
}

/** Return how a value of an option reads: its own text, else the option's template, else the value itself. */
function valueText(spec, value) {
  return textOr(`opt.${spec.name}.${value}`, textOr(`opt.${spec.name}.value`, String(value), { value }));
}

function setOption(app, spec, value) {
  app.host("set_option", { name: spec.name, value });
}

function chips(app, spec, values, current, labelId, described) {
  const group = { class: "choices", role: "group", "aria-labelledby": labelId, "aria-describedby": described };
  return el("div", group, values.map((v) => el("button", {
    type: "button", class: "chip", "aria-pressed": String(current === v), text: valueText(spec, v),
    onclick: () => setOption(app, spec, v),
  })));
}

/** Return a whole-number field for an int option: "another value" after its chips, else named by the option (`named`). */
function numberField(app, spec, current, id, label, described, named) {
  const input = el("input", {
    id, type: "number", inputmode: "numeric", class: "number", min: spec.min ?? null, max: spec.max ?? null,
    step: 1, value: String(current), "aria-describedby": described, "aria-labelledby": named,
  });
  input.addEventListener("change", () => {
    const n = Number(input.value);
    const fits = Number.isInteger(n) && (spec.min == null || n >= spec.min) && (spec.max == null || n <= spec.max);
    if (fits) setOption(app, spec, n);
    else input.setAttribute("aria-invalid", "true");
  });
  return el("div", { class: "number-row" }, [named ? null : el("label", { for: id, text: t("opt.other", { name: label }) }), input]);
}

/** Return one option's control, rendered from its declaration: a switch, buttons or a list, or a number. */
function optionControl(app, table, spec) {
  const safe = String(spec.name).replace(/[^a-z0-9_-]/gi, "");
  const id = `opt-${safe}`;
  const label = textOr(`opt.${spec.name}`, String(spec.name));
  const hintKey = `opt.${spec.name}.hint`;
  const hint = has(hintKey) ? el("p", { class: "hint opt-hint", id: `${id}-hint`, text: t(hintKey) }) : null;
  const described = hint ? `${id}-hint` : null;
  const current = valueOf(table, spec);
  const choices = Array.isArray(spec.choices) ? spec.choices : [];
  if (spec.kind === "bool") {
    const box = el("input", { type: "checkbox", id, role: "switch", checked: current === true, "aria-describedby": described });
    box.addEventListener("change", () => setOption(app, spec, box.checked));
    return el("div", { class: "option" }, [el("div", { class: "switch-row" }, [box, el("label", { for: id, text: label })]), hint]);
  }
  const labelId = `${id}-h`;
  const parts = [el("p", { class: "field-label", id: labelId, text: label })];
  if (spec.kind === "choice" && choices.length > 5) {
    const select = el("select", { id, "aria-labelledby": labelId, "aria-describedby": described },
      choices.map((v, i) => el("option", { value: String(i), selected: v === current, text: valueText(spec, v) })));
    select.addEventListener("change", () => setOption(app, spec, choices[Number(select.value)]));
    parts.push(select);
  } else if (spec.kind === "choice" || spec.kind === "int") {
    if (choices.length) parts.push(chips(app, spec, choices, current, labelId, described));
    if (spec.kind === "int") parts.push(numberField(app, spec, current, id, label, described, choices.length ? null : labelId));
  }
  if (hint) parts.push(hint);
  return el("div", { class: "option" }, parts);
}

function hostPanel(app) {
  const u = app.update;
  const table = u.table;
  const games = Array.isArray(table.games) ? table.games : [];
  const game = games.find((g) => g.id === table.game) || null;
  const [min, max] = game ? [game.min_players, game.max_players] : [1, Infinity];
  const n = table.seats.length;
  const gameButtons = games.map((g) =>
    el("button", {
      type: "button", class: "chip", "aria-pressed": String(g.id === table.game), text: gameName(table, g.id),
      onclick: () => app.host("set_game", { game: g.id }),
    }));
  const specs = declaredOptions(table, game);
  const options = specs.filter((spec) => shown(table, specs, spec)).map((spec) => optionControl(app, table, spec));
  const startHint = n < min ? t("lobby.need_more", { n: min - n }) : n > max ? t("lobby.too_many", { max }) : "";
  return el("section", { class: "panel host-panel", "aria-labelledby": "host-h" }, [
    el("h2", { id: "host-h", text: t("lobby.host_controls") }),
    el("p", { class: "field-label", text: t("lobby.game") }),
    el("div", { class: "choices", role: "group", "aria-label": t("lobby.game") }, gameButtons),
    game ? el("p", { class: "hint", id: "seat-range", text: t("lobby.players", { min, max }) }) : null,
    // the TV plays the chosen game's how-to again (only a game that has one)
    game && game.how_to ? el("button", {
      type: "button", class: "btn", id: "how-to", text: t("howto.button"), onclick: () => app.host("how_to"),
    }) : null,
    ...options,
    el("button", {
      type: "button", class: "btn", text: t("host.add_bot"), disabled: n >= max,
      onclick: () => app.host("add_bot"),
    }),
    el("button", {
      type: "button", class: "btn primary wide", text: t("host.start"), disabled: !game || n < min || n > max,
      "aria-describedby": startHint ? "start-hint" : null, onclick: () => app.host("start"),
    }),
    startHint ? el("p", { class: "hint", id: "start-hint", text: startHint }) : null,
  ]);
}

/** Return true if this phone joined to play and waits for a seat (a plain watcher never joined: no name). */
function waitingForSeat(app) {
  const u = app.update;
  return !!(u.you && u.you.seat === null && app.welcome && app.welcome.seat === null && app.welcome.name);
}

/** Return the panel of a phone that is not the host: it waits for a seat, or for the host to start. */
function waitPanel(app) {
  if (waitingForSeat(app)) {
    return el("section", { class: "panel center", id: "seat-wait" }, [
      el("p", { class: "big", text: t("lobby.full_wait") }),
    ]);
  }
  return el("section", { class: "panel center" }, [
    el("div", { class: "spinner", "aria-hidden": "true" }),
    el("p", { class: "big", text: t("lobby.waiting_host") }),
  ]);
}

/** Return the lobby screen. */
export function lobbyScreen(app) {
  const u = app.update;
  const seats = u.table.seats;
  const host = u.you && u.you.host;
  const waiting = Array.isArray(u.table.waiting) ? u.table.waiting.map(String) : [];
  const name = gameName(u.table, u.table.game);
  return el("div", { class: "stack" }, [
    el("section", { class: "panel", "aria-labelledby": "seats-h" }, [
      el("h1", { id: "seats-h", text: t("lobby.title") }),
      el("p", { class: "lead", text: name }),
      el("p", { class: "small" }, [rulesLink(u.table.game, t("rules.game", { game: name }))]),
      el("ol", { class: "seats" }, seats.map((s, i) => seatRow(app, s, i, seats.length))),
      coachLine(app),
      waiting.length
        ? el("p", { class: "small", id: "waiting-list", text: t("lobby.waiting", { names: waiting.join(", ") }) })
        : null,
      u.table.watchers ? el("p", { class: "small", text: t("lobby.watchers", { n: u.table.watchers }) }) : null,
      u.table.join_code ? el("p", { class: "small", text: t("lobby.code", { code: u.table.join_code }) }) : null,
    ]),
    host ? hostPanel(app) : waitPanel(app),
    historyBoard(u),
  ]);
}
