"""Rat-a-Tat Cat's how-to script (game.howto): nine steps over a one-round demo game of four made-up players.

The deck is stacked (a deal entry the engine checks like any other, the rest of it shuffled with the
seed) so that one short round shows a draw, a replace, a discard, each power card, a knock, the last
turns and a power card dealt into a line being replaced; each step's caption says what its own moves show. The insets are demo players' phones (made-up
cards): the first player's during the look at cards 1 and 4, the third's after the Peek.
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.rat_a_tat_cat.cards import DECK, Power, card_to_json
from game.engine.rat_a_tat_cat.rules import chance_due
from game.engine.rat_a_tat_cat.state import (DISCARD, DRAW2, DRAW_PILE, END_TURN, KNOCK, MEMORISED,
                                             order_from_dealer, peek, replace, swap)

PLAYERS = 4
SEED = 7
OPTIONS = {"end": "rounds", "rounds": 1}
# the lines from the dealer's left (positions 1-4): the third player was dealt a Swap, which has no power there
LINES = ([3, 8, 5, 1], [2, 9, 6, 0], [7, 1, Power.SWAP, 2], [6, 7, 4, 9])
FIRST_DISCARD = 4
# the draw pile from its top, card by card as the script below draws it
PILE = [0, 9, Power.PEEK, 2, Power.SWAP, Power.DRAW2, 6, 1, 0, 5, 3, 8, 1]


def chance(state: Any, rng: random.Random) -> dict[str, Any] | None:
    """Return the demo's deal: the lines, the first discard and the pile top as scripted, the rest shuffled."""
    if chance_due(state) != "deal":
        return None
    placed = [line[k] for k in range(4) for line in LINES] + [FIRST_DISCARD] + PILE
    rest = list(DECK)
    for card in placed:
        rest.remove(card)
    rng.shuffle(rest)
    return {"type": "deal", "dealer": state.dealer, "deck": [card_to_json(c) for c in placed + rest]}


def script(demo: Any) -> None:
    """The look, draw or take, replace or discard, Peek, Swap, Draw 2, the knock, powers replaced, the totals."""
    a, b, c, d = order_from_dealer(demo.state)
    look = demo.seat_view(a).get("look") or []
    demo.step("tv.howto.step.look", 6.5, inset={"kind": "look", "name": demo.names[a], "look": look})
    for seat in (a, b, c, d):
        demo.play(seat, MEMORISED, show=False)
    demo.play(a, DRAW_PILE)
    demo.step("tv.howto.step.draw", 5.5)
    demo.play(a, replace(2))  # the 0 for the 8
    demo.play(b, DRAW_PILE, show=False)
    demo.play(b, DISCARD)  # a 9: away with it
    demo.step("tv.howto.step.replace", 6.5)
    demo.play(c, DRAW_PILE)  # a Peek
    demo.play(c, peek(2))
    peeked = demo.seat_view(c).get("peek")  # what c's phone shows now: their card 2
    demo.play(c, END_TURN, show=False)
    demo.play(d, DRAW_PILE, show=False)  # a 2 for the 9, quietly: the Peek stays the picture
    demo.play(d, replace(4), show=False)
    demo.play(d, END_TURN, show=False)  # everyone has had a turn: from now on a turn may end with a knock
    demo.step("tv.howto.step.peek", 6.5, inset={"kind": "look", "name": demo.names[c], "look": [peeked]})
    demo.play(a, DRAW_PILE, show=False)  # a Swap: a's 5 for b's 2, unseen
    demo.play(a, swap(3, b, 1))
    demo.play(a, END_TURN, show=False)
    demo.step("tv.howto.step.swap", 6.0)
    demo.play(b, DRAW_PILE, show=False)  # a Draw 2: a 6 thrown away, then a 1 kept
    demo.play(b, DRAW2)
    demo.play(b, DRAW_PILE, show=False)
    demo.play(b, DISCARD)
    demo.play(b, DRAW_PILE, show=False)
    demo.play(b, replace(2))
    demo.play(b, END_TURN, show=False)
    demo.step("tv.howto.step.draw2", 7.0)
    demo.play(c, DRAW_PILE, show=False)  # a 0 for the 7, then the knock
    demo.play(c, replace(1))
    demo.play(c, KNOCK)
    for seat in (d, a):  # the last turns: each draws and throws away (the last shown), one still to come
        demo.play(seat, DRAW_PILE, show=False)
        demo.play(seat, DISCARD, show=seat == a)
    demo.step("tv.howto.step.knock", 8.0)
    demo.play(b, DRAW_PILE, show=False)  # the very last turn: then every line turns up, c's Swap replaced
    demo.play(b, DISCARD)
    demo.step("tv.howto.step.powers", 6.5)
    demo.step("tv.howto.step.lowest", 7.0, results=True)  # one round here: its totals are the game's
