"""Cat in the Sack's how-to insets on the TV (game.tv.howto): a demo player's phone, who took the sack.

The data comes with the step (game.engine.cat_in_the_sack.howto): the demo start player's made-up
hand, and the round's public `sack_won` and `dogs` events.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.tv import layout
from game.tv.games.cat_in_the_sack.anim import card_name
from game.tv.games.cat_in_the_sack.cards import sack_art
from game.tv.howto import phone_frame
from game.tv.render import GOLD, INK, PANEL, panel
from game.tv.scenes.base import Context

PHONE = pygame.Rect(1570, 120, 340, 640)  # over the demo table's right side, at canvas scale
HAND_CARD = (86, 120)
WON_BOX = pygame.Rect(360, 300, 1200, 420)  # who took the sack, over the next round's empty row
WON_CARD = (140, 196)


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


def paint_won(ctx: Context, canvas: pygame.Surface, data: dict[str, Any]) -> pygame.Rect:
    """Paint who took the sack for how much, the cards they keep and, dimmed, the dog and the cat it chased;
    return where."""
    t, tc, art = ctx.texts, ctx.tc, sack_art(ctx)
    won, dogs = data.get("won") or {}, data.get("dogs") or {}
    box = WON_BOX
    panel(canvas, box, PANEL, GOLD, 4, 28)
    where = pygame.Rect(box)
    title = t("tv.ev.sack_won", name=ctx.model.name(won.get("seat")), paid=won.get("paid"), value=won.get("value"))
    tc.blit(canvas, title, layout.TEXT_HUGE, GOLD, max_width=box.width - 60, midtop=(box.centerx, box.top + 24))
    chased = dogs.get("chased")
    kept = list(won.get("cards") or ())
    gone = [*(dogs.get("dogs") or ()), *(() if chased is None else (chased,))]
    w = WON_CARD[0]
    x = box.centerx - ((len(kept) + len(gone)) * (w + 24) - 24 + 40) // 2
    for i, card in enumerate(kept + gone):
        face = art.face(card, WON_CARD)
        if i >= len(kept):
            if i == len(kept):
                x += 40  # a gap before what the dogs took away
            face = face.copy()
            face.fill((110, 110, 110), special_flags=pygame.BLEND_MULT)
        where.union_ip(canvas.blit(face, (x, box.top + 110)))
        x += w + 24
    if gone:
        line = t("tv.ev.dogs_chase", dog=card_name(t, gone[0]), card=card_name(t, chased))
        tc.blit(canvas, line, layout.TEXT_LARGE, INK, max_width=box.width - 60,
                midbottom=(box.centerx, box.bottom - 22))
    return where


INSETS = {"hand": paint_hand, "won": paint_won}
