"""The table: seats, tokens, lobby, host, game, options, version, action log — the one writer.

`Session` is plain, synchronous and does no I/O: every entry point returns the messages to
send (`Out`, addressed to a connection id or to the public audience) and the server delivers
them. Only `submit` changes a running game; bots and the turn timer go through it too.
"""

from __future__ import annotations

import math
import random
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Callable

from game import protocol as P
from game.bots import DEFAULT_LEVEL, coach_kind, kind_for, level_of, levels
from game.bots import kinds as bot_kinds
from game.engine import GAMES, GameError, GameRules, OptionSpec
from game.engine.common import TIME_UP
from game.history import summary as history_summary
from game.howto import has_how_to
from game.locales import game_names
from game.protocol import TABLE_OPTIONS, HostCmd, Role, Stage
from game.records import GameRecorder, Record, RecordPlayer
from game.seats import BOT_NAMES, MAX_SEATS, PALETTE, SYMBOLS, Seat, clean_name, name_key


TV = -1
"""`host_command`'s origin for the TV (always allowed to act as host)."""
PUBLIC = None
"""`Out.to` for the public audience: every watcher socket and the TV."""


@dataclass(frozen=True)
class Out:
    """One message to deliver: to a connection id, or to the public audience (`to is PUBLIC`)."""

    to: int | None
    message: dict[str, Any]
    close: bool = False


@dataclass(frozen=True)
class Seen:
    """What one seat's phone was sent of one change of the game: the view after it and its events.

    `version`: the table's version the change was made at (its update carries `version + 1`).
    """

    version: int
    view: Any
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class HintAsk:
    """A coached seat's phone asked for a hint: for the server's coach to think on (game.server.bots).

    `version`: the version the phone looked at; `legal`: the seat's moves when it asked. The answer
    is sent only while the seat's decision is still that one (`Session.hint_answer`), to the seat's
    phone as it is connected then.
    """

    seat: int
    version: int
    serial: int
    legal: tuple[Any, ...]


@dataclass(frozen=True)
class RecordReady:
    """A finished game's record, for the server to write to disk (the session does no I/O)."""

    record: Record


