"""Card art drawn in code: seven cats, the rabbit, both dogs, the back, the sack, the mouse cards and coins.

Each picture is drawn once at twice its size with pygame.draw and smooth-scaled down (cheap
anti-aliasing), then cached per (card, size): nothing here runs per frame after warm-up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from game.tv.art import ArtCache
from game.tv.i18n import number
from game.tv.render import GOLD, GOLD_DARK, Colour, TextCache, display_ready, shadow_text

if TYPE_CHECKING:
    from game.tv.scenes.base import Context

SUPER = 2  # draw at 2x and scale down: smooth edges without an anti-aliasing library

CREAM = (250, 243, 226)
NEG_BG = (214, 206, 226)
BLACK = (24, 22, 28)
PINK = (236, 150, 160)
WHITE = (252, 252, 250)
RED_INK = (156, 22, 30)  # dark enough on the lilac of a bad cat (AA)
BLUE_INK = (30, 70, 140)
RABBIT_BG, RABBIT_INK = (222, 238, 214), (40, 110, 40)
BIG_DOG_BG, SMALL_DOG_BG = (206, 226, 244), (252, 232, 206)
MOUSE_BG, MOUSE_INK = (236, 226, 204), (110, 70, 30)
# every (text, background) pair written on a card face, for the contrast test
CARD_TEXT_PAIRS = ((BLUE_INK, CREAM), (RED_INK, NEG_BG), (RABBIT_INK, RABBIT_BG), (BLUE_INK, BIG_DOG_BG),
                   (BLUE_INK, SMALL_DOG_BG), (MOUSE_INK, MOUSE_BG))


@dataclass(frozen=True)
class CatLook:
    """How one cat value looks: fur, markings, eyes, mood and pose."""

    fur: Colour
    marks: Colour | None
    pattern: str  # "", "stripes", "patches", "points"
    eyes: Colour
    grumpy: bool
    pose: str  # "sit", "kitten", "loaf"
    crown: bool = False


CATS: dict[int, CatLook] = {
    -8: CatLook((44, 42, 50), None, "", (236, 210, 40), True, "sit"),
    -5: CatLook((128, 130, 140), (92, 94, 104), "stripes", (120, 200, 90), True, "loaf"),
    3: CatLook((240, 150, 60), (200, 100, 30), "stripes", (90, 170, 60), False, "kitten"),
    5: CatLook((246, 246, 240), (150, 150, 150), "patches", (90, 150, 220), False, "loaf"),
    8: CatLook((150, 100, 60), (90, 56, 30), "stripes", (220, 180, 40), False, "sit"),
    11: CatLook((238, 224, 196), (92, 64, 48), "points", (70, 140, 230), False, "sit"),
    15: CatLook((240, 186, 90), (250, 250, 246), "patches", (70, 170, 120), False, "sit", crown=True),
}


def _darker(c: Colour, f: float = 0.7) -> Colour:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


class _Pen:
    """Maps unit coordinates of a drawing box to pixels, so pictures scale with the card."""

    def __init__(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        self.s = surf
        self.box = box

    def p(self, u: float, v: float) -> tuple[int, int]:
        return (int(self.box.left + u * self.box.width), int(self.box.top + v * self.box.height))

    def n(self, d: float) -> int:
        return max(1, int(d * self.box.width))

    def ellipse(self, colour: Colour, cu: float, cv: float, w: float, h: float, width: int = 0) -> None:
        r = pygame.Rect(0, 0, int(w * self.box.width), int(h * self.box.height))
        r.center = self.p(cu, cv)
        pygame.draw.ellipse(self.s, colour, r, width)

    def circle(self, colour: Colour, cu: float, cv: float, r: float, width: int = 0) -> None:
        pygame.draw.circle(self.s, colour, self.p(cu, cv), self.n(r), width)

    def poly(self, colour: Colour, pts: list[tuple[float, float]], width: int = 0) -> None:
        pygame.draw.polygon(self.s, colour, [self.p(u, v) for u, v in pts], width)

    def line(self, colour: Colour, a: tuple[float, float], b: tuple[float, float], w: float) -> None:
        pygame.draw.line(self.s, colour, self.p(*a), self.p(*b), self.n(w))

    def arc(self, colour: Colour, cu: float, cv: float, w: float, h: float, a0: float, a1: float, width: float) -> None:
        r = pygame.Rect(0, 0, int(w * self.box.width), int(h * self.box.height))
        r.center = self.p(cu, cv)
        pygame.draw.arc(self.s, colour, r, a0, a1, self.n(width))


def _draw_cat(pen: _Pen, look: CatLook) -> None:
    kitten = look.pose == "kitten"
    loaf = look.pose == "loaf"
    head_v, head_r = (0.42, 0.26) if kitten else (0.36, 0.22)
    body_v, body_w, body_h = (0.78, 0.56, 0.34) if kitten else ((0.74, 0.84, 0.36) if loaf else (0.72, 0.64, 0.5))
    outline = _darker(look.fur, 0.45) if look.fur[0] > 80 else (10, 10, 14)
    ow = 0.012
    # tail curling round the body
    tail = [(0.72 + 0.16 * math.cos(a), 0.86 - 0.22 * math.sin(a)) for a in [i * 0.22 for i in range(12)]]
    for i in range(len(tail) - 1):
        pen.line(outline, tail[i], tail[i + 1], 0.075)
    for i in range(len(tail) - 1):
        pen.line(look.fur, tail[i], tail[i + 1], 0.05)
    pen.ellipse(outline, 0.5, body_v, body_w + 0.03, body_h + 0.03)
    pen.ellipse(look.fur, 0.5, body_v, body_w, body_h)
    if look.pattern == "stripes":
        for k in range(3):
            x = 0.36 + k * 0.14
            pen.arc(look.marks or outline, x, body_v, 0.12, body_h * 0.7, 0.3, 2.8, 0.022)
    elif look.pattern == "patches" and look.marks:
        pen.ellipse(look.marks, 0.36, body_v + 0.02, 0.2, body_h * 0.5)
        pen.ellipse(look.marks, 0.64, body_v - 0.06, 0.14, body_h * 0.34)
    # front paws
    for u in (0.4, 0.6):
        pen.ellipse(outline, u, body_v + body_h * 0.42, 0.14, 0.07)
        pen.ellipse(look.fur if look.pattern != "points" else look.marks or look.fur,
                    u, body_v + body_h * 0.42, 0.12, 0.055)
    # ears
    ear_col = look.marks if look.pattern == "points" and look.marks else look.fur
    for side in (-1, 1):
        base_u = 0.5 + side * head_r * 0.72
        tip = (0.5 + side * head_r * 1.0, head_v - head_r * 1.55)
        inner = (0.5 + side * head_r * 0.2, head_v - head_r * 0.55)
        pen.poly(outline, [(base_u + side * 0.03, head_v - head_r * 0.2), tip, (inner[0] - side * 0.02, inner[1])])
        pen.poly(ear_col, [(base_u, head_v - head_r * 0.3), (tip[0] - side * 0.012, tip[1] + 0.03), inner])
        pen.poly(PINK, [(base_u - side * 0.03, head_v - head_r * 0.45),
                        (tip[0] - side * 0.03, tip[1] + 0.08), (inner[0] + side * 0.03, inner[1] + 0.01)])
    pen.circle(outline, 0.5, head_v, head_r + ow * 2)
    pen.circle(look.fur, 0.5, head_v, head_r)
    if look.pattern == "points" and look.marks:
        pen.ellipse(look.marks, 0.5, head_v + head_r * 0.35, head_r * 1.1, head_r * 0.95)
    elif look.pattern == "stripes":
        for k in (-1, 0, 1):
            pen.line(look.marks or outline, (0.5 + k * 0.05, head_v - head_r * 0.95),
                     (0.5 + k * 0.04, head_v - head_r * 0.55), 0.02)
    elif look.pattern == "patches" and look.marks:
        pen.ellipse(look.marks, 0.5 - head_r * 0.45, head_v - head_r * 0.45, head_r * 0.9, head_r * 0.7)
    # eyes
    ey = head_v - head_r * 0.08
    for side in (-1, 1):
        ex = 0.5 + side * head_r * 0.42
        ew, eh = head_r * 0.5, head_r * (0.56 if kitten else 0.44)
        if look.pattern == "patches" and not look.grumpy and look.pose == "loaf":
            pen.arc(BLACK, ex, ey + 0.01, ew, eh, 0.2, 2.9, 0.016)  # content, eyes closed
            continue
        pen.ellipse(BLACK, ex, ey, ew + 0.014, eh + 0.014)
        pen.ellipse(look.eyes, ex, ey, ew, eh)
        pen.ellipse(BLACK, ex, ey, ew * (0.5 if kitten else 0.28), eh * 0.9)
        pen.circle(WHITE, ex + ew * 0.16, ey - eh * 0.22, ew * 0.14)
        if look.grumpy:
            # heavy lids and slanted brows: the unwelcome cats look it
            lid = look.fur if look.pattern != "points" else (look.marks or look.fur)
            pen.poly(lid, [(ex - ew * 0.7, ey - eh * 0.75), (ex + ew * 0.7, ey - eh * 0.75),
                           (ex + ew * 0.7, ey - eh * (0.05 if side > 0 else -0.2)),
                           (ex - ew * 0.7, ey - eh * (-0.2 if side > 0 else 0.05))])
            pen.line(BLACK if look.fur[0] > 80 else (200, 200, 210),
                     (ex - side * ew * 0.75, ey - eh * 0.1), (ex + side * ew * 0.75, ey - eh * 0.62), 0.018)
    # nose, mouth, whiskers
    ny = head_v + head_r * 0.3
    pen.poly(PINK, [(0.5 - 0.028, ny - 0.012), (0.5 + 0.028, ny - 0.012), (0.5, ny + 0.018)])
    mouth = (200, 200, 210) if look.fur[0] < 80 else BLACK
    if look.grumpy:
        pen.arc(mouth, 0.5, ny + 0.085, 0.12, 0.07, 0.35, 2.8, 0.012)
        if look.fur[0] < 80:  # the -8 hisses: two small fangs
            pen.poly(WHITE, [(0.465, ny + 0.055), (0.478, ny + 0.055), (0.47, ny + 0.085)])
            pen.poly(WHITE, [(0.522, ny + 0.055), (0.535, ny + 0.055), (0.53, ny + 0.085)])
    else:
        pen.arc(mouth, 0.475, ny + 0.03, 0.05, 0.05, 3.3, 6.1, 0.01)
        pen.arc(mouth, 0.525, ny + 0.03, 0.05, 0.05, 3.3, 6.1, 0.01)
    wcol = (220, 220, 220) if look.fur[0] < 90 else (60, 50, 50)
    for side in (-1, 1):
        for k in (-1, 0, 1):
            pen.line(wcol, (0.5 + side * 0.07, ny + 0.01 + k * 0.012),
                     (0.5 + side * (head_r + 0.1), ny - 0.02 + k * 0.035), 0.006)
    if look.crown:
        cy = head_v - head_r * 0.92
        pen.poly((246, 200, 40), [(0.41, cy), (0.41, cy - 0.07), (0.45, cy - 0.03), (0.5, cy - 0.1),
                                  (0.55, cy - 0.03), (0.59, cy - 0.07), (0.59, cy)])
        pen.poly((150, 100, 10), [(0.41, cy), (0.41, cy - 0.07), (0.45, cy - 0.03), (0.5, cy - 0.1),
                                  (0.55, cy - 0.03), (0.59, cy - 0.07), (0.59, cy)], 2)
        pen.circle(RED_INK, 0.5, cy - 0.035, 0.014)


def _draw_rabbit(pen: _Pen) -> None:
    fur, shade = (236, 232, 226), (190, 182, 176)
    for u, tilt in ((0.4, -0.04), (0.6, 0.04)):
        pen.ellipse(shade, u + tilt, 0.2, 0.15, 0.4)
        pen.ellipse(fur, u + tilt, 0.2, 0.12, 0.37)
        pen.ellipse(PINK, u + tilt, 0.22, 0.06, 0.28)
    pen.ellipse(shade, 0.5, 0.76, 0.62, 0.42)
    pen.ellipse(fur, 0.5, 0.76, 0.58, 0.38)
    pen.circle(WHITE, 0.8, 0.84, 0.07)
    pen.circle(shade, 0.5, 0.45, 0.215)
    pen.circle(fur, 0.5, 0.45, 0.2)
    for side in (-1, 1):
        pen.ellipse(BLACK, 0.5 + side * 0.085, 0.42, 0.065, 0.08)
        pen.circle(WHITE, 0.5 + side * 0.085 + 0.012, 0.405, 0.012)
        pen.ellipse(PINK, 0.5 + side * 0.13, 0.5, 0.07, 0.035)
    pen.poly(PINK, [(0.475, 0.49), (0.525, 0.49), (0.5, 0.515)])
    pen.poly(WHITE, [(0.48, 0.53), (0.52, 0.53), (0.52, 0.575), (0.48, 0.575)])
    pen.line(shade, (0.5, 0.53), (0.5, 0.575), 0.005)
    for side in (-1, 1):
        for k in (-1, 1):
            pen.line((120, 110, 110), (0.5 + side * 0.05, 0.51), (0.5 + side * 0.25, 0.5 + k * 0.03), 0.005)


def _draw_dog(pen: _Pen, big: bool) -> None:
    if big:
        fur, ear, snout = (170, 112, 60), (96, 58, 30), (232, 206, 170)
        head_v, head_r = 0.5, 0.3
    else:
        fur, ear, snout = (246, 244, 236), (150, 96, 50), (250, 250, 246)
        head_v, head_r = 0.6, 0.2
    outline = (60, 40, 24)
    if big:
        for side in (-1, 1):  # floppy ears hanging down
            pen.ellipse(outline, 0.5 + side * head_r * 0.95, head_v + 0.04, head_r * 0.62, head_r * 1.5)
            pen.ellipse(ear, 0.5 + side * head_r * 0.95, head_v + 0.04, head_r * 0.54, head_r * 1.42)
    else:
        for side in (-1, 1):  # perky terrier ears
            pen.poly(outline, [(0.5 + side * 0.06, head_v - head_r * 0.8), (0.5 + side * 0.24, head_v - head_r * 1.9),
                               (0.5 + side * 0.2, head_v - head_r * 0.3)])
            pen.poly(ear, [(0.5 + side * 0.075, head_v - head_r * 0.75), (0.5 + side * 0.225, head_v - head_r * 1.7),
                           (0.5 + side * 0.19, head_v - head_r * 0.38)])
    pen.circle(outline, 0.5, head_v, head_r + 0.012)
    pen.circle(fur, 0.5, head_v, head_r)
    if not big:
        pen.ellipse(ear, 0.5 + head_r * 0.42, head_v - head_r * 0.35, head_r * 0.8, head_r * 0.75)
    pen.ellipse(outline, 0.5, head_v + head_r * 0.5, head_r * 1.06, head_r * 0.78)
    pen.ellipse(snout, 0.5, head_v + head_r * 0.5, head_r * 1.0, head_r * 0.72)
    for side in (-1, 1):
        ex = 0.5 + side * head_r * 0.42
        pen.circle(BLACK, ex, head_v - head_r * 0.18, head_r * 0.16)
        pen.circle(WHITE, ex + head_r * 0.05, head_v - head_r * 0.24, head_r * 0.05)
        if big:  # heavy brows: the big dog means business
            pen.line(outline, (ex - side * head_r * 0.25, head_v - head_r * 0.5),
                     (ex + side * head_r * 0.2, head_v - head_r * 0.38), 0.014)
    pen.ellipse(BLACK, 0.5, head_v + head_r * 0.28, head_r * 0.48, head_r * 0.3)
    pen.circle((90, 90, 96), 0.48, head_v + head_r * 0.22, head_r * 0.06)
    pen.arc(BLACK, 0.5, head_v + head_r * 0.62, head_r * 0.7, head_r * 0.35, 3.4, 6.0, 0.008)
    pen.ellipse((220, 80, 90), 0.5, head_v + head_r * 0.86, head_r * 0.3, head_r * 0.42)
    pen.line((170, 50, 60), (0.5, head_v + head_r * 0.72), (0.5, head_v + head_r * 0.98), 0.005)
    if not big:  # a red collar with a tag
        pen.arc((200, 40, 40), 0.5, head_v + head_r * 0.95, head_r * 1.5, head_r * 0.5, 3.5, 5.9, 0.02)
        pen.circle(GOLD_TAG, 0.5, head_v + head_r * 1.22, 0.025)


GOLD_TAG = (240, 190, 50)


def _arrow(pen: _Pen, up: bool, colour: Colour) -> None:
    if up:
        pts = [(0.5, 0.0), (0.95, 0.5), (0.68, 0.5), (0.68, 1.0), (0.32, 1.0), (0.32, 0.5), (0.05, 0.5)]
    else:
        pts = [(0.5, 1.0), (0.95, 0.5), (0.68, 0.5), (0.68, 0.0), (0.32, 0.0), (0.32, 0.5), (0.05, 0.5)]
    pen.poly(colour, pts)


def _draw_sack(pen: _Pen) -> None:
    burlap, dark = (176, 140, 90), (110, 82, 48)
    cat = CATS[8]
    # a cat peeking out of the top
    for side in (-1, 1):
        pen.poly(cat.fur, [(0.5 + side * 0.04, 0.28), (0.5 + side * 0.2, 0.12), (0.5 + side * 0.19, 0.3)])
        pen.poly(PINK, [(0.5 + side * 0.07, 0.28), (0.5 + side * 0.18, 0.17), (0.5 + side * 0.17, 0.28)])
    pen.ellipse(cat.fur, 0.5, 0.33, 0.4, 0.18)
    for side in (-1, 1):
        pen.ellipse(BLACK, 0.5 + side * 0.08, 0.32, 0.08, 0.065)
        pen.ellipse(cat.eyes, 0.5 + side * 0.08, 0.32, 0.065, 0.05)
        pen.ellipse(BLACK, 0.5 + side * 0.08, 0.32, 0.02, 0.045)
    pen.poly(dark, [(0.22, 0.36), (0.78, 0.36), (0.92, 0.9), (0.08, 0.9)])
    pen.poly(burlap, [(0.24, 0.38), (0.76, 0.38), (0.89, 0.88), (0.11, 0.88)])
    for k in range(6):
        v = 0.45 + k * 0.075
        pen.line(dark, (0.2 + k * 0.01, v), (0.8 - k * 0.01 + 0.04 * k / 6, v), 0.004)
    pen.ellipse(dark, 0.5, 0.4, 0.62, 0.07)
    pen.line((90, 60, 30), (0.25, 0.42), (0.75, 0.42), 0.02)
    pen.circle((90, 60, 30), 0.5, 0.42, 0.03)


def _draw_back(surf: pygame.Surface, rect: pygame.Rect) -> None:
    pen = _Pen(surf, rect)
    stripe = (66, 54, 130)
    for k in range(-10, 20):
        pen.line(stripe, (k * 0.12, 0.0), (k * 0.12 + 0.7, 1.0), 0.03)
    for cu, cv in ((0.28, 0.2), (0.72, 0.36), (0.3, 0.62), (0.7, 0.8)):
        pen.ellipse((210, 190, 120), cu, cv + 0.03, 0.16, 0.08)
        for du, dv in ((-0.07, -0.04), (-0.025, -0.075), (0.025, -0.075), (0.07, -0.04)):
            pen.ellipse((210, 190, 120), cu + du, cv + dv, 0.05, 0.04)
    pen.circle((40, 30, 90), 0.5, 0.5, 0.22)
    pen.circle((210, 190, 120), 0.5, 0.5, 0.22, pen.n(0.015))
    _draw_sack(_Pen(surf, pygame.Rect(rect.centerx - rect.width * 0.17, rect.centery - rect.width * 0.19,
                                      rect.width * 0.34, rect.width * 0.34)))


def _corner_value(surf: pygame.Surface, font: pygame.font.Font, text: str, colour: Colour, card: pygame.Rect,
                  backing: Colour | None = None) -> None:
    """Write the value in the top left corner and upside down in the bottom right one.

    With `backing` (a counted card's big value) only in the top left, on a patch of that colour over the picture.
    """
    label = font.render(text, True, colour)
    pad = card.width // 16
    if backing is not None:
        box = label.get_rect(topleft=(card.left + pad, card.top + pad // 2)).inflate(pad, 0)
        pygame.draw.rect(surf, backing, box, border_radius=pad)
        surf.blit(label, label.get_rect(center=box.center))
        return
    surf.blit(label, (card.left + pad, card.top + pad // 2))
    flipped = pygame.transform.rotate(label, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(card.right - pad, card.bottom - pad // 2)))


def label_font(text: str, width: int, height: int) -> pygame.font.Font:
    """Return the largest card font (at most `height` pixels) in which `text` fits `width` pixels."""
    size = height
    font = pygame.font.Font(None, size)
    while font.size(text)[0] > width and size > 8:
        size -= 2
        font = pygame.font.Font(None, size)
    return font


def _bottom_label(surf: pygame.Surface, text: str, colour: Colour, card: pygame.Rect) -> None:
    """Write `text` centred near the bottom of the card (above the owner's badge), shrunk to fit its width."""
    font = label_font(text, int(card.width * 0.86), int(card.height * 0.12))
    label = font.render(text, True, colour)
    surf.blit(label, label.get_rect(midbottom=(card.centerx, card.bottom - card.height * 0.1)))


def _card_base(w: int, h: int, bg: Colour, edge: Colour) -> tuple[pygame.Surface, pygame.Rect]:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = w // 12
    pygame.draw.rect(surf, edge, rect, border_radius=radius)
    pygame.draw.rect(surf, bg, rect.inflate(-w // 25, -w // 25), border_radius=radius - 2)
    return surf, rect


COUNTED_VALUE = 0.7  # a counted card's value: its font's size over the card's width (0.36 on the others)


def draw_card(card: int | str, size: tuple[int, int], label: str | None = None, *,
              counted: bool = False) -> pygame.Surface:
    """Return a freshly drawn face of `card` (cat value, 'rabbit', 'big_dog', 'small_dog', 'back', 'sack').

    `label` is the dogs' name in the TV's language, written along the bottom ('big dog').
    `counted`: a small card of a pile counted on the score screen, its value written big in one corner.
    """
    w, h = size[0] * SUPER, size[1] * SUPER
    value_font = pygame.font.Font(None, int(w * (COUNTED_VALUE if counted else 0.36)))
    value_font.bold = counted
    if card == "back":
        surf, rect = _card_base(w, h, (48, 38, 104), (236, 220, 160))
        inner = rect.inflate(-w // 10, -w // 10)
        sub = surf.subsurface(inner)
        _draw_back(sub, sub.get_rect())
        pygame.draw.rect(surf, (236, 220, 160), inner, max(2, w // 60), border_radius=w // 20)
    elif card == "sack":
        surf, rect = _card_base(w, h, (86, 60, 40), (236, 220, 160))
        _draw_sack(_Pen(surf, rect.inflate(-w // 8, -h // 5)))
    elif isinstance(card, int) and card in CATS:
        look = CATS[card]
        bg = NEG_BG if card < 0 else CREAM
        surf, rect = _card_base(w, h, bg, (60, 50, 44))
        art = pygame.Rect(rect.left + w * 0.06, rect.top + h * 0.16, w * 0.88, h * 0.72)
        _draw_cat(_Pen(surf, art), look)
        colour = RED_INK if card < 0 else BLUE_INK
        _corner_value(surf, value_font, number(card), colour, rect, bg if counted else None)
    elif card == "rabbit":
        surf, rect = _card_base(w, h, RABBIT_BG, (60, 50, 44))
        _draw_rabbit(_Pen(surf, pygame.Rect(rect.left + w * 0.08, rect.top + h * 0.14, w * 0.84, h * 0.74)))
        _corner_value(surf, value_font, "0", RABBIT_INK, rect, RABBIT_BG if counted else None)
    elif card in ("big_dog", "small_dog"):
        big = card == "big_dog"
        surf, rect = _card_base(w, h, BIG_DOG_BG if big else SMALL_DOG_BG, (60, 50, 44))
        art = pygame.Rect(rect.left + w * 0.06, rect.top + h * 0.1, w * 0.88, h * 0.68)
        _draw_dog(_Pen(surf, art), big)
        # arrows say which cat the dog chases: the highest (big) or the lowest (small)
        arrow = pygame.Rect(0, 0, w * 0.16, h * 0.14)
        _arrow(_Pen(surf, arrow.move(rect.left + w * 0.07, rect.top + h * 0.04)), big, BLUE_INK)
        _arrow(_Pen(surf, arrow.move(rect.right - w * 0.23, rect.top + h * 0.04)), big, BLUE_INK)
        if label:
            _bottom_label(surf, label, BLUE_INK, rect)
    else:
        surf, rect = _card_base(w, h, (200, 200, 200), (60, 50, 44))
        _corner_value(surf, value_font, "?", BLACK, rect)
    return pygame.transform.smoothscale(surf, size)


def draw_mouse_card(value: int, size: tuple[int, int]) -> pygame.Surface:
    """Return the empty mouse card of `value` (its mice are drawn on top by the table)."""
    w, h = size[0] * SUPER, size[1] * SUPER
    surf, rect = _card_base(w, h, MOUSE_BG, (110, 80, 50))
    pen = _Pen(surf, pygame.Rect(rect.left + w * 0.55, rect.top + h * 0.12, w * 0.4, h * 0.45))
    grey, dark = (150, 146, 150), (90, 86, 92)
    pen.ellipse(dark, 0.55, 0.6, 0.9, 0.62)
    pen.ellipse(grey, 0.55, 0.6, 0.84, 0.56)
    pen.circle(grey, 0.2, 0.28, 0.16)
    pen.circle(PINK, 0.2, 0.28, 0.1)
    pen.circle(BLACK, 0.14, 0.52, 0.04)
    pen.arc(dark, 1.0, 0.7, 0.5, 0.6, 3.4, 5.6, 0.03)
    font = pygame.font.Font(None, int(h * 0.5))
    label = font.render(str(value), True, MOUSE_INK)
    surf.blit(label, label.get_rect(topleft=(rect.left + w * 0.08, rect.top + h * 0.06)))
    return pygame.transform.smoothscale(surf, size)


# ---------------------------------------------------------------- mouse coins


def coin_sprite(radius: int) -> pygame.Surface:
    """Return one mouse coin drawn on a transparent square, to blit instead of drawing each time."""
    surf = pygame.Surface((radius * 2 + 2, radius * 2 + radius // 6 + 3), pygame.SRCALPHA)
    draw_coin(surf, (radius + 1, radius + 1), radius)
    return display_ready(surf)


def draw_coin(canvas: pygame.Surface, center: tuple[float, float], radius: float) -> None:
    """Draw one mouse coin: a gold disc with a little mouse head stamped on it."""
    cx, cy, r = int(center[0]), int(center[1]), int(radius)
    pygame.draw.circle(canvas, GOLD_DARK, (cx, cy + max(1, r // 6)), r)
    pygame.draw.circle(canvas, GOLD, (cx, cy), r)
    pygame.draw.circle(canvas, GOLD_DARK, (cx, cy), r, max(1, r // 7))
    if r >= 9:
        ear = max(2, r // 4)
        pygame.draw.circle(canvas, GOLD_DARK, (cx - r // 3, cy - r // 4), ear)
        pygame.draw.circle(canvas, GOLD_DARK, (cx + r // 3, cy - r // 4), ear)
        pygame.draw.circle(canvas, GOLD_DARK, (cx, cy + r // 8), max(2, r // 3))


def coin_pile_positions(count: int, area: pygame.Rect, radius: int) -> list[tuple[int, int]]:
    """Return where `count` coins lie in `area`: stacks of up to 5, side by side, at most 8 stacks shown."""
    stacks = min(8, max(1, math.ceil(count / 5)))
    shown = min(count, stacks * 5)
    step_x = radius * 2 + 6
    left = area.centerx - (stacks * step_x - 6) // 2 + radius
    base_y = area.bottom - radius - 4
    out = []
    for i in range(shown):
        s, level = divmod(i, 5)
        out.append((left + s * step_x, base_y - level * max(4, radius // 2)))
    return out


def draw_coins(canvas: pygame.Surface, tc: TextCache, coin: pygame.Surface, count: int, area: pygame.Rect,
               label_size: int = 34, label_colour: Colour = GOLD) -> None:
    """Draw a pile of `count` coins (the `coin` sprite) in `area` with the count written large above it."""
    if count <= 0:
        return
    radius = coin.get_width() // 2 - 1
    for pos in coin_pile_positions(count, area, radius):
        canvas.blit(coin, (pos[0] - radius - 1, pos[1] - radius - 1))
    if label_size:
        shadow_text(tc, canvas, str(count), label_size, label_colour,
                    midbottom=(area.centerx, area.top + label_size + 2))


LABEL_MIN_WIDTH = 120  # smaller cards (won piles, results) are too small for a written name
LABELLED = ("big_dog", "small_dog")  # the cards whose picture alone does not say what they are


def card_labels(texts: Callable[[str], str]) -> dict[str, str]:
    """Return the names written on the labelled cards, in the language of `texts` (a game.tv.i18n.Texts)."""
    return {card: texts(f"card.in_text.{card}") for card in LABELLED}


GAME = "cat-in-the-sack"  # the art cache's keys of this game's pictures start with its id


class CardArt:
    """This game's card pictures, each (card, size) drawn once and kept in the TV's art cache.

    `labels` names the cards that carry their name on the face (the dogs), in the TV's language.
    """

    def __init__(self, cache: ArtCache | None = None, labels: dict[str, str] | None = None) -> None:
        self.cache = cache if cache is not None else ArtCache()
        self.labels = dict(labels or {})

    def face(self, card: int | str, size: tuple[int, int]) -> pygame.Surface:
        """Return the drawn face of `card` at `size` ('back' and 'sack' too)."""
        return self.cache.picture((GAME, card), size, self._draw_face, card, size)

    def _draw_face(self, card: int | str, size: tuple[int, int]) -> pygame.Surface:
        label = self.labels.get(str(card)) if size[0] >= LABEL_MIN_WIDTH else None
        return display_ready(draw_card(card, size, label))

    def counted_face(self, card: int | str, size: tuple[int, int]) -> pygame.Surface:
        """Return the face of `card` at `size` as a counted pile shows it: its value big in the top left corner."""
        return self.cache.picture((GAME, card, "counted"), size, self._draw_counted, card, size)

    def _draw_counted(self, card: int | str, size: tuple[int, int]) -> pygame.Surface:
        return display_ready(draw_card(card, size, counted=True))

    def mouse_card(self, value: int, size: tuple[int, int]) -> pygame.Surface:
        """Return the mouse card of `value` at `size`."""
        return self.cache.picture((GAME, "mouse", value), size, lambda: display_ready(draw_mouse_card(value, size)))

    def coin(self, radius: int) -> pygame.Surface:
        """Return the mouse coin sprite of `radius`."""
        return self.cache.picture((GAME, "coin"), (radius, radius), coin_sprite, radius)

    def warm_jobs(self, sizes: list[tuple[int, int]], mouse_size: tuple[int, int]) -> list[Callable[[], object]]:
        """Return one job per picture the table will need, to run a few per frame ahead of time."""
        cards: list[int | str] = [*CATS, "rabbit", "big_dog", "small_dog", "back", "sack"]
        return ArtCache.jobs([(self.face, (c, s)) for s in sizes for c in cards] +
                             [(self.mouse_card, (v, mouse_size)) for v in (2, 3, 4, 6)])


def sack_art(ctx: Context) -> CardArt:
    """Return this TV's card art of the game (one per TV, its pictures in the TV's art cache)."""
    art = ctx.art
    return art.shared(GAME, lambda: CardArt(art))
