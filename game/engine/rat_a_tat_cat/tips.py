"""Rat-a-Tat Cat's tips: which decision a seat's phone is facing, read from that seat's view only.

The platform (game/session.py) shows each kind once per game to a player who has tips on: of the kinds a
decision lists, the first not yet seen. The texts are this game's `tip.<kind>` keys
(controller_web/js/games/rat-a-tat-cat/locales/); each names the phone's controls as they are (game.js).
"""

from __future__ import annotations

from typing import Any

from game.engine.rat_a_tat_cat.views import SeatView

Tip = tuple[str, dict[str, Any]]
KINDS: tuple[str, ...] = ("look", "draw", "dead_discard", "counts", "replace", "peek", "swap", "draw2", "knock",
                          "no_knock_yet", "last_turn")
"""Every kind of tip `tips_for` gives, as the game's texts `tip.<kind>` and its page's "Tips" name them."""


def _last_turn(view: SeatView) -> bool:
    return view.knocker is not None and view.knocker != view.seat and view.turn == view.seat and view.last_turns > 0


def _knock_shut(view: SeatView) -> bool:
    """Return True if this turn ends without the choice to knock: nobody has, and another seat still in has not had
    its turn this round (R-END-1)."""
    return view.knocker is None and any(not s.out and s.seat != view.seat and s.seat not in view.had_turn
                                        for s in view.seats)


def _steps(view: SeatView) -> list[Tip]:
    """Return the tips of the turn's step the seat is at, the step's own first."""
    legal = view.legal
    if legal.memorised:
        return [("look", {})]  # R-LOOK-1
    if legal.draw_pile and not view.draws_left:
        # the turn's draw: the last turn said first (R-END-2); then a dead discard (R-POWER-4) and, once the
        # draw is known, what a card from the pile is worth (R-DECK-1)
        tips = [("last_turn", {})] if _last_turn(view) else []
        tips.append(("draw", {}))  # R-TURN-1/2
        if view.discard_dead:
            tips.append(("dead_discard", {}))
        return tips + [("counts", {})]
    shut = [("no_knock_yet", {})] if _knock_shut(view) else []  # R-END-1: this turn's end offers no knock
    # a power card drawn from the pile: its own tip first, whatever else this turn is (R-POWER-1/2/3)
    if legal.peek:
        return [("peek", {}), *shut]
    if legal.swap_positions or legal.swap_skip:
        return [("swap", {}), *shut]
    if legal.draw2:
        return [("draw2", {})]  # its draws come next: the turn does not end here
    if legal.replace:
        return [("replace", {}), *shut, ("counts", {})]  # R-TURN-1/2; an unknown card is worth about 5 (R-DECK-1)
    if legal.knock:
        return [("knock", {})]  # R-END-1
    if legal.end_turn:
        return shut  # "End my turn" alone, after a Peek
    return []


def tips_for(view: SeatView) -> tuple[Tip, ...]:
    """Return the tips for the decision `view`'s seat faces now, most useful first (none: it may not act).

    `look`: cards 1 and 4 shown once; `last_turn`: the draw of its last turn after another seat knocked
    (R-END-2); `draw`: the first draw of a turn, then `dead_discard` (a used power card on the discard pile) and
    `counts` (what the cards are worth: the deck's make-up); `peek`, `swap`, `draw2`: holding a power card drawn from the pile;
    `replace`, then `counts`: holding a number card; `knock`: the first chance to knock; `no_knock_yet`: the
    end of a turn without the choice to knock, as another seat has not had its turn yet (R-END-1).
    """
    return tuple(_steps(view))
