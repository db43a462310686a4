"""Rat-a-Tat Cat records: the body of issue 8's record shape, written as a game is played.

The body is `rounds`, each {"dealer", "deck", "actions", "scores"}: the deal's chance entry is the
round's `deck`, a reshuffle's chance entry ({"type": "reshuffle", "pile": [...]}) sits among the
round's actions, and the two actions a record never holds ("memorised", "end_turn") are dropped.
The envelope, the reading and the referee are the platform's (game/records.py); the body is read
back by `plugin.read_body`, and the dropped actions are put back by `plugin.implied`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from game.engine.rat_a_tat_cat.state import UNRECORDED, Action, State


class RatRecorder:
    """Collects one game's `rounds` as it is played: create it from the new game, then report every
    accepted action (`action`) and chance entry (`chance`) right after the engine applied it."""

    def __init__(self, state: State) -> None:
        self.rounds: list[dict[str, Any]] = []
        self.sync(state)

    def chance(self, entry: Mapping[str, Any], state: State) -> None:
        """Record a chance entry the engine has applied: a deal opens a round, a reshuffle is an action."""
        if entry["type"] == "deal":
            self.rounds.append({"dealer": state.dealer, "deck": list(entry["deck"]), "actions": []})
        else:
            self.rounds[-1]["actions"].append({"type": "reshuffle", "pile": list(entry["pile"])})
        self.sync(state)

    def action(self, seat: int, action: Action, state: State) -> None:
        """Record an action the engine has accepted (memorised and end_turn are not written)."""
        if action.type not in UNRECORDED:
            self.rounds[-1]["actions"].append({"seat": seat, **action.to_dict()})
        self.sync(state)

    def sync(self, state: State) -> None:
        """Copy the scores of every finished round from `state`."""
        for rnd, scores in zip(self.rounds, state.round_scores):
            rnd["scores"] = list(scores)

    def body(self) -> dict[str, Any]:
        """Return the body so far (`rounds`) as fresh JSON-ready data, keys in the documented order."""
        return json.loads(json.dumps({"rounds": self.rounds}))
