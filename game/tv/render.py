"""Drawing helpers shared by the scenes: palette, cached text, seat symbols, mice coins, panels."""

from __future__ import annotations

import math
from collections import OrderedDict
from enum import StrEnum

import pygame
import pygame.freetype

Colour = tuple[int, int, int]

FELT = (22, 74, 58)
FELT_DARK = (14, 52, 41)
FELT_LIGHT = (34, 96, 76)
INK = (245, 241, 230)
INK_DIM = (178, 196, 186)
INK_DARK = (30, 30, 36)
GOLD = (246, 196, 66)
GOLD_DARK = (176, 124, 24)
WARN = (255, 170, 60)
COACH = (206, 186, 255)  # the coach badge: lilac, as on the phones
RED = (214, 60, 52)
PANEL = (18, 40, 34)
GREY = (150, 154, 158)  # light enough for a name on a panel (WCAG AA, 4.5:1)
BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
AA = 4.5  # WCAG AA contrast for text


def luminance(colour: Colour) -> float:
    """Return the WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """Return the WCAG contrast ratio of two colours (1 .. 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(background: Colour) -> Colour:
    """Return the ink to write on `background` (a seat's colour): the dark or light ink, else black or white."""
    for ink in (INK_DARK, INK):
        if contrast(ink, background) >= AA:
            return ink
    return max((BLACK, WHITE), key=lambda ink: contrast(ink, background))


class Symbol(StrEnum):
    """The shapes that pair with seat colours so no one depends on colour alone."""

    TRIANGLE = "triangle"
    CIRCLE = "circle"
    SQUARE = "square"
    DIAMOND = "diamond"
    STAR = "star"
    CROSS = "cross"


def parse_colour(value: object, fallback: Colour = (200, 200, 200)) -> Colour:
    """Return an (r, g, b) from a '#RRGGBB' string; `fallback` if it is not one."""
    if isinstance(value, str) and len(value) == 7 and value.startswith("#"):
        try:
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        except ValueError:
            return fallback
    return fallback


def grey_out(colour: Colour) -> Colour:
    """Return a dull grey version of `colour`, for a disconnected seat."""
    lum = int(0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2])
    g = (lum + 2 * 110) // 3
    return (g, g, g)


