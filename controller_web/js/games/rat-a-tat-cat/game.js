// Rat-a-Tat Cat's game screen: its cards (a number over its cat or rat, a power card's picture over its name, face up
// or down), the public table (status, lines, piles, scores: the watch page's too), then a seat's screen: my line, the
// moves view.legal allows (the phone computes no rule), the other lines.

import { el, svg } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatBadge, seatOf, signed } from "../../seats.js";
import { logSection, safeColour, seatToBotButton } from "../../screens/common.js";

const POWERS = ["peek", "swap", "draw2"];

/** Return true if `card` is a power card ("peek", "swap", "draw2"). */
function isPower(card) {
  return POWERS.includes(card);
}

/** Return a card as it reads in a sentence: "7", "Peek". */
export function cardInText(card) {
  if (isPower(card)) return t(`rt.card.${card}`);
  return typeof card === "number" ? String(card) : "?";
}

/** Return the accessible name of the card at `position` (null `card`: face down). */
function cardLabel(position, card) {
  return card === null || card === undefined ? t("rt.card.down", { pos: position })
    : t("rt.card.up", { pos: position, card: cardInText(card) });
}

// Each face's picture as [class, path] pairs (game.css colours them). Cat: pointed ears, whiskers, a thick tail up;
// rat: a round ear, a pointed snout, a long thin tail.
const ART = {
  cat: [["tail", "M33 15q7-1 5-11"], ["fur", "M9 14a13 6 0 1 0 26 0a13 6 0 1 0-26 0"], ["fur", "M3.5 8 4 1l5 4zM10 5l5-4 .5 7z"],
    ["fur", "M3 10a6 6 0 1 0 12 0a6 6 0 1 0-12 0"], ["line", "M5 12H0m5 1-5 2M6 9h2m2 0h2"]],
  rat: [["tail", "M9 15Q1 18 3 8"], ["fur", "M23 8l15 6-15 4zM21.5 6a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0"],
    ["fur", "M8 13a10 5.5 0 1 0 20 0a10 5.5 0 1 0-20 0"], ["line", "M30 12v1m6 1 3-2m-3 2 3 2"]],
  peek: [["mini", "M17 10h6v8h-6z"], ["eye", "M12 6q8-7 16 0q-8 7-16 0z"], ["iris", "M18 6a2 2 0 1 0 4 0a2 2 0 1 0-4 0"]],
  swap: [["mini", "M11 7h6v8h-6zm12 0h6v8h-6z"], ["arrow", "M14 5q6-6 12 0m-3 0h3V2m0 14q-6 5-12 0m3 0h-3v3"]],
  draw2: [["mini", "M12 10h7v9h-7zm6-5h6v9h-6zm5-4h6v9h-6z"], ["arrow", "M15 8V4h3"]],
};

/** Return what a face shows: "back", "power", "cat" (0-6) or "rat" (7-9). */
function kindOf(card) {
  return card === null || card === undefined ? "back" : isPower(card) ? "power" : card > 6 ? "rat" : "cat";
}

/** Return the inner parts of a card: its position, its number over its cat or rat, or a power's picture over its name. */
function face(position, card) {
  const kind = kindOf(card);
  const words = el("span", { "aria-hidden": "true", text: kind === "back" ? "" : cardInText(card) });
  const art = kind === "back" ? null : svg("svg", { viewBox: "0 0 40 20", class: "art", "aria-hidden": "true" },
    ART[kind === "power" ? card : kind].map(([c, d]) => svg("path", { class: c, d })));
  return [position ? el("span", { class: "pos", text: position, "aria-hidden": "true" }) : null,
    ...(kind === "power" ? [art, words] : [words, art])];
}

function faceClass(card, extra) {
  return `pcard ${kindOf(card)} ${extra || ""}`.trim();
}

/** Return a card that is only shown: a list item named by its position and face. */
function cardItem(position, card, extra) {
  return el("li", {}, [el("div", { class: faceClass(card, extra), role: "img", "aria-label": cardLabel(position, card) },
    face(position, card))]);
}

