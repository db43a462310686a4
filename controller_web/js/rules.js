// The rules page: the server puts one section per offered game (its rules in all four languages) into the shell;
// this shows the chosen language of each, builds the "jump to a game" nav from the sections, and goes to the game
// named by ?game=<id> or #<id>.

import { el, replace } from "./dom.js";
import { LANGS, initialLang, setLang, t } from "./i18n.js";

const sections = () => [...document.querySelectorAll("section.game-rules[data-game]")];

/** Return the article of `section` in the language shown now. */
function shownArticle(section) {
  return section.querySelector("article[data-lang]:not([hidden])");
}

/** Return the section of game `id` (a value from the address: only ever compared, never put into the page). */
function sectionOf(id) {
  return sections().find((s) => s.dataset.game === id) || null;
}

/** Scroll to the section of game `id` and put the focus on its heading; return false if there is none. */
function jump(id, smooth) {
  const section = sectionOf(id);
  const heading = section && shownArticle(section)?.querySelector("h1, h2");
  if (!heading) return false;
  heading.tabIndex = -1; // focusable by script only: a screen reader starts reading here
  const glide = smooth && !matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: glide ? "smooth" : "auto", block: "start" });
  heading.focus({ preventScroll: true });
  return true;
}

/** Rebuild the nav: a link per game, named as its shown article names it (hidden when there is only one). */
function buildNav() {
  const nav = document.getElementById("rules-nav");
  if (!nav) return;
  const links = sections().map((section) => {
    const title = shownArticle(section)?.querySelector("h1, h2")?.textContent.trim() || section.dataset.game;
    const link = el("a", { class: "chip", href: `#${section.id}`, text: title });
    link.addEventListener("click", (ev) => {
      ev.preventDefault();
      if (jump(section.dataset.game, true)) history.replaceState(null, "", `#${section.id}`);
    });
    return el("li", {}, [link]);
  });
  nav.setAttribute("aria-labelledby", "rules-nav-h");
  replace(nav, [el("p", { class: "small", id: "rules-nav-h", text: t("rules.jump") }), el("ul", { class: "choices" }, links)]);
  nav.hidden = links.length < 2;
}

let shown = 0; // the latest language asked for wins when the picker changes faster than the strings load

/** Show every game's rules in `code`; the title names the game asked for, else every game shown. */
async function show(code, wanted) {
  const mine = ++shown;
  const titles = [];
  for (const section of sections()) {
    for (const article of section.querySelectorAll("article[data-lang]")) article.hidden = article.dataset.lang !== code;
    const title = shownArticle(section)?.dataset.title;
    if (title && (!wanted || section.dataset.game === wanted)) titles.push(title);
  }
  document.documentElement.lang = code;
  localStorage.setItem("cc.lang", code);
  try {
    await setLang(code); // the platform's strings, for the nav's label
  } catch {
    // Offline or missing: the rules are in the page already; the label stays in the language it had.
  }
  if (mine !== shown) return;
  document.documentElement.lang = code;
  document.title = titles.join(" · ") || t("rules.link");
  buildNav();
}

/** Return the game the address asks for: ?game=<id>, else #<id>, if the page has it; else null. */
function wantedGame() {
  let asked = new URLSearchParams(location.search).get("game");
  try {
    asked = asked || decodeURIComponent(location.hash.slice(1));
  } catch {
    // a malformed #fragment names no game
  }
  return asked && sectionOf(asked) ? asked : null;
}

const select = document.getElementById("lang");
const start = new URLSearchParams(location.search).get("lang") || initialLang();
select.value = LANGS.includes(start) ? start : "en";
const wanted = wantedGame();
await show(select.value, wanted);
if (wanted) jump(wanted, false);
select.addEventListener("change", () => show(select.value, wanted));
document.body.dataset.ready = "true"; // for tests: the languages, the nav and the jump are done
