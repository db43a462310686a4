// Card faces, card backs, seat symbols and mice, drawn as inline SVG through DOM APIs.

import { el, svg } from "../../dom.js";
import { t } from "../../i18n.js";
import { emblemCard } from "../../emblem.js";
import { signed } from "../../seats.js";

export { signed };

/** Return the translated name of a wire card (an int cat, "rabbit", "big_dog", "small_dog"). */
export function cardName(card) {
  if (typeof card === "number") return t("card.cat", { value: signed(card) });
  if (card === "rabbit") return t("card.rabbit");
  if (card === "big_dog") return t("card.big_dog");
  if (card === "small_dog") return t("card.small_dog");
  return t("card.unknown");
}

/** Return a card's name as it reads inside a sentence ("15 cat", "big dog"): the templates add the article. */
export function cardInText(card) {
  if (typeof card === "number") return t("card.in_text.cat", { value: signed(card) });
  if (card === "rabbit") return t("card.in_text.rabbit");
  if (card === "big_dog") return t("card.in_text.big_dog");
  if (card === "small_dog") return t("card.in_text.small_dog");
  return t("card.unknown");
}

function kind(card) {
  if (typeof card === "number") return card < 0 ? "bad" : "good";
  return card === "rabbit" ? "rabbit" : "dog";
}

function eyes(y, angry) {
  const parts = [
    svg("ellipse", { cx: 38, cy: y, rx: 5, ry: angry ? 3 : 6, class: "eye" }),
    svg("ellipse", { cx: 62, cy: y, rx: 5, ry: angry ? 3 : 6, class: "eye" }),
    svg("circle", { cx: 39.5, cy: y - 1.5, r: 1.6, class: "glint" }),
    svg("circle", { cx: 63.5, cy: y - 1.5, r: 1.6, class: "glint" }),
  ];
  if (angry) {
    parts.push(svg("path", { d: `M30 ${y - 9} L45 ${y - 4} M70 ${y - 9} L55 ${y - 4}`, class: "line" }));
  }
  return parts;
}

function catArt(bad) {
  return [
    svg("path", { d: "M20 52 L24 14 L44 32 Z M80 52 L76 14 L56 32 Z", class: "fur" }),
    svg("path", { d: "M26 40 L28 23 L38 33 Z M74 40 L72 23 L62 33 Z", class: "inner" }),
    svg("ellipse", { cx: 50, cy: 56, rx: 32, ry: 28, class: "fur" }),
    ...eyes(52, bad),
    svg("path", { d: "M46 62 L54 62 L50 67 Z", class: "nose" }),
    svg("path", { d: bad ? "M42 75 Q50 69 58 75" : "M42 70 Q46 75 50 70 Q54 75 58 70", class: "line" }),
    svg("path", { d: "M16 60 L34 63 M16 69 L34 67 M84 60 L66 63 M84 69 L66 67", class: "whisker" }),
  ];
}

function rabbitArt() {
  return [
    svg("ellipse", { cx: 38, cy: 24, rx: 8, ry: 22, class: "fur" }),
    svg("ellipse", { cx: 62, cy: 24, rx: 8, ry: 22, class: "fur" }),
    svg("ellipse", { cx: 38, cy: 26, rx: 3.5, ry: 15, class: "inner" }),
    svg("ellipse", { cx: 62, cy: 26, rx: 3.5, ry: 15, class: "inner" }),
    svg("ellipse", { cx: 50, cy: 62, rx: 28, ry: 25, class: "fur" }),
    ...eyes(58, false),
    svg("ellipse", { cx: 50, cy: 69, rx: 4, ry: 3, class: "nose" }),
    svg("path", { d: "M46 78 L46 84 L54 84 L54 78", class: "teeth" }),
  ];
}

function dogArt(big) {
  const s = big ? 1 : 0.8;
  return [
    svg("g", { transform: `translate(${50 - 50 * s} ${58 - 58 * s}) scale(${s})` }, [
      svg("ellipse", { cx: 50, cy: 54, rx: 30, ry: 30, class: "fur" }),
      svg("path", { d: "M22 30 Q6 40 14 72 Q24 70 28 50 Z M78 30 Q94 40 86 72 Q76 70 72 50 Z", class: "inner" }),
      ...eyes(48, false),
      svg("ellipse", { cx: 50, cy: 70, rx: 15, ry: 11, class: "snout" }),
      svg("ellipse", { cx: 50, cy: 64, rx: 6, ry: 4.5, class: "nose" }),
      svg("path", { d: "M44 76 Q50 81 56 76", class: "line" }),
    ]),
  ];
}

function art(card) {
  const k = kind(card);
  const body = k === "rabbit" ? rabbitArt() : k === "dog" ? dogArt(card === "big_dog") : catArt(k === "bad");
  return svg("svg", { viewBox: "0 0 100 100", class: "art", "aria-hidden": "true", focusable: "false" }, body);
}

function label(card) {
  if (typeof card === "number") return signed(card);
  if (card === "rabbit") return "0";
  return card === "big_dog" ? t("card.big_short") : t("card.small_short");
}

/**
 * Return a card face (a div). With `names` its visible words name it ("Cat −5", "Rabbit 0", "Big dog"), so a
 * button around it is called what it shows (WCAG 2.5.3); without, the caller names the list item it sits in.
 */
export function cardFace(card, extraClass, names = false) {
  const hidden = names ? null : "true";
  const caption = typeof card === "number" ? t("card.cat_short") : cardName(card);
  // The caption comes first in the words (CSS draws it under the picture, the corner at the top). It is drawn in
  // capitals, and WebKit and Firefox put text-transform into the accessible name ("CAT 15", spelt out by a screen
  // reader): the drawn caption is hidden from them and a twin in the text's own case names the card.
  return el("div", { class: `card face ${kind(card)} ${extraClass || ""}`, "data-card": String(card) }, [
    el("span", { class: "caption", text: caption, "aria-hidden": "true" }),
    names ? el("span", { class: "sr-only", text: caption }) : null,
    " ",
    // --chars lets CSS fit a dog's word ("pequeño") into the width of the smallest card.
    el("span", { class: "corner", text: label(card), "aria-hidden": hidden, style: { "--chars": String(label(card).length) } }),
    art(card),
  ]);
}

/** Return a card back: the table's emblem, the cat in the sack. */
export const cardBack = emblemCard;

/** Return a small mouse icon. */
export function mouseIcon() {
  return svg("svg", { viewBox: "0 0 32 24", class: "mouse", "aria-hidden": "true", focusable: "false" }, [
    svg("path", { d: "M2 18 Q8 4 20 8 Q28 10 30 18 Z", class: "mouse-body" }),
    svg("circle", { cx: 12, cy: 7, r: 4, class: "mouse-ear" }),
    svg("circle", { cx: 26, cy: 14, r: 1.3, class: "mouse-eye" }),
    svg("path", { d: "M2 18 Q-2 22 4 23", class: "mouse-tail" }),
  ]);
}
