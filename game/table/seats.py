"""Who sits where: the connections, joining, resuming with a token, watching, leaving, and the seats' lookups.

A mixin of `game.session.Session` (the one writer): it reads and changes the session's `seats`,
`pending`, `host` and `_conns`.
"""

from __future__ import annotations

import secrets

from game import protocol as P
from game.engine import GameError
from game.seats import MAX_SEATS, PALETTE, SYMBOLS, Seat, clean_name, name_key
from game.table.updates import Out, RecordReady


class SeatsMixin:
    """The seats and the sockets that hold them."""

    def public_conns(self) -> list[int]:
        """Return the connections that get the public update (watchers and late joiners)."""
        return [c for c, s in self._conns.items() if s is None or s not in self.seats]

    def seat_of(self, conn: int) -> int | None:
        """Return the seat index a connection plays, or None."""
        seat = self._conns.get(conn)
        return self.seats.index(seat) if seat is not None and seat in self.seats else None

    @property
    def host_seat(self) -> int | None:
        """Return the host's seat index, or None when no seated player is host."""
        return self.seats.index(self.host) if self.host in self.seats else None

    def disconnect(self, conn: int) -> list[Out]:
        """Forget a socket; a seat it held is marked disconnected (the host passes on).

        A new socket needs no registering: it gets nothing until it joins, resumes or watches.
        """
        if conn not in self._conns:
            return []
        seat = self._conns.pop(conn)
        if seat is None or seat.conn != conn:
            return []
        seat.conn = None
        if seat not in self.seats:  # a person waiting for a seat leaves the list till the phone is back
            return self._changed() if seat in self.pending else []
        if seat is self.host:
            self.host = next((s for s in self.seats if s.human and s.conn is not None), None)
        return self._changed()

    def _check_joinable(self, conn: int) -> None:
        if conn in self._conns and self._conns[conn] is not None:
            raise GameError("already_joined", "You already have a place at the table.")

    def _join(self, conn: int, cmd: P.Join) -> list[Out | RecordReady]:
        self._check_joinable(conn)
        name = clean_name(cmd.name)
        if name_key(name) in self._names_taken():
            raise GameError("name_taken", "Someone at the table is already called {name}.", name=name)
        seat = Seat(name=name, colour="", symbol="", token=secrets.token_urlsafe(18),
                    lang=cmd.lang or "en", conn=conn)
        self._conns[conn] = seat
        self.pending.append(seat)
        self._seat_pending()
        # seated, or waiting (the waiting list is public: everyone's update shows the new name)
        return [self._welcome(conn, seat)] + self._changed()

    def _names_taken(self) -> set[str]:
        return {name_key(s.name) for s in self.seats + self.pending}

    def _max_seats(self) -> int:
        return min(MAX_SEATS, self.rules.max_players)

    def _seat_person(self, seat: Seat, at: int | None = None) -> None:
        used = {s.colour for s in self.seats}
        k = next(i for i in range(len(PALETTE)) if PALETTE[i] not in used)
        seat.colour, seat.symbol = PALETTE[k], SYMBOLS[k % len(SYMBOLS)]
        self.seats.insert(len(self.seats) if at is None else at, seat)
        if self.host is None and seat.human and seat.conn is not None:
            self.host = seat

    def _find_token(self, token: str) -> Seat | None:
        found = None
        for seat in self.seats + self.pending:
            # compare every token (no early exit) so timing says nothing about which one matched
            if seat.token_matches(token):
                found = seat
        if found is not None and found.token is None:
            found.token = token  # a seat resumed from a save: its phone proved the token
        return found

    def _resume(self, conn: int, token: str) -> list[Out | RecordReady]:
        self._check_joinable(conn)
        seat = self._find_token(token)
        if seat is None:
            raise GameError("unknown_token", "This phone's place is no longer at the table. Join again.")
        outs: list[Out | RecordReady] = []
        if seat.conn is not None and seat.conn != conn:
            old = seat.conn
            self._conns.pop(old, None)
            outs.append(Out(old, P.bye(P.ByeReason.REPLACED), close=True))
        self._conns[conn] = seat
        seat.conn = conn
        if seat not in self.seats:  # waiting for a seat: back in the list, seated if there is room now
            if seat in self.pending:
                seated = self._seat_pending()
                return outs + [self._welcome(conn, seat)] + self._welcome_seated([s for s in seated if s is not seat]) \
                    + list(self._changed())
            return outs + [self._welcome(conn, seat), self._current_for(conn, seat)]
        if seat.bot is not None:
            seat.bot = None  # the player takes the seat back from the bot
        if self.host is None or self.host not in self.seats:
            self.host = seat
        return outs + [self._welcome(conn, seat)] + self._changed()

    def _watch(self, conn: int) -> list[Out | RecordReady]:
        self._check_joinable(conn)
        self._conns[conn] = None
        return [self._welcome(conn, None), Out(conn, self.public_update())]

    def _seat_index(self, i: int | None) -> Seat:
        if i is None or not 0 <= i < len(self.seats):
            raise GameError("bad_seat", "There is no such seat.")
        return self.seats[i]
