"""What each socket is sent of a version: the seats' updates, the public one, welcomes and errors.

A mixin of `game.session.Session` (the one writer). `_changed` bumps the version and builds every
update; the parts every update shares (the table, who acts, the public view) are built once per
version. Everything goes through `game.protocol`'s whitelists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import protocol as P
from game.bots import coach_kind, level_of, levels
from game.engine import GAMES, GameError, GameRules
from game.howto import has_how_to
from game.locales import game_names
from game.protocol import TABLE_OPTIONS, Role, Stage
from game.records import Record
from game.seats import Seat


PUBLIC = None
"""`Out.to` for the public audience: every watcher socket and the TV."""


@dataclass(frozen=True)
class Out:
    """One message to deliver: to a connection id, or to the public audience (`to is PUBLIC`)."""

    to: int | None
    message: dict[str, Any]
    close: bool = False


@dataclass(frozen=True)
class RecordReady:
    """A finished game's record, for the server to write to disk (the session does no I/O)."""

    record: Record


class UpdatesMixin:
    """Builds the messages of each version."""

    def events_for(self, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        """Return the wire events of a change that `seat` (None: the public) may see, in order."""
        return self._events(events, seat)

    def _table(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "games": [_game_entry(r) for r in GAMES.values() if r.on_table],
            "table_options": [o.to_dict() for o in TABLE_OPTIONS],
            "options": dict(self.options),
            "join_code": self.join_code,
            "host_seat": self.host_seat,
            "watchers": len(self.public_conns()) - sum(s.conn is not None for s in self.pending),  # not who waits
            "waiting": [s.name for s in self.pending if s.conn is not None],
            "seats": [{"seat": i, "name": s.name, "colour": s.colour, "symbol": s.symbol,
                       "bot": s.bot, "level": level_of(self.game_id, s.bot),
                       "connected": s.conn is not None or (s.bot is not None and not s.human),
                       "host": s is self.host, "coached": s.coached} for i, s in enumerate(self.seats)],
            "how_to": self.how_to,
        }

    def _events(self, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        return _events_of(self.game_id, events, seat)

    def _wire_game(self) -> dict[str, Any]:
        """Return who acts now, a finished game's outcome and the moment playing, for this version (shared by every update)."""
        if self._game_cache is None or self._game_cache[0] != self.version:
            acting: list[int] = []
            outcome = None
            if self.state is not None and self.stage is Stage.PLAYING:
                acting = sorted(self.rules.to_act(self.state))
            elif self.state is not None and self.stage is Stage.OVER:
                outcome = P.outcome_to_wire(self.game_id, self.rules.outcome(self.state))
            self._game_cache = (self.version, {"acting": acting, "outcome": outcome, "moment": self._wire_moment()})
        return self._game_cache[1]

    def _wire_table(self) -> dict[str, Any]:
        """Return the whitelisted table for this version (built once, shared by every update)."""
        if self._table_cache is None or self._table_cache[0] != self.version:
            self._table_cache = (self.version, P.table_to_wire(self._table()))
        return self._table_cache[1]

    def _public_view(self) -> tuple[Any, dict[str, Any] | None]:
        """Return the engine's public view and its wire dict for this version (built once, shared)."""
        if self._view_cache is None or self._view_cache[0] != self.version:
            view = self.rules.public_view(self.state)
            self._view_cache = (self.version, view, P.view_to_wire(self.game_id, view, seat_view=False))
        return self._view_cache[1], self._view_cache[2]

    def _engine_view(self, i: int) -> Any:
        """Return seat `i`'s engine view, or None in the lobby."""
        return self.seat_view(i) if self.state is not None and self.stage is not Stage.LOBBY else None

    def _update_for(self, seat: Seat, events: list[dict[str, Any]], engine_view: Any = None) -> dict[str, Any]:
        i = self.seats.index(seat)
        view = None
        if self.state is not None and self.stage is not Stage.LOBBY:
            seen = engine_view if engine_view is not None else self.seat_view(i)
            view = P.view_to_wire(self.game_id, seen, seat_view=True, like=self._public_view())
        you = {"seat": i, "role": str(Role.PLAYER), "host": seat is self.host, "name": seat.name,
               "colour": seat.colour, "symbol": seat.symbol, "tips": self.tips_on(seat), "tip": seat.tip}
        return P.update(version=self.version, stage=self.stage, table=self._wire_table(), you=you,
                        view=view, events=self._events(events, i), timer=self._timer(),
                        game_time=self._game_time(), history=self._lobby_history(), **self._wire_game())

    def public_update(self, events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Return the public `update` (TV and watchers) for the current version."""
        if events is None and self._public_cache and self._public_cache[0] == self.version:
            return self._public_cache[1]
        view = None
        if self.state is not None and self.stage is not Stage.LOBBY:
            view = self._public_view()[1]
        you = {"seat": None, "role": str(Role.WATCHER), "host": False, "name": None,
               "colour": None, "symbol": None}
        msg = P.update(version=self.version, stage=self.stage, table=self._wire_table(), you=you,
                       view=view, events=self._events(events or [], None), timer=self._timer(),
                       game_time=self._game_time(), history=self._lobby_history(),
                       **self._wire_game())
        self._public_cache = (self.version, msg)
        return msg

    def _changed(self, events: list[dict[str, Any]] | None = None) -> list[Out]:
        """Bump the version and return an update for every seated socket and the public one."""
        self.version += 1
        evs = events or []
        if evs:
            self._begin_moment(self._events(evs, None))
        self._refresh_timer()
        for listener in self.change_listeners:
            listener(evs)
        views = {i: self._engine_view(i) for i, s in enumerate(self.seats) if s.conn is not None}
        self._track_tips(views)
        outs = [Out(s.conn, self._update_for(s, evs, views[i])) for i, s in enumerate(self.seats) if s.conn is not None]
        outs.append(Out(PUBLIC, self.public_update(evs)))
        return outs

    def _error(self, conn: int | None, err: GameError) -> list[Out]:
        return [] if conn is None else [Out(conn, P.error(err, self.version))]

    def _welcome(self, conn: int, seat: Seat | None) -> Out:
        if seat is None:
            msg = P.welcome(token=None, seat=None, role=Role.WATCHER, name=None, colour=None, symbol=None)
        elif seat in self.seats:
            msg = P.welcome(token=seat.token, seat=self.seats.index(seat), role=Role.PLAYER,
                            name=seat.name, colour=seat.colour, symbol=seat.symbol)
        else:
            msg = P.welcome(token=seat.token, seat=None, role=Role.WATCHER, name=seat.name,
                            colour=None, symbol=None)
        return Out(conn, msg)

    def _current_for(self, conn: int, seat: Seat | None) -> Out:
        if seat is not None and seat in self.seats:
            return Out(conn, self._update_for(seat, []))
        return Out(conn, self.public_update())


def _events_of(game_id: str, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """Return the wire events of a change (the session's, audience under `_to`) `seat` may see."""
    out = []
    for ev in events:
        to = ev.get("_to")
        if to is not None and to != seat:
            continue
        wire = P.event_to_wire(game_id, {k: v for k, v in ev.items() if k != "_to"})
        if wire is not None:
            out.append(wire)
    return out


def _wire_events(raw: list[Any]) -> list[dict[str, Any]]:
    """Return engine events as the session keeps them: their fields, with the audience under `_to`."""
    return [{**ev.to_dict(), "_to": ev.to} for ev in raw]


def _game_entry(rules: GameRules) -> dict[str, Any]:
    """Return what the lobbies need of a game: its id, its name in every language, its seat range and options."""
    return {"id": rules.id, "names": dict(game_names(rules.id)), "min_players": rules.min_players,
            "max_players": rules.max_players, "options": [o.to_dict() for o in rules.options],
            "bot_levels": levels(rules.id), "coach": coach_kind(rules.id) is not None,
            "how_to": has_how_to(rules.id)}
