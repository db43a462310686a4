// The join screen: a name (remembered) and Join. The language is the top bar's picker, the one on every screen.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { emblemCard } from "../emblem.js";
import { rulesLink } from "./common.js";

const MAX_NAME = 16;

/** Return the join screen. */
export function joinScreen(app) {
  const input = el("input", {
    id: "name", type: "text", name: "name", maxlength: MAX_NAME, autocomplete: "nickname",
    autocapitalize: "words", enterkeyhint: "go", required: true, value: app.draftName ?? app.savedName(),
  });
  // Keep what was typed if the screen is rebuilt (e.g. the language changes).
  input.addEventListener("input", () => {
    app.draftName = input.value;
  });
  const form = el("form", { class: "panel join", novalidate: true }, [
    el("div", { class: "hero" }, [emblemCard("hero-card"), el("h1", { text: t("app.title") }), el("p", { class: "lead", text: t("join.lead") })]),
    el("label", { for: "name", class: "field-label", text: t("join.name") }),
    input,
    el("button", { type: "submit", class: "btn primary wide", text: t("join.button") }),
    el("p", { class: "small" }, [rulesLink(app.gameId, t("rules.link"))]),
  ]);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) {
      input.setAttribute("aria-invalid", "true");
      input.focus();
      return;
    }
    app.join(name.slice(0, MAX_NAME));
  });
  return form;
}
