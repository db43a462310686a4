"""Cat in the Sack's how-to: seven captioned steps over a seeded demo game of four made-up players.

Every picture is the demo game's public view drawn by the game's own table scene (and, at the end,
the platform's score screen); the one inset is the demo start player's phone with their made-up hand.
The moves are real: each one is checked by the engine before it is applied (game.tv.howto.DemoTable).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import cat_in_the_sack as sack
from game.engine.cat_in_the_sack.cards import Special
from game.tv import layout
from game.tv.games.cat_in_the_sack.anim import card_name
from game.tv.games.cat_in_the_sack.cards import sack_art
from game.tv.render import GOLD, INK, PANEL, panel
from game.tv.howto import DemoTable, HowToStep, phone_frame
from game.tv.scenes.base import Context

GAME = "cat-in-the-sack"
PLAYERS = 4
SEED = 1  # its deal lets the start player and the next three lay a small dog, 11, -5 and 5
ROW = (Special.SMALL_DOG, 11, -5, 5)  # the row, from the start player on: the dog turns up first
PHONE = pygame.Rect(1570, 120, 340, 640)  # over the demo table's right side, at canvas scale
HAND_CARD = (86, 120)
WON_BOX = pygame.Rect(360, 300, 1200, 420)  # who took the sack, over the next round's empty row
WON_CARD = (140, 196)


def steps() -> list[HowToStep]:
    """Return the how-to: hand and row, the secret choice, dogs, bidding, passing pays, a round's end, scoring."""
    demo = DemoTable(GAME, PLAYERS, SEED, {"open_piles": True})  # the won cats show: what scores
    state = demo.state
    start = state.start_player
    order = [(start + k) % PLAYERS for k in range(PLAYERS)]
    hand = demo.seat_view(start).get("hand") or []
    out = [demo.step("tv.howto.step.hand_row", 8.0, inset=_phone(demo.names[start], hand))]
    for seat, card in list(zip(order, ROW))[:3]:
        demo.play(seat, sack.play(card))
    out.append(demo.step("tv.howto.step.choose", 8.0))
    demo.play(order[3], sack.play(ROW[3]))  # the last card down: the row is laid, its first card turns up
    out.append(demo.step("tv.howto.step.dogs", 9.0))
    for k, seat in enumerate(order[:3]):
        demo.play(seat, sack.bid(k + 1))
    out.append(demo.step("tv.howto.step.bid", 8.0))
    demo.play(order[3], sack.PASS)  # the first to pass takes the 2
    demo.play(order[0], sack.bid(4))
    demo.play(order[1], sack.PASS)  # the next takes the 4
    out.append(demo.step("tv.howto.step.pass", 9.0))
    demo.play(order[2], sack.PASS)  # the last passer takes the 6; the start player pays 4 for the row
    events = {e["type"]: e for e in demo.last_events}
    out.append(demo.step("tv.howto.step.round_end", 9.0, inset=_won(events["sack_won"], events["dogs"])))
    _play_out(demo)
    out.append(demo.step("tv.howto.step.score", 8.0, results=True))
    return out


def _play_out(demo: DemoTable) -> None:
    """Play the other eight rounds quietly (the lowest card, then a pass), up to the final scores."""
    state = demo.state
    while state.phase is not sack.Phase.OVER:
        seat = min(sack.to_act(state))
        legal = demo.legal(seat)
        plays = [a for a in legal if a.type is sack.ActionType.PLAY]
        move = plays[0] if plays else next((a for a in legal if a.type is sack.ActionType.BUY), sack.PASS)
        demo.play(seat, move, show=False)
    demo.snapshot()


def _won(won: dict[str, Any], dogs: dict[str, Any]):
    """Return the inset showing, from the round's public events, who took the sack, its cards and the dog's chase."""
    def paint(ctx: Context, canvas: pygame.Surface) -> None:
        t, tc, art = ctx.texts, ctx.tc, sack_art(ctx)
        box = WON_BOX
        panel(canvas, box, PANEL, GOLD, 4, 28)
        title = t("tv.ev.sack_won", name=ctx.model.name(won.get("seat")), paid=won.get("paid"), value=won.get("value"))
        tc.blit(canvas, title, layout.TEXT_HUGE, GOLD, max_width=box.width - 60, midtop=(box.centerx, box.top + 24))
        gone = dogs.get("chased")
        chased = [*(dogs.get("dogs") or ()), *(() if gone is None else (gone,))]
        cards = [(c, False) for c in won.get("cards") or ()] + [(c, True) for c in chased]
        w, h = WON_CARD
        x = box.centerx - (len(cards) * (w + 24) - 24 + 40) // 2
        for i, (card, dim) in enumerate(cards):
            if dim and i == len(won.get("cards") or ()):
                x += 40  # a gap before what the dog took away
            face = art.face(card, WON_CARD)
            if dim:
                face = face.copy()
                face.fill((110, 110, 110), special_flags=pygame.BLEND_MULT)
            canvas.blit(face, (x, box.top + 110))
            x += w + 24
        tc.blit(canvas, t("tv.ev.dogs_chase", dog=card_name(t, (dogs.get("dogs") or [None])[0]),
                          card=card_name(t, gone)),
                layout.TEXT_LARGE, INK, max_width=box.width - 60, midbottom=(box.centerx, box.bottom - 22))
    return paint


def _phone(name: str, hand: list[Any]):
    """Return the inset painting `name`'s phone with their (made-up) hand, as the demo seat's view has it."""
    def paint(ctx: Context, canvas: pygame.Surface) -> None:
        screen = phone_frame(ctx, canvas, PHONE, ctx.texts("tv.howto.phone", name=name))
        art = sack_art(ctx)
        w, h = HAND_CARD
        gap = (screen.width - 3 * w) // 4
        for i, card in enumerate(hand[:9]):
            x = screen.left + gap + (i % 3) * (w + gap)
            y = screen.top + 16 + (i // 3) * (h + 22)
            canvas.blit(art.face(card, HAND_CARD), (x, y))
    return paint
