// The score screen's line chart of how the game went (update.outcome.course): SVG built node by node, no library.

import { el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { seatBadge, seatOf, signed, symbolPath } from "./seats.js";

const W = 320;
const H = 190;
const PAD = { left: 34, right: 12, top: 16, bottom: 24 };
const MARK = 10; // a symbol's size at each point

/** Return the next round step after `s`: 1, 2, 5, 10, 20, 50, … */
function nextStep(s) {
  const power = 10 ** Math.floor(Math.log10(s));
  const m = s / power;
  return (m < 2 ? 2 : m < 5 ? 5 : 10) * power;
}

/** Return the values the axis names (multiples of one round step, at most `most`) and the range it spans. */
function valueRange(lo, hi, most = 5) {
  let step = 1;
  while (Math.floor(hi / step) - Math.floor(lo / step) + 1 > most) step = nextStep(step);
  const scale = [];
  for (let v = Math.floor(lo / step) * step; v <= hi; v += step) scale.push(v);
  const last = scale[scale.length - 1];
  if (last < hi && last + step <= hi + step / 2) scale.push(last + step); // the next round value is near: name it
  return { scale, lo: scale[0], hi: Math.max(hi + Math.max(1, (hi - scale[0]) / 20), scale[scale.length - 1]) };
}

/** Return the course's lines, one per seat with whole-number values (anything else is left out). */
function linesOf(course) {
  const values = course && Array.isArray(course.values) ? course.values : [];
  return values.map((row, seat) => ({ seat, values: row }))
    .filter((l) => Array.isArray(l.values) && l.values.length && l.values.every(Number.isInteger));
}

/**
 * Return how far each mark is moved sideways (key `seat/round`) so that no seat's mark hides another's: the marks of
 * one round less than a mark apart (the same value, a one-round game) are set side by side around their point.
 */
function spread(lines, y) {
  const moved = new Map();
  const rounds = Math.max(...lines.map((l) => l.values.length));
  for (let r = 0; r < rounds; r++) {
    const marks = lines.filter((l) => r < l.values.length).map((l) => ({ seat: l.seat, y: y(l.values[r]) }))
      .sort((a, b) => a.y - b.y || a.seat - b.seat);
    for (let i = 0; i < marks.length;) {
      let j = i + 1;
      while (j < marks.length && marks[j].y - marks[j - 1].y < MARK) j++;
      for (let k = i; k < j; k++) moved.set(`${marks[k].seat}/${r}`, (k - i - (j - i - 1) / 2) * MARK);
      i = j;
    }
  }
  return moved;
}

/**
 * Return the chart of a finished game's course (a figure: its caption, the SVG, the seats' legend), or null when
 * the outcome has none. Each seat's line is in its colour with its symbol at every round; a limit is dashed.
 */
export function courseChart(update) {
  const course = update.outcome && update.outcome.course;
  const lines = linesOf(course);
  if (!lines.length) return null;
  const limit = Number.isInteger(course.limit) ? course.limit : null;
  const rounds = Math.max(...lines.map((l) => l.values.length));
  const all = lines.flatMap((l) => l.values).concat(limit === null ? [] : [limit], [0]);
  const { scale, lo, hi } = valueRange(Math.min(...all), Math.max(...all));
  const plot = { left: PAD.left, right: W - PAD.right, top: PAD.top, bottom: H - PAD.bottom };
  const y = (v) => plot.bottom - ((v - lo) / (hi - lo || 1)) * (plot.bottom - plot.top);
  const x = (r) => (rounds <= 1 ? (plot.left + plot.right) / 2 : plot.left + 8 + (r * (plot.right - plot.left - 16)) / (rounds - 1));
  const fixed = (n) => n.toFixed(1);
  const every = Math.max(1, Math.ceil(rounds / 10));

  const title = t("over.chart");
  const said = lines.map((l) => t("over.chart_seat", { name: seatOf(update, l.seat).name, values: l.values.map(signed).join(", ") }));
  if (limit !== null) said.push(t("over.chart_limit", { n: signed(limit) }));
  const parts = [
    svg("title", { text: title }),
    svg("desc", { text: said.join(". ") }),
    ...scale.map((v) => svg("g", {}, [
      svg("line", { x1: plot.left, x2: plot.right, y1: fixed(y(v)), y2: fixed(y(v)), class: "chart-grid" }),
      svg("text", { x: plot.left - 5, y: fixed(y(v) + 4), "text-anchor": "end", class: "chart-axis", text: signed(v) }),
    ])),
    svg("line", { x1: plot.left, x2: plot.right, y1: plot.bottom, y2: plot.bottom, class: "chart-base" }),
    ...Array.from({ length: rounds }, (_, r) => r).filter((r) => r % every === 0).map((r) =>
      svg("text", { x: fixed(x(r)), y: H - 6, "text-anchor": "middle", class: "chart-axis", text: String(r + 1) })),
  ];
  if (limit !== null) {
    const ly = y(limit);
    parts.push(svg("line", { x1: plot.left, x2: plot.right, y1: fixed(ly), y2: fixed(ly), class: "chart-limit" }),
      svg("text", { x: plot.left + 4, y: fixed(ly - 4 < plot.top + 10 ? ly + 13 : ly - 4), class: "chart-limit-label",
        text: t("over.chart_limit", { n: signed(limit) }) }));
  }
  const apart = spread(lines, y);
  for (const l of lines) {
    const seat = seatOf(update, l.seat);
    const colour = /^#[0-9a-fA-F]{6}$/.test(seat.colour) ? seat.colour : "#999999";
    const points = l.values.map((v, r) => [x(r), y(v)]);
    parts.push(svg("g", { class: "chart-line", "data-seat": l.seat }, [
      svg("polyline", { points: points.map((p) => p.map(fixed).join(",")).join(" "), stroke: colour }),
      ...points.map(([px, py], r) => [px + (apart.get(`${l.seat}/${r}`) || 0), py]).map(([px, py]) => svg("path", {
        d: symbolPath(seat), fill: colour, class: "chart-mark",
        transform: `translate(${fixed(px - MARK / 2)} ${fixed(py - MARK / 2)}) scale(${MARK / 24})`,
      })),
    ]));
  }
  return el("figure", { class: "chart" }, [
    el("figcaption", { text: title }),
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart-svg" }, parts),
    el("ul", { class: "chart-legend", "aria-hidden": "true" }, lines.map((l) => {
      const seat = seatOf(update, l.seat);
      return el("li", {}, [seatBadge(seat), el("span", { text: seat.name })]);
    })),
  ]);
}
