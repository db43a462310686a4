// The phone page: joins or resumes a seat, keeps the latest update, and renders the screen from it (the game's
// own screen comes from its module, js/games/<id>/screen.js, loaded when its table is joined).

import { el, replace } from "./dom.js";
import { LANGS, initialLang, setLang, t, has, lang } from "./i18n.js";
import { Connection } from "./net.js";
import { EventLog } from "./eventlog.js";
import { gameModule } from "./games.js";
import { joinScreen } from "./screens/join.js";
import { lobbyScreen } from "./screens/lobby.js";
import { resultsScreen } from "./screens/results.js";
import { goneScreen, showMoment } from "./screens/common.js";
import { hintRefused, hintSaid, keepHint, onHint, withCoach } from "./coach.js";
import { placeTip, renderTipsSwitch } from "./tips.js";

const KEY = new URLSearchParams(location.search).get("k") || "";
// localStorage is already per scheme+host+port; the host in the name keeps tokens apart when inspected.
const TOKEN_KEY = `cc.token.${location.host}`;
const NAME_KEY = "cc.name";
const LOG_SIZE = 8;

const $ = (id) => document.getElementById(id);

export const app = {
  update: null,
  welcome: null,
  token: localStorage.getItem(TOKEN_KEY),
  joinPending: null,
  status: "connecting",
  ended: null,
  events: new EventLog(LOG_SIZE),
  /** The log's lines, in the page's language. */
  get log() {
    return this.events.lines;
  },
  // The screen's state across renders: `pending` (an act awaits its answer), plus whatever the game screen keeps.
  ui: { pending: false },
  // The coach (a coached seat only): the decision asked about, whether its answer is awaited, the hint shown,
  // and the last ask's number (each ask's own wait for its answer).
  coach: { key: null, asked: false, hint: null, ask: 0 },
  game: null,
  gameId: null,
  conn: null,
  wasMyTurn: false,
  decision: null,
  showDecision: false,
  timer: null,
  timerLeft: null,
  draftName: null,

  /** Send a frame; return false (and tell the player) if the socket is down. */
  send(obj) {
    if (this.conn.send(obj)) return true;
    toast(t("status.offline"));
    return false;
  },

  /** Send a game action made against the current version; lock the controls until the answer. */
  act(action) {
    if (!this.update || this.ui.pending) return;
    if (!this.send({ type: "act", version: this.update.version, action })) return;
    this.ui.pending = true;
    render();
  },

  /** Send a host command. */
  host(cmd, fields) {
    this.send({ type: "host", cmd, ...(fields || {}) });
  },

  /** Ask for a seat with `name`, remembering the name for next time. */
  join(name) {
    localStorage.setItem(NAME_KEY, name);
    this.joinPending = { type: "join", name, lang: lang() };
    if (this.conn.isOpen()) this.send(this.joinPending);
    else this.conn.connectNow();
    render();
  },

  /** Return the name this phone joined with last time, or "". */
  savedName() {
    return localStorage.getItem(NAME_KEY) || "";
  },

  /** Switch the page to `code` and tell the table, so the seat keeps it. */
  async changeLang(code) {
    await setLang(code);
    this.events.retell();
    if (this.update) this.send({ type: "lang", lang: code });
    render(true);
  },

  render: () => render(),

  /** Read `text` out to a screen reader (the polite live region). */
  say: (text) => announce(text),
};

function onOpen() {
  if (app.token) app.conn.send({ type: "resume", token: app.token });
  else if (app.joinPending) app.conn.send(app.joinPending);
}

