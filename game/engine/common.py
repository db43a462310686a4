"""Shared vocabulary of every game engine: the two error types, the outcome, option declarations."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def fill(template: str, params: Mapping[str, Any]) -> str:
    """Return `template` with each `{name}` that `params` holds replaced by its value."""
    return _PLACEHOLDER.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], template)


class GameError(Exception):
    """Base of the errors a player can read: a translation key, its parameters, an English text.

    `template` is the English text as written, with `{name}` placeholders (the phone's
    translations of `key` use the same names); `message` is that text filled in from `params`.
    This is the one place an error's text is filled: every error the server sends (engine,
    protocol, table, server) is a GameError.
    """

    def __init__(self, key: str, template: str, **params: Any) -> None:
        message = fill(template, params)
        super().__init__(message)
        self.key = key
        self.template = template
        self.message = message
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        """Return the error as a wire-safe dict (key, params, English message)."""
        return {"key": self.key, "params": dict(self.params), "message": self.message}


class BadAction(GameError):
    """The action is malformed: wrong shape, unknown type, a value of the wrong kind."""


class IllegalAction(GameError):
    """The action is well formed but the rules do not allow it now."""


@dataclass(frozen=True)
class Event:
    """Something that happened in a game; `to` is None for everyone, or the one seat that may see it.

    Events animate and narrate; they decide nothing (a seat's view holds all it may see).
    """

    type: str
    to: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Return the event as sent on the wire (without its recipient)."""
        return {"type": self.type, **self.data}


@dataclass(frozen=True)
class Course:
    """How a finished game went, round by round: what the score screens' chart draws.

    `values[s][r]` is seat s's value (points, or running total) after round r + 1; a seat that
    left the game early (eliminated) has fewer values: its line ends there. `limit` is a line
    every seat's values are measured against (an elimination limit), or None. It is derived
    from the finished game's state, never stored in a record.
    """

    values: tuple[tuple[int, ...], ...]
    limit: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the course as the `outcome` of an update carries it."""
        return {"values": [list(v) for v in self.values], "limit": self.limit}


@dataclass(frozen=True)
class Outcome:
    """The end of a game as every game gives it to the platform.

    `winners` and `totals` (one per seat) are what a score screen, a leaderboard or a summary
    needs of any game; `lowest_wins` says which way totals rank. `result` is the `result`
    object of the game's record, exactly as its records write it; `detail` is the game's own
    breakdown for its score screen (JSON-ready); `course` how the game went round by round, for
    the score screens' chart (None: the game draws none).
    """

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    result: dict[str, Any]
    detail: dict[str, Any] = field(default_factory=dict)
    lowest_wins: bool = False
    course: Course | None = None


TIME_UP: dict[str, str] = {"type": "time_up"}
"""The entry without a seat by which the table tells a game with a time limit that time ran out."""


@dataclass(frozen=True)
class Moment:
    """A moment the room must see, named by a game for one change of its table (`GameRules.moment_of`).

    `kind`: a short lowercase word (its texts are the game's own, `moment.<kind>`); `seconds`: how long
    the table holds for it at the normal pace (the host's `pace` option scales it). While it holds, no bot
    starts its next decision and the turn timer waits; people may still act where the game lets them.
    `tells`: which of the change's event types the phones' short form tells (its lines of them).
    """

    kind: str
    seconds: float
    tells: tuple[str, ...] = ()  # the event types whose lines tell it in short form (a phone's line); (): all


@dataclass(frozen=True)
class OptionSpec:
    """One option a game (or the table) declares; the platform validates and the lobbies render it.

    kind "bool": `default` is True/False. kind "choice": one of `choices` (ints or strings).
    kind "int": a whole number from `minimum` to `maximum`; `choices` then lists the values a
    lobby offers first (the "other" value is typed). `shown_when` = (option, value): the option
    only means something while that other option has that value (the lobby hides it otherwise).
    """

    name: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    shown_when: tuple[str, Any] | None = None

    def accepts(self, value: Any) -> bool:
        """Return True if `value` is an allowed value of this option (a bool is never an int)."""
        if self.kind == "bool":
            return isinstance(value, bool)
        if isinstance(value, bool):
            return False
        if self.kind == "choice":
            return any(type(value) is type(c) and value == c for c in self.choices)
        if self.kind == "int":
            return (isinstance(value, int) and (self.minimum is None or value >= self.minimum)
                    and (self.maximum is None or value <= self.maximum))
        return False

    def to_dict(self) -> dict[str, Any]:
        """Return the declaration as the `table` message sends it to the lobbies."""
        return {"name": self.name, "kind": self.kind, "default": self.default,
                "choices": list(self.choices), "min": self.minimum, "max": self.maximum,
                "shown_when": list(self.shown_when) if self.shown_when else None}


def option_values(specs: tuple[OptionSpec, ...], raw: dict[str, Any] | None) -> dict[str, Any]:
    """Return every declared option's value: `raw`'s where allowed, else the default.

    Unknown names are dropped; an unknown or wrong value never reaches a game.
    """
    raw = raw or {}
    return {s.name: raw[s.name] if s.name in raw and s.accepts(raw[s.name]) else s.default for s in specs}


def require_int(value: Any, what: str) -> int:
    """Return value if it is a plain integer (not bool, not float); raise BadAction otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadAction("not_a_whole_number", "{field} must be a whole number.", field=what)
    return value


@dataclass(frozen=True)
class RecordEntry:
    """One entry of a game record: a seat's action (`data` has "seat") or a chance entry (no "seat").

    `index` is its position in its list and `round` the round it belongs to, for a game whose
    records group entries by round (None otherwise): the referee names them when one is illegal.
    """

    index: int
    data: dict[str, Any]
    round: int | None = None


def is_int(value: Any) -> bool:
    """Return True for a plain integer (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


_KIND_NAMES = {str: "a string", int: "a whole number", list: "a list", dict: "an object"}


def record_field(data: Any, key: str, kind: type, where: str = "") -> Any:
    """Return `data[key]` if it is of `kind` (int: a plain integer); raise ValueError naming it.

    For the record readers of the games: the message reads "missing field 'result.winners'" or
    "result.scores[0].total must be a whole number".
    """
    if not isinstance(data, dict) or key not in data:
        raise ValueError(f"missing field '{where}{key}'")
    value = data[key]
    if not (is_int(value) if kind is int else isinstance(value, kind)):
        raise ValueError(f"{where}{key} must be {_KIND_NAMES[kind]}")
    return value
