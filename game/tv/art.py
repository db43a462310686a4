"""The TV's art cache: every picture drawn once per (key, size), warm-up jobs, and the Couch Cats emblem.

The platform draws no game's art. A game's TV package draws its own pictures and keeps them here
(`ArtCache.picture`, with a key that starts with the game's id), or keeps a whole object of its
own here, made once per TV (`ArtCache.shared`: its card faces, their labels in the TV's language).
`jobs` turns a list of pictures into warm-up jobs the app runs one per frame, so nothing is drawn
for the first time in the middle of a game.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Hashable, TypeVar

import pygame

from game.tv.render import GOLD, GOLD_DARK, display_ready

T = TypeVar("T")
Size = tuple[int, int]
SUPER = 2  # the emblem is drawn at 2x and smooth-scaled down: smooth edges without an anti-aliasing library

EMBLEM_SIZE = (64, 90)  # the lobby's emblem beside the title
COUCH, COUCH_DARK = (176, 58, 64), (108, 30, 38)
FUR, FUR_DARK = (236, 150, 62), (150, 84, 30)
EYES, PUPIL, NOSE = (120, 200, 90), (24, 22, 28), (236, 150, 160)


class ArtCache:
    """Drawn pictures, each made once per (key, size), and the games' own art objects, made once per TV."""

    def __init__(self) -> None:
        self._pictures: dict[tuple[Hashable, Size], pygame.Surface] = {}
        self._shared: dict[str, Any] = {}

    def picture(self, key: Hashable, size: Size, draw: Callable[..., pygame.Surface], *args: Any) -> pygame.Surface:
        """Return the picture of `key` at `size`: `draw(*args)` the first time, the same surface after."""
        found = self._pictures.get((key, size))
        if found is None:
            found = self._pictures[(key, size)] = draw(*args)
        return found

    def drawn(self) -> set[tuple[Hashable, Size]]:
        """Return the (key, size) of every picture drawn so far."""
        return set(self._pictures)

    def shared(self, name: str, make: Callable[[], T]) -> T:
        """Return the object `make()` built the first time `name` was asked for on this TV (a game's card faces)."""
        if name not in self._shared:
            self._shared[name] = make()
        return self._shared[name]

    @staticmethod
    def jobs(pictures: list[tuple[Callable[..., object], tuple[Any, ...]]]) -> list[Callable[[], object]]:
        """Return one warm-up job per (getter, args) pair: calling it draws and keeps that picture."""
        return [partial(getter, *args) for getter, args in pictures]

    def emblem(self, size: Size = EMBLEM_SIZE) -> pygame.Surface:
        """Return the Couch Cats emblem (a cat on a couch cushion) the lobby shows beside the title."""
        return self.picture(("platform", "emblem"), size, lambda: display_ready(draw_emblem(size)))


def draw_emblem(size: Size) -> pygame.Surface:
    """Return a freshly drawn Couch Cats emblem: a cat peeking over a red couch cushion, on a transparent card."""
    w, h = size[0] * SUPER, size[1] * SUPER
    surf = pygame.Surface((w, h), pygame.SRCALPHA)

    def p(u: float, v: float) -> tuple[int, int]:
        return int(u * w), int(v * h)

    def ellipse(colour: tuple[int, int, int], cu: float, cv: float, rw: float, rh: float) -> None:
        r = pygame.Rect(0, 0, int(rw * w), int(rh * h))
        r.center = p(cu, cv)
        pygame.draw.ellipse(surf, colour, r)

    # ears, then the head peeking over the couch's back
    for side in (-1, 1):
        pygame.draw.polygon(surf, FUR_DARK, [p(0.5 + side * 0.1, 0.3), p(0.5 + side * 0.36, 0.1),
                                             p(0.5 + side * 0.38, 0.38)])
        pygame.draw.polygon(surf, FUR, [p(0.5 + side * 0.13, 0.3), p(0.5 + side * 0.33, 0.15),
                                        p(0.5 + side * 0.34, 0.36)])
        pygame.draw.polygon(surf, NOSE, [p(0.5 + side * 0.18, 0.3), p(0.5 + side * 0.31, 0.2),
                                         p(0.5 + side * 0.31, 0.33)])
    ellipse(FUR_DARK, 0.5, 0.42, 0.84, 0.38)
    ellipse(FUR, 0.5, 0.42, 0.78, 0.34)
    for side in (-1, 1):
        ellipse(PUPIL, 0.5 + side * 0.17, 0.4, 0.2, 0.11)
        ellipse(EYES, 0.5 + side * 0.17, 0.4, 0.16, 0.085)
        ellipse(PUPIL, 0.5 + side * 0.17, 0.4, 0.05, 0.08)
    pygame.draw.polygon(surf, NOSE, [p(0.45, 0.47), p(0.55, 0.47), p(0.5, 0.5)])
    # the couch: its back across the cat's chin, two arms, the seat, two gold feet
    pygame.draw.rect(surf, COUCH_DARK, pygame.Rect(p(0.02, 0.52), (int(0.96 * w), int(0.3 * h))),
                     border_radius=w // 8)
    pygame.draw.rect(surf, COUCH, pygame.Rect(p(0.05, 0.54), (int(0.9 * w), int(0.26 * h))), border_radius=w // 9)
    for u in (0.0, 0.78):
        pygame.draw.rect(surf, COUCH_DARK, pygame.Rect(p(u, 0.6), (int(0.22 * w), int(0.3 * h))),
                         border_radius=w // 12)
        pygame.draw.rect(surf, COUCH, pygame.Rect(p(u + 0.03, 0.62), (int(0.16 * w), int(0.26 * h))),
                         border_radius=w // 14)
    pygame.draw.line(surf, COUCH_DARK, p(0.5, 0.56), p(0.5, 0.78), max(2, w // 40))  # the two cushions' seam
    for u in (0.12, 0.88):
        pygame.draw.circle(surf, GOLD_DARK, p(u, 0.95), w // 14)
        pygame.draw.circle(surf, GOLD, p(u, 0.94), w // 18)
    return pygame.transform.smoothscale(surf, size)
