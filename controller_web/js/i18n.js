// Translations: loads /static/locales/<lang>.json (the platform's) and the active game's own locale file, and
// formats "{name}" placeholders. The TV reads the same files (game/locales.py). A key is looked up in the
// platform's strings first, so a game's strings can never change the platform's words; the platform asks for a
// game's own text explicitly (`own`). Keys starting "tv." are the TV's only.

export const LANGS = ["en", "es", "fr", "hu"];
const LANG_KEY = "cc.lang";
let strings = {};
let current = "en";
// The active game's strings (js/games/<id>/locales/<lang>.json), looked up after the platform's.
let section = null;
let sectionLoad = null;
let sectionStrings = {};

/** Return the language to start with: the saved choice, else the browser's, else English. */
export function initialLang() {
  const saved = localStorage.getItem(LANG_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

async function fetchLocale(lang, dir = "/static/locales") {
  const res = await fetch(`${dir}/${lang}.json`, { cache: "no-cache" });
  if (!res.ok) throw new Error(`locale ${lang}: ${res.status}`);
  return res.json();
}

/** Load `lang`, remember it, and translate static markup. */
export async function setLang(lang) {
  if (!LANGS.includes(lang)) lang = "en";
  // Every locale file has every key (tests/browser/test_locales.py): English is loaded only to be shown, and
  // keys the page does not know (a newer server's error) fall back to the message the server sent.
  strings = await fetchLocale(lang);
  current = lang;
  if (section) await loadSection(section);
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  translateStatic(document);
  return lang;
}

async function loadSection(dir) {
  const own = dir === null ? {} : await fetchLocale(current, dir);
  const clash = Object.keys(own).filter((key) => key in strings);
  if (clash.length) console.error(`${dir}: platform keys keep the platform's words: ${clash.join(", ")}`);
  // Another game may have been chosen while these loaded: keep only the latest one's strings.
  if (section === dir) sectionStrings = own;
}

/** Load the strings a game brings (the locale files in folder `dir`; null: none), in the current language. */
export async function setSection(dir) {
  if (section !== dir) {
    section = dir;
    sectionLoad = loadSection(dir).catch((err) => {
      if (section === dir) section = null; // tried again next time
      throw err;
    });
  }
  return sectionLoad;
}

/** Return the current language code. */
export function lang() {
  return current;
}

/** Return true if `key` has a translation. */
export function has(key) {
  return key in strings || key in sectionStrings;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, name) =>
    params && params[name] !== undefined && params[name] !== null ? String(params[name]) : m);
}

/** Return the text of `key` (the platform's, else the active game's) with its {placeholders} filled from `params`. */
export function t(key, params) {
  return fill(key in strings ? strings[key] : key in sectionStrings ? sectionStrings[key] : key, params);
}

/** Return the active game's own text `key` (e.g. "game.history.best"), else the platform's text `fallback`. */
export function own(key, fallback, params) {
  return key in sectionStrings && !(key in strings) ? fill(sectionStrings[key], params) : t(fallback, params);
}

/** Return a game's name in the current language: `names` of its `table.games` entry (its own texts), else its id. */
export function gameName(table, id) {
  const games = table && Array.isArray(table.games) ? table.games : [];
  const entry = games.find((g) => g && g.id === id);
  const names = entry && entry.names && typeof entry.names === "object" ? entry.names : {};
  return String(names[current] || names.en || id);
}

/** Return `names` as one list in the current language: "Ana, Bea and Csaba", "Ana, Bea és Csaba". */
export function listNames(names) {
  try {
    return new Intl.ListFormat(current, { type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

/** Set the text of every [data-i18n] element (and [data-i18n-label] aria-label) under `root`. */
export function translateStatic(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  const title = root.querySelector("title[data-i18n]");
  if (title) document.title = title.textContent;
}
