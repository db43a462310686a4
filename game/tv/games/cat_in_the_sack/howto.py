"""Cat in the Sack's how-to inset on the TV (game.tv.howto): a demo player's phone.

The data comes with the step (game.engine.cat_in_the_sack.howto): the demo start player's made-up hand.
(Who took the sack is the table's own moment, drawn as in the real game: game/tv/games/cat_in_the_sack/moment.py.)
"""

from __future__ import annotations

from typing import Any

import pygame

from game.tv.games.cat_in_the_sack.cards import sack_art
from game.tv.howto import phone_frame
from game.tv.scenes.base import Context

PHONE = pygame.Rect(1570, 120, 340, 640)  # over the demo table's right side, at canvas scale
HAND_CARD = (86, 120)


def paint_hand(ctx: Context, canvas: pygame.Surface, data: dict[str, Any]) -> pygame.Rect:
    """Paint the demo player's phone with their (made-up) hand; return where (the phone)."""
    screen = phone_frame(ctx, canvas, PHONE, ctx.texts("tv.howto.phone", name=str(data.get("name", ""))))
    art = sack_art(ctx)
    w, h = HAND_CARD
    gap = (screen.width - 3 * w) // 4
    for i, card in enumerate(list(data.get("cards") or ())[:9]):
        x = screen.left + gap + (i % 3) * (w + gap)
        y = screen.top + 16 + (i // 3) * (h + 22)
        canvas.blit(art.face(card, HAND_CARD), (x, y))
    return PHONE


INSETS = {"hand": paint_hand}
