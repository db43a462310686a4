// The watch page: the live public table (no hand, no secrets), for anyone with the join key.

import { el, replace } from "./dom.js";
import { t } from "./i18n.js";
import { setupStaticPage } from "./langpage.js";
import { Connection } from "./net.js";
import { eventLines, seatOf } from "./events.js";
import { rowSection, mouseCardsSection, seatsSection, logSection, statusText } from "./screens/table.js";
import { scoreTable } from "./screens/results.js";
import { goneScreen, safeColour, seatLine } from "./screens/common.js";

const KEY = new URLSearchParams(location.search).get("k") || "";
const state = { update: null, log: [], timerUntil: 0, gone: false };

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
    el("p", { class: "lead", text: t(`game.${u.table.game}`) }),
    el("ol", { class: "seats" }, u.table.seats.map((s) => el("li", { class: "seat-row", style: { "--seat": safeColour(s.colour) } }, [seatLine(app, s)]))),
    el("p", { class: "hint", text: t("lobby.waiting_host") }),
  ]);
}

function table(u) {
  const v = u.view;
  return [
    el("header", { class: "game-head" }, [
      el("span", { class: "round" }, [
        el("span", { text: t("head.round", { n: v.round, of: v.rounds }) }),
        el("span", { class: "start small", text: t("head.start", { name: seatOf(u, v.start_player).name }) }),
      ]),
    ]),
    el("div", { class: "status-bar" }, [
      el("p", { class: "status-text", text: statusText(u) }),
      u.timer && typeof u.timer.seconds_left === "number"
        ? el("span", { class: "timer", "aria-label": t("timer.label", { name: seatOf(u, u.timer.seat).name }) }, [
          el("span", { id: "turn-timer", text: t("timer.seconds", { s: secondsLeft() }) }),
        ]) : null,
    ]),
    rowSection(u),
    mouseCardsSection(u),
    seatsSection(u, null),
  ];
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
  if (u.stage === "lobby" || !u.view) parts = [lobby(u)];
  else if (u.stage === "over") parts = [el("section", { class: "panel results" }, scoreTable(u))];
  else parts = table(u);
  parts.push(logSection(state.log));
  replace(screen, el("div", { class: "stack game" }, parts));
  // Like the phone: a new stage (the game starting, the scores) is shown from its top.
  if (screen.dataset.stage !== u.stage) window.scrollTo(0, 0);
  screen.dataset.stage = u.stage;
}

function onMessage(msg) {
  if (msg.type !== "update") return;
  state.update = msg;
  if (msg.timer && typeof msg.timer.seconds_left === "number") state.timerUntil = Date.now() + msg.timer.seconds_left * 1000;
  const lines = eventLines(msg, Array.isArray(msg.events) ? msg.events : []);
  if (lines.length) {
    state.log = state.log.concat(lines).slice(-8);
    document.getElementById("live").textContent = lines.join(" ");
  }
  render();
}

function onStatus(status) {
  const banner = document.getElementById("banner");
  // Once the table is gone the screen says so; "Reconnecting…" would be a false promise.
  banner.hidden = status === "open" || state.gone;
  banner.textContent = t("status.reconnecting");
}

await setupStaticPage(render);
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
