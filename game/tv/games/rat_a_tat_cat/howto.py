"""Rat-a-Tat Cat's how-to inset on the TV (game.tv.howto): the demo player's phone during the look.

The data comes with the step (game.engine.rat_a_tat_cat.howto): the made-up cards 1 and 4 the demo
first player looks at; cards 2 and 3 stay face down.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.tv.games.rat_a_tat_cat.cards import cards_for
from game.tv.games.rat_a_tat_cat.layout import HOWTO_CARD
from game.tv.howto import phone_frame
from game.tv.scenes.base import Context

PHONE = pygame.Rect(1540, 140, 360, 560)  # over the demo table's right side, at canvas scale
PHONE_CARD = HOWTO_CARD


def paint_look(ctx: Context, canvas: pygame.Surface, data: dict[str, Any]) -> None:
    """Paint the demo player's phone: their line, cards 1 and 4 face up, 2 and 3 face down."""
    seen = {int(g["position"]): g["card"] for g in data.get("look") or () if isinstance(g, dict) and "position" in g}
    screen = phone_frame(ctx, canvas, PHONE, ctx.texts("tv.howto.phone", name=str(data.get("name", ""))))
    art = cards_for(ctx)
    w, h = PHONE_CARD
    gap = (screen.width - 2 * w) // 3
    for i, position in enumerate((1, 2, 3, 4)):
        x = screen.left + gap + (i % 2) * (w + gap)
        y = screen.top + 20 + (i // 2) * (h + 30)
        art.paint(canvas, seen.get(position), pygame.Rect((x, y), PHONE_CARD))


INSETS = {"look": paint_look}