class Session:
    """One table. Entry points return the `Out` messages (and `RecordReady`) to deliver."""

    def __init__(self, join_code: str, rng: random.Random, *,
                 clock: Callable[[], float] = time.monotonic, game: str | None = None) -> None:
        self.join_code = join_code
        self.rng = rng
        self.clock = clock
        self.game_id = game if game is not None else next(g for g, r in GAMES.items() if r.on_table)
        self.options: dict[str, Any] = self._default_options()
        self.stage = Stage.LOBBY
        self.version = 1
        self.seats: list[Seat] = []
        self.pending: list[Seat] = []  # people who joined to play and wait for a seat, in the order they came
        self.host: Seat | None = None
        self.state: Any = None
        self.log: list[dict[str, Any]] = []
        self.game_serial = 0
        self.game_version = 0  # the version the current game started at (older actions are stale)
        self.recorder: GameRecorder | None = None
        self._conns: dict[int, Seat | None] = {}  # joined connections: their seat, or None
        self._deadline: float | None = None
        self._timer_key: tuple[Any, ...] | None = None
        self.game_deadline: float | None = None  # when a game with a time limit runs out (on `clock`)
        self._chance_rng = random.Random()
        self.change_listeners: list[Callable[[list[dict[str, Any]]], None]] = []
        self._public_cache: tuple[int, dict[str, Any]] | None = None
        self._table_cache: tuple[int, dict[str, Any]] | None = None
        self._game_cache: tuple[int, dict[str, Any]] | None = None
        self._view_cache: tuple[int, Any, dict[str, Any] | None] | None = None
        self.history: dict[str, Any] = P.history_to_wire(history_summary([]))  # the household's, whitelisted
        self.how_to = 0  # how often the host asked the TV for the chosen game's how-to
        # per game id, the people (`name_key`) who finished a game of it in the household: their tips start off
        self.played: dict[str, frozenset[str]] = {}

    # ------------------------------------------------------------ queries

    @property
    def rules(self) -> GameRules:
        """Return the chosen game's engine."""
        return GAMES[self.game_id]

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

    def seat_view(self, seat: int) -> Any:
        """Return the engine's view for `seat` (what its phone, or its bot, may see)."""
        return self.rules.view_for(self.state, seat)

    def bot_turns(self) -> list[tuple[int, str]]:
        """Return (seat, bot kind) for every bot seat that may act now."""
        if self.stage is not Stage.PLAYING:
            return []
        acting = self.rules.to_act(self.state)
        return [(i, s.bot) for i, s in enumerate(self.seats) if s.bot is not None and i in acting]

    def set_history(self, history: dict[str, Any], played: dict[str, frozenset[str]] | None = None) -> list[Out]:
        """Take the household's history (`game.history.summary`) for the lobby's updates; return
        what to send: in the lobby, the new version that shows it (else nothing: the lobby's
        next update carries it).

        `played` (`game.history.played`): per game, who finished one; it is never sent, it only
        turns those players' tips off by default (None: as before). Called when the table opens,
        when a finished game was kept (on its score screen), and when the records folder was
        imported after the table opened.
        """
        self.history = P.history_to_wire(history)
        if played is not None:
            self.played = dict(played)
        self._public_cache = None
        return self._changed() if self.stage is Stage.LOBBY else []

    def _lobby_history(self) -> dict[str, Any] | None:
        return self.history if self.stage is Stage.LOBBY else None

    # ------------------------------------------------------------ the phone's tips

    def tips_on(self, seat: Seat) -> bool:
        """Return whether `seat`'s phone shows tips: its player's own choice, else on for a name that
        has not finished a game of the chosen game in the household's history."""
        if seat.tips is not None:
            return seat.tips
        return name_key(seat.name) not in self.played.get(self.game_id, frozenset())

    def _tip_now(self, seat: Seat, view: Any) -> tuple[str, dict[str, Any]] | None:
        """Return the tip `seat`'s phone shows with `view`: the first the game gives not seen in this game."""
        if view is None or self.stage is not Stage.PLAYING or seat.bot is not None or seat.conn is None \
                or not self.tips_on(seat):
            return None
        return next(((kind, dict(params)) for kind, params in self.rules.tips_for(view)
                     if kind not in seat.tips_seen), None)

    def _track_tips(self, views: dict[int, Any]) -> None:
        """Set every seat's tip for this version (`views`: the connected seats' engine views).

        A tip that stops being shown (its decision made or gone, the phone gone, tips turned off)
        is seen: its kind never comes again in this game, a reconnect included.
        """
        for i, seat in enumerate(self.seats):
            tip = self._tip_now(seat, views.get(i))
            if seat.tip is not None and (tip is None or tip[0] != seat.tip[0]):
                seat.tips_seen.add(seat.tip[0])
            seat.tip = tip

    def _set_tips(self, seat: Seat, on: bool) -> list[Out]:
        """Turn `seat`'s tips on or off (its own phone asked): a new version says so (and saves it); the
        same choice again changes nothing."""
        if seat.tips is on:
            return []
        seat.tips = on
        return self._changed()

    def restored(self) -> None:
        """Finish a table rebuilt from a save (game.store): start the turn timer afresh."""
        self._timer_key = None
        self._refresh_timer()

    @property
    def deadline(self) -> float | None:
        """Return when the turn timer or the game's time limit runs out next (on `clock`), or None."""
        times = [t for t in (self._deadline, self.game_deadline) if t is not None]
        return min(times) if times else None

    def _default_options(self) -> dict[str, Any]:
        return {**{o.name: o.default for o in TABLE_OPTIONS}, **self.rules.option_values(None)}

    def _option_spec(self, name: str | None) -> OptionSpec | None:
        return next((o for o in TABLE_OPTIONS if o.name == name), None) or self.rules.option(name or "")

    def game_options(self) -> dict[str, Any]:
        """Return the chosen game's options as its engine and records get them."""
        return self.rules.engine_options({o.name: self.options.get(o.name, o.default) for o in self.rules.options})

    def events_for(self, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        """Return the wire events of a change that `seat` (None: the public) may see, in order."""
        return self._events(events, seat)

    def seat_stream(self, seat: int, before: int | None = None) -> Iterator[Seen]:
        """Return, in order, what `seat`'s phone was sent of each change of the game so far (`Seen`s).

        Rebuilt, not kept: the game is replayed from its setup (`from_setup`, then every logged
        entry, chance included, through `apply`/`apply_chance`), and after each change the seat's
        view and the events its seat gets (`to` None or the seat, through the wire whitelist) are
        yielded — one item per change, as `_changed` sent them: entries logged at the same version
        were one change (a move and the chance it made due; every timeout move of a turn timer),
        the first change is the game's start (with its `game_started` event and its deal's chance),
        and a timeout move brings its `timeout` event first. Changes that moved no card (someone
        left, a seat went to a bot) are not in the log: they sent the same view and no events.
        The same for a live table and one resumed from its save (game.store rebuilds the log).
        `before`: only the changes made at a version below it (None: all). An iterator that
        replays as it is read: one state, one view at a time (a bot taking over a seat is fed
        from it in slices, game.server.bots).
        """
        rec = self.recorder
        if self.state is None or rec is None or self.stage is Stage.LOBBY:
            return iter(())
        # everything is taken now: the table may move on while the stream is read
        return _replayed(self.rules, seat, len(rec.players), rec.setup, rec.options, self.log,
                         self.game_version - 1, self.version if before is None else before)

    # ------------------------------------------------------------ messages

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

    def _events(self, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        return _events_of(self.game_id, events, seat)

    def _wire_game(self) -> dict[str, Any]:
        """Return who acts now and a finished game's outcome, for this version (shared by every update)."""
        if self._game_cache is None or self._game_cache[0] != self.version:
            acting: list[int] = []
            outcome = None
            if self.state is not None and self.stage is Stage.PLAYING:
                acting = sorted(self.rules.to_act(self.state))
            elif self.state is not None and self.stage is Stage.OVER:
                outcome = P.outcome_to_wire(self.game_id, self.rules.outcome(self.state))
            self._game_cache = (self.version, {"acting": acting, "outcome": outcome})
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
        self._refresh_timer()
        evs = events or []
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

    # ------------------------------------------------------------ connections

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

    def handle(self, conn: int, cmd: P.Command) -> list[Out | RecordReady | HintAsk]:
        """Carry out a parsed client command from `conn`; return what to send."""
        try:
            if isinstance(cmd, P.Join):
                return self._join(conn, cmd)
            if isinstance(cmd, P.Resume):
                return self._resume(conn, cmd.token)
            if isinstance(cmd, P.Watch):
                return self._watch(conn)
            if conn not in self._conns:
                raise GameError("join_first", "Join the table first.")
            seat = self._conns[conn]
            if isinstance(cmd, P.SetLang):
                if seat is not None:
                    seat.lang = cmd.lang
                return []
            if seat is None or seat not in self.seats:
                raise GameError("not_seated", "You are watching: you have no seat in this game.")
            if isinstance(cmd, P.Act):
                return self.submit(self.seats.index(seat), cmd.version, cmd.action, conn=conn)
            if isinstance(cmd, P.Hint):
                return self._ask_hint(conn, self.seats.index(seat), cmd)
            if isinstance(cmd, P.SetTips):
                return self._set_tips(seat, cmd.on)
            assert isinstance(cmd, P.Host)
            return self.host_command(cmd, by=seat, conn=conn)
        except GameError as err:
            return self._error(conn, err)

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

    def _fallback_bot(self) -> str | None:
        """Return the game's normal bot kind (else its first), or None for a game without bots."""
        return kind_for(self.game_id, DEFAULT_LEVEL) or next(iter(bot_kinds(self.game_id)), None)

    def _default_bot(self) -> str:
        kind = self._fallback_bot()
        if kind is None:
            raise GameError("unknown_bot", "There is no such bot.")
        return kind

    def _bot_kind(self, cmd: P.Host) -> str:
        """Return the bot kind a host command asks for: by level (easy/normal/hard), by kind, or the default."""
        if cmd.level is not None:
            kind = kind_for(self.game_id, cmd.level)
            if kind is None:
                raise GameError("unknown_bot", "There is no such bot.")
            return kind
        kind = cmd.kind or self._default_bot()
        if kind not in bot_kinds(self.game_id):
            raise GameError("unknown_bot", "There is no such bot.")
        return kind

    def _max_seats(self) -> int:
        return min(MAX_SEATS, self.rules.max_players)

    def _seat_person(self, seat: Seat, at: int | None = None) -> None:
        used = {s.colour for s in self.seats}
        k = next(i for i in range(len(PALETTE)) if PALETTE[i] not in used)
        seat.colour, seat.symbol = PALETTE[k], SYMBOLS[k % len(SYMBOLS)]
        self.seats.insert(len(self.seats) if at is None else at, seat)
        if self.host is None and seat.human and seat.conn is not None:
            self.host = seat

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

    # ------------------------------------------------------------ the one writer

    def submit(self, seat: int, version: int, action: Any, *, conn: int | None = None,
               timeout: bool = False) -> list[Out | RecordReady]:
        """Apply `seat`'s action made against `version`; return updates, or an error and no change.

        An action made against an older version is still taken if the seat has not acted since
        that version and the move is legal now (others' moves in the simultaneous choice phase
        must not make a player's tap stale); a resent duplicate is refused as stale.
        """
        me = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if self.stage is not Stage.PLAYING or self.state is None or me is None:
            return self._error(conn, GameError("not_playing", "No game is running."))
        if version > self.version or version <= max(me.last_acted, self.game_version - 1):
            outs = self._error(conn, GameError("stale_version", "The table changed: look again."))
            if conn is not None:
                outs.append(Out(conn, self._update_for(me, [])))
            return outs
        try:
            self.rules.check(self.state, seat, action)
        except GameError as err:  # the engine's own key, in its game's namespace on the wire
            return self._error(conn, P.game_error(self.game_id, err))
        me.last_acted = self.version
        events = self._apply(seat, action, timeout=timeout)
        return self._after_action(events)

    def _apply(self, seat: int, action: Any, *, timeout: bool) -> list[dict[str, Any]]:
        raw = self.rules.apply(self.state, seat, action)
        self.log.append({"seat": seat, "action": action.to_dict(), "version": self.version,
                         **({"timeout": True} if timeout else {})})
        if self.recorder is not None:
            self.recorder.add(seat, action)
        events = [{"type": "timeout", "seat": seat}] if timeout else []
        return events + _wire_events(raw) + self._chance()

    def _apply_entry(self, entry: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply an entry without a seat (chance, or the time running out) and log it like a move."""
        raw = self.rules.apply_chance(self.state, entry)
        self.log.append({"seat": None, "action": dict(entry), "version": self.version})
        if self.recorder is not None:
            self.recorder.add_chance(entry)
        return _wire_events(raw)

    def _chance(self) -> list[dict[str, Any]]:
        """Draw whatever chance the game says is due now (a new deal, a reshuffle); return its events."""
        events: list[dict[str, Any]] = []
        while self.rules.outcome(self.state) is None and self.rules.chance_due(self.state) is not None:
            events += self._apply_entry(self.rules.sample_chance(self.state, self._chance_rng))
        return events

    def _after_action(self, events: list[dict[str, Any]]) -> list[Out | RecordReady]:
        outs: list[Out | RecordReady] = []
        outcome = self.rules.outcome(self.state)
        if outcome is not None and self.recorder is not None:
            self.stage = Stage.OVER
            self.recorder.finish(outcome)
            outs.append(RecordReady(self.recorder.record))
        return list(self._changed(events)) + outs

    # ------------------------------------------------------------ the turn timer

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
            self._deadline = self.clock() + seconds

    def expire_timer(self) -> list[Out | RecordReady]:
        """Act once a clock ran out; return what to send.

        The game's time limit: the game is told (it decides what that means, e.g. the round in
        progress is the last). The turn timer: everyone still on the clock makes the game's
        timeout move.
        """
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

    # ------------------------------------------------------------ the coach

    def coached(self, seat: int) -> bool:
        """Return True if the coach is on for `seat` (a person's seat, in a game that offers one)."""
        me = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return me is not None and me.coached and coach_kind(self.game_id) is not None

    def _ask_hint(self, conn: int, seat: int, cmd: P.Hint) -> list[Out | RecordReady | HintAsk]:
        """Take a coached seat's request for a hint: refused (an error, nothing changes) for another
        seat, an uncoached seat or when it has no move to make; dropped if it looked at an older
        decision than the seat's current one; else handed to the server's coach (`HintAsk`)."""
        if cmd.seat is not None and cmd.seat != seat:
            raise GameError("hint_other_seat", "You can ask for hints for your own seat only.")
        if not self.coached(seat):
            raise GameError("not_coached", "The coach is not on for your seat.")
        if self.stage is not Stage.PLAYING or self.state is None:
            raise GameError("not_playing", "No game is running.")
        if cmd.version > self.version:  # a version the table never had: bad input, said, with the fresh update
            return [*self._error(conn, GameError("stale_version", "The table changed: look again.")),
                    Out(conn, self._update_for(self.seats[seat], []))]
        if cmd.version <= max(self.seats[seat].last_acted, self.game_version - 1):
            return []  # asked about a decision the seat no longer has: a newer update is on its way
        legal = tuple(self.rules.legal_actions(self.state, seat))
        if seat not in self.rules.to_act(self.state) or not legal:
            raise GameError("hint_not_now", "A hint comes when you have a move to make.")
        return [HintAsk(seat, cmd.version, self.game_serial, legal)]

    def hint_current(self, ask: HintAsk) -> bool:
        """Return True while the seat's decision is still the one it asked about (same game, the seat
        has not acted since, it may act now with the same moves): else the answer is stale."""
        if self.stage is not Stage.PLAYING or self.state is None or ask.serial != self.game_serial:
            return False
        if not self.coached(ask.seat) or self.seats[ask.seat].last_acted >= ask.version:
            return False
        return ask.seat in self.rules.to_act(self.state) and \
            tuple(self.rules.legal_actions(self.state, ask.seat)) == ask.legal

    def hint_answer(self, ask: HintAsk, action: Any, reason: str, params: dict[str, Any]) -> list[Out]:
        """Return the coach's answer for the seat's phone alone, or nothing if it went stale or the
        move is not one the seat may make (a coach's bug never reaches a player)."""
        seat = self.seats[ask.seat] if ask.seat < len(self.seats) else None
        if seat is None or seat.conn is None or not self.hint_current(ask):
            return []
        try:
            self.rules.check(self.state, ask.seat, action)
        except GameError:
            return []
        said = dict(params)
        who = said.get("seat")
        if type(who) is int and 0 <= who < len(self.seats):
            said["name"] = self.seats[who].name
        return [Out(seat.conn, P.hint(version=ask.version, action=action.to_dict(), reason=reason, params=said))]

    # ------------------------------------------------------------ host controls

    def host_command(self, cmd: P.Host, *, by: Seat | int = TV, conn: int | None = None) -> list[Out | RecordReady]:
        """Carry out a host control from the host's seat or the TV; return what to send."""
        try:
            if by != TV and by is not self.host:
                raise GameError("not_host", "Only the host can do that.")
            return self._host(cmd)
        except GameError as err:
            return self._error(conn, err)

    def _need_stage(self, *stages: Stage) -> None:
        if self.stage in stages:
            return
        if stages == (Stage.LOBBY,):
            raise GameError("lobby_only", "That can only be done in the lobby.")
        raise GameError("not_now", "Not now.")

    def _seat_index(self, i: int | None) -> Seat:
        if i is None or not 0 <= i < len(self.seats):
            raise GameError("bad_seat", "There is no such seat.")
        return self.seats[i]

    def _host(self, cmd: P.Host) -> list[Out | RecordReady]:
        c = cmd.cmd
        if c is HostCmd.SET_GAME:
            self._need_stage(Stage.LOBBY)
            if cmd.game not in GAMES or not GAMES[cmd.game].on_table:
                raise GameError("unknown_game", "Unknown game.")
            if cmd.game != self.game_id:
                table = {o.name: self.options.get(o.name, o.default) for o in TABLE_OPTIONS}
                old = self.game_id
                self.game_id = cmd.game
                self.options = {**self._default_options(), **table}
                for seat in self.seats:  # a bot keeps its level; a kind the new game lacks becomes its default
                    if seat.bot is not None:
                        level = level_of(old, seat.bot)
                        kind = kind_for(self.game_id, level) if level else None
                        if kind is None and seat.bot not in bot_kinds(self.game_id):
                            kind = self._fallback_bot()
                        seat.bot = kind or seat.bot  # (a game without bots of its own keeps the seat's)
                if coach_kind(self.game_id) is None:
                    for seat in self.seats:  # a game without a coach: nobody is coached
                        seat.coached = False
            return self._welcome_seated(self._seat_pending()) + list(self._changed())
        if c is HostCmd.SET_OPTION:
            self._need_stage(Stage.LOBBY, Stage.OVER)
            spec = self._option_spec(cmd.name)
            if spec is None or not spec.accepts(cmd.value):
                raise GameError("bad_option", "That option or value does not exist.")
            self.options[spec.name] = cmd.value
            return self._changed()
        if c is HostCmd.ADD_BOT:
            self._need_stage(Stage.LOBBY)
            kind = self._bot_kind(cmd)
            if len(self.seats) >= self._max_seats():
                raise GameError("table_full", "The table is full.")
            taken = self._names_taken()
            name = next((n for n in BOT_NAMES if name_key(n) not in taken), f"Bot {len(self.seats) + 1}")
            self._seat_person(Seat(name=name, colour="", symbol="", token=None, bot=kind))
            return self._changed()
        if c is HostCmd.REMOVE_SEAT:
            self._need_stage(Stage.LOBBY)
            seat = self._seat_index(cmd.seat)
            if seat.conn is not None or seat is self.host:
                raise GameError("seat_in_use", "Only a bot or an empty seat can be removed.")
            self.seats.remove(seat)
            return self._welcome_seated(self._seat_pending()) + list(self._changed())
        if c is HostCmd.MOVE_SEAT:
            self._need_stage(Stage.LOBBY)
            seat = self._seat_index(cmd.seat)
            self._seat_index(cmd.to)
            self.seats.remove(seat)
            self.seats.insert(cmd.to, seat)  # type: ignore[arg-type]
            return self._changed()
        if c is HostCmd.START:
            self._need_stage(Stage.LOBBY)
            return self._start()
        if c is HostCmd.SEAT_TO_BOT:
            self._need_stage(Stage.PLAYING, Stage.OVER)
            seat = self._seat_index(cmd.seat)
            if seat.conn is not None or seat.bot is not None:
                raise GameError("seat_in_use", "That player is still connected.")
            seat.bot = self._bot_kind(cmd)
            return self._changed()
        if c is HostCmd.SET_BOT:
            self._need_stage(Stage.LOBBY)
            seat = self._seat_index(cmd.seat)
            if seat.bot is None or seat.human:
                raise GameError("not_a_bot", "That seat is not a bot's.")
            seat.bot = self._bot_kind(cmd)
            return self._changed()
        if c is HostCmd.SET_COACH:
            self._need_stage(Stage.LOBBY)
            seat = self._seat_index(cmd.seat)
            if coach_kind(self.game_id) is None:
                raise GameError("no_coach", "This game has no coach.")
            if not seat.human or seat.bot is not None:
                raise GameError("coach_person_only", "Only a person's seat can have the coach.")
            seat.coached = bool(cmd.on)
            return self._changed()
        if c is HostCmd.PLAY_AGAIN:
            self._need_stage(Stage.OVER)
            return self._welcome_seated(self._seat_pending(dealing=True)) + self._start()
        if c is HostCmd.HOW_TO:
            self._need_stage(Stage.LOBBY)
            if not has_how_to(self.game_id):
                raise GameError("no_how_to", "This game has no how-to.")
            self.how_to += 1  # the TV plays the how-to again when the count grows
            return self._changed()
        assert c is HostCmd.TO_LOBBY
        self._need_stage(Stage.PLAYING, Stage.OVER)
        self.stage = Stage.LOBBY
        self.state = None
        return self._welcome_seated(self._seat_pending()) + list(self._changed())

    def _welcome_seated(self, seated: list[Seat]) -> list[Out | RecordReady]:
        """Return a fresh welcome for late joiners who just got a seat (their seat number)."""
        return [self._welcome(s.conn, s) for s in seated if s.conn is not None]

    def _start(self) -> list[Out | RecordReady]:
        rules = self.rules
        n = len(self.seats)
        if not rules.min_players <= n <= rules.max_players:
            raise GameError("wrong_player_count", "This game needs {min} to {max} players.",
                            min=rules.min_players, max=rules.max_players)
        seed = self.rng.getrandbits(63)
        options = self.game_options()
        # one stream from the seed deals the game and draws its later chance (new deals, reshuffles)
        self._chance_rng = random.Random(seed)
        self.state = rules.new_game(n, self._chance_rng, options)
        players = [RecordPlayer(i, s.name, None if s.human else s.bot, s.coached) for i, s in enumerate(self.seats)]
        self.recorder = GameRecorder(self.state, players, game=self.game_id, seed=seed, options=options)
        self.stage = Stage.PLAYING
        self.log = []
        for seat in self.seats:  # each kind of tip comes once per game
            seat.tips_seen, seat.tip = set(), None
        self.game_serial += 1
        self.game_version = self.version + 1
        self._timer_key = None
        minutes = rules.time_limit(options)
        self.game_deadline = self.clock() + 60 * minutes if minutes else None
        events = [{"type": "game_started", "game": self.game_id}] + self._chance()
        return list(self._changed(events))


def _replayed(rules: GameRules, seat: int, players: int, setup: dict[str, Any], options: dict[str, Any],
              log: list[dict[str, Any]], start: int, limit: int) -> Iterator[Seen]:
    """Replay a game from its setup and its log (`Session.log`'s entries); yield `seat`'s `Seen` of
    each change made at a version from `start` (the game's start) up to, not including, `limit`."""
    at = start
    if at >= limit:
        return
    state = rules.from_setup(players, setup, options)
    events: list[dict[str, Any]] = [{"type": "game_started", "game": rules.id}]
    for entry in log:  # (later entries are appended at versions from `limit` on: never read)
        version = entry["version"]
        if version >= limit:
            break
        if version != at:
            yield Seen(at, rules.view_for(state, seat), _events_of(rules.id, events, seat))
            at, events = version, []
        who = entry["seat"]
        if who is None:
            events += _wire_events(rules.apply_chance(state, entry["action"]))
            continue
        if entry.get("timeout"):
            events.append({"type": "timeout", "seat": who})
        events += _wire_events(rules.apply(state, who, rules.parse_action(entry["action"])))
    yield Seen(at, rules.view_for(state, seat), _events_of(rules.id, events, seat))


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