/** Return a card that a tap uses: a button named `label` (by default the card's own name). */
function cardButton(position, card, onclick, { label, pressed, extra, hint } = {}) {
  return el("li", {}, [el("button", {
    type: "button", class: faceClass(card, extra), "aria-label": label || cardLabel(position, card),
    "aria-pressed": pressed === undefined ? null : String(pressed), "data-hint": hint || null, onclick,
  }, face(position, card))]);
}

/** Return one card shown on its own (the drawn card, the discard top), named `label`. */
function loneCard(card, label) {
  return el("div", { class: faceClass(card), role: "img", "aria-label": label }, face(null, card));
}

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
function seatLine(u, seatInfo, { pick = null, positions = [], app = null } = {}) {
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

/** Return my seat number if the view is a seat's (a watcher's public view has none), else null. */
function mySeat(u) {
  return u.view && typeof u.view.seat === "number" ? u.view.seat : null;
}

function myTurn(u) {
  const v = u.view;
  return mySeat(u) !== null && v.turn === v.seat && playing(v) && v.phase !== "look";
}

function header(app) {
  const u = app.update;
  const v = u.view;
  const me = u.you || {};
  const seat = mySeat(u);
  return el("header", { class: "game-head", style: { "--seat": safeColour(me.colour) } }, [
    el("span", { class: "me" }, [seatBadge(me), el("span", { class: "seat-name", text: me.name || "" })]),
    seat !== null ? el("span", { class: "small", text: t("rt.seat.total", { n: signed((v.totals || [])[seat] ?? 0) }) }) : null,
    el("span", { class: "round", text: t("rt.head.round", { n: v.round }) }),
  ]);
}

function statusBar(app) {
  const u = app.update;
  const mine = myTurn(u) || (u.view.phase === "look" && u.view.legal && u.view.legal.memorised);
  const timer = u.timer && typeof u.timer.seconds_left === "number";
  const last = app.log.length ? app.log[app.log.length - 1] : "";
  return el("div", { class: `status-bar${mine ? " my-turn" : ""}` }, [
    el("div", {}, [
      el("p", { class: "status-text", text: statusText(u, myTurn(u)) }),
      last ? el("p", { class: "last-event small", text: last, "aria-hidden": "true" }) : null,
    ]),
    timer ? el("span", { class: "timer", "aria-label": t("timer.label", { name: seatOf(u, u.timer.seat).name }) }, [
      el("span", { id: "turn-timer", text: t("timer.seconds", { s: app.timerLeft ?? u.timer.seconds_left }) }),
    ]) : null,
  ]);
}

/** Return what my card at `position` shows me now: the public line, my look, or my peek (else face down). */
function shownCard(v, position) {
  const mine = (v.seats || []).find((s) => s.seat === v.seat);
  const pub = mine && mine.line ? mine.line[position - 1] : null;
  if (pub !== null && pub !== undefined) return pub;
  const glimpse = (v.look || []).concat(v.peek ? [v.peek] : []).find((g) => g.position === position);
  return glimpse ? glimpse.card : null;
}

/** Return what a tap on my card at `position` does now, or null (the card is only shown). */
function myTap(app, position) {
  const legal = app.update.view.legal || {};
  const mode = app.ui.mode;
  if (mode === "peek" && (legal.peek || []).includes(position)) {
    return { label: t("rt.peek.this", { pos: position }), act: () => app.act({ type: "peek", position }) };
  }
  if (mode === "swap" && (legal.swap_positions || []).includes(position)) {
    return { label: t("rt.swap.mine", { pos: position }), pressed: app.ui.swapMine === position,
      act: () => { app.ui.swapMine = app.ui.swapMine === position ? null : position; app.render(); } };
  }
  if (!mode && (legal.replace || []).includes(position)) {
    return { label: t("rt.replace.this", { pos: position }), act: () => app.act({ type: "replace", position }) };
  }
  return null;
}

function myLine(app) {
  const v = app.update.view;
  const cards = [1, 2, 3, 4].map((pos) => {
    const card = shownCard(v, pos);
    const tap = myTap(app, pos);
    if (!tap) return cardItem(pos, card);
    return cardButton(pos, card, tap.act, { label: `${tap.label} (${cardLabel(pos, card)})`, pressed: tap.pressed, extra: "pick",
      hint: `mine:${pos}` });
  });
  return el("section", { class: "panel", "aria-labelledby": "line-h" }, [
    el("h2", { id: "line-h", text: t("rt.line.mine") }),
    el("ul", { class: "line4", "aria-labelledby": "line-h", "data-moves": "" }, cards),
  ]);
}

/** Return what the coach's hint names this move by (js/coach.js lights it): its type, and a draw's source. */
export function hintKey(action) {
  if (action.type === "draw") return `draw:${action.source}`;
  return action.type === "swap" && action.skip ? "swap:skip" : action.type;
}

function button(app, text, action, primary, hint) {
  return el("button", { type: "button", class: `btn wide${primary ? " primary" : ""}`, disabled: app.ui.pending, text,
    "data-hint": hint || (typeof action === "function" ? null : hintKey(action)),
    onclick: typeof action === "function" ? action : () => app.act(action) });
}

function setMode(app, mode) {
  app.ui.mode = mode;
  app.ui.swapMine = null;
  app.render();
}

function lookMoves(app) {
  return [el("p", { class: "hint", text: t("rt.look.hint") }), button(app, t("rt.look.done"), { type: "memorised" }, true)];
}

function drawMoves(app) {
  const v = app.update.view;
  const legal = v.legal;
  const parts = [];
  if (v.draws_left > 0) parts.push(el("p", { class: "hint", text: t(v.draws_left === 2 ? "rt.draw2.step1" : "rt.draw2.step2") }));
  parts.push(button(app, t("rt.draw.pile", { n: v.pile }), { type: "draw", source: "pile" }, true));
  if (legal.draw_discard) {
    parts.push(button(app, t("rt.draw.discard", { card: cardInText(v.discard_top) }), { type: "draw", source: "discard" }));
  } else if (v.discard_dead && !v.draws_left) {
    parts.push(el("p", { class: "hint", text: t("rt.draw.dead") }));
  }
  return parts;
}

function drawnHint(app) {
  const v = app.update.view;
  const legal = v.legal;
  if (app.ui.mode === "peek") return t("rt.peek.hint");
  if (app.ui.mode === "swap") return app.ui.swapMine ? t("rt.swap.hint_theirs", { pos: app.ui.swapMine }) : t("rt.swap.hint_mine");
  if (v.draws_left === 1) return t("rt.draw2.card1");
  if (app.ui.draw2 === 2) return t("rt.draw2.card2");
  return legal.discard ? t("rt.drawn.hint") : t("rt.drawn.hint_must");
}

function decideMoves(app) {
  const v = app.update.view;
  const legal = v.legal;
  const card = v.drawn ?? v.drawn_card;
  const mode = app.ui.mode;
  const parts = [el("div", { class: "drawn-row" }, [
    loneCard(card, t("rt.drawn.label", { card: cardInText(card) })),
    el("p", { class: "hint", text: drawnHint(app) }),
  ])];
  if (mode) {
    return parts.concat(el("div", { class: "btn-row" }, [
      mode === "swap" && legal.swap_skip ? button(app, t("rt.swap.skip"), { type: "swap", skip: true }) : null,
      button(app, t("rt.power.back"), () => setMode(app, null), false, "back"),
    ]));
  }
  if ((legal.peek || []).length) parts.push(button(app, t("rt.power.peek"), () => setMode(app, "peek"), true, "peek"));
  if ((legal.swap_positions || []).length && (legal.swap_seats || []).length) {
    parts.push(button(app, t("rt.power.swap"), () => setMode(app, "swap"), true, "swap"));
  } else if (legal.swap_skip) {
    parts.push(button(app, t("rt.swap.skip"), { type: "swap", skip: true }, true));
  }
  if (legal.draw2) parts.push(button(app, t("rt.power.draw2"), { type: "draw2" }, true));
  if (legal.discard) parts.push(button(app, t("rt.drawn.discard"), { type: "discard" }));
  return parts;
}

/** Arm the knock: the button now asks to confirm (said aloud too); a tap anywhere else or a new update (a new
 * version) disarms it. */
function armKnock(app) {
  app.ui.knock = app.update.version;
  app.say(t("rt.end.knock_confirm"));
  app.render();
  document.addEventListener("click", (e) => {
    if (app.ui.knock === null || (e.target instanceof Element && e.target.closest("#knock"))) return;
    app.ui.knock = null;
    app.render();
  }, { capture: true, once: true });
}

// Ending the turn is the main control; knocking takes a second tap on the same button, which says what it does.
function endMoves(app) {
  const legal = app.update.view.legal;
  const parts = [];
  if (app.update.view.peek) parts.push(el("p", { class: "hint", text: t("rt.peek.shown", { pos: app.update.view.peek.position }) }));
  if (legal.end_turn) parts.push(button(app, t("rt.end.turn"), { type: "end_turn" }, true));
  const sure = legal.knock && app.ui.knock === app.update.version;
  if (legal.knock) {
    parts.push(el("button", { type: "button", id: "knock", class: `btn wide${sure ? " sure" : ""}`, disabled: app.ui.pending,
      text: t(sure ? "rt.end.knock_confirm" : "rt.end.knock"), "data-hint": "knock",
      onclick: sure ? () => app.act({ type: "knock" }) : () => armKnock(app) }));
  }
  return parts;
}

/** Return my moves now, from view.legal only, or null when I have none. */
function movesSection(app) {
  const v = app.update.view;
  const legal = v.legal || {};
  let title = null;
  let parts = [];
  if (legal.memorised) [title, parts] = [t("rt.look.title"), lookMoves(app)];
  else if (legal.draw_pile) [title, parts] = [t("rt.draw.title"), drawMoves(app)];
  else if ((legal.replace || []).length) [title, parts] = [t("rt.drawn.title"), decideMoves(app)];
  else if (legal.end_turn || legal.knock) [title, parts] = [t("rt.end.title"), endMoves(app)];
  if (!title) return null;
  return el("section", { class: "panel actions my-turn", "aria-labelledby": "act-h", "data-decision": "" }, [
    el("h2", { id: "act-h", text: title }),
    ...parts,
  ]);
}

/** The second tap of a Swap: a card of another seat still in, at a position the view allows. */
function swapTargets(app) {
  const legal = app.update.view.legal || {};
  if (app.ui.mode !== "swap" || !app.ui.swapMine) return null;
  return (s) => (legal.swap_seats || []).includes(s.seat) ? {
    positions: legal.swap_positions || [],
    pick: (pos) => app.act({ type: "swap", position: app.ui.swapMine, other_seat: s.seat, other_position: pos }),
  } : {};
}

/** Return the game screen for a seated player (or the public table for a watcher or a seat that is out). */
export function gameScreen(app) {
  const u = app.update;
  const v = u.view;
  if (!v) {
    return el("section", { class: "panel center" }, [el("p", { class: "big", text: t("status.connecting") })]);
  }
  const seat = mySeat(u);
  const out = seat !== null && (v.seats || []).some((s) => s.seat === seat && s.out);
  const parts = [header(app), statusBar(app)];
  if (seat === null || out) {
    parts.push(el("p", { class: "panel hint", text: out ? t("rt.watch.out") : t("watch.note") }));
    if (!playing(v) && v.round > 0) parts.push(scoresSection(u, (v.seats || []).map((s) => s.line)));
    parts.push(pilesLine(v), seatsSection(u, null), logSection(app.log));
    return el("div", { class: "stack game" }, parts);
  }
  parts.push(myLine(app));
  // A Swap's second tap is on another seat's card: their lines come up under mine, headed by what to do.
  const targets = swapTargets(app);
  if (targets) parts.push(seatsSection(u, seat, targets, drawnHint(app)));
  if (playing(v)) parts.push(movesSection(app), pilesLine(v));
  else if (v.round > 0) parts.push(scoresSection(u, (v.seats || []).map((s) => s.line)));
  // The round just scored stays in view while the next one's look goes on.
  const last = app.ui.lastRound;
  if (v.phase === "look" && last && last.round === (v.round_scores || []).length) parts.push(scoresSection(u, last.lines));
  if (!targets) parts.push(seatsSection(u, seat, null, undefined, app));
  parts.push(logSection(app.log));
  return el("div", { class: "stack game" }, parts);
}
