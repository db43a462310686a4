"""The table: seats, tokens, lobby, host, game, options, version, action log — the one writer.

`Session` is plain, synchronous and does no I/O: every entry point returns the messages to
send (`Out`, addressed to a connection id or to the public audience) and the server delivers
them. Only `submit` changes a running game; bots and the turn timer go through it too.

One object, its concerns in modules of their own (`game/table/`), each a mixin of this class:

- `seats`: the connections, join, resume, watch, leave, the seats' lookups;
- `waiting`: the waiting line, seated first come first served between games;
- `lobby`: the host's controls, the game and its options, bot kinds, the household's history;
- `play`: the start, moves, chance and versions of a running game, a seat's stream;
- `clock`: the turn timer and a game's time limit;
- `moments`: the table's pacing, the moments the room must see and the hold while one plays;
- `teaching`: the first-time tips and the coach's hints;
- `updates`: what each socket is sent of a version.

This module holds the state they share (`__init__`) and routes a phone's commands (`handle`).
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from game import protocol as P
from game.engine import GAMES, GameError, GameRules
from game.history import summary as history_summary
from game.protocol import Stage
from game.records import GameRecorder
from game.seats import PALETTE, SYMBOLS, Seat
from game.table.clock import ClockMixin
from game.table.lobby import TV, LobbyMixin
from game.table.moments import Holding, MomentsMixin
from game.table.play import PlayMixin, Seen
from game.table.seats import SeatsMixin
from game.table.teaching import HintAsk, TeachingMixin
from game.table.updates import PUBLIC, Out, RecordReady, UpdatesMixin
from game.table.waiting import WaitingMixin

__all__ = ["PALETTE", "PUBLIC", "SYMBOLS", "TV", "HintAsk", "Out", "RecordReady", "Seen", "Session"]


class Session(SeatsMixin, WaitingMixin, LobbyMixin, PlayMixin, ClockMixin, MomentsMixin, TeachingMixin,
              UpdatesMixin):
    """One table. Entry points return the `Out` messages (and `RecordReady`) to deliver."""

    def __init__(self, join_code: str, rng: random.Random, *,
                 clock: Callable[[], float] = time.monotonic, game: str | None = None,
                 moment_scale: float = 1.0) -> None:
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
        self.moment: Holding | None = None  # the moment the table holds for (game/table/moments.py)
        self.moment_scale = moment_scale  # the server's: 0 plays no moments (tests, bot races)
        self.change_listeners: list[Callable[[list[dict[str, Any]]], None]] = []
        self._public_cache: tuple[int, dict[str, Any]] | None = None
        self._table_cache: tuple[int, dict[str, Any]] | None = None
        self._game_cache: tuple[int, dict[str, Any]] | None = None
        self._view_cache: tuple[int, Any, dict[str, Any] | None] | None = None
        self.history: dict[str, Any] = P.history_to_wire(history_summary([]))  # the household's, whitelisted
        self.how_to = 0  # how often the host asked the TV for the chosen game's how-to
        # per game id, the people (`name_key`) who finished a game of it in the household: their tips start off
        self.played: dict[str, frozenset[str]] = {}

    @property
    def rules(self) -> GameRules:
        """Return the chosen game's engine."""
        return GAMES[self.game_id]

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