function onStatus(status) {
  app.status = status;
  const banner = $("banner");
  // After a "bye" the screen itself says why, so the banner would only repeat it.
  banner.hidden = status === "open" || (status === "stopped" && app.ended !== null);
  if (status === "reconnecting") banner.textContent = t("status.reconnecting");
  else if (status === "stopped") banner.textContent = t("status.stopped");
  if (status === "open" && !app.update) render();
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      if (typeof msg.token === "string" && msg.token) {
        app.token = msg.token;
        localStorage.setItem(TOKEN_KEY, msg.token);
      }
      app.welcome = msg;
      app.joinPending = null;
      $("toast").hidden = true;
      break;
    case "update":
      // In order, each after its game's module (and strings) are loaded.
      updates = updates.then(() => onUpdate(msg)).catch(rethrow);
      break;
    case "error":
      onError(msg);
      break;
    case "hint":
      // after the updates already received (the hint's decision must be the one on the screen)
      updates = updates.then(() => {
        if (!onHint(app, msg)) return;
        announce(hintSaid(app));
        render();
      }).catch(rethrow);
      break;
    case "bye":
      onBye(msg);
      break;
    default:
      break;
  }
}

let updates = Promise.resolve();
// A failed update must not stop the ones after it; the error still surfaces as the page's own.
const rethrow = (err) => setTimeout(() => {
  throw err;
});

async function onUpdate(u) {
  const gameId = u.table && u.table.game;
  const game = await gameModule(gameId);
  if (gameId !== app.gameId) app.ui = { pending: false };
  app.game = game;
  app.gameId = gameId;
  const prev = app.update;
  app.update = u;
  app.ui.pending = false;
  if (prev && u.stage !== prev.stage) app.events.clear();
  const lines = app.events.add(game, u, Array.isArray(u.events) ? u.events : []);
  if (lines.length) announce(lines.join(" "));
  const decision = myDecision(u, game);
  const alert = !!(decision && decision.alert);
  if (alert && !app.wasMyTurn) {
    announce(t("turn.yours"));
    if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
  }
  app.wasMyTurn = alert;
  // A decision starts (e.g. a round's choice, my turn): the render brings it into view.
  const key = decision ? decision.key ?? app.decision ?? String(u.version) : null;
  if (key !== null && key !== app.decision) app.showDecision = true;
  app.decision = key;
  keepHint(app);
  if (game && game.onUpdate) game.onUpdate(app, u);
  startTimer(u.timer);
  render();
}

/**
 * Return the decision my seat faces now, or null when it may not act (`update.acting`): the game module says
 * what it is (`key`: a new one is brought into view; `alert`: "your turn"), else my turn alone is one.
 */
function myDecision(u, game) {
  const seat = u.you ? u.you.seat : null;
  const acting = Array.isArray(u.acting) ? u.acting : [];
  if (u.stage !== "playing" || !u.view || seat === null || !acting.includes(seat)) return null;
  if (game && game.decision) return game.decision(u);
  return { key: null, alert: acting.length === 1 };
}

function onError(msg) {
  app.ui.pending = false;
  hintRefused(app);
  const key = typeof msg.key === "string" ? msg.key : "";
  if (key === "bad_token" || key === "unknown_token") {
    // The table no longer knows this seat (new table, or it was given away): start over.
    localStorage.removeItem(TOKEN_KEY);
    app.token = null;
    app.update = null;
  }
  // A join is answered by a welcome or an error: after an error the join screen comes back.
  app.joinPending = null;
  toast(errorText(msg));
  render();
}

/** Return the player-readable text of a server error: the translated key, else its English message. */
export function errorText(msg) {
  const key = `err.${msg.key}`;
  if (typeof msg.key === "string" && has(key)) return t(key, msg.params || {});
  return t("err.generic", { message: typeof msg.message === "string" ? msg.message : "" });
}

function onBye(msg) {
  const reason = ["replaced", "shutdown", "kicked"].includes(msg.reason) ? msg.reason : "shutdown";
  app.ended = `bye.${reason}`;
  if (reason === "replaced" || reason === "kicked") {
    app.conn.stop();
  } else {
    // The TV closed: it may come back on the same port, so keep trying on our own.
    toast(t(app.ended));
    app.ended = null;
  }
  render(true);
}

