"""Rat-a-Tat Cat's how-to: eight captioned steps over a one-round demo game of three made-up players.

The deck is stacked (a deal entry the engine checks like any other, the rest of it shuffled with a
fixed seed) so that one short round shows a draw, a replace, a discard, each power card, a knock,
the last turns and a power card dealt into a line being replaced. Every move is a real, checked
move (game.tv.howto.DemoTable); the pictures are the demo's public view drawn by the game's own
table scene, and the look at cards 1 and 4 is the demo first player's phone.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.engine import rat_a_tat_cat as rat
from game.engine.rat_a_tat_cat.cards import DECK, Power, card_to_json
from game.engine.rat_a_tat_cat.state import order_from_dealer
from game.tv.games.rat_a_tat_cat.cards import cards_for, draw_back
from game.tv.howto import DemoTable, HowToStep, phone_frame
from game.tv.scenes.base import Context

GAME = "rat-a-tat-cat"
PLAYERS = 3
SEED = 7
OPTIONS = {"end": "rounds", "rounds": 1}
# the lines from the dealer's left (positions 1-4): the third player was dealt a Swap, which has no power there
LINES = ([3, 8, 5, 1], [2, 9, 6, 0], [7, 1, Power.SWAP, 2])
FIRST_DISCARD = 4
# the draw pile from its top, card by card as the script below draws it
PILE = [0, 9, Power.PEEK, Power.SWAP, Power.DRAW2, 6, 1, 0, 3, 8, 1]
PHONE = pygame.Rect(1540, 140, 360, 560)
PHONE_CARD = (130, 182)


def _stacked(state: Any, rng: random.Random) -> dict[str, Any] | None:
    """Return the demo's deal: the lines, the first discard and the pile top as scripted, the rest shuffled."""
    if rat.chance_due(state) != "deal":
        return None
    placed = [card for k in range(4) for line in LINES for card in (line[k],)] + [FIRST_DISCARD] + PILE
    rest = list(DECK)
    for card in placed:
        rest.remove(card)
    rng.shuffle(rest)
    return {"type": "deal", "dealer": state.dealer, "deck": [card_to_json(c) for c in placed + rest]}


def steps() -> list[HowToStep]:
    """Return the how-to: the look, draw or take, replace or discard, Peek, Swap and Draw 2, the knock,
    powers replaced, the lowest line wins."""
    demo = DemoTable(GAME, PLAYERS, SEED, OPTIONS, chance=_stacked)
    a, b, c = order_from_dealer(demo.state)
    look = demo.seat_view(a).get("look") or []
    out = [demo.step("tv.howto.step.look", 7.0, inset=_phone(demo.names[a], look))]
    for seat in (a, b, c):
        demo.play(seat, rat.MEMORISED, show=False)
    demo.play(a, rat.DRAW_PILE)
    out.append(demo.step("tv.howto.step.draw", 6.0))
    demo.play(a, rat.replace(2))  # the 0 for the 8
    demo.play(b, rat.DRAW_PILE, show=False)
    demo.play(b, rat.DISCARD)  # a 9: away with it
    out.append(demo.step("tv.howto.step.replace", 7.0))
    demo.play(c, rat.DRAW_PILE)  # a Peek
    demo.play(c, rat.peek(2))
    demo.play(c, rat.END_TURN, show=False)
    out.append(demo.step("tv.howto.step.peek", 6.0))
    demo.play(a, rat.DRAW_PILE, show=False)  # a Swap: a's 5 for b's 2, unseen
    demo.play(a, rat.swap(3, b, 1))
    demo.play(a, rat.END_TURN, show=False)
    demo.play(b, rat.DRAW_PILE, show=False)  # a Draw 2: a 6 thrown away, then a 1 kept
    demo.play(b, rat.DRAW2)
    demo.play(b, rat.DRAW_PILE, show=False)
    demo.play(b, rat.DISCARD)
    demo.play(b, rat.DRAW_PILE, show=False)
    demo.play(b, rat.replace(2))
    demo.play(b, rat.END_TURN, show=False)
    out.append(demo.step("tv.howto.step.swap_draw2", 8.0))
    demo.play(c, rat.DRAW_PILE, show=False)  # a 0 for the 7, then the knock
    demo.play(c, rat.replace(1))
    demo.play(c, rat.KNOCK)
    for seat in (a, b):  # the last turns: each draws and throws away
        demo.play(seat, rat.DRAW_PILE, show=False)
        demo.play(seat, rat.DISCARD)
    out.append(demo.step("tv.howto.step.knock", 9.0))
    out.append(demo.step("tv.howto.step.powers", 8.0))
    out.append(demo.step("tv.howto.step.lowest", 8.0, results=True))
    return out


def _phone(name: str, look: list[dict[str, Any]]):
    """Return the inset painting `name`'s phone during the look: cards 1 and 4 up, 2 and 3 down (made-up cards)."""
    seen = {int(g["position"]): g["card"] for g in look if isinstance(g, dict) and "position" in g}

    def paint(ctx: Context, canvas: pygame.Surface) -> None:
        screen = phone_frame(ctx, canvas, PHONE, ctx.texts("tv.howto.phone", name=name))
        art = cards_for(ctx)
        w, h = PHONE_CARD
        gap = (screen.width - 2 * w) // 3
        for i, position in enumerate((1, 2, 3, 4)):
            x = screen.left + gap + (i % 2) * (w + gap)
            y = screen.top + 20 + (i // 2) * (h + 30)
            face = art.face(seen[position], PHONE_CARD) if position in seen else draw_back(PHONE_CARD)
            canvas.blit(face, (x, y))
    return paint
