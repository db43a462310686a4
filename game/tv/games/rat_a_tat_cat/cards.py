"""Rat-a-Tat Cat's card art drawn in code: the numbers 0-9, the three power cards and the game's own card back.

Each face is drawn once per (card, size, dead) and kept in the TV's art cache (game.tv.art); the
back is drawn at twice its size and smooth-scaled down (cheap anti-aliasing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.tv import layout
from game.tv.art import ArtCache
from game.tv.render import GOLD, INK, display_ready
from game.tv.games.rat_a_tat_cat.layout import BIG_CARD, CARD, PILE_CARD

if TYPE_CHECKING:
    from game.tv.scenes.base import Context

GAME = "rat-a-tat-cat"  # the art cache's keys of this game's pictures start with its id
SUPER = 2

CREAM = (250, 244, 228)
CAT_INK = (20, 70, 120)    # 0-6: the cats (good cards)
RAT_INK = (150, 30, 24)    # 7-9: the rats
POWER_BG = (74, 40, 120)
DEAD = (60, 60, 64)
CARD_TEXT_PAIRS = (  # each card text's ink and its paper (tests/test_tv_rat.py checks WCAG AA)
    (CAT_INK, CREAM), (RAT_INK, CREAM), (INK, POWER_BG), (INK, DEAD))
BACK_BG, BACK_LINE, BACK_EDGE = (22, 84, 92), (36, 118, 124), (236, 220, 160)
RAT_FUR, RAT_DARK, RAT_PINK = (150, 146, 156), (84, 80, 92), (236, 150, 160)
FACES: tuple[Any, ...] = (*range(10), "peek", "swap", "draw2")


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
    """The card faces of one TV (numbers, powers, the back), each drawn once per size in its art cache.

    The power cards' names are written in the TV's language (`ctx.texts`).
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def face(self, card: Any, size: tuple[int, int], dead: bool = False) -> pygame.Surface:
        """Return `card`'s face at `size`; None is the game's card back."""
        if card is None:
            return self.ctx.art.picture((GAME, "back"), size, lambda: display_ready(draw_back(size)))
        return self.ctx.art.picture((GAME, card, dead), size, self._draw, card, size, dead)

    def _draw(self, card: Any, size: tuple[int, int], dead: bool) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        tc = self.ctx.tc
        if isinstance(card, int) and not isinstance(card, bool):
            ink = CAT_INK if card <= 6 else RAT_INK
            pygame.draw.rect(surf, CREAM, rect, border_radius=w // 8)
            pygame.draw.rect(surf, ink, rect, max(3, w // 24), border_radius=w // 8)
            big = tc.render(str(card), int(h * 0.55), ink)
            surf.blit(big, big.get_rect(center=rect.center))
            corner = tc.render(str(card), max(layout.TEXT_SMALL, h // 6), ink)
            surf.blit(corner, (w // 10, h // 24))
        else:
            bg = DEAD if dead else POWER_BG
            pygame.draw.rect(surf, bg, rect, border_radius=w // 8)
            pygame.draw.rect(surf, GOLD, rect, max(3, w // 24), border_radius=w // 8)
            label = self.ctx.texts(f"rt.card.{card}")
            text = tc.fit(label, layout.TEXT_SMALL if w < 120 else layout.TEXT_BODY, w - 12, INK, min_size=20)
            surf.blit(text, text.get_rect(center=rect.center))
        return surf


def cards_for(ctx: Context) -> RatCards:
    """Return the card faces of this TV: drawn ahead by `prepare`, shared by every table scene."""
    return ctx.art.shared(GAME, lambda: RatCards(ctx))


def prepare(ctx: Context) -> list[Callable[[], object]]:
    """Return the card art to draw ahead, one face per job: lines at both sizes, the discard pile, backs."""
    cards = cards_for(ctx)
    pictures: list[tuple[Callable[..., object], tuple[Any, ...]]] = [
        (cards.face, (c, size)) for size in (BIG_CARD, CARD) for c in FACES]
    pictures += [(cards.face, (c, PILE_CARD, dead)) for c in FACES for dead in (False, True)
                 if not dead or isinstance(c, str)]
    pictures += [(cards.face, (None, size)) for size in (BIG_CARD, CARD, PILE_CARD)]
    return ArtCache.jobs(pictures)
