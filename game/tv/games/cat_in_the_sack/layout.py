"""The Cat in the Sack table's geometry on the 1920x1080 canvas: header, mouse cards, row, bids, seats."""

from __future__ import annotations

import pygame

from game.tv.layout import SAFE

CARD_SIZE = (190, 266)
MOUSE_CARD_SIZE = (230, 168)
SEAT_GAP = 24


class SackLayout:
    """The Cat in the Sack table: header, news line, mouse cards, the row, bids and seat panels."""

    header: pygame.Rect = pygame.Rect(SAFE.left, SAFE.top, SAFE.width, 84)
    round_label: pygame.Rect = pygame.Rect(SAFE.left, SAFE.top, 340, 84)
    turn_banner: pygame.Rect = pygame.Rect(SAFE.left + 360, SAFE.top, SAFE.width - 720, 84)
    bank: pygame.Rect = pygame.Rect(SAFE.right - 340, SAFE.top, 340, 84)
    news: pygame.Rect = pygame.Rect(SAFE.left, 140, SAFE.width, 56)
    mouse_row_top: int = 200
    row_top: int = 392
    bids_top: int = 704  # each seat's bid sits on a tab joined to the top of its own panel
    bids_height: int = 118
    seats_top: int = 816

    def mouse_card(self, i: int, count: int) -> pygame.Rect:
        """Return the rectangle of mouse card i of `count`, centred above the row."""
        w, h = MOUSE_CARD_SIZE
        gap = 36
        total = count * w + (count - 1) * gap
        left = SAFE.centerx - total // 2
        return pygame.Rect(left + i * (w + gap), self.mouse_row_top, w, h)

    def mouse_pile(self, i: int, count: int) -> pygame.Rect:
        """Return the tray on mouse card i where its mice lie (the card's lower part, under its value)."""
        card = self.mouse_card(i, count)
        return pygame.Rect(card.left + 12, card.top + 96, card.width - 24, card.height - 106)

    def row_slot(self, i: int, row_len: int) -> pygame.Rect:
        """Return row position i (0 is the cat-in-the-sack card, cards are 1..row_len)."""
        w, h = CARD_SIZE
        gap = 28
        slots = row_len + 1
        total = slots * w + (slots - 1) * gap
        left = SAFE.centerx - total // 2
        return pygame.Rect(left + i * (w + gap), self.row_top, w, h)

    def seat(self, i: int, count: int) -> pygame.Rect:
        """Return seat panel i of `count` seats, in a row along the bottom of the table."""
        count = max(1, count)
        w = min(300, (SAFE.width - (count - 1) * SEAT_GAP) // count)
        total = count * w + (count - 1) * SEAT_GAP
        left = SAFE.centerx - total // 2
        return pygame.Rect(left + i * (w + SEAT_GAP), self.seats_top, w, SAFE.bottom - self.seats_top)

    def marker(self, i: int, count: int) -> tuple[int, int]:
        """Return where the start-player marker sits on seat panel i."""
        s = self.seat(i, count)
        return (s.right - 44, s.bottom - 76)

    def bid_spot(self, i: int, count: int) -> pygame.Rect:
        """Return seat i's bid tab: on top of its panel (overlapping its border), where its bid or 'passed' lies."""
        s = self.seat(i, count)
        return pygame.Rect(s.left + 14, self.bids_top, s.width - 28, self.bids_height)

    def bid_coins(self, i: int, count: int) -> pygame.Rect:
        """Return where the coins of seat i's bid lie: the left part of its tab, above the panel's border."""
        t = self.bid_spot(i, count)
        return pygame.Rect(t.left + 8, t.top + 8, t.width // 2 - 8, t.height - 26)

    def bid_label(self, i: int, count: int) -> pygame.Rect:
        """Return where seat i's bid total is written: the right part of its tab."""
        t = self.bid_spot(i, count)
        return pygame.Rect(t.centerx + 4, t.top + 8, t.width // 2 - 12, t.height - 26)


SACK = SackLayout()


def all_rects(seats: int) -> dict[str, pygame.Rect]:
    """Return every fixed rectangle of the table for `seats` players (for the safe-area test)."""
    out: dict[str, pygame.Rect] = {}
    for name in ("header", "round_label", "turn_banner", "bank", "news"):
        out[f"sack.{name}"] = getattr(SACK, name)
    mouse_count = 4
    for i in range(mouse_count):
        out[f"sack.mouse{i}"] = SACK.mouse_card(i, mouse_count)
    row_len = 5
    for i in range(row_len + 1):
        out[f"sack.row{i}"] = SACK.row_slot(i, row_len)
    for i in range(seats):
        out[f"sack.seat{i}"] = SACK.seat(i, seats)
        out[f"sack.bid{i}"] = SACK.bid_spot(i, seats)
    return out
