// The watch page: the live public table (no secrets), for anyone with the join key; the table itself is drawn by
// the game's module (its watchTable), loaded by game id.

import { el, replace } from "./dom.js";
import { gameName, t } from "./i18n.js";
import { EventLog } from "./eventlog.js";
import { setupStaticPage } from "./langpage.js";
import { Connection } from "./net.js";
import { gameModule } from "./games.js";
import { scoreTable } from "./screens/results.js";
import { goneScreen, logSection, safeColour, seatLine, showMoment } from "./screens/common.js";

const KEY = new URLSearchParams(location.search).get("k") || "";
const state = { update: null, game: null, events: new EventLog(8), timerUntil: 0, gone: false };

function secondsLeft() {
  return Math.max(0, Math.round((state.timerUntil - Date.now()) / 1000));
}

// The seconds tick down between updates; the server's next update resets them.
setInterval(() => {
  const node = document.getElementById("turn-timer");
  if (node) node.textContent = t("timer.seconds", { s: secondsLeft() });
}, 1000);

function lobby(u) {
  // seatLine only needs `update` from its app argument; a watcher has no seat of its own.
  const app = { update: u };
  return el("section", { class: "panel" }, [
    el("h1", { text: t("lobby.title") }),
    el("p", { class: "lead", text: gameName(u.table, u.table.game) }),
    el("ol", { class: "seats" }, u.table.seats.map((s) => el("li", { class: "seat-row", style: { "--seat": safeColour(s.colour) } }, [seatLine(app, s)]))),
    el("p", { class: "hint", text: t("lobby.waiting_host") }),
  ]);
}

function render() {
  const u = state.update;
  const screen = document.getElementById("screen");
  if (state.gone) {
    replace(screen, goneScreen());
    return;
  }
  if (!u) {
    replace(screen, el("section", { class: "panel center" }, [el("p", { class: "big", text: t("status.connecting") })]));
    return;
  }
  let parts;
  if (u.stage === "lobby" || !u.view || !state.game) parts = [lobby(u)];
  // (a last round's moment plays on the table before the scores)
  else if (u.stage === "over" && u.outcome && !u.moment) parts = [el("section", { class: "panel results" }, scoreTable(u, state.game))];
  else parts = state.game.watchTable(u, secondsLeft());
  parts.push(logSection(state.events.lines));
  replace(screen, el("div", { class: "stack game" }, parts));
  showMoment(state.game, u);
  // Like the phone: a new stage (the game starting, the scores) is shown from its top.
  if (screen.dataset.stage !== u.stage) window.scrollTo(0, 0);
  screen.dataset.stage = u.stage;
}

let updates = Promise.resolve();
// A failed update must not stop the ones after it; the error still surfaces as the page's own.
const rethrow = (err) => setTimeout(() => {
  throw err;
});

function onMessage(msg) {
  // In order, each after its game's module (and strings) are loaded.
  if (msg.type === "update") updates = updates.then(() => onUpdate(msg)).catch(rethrow);
}

async function onUpdate(msg) {
  state.game = await gameModule(msg.table && msg.table.game, "watch");
  state.update = msg;
  if (msg.timer && typeof msg.timer.seconds_left === "number") state.timerUntil = Date.now() + msg.timer.seconds_left * 1000;
  const lines = state.events.add(state.game, msg, Array.isArray(msg.events) ? msg.events : []);
  if (lines.length) document.getElementById("live").textContent = lines.join(" ");
  render();
}

function onStatus(status) {
  const banner = document.getElementById("banner");
  // Once the table is gone the screen says so; "Reconnecting…" would be a false promise.
  banner.hidden = status === "open" || state.gone;
  banner.textContent = t("status.reconnecting");
}

await setupStaticPage(() => {
  state.events.retell(); // the log's lines, in the new language
  render();
});
if (!KEY) {
  location.replace("/");
} else {
  const onGone = () => {
    state.gone = true;
    state.update = null;
    render();
  };
  const conn = new Connection(KEY, { onOpen: () => conn.send({ type: "watch" }), onMessage, onStatus, onGone });
  conn.connectNow();
  render();
}
