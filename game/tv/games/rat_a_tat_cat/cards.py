"""Rat-a-Tat Cat's card art drawn in code: cats on 0-6, rats on 7-9, the three power cards as what they
do, and the game's own card back.

Each card's picture (its paper, its animal or its power's icon, no words) is drawn once per (card,
size, dead) with pygame.draw at twice its size and smooth-scaled down, then kept in the TV's art
cache (game.tv.art): nothing is drawn again per frame. Its number, or its power's name, is written
over it when the card is painted (`RatCards.paint`), through the TV's text cache like every other
text, so the contrast test of the TV kit (tests/test_tv_contrast.py) reads it against the paper it
lies on. The number is the largest thing on a card, at the top; the animal lies under it, in a
band the number's box never reaches. A cat and a rat differ by shape (pointed ears, whiskers and
a thick tail held up; round ears, a pointed snout and a long thin tail) as well as by colour.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.tv import layout
from game.tv.art import ArtCache
from game.tv.render import GOLD, INK, display_ready
from game.tv.games.rat_a_tat_cat.layout import HOWTO_CARD, plan

if TYPE_CHECKING:
    from game.tv.scenes.base import Context

GAME = "rat-a-tat-cat"  # the art cache's keys of this game's pictures start with its id
SUPER = 2
Colour = tuple[int, int, int]
Size = tuple[int, int]

CREAM = (250, 244, 228)     # a cat's paper
RAT_PAPER = (236, 230, 232)  # a rat's paper: cooler
CAT_INK = (20, 70, 120)      # 0-6: the cats (good cards)
RAT_INK = (150, 30, 24)      # 7-9: the rats
POWER_BG = (74, 40, 120)
DEAD = (60, 60, 64)
CARD_TEXT_PAIRS = (  # each card text's ink and its paper (tests/test_tv_rat.py checks WCAG AA)
    (CAT_INK, CREAM), (RAT_INK, RAT_PAPER), (INK, POWER_BG), (INK, DEAD))
BACK_BG, BACK_LINE, BACK_EDGE = (22, 84, 92), (36, 118, 124), (236, 220, 160)
RAT_FUR, RAT_DARK, RAT_PINK = (150, 146, 156), (84, 80, 92), (236, 150, 160)
OUTLINE = (34, 30, 36)
EYE_WHITE = (252, 252, 248)
FACES: tuple[Any, ...] = (*range(10), "peek", "swap", "draw2")
NUMBER_TOP = 0.03   # the number's box: from here ...
ART_TOP = 0.62      # ... to the animal's band, which runs from here to the card's foot
# each cat's fur and markings (stripes or patches), so the seven cats are seven cats
CAT_COATS: dict[int, tuple[Colour, Colour | None, str]] = {
    0: ((240, 150, 60), (196, 98, 30), "stripes"),     # ginger tabby
    1: ((246, 246, 240), (60, 56, 60), "patches"),     # black and white
    2: ((128, 130, 140), (88, 90, 100), "stripes"),    # grey tabby
    3: ((52, 48, 56), None, ""),                       # black
    4: ((238, 224, 196), (110, 80, 60), "patches"),    # cream with brown
    5: ((170, 110, 66), (100, 62, 34), "stripes"),     # brown tabby
    6: ((246, 246, 240), (232, 150, 60), "patches"),   # white and ginger
}
RAT_COATS: dict[int, Colour] = {7: (150, 146, 156), 8: (132, 110, 92), 9: (104, 100, 112)}


def is_number(card: Any) -> bool:
    """Return True for a number card (0-9), False for a power card or a back."""
    return isinstance(card, int) and not isinstance(card, bool)


def is_rat(card: Any) -> bool:
    """Return True for the rats, 7-9 (the rule sheet's 17 rats; 0-6 are its 28 cats)."""
    return is_number(card) and card >= 7


def card_ink(card: Any, dead: bool = False) -> Colour:
    """Return the colour a card's words are written in."""
    if is_number(card):
        return RAT_INK if is_rat(card) else CAT_INK
    return INK


def card_paper(card: Any, dead: bool = False) -> Colour:
    """Return a card's paper, what its words lie on."""
    if is_number(card):
        return RAT_PAPER if is_rat(card) else CREAM
    return DEAD if dead else POWER_BG


class _Pen:
    """Draws in units of a box's height (x to the right, y down), so a picture scales with its card."""

    def __init__(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        self.s, self.x0, self.y0, self.k = surf, box.left, box.top, box.height

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (int(self.x0 + x * self.k), int(self.y0 + y * self.k))

    def n(self, d: float) -> int:
        return max(1, int(d * self.k))

    def circle(self, colour: Colour, x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.s, colour, self.p(x, y), self.n(r), self.n(width) if width else 0)

    def ellipse(self, colour: Colour, x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        r = pygame.Rect(0, 0, self.n(2 * rx), self.n(2 * ry))
        r.center = self.p(x, y)
        pygame.draw.ellipse(self.s, colour, r, self.n(width) if width else 0)

    def poly(self, colour: Colour, pts: list[tuple[float, float]], width: float = 0) -> None:
        pygame.draw.polygon(self.s, colour, [self.p(x, y) for x, y in pts], self.n(width) if width else 0)

    def line(self, colour: Colour, a: tuple[float, float], b: tuple[float, float], w: float) -> None:
        pygame.draw.line(self.s, colour, self.p(*a), self.p(*b), self.n(w))

    def stroke(self, colour: Colour, pts: list[tuple[float, float]], w: float) -> None:
        """Draw a thick polyline with round joints (a tail, an arrow's shaft)."""
        for a, b in zip(pts, pts[1:]):
            pygame.draw.line(self.s, colour, self.p(*a), self.p(*b), self.n(w))
        for x, y in pts:
            pygame.draw.circle(self.s, colour, self.p(x, y), max(1, self.n(w) // 2))

    def rect(self, colour: Colour, x: float, y: float, w: float, h: float, width: float = 0, r: float = 0.06) -> None:
        pygame.draw.rect(self.s, colour, pygame.Rect(*self.p(x, y), self.n(w), self.n(h)),
                         self.n(width) if width else 0, border_radius=self.n(r))


def _curve(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
           steps: int = 14) -> list[tuple[float, float]]:
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / steps), cy - ry * math.sin(a0 + (a1 - a0) * i / steps))
            for i in range(steps + 1)]


def draw_cat(pen: _Pen, value: int) -> None:
    """Draw a cat loafing, side on, facing left, in a band two units wide and one tall.

    Its shape says "cat" without colour: two pointed ears, whiskers, a thick tail curled up.
    """
    fur, marks, pattern = CAT_COATS.get(value, CAT_COATS[0])
    dark = OUTLINE if fur[0] > 80 else (150, 150, 160)
    tail = _curve(1.72, 0.62, 0.2, 0.4, -1.2, 2.2)  # up from the rump and over, thick
    pen.stroke(dark, tail, 0.2)
    pen.stroke(fur, tail, 0.13)
    pen.ellipse(dark, 1.15, 0.68, 0.6, 0.3)
    pen.ellipse(fur, 1.15, 0.68, 0.56, 0.26)
    if pattern == "stripes" and marks:
        for k in range(4):
            x = 0.86 + k * 0.2
            pen.line(marks, (x, 0.44), (x + 0.06, 0.62), 0.06)
    elif pattern == "patches" and marks:
        pen.ellipse(marks, 1.3, 0.6, 0.22, 0.14)
        pen.ellipse(marks, 0.98, 0.76, 0.12, 0.09)
    for x in (0.62, 0.84):  # front paws
        pen.ellipse(dark, x, 0.92, 0.13, 0.07)
        pen.ellipse(fur, x, 0.92, 0.11, 0.05)
    for ear in ([(0.28, 0.36), (0.3, 0.0), (0.52, 0.22)], [(0.56, 0.2), (0.76, 0.0), (0.8, 0.36)]):
        pen.poly(dark, ear)  # pointed ears
        inner = [(ear[0][0] * 0.7 + ear[1][0] * 0.3 + 0.02, ear[0][1] * 0.6 + 0.1),
                 (ear[1][0], ear[1][1] + 0.1), (ear[2][0] * 0.7 + ear[1][0] * 0.3 - 0.02, ear[2][1] * 0.6 + 0.1)]
        pen.poly(RAT_PINK, inner)
    pen.circle(dark, 0.54, 0.5, 0.3)
    pen.circle(fur, 0.54, 0.5, 0.27)
    if pattern == "patches" and marks:
        pen.ellipse(marks, 0.66, 0.38, 0.12, 0.1)
    for x in (0.43, 0.65):  # eyes: almonds with slit pupils
        pen.ellipse(OUTLINE, x, 0.47, 0.075, 0.065)
        pen.ellipse((130, 200, 80), x, 0.47, 0.055, 0.05)
        pen.ellipse(OUTLINE, x, 0.47, 0.015, 0.045)
    pen.poly(RAT_PINK, [(0.5, 0.58), (0.58, 0.58), (0.54, 0.63)])
    whisker = (235, 235, 235) if fur[0] < 80 else OUTLINE
    for k in (-1, 0, 1):
        pen.line(whisker, (0.38, 0.63 + 0.03 * k), (0.02, 0.57 + 0.09 * k), 0.02)
        pen.line(whisker, (0.7, 0.63 + 0.03 * k), (0.98, 0.59 + 0.07 * k), 0.02)


def draw_rat(pen: _Pen, value: int) -> None:
    """Draw a rat, side on, facing right, in a band two units wide and one tall.

    Its shape says "rat" without colour: a round ear, a long pointed snout, a long thin tail.
    """
    fur = RAT_COATS.get(value, RAT_FUR)
    dark = OUTLINE
    tail = [(0.66, 0.78), (0.4, 0.84), (0.18, 0.74), (0.08, 0.56), (0.16, 0.4), (0.3, 0.38)]
    pen.stroke(dark, tail, 0.07)
    pen.stroke(RAT_PINK, tail, 0.04)
    pen.ellipse(dark, 1.0, 0.66, 0.46, 0.28)
    pen.ellipse(fur, 1.0, 0.66, 0.43, 0.25)
    snout = [(1.28, 0.42), (1.92, 0.7), (1.3, 0.86)]
    pen.poly(dark, [(x + (0.03 if x > 1.5 else 0), y) for x, y in snout])
    pen.ellipse(dark, 1.36, 0.64, 0.26, 0.23)
    pen.poly(fur, [(1.3, 0.45), (1.86, 0.7), (1.3, 0.83)])
    pen.ellipse(fur, 1.36, 0.64, 0.23, 0.2)
    pen.circle(dark, 1.3, 0.36, 0.17)  # a round ear
    pen.circle(RAT_PINK, 1.3, 0.36, 0.12)
    pen.circle(OUTLINE, 1.5, 0.58, 0.05)
    pen.circle(EYE_WHITE, 1.515, 0.565, 0.015)
    pen.circle(RAT_PINK, 1.9, 0.7, 0.05)
    for k in (-1, 0, 1):
        pen.line(OUTLINE, (1.8, 0.72 + 0.02 * k), (1.98, 0.66 + 0.1 * k), 0.015)
    for x in (0.74, 1.18):  # feet
        pen.ellipse(RAT_PINK, x, 0.92, 0.08, 0.045)


def _mini_back(pen: _Pen, x: float, y: float, w: float = 0.36, h: float = 0.5) -> None:
    pen.rect(BACK_EDGE, x, y, w, h, r=0.05)
    pen.rect(BACK_BG, x + 0.03, y + 0.03, w - 0.06, h - 0.06, r=0.04)
    pen.line(BACK_LINE, (x + 0.05, y + 0.06), (x + w - 0.05, y + h - 0.06), 0.02)
    pen.line(BACK_LINE, (x + w - 0.05, y + 0.06), (x + 0.05, y + h - 0.06), 0.02)


def _arrow(pen: _Pen, pts: list[tuple[float, float]], colour: Colour) -> None:
    """Draw a shaft through `pts` with a head at its end."""
    pen.stroke(OUTLINE, pts, 0.075)
    pen.stroke(colour, pts, 0.045)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    a = math.atan2(by - ay, bx - ax)
    head = [(bx + 0.11 * math.cos(a), by + 0.11 * math.sin(a)),
            (bx + 0.09 * math.cos(a + 2.2), by + 0.09 * math.sin(a + 2.2)),
            (bx + 0.09 * math.cos(a - 2.2), by + 0.09 * math.sin(a - 2.2))]
    pen.poly(OUTLINE, head, 0.02)
    pen.poly(colour, head)


def _eye(pen: _Pen, x: float, y: float, rx: float, ry: float) -> None:
    """Draw an open eye centred on (x, y): an almond, a blue iris, a pupil, a glint."""
    eye = _curve(x, y, rx, ry, 0, math.pi) + _curve(x, y, rx, ry, math.pi, 2 * math.pi)[1:]
    pen.poly(EYE_WHITE, eye)
    pen.poly(OUTLINE, eye, 0.025 * rx / 0.34)
    pen.circle((60, 140, 220), x, y, ry * 0.67)
    pen.circle(OUTLINE, x, y, ry * 0.33)
    pen.circle(EYE_WHITE, x + ry * 0.17, y - ry * 0.17, ry * 0.11)


def draw_eye(size: Size) -> pygame.Surface:
    """Return the Peek's eye alone (over a card lifted by a Peek on the table), `size` twice as wide as tall."""
    w, h = size[0] * SUPER, size[1] * SUPER
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    _eye(_Pen(surf, pygame.Rect(0, 0, w, h)), 1.0, 0.5, 0.94, 0.46)
    return pygame.transform.smoothscale(surf, size)


def draw_peek(pen: _Pen) -> None:
    """Draw the Peek: an open eye over a face-down card (in a box one unit square)."""
    _mini_back(pen, 0.32, 0.46, 0.36, 0.5)
    _eye(pen, 0.5, 0.3, 0.34, 0.18)
    for x in (0.38, 0.5, 0.62):  # a glance going down to the card
        pen.line(GOLD, (x, 0.47 - 0.0), (0.5 + (x - 0.5) * 0.6, 0.5), 0.02)


def draw_swap(pen: _Pen) -> None:
    """Draw the Swap: two face-down cards and two arrows crossing between them."""
    _mini_back(pen, 0.04, 0.4, 0.3, 0.44)
    _mini_back(pen, 0.66, 0.4, 0.3, 0.44)
    _arrow(pen, _curve(0.5, 0.4, 0.3, 0.28, math.pi * 0.92, math.pi * 0.1), GOLD)
    _arrow(pen, _curve(0.5, 0.84, 0.3, -0.26, math.pi * 0.08, math.pi * 0.9), EYE_WHITE)


def draw_draw2(pen: _Pen) -> None:
    """Draw the Draw 2: a pile and two cards drawn off it, one after the other."""
    for k in range(3):
        _mini_back(pen, 0.08 + 0.025 * k, 0.5 - 0.025 * k, 0.32, 0.44)
    _mini_back(pen, 0.4, 0.2, 0.28, 0.4)
    _mini_back(pen, 0.64, 0.06, 0.28, 0.4)
    _arrow(pen, [(0.3, 0.4), (0.36, 0.26), (0.44, 0.16)], GOLD)
    pen.circle(GOLD, 0.9, 0.62, 0.09)
    pen.circle(OUTLINE, 0.9, 0.62, 0.09, 0.02)
    pen.line(OUTLINE, (0.86, 0.62), (0.94, 0.62), 0.025)
    pen.line(OUTLINE, (0.9, 0.58), (0.9, 0.66), 0.025)


POWER_ICONS: dict[str, Callable[[_Pen], None]] = {"peek": draw_peek, "swap": draw_swap, "draw2": draw_draw2}


def _border(size: Size) -> int:
    return max(3, size[0] // 26)


def art_band(size: Size) -> pygame.Rect:
    """Return where a number card's animal lies (at `size`): the bottom of the card, under the number's box."""
    w, h = size
    edge = _border(size) + max(2, w // 30)
    top = int(h * ART_TOP)
    return pygame.Rect(edge, top, w - 2 * edge, h - edge - top)


def draw_face(card: Any, size: Size, dead: bool = False) -> pygame.Surface:
    """Return card's picture at `size` without its words: the paper and edge, the animal or the power's icon."""
    w, h = size[0] * SUPER, size[1] * SUPER
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = w // 9
    border = _border(size) * SUPER
    paper = card_paper(card, dead)
    pygame.draw.rect(surf, paper, rect, border_radius=radius)
    if is_number(card):
        pygame.draw.rect(surf, card_ink(card), rect, border, border_radius=radius)
        band = art_band(size)
        band = pygame.Rect(band.left * SUPER, band.top * SUPER, band.width * SUPER, band.height * SUPER)
        box = pygame.Rect(0, 0, min(band.width, 2 * band.height), min(band.height, band.width // 2))
        box.center = band.center
        (draw_rat if is_rat(card) else draw_cat)(_Pen(surf, box), card)
    else:
        pygame.draw.rect(surf, GOLD if not dead else (150, 150, 150), rect, border, border_radius=radius)
        side = min(int(w * 0.82), int(h * 0.56))
        box = pygame.Rect(0, 0, side, side)
        box.midtop = (w // 2, int(h * 0.07))
        POWER_ICONS.get(str(card), draw_peek)(_Pen(surf, box))
        if dead:  # a dead power card: its icon greyed under a veil
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(veil, (*DEAD, 150), rect.inflate(-2 * border, -2 * border), border_radius=radius)
            surf.blit(veil, (0, 0))
    return pygame.transform.smoothscale(surf, size)


def draw_back(size: tuple[int, int]) -> pygame.Surface:
    """Return this game's card back: a teal lattice with a grey rat's face in a gold ring."""
    w, h = size[0] * SUPER, size[1] * SUPER
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = w // 8
    pygame.draw.rect(surf, BACK_EDGE, rect, border_radius=radius)
    inner = rect.inflate(-w // 12, -w // 12)
    pygame.draw.rect(surf, BACK_BG, inner, border_radius=radius - 2)
    field = surf.subsurface(inner)
    step = max(6, w // 6)
    for k in range(-h // step - 1, w // step + 2):  # a lattice of crossing diagonals
        x = k * step
        pygame.draw.line(field, BACK_LINE, (x, 0), (x + inner.height, inner.height), max(2, w // 50))
        pygame.draw.line(field, BACK_LINE, (x, inner.height), (x + inner.height, 0), max(2, w // 50))
    c = rect.center
    r = int(w * 0.26)
    pygame.draw.circle(surf, BACK_BG, c, r)
    pygame.draw.circle(surf, GOLD, c, r, max(2, w // 40))
    s = r * 0.62  # the rat's face: round ears, a pointed snout, whiskers
    for side in (-1, 1):
        ear = (int(c[0] + side * s * 0.62), int(c[1] - s * 0.45))
        pygame.draw.circle(surf, RAT_DARK, ear, int(s * 0.42))
        pygame.draw.circle(surf, RAT_PINK, ear, int(s * 0.26))
    head = [(c[0] - s * 0.62, c[1] - s * 0.2), (c[0] + s * 0.62, c[1] - s * 0.2), (c[0], c[1] + s * 0.95)]
    pygame.draw.polygon(surf, RAT_FUR, head)
    pygame.draw.circle(surf, RAT_FUR, (c[0], int(c[1] - s * 0.12)), int(s * 0.58))
    pygame.draw.circle(surf, RAT_PINK, (c[0], int(c[1] + s * 0.9)), max(2, int(s * 0.14)))
    for side in (-1, 1):
        pygame.draw.circle(surf, (24, 22, 28), (int(c[0] + side * s * 0.26), int(c[1] - s * 0.14)),
                           max(2, int(s * 0.11)))
        for k in (-1, 1):
            pygame.draw.line(surf, (230, 230, 230), (c[0] + side * s * 0.12, c[1] + s * 0.7),
                             (c[0] + side * s * 0.75, c[1] + s * (0.62 + 0.16 * k)), max(1, w // 90))
    return pygame.transform.smoothscale(surf, size)


class RatCards:
    """The card pictures of one TV, each drawn once per size in its art cache, and their words painted over them.

    The power cards' names are written in the TV's language (`ctx.texts`).
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._sizes: dict[tuple[str, Size], int] = {}

    def face(self, card: Any, size: Size, dead: bool = False) -> pygame.Surface:
        """Return `card`'s picture at `size` (without its words); None is the game's card back."""
        if card is None:
            return self.ctx.art.picture((GAME, "back"), size, lambda: display_ready(draw_back(size)))
        return self.ctx.art.picture((GAME, card, dead), size, lambda: display_ready(draw_face(card, size, dead)))

    def eye(self, width: int) -> pygame.Surface:
        """Return the Peek's eye `width` pixels wide (drawn over a card a Peek lifts)."""
        size = (width, width // 2)
        return self.ctx.art.picture((GAME, "eye"), size, lambda: display_ready(draw_eye(size)))

    def number_size(self, size: Size) -> int:
        """Return the text size of a number card's number at `size`: its box fills the card above the animal."""
        key = ("number", size)
        if key not in self._sizes:
            room = int(size[1] * ART_TOP) - 2
            s = max(12, int(room / 1.16))
            while s > 12 and self.ctx.tc.render("0", s, CAT_INK).get_height() > room:
                s -= 2
            self._sizes[key] = s
        return self._sizes[key]

    def word(self, card: Any, size: Size) -> pygame.Surface:
        """Return a power card's name, written as big as fits under its icon."""
        w, h = size
        room = h - int(h * 0.66) - _border(size) - 2
        return self.ctx.tc.fit(self.ctx.texts(f"rt.card.{card}"), min(layout.TEXT_BODY, int(room / 1.2)),
                               w - 2 * _border(size) - 6, INK, min_size=12)

    def paint(self, canvas: pygame.Surface, card: Any, rect: pygame.Rect, dead: bool = False) -> pygame.Rect:
        """Paint `card` (None: its back) at `rect`: its cached picture, then its number or its power's name."""
        canvas.blit(self.face(card, rect.size, dead), rect)
        if card is None:
            return rect
        if is_number(card):
            s = self.number_size(rect.size)
            self.ctx.tc.blit(canvas, str(card), s, card_ink(card), midtop=(rect.centerx, rect.top + 1))
        else:
            text = self.word(card, rect.size)
            foot = rect.top + int(rect.height * 0.66)
            canvas.blit(text, text.get_rect(midtop=(rect.centerx, foot)))
        return rect

    def warm_jobs(self, sizes: list[Size], piles: list[Size]) -> list[Callable[[], object]]:
        """Return the jobs that draw every picture ahead: each face and back at `sizes`, the dead powers at `piles`."""
        pictures: list[tuple[Callable[..., object], tuple[Any, ...]]] = [
            (self.face, (c, size)) for size in sizes for c in FACES]
        pictures += [(self.face, (c, pile, True)) for pile in piles for c in FACES if not is_number(c)]
        pictures += [(self.face, (None, size)) for size in sizes]
        pictures += [(self.number_size, (size,)) for size in sizes]
        pictures += [(self.eye, (max(40, int(size[0] * 0.8)),)) for size in sizes]
        return ArtCache.jobs(pictures)


def cards_for(ctx: Context) -> RatCards:
    """Return the card pictures of this TV: drawn ahead by `prepare`, shared by every table scene."""
    return ctx.art.shared(GAME, lambda: RatCards(ctx))


def prepare(ctx: Context) -> list[Callable[[], object]]:
    """Return the card art to draw ahead, one picture per job: every seat count's cards and piles, the how-to's."""
    piles = sorted({plan(n).pile_card for n in range(2, 7)})
    sizes = sorted({plan(n).card for n in range(2, 7)} | set(piles) | {HOWTO_CARD})
    return cards_for(ctx).warm_jobs(sizes, piles)
