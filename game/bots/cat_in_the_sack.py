"""Cat in the Sack bots: `random` (uniform among legal moves) and `heuristic` (plays like a decent human)."""

from __future__ import annotations

import random

from game.bots import register
from game.engine.cat_in_the_sack import BUY, PASS, Action, bid, parse_card, play
from game.engine.cat_in_the_sack_views import SeatView


@register("cat-in-the-sack", "random")
class RandomBot:
    """Picks uniformly among the kinds of legal move, then a bid total biased towards small raises."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: SeatView) -> Action:
        """Return a random legal action for the view's seat."""
        legal = view.legal
        if legal.play:
            return play(parse_card(self.rng.choice(legal.play)))
        options: list[str] = []
        if legal.bid_min is not None:
            options.append("bid")
        if legal.can_pass:
            options.append("pass")
        if legal.buy:
            options.append("buy")
        pick = self.rng.choice(options)
        if pick == "bid":
            assert legal.bid_min is not None and legal.bid_max is not None
            # raise by a small step most of the time, sometimes jump: sampled like a person bids
            span = legal.bid_max - legal.bid_min
            step = min(span, int(self.rng.expovariate(1 / 2.5)))
            return bid(legal.bid_min + step)
        return BUY if pick == "buy" else PASS
