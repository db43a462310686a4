"""The table's pacing: the moments the room must see, and the hold while one plays.

A game names, for the public events of one change, the moment the room must see (`GameRules.moment_of`:
a round's outcome, a knock, a reveal) and how long it lasts at the normal pace. The table then holds
for that long, scaled by the host's `pace` option and the server's `moment_scale`: no bot starts its
next decision (`bot_turns` is empty) and the turn timer does not run (whoever is on the clock gets a
full timer once the moment is over). People may still act where the game lets them; their changes
do not cut the moment short, and a change that makes a moment of its own starts that one instead.
When the moment is over the table says so with a new version (`expire_timer`), so the bots, the
phones and the TV move on together.

The moment is the session's, not the TV's: every update carries it while it holds (`update.moment`:
its kind, the version it began at, its length, the seconds left, the public events of the change
that made it and which of them its short form tells), and the save keeps it (game.store), so a restarted server, a TV that reconnects and a
watcher that opens the page mid-moment all show the rest of it. A game without moments plays as
before. A mixin of `game.session.Session` (the one writer).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game import protocol as P
from game.protocol import Stage
from game.table.updates import Out, RecordReady

PACES: dict[str, float] = {"relaxed": 1.5, "normal": 1.0, "quick": 0.5}
"""The `pace` table option's values and how they scale a moment's length."""


@dataclass
class Holding:
    """The moment playing now: what the game named, when it began (version) and when it ends (on `clock`)."""

    kind: str
    version: int
    seconds: float  # its whole length, paced
    until: float
    events: list[dict[str, Any]]  # the public wire events of the change that made it
    tells: tuple[str, ...] = ()  # the event types the phones' short form tells (the game's Moment.tells)


class MomentsMixin:
    """Starts a game's moments, holds the table while one plays, ends it."""

    def _begin_moment(self, public_events: list[dict[str, Any]]) -> None:
        """Start the moment the game names for this change's public events, if any (called by `_changed`)."""
        if self.stage is Stage.LOBBY or self.state is None or not public_events:
            return
        moment = self.rules.moment_of(public_events)
        if moment is None:
            return
        seconds = float(moment.seconds) * PACES.get(str(self.options.get("pace")), 1.0) * self.moment_scale
        if seconds <= 0:
            return
        self.moment = Holding(moment.kind, self.version, seconds, self.clock() + seconds, public_events,
                              tuple(moment.tells))
        self._timer_key = None  # whoever is on the clock gets a full timer once the moment is over

    @property
    def holding(self) -> bool:
        """Return True while a moment plays (bots wait, the turn timer waits)."""
        return self.moment is not None and self.clock() < self.moment.until

    def _moment_until(self) -> float | None:
        """Return when the moment playing now ends (on `clock`), or None."""
        return None if self.moment is None else self.moment.until

    def _end_moment(self) -> list[Out | RecordReady]:
        """End a moment whose time is up: a new version says so (bots and phones move on, the TV too)."""
        if self.moment is None or self.clock() < self.moment.until:
            return []
        self.moment = None
        return list(self._changed())

    def _drop_moment(self) -> None:
        """Forget the moment (a new game, back to the lobby)."""
        self.moment = None

    def _wire_moment(self) -> dict[str, Any] | None:
        """Return the moment as every update of this version carries it, or None."""
        m = self.moment
        if m is None or self.stage is Stage.LOBBY:
            return None
        return P.moment(kind=m.kind, since=m.version, seconds=m.seconds, left=max(0.0, m.until - self.clock()),
                        tells=m.tells, events=m.events)

    def moment_to_save(self) -> dict[str, Any] | None:
        """Return the moment as the save keeps it (its time left, not a clock reading), or None."""
        m = self.moment
        if m is None:
            return None
        return {"kind": m.kind, "since": m.version, "seconds": m.seconds,
                "left": max(0.0, m.until - self.clock()), "events": m.events, "tells": list(m.tells)}

    def restore_moment(self, saved: dict[str, Any] | None) -> None:
        """Take a saved moment back (`moment_to_save`): it plays for the time it had left."""
        if not isinstance(saved, dict):
            return
        try:
            left = float(saved["left"])
            seconds = float(saved["seconds"])
            if not (math.isfinite(left) and math.isfinite(seconds)):
                return
            self.moment = Holding(str(saved["kind"]), int(saved["since"]), seconds, self.clock() + max(0.0, left),
                                  list(saved["events"]), tuple(str(t) for t in saved.get("tells") or ()))
        except (KeyError, TypeError, ValueError):
            self.moment = None
