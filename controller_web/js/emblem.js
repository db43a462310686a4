// The table's emblem: a card back with a bag and a question mark (the join screen's hero; a game may use it as its back).

import { el, svg } from "./dom.js";

/** Return the emblem as a card back (a div). */
export function emblemCard(extraClass) {
  return el("div", { class: `card back ${extraClass || ""}` }, [
    svg("svg", { viewBox: "0 0 100 100", class: "art", "aria-hidden": "true", focusable: "false" }, [
      svg("path", { d: "M22 40 Q50 28 78 40 L84 88 Q50 98 16 88 Z", class: "emblem-bag" }),
      svg("path", { d: "M30 40 L34 20 L44 34 Z M70 40 L66 20 L56 34 Z", class: "emblem-ear" }),
      svg("path", { d: "M20 44 Q50 52 80 44", class: "emblem-rope" }),
      svg("text", { x: 50, y: 76, "text-anchor": "middle", class: "emblem-q", text: "?" }),
    ]),
  ]);
}
