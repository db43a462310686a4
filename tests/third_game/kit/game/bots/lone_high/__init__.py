"""Lone High's bots: `random` (tests), `easy` (its cards from the top down) and `normal` (the heuristic: the
highest card the fewest others can still pick). They see only their seat's view."""

from __future__ import annotations

import random

from game.bots import register
from game.engine.lone_high.plugin import SeatView
from game.engine.lone_high.rules import CARDS, Pick


@register("lone-high", "random")
class RandomBot:
    """Picks any card it holds."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: SeatView) -> Pick:
        return Pick(self.rng.choice(view.legal))


@register("lone-high", "easy", level="easy")
class EasyBot:
    """Picks its highest card every round (a player who has seen one round can beat it)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: SeatView) -> Pick:
        return Pick(max(view.legal))


def still_held(view: SeatView, card: int) -> int:
    """Return how many other seats still hold `card` (the finished rounds' picks are public)."""
    return sum(1 for s in range(view.players) if s != view.seat
               and card in CARDS and all(picks[s] != card for picks in view.history))


@register("lone-high", "heuristic", level="normal")
class HeuristicBot:
    """Picks the card worth most once the chance that another seat picks it too is weighed in: any card a
    rival still holds is picked by it one time in `hands_left`, its highest one twice as often."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: SeatView) -> Pick:
        left = max(view.hands_left, 1)
        top = max((c for c in CARDS if still_held(view, c)), default=0)

        def worth(card: int) -> float:
            clash = min(1.0, (2 if card == top else 1) / left)
            return card * (1 - clash) ** still_held(view, card) + self.rng.random()
        return Pick(max(view.legal, key=worth))
