"""The TV's line chart of how a game went: every seat's value after each round, from `outcome.course`.

One line per seat in its colour with its symbol at every point, its name at the right edge level
with the line's end (pushed apart so no two names overlap), round numbers under the plot, values
beside it, and a limit (an elimination limit) as a dashed line with its label. Drawn with Pygame
only; `draw()` changes nothing but the canvas and returns where it put things (for the tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.i18n import number
from game.tv.render import INK, INK_DIM, PANEL, WARN, Colour, TextCache, draw_symbol, panel

GRID = (44, 74, 64)  # faint lines at the values the axis names
LABEL_SIZE = layout.TEXT_SMALL
TITLE_SIZE = layout.TEXT_BODY
NAME_WIDTH = 230  # the names' column at the right (symbol, name)
PAD = 14


@dataclass(frozen=True)
class ChartLine:
    """One seat's line: its values after each round, as the table shows the seat."""

    values: tuple[int, ...]
    colour: Colour
    symbol: str
    name: str


@dataclass
class Drawn:
    """Where a chart put its parts, in canvas pixels."""

    plot: pygame.Rect
    points: list[list[tuple[int, int]]] = field(default_factory=list)  # per line, its points
    names: list[pygame.Rect] = field(default_factory=list)  # per line, its name label (symbol included)
    texts: list[pygame.Rect] = field(default_factory=list)  # every other text: title, axes, the limit
    limit_y: int | None = None


def lines_of(course: Any, seat_info: Callable[[int], dict[str, Any]], parse_colour: Callable[[Any], Colour]
             ) -> list[ChartLine]:
    """Return the chart lines of an `outcome.course` (wire form) with the seats' colours, symbols and names.

    Anything malformed is left out: a seat whose values are not whole numbers gets no line.
    """
    values = course.get("values") if isinstance(course, dict) else None
    out: list[ChartLine] = []
    for seat, row in enumerate(values if isinstance(values, list) else ()):
        if not isinstance(row, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in row):
            continue
        info = seat_info(seat)
        out.append(ChartLine(tuple(row), parse_colour(info.get("colour")), str(info.get("symbol")),
                             str(info.get("name") or f"#{seat}")))
    return out


def limit_of(course: Any) -> int | None:
    """Return the course's limit line, or None."""
    limit = course.get("limit") if isinstance(course, dict) else None
    return limit if isinstance(limit, int) and not isinstance(limit, bool) else None


def ticks(lo: int, hi: int, most: int = 5) -> list[int]:
    """Return the values the axis names: multiples of one step (1, 2 or 5 times a power of ten), from the
    last one at or under `lo` to the last one at or under `hi`, at most `most` of them."""
    step = 1
    while math.floor(hi / step) - math.floor(lo / step) + 1 > most:
        step = next(m * 10 ** e for e in range(12) for m in (1, 2, 5) if m * 10 ** e > step)
    first, last = math.floor(lo / step) * step, math.floor(hi / step) * step
    return list(range(first, last + 1, step))


