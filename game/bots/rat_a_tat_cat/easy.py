"""Rat-a-Tat Cat's `easy` bot: the heuristic with a person's short memory (the levels: easy,
normal = heuristic, hard = strong).

A card it saw (its look, a peek, what it put where, what it saw swapped) fades from its memory
after a few of its own turns, so it replaces cards it knew were low, knocks on a line it no
longer remembers and Swaps blindly. Like every bot, it sees only its seat's views and events.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.bots import rat_a_tat_cat as rat
from game.bots import register

FORGET_AFTER = 2  # own turns a Rat-a-Tat Cat card stays in an easy bot's memory


@register(rat.GAME, "easy", level="easy")
class EasyRatBot(rat.HeuristicBot):
    """The Rat-a-Tat Cat heuristic with a short memory: what it knows fades after FORGET_AFTER own turns."""

    def __init__(self, rng: random.Random, tuning: rat.Tuning | None = None) -> None:
        super().__init__(rng, tuning)
        self._learnt: dict[tuple[int, int], tuple[Any, int]] = {}  # (seat, position) -> (card, own turn seen)

    def observe(self, view: Any, events: Sequence[Any | Mapping[str, Any]]) -> None:
        """Take in the change as the heuristic does, then forget what was learnt too long ago."""
        before = self.memory.round if self.memory is not None else None
        super().observe(view, events)
        mem = self.memory
        assert mem is not None
        if mem.round != before:
            self._learnt.clear()
        face_up = {(info.seat, i) for info in view.seats for i, c in enumerate(info.line) if c is not None}
        for seat, line in mem.lines.items():
            for i, card in enumerate(line):
                key = (seat, i)
                if card is None or key in face_up:  # what lies face up is not memory: never forgotten
                    self._learnt.pop(key, None)
                    continue
                known = self._learnt.get(key)
                if known is None or known[0] != card:
                    self._learnt[key] = (card, mem.turns)
                elif mem.turns - known[1] >= FORGET_AFTER:
                    line[i] = None  # it fades; seeing it again (a peek) brings it back
                    self._learnt.pop(key)
