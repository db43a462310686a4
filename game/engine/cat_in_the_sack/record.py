"""Cat in the Sack records: the body of a `couchcats.record/1` file (docs/records.md).

The body is the deal (`setup`) and every accepted action, in order: all of this game's chance
happens at the deal, so no chance entry is ever written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.common import RecordEntry, is_int, record_field

SETUP_KEY_ORDER = ("start_player", "hands", "removed", "neutral_deck", "neutral_removed")


def ordered_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """Return a fresh copy of `setup` with its keys in the documented order."""
    ordered = {k: setup[k] for k in SETUP_KEY_ORDER if k in setup}
    ordered.update({k: v for k, v in setup.items() if k not in ordered})
    return json.loads(json.dumps(ordered))


def record_body(setup: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """Return the record's `setup` and `actions` for a game dealt as `setup` and played as `entries`."""
    return {"setup": ordered_setup(setup), "actions": [dict(e) for e in entries]}


def read_body(data: Mapping[str, Any], players: int, options: Mapping[str, Any]
              ) -> tuple[dict[str, Any], list[RecordEntry]]:
    """Return the setup and the entries of a record; raise ValueError naming the first bad field."""
    setup = record_field(data, "setup", dict)
    actions = record_field(data, "actions", list)
    entries = []
    for i, action in enumerate(actions):
        if not isinstance(action, dict):
            raise ValueError(f"actions[{i}] must be an object")
        if "seat" not in action:
            raise ValueError(f"actions[{i}] has no seat")
        if not isinstance(action.get("type"), str):
            raise ValueError(f"actions[{i}] has no type")
        entries.append(RecordEntry(i, action))
    return setup, entries


def read_result(raw: Any, players: int) -> dict[str, Any]:
    """Return a record's `result` (scores and winners); raise ValueError naming the first bad field."""
    if not isinstance(raw, dict):
        raise ValueError("result must be an object")
    scores = record_field(raw, "scores", list, "result.")
    clean = []
    for i, s in enumerate(scores):
        if not isinstance(s, dict):
            raise ValueError(f"result.scores[{i}] must be an object")
        clean.append({k: record_field(s, k, int, f"result.scores[{i}].") for k in ("seat", "cats", "mice", "total")})
    winners = record_field(raw, "winners", list, "result.")
    if not all(is_int(w) for w in winners):
        raise ValueError("result.winners must be a list of seats")
    return {"scores": clean, "winners": list(winners)}


def best_scores(record: Mapping[str, Any]) -> list[int | None]:
    """Return each seat's best score of a finished game's record: its final total (highest is best)."""
    scores = sorted(record["result"]["scores"], key=lambda s: s["seat"])
    return [int(s["total"]) for s in scores]
