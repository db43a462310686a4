"""The table's clocks: the turn timer (the host's option) and a game's own time limit.

A mixin of `game.session.Session` (the one writer). The server calls `expire_timer` at
`deadline`; the timer restarts when the game's `timer_key` changes.
"""

from __future__ import annotations

import math
from typing import Any

from game.engine.common import TIME_UP
from game.protocol import Stage
from game.table.updates import Out, RecordReady


class ClockMixin:
    """The turn timer and the game's time limit."""

    def restored(self) -> None:
        """Finish a table rebuilt from a save (game.store): start the turn timer afresh."""
        self._timer_key = None
        self._refresh_timer()

    @property
    def deadline(self) -> float | None:
        """Return when the turn timer, the game's time limit or the moment playing runs out next (on `clock`), or None."""
        times = [t for t in (self._deadline, self.game_deadline, self._moment_until()) if t is not None]
        return min(times) if times else None

    def _timer(self) -> dict[str, Any] | None:
        if self._deadline is None or self.stage is not Stage.PLAYING:
            return None
        left = max(0, math.ceil(self._deadline - self.clock()))
        acting = self.rules.to_act(self.state)
        return {"seat": next(iter(acting)) if len(acting) == 1 else None, "seconds_left": left}

    def _game_time(self) -> dict[str, Any] | None:
        """Return the time left of a game with a time limit while it runs (public: the clock on the wall)."""
        if self.game_deadline is None or self.stage is not Stage.PLAYING:
            return None
        return {"seconds_left": max(0, math.ceil(self.game_deadline - self.clock()))}

    def _refresh_timer(self) -> None:
        seconds = int(self.options.get("turn_timer") or 0)
        if self.stage is not Stage.PLAYING or seconds <= 0:
            self._deadline, self._timer_key = None, None
            return
        acting = self.rules.to_act(self.state)
        if not acting:
            self._deadline, self._timer_key = None, None
            return
        key = (self.game_serial, *self.rules.timer_key(self.state))
        if key != self._timer_key:
            self._timer_key = key
            # the timer does not run while a moment plays (game/table/moments.py)
            self._deadline = max(self.clock(), self._moment_until() or 0.0) + seconds

    def expire_timer(self) -> list[Out | RecordReady]:
        """Act once a clock ran out; return what to send.

        The game's time limit: the game is told (it decides what that means, e.g. the round in
        progress is the last). The turn timer: everyone still on the clock makes the game's
        timeout move. A moment whose time is up ends first, with a version of its own.
        """
        ended = self._end_moment()
        if ended:
            return ended
        if self.stage is not Stage.PLAYING:
            return []
        now = self.clock()
        events: list[dict[str, Any]] = []
        if self.game_deadline is not None and now >= self.game_deadline:
            self.game_deadline = None
            events += self._apply_entry(TIME_UP)
        if self._deadline is None or now < self._deadline:
            return self._after_action(events) if events else []
        for seat in sorted(self.rules.to_act(self.state)):
            if not self.rules.legal_actions(self.state, seat):
                continue
            action = self.rules.timeout_action(self.state, seat, self.rng)
            self.seats[seat].last_acted = self.version
            events += self._apply(seat, action, timeout=True)
            if self.rules.outcome(self.state) is not None:
                break
        self._timer_key = None  # whoever is next gets a full timer
        return self._after_action(events) if events else []
