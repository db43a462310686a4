// The lobby's household board, as the TV shows it: the chosen game's leaders (people only: won, played, the
// game's own best) and its last results, in a section that opens and closes (<details>), from `update.history`.

import { el } from "../dom.js";
import { gameName, lang, own, t } from "../i18n.js";
import { signed } from "../seats.js";

const WEEK_MS = 7 * 24 * 3600 * 1000;
let open = false; // the section stays as the player left it across re-renders and game changes

function number(n) {
  return Number.isInteger(n) ? signed(n) : "\u2013";
}

/** Return when a game ended: the weekday and time within a week ("Fri 21:40"), else the date, in the page's language. */
export function whenText(ended, now = Date.now()) {
  const then = new Date(ended * 1000);
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const recent = then.getTime() > startOfToday.getTime() - WEEK_MS + 24 * 3600 * 1000;
  const format = recent ? { weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
    : { day: "numeric", month: "short" };
  try {
    return new Intl.DateTimeFormat(lang(), format).format(then);
  } catch {
    return then.toLocaleString();
  }
}

function leadersTable(leaders) {
  const best = own("game.history.best", "history.best"); // the game's words for its best score ("Top score")
  return el("table", { class: "scores board-leaders" }, [
    el("caption", { class: "sr-only", text: t("history.title") }),
    el("thead", {}, [el("tr", {}, [
      el("th", { scope: "col", text: t("over.player") }),
      el("th", { scope: "col", text: t("history.wins") }),
      el("th", { scope: "col", text: t("history.games") }),
      el("th", { scope: "col", text: best }),
    ])]),
    el("tbody", {}, leaders.map((row) => el("tr", {}, [
      el("th", { scope: "row", text: String(row.name ?? "") }),
      el("td", { text: number(row.wins) }),
      el("td", { text: number(row.games) }),
      el("td", { text: number(row.best) }),
    ]))),
  ]);
}

function resultItem(result) {
  const winners = Array.isArray(result.winners) ? result.winners.map(String) : [];
  const seats = Array.isArray(result.seats) ? result.seats : [];
  const ended = Number(result.ended);
  const when = Number.isFinite(ended)
    ? el("time", { datetime: new Date(ended * 1000).toISOString(), text: whenText(ended) }) : null;
  return el("li", { class: "board-result" }, [
    el("p", { class: "board-when" }, [when]),
    el("ul", { class: "board-seats" }, seats.map((seat) => {
      const name = String(seat.name ?? "");
      const won = winners.includes(name);
      return el("li", { class: won ? "won" : seat.bot ? "bot" : "" }, [
        el("span", { text: `${name} ${number(seat.total)}` }),
        won ? el("span", { class: "tag host", text: t("over.crown") }) : null,
        seat.bot ? el("span", { class: "tag bot", text: t("seat.bot") }) : null,
        seat.coached === true ? el("span", { class: "tag coach", text: t("coach.badge") }) : null,
      ]);
    })),
  ]);
}

/** Return the chosen game's board in a collapsible section, or null when the household kept nothing of it yet. */
export function historyBoard(update) {
  const game = update.table && update.table.game;
  const all = update.history && typeof update.history === "object" ? update.history : {};
  const entry = all[game] && typeof all[game] === "object" ? all[game] : {};
  const leaders = Array.isArray(entry.leaders) ? entry.leaders.filter((r) => r && typeof r === "object") : [];
  const recent = Array.isArray(entry.recent) ? entry.recent.filter((r) => r && typeof r === "object") : [];
  if (!leaders.length && !recent.length) return null;
  const details = el("details", { class: "panel board", open }, [
    el("summary", { text: t("history.summary", { game: gameName(update.table, game) }) }),
    leaders.length ? leadersTable(leaders) : null,
    recent.length ? el("h2", { text: t("history.recent") }) : null,
    recent.length ? el("ol", { class: "board-results" }, recent.map(resultItem)) : null,
  ]);
  details.addEventListener("toggle", () => {
    open = details.open;
  });
  return details;
}
