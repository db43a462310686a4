// The rules page: one section per game, each with its rules in all four languages; shows the chosen language.

import { LANGS, initialLang } from "./i18n.js";

function show(code) {
  const shown = [];
  for (const article of document.querySelectorAll("article[data-lang]")) {
    article.hidden = article.dataset.lang !== code;
    if (!article.hidden) shown.push(article.dataset.title);
  }
  document.documentElement.lang = code;
  document.title = shown.join(" · ");
  localStorage.setItem("cc.lang", code);
}

const select = document.getElementById("lang");
const start = new URLSearchParams(location.search).get("lang") || initialLang();
select.value = LANGS.includes(start) ? start : "en";
show(select.value);
select.addEventListener("change", () => show(select.value));