/** The key no longer opens this table (the TV restarted): stop, forget the seat, say what to do. */
function onGone() {
  app.ended = "gone";
  localStorage.removeItem(TOKEN_KEY);
  app.token = null;
  app.update = null;
  app.joinPending = null;
  clearInterval(app.timer);
  $("toast").hidden = true;
  announce(`${t("gone.title")} ${t("gone.body")}`);
  render(true);
}

function startTimer(timer) {
  clearInterval(app.timer);
  const node = () => document.getElementById("turn-timer");
  if (!timer || typeof timer.seconds_left !== "number") {
    app.timerLeft = null;
    return;
  }
  const until = Date.now() + timer.seconds_left * 1000;
  app.timerLeft = timer.seconds_left;
  app.timer = setInterval(() => {
    app.timerLeft = Math.max(0, Math.round((until - Date.now()) / 1000));
    const n = node();
    if (n) n.textContent = t("timer.seconds", { s: app.timerLeft });
    if (app.timerLeft <= 0) clearInterval(app.timer);
  }, 1000);
}

let toastTimer = null;
/** Show a short message in the alert region. */
export function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, 5000);
}

/** Read `text` out through the polite live region. */
export function announce(text) {
  const live = $("live");
  live.textContent = "";
  setTimeout(() => {
    live.textContent = text;
  }, 30);
}

function screenFor() {
  const u = app.update;
  if (app.ended === "gone") return ["gone", () => goneScreen()];
  if (app.ended === "bye.replaced" || app.ended === "bye.kicked") return ["ended", () => endedScreen()];
  if (!u) {
    if (app.token || app.joinPending) return ["connecting", () => connectingScreen()];
    return ["join", () => joinScreen(app)];
  }
  if (u.stage === "lobby") return ["lobby", () => lobbyScreen(app)];
  if (u.stage === "over" && u.outcome) return ["over", () => resultsScreen(app)];
  if (!app.game) return ["connecting", () => connectingScreen()];
  return ["game", () => withCoach(app, app.game.gameScreen(app))];
}

let lastSignature = "";
let shownTip = null; // the tip on screen (its kind and decision): a new one is brought into view once
// A tap is a press and a release on the same control: a screen rebuilt between the two (an update arriving
// while a finger is down) would swallow it. So while a pointer is down, a render waits until just after the
// release (after its click has run), or at most PRESS_HOLD_MS; a drag that turns into a scroll cancels the press.
const PRESS_HOLD_MS = 1000;
const press = { down: false, held: null, failsafe: 0 };

function releasePress() {
  if (!press.down) return;
  press.down = false;
  clearTimeout(press.failsafe);
  setTimeout(() => {
    if (press.held === null || press.down) return;
    const force = press.held;
    press.held = null;
    render(force);
  }, 0);
}

document.addEventListener("pointerdown", () => {
  press.down = true;
  clearTimeout(press.failsafe);
  press.failsafe = setTimeout(releasePress, PRESS_HOLD_MS);
}, true);
document.addEventListener("pointerup", releasePress, true);
document.addEventListener("pointercancel", releasePress, true);

function render(force) {
  if (press.down) {
    press.held = !!(press.held || force);
    return;
  }
  const [name, build] = screenFor();
  const u = app.update;
  // Rebuild only when something shown changed, so a focused control keeps its focus.
  const signature = JSON.stringify([name, lang(), app.ui, app.coach, app.log, app.status === "stopped",
    u && { ...u, events: null, timer: u.timer ? u.timer.seat : null }, app.joinPending, app.ended]);
  if (!force && signature === lastSignature) return;
  lastSignature = signature;
  const main = $("screen");
  const focused = focusKey(document.activeElement);
  const newScreen = main.dataset.screen !== name;
  main.dataset.screen = name;
  replace(main, build());
  if (name === "game") placeTip(main, app);
  // A new screen starts at its top: tapping Start low in the lobby must not open the game mid-hand.
  if (newScreen) window.scrollTo(0, 0);
  const tip = name === "game" ? main.querySelector(".tip:not(.gone)") : null;
  const tipKey = tip ? `${tip.dataset.tip}|${app.decision}` : null;
  const newTip = tipKey !== null && tipKey !== shownTip;
  shownTip = tipKey;
  if (app.showDecision && name === "game") showDecision(main, newTip);
  else if (newTip && !newScreen) bringUp(main, tip, false); // (a new screen opens at its top)
  app.showDecision = false;
  if (focused) {
    // The screen is rebuilt on every change: give focus back to the same control (keyboards, screen readers).
    const again = [...main.querySelectorAll("button, input, select, summary")].find((n) => focusKey(n) === focused);
    if (again) again.focus({ preventScroll: true });
  }
  renderLangPicker();
  renderTipsSwitch(app);
  showMoment(app.game, u);
}