class TextCache:
    """Renders text once per (text, size, colour) and keeps the most recent surfaces.

    Uses pygame.freetype with the bundled freesansbold (it covers the accents of en/es/fr/hu)
    because it reports where the baseline is: every text of one size comes out with the same
    height and baseline, so 'Élodie' and 'Ana' line up when centred side by side.
    """

    def __init__(self, capacity: int = 800) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self._font = pygame.freetype.Font(None)
        self._font.pad = False
        self._cache: OrderedDict[tuple[str, int, Colour], pygame.Surface] = OrderedDict()
        self._frame: dict[int, tuple[int, int]] = {}  # size -> (ascent, height) shared by every text
        self._widths: OrderedDict[tuple[str, int], int] = OrderedDict()  # (text, size) -> its rendered width
        self.capacity = capacity

    def _frame_of(self, size: int) -> tuple[int, int]:
        frame = self._frame.get(size)
        if frame is None:
            _surf, probe = self._font.render("ÉŐÁÇgy", INK, size=size)  # accents up, descenders down
            ascent = max(self._font.get_sized_ascender(size), probe.y)
            descent = max(-self._font.get_sized_descender(size), probe.height - probe.y)
            frame = self._frame[size] = (ascent, ascent + descent)
        return frame

    def render(self, text: str, size: int, colour: Colour = INK) -> pygame.Surface:
        """Return the rendered text, from the cache when it was drawn before."""
        key = (text, size, colour)
        surf = self._cache.get(key)
        if surf is None:
            # measured first, then drawn straight into the line's frame: the same pixels as rendering apart and
            # blitting that in, at a sixth of the cost (freetype's own surface has another channel order, so the
            # blit converted every pixel: ~1 ms for a line of large text, a first frame's whole budget)
            rect = self._font.get_rect(text, size=size) if text else self._font.render(text, colour, size=size)[1]
            ascent, height = self._frame_of(size)
            top = max(0, ascent - rect.y)
            surf = pygame.Surface((max(1, rect.x + rect.width), max(height, top + rect.height)), pygame.SRCALPHA)
            self._font.render_to(surf, (max(0, rect.x), top), text, colour, size=size)
            surf = display_ready(surf)
            self._cache[key] = surf
            if len(self._cache) > self.capacity:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def width(self, text: str, size: int) -> int:
        """Return the width `render(text, size)` has, measured without rendering (a wrap or a fit tries many)."""
        key = (text, size)
        found = self._widths.get(key)
        if found is None:
            rect = self._font.get_rect(text, size=size)  # the rect `render` gives, without its pixels
            found = self._widths[key] = max(1, rect.x + rect.width)
            if len(self._widths) > 4 * self.capacity:
                self._widths.popitem(last=False)
        return found

    def fit(self, text: str, size: int, max_width: int, colour: Colour = INK, min_size: int = 24) -> pygame.Surface:
        """Return the text at the largest size <= `size` that fits `max_width` (down to `min_size`; still too
        wide there, cut short with an ellipsis: a long name never runs out of its room)."""
        s = size
        while self.width(text, s) > max_width and s > min_size:
            s = max(min_size, s - 4)
        if self.width(text, s) > max_width and len(text) > 1:
            text = self.shortened(text, s, max_width)
        return self.render(text, s, colour)

    def shortened(self, text: str, size: int, max_width: int) -> str:
        """Return the longest start of `text` that fits `max_width` at `size` with an ellipsis after it."""
        lo, hi = 1, len(text) - 1  # characters kept (one at least)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.width(text[:mid].rstrip() + "…", size) <= max_width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + "…"

    def blit(self, canvas: pygame.Surface, text: str, size: int, colour: Colour, *, max_width: int | None = None,
             **anchor: tuple[int, int] | int) -> pygame.Rect:
        """Draw text anchored like a Rect attribute (e.g. center=(x, y), midleft=...); return its rect."""
        surf = self.fit(text, size, max_width, colour) if max_width else self.render(text, size, colour)
        rect = surf.get_rect(**anchor)
        canvas.blit(surf, rect)
        return rect


