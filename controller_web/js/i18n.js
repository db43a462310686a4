// Translations: loads /static/locales/<lang>.json (the platform's) and the active game's own locale file, and
// formats "{name}" placeholders.

export const LANGS = ["en", "es", "fr", "hu"];
const LANG_KEY = "cc.lang";
let strings = {};
let current = "en";
// The active game's strings (js/games/<id>/locales/<lang>.json), looked up before the platform's.
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
  return key in sectionStrings || key in strings;
}

/** Return the text of `key` with its {placeholders} filled from `params`. */
export function t(key, params) {
  const text = key in sectionStrings ? sectionStrings[key] : key in strings ? strings[key] : key;
  return text.replace(/\{(\w+)\}/g, (m, name) =>
    params && params[name] !== undefined && params[name] !== null ? String(params[name]) : m);
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
