"""Cat in the Sack's tips: which decision a seat's phone is facing, read from that seat's view only.

The platform (game/session.py) shows each kind once per game to a player who has tips on; the
texts are this game's `tip.<kind>` keys (controller_web/js/games/cat-in-the-sack/locales/).
A tip's params come from the same view, so a tip never says what the phone could not show.
"""

from __future__ import annotations

from typing import Any

from game.engine.cat_in_the_sack.state import Phase
from game.engine.cat_in_the_sack.views import SeatView

Tip = tuple[str, dict[str, Any]]
KINDS: tuple[str, ...] = ("choose", "bid", "pass", "offer")
"""Every kind of tip `tips_for` gives, as the game's texts `tip.<kind>` and its page's "Tips" name them."""


def tips_for(view: SeatView) -> tuple[Tip, ...]:
    """Return the tips for the decision `view`'s seat faces now, most useful first (none: it may not act).

    `choose`: lay a card in the sack; `bid`: a turn in the auction with a bid possible; `pass`:
    a turn where passing pays (`takes`: the mice it takes now, F-PASS-1); `offer`: the sack on offer
    for `price` (F-OFFER-1).
    """
    legal = view.legal
    if legal.play:
        return (("choose", {}),)
    if view.phase == Phase.OFFER:
        return (("offer", {"price": legal.buy_price}),) if legal.buy else ()
    tips: list[Tip] = []
    if legal.bid_min is not None:
        tips.append(("bid", {}))
    if legal.can_pass and legal.pass_takes > 0:
        tips.append(("pass", {"takes": legal.pass_takes}))
    return tuple(tips)
