"""Teaching first-timers at the table: the phone's first-time tips and the coach's hints.

A mixin of `game.session.Session` (the one writer). A seat's tip rides in its own update; a hint is
asked for by a coached seat's phone, thought by the server's coach, and answered to that phone alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import protocol as P
from game.bots import coach_kind
from game.engine import GameError
from game.protocol import Stage
from game.seats import Seat, name_key
from game.table.updates import Out, RecordReady


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


class TeachingMixin:
    """The tips and the coach."""

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
