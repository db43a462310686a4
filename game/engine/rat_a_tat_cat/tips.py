"""Rat-a-Tat Cat's tips: which decision a seat's phone is facing, read from that seat's view only.

The platform (game/session.py) shows each kind once per game to a player who has tips on; the
texts are this game's `tip.<kind>` keys (controller_web/js/games/rat-a-tat-cat/locales/).
"""

from __future__ import annotations

from typing import Any

from game.engine.rat_a_tat_cat.views import SeatView

Tip = tuple[str, dict[str, Any]]
KINDS: tuple[str, ...] = ("look", "draw", "replace", "peek", "swap", "draw2", "knock", "last_turn")
"""Every kind of tip `tips_for` gives, as the game's texts `tip.<kind>` and its page's "Tips" name them."""


def _step(view: SeatView) -> Tip | None:
    """Return the tip of the turn's step the seat is at, or None."""
    legal = view.legal
    if legal.memorised:
        return ("look", {})  # R-LOOK-1
    if legal.draw_pile and not view.draws_left:
        return ("draw", {})  # R-TURN-1/2
    if legal.peek:
        return ("peek", {})  # R-POWER-1
    if legal.swap_positions or legal.swap_skip:
        return ("swap", {})  # R-POWER-2
    if legal.draw2:
        return ("draw2", {})  # R-POWER-3
    if legal.replace:
        return ("replace", {})
    if legal.knock:
        return ("knock", {})  # R-END-1
    return None


def tips_for(view: SeatView) -> tuple[Tip, ...]:
    """Return the tips for the decision `view`'s seat faces now, most useful first (none: it may not act).

    `look`: cards 1 and 4 shown once; `draw`: the first draw of a turn; `peek`, `swap`, `draw2`:
    holding a power card drawn from the pile; `replace`: holding a number card; `knock`: the
    first chance to knock; `last_turn`: its last turn after another seat knocked (R-END-2),
    before the step's own tip.
    """
    tips: list[Tip] = []
    if view.knocker is not None and view.knocker != view.seat and view.turn == view.seat and view.last_turns > 0:
        tips.append(("last_turn", {}))
    step = _step(view)
    if step is not None:
        tips.append(step)
    return tuple(tips)