/**
 * Scroll so the decision that just started is seen under the sticky top bar: from the top of the screen
 * (the header says whose turn it is), further down only as far as its moves need, never past what it is about;
 * then (`withTip`) as far as a new tip after them needs, its first moves kept in view.
 */
function showDecision(main, withTip) {
  const subject = main.querySelector("[data-decision]");
  if (!subject) return;
  window.scrollTo(0, 0);
  bringUp(main, main.querySelector("[data-moves]") || subject, true);
  // a button that sticks to the bottom (css .sticky) covers what scrolls under it: the controls before it come
  // up above where it rests, as far as the room above allows
  const sticky = subject.querySelector(".sticky");
  const before = sticky && sticky.previousElementSibling;
  if (before) bringUp(main, before, true, sticky.offsetHeight + parseFloat(getComputedStyle(sticky).bottom || "0"));
  const tip = withTip ? main.querySelector(".tip:not(.gone)") : null;
  if (tip) bringUp(main, tip, false);
}

/**
 * Scroll down (never up) until `node` (the decision's moves, or a new tip after them: js/tips.js) is seen, as
 * far as the decision and its first moves stay in view under the sticky top bar (`fromSubject`: nor past the
 * decision's top), with `below` pixels under it (a sticky button's). A scroll only: no control changes its
 * place in the page (a tip never pushes one).
 */
function bringUp(main, node, fromSubject, below = 0) {
  const barBottom = $("banner").hidden ? document.querySelector(".topbar").getBoundingClientRect().bottom
    : $("banner").getBoundingClientRect().bottom;
  const subject = main.querySelector("[data-decision]");
  const moves = main.querySelector("[data-moves]") || subject;
  if (!moves) return;
  let room = moves.getBoundingClientRect().top - barBottom - 8;
  if (fromSubject && subject) room = Math.min(room, subject.getBoundingClientRect().top - barBottom - 8);
  const short = node.getBoundingClientRect().bottom + below + 8 - window.innerHeight;
  if (short > 0 && room > 0) window.scrollBy(0, Math.min(room, short));
}

function focusKey(node) {
  if (!node || !$("screen").contains(node) || node === $("screen")) return null;
  return node.id || node.getAttribute("aria-label") || node.textContent;
}

function connectingScreen() {
  return el("section", { class: "panel center" }, [
    el("div", { class: "spinner", "aria-hidden": "true" }),
    el("p", { class: "big", text: app.joinPending ? t("join.joining") : t("status.connecting") }),
  ]);
}

function endedScreen() {
  return el("section", { class: "panel center" }, [
    el("h1", { text: t(app.ended) }),
    el("p", { text: t("bye.reload_hint") }),
    el("button", { type: "button", class: "btn primary", text: t("bye.reload"), onclick: () => location.reload() }),
  ]);
}

function renderLangPicker() {
  const select = $("lang");
  if (select.options.length === 0) {
    for (const code of LANGS) select.append(el("option", { value: code, lang: code, text: t(`lang.${code}`) }));
    select.addEventListener("change", () => app.changeLang(select.value));
  }
  select.value = lang();
}

async function main() {
  await setLang(initialLang());
  if (!KEY) {
    location.replace("/");
    return;
  }
  app.conn = new Connection(KEY, { onOpen, onMessage, onStatus, onGone });
  app.conn.connectNow();
  render(true);
}

main();
