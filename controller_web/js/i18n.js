// Translations: loads /static/locales/<lang>.json and formats "{name}" placeholders.

export const LANGS = ["en", "es", "fr", "hu"];
const LANG_KEY = "cc.lang";
let strings = {};
let fallback = {};
let current = "en";

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

async function fetchLocale(lang) {
  const res = await fetch(`/static/locales/${lang}.json`, { cache: "no-cache" });
  if (!res.ok) throw new Error(`locale ${lang}: ${res.status}`);
  return res.json();
}

/** Load `lang` (and English as the fallback), remember it, and translate static markup. */
export async function setLang(lang) {
  if (!LANGS.includes(lang)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await fetchLocale("en");
  strings = lang === "en" ? fallback : await fetchLocale(lang);
  current = lang;
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  translateStatic(document);
  return lang;
}

/** Return the current language code. */
export function lang() {
  return current;
}

/** Return true if `key` has a translation. */
export function has(key) {
  return key in strings || key in fallback;
}

/** Return the text of `key` with its {placeholders} filled from `params`. */
export function t(key, params) {
  const text = key in strings ? strings[key] : key in fallback ? fallback[key] : key;
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
