// Seats as every screen shows them: the table's entry for a seat, its colour-and-symbol badge, signed numbers.

import { svg } from "./dom.js";
import { t } from "./i18n.js";

/** Return the table seat entry of `seat` from an update, or a stand-in. */
export function seatOf(update, seat) {
  const seats = (update && update.table && update.table.seats) || [];
  return seats.find((s) => s.seat === seat) || { seat, name: t("seat.unknown", { n: seat + 1 }), colour: "#999999", symbol: "circle" };
}

/** Return the display name of `seat`. */
export function nameOf(update, seat) {
  return seatOf(update, seat).name;
}

/** Return a number with an explicit sign for negatives, using a real minus sign. */
export function signed(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

const SYMBOL_PATHS = {
  triangle: "M12 3 L22 20 L2 20 Z",
  circle: "M12 2 A10 10 0 1 0 12.01 2 Z",
  square: "M3 3 H21 V21 H3 Z",
  diamond: "M12 1 L23 12 L12 23 L1 12 Z",
  star: "M12 1 L15 9 L23 9 L17 14 L19 22 L12 17 L5 22 L7 14 L1 9 L9 9 Z",
  cross: "M8 1 H16 V8 H23 V16 H16 V23 H8 V16 H1 V8 H8 Z",
};

/** Return the SVG path of a seat's symbol, in a 24 x 24 box. */
export function symbolPath(seat) {
  return SYMBOL_PATHS[seat && seat.symbol] || SYMBOL_PATHS.circle;
}

/** Return a seat's colour-and-symbol badge (colour never stands alone). */
export function seatBadge(seat) {
  const path = symbolPath(seat);
  const colour = /^#[0-9a-fA-F]{6}$/.test(seat && seat.colour) ? seat.colour : "#999999";
  return svg("svg", { viewBox: "0 0 24 24", class: "badge", "aria-hidden": "true", focusable: "false" }, [
    svg("path", { d: path, fill: colour, class: "badge-shape" }),
  ]);
}