def spread(wanted: list[float], height: float, top: float, bottom: float) -> list[float]:
    """Return label centres as near `wanted` as can be, each `height` apart at least, within top..bottom."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [0.0] * len(wanted)
    lowest = top + height / 2
    for i in order:
        placed[i] = max(wanted[i], lowest)
        lowest = placed[i] + height
    highest = bottom - height / 2
    for i in reversed(order):  # pushed past the bottom: move back up, keeping the gaps
        placed[i] = min(placed[i], highest)
        highest = placed[i] - height
    return placed


def _dashed(canvas: pygame.Surface, colour: Colour, y: int, x0: int, x1: int, width: int = 3,
            dash: int = 18, gap: int = 12) -> None:
    x = x0
    while x < x1:
        pygame.draw.line(canvas, colour, (x, y), (min(x + dash, x1), y), width)
        x += dash + gap


def value_range(lines: list[ChartLine], limit: int | None) -> tuple[list[int], int, int]:
    """Return the values the axis names and the range it spans (0 and the limit always in it)."""
    values = [v for line in lines for v in line.values] + ([limit] if limit is not None else []) + [0]
    scale = ticks(min(values), max(values))
    lo, top = scale[0], max(values)
    step = scale[1] - scale[0] if len(scale) > 1 else max(1, top - lo)
    if scale[-1] < top and scale[-1] + step <= top + step // 2:  # the next round value is near: name it
        scale.append(scale[-1] + step)
    return scale, lo, max(top + max(1, (top - lo) // 20), scale[-1])  # room for the top marker


class _Frame:
    """Where values and rounds go in a plot."""

    def __init__(self, plot: pygame.Rect, lo: int, hi: int, rounds: int) -> None:
        self.plot, self.lo, self.hi, self.rounds = plot, lo, hi, rounds
        self.gap = (plot.width - 24) / max(1, rounds - 1)  # between two rounds

    def y(self, v: float) -> int:
        return round(self.plot.bottom - (v - self.lo) / (self.hi - self.lo or 1) * self.plot.height)

    def x(self, r: int) -> int:  # round r + 1
        return self.plot.centerx if self.rounds <= 1 else round(self.plot.left + 12 + r * self.gap)


def _axes(canvas: pygame.Surface, tc: TextCache, f: _Frame, scale: list[int], drawn: Drawn) -> None:
    """Draw the value grid with its numbers and the round numbers under the plot (every k-th when crowded)."""
    plot = f.plot
    for v in scale:
        y = f.y(v)
        pygame.draw.line(canvas, GRID, (plot.left, y), (plot.right, y), 2)
        drawn.texts.append(tc.blit(canvas, number(v), LABEL_SIZE, INK_DIM, midright=(plot.left - 10, y)))
    label_w = tc.render(number(f.rounds), LABEL_SIZE).get_width() + 16
    every = max(1, math.ceil(label_w / max(1.0, f.gap))) if f.rounds > 1 else 1
    for r in range(0, f.rounds, every):
        drawn.texts.append(tc.blit(canvas, number(r + 1), LABEL_SIZE, INK_DIM, midtop=(f.x(r), plot.bottom + 4)))
    pygame.draw.line(canvas, INK_DIM, plot.bottomleft, plot.bottomright, 2)


def _limit_label(canvas: pygame.Surface, tc: TextCache, plot: pygame.Rect, y: int, label: str) -> pygame.Rect:
    """Write the limit's label on a patch of panel by its line's start (the lines begin far under a limit)."""
    text = tc.render(label, LABEL_SIZE, WARN)
    above = y - text.get_height() // 2 - 8 >= plot.top + text.get_height() // 2
    box = text.get_rect(bottomleft=(plot.left + 8, y - 6)) if above else text.get_rect(topleft=(plot.left + 8, y + 6))
    panel(canvas, box.inflate(12, 2), PANEL, None, radius=6)
    canvas.blit(text, box)
    return box


def _names(canvas: pygame.Surface, tc: TextCache, rect: pygame.Rect, lines: list[ChartLine], drawn: Drawn) -> None:
    """Write each seat's symbol and name right of the plot, level with its line's end, none overlapping."""
    label_h = tc.render("Ag", LABEL_SIZE).get_height()
    ends = [float(pts[-1][1]) if pts else float(drawn.plot.bottom) for pts in drawn.points]
    name_x = rect.right - NAME_WIDTH - PAD
    for line, cy in zip(lines, spread(ends, label_h + 2, rect.top + PAD // 2, rect.bottom - PAD // 2)):
        draw_symbol(canvas, line.symbol, (name_x + 14, cy), 26, line.colour, outline=INK)
        r = tc.blit(canvas, line.name, LABEL_SIZE, INK, max_width=NAME_WIDTH - 36, midleft=(name_x + 34, round(cy)))
        drawn.names.append(r.union(pygame.Rect(name_x, round(cy) - 13, 28, 26)))


def draw(canvas: pygame.Surface, tc: TextCache, rect: pygame.Rect, lines: list[ChartLine], *, title: str,
         limit: int | None = None, limit_label: str = "") -> Drawn:
    """Draw the chart into `rect` (its panel, title, axes, lines, names, the limit); return where things went."""
    panel(canvas, rect, PANEL, None, radius=18)
    scale, lo, hi = value_range(lines, limit)
    label_h = tc.render("Ag", LABEL_SIZE).get_height()
    title_r = tc.blit(canvas, title, TITLE_SIZE, INK, max_width=rect.width - NAME_WIDTH - 3 * PAD,
                      topleft=(rect.left + PAD + 6, rect.top + PAD // 2))
    axis_w = max(tc.render(number(v), LABEL_SIZE).get_width() for v in scale)
    left, top = rect.left + PAD + axis_w + 12, title_r.bottom + label_h // 2 + 4
    plot = pygame.Rect(left, top, rect.right - NAME_WIDTH - 2 * PAD - left, rect.bottom - PAD // 2 - label_h - 6 - top)
    f = _Frame(plot, lo, hi, max((len(line.values) for line in lines), default=0))
    drawn = Drawn(plot, texts=[title_r])
    _axes(canvas, tc, f, scale, drawn)
    if limit is not None:
        drawn.limit_y = f.y(limit)
        _dashed(canvas, WARN, drawn.limit_y, plot.left, plot.right)
    for line in lines:
        pts = [(f.x(r), f.y(v)) for r, v in enumerate(line.values)]
        drawn.points.append(pts)
        if len(pts) > 1:
            pygame.draw.lines(canvas, line.colour, False, pts, 5)
    marker = int(max(14, min(26, f.gap * 0.7)))
    for line, pts in zip(lines, drawn.points):  # the symbols over every line, in the light outline the panel needs
        for p in pts:
            draw_symbol(canvas, line.symbol, p, marker, line.colour, outline=INK)
    if limit is not None and drawn.limit_y is not None:
        drawn.texts.append(_limit_label(canvas, tc, plot, drawn.limit_y, limit_label))
    _names(canvas, tc, rect, lines, drawn)
    return drawn
