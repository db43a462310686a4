"""What the TV knows: the latest PUBLIC update from the server, checked to hold no seat's secrets."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from game.tv.games import screens_for

log = logging.getLogger(__name__)

# What every game's seat view carries (docs/protocol.md) and the TV must never receive; a game's
# scene module adds its own private fields, events and checks (GameScreens).
SEAT_VIEW_KEYS = frozenset({"seat", "legal"})


class PrivateViewError(ValueError):
    """An update meant for one seat reached the TV."""


def private_view_keys(game_id: str) -> frozenset[str]:
    """Return the view fields only a seat may see in game `game_id` (the platform's and the game's)."""
    screens = screens_for(game_id)
    return SEAT_VIEW_KEYS | (screens.private_view_keys if screens is not None else frozenset())


def check_public(update: dict[str, Any]) -> None:
    """Raise PrivateViewError if `update` carries anything only a seat may see; return otherwise."""
    table = update.get("table")
    game = str((table if isinstance(table, dict) else {}).get("game") or "")
    screens = screens_for(game)
    view = update.get("view")
    if view is not None:
        if not isinstance(view, dict):
            raise PrivateViewError("view is not an object")
        leaked = private_view_keys(game) & set(view)
        if leaked:
            raise PrivateViewError(f"private view fields {sorted(leaked)}")
        reason = screens.check_view(view) if screens is not None else None
        if reason:
            raise PrivateViewError(reason)
    private_events = screens.private_event_types if screens is not None else frozenset()
    for ev in update.get("events") or ():
        if isinstance(ev, dict) and ev.get("type") in private_events:
            raise PrivateViewError(f"private event {ev.get('type')}")
    you = update.get("you")
    if isinstance(you, dict) and you.get("seat") is not None:
        raise PrivateViewError("the update is addressed to a seat")


@dataclass
class TableModel:
    """Holds the latest public update (and the one before, for animations); refuses private ones."""

    update: dict[str, Any] | None = None
    previous: dict[str, Any] | None = None
    consumed: list[dict[str, Any]] = field(default_factory=list)
    rejected: int = 0
    accepted: int = 0  # updates taken so far: a new number means a new picture to draw at rest
    keep_log: bool = False
    _restarted: bool = False

    def restart(self) -> None:
        """The server started again: take its next update whatever its version (then in order again)."""
        self._restarted = True

    def accept(self, update: dict[str, Any]) -> bool:
        """Take `update` as the newest picture if it is a public update; return whether it was taken."""
        if not isinstance(update, dict) or update.get("type") != "update":
            return False
        try:
            check_public(update)
        except PrivateViewError as exc:
            self.rejected += 1
            log.error("TV refused an update: %s", exc)
            return False
        if self.update is not None and update.get("version", 0) < self.update.get("version", 0) \
                and update.get("stage") == self.update.get("stage") and not self._restarted:
            return False  # out of order: the newer picture stays
        self._restarted = False
        self.previous, self.update = self.update, update
        self.accepted += 1
        if self.keep_log:
            self.consumed.append(update)
        return True

    # ---- convenient reads of the latest update

    @property
    def stage(self) -> str:
        """Return 'lobby', 'playing' or 'over' ('lobby' before the first update)."""
        return str(self.update.get("stage", "lobby")) if self.update else "lobby"

    @property
    def table(self) -> dict[str, Any]:
        """Return the table part (seats, game, options, join code)."""
        return (self.update or {}).get("table") or {}

    @property
    def view(self) -> dict[str, Any] | None:
        """Return the public game view, or None in the lobby."""
        return (self.update or {}).get("view")

    @property
    def outcome(self) -> dict[str, Any]:
        """Return a finished game's outcome (winners, totals, lowest_wins, detail), or {} before the end."""
        outcome = (self.update or {}).get("outcome")
        return outcome if isinstance(outcome, dict) else {}

    @property
    def history(self) -> dict[str, Any]:
        """Return the household's history per game id (leaders, recent results), or {} when none came."""
        history = (self.update or {}).get("history")
        return history if isinstance(history, dict) else {}

    def seat_info(self, seat: int | None) -> dict[str, Any]:
        """Return the table's record of `seat` (name, colour, symbol, bot, connected, host)."""
        for s in self.table.get("seats") or ():
            if s.get("seat") == seat:
                return s
        return {"seat": seat, "name": f"#{seat}", "colour": "#999999", "symbol": "circle",
                "bot": None, "connected": True, "host": False}

    def name(self, seat: int | None) -> str:
        """Return the name sitting at `seat`."""
        return str(self.seat_info(seat).get("name") or f"#{seat}")
