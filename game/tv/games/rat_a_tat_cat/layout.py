"""The Rat-a-Tat Cat table's geometry on the 1920x1080 canvas: header, piles, news and seat panels."""

from __future__ import annotations

import pygame

from game.tv.layout import SAFE

CARD = (96, 134)        # a card of a seat's line (three seats and more)
BIG_CARD = (130, 182)   # a card of a seat's line at a table of two: the panels have the room
PILE_CARD = (130, 182)  # the draw pile and the discard pile
GAP = 12
SEAT_GAP = 24


class RatLayout:
    """The header (round/end mode, whose turn), the piles and news line, then the seat panels in rows."""

    round_label: pygame.Rect = pygame.Rect(SAFE.left, SAFE.top, 420, 84)
    turn_banner: pygame.Rect = pygame.Rect(SAFE.left + 440, SAFE.top, SAFE.width - 440, 84)
    pile: pygame.Rect = pygame.Rect(SAFE.left + 40, 160, *PILE_CARD)
    discard: pygame.Rect = pygame.Rect(SAFE.left + 230, 160, *PILE_CARD)
    news: pygame.Rect = pygame.Rect(SAFE.left + 420, 160, SAFE.width - 420, 64)
    knock: pygame.Rect = pygame.Rect(SAFE.left + 420, 240, SAFE.width - 420, 76)
    toast: pygame.Rect = pygame.Rect(SAFE.left + 420, 332, SAFE.width - 420, 60)  # above the seats, clear of names
    seats_top: int = 424  # below the pile count badge, with room for the turn glow

    def columns(self, count: int) -> int:
        """Return how many seat panels stand side by side (two rows from four seats up)."""
        return count if count <= 3 else (count + 1) // 2

    def card_size(self, count: int) -> tuple[int, int]:
        """Return the size of a line's card at a table of `count` seats."""
        return BIG_CARD if count <= 2 else CARD

    def seat(self, i: int, count: int) -> pygame.Rect:
        """Return seat panel i of `count`: one row up to three seats, else two rows."""
        cols = self.columns(max(1, count))
        rows = (count + cols - 1) // cols
        big = count <= 2
        w = min(800 if big else 560, (SAFE.width - (cols - 1) * SEAT_GAP) // cols)
        h = (SAFE.bottom - self.seats_top - (rows - 1) * SEAT_GAP) // rows
        h = min(h, 360 if big else 300)
        row, col = divmod(i, cols)
        in_row = min(cols, count - row * cols)
        left = SAFE.centerx - (in_row * w + (in_row - 1) * SEAT_GAP) // 2
        return pygame.Rect(left + col * (w + SEAT_GAP), self.seats_top + row * (h + SEAT_GAP), w, h)

    def card(self, seat: int, count: int, position: int) -> pygame.Rect:
        """Return where card `position` (1..4) of seat's line lies in its panel."""
        s, size = self.seat(seat, count), self.card_size(count)
        return pygame.Rect(s.left + 18 + (position - 1) * (size[0] + GAP), s.top + 66, *size)

    def drawn(self, seat: int, count: int) -> pygame.Rect:
        """Return where the card the seat holds (drawn, deciding) lies: right of its line, raised."""
        s, size = self.seat(seat, count), self.card_size(count)
        return pygame.Rect(s.right - size[0] - 14, s.top + 52, *size)


RAT = RatLayout()


def all_rects(seats: int) -> dict[str, pygame.Rect]:
    """Return every fixed rectangle of the table for `seats` players (for the safe-area test)."""
    out = {f"rat.{n}": getattr(RAT, n) for n in ("round_label", "turn_banner", "pile", "discard", "news", "knock",
                                                    "toast")}
    for i in range(seats):
        out[f"rat.seat{i}"] = RAT.seat(i, seats)
        for p in range(1, 5):
            out[f"rat.card{i}.{p}"] = RAT.card(i, seats, p)
    return out
