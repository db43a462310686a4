"""Cat in the Sack's how-to script (game.howto): seven steps over a seeded demo game of four made-up players.

Hand and row, the secret choice, dogs, bidding, passing pays, the end of a round, scoring. Every
move is a real one, checked by the engine; the insets are the demo start player's phone (their
made-up hand) and, from the round's public events, who took the sack and what the dog chased.
"""

from __future__ import annotations

from typing import Any

from game.engine.cat_in_the_sack.cards import Special
from game.engine.cat_in_the_sack.rules import to_act
from game.engine.cat_in_the_sack.state import PASS, ActionType, Phase, bid, play

PLAYERS = 4
SEED = 1  # its deal lets the start player and the next three lay a small dog, 11, -5 and 5
OPTIONS = {"open_piles": True}  # the won cats show: what scores
ROW = (Special.SMALL_DOG, 11, -5, 5)  # the row, from the start player on: the dog turns up first


def script(demo: Any) -> None:
    """Play the demo's first round move by move, then the rest quietly, closing each step with its caption."""
    start = demo.state.start_player
    order = [(start + k) % PLAYERS for k in range(PLAYERS)]
    hand = demo.seat_view(start).get("hand") or []
    demo.step("tv.howto.step.hand_row", 8.0, inset={"kind": "hand", "name": demo.names[start], "cards": hand})
    for seat, card in list(zip(order, ROW))[:3]:
        demo.play(seat, play(card))
    demo.step("tv.howto.step.choose", 8.0)
    demo.play(order[3], play(ROW[3]))  # the last card down: the row is laid, its first card turns up
    demo.step("tv.howto.step.dogs", 9.0)
    for k, seat in enumerate(order[:3]):
        demo.play(seat, bid(k + 1))
    demo.step("tv.howto.step.bid", 8.0)
    demo.play(order[3], PASS)  # the first to pass takes the 2
    demo.play(order[0], bid(4))
    demo.play(order[1], PASS)  # the next takes the 4
    demo.step("tv.howto.step.pass", 9.0)
    demo.play(order[2], PASS)  # the last passer takes the 6; the start player pays 4 for the sack
    # (the table shows the sack's outcome as the real game's moment does: the row, the dog's chase, who took what)
    demo.step("tv.howto.step.round_end", 9.0)
    _play_out(demo)
    demo.step("tv.howto.step.score", 8.0, results=True)


def _play_out(demo: Any) -> None:
    """Play the other eight rounds quietly (the lowest card, then a pass), up to the final scores."""
    state = demo.state
    while state.phase is not Phase.OVER:
        seat = min(to_act(state))
        legal = demo.legal(seat)
        plays = [a for a in legal if a.type is ActionType.PLAY]
        demo.play(seat, plays[0] if plays else next((a for a in legal if a.type is ActionType.BUY), PASS), show=False)
    demo.snapshot()
