// Rat-a-Tat Cat's cards as the phone shows them: a number (0-9) or a power card, face up or face down.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";

const POWERS = ["peek", "swap", "draw2"];

/** Return true if `card` is a power card ("peek", "swap", "draw2"). */
export function isPower(card) {
  return POWERS.includes(card);
}

/** Return a card as it reads in a sentence: "7", "Peek". */
export function cardInText(card) {
  if (isPower(card)) return t(`rt.card.${card}`);
  return typeof card === "number" ? String(card) : "?";
}

/** Return the accessible name of the card at `position` (null `card`: face down). */
export function cardLabel(position, card) {
  return card === null || card === undefined ? t("rt.card.down", { pos: position })
    : t("rt.card.up", { pos: position, card: cardInText(card) });
}

/** Return the inner parts of a card: its position and its face (a number or a power's name), or its back. */
function face(position, card) {
  return [
    position ? el("span", { class: "pos", text: position, "aria-hidden": "true" }) : null,
    el("span", { "aria-hidden": "true", text: card === null || card === undefined ? "" : cardInText(card) }),
  ];
}

function faceClass(card, extra) {
  const kind = card === null || card === undefined ? "back" : isPower(card) ? "power" : "";
  return ["pcard", kind, extra || ""].filter(Boolean).join(" ");
}

/** Return a card that is only shown: a list item named by its position and face. */
export function cardItem(position, card, extra) {
  return el("li", {}, [el("div", { class: faceClass(card, extra), role: "img", "aria-label": cardLabel(position, card) },
    face(position, card))]);
}

/** Return a card that a tap uses: a button named `label` (by default the card's own name). */
export function cardButton(position, card, onclick, { label, pressed, extra, hint } = {}) {
  return el("li", {}, [el("button", {
    type: "button", class: faceClass(card, extra), "aria-label": label || cardLabel(position, card),
    "aria-pressed": pressed === undefined ? null : String(pressed), "data-hint": hint || null, onclick,
  }, face(position, card))]);
}

/** Return one card shown on its own (the drawn card, the discard top), named `label`. */
export function loneCard(card, label) {
  return el("div", { class: faceClass(card), role: "img", "aria-label": label }, face(null, card));
}
