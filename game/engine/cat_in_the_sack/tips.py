"""Cat in the Sack's tips: which decision a seat's phone is facing, read from that seat's view only.

The platform (game/session.py) shows each kind once per game to a player who has tips on; the
texts are this game's `tip.<kind>` keys (controller_web/js/games/cat-in-the-sack/locales/).
A tip's params come from the same view, so a tip never says what the phone could not show.

A decision shows one tip, the first of its list not yet seen, so each list puts the basics first,
then what only some moments have (a dog or the rabbit face up, an empty bank, the last round), then
what any later turn can teach (who starts the next round).
"""

from __future__ import annotations

from typing import Any

from game.engine.cat_in_the_sack.cards import DOGS, Special
from game.engine.cat_in_the_sack.state import Phase
from game.engine.cat_in_the_sack.views import SeatView

Tip = tuple[str, dict[str, Any]]
KINDS: tuple[str, ...] = ("choose", "bid", "pass", "offer", "void", "dogs", "rabbit", "reveal", "neutral",
                          "short_bank", "winner_starts", "tie")
"""Every kind of tip `tips_for` gives, as the game's texts `tip.<kind>` and its page's "Tips" name them."""

_DOGS = frozenset(str(d) for d in DOGS)
_RABBIT = str(Special.RABBIT)


def tips_for(view: SeatView) -> tuple[Tip, ...]:
    """Return the tips for the decision `view`'s seat faces now, most useful first (none: it may not act).

    Choosing a card: `choose`; on the last round `tie` (F-SCORE-2); from the second round, with 3
    players `neutral` (the neutral deck's card leads the row, F-PLAY-2) and with the rabbit in hand
    `rabbit` (F-DOG-2).
    An auction turn: `bid` when it may bid (F-BID-1); `pass` when passing takes mice (`takes`,
    F-PASS-1); `dogs` with a dog face up (F-DOG-1, F-DOG-3); `short_bank` when the bank could not
    fill the mouse cards, so a pass takes nothing (F-FILL-2; `bank` and `need`: the bank's mice and
    what the mouse cards take); `tie` on the last round; `reveal` once someone has passed
    (F-REVEAL-2); `rabbit` with the rabbit face up; `neutral` with 3 players; `winner_starts` when it may bid and a
    round follows (F-WIN-1). The offer: `void` (what refusing does, F-VOID-1/2), then `offer` when
    it may buy (`price`, F-OFFER-1).
    """
    legal = view.legal
    last_round = view.round >= view.rounds
    up = {rc.card for rc in view.row if rc.face_up}
    tips: list[Tip] = []
    if legal.play:
        tips.append(("choose", {}))
        if last_round:
            tips.append(("tie", {}))
        if view.round > 1:  # the first choice is `choose`'s alone
            if view.players == 3:
                tips.append(("neutral", {}))
            if _RABBIT in view.hand:
                tips.append(("rabbit", {}))
        return tuple(tips)
    if not legal.can_pass:
        return ()
    if view.phase == Phase.OFFER:
        tips.append(("void", {}))
        if legal.buy:
            tips.append(("offer", {"price": legal.buy_price}))
        return tuple(tips)
    if legal.bid_min is not None:
        tips.append(("bid", {}))
    if legal.pass_takes > 0:
        tips.append(("pass", {"takes": legal.pass_takes}))
    if up & _DOGS:
        tips.append(("dogs", {}))
    need = sum(value for value, _mice in view.mouse_cards)
    if legal.pass_takes == 0 and not any(mice for _value, mice in view.mouse_cards) and view.bank < need:
        tips.append(("short_bank", {"bank": view.bank, "need": need}))
    if last_round:
        tips.append(("tie", {}))
    if any(s.passed for s in view.seats):
        tips.append(("reveal", {}))
    if _RABBIT in up:
        tips.append(("rabbit", {}))
    if view.players == 3:
        tips.append(("neutral", {}))
    if legal.bid_min is not None and not last_round:
        tips.append(("winner_starts", {}))
    return tuple(tips)
