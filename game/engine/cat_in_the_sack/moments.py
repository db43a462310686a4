"""The moments of Cat in the Sack the room must see (the platform's `GameRules.moment_of`, game/table/moments.py).

A sack won: the row turned up, the dogs' chase step by step, what the winner takes and paid (`sack`).
A round voided because the offer was passed on: every card of the row leaves the game (`void`).
Read from a change's public wire events only.
"""

from __future__ import annotations

from typing import Any

from game.engine.common import Moment

SACK_SECONDS = 5.0  # the row turned up, who took it for how many mice, what each passer took
DOG_SECONDS = 1.2  # each step of the dogs' chase
VOID_SECONDS = 4.5

KINDS = ("sack", "void")


def moment_of(events: list[dict[str, Any]]) -> Moment | None:
    """Return the moment a change's public events make: a sack won (longer with each dog's chase), a voided
    round, or None."""
    types = [e.get("type") for e in events]
    if "sack_won" in types:
        return Moment("sack", SACK_SECONDS + DOG_SECONDS * types.count("dogs"), tells=("dogs", "sack_won"))
    if "round_void" in types:
        return Moment("void", VOID_SECONDS, tells=("round_void",))
    return None
