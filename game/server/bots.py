"""The bot driver: bot seats act through the session's one door after a human-feeling delay."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

from game.bots import Bot, make_bot

if TYPE_CHECKING:
    from game.server.hub import Hub

log = logging.getLogger(__name__)


class BotDriver:
    """Schedules each bot seat that may act; the bot sees only `view_for(seat)`."""

    def __init__(self, hub: Hub, *, delay: float, jitter: float, rng: random.Random) -> None:
        self.hub = hub
        self.delay = delay
        self.jitter = jitter
        self.rng = rng
        self._brains: dict[tuple[int, int, str], Bot] = {}
        self._scheduled: dict[int, asyncio.Handle] = {}
        hub.session.change_listeners.append(self._observe)

    def _observe(self, events: list[dict[str, Any]]) -> None:
        """Give every bot seat's brain that remembers what its seat's phone gets of this change."""
        session = self.hub.session
        if session.state is None or session.stage.value == "lobby":
            return
        for seat, s in enumerate(session.seats):
            if s.bot is None:
                continue
            brain = self._brain(seat, s.bot)
            if hasattr(brain, "observe"):
                try:
                    brain.observe(session.seat_view(seat), session.events_for(events, seat))
                except Exception:
                    log.exception("bot in seat %s failed to take in a change", seat)

    def poke(self) -> None:
        """Schedule a move for every bot seat that may act now and has none scheduled."""
        session = self.hub.session
        loop = asyncio.get_running_loop()
        for seat, _kind in session.bot_turns():
            if seat in self._scheduled:
                continue
            if self.delay <= 0:
                self._scheduled[seat] = loop.call_soon(self._act, seat)
            else:
                wait = self.delay * (1 + self.rng.uniform(-self.jitter, self.jitter))
                self._scheduled[seat] = loop.call_later(wait, self._act, seat)

    def _brain(self, seat: int, kind: str) -> Bot:
        session = self.hub.session
        key = (session.game_serial, seat, kind)
        if key not in self._brains:
            self._brains = {k: v for k, v in self._brains.items() if k[0] == session.game_serial}
            self._brains[key] = make_bot(session.game_id, kind, random.Random(self.rng.getrandbits(64)))
        return self._brains[key]

    def _act(self, seat: int) -> None:
        self._scheduled.pop(seat, None)
        session = self.hub.session
        turns = dict(session.bot_turns())
        if seat not in turns:
            return
        action: Any = None
        try:
            action = self._brain(seat, turns[seat]).act(session.seat_view(seat))
        except Exception:
            log.exception("bot in seat %s failed to choose", seat)
        try:
            outs = session.submit(seat, session.version, action) if action is not None else []
            if not outs:
                # a refused bot move changes nothing: fall back to the game's timeout move (what
                # the turn timer would do) so the table never waits on a confused bot; the log
                # names the move's type only: a refused card may still be in the bot's hidden hand
                log.warning("bot in seat %s chose a %s move, which was refused", seat,
                            getattr(action, "type", type(action).__name__))
                if session.rules.legal_actions(session.state, seat):
                    fallback = session.rules.timeout_action(session.state, seat, self.rng)
                    outs = session.submit(seat, session.version, fallback)
        except Exception:
            log.exception("bot move in seat %s failed", seat)
            return
        self.hub.dispatch(outs)

    def cancel(self) -> None:
        """Cancel every scheduled bot move (shutdown)."""
        for handle in self._scheduled.values():
            handle.cancel()
        self._scheduled.clear()
