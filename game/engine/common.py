"""Shared vocabulary of every game engine: the two error types and the outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class GameError(Exception):
    """Base of the errors a player can read: a translation key, its parameters, an English text."""

    def __init__(self, key: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
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
class Score:
    """One seat's final score with its breakdown."""

    seat: int
    cats: int
    mice: int
    total: int

    def to_dict(self) -> dict[str, int]:
        """Return the score as the records format writes it."""
        return {"seat": self.seat, "cats": self.cats, "mice": self.mice, "total": self.total}


@dataclass(frozen=True)
class Outcome:
    """The end of a game: every seat's score, the winners, and whether the tie-break decided."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    tie_break: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the outcome as the records format writes it."""
        return {
            "scores": [s.to_dict() for s in self.scores],
            "winners": list(self.winners),
            "tie_break": self.tie_break,
        }


def require_int(value: Any, what: str) -> int:
    """Return value if it is a plain integer (not bool, not float); raise BadAction otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadAction("not_a_whole_number", f"{what} must be a whole number.", field=what)
    return value
