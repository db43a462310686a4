"""The waiting line: people who joined to play and have no seat yet get the seats the chosen game has room for.

A mixin of `game.session.Session` (the one writer). `Session.pending` holds them in the order they
came; plain watchers are never in it (docs/architecture.md, "Waiting for a seat").
"""

from __future__ import annotations

from game.protocol import Stage
from game.seats import Seat
from game.table.updates import Out, RecordReady


class WaitingMixin:
    """Seats the people waiting, first come first seated."""

    def _seat_pending(self, *, dealing: bool = False) -> list[Seat]:
        """Give the people waiting to play, in the order they came, the seats the chosen game has room for.

        Only in the lobby, or when `dealing` (`play_again`, before it deals). A person never waits behind
        a bot: at a full table the last bot seat (a seat that was always a bot's) goes to the first
        person waiting, at the bot's place in the seat order. A table already over the game's
        maximum (the host switched to a smaller game) seats no one until it is back within it.
        Return the people seated, in order.
        """
        seated: list[Seat] = []
        if self.stage is not Stage.LOBBY and not dealing:
            return seated  # a running game's seats, or a finished one's on its score screen, stay as they are
        for seat in [s for s in self.pending if s.conn is not None]:  # (a phone that left keeps its place in line)
            room = self._max_seats() - len(self.seats)
            bots = [i for i, s in enumerate(self.seats) if s.bot is not None and not s.human]
            if room > 0:
                at = None
            elif room == 0 and bots:
                at = bots[-1]
                self.seats.pop(at)
            else:
                break
            self.pending.remove(seat)
            self._seat_person(seat, at)
            seated.append(seat)
        return seated

    def _welcome_seated(self, seated: list[Seat]) -> list[Out | RecordReady]:
        """Return a fresh welcome for late joiners who just got a seat (their seat number)."""
        return [self._welcome(s.conn, s) for s in seated if s.conn is not None]
