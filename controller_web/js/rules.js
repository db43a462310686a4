// The rules page: shows the rules in the chosen language (all four are in the page).

import { initialLang } from "./i18n.js";

const TITLES = { en: "Cat in the Sack — rules", es: "El gato en el saco — reglas", fr: "Le chat dans le sac — règles", hu: "Zsákbamacska — szabályok" };

function show(code) {
  for (const article of document.querySelectorAll("article[data-lang]")) article.hidden = article.dataset.lang !== code;
  document.documentElement.lang = code;
  document.title = TITLES[code];
  localStorage.setItem("cc.lang", code);
}

const select = document.getElementById("lang");
const start = new URLSearchParams(location.search).get("lang") || initialLang();
select.value = start in TITLES ? start : "en";
show(select.value);
select.addEventListener("change", () => show(select.value));
