"""The game in play: starting it, the seats' moves, chance, the version each change makes, and a seat's stream.

A mixin of `game.session.Session` (the one writer). Only `submit` (and the clock's timeout moves,
`game.table.clock`) changes a running game; bots go through `submit` too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game import protocol as P
from game.engine import GameError, GameRules
from game.protocol import Stage
from game.records import GameRecorder, RecordPlayer
from game.table.updates import Out, RecordReady, _events_of, _wire_events


@dataclass(frozen=True)
class Seen:
    """What one seat's phone was sent of one change of the game: the view after it and its events.

    `version`: the table's version the change was made at (its update carries `version + 1`).
    """

    version: int
    view: Any
    events: list[dict[str, Any]]


class PlayMixin:
    """A running game and its moves."""

    def seat_view(self, seat: int) -> Any:
        """Return the engine's view for `seat` (what its phone, or its bot, may see)."""
        return self.rules.view_for(self.state, seat)

    def bot_turns(self) -> list[tuple[int, str]]:
        """Return (seat, bot kind) for every bot seat that may act now."""
        if self.stage is not Stage.PLAYING or self.holding:  # (bots wait while a moment plays)
            return []
        acting = self.rules.to_act(self.state)
        return [(i, s.bot) for i, s in enumerate(self.seats) if s.bot is not None and i in acting]

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
        self._drop_moment()
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