def wrap(tc: TextCache, text: str, size: int, width: int) -> list[str]:
    """Return `text` broken into lines that fit `width` pixels at `size` (a long word keeps its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and tc.width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def blit_lines(tc: TextCache, canvas: pygame.Surface, text: str, size: int, colour: Colour, rect: pygame.Rect,
               max_lines: int = 2) -> int:
    """Draw `text` word-wrapped into `rect` from its top-left (shrinking to fit `max_lines`); return lines used."""
    s, lines = _fitted_lines(tc, text, size, rect.width, max_lines)
    step = tc.render("Ag", s).get_height() - 2
    for i, line in enumerate(lines[:max_lines]):
        tc.blit(canvas, line, s, colour, max_width=rect.width, topleft=(rect.left, rect.top + i * step))
    return min(len(lines), max_lines)


def write_lines_ahead(tc: TextCache, text: str, size: int, colour: Colour, width: int, max_lines: int = 2) -> None:
    """Render what `blit_lines` will draw of `text` in a rect `width` wide, so its frame renders nothing new."""
    s, lines = _fitted_lines(tc, text, size, width, max_lines)
    for line in lines[:max_lines]:
        tc.fit(line, s, width, colour)


def _fitted_lines(tc: TextCache, text: str, size: int, width: int, max_lines: int) -> tuple[int, list[str]]:
    s = size
    lines = wrap(tc, text, s, width)
    while len(lines) > max_lines and s > 22:
        s -= 2
        lines = wrap(tc, text, s, width)
    return s, lines


def shadow_text(tc: TextCache, canvas: pygame.Surface, text: str, size: int, colour: Colour,
                max_width: int | None = None, **anchor: tuple[int, int] | int) -> pygame.Rect:
    """Draw text with a dark drop shadow so it stays readable over any background; return where both lie."""
    surf = tc.fit(text, size, max_width, colour) if max_width else tc.render(text, size, colour)
    shadow = tc.fit(text, size, max_width, (0, 0, 0)) if max_width else tc.render(text, size, (0, 0, 0))
    rect = surf.get_rect(**anchor)
    off = max(2, size // 18)
    canvas.blit(shadow, rect.move(off, off))
    canvas.blit(surf, rect)
    return rect.union(rect.move(off, off))


def panel(canvas: pygame.Surface, rect: pygame.Rect, colour: Colour = PANEL, border: Colour | None = None,
          width: int = 3, radius: int = 18) -> None:
    """Draw a rounded panel with an optional border."""
    pygame.draw.rect(canvas, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(canvas, border, rect, width, border_radius=radius)


def ring(canvas: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int, radius: int) -> list[pygame.Rect]:
    """Draw a rounded outline; return the four strips along its edges that hold every pixel it drew.

    An outline round a whole seat panel touches a thin frame of it: an animation that returns these
    strips, not the outline's bounding rect, has only them put back and painted again the next frame.
    """
    drawn = pygame.draw.rect(canvas, colour, rect, width, border_radius=radius)
    if not drawn.width or not drawn.height:
        return []
    edge = min(max(width, radius), drawn.height // 2 + 1, drawn.width // 2 + 1)  # (a corner's curve lies within)
    strips = [pygame.Rect(drawn.left, drawn.top, drawn.width, edge),
              pygame.Rect(drawn.left, drawn.bottom - edge, drawn.width, edge)]
    if drawn.height > 2 * edge:
        strips += [pygame.Rect(drawn.left, drawn.top + edge, edge, drawn.height - 2 * edge),
                   pygame.Rect(drawn.right - edge, drawn.top + edge, edge, drawn.height - 2 * edge)]
    return strips


def symbol_points(kind: str, center: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """Return the polygon of a seat symbol (empty for the circle, which is drawn as a circle)."""
    cx, cy = center
    r = size / 2
    if kind == Symbol.TRIANGLE:
        return [(cx, cy - r), (cx + r * 0.94, cy + r * 0.72), (cx - r * 0.94, cy + r * 0.72)]
    if kind == Symbol.SQUARE:
        q = r * 0.82
        return [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)]
    if kind == Symbol.DIAMOND:
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if kind == Symbol.STAR:
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a) + r * 0.08))
        return pts
    if kind == Symbol.CROSS:
        t = r * 0.34
        return [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
                (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
                (cx - r, cy - t), (cx - t, cy - t)]
    return []


def draw_symbol(canvas: pygame.Surface, kind: str, center: tuple[float, float], size: float, colour: Colour,
                outline: Colour = (0, 0, 0)) -> None:
    """Draw a seat symbol filled with the seat colour and outlined so it reads on any background."""
    width = max(2, int(size / 14))
    pts = symbol_points(kind, center, size)
    if not pts:  # circle, and any unknown symbol
        r = int(size / 2 * 0.9)
        pygame.draw.circle(canvas, colour, (int(center[0]), int(center[1])), r)
        pygame.draw.circle(canvas, outline, (int(center[0]), int(center[1])), r, width)
        return
    pygame.draw.polygon(canvas, colour, pts)
    pygame.draw.polygon(canvas, outline, pts, width)


def padded(size: tuple[int, int], like: pygame.Surface, off: int = 4) -> pygame.Surface:
    """Return a new surface of `size` in `like`'s pixel format whose rows lie `off` bytes (4, 8 or 12) past a
    multiple of 16 bytes apart (a few pixels more than its width).

    SDL copies between two surfaces whose rows both lie a multiple of 16 bytes apart with streaming
    (non-temporal) stores when the rect starts 16-byte aligned, and otherwise with a plain copy per row.
    The streaming stores write past the cache: for the small rects a table puts back every frame (a
    card, a name row) they cost up to 20x the plain copy on this machine (a 154x215 copy: 140 us at
    x % 4 == 0, 7 us at any other x; docs/architecture.md). A layer that frames copy from, or into, in
    small rects is made so: no copy out of it or into it streams, nor one between two such layers of
    different `off` (the felt's rows lie 8 bytes off, the tables' resting layers 4).
    """
    w, h = size
    step = like.get_bytesize()
    extra = next((e for e in range(1, 17) if ((w + e) * step + 3) // 4 * 4 % 16 == off), 1)  # (SDL's pitch)
    return pygame.Surface((w + extra, h), 0, like).subsurface((0, 0, w, h))


def display_ready(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Return `surf` in the screen's pixel format (much faster to blit), or as is without a screen."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if alpha else surf.convert()
