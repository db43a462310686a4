"""The Rat-a-Tat Cat table's geometry on the 1920x1080 canvas: header, the table's middle, the seat panels.

The header (the round, whose turn) stays on top. Under it lies the table's middle, a strip that
holds the draw pile, the discard pile, the card the seat whose turn it is holds (only one seat
ever holds one, so it is drawn big in the middle, framed in that seat's colour) and the news
lines: what just happened, the two lines before it, and the knock (or a Draw 2's draws left).
The seat panels share the rest: one row of two, or two rows (two or three panels each). Each
panel is its name row over its line of four cards, the cards as big as the panel's width and
height allow, so every seat count fills the screen (tests/test_tv_rat.py holds the sizes).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.tv.layout import SAFE

RATIO = 1.4          # a card's height over its width
GAP = 12             # between the cards of a line
PAD = 12             # a panel's edge to its cards
NAME_ROW = 56        # a panel's name row above its line
SEAT_GAP = 24        # between seat panels
HEADER_BOTTOM = SAFE.top + 84
BODY_TOP = HEADER_BOTTOM + 16
BADGE_H = 46         # the pile's count and the discard's "dead" tag under them
STRIP_MIN, STRIP_MAX = 256, 330  # the middle strip's height: piles, the card in hand, the news lines
HOWTO_CARD = (130, 182)  # the cards on the how-to's demo phone


def card_of(width: int) -> tuple[int, int]:
    """Return a card's size for `width` pixels across."""
    return width, int(width * RATIO)


@dataclass(frozen=True)
class Plan:
    """Where everything lies at a table of one seat count."""

    card: tuple[int, int]          # a line's card
    pile_card: tuple[int, int]     # the draw pile, the discard pile and the card in hand
    seats: tuple[pygame.Rect, ...]
    strip: pygame.Rect             # the table's middle: piles, hand, news
    pile: pygame.Rect
    discard: pygame.Rect
    hand: pygame.Rect              # the card the seat whose turn it is holds
    news: pygame.Rect              # what just happened
    earlier: pygame.Rect           # the two lines before it: the round's story so far
    knock: pygame.Rect
    toast: pygame.Rect             # over the earlier lines while a toast shows


def _rows(count: int) -> list[int]:
    """Return how many panels stand in each row: one row up to two seats, else two rows."""
    if count <= 2:
        return [max(1, count)]
    return [(count + 1) // 2, count // 2]


@lru_cache(maxsize=None)
def plan(count: int) -> Plan:
    """Return the table's geometry for `count` seats (2-6; other counts are drawn like the nearest)."""
    count = max(1, count)
    rows = _rows(count)
    cols = max(rows)
    panel_w = (SAFE.width - (cols - 1) * SEAT_GAP) // cols
    width_cap = (panel_w - 2 * PAD - 3 * GAP) // 4
    seats_h = SAFE.bottom - BODY_TOP - STRIP_MIN - SEAT_GAP  # what the rows may take with the smallest strip
    row_h = (seats_h - (len(rows) - 1) * SEAT_GAP) // len(rows)
    height_cap = int((row_h - NAME_ROW - PAD) / RATIO)
    card = card_of(min(width_cap, height_cap))
    panel_h = NAME_ROW + card[1] + PAD
    rows_h = len(rows) * panel_h + (len(rows) - 1) * SEAT_GAP
    strip_h = min(STRIP_MAX, SAFE.bottom - BODY_TOP - SEAT_GAP - rows_h)
    spare = SAFE.bottom - BODY_TOP - SEAT_GAP - rows_h - strip_h  # shared out above, between and below
    strip = pygame.Rect(SAFE.left, BODY_TOP + spare // 3, SAFE.width, strip_h)
    seats: list[pygame.Rect] = []
    top = strip.bottom + SEAT_GAP + spare // 3
    for in_row in rows:
        w = panel_w
        left = SAFE.centerx - (in_row * w + (in_row - 1) * SEAT_GAP) // 2
        seats += [pygame.Rect(left + k * (w + SEAT_GAP), top, w, panel_h) for k in range(in_row)]
        top += panel_h + SEAT_GAP
    pile_card = card_of(int((strip_h - BADGE_H - 14) / RATIO))
    pile = pygame.Rect(strip.left + 20, strip.top + 6, *pile_card)
    discard = pile.move(pile_card[0] + 44, 0)
    hand = discard.move(pile_card[0] + 56, 0)
    text_left = hand.right + 50
    news = pygame.Rect(text_left, strip.top + 6, SAFE.right - text_left, 64)
    earlier = pygame.Rect(text_left, news.bottom + 4, SAFE.right - text_left, 84)
    knock = pygame.Rect(text_left, earlier.bottom + 8, SAFE.right - text_left, 76)
    toast = pygame.Rect(text_left, earlier.top + 12, SAFE.right - text_left, 60)
    return Plan(card, pile_card, tuple(seats), strip, pile, discard, hand, news, earlier, knock, toast)


class RatLayout:
    """The header (round/end mode, whose turn), then each seat count's plan (`plan`)."""

    round_label: pygame.Rect = pygame.Rect(SAFE.left, SAFE.top, 420, 84)
    turn_banner: pygame.Rect = pygame.Rect(SAFE.left + 440, SAFE.top, SAFE.width - 440, 84)

    @staticmethod
    def plan(count: int) -> Plan:
        """Return where everything lies at a table of `count` seats."""
        return plan(count)

    def card_size(self, count: int) -> tuple[int, int]:
        """Return the size of a line's card at a table of `count` seats."""
        return plan(count).card

    def seat(self, i: int, count: int) -> pygame.Rect:
        """Return seat panel i of `count`."""
        seats = plan(count).seats
        return seats[min(i, len(seats) - 1)]

    def card(self, seat: int, count: int, position: int) -> pygame.Rect:
        """Return where card `position` (1..4) of seat's line lies in its panel, the line centred in it."""
        s, (w, h) = self.seat(seat, count), plan(count).card
        line = 4 * w + 3 * GAP
        return pygame.Rect(s.centerx - line // 2 + (position - 1) * (w + GAP), s.top + NAME_ROW, w, h)

    def drawn(self, seat: int, count: int) -> pygame.Rect:
        """Return where the card a seat holds (drawn, deciding) lies: the table's middle, beside the piles."""
        return plan(count).hand


RAT = RatLayout()


def all_rects(seats: int) -> dict[str, pygame.Rect]:
    """Return every fixed rectangle of the table for `seats` players (for the safe-area test)."""
    p = plan(seats)
    out = {"rat.round_label": RAT.round_label, "rat.turn_banner": RAT.turn_banner}
    out |= {f"rat.{n}": getattr(p, n) for n in ("strip", "pile", "discard", "hand", "news", "earlier", "knock",
                                                 "toast")}
    for i in range(seats):
        out[f"rat.seat{i}"] = RAT.seat(i, seats)
        for pos in range(1, 5):
            out[f"rat.card{i}.{pos}"] = RAT.card(i, seats, pos)
    return out
