"""Outbound JSON text: `encode` refuses NaN/Infinity (`allow_nan=False`); `encode_update` gives the same text
for an update while encoding the parts every update of a version shares only once."""

from __future__ import annotations

import json
from typing import Any, Mapping


_ENCODER = json.JSONEncoder(allow_nan=False, separators=(",", ":"), ensure_ascii=False)  # (made once, not per call)


def encode(message: Mapping[str, Any]) -> str:
    """Return the JSON text of an outbound message; raise ValueError on NaN/Infinity."""
    return _ENCODER.encode(message)


SHARED_PARTS = frozenset({"table", "outcome", "history"})
"""The parts of an `update` that are one and the same object in every update of a version.

The session builds them once per version (`Session._wire_table`, `_wire_game`; the history
only when the table opens or a game is kept: `Session.set_history`), already whitelisted, and
puts that very object into each seat's update and the public one."""


class SharedText:
    """The JSON text of one version's shared update parts (`SHARED_PARTS`), each encoded once.

    A part is found by identity, never by equality (`True == 1`, `{"a": 1} == {"a": 1.0}`: equal
    values may have other text). Each entry holds its part, so no other object can take its id
    while it is cached, and a new version empties the cache. The parts must not be mutated once
    sent (nothing does: the session shapes a new object for every version).
    """

    def __init__(self) -> None:
        self.version: int | None = None
        self._texts: dict[int, tuple[Any, str]] = {}

    def text(self, version: int, part: Any) -> str:
        """Return `encode(part)` for `part` of an update of `version` (encoded on its first use)."""
        if version != self.version:
            self._texts = {}
            self.version = version
        hit = self._texts.get(id(part))
        if hit is None or hit[0] is not part:
            hit = self._texts[id(part)] = (part, _ENCODER.encode(part))
        return hit[1]


def encode_update(message: Mapping[str, Any], shared: SharedText) -> str:
    """Return `encode(message)` of an `update` message, the text of its shared parts taken from `shared`.

    The same text, key for key: the message's own parts (you, view, events, …) are encoded here,
    in their order, and the shared ones (the table: more than half of a seat's update) are spliced
    in from `shared`, encoded once for all the updates of the version.
    """
    version = message["version"]
    pieces: list[str] = []
    run: dict[str, Any] = {}
    for key, value in message.items():
        if key in SHARED_PARTS and type(value) in (dict, list):
            if run:
                pieces.append(_ENCODER.encode(run)[1:-1])
                run = {}
            pieces.append(f"{_ENCODER.encode(key)}:{shared.text(version, value)}")
        else:
            run[key] = value
    if run:
        pieces.append(_ENCODER.encode(run)[1:-1])
    return "{" + ",".join(pieces) + "}"
