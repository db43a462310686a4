"""The lobby and the host's controls: the game, its options, the bots and their levels, the household's history.

A mixin of `game.session.Session` (the one writer). Host commands come from the host's phone or
the TV (`TV`), and each says in which stages it may be given.
"""

from __future__ import annotations

from typing import Any

from game import protocol as P
from game.bots import DEFAULT_LEVEL, coach_kind, kind_for, level_of
from game.bots import kinds as bot_kinds
from game.engine import GAMES, GameError, OptionSpec
from game.howto import has_how_to
from game.protocol import TABLE_OPTIONS, HostCmd, Stage
from game.seats import BOT_NAMES, Seat, name_key
from game.table.updates import Out, RecordReady


TV = -1
"""`host_command`'s origin for the TV (always allowed to act as host)."""


class LobbyMixin:
    """The table's setup between games, changed by the host."""

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

    def _default_options(self) -> dict[str, Any]:
        return {**{o.name: o.default for o in TABLE_OPTIONS}, **self.rules.option_values(None)}

    def _option_spec(self, name: str | None) -> OptionSpec | None:
        return next((o for o in TABLE_OPTIONS if o.name == name), None) or self.rules.option(name or "")

    def game_options(self) -> dict[str, Any]:
        """Return the chosen game's options as its engine and records get them."""
        return self.rules.engine_options({o.name: self.options.get(o.name, o.default) for o in self.rules.options})

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
        self._drop_moment()
        self.state = None
        return self._welcome_seated(self._seat_pending()) + list(self._changed())
