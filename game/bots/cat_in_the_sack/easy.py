"""Cat in the Sack's `easy` bot: the heuristic that over-bids and seldom bluffs (the levels: easy,
normal = heuristic, hard = strong).

It values every row above what the cards it has seen make likely and spends freely from the
first round, and it lays a middling card whatever its money says (it never saves its good cats
for the rows it can afford, nor dumps its bad ones where it means to pass). Like every bot, it
sees only its seat's views.
"""

from __future__ import annotations

import random
from typing import Any

from game.bots import cat_in_the_sack as sack
from game.bots import register

OVERBID = 1.2  # it values rows this much above what it expects (and one mouse more)


@register("cat-in-the-sack", "easy", level="easy")
class EasySackBot(sack.HeuristicBot):
    """The Cat in the Sack heuristic that over-bids, spends freely and plays its cards straight."""

    def __init__(self, rng: random.Random, tuning: sack.Tuning | None = None) -> None:
        super().__init__(rng, tuning or sack.Tuning(deny=0.5, spend_first=1.0, intent_gain=0.0,
                                                    samples=12))

    def _row_value(self, view: Any) -> float:
        value = super()._row_value(view)
        return value + abs(value) * (OVERBID - 1) + 1  # a bad row looks less bad, a good one better
