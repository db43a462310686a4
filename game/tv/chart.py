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


def draw(canvas: pygame.Surface, tc: TextCache, rect: pygame.Rect, lines: list[ChartLine], *, title: str,
         limit: int | None = None, limit_label: str = "") -> Drawn:
    """Draw the chart into `rect` (its panel, title, axes, lines, names, the limit); return where things went."""
    panel(canvas, rect, PANEL, None, radius=18)
    rounds = max((len(line.values) for line in lines), default=0)
    all_values = [v for line in lines for v in line.values] + ([limit] if limit is not None else []) + [0]
    scale = ticks(min(all_values), max(all_values))
    lo, top = scale[0], max(all_values)
    step = scale[1] - scale[0] if len(scale) > 1 else max(1, top - lo)
    if scale[-1] < top and scale[-1] + step <= top + step // 2:  # the next round value is near: name it
        scale.append(scale[-1] + step)
    hi = max(top + max(1, (top - lo) // 20), scale[-1])  # room for the top marker
    label_h = tc.render("Ag", LABEL_SIZE).get_height()
    title_r = tc.blit(canvas, title, TITLE_SIZE, INK, max_width=rect.width - NAME_WIDTH - 3 * PAD,
                      topleft=(rect.left + PAD + 6, rect.top + PAD // 2))
    axis_w = max(tc.render(number(v), LABEL_SIZE).get_width() for v in scale)
    plot = pygame.Rect(rect.left + PAD + axis_w + 12, title_r.bottom + label_h // 2 + 4, 0, 0)
    plot.width = rect.right - NAME_WIDTH - 2 * PAD - plot.left
    plot.height = rect.bottom - PAD // 2 - label_h - 6 - plot.top
    drawn = Drawn(plot, texts=[title_r])

    def y_of(v: float) -> int:
        return round(plot.bottom - (v - lo) / (hi - lo or 1) * plot.height)

    def x_of(r: int) -> int:  # round r + 1
        return plot.centerx if rounds <= 1 else round(plot.left + 12 + r * (plot.width - 24) / (rounds - 1))

    for v in scale:
        y = y_of(v)
        pygame.draw.line(canvas, GRID, (plot.left, y), (plot.right, y), 2)
        drawn.texts.append(tc.blit(canvas, number(v), LABEL_SIZE, INK_DIM, midright=(plot.left - 10, y)))
    label_w = tc.render(number(rounds), LABEL_SIZE).get_width() + 16
    every = max(1, math.ceil(label_w / max(1.0, (plot.width - 24) / max(1, rounds - 1)))) if rounds > 1 else 1
    for r in range(0, rounds, every):
        drawn.texts.append(tc.blit(canvas, number(r + 1), LABEL_SIZE, INK_DIM, midtop=(x_of(r), plot.bottom + 4)))
    pygame.draw.line(canvas, INK_DIM, plot.bottomleft, plot.bottomright, 2)
    if limit is not None:
        drawn.limit_y = y = y_of(limit)
        _dashed(canvas, WARN, y, plot.left, plot.right)
    step = (plot.width - 24) / max(1, rounds - 1)
    marker = int(max(14, min(26, step * 0.7)))
    for line in lines:
        pts = [(x_of(r), y_of(v)) for r, v in enumerate(line.values)]
        drawn.points.append(pts)
        if len(pts) > 1:
            pygame.draw.lines(canvas, line.colour, False, pts, 5)
    for line, pts in zip(lines, drawn.points):  # the symbols over every line, in the light outline the panel needs
        for p in pts:
            draw_symbol(canvas, line.symbol, p, marker, line.colour, outline=INK)
    if limit is not None and drawn.limit_y is not None:
        text = tc.render(limit_label, LABEL_SIZE, WARN)
        above = drawn.limit_y - text.get_height() // 2 - 8 >= plot.top + text.get_height() // 2
        # at the start: the lines mostly begin far under a limit they may reach at the end
        box = text.get_rect(bottomleft=(plot.left + 8, drawn.limit_y - 6)) if above else \
            text.get_rect(topleft=(plot.left + 8, drawn.limit_y + 6))
        panel(canvas, box.inflate(12, 2), PANEL, None, radius=6)
        canvas.blit(text, box)
        drawn.texts.append(box)
    ends = [float(pts[-1][1]) if pts else float(plot.bottom) for pts in drawn.points]
    centres = spread(ends, label_h + 2, rect.top + PAD // 2, rect.bottom - PAD // 2)
    name_x = rect.right - NAME_WIDTH - PAD
    for line, cy in zip(lines, centres):
        draw_symbol(canvas, line.symbol, (name_x + 14, cy), 26, line.colour, outline=INK)
        r = tc.blit(canvas, line.name, LABEL_SIZE, INK, max_width=NAME_WIDTH - 36, midleft=(name_x + 34, round(cy)))
        drawn.names.append(r.union(pygame.Rect(name_x, round(cy) - 13, 28, 26)))
    return drawn
