"""The moments of Rat-a-Tat Cat the room must see (the platform's `GameRules.moment_of`, game/table/moments.py).

A knock (`knock`: its banner and sound before the last turns), and a round's end (`reveal`: every line
turned up one at a time, power cards replaced from the pile in view, each line's sum counted up and added
to the totals), every round, the last one and a one-round game's included.
Read from a change's public wire events only.
"""

from __future__ import annotations

from typing import Any

from game.engine.common import Moment

KNOCK_SECONDS = 2.5
REVEAL_SECONDS = 3.0  # the sums counted up and added to the totals
LINE_SECONDS = 1.2  # each line turned up, its power cards replaced

KINDS = ("knock", "reveal")


def moment_of(events: list[dict[str, Any]]) -> Moment | None:
    """Return the moment a change's public events make: a round's reveal (longer with each line), a knock, or None."""
    for event in events:
        if event.get("type") == "revealed":
            return Moment("reveal", REVEAL_SECONDS + LINE_SECONDS * len(event.get("lines") or ()),
                          tells=("revealed", "round_scored"))
    if any(event.get("type") == "knocked" for event in events):
        return Moment("knock", KNOCK_SECONDS, tells=("knocked",))
    return None
