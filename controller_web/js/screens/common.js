// Pieces shared by the screens: seat lines, host seat controls, the "what happened" log, the closed-table screen.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { seatBadge } from "../seats.js";

/** Return "name" with the badge and tags (host, bot, offline, you) as one line. */
export function seatLine(app, seat, extra) {
  const you = app.update.you && app.update.you.seat === seat.seat;
  const tags = [];
  if (seat.host) tags.push(el("span", { class: "tag host", text: t("seat.host") }));
  if (seat.bot) tags.push(el("span", { class: "tag bot", text: botLabel(seat) }));
  if (seat.coached) tags.push(el("span", { class: "tag coach", text: t("coach.badge") }));
  if (!seat.bot && seat.connected === false) tags.push(el("span", { class: "tag off", text: t("seat.offline") }));
  if (you) tags.push(el("span", { class: "tag you", text: t("seat.you") }));
  return el("span", { class: "seat-line", style: { "--seat": safeColour(seat.colour) } }, [
    seatBadge(seat),
    el("span", { class: "seat-name", text: seat.name }),
    ...tags,
    ...(extra || []),
  ]);
}

/** Return how a bot seat's tag reads: "bot · easy" for a bot with a level, else "bot". */
export function botLabel(seat) {
  return LEVELS.includes(seat.level) ? t("seat.bot_level", { level: t(`level.${seat.level}`) }) : t("seat.bot");
}

/** The levels the phone has words for (the table's `games[].bot_levels` says which its game offers). */
export const LEVELS = ["easy", "normal", "hard"];

/** Return `c` if it is a #rrggbb colour, else a neutral grey (never put raw data into CSS). */
export function safeColour(c) {
  return /^#[0-9a-fA-F]{6}$/.test(c) ? c : "#999999";
}

/** Return the level the host picked for the bot that would take over each seat (kept across re-renders). */
const takeoverLevel = new Map();

/** Return the levels the table's game offers its bots, weakest first (those the phone has words for). */
export function offeredLevels(table) {
  const game = (table.games || []).find((g) => g.id === table.game);
  return (game && Array.isArray(game.bot_levels) ? game.bot_levels : []).filter((lv) => LEVELS.includes(lv));
}

/** Return the host's "let a bot play" control for a disconnected human seat (a level to pick, then the button), else null. */
export function seatToBotButton(app, seat) {
  const u = app.update;
  if (!u.you || !u.you.host || seat.bot || seat.connected !== false) return null;
  const offered = offeredLevels(u.table);
  const picked = offered.includes(takeoverLevel.get(seat.seat)) ? takeoverLevel.get(seat.seat) : "normal";
  const button = el("button", {
    type: "button", class: "btn small", text: t("host.seat_to_bot", { name: seat.name }),
    onclick: () => {
      const level = takeoverLevel.get(seat.seat) || picked;
      app.host("seat_to_bot", offered.includes(level) ? { seat: seat.seat, level } : { seat: seat.seat });
    },
  });
  if (offered.length < 2) return button;
  const select = el("select", { class: "level-select", "aria-label": t("host.takeover_level", { name: seat.name }) },
    offered.map((lv) => el("option", { value: lv, selected: lv === picked, text: t(`level.${lv}`) })));
  select.addEventListener("change", () => takeoverLevel.set(seat.seat, select.value));
  return el("span", { class: "to-bot" }, [select, button]);
}

/** Return the "this table closed or restarted" screen (phone and watch page). */
export function goneScreen() {
  // No reload button: reloading would only bring the old key back; the way in is the new code on the TV.
  return el("section", { class: "panel center gone" }, [
    el("div", { class: "tv", "aria-hidden": "true" }, [el("div", { class: "tv-screen" }, [el("div", { class: "qr" })])]),
    el("h1", { text: t("gone.title") }),
    el("p", { class: "lead", text: t("gone.body") }),
  ]);
}

/**
 * Show the table's moment (`update.moment`: a round's outcome, a knock...) in short form while it plays, in the
 * page's `#moment` strip: the game's own lines (its `eventLines`) for the events the moment tells (`tells`; none
 * named: all of them), the last two.
 */
export function showMoment(game, update) {
  const node = document.getElementById("moment");
  if (!node) return;
  const m = update && update.moment;
  const told = m && Array.isArray(m.tells) && m.tells.length ? (m.events || []).filter((e) => m.tells.includes(e.type))
    : (m && m.events) || [];
  const lines = m && game && game.eventLines ? game.eventLines(update, told).slice(-2) : [];
  node.hidden = !lines.length;
  node.textContent = lines.join(" ");
}

/** Return the "what happened" list from the kept log lines. */
export function logSection(lines) {
  if (!lines.length) return null;
  return el("section", { class: "panel log", "aria-labelledby": "log-h" }, [
    el("h2", { id: "log-h", text: t("log.title") }),
    el("ol", { class: "log-lines" }, lines.slice().reverse().map((line) => el("li", { text: line }))),
  ]);
}

/** Return the "how to play" link: the rules page, opened at `gameId`'s rules when one is given (in a new tab). */
export function rulesLink(gameId, text) {
  const href = gameId ? `/rules?game=${encodeURIComponent(gameId)}` : "/rules";
  return el("a", { href, target: "_blank", text });
}
