// Rat-a-Tat Cat's cards as the phone shows them: a number (0-9) or a power card, face up or face down.

import { el, svg } from "../../dom.js";
import { t } from "../../i18n.js";

const POWERS = ["peek", "swap", "draw2"];

/** Return true if `card` is a power card ("peek", "swap", "draw2"). */
function isPower(card) {
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

// Each face's picture as [class, path] pairs (game.css colours them). Cat: pointed ears, whiskers, a thick tail up;
// rat: a round ear, a pointed snout, a long thin tail.
const ART = {
  cat: [["tail", "M33 15q7-1 5-11"], ["fur", "M9 14a13 6 0 1 0 26 0a13 6 0 1 0-26 0"], ["fur", "M3.5 8 4 1l5 4zM10 5l5-4 .5 7z"],
    ["fur", "M3 10a6 6 0 1 0 12 0a6 6 0 1 0-12 0"], ["line", "M5 12H0m5 1-5 2M6 9h2m2 0h2"]],
  rat: [["tail", "M9 15Q1 18 3 8"], ["fur", "M23 8l15 6-15 4zM21.5 6a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0"],
    ["fur", "M8 13a10 5.5 0 1 0 20 0a10 5.5 0 1 0-20 0"], ["line", "M30 12v1m6 1 3-2m-3 2 3 2"]],
  peek: [["mini", "M17 10h6v8h-6z"], ["eye", "M12 6q8-7 16 0q-8 7-16 0z"], ["iris", "M18 6a2 2 0 1 0 4 0a2 2 0 1 0-4 0"]],
  swap: [["mini", "M11 7h6v8h-6zm12 0h6v8h-6z"], ["arrow", "M14 5q6-6 12 0m-3 0h3V2m0 14q-6 5-12 0m3 0h-3v3"]],
  draw2: [["mini", "M12 10h7v9h-7zm6-5h6v9h-6zm5-4h6v9h-6z"], ["arrow", "M15 8V4h3"]],
};

/** Return what a face shows: "back", "power", "cat" (0-6) or "rat" (7-9). */
function kindOf(card) {
  return card === null || card === undefined ? "back" : isPower(card) ? "power" : card > 6 ? "rat" : "cat";
}

/** Return the inner parts of a card: its position, its number over its cat or rat, or a power's picture over its name. */
function face(position, card) {
  const kind = kindOf(card);
  const words = el("span", { "aria-hidden": "true", text: kind === "back" ? "" : cardInText(card) });
  const art = kind === "back" ? null : svg("svg", { viewBox: "0 0 40 20", class: "art", "aria-hidden": "true" },
    ART[kind === "power" ? card : kind].map(([c, d]) => svg("path", { class: c, d })));
  return [position ? el("span", { class: "pos", text: position, "aria-hidden": "true" }) : null,
    ...(kind === "power" ? [art, words] : [words, art])];
}

function faceClass(card, extra) {
  return `pcard ${kindOf(card)} ${extra || ""}`.trim();
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
