"""The bot driver: bot seats act through the session's one door after a human-feeling delay."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

from game.bots import Bot, is_slow, make_bot
from game.server.thinker import BrainKey, Thinker

if TYPE_CHECKING:
    from game.server.hub import Hub

log = logging.getLogger(__name__)

THINK_AFTER = 0.05  # seconds a slow bot waits, within its delay, before it starts to search


class BotDriver:
    """Schedules each bot seat that may act; the bot sees only `view_for(seat)` and its seat's events.

    A quick bot (random, heuristic) thinks on the loop when its delay is over. A slow one (a
    search; `game.bots.register(..., slow=True)`) thinks in the worker process
    (game.server.thinker) from just after its turn starts (THINK_AFTER, within the delay, so the
    change has reached everyone first); its move is played when both the
    thinking and the delay are over (the delay is a minimum, not added), and only if the table
    has not changed meanwhile — a stale thought is dropped and the seat thinks again.
    `think_apart="all"` sends every bot kind to the worker (tests of the worker use it).
    """

    def __init__(self, hub: Hub, *, delay: float, jitter: float, rng: random.Random,
                 think_apart: str = "slow") -> None:
        self.hub = hub
        self.delay = delay
        self.jitter = jitter
        self.rng = rng
        self.think_apart = think_apart
        self.thinker = Thinker()
        self.stale = 0  # thoughts dropped because the table changed while they were thought
        self._brains: dict[BrainKey, Bot] = {}
        self._scheduled: dict[int, asyncio.Handle | asyncio.Task[None]] = {}
        self._unsent: list[tuple[BrainKey, Any, list[dict[str, Any]]]] = []  # for the worker, in order
        hub.session.change_listeners.append(self._observe)

    def _apart(self, kind: str) -> bool:
        return self.think_apart == "all" or is_slow(self.hub.session.game_id, kind)

    def _observe(self, events: list[dict[str, Any]]) -> None:
        """Give every bot seat's brain that remembers what its seat's phone gets of this change."""
        session = self.hub.session
        if session.state is None or session.stage.value == "lobby":
            return
        for seat, s in enumerate(session.seats):
            if s.bot is None:
                continue
            key = self._key(seat, s.bot)
            if self._apart(s.bot):
                # the view of this very change, handed to the worker once its frames are written
                self._later(key, session.seat_view(seat), session.events_for(events, seat))
                continue
            brain = self._brains[key]
            if hasattr(brain, "observe"):  # (a bot that reads only its view costs nothing here)
                try:
                    brain.observe(session.seat_view(seat), session.events_for(events, seat))
                except Exception:
                    log.exception("bot in seat %s failed to take in a change", seat)

    def _later(self, key: BrainKey, view: Any, events: list[dict[str, Any]]) -> None:
        """Keep an observation for the worker and send it (with any others) when the loop is free again.

        The change that made it is still being delivered: its frames to every phone, watcher and
        the TV go first, then the pickling and the worker's pipe (threads that take the GIL).
        """
        if not self._unsent:
            try:
                asyncio.get_running_loop().call_soon(self._send_unsent)
            except RuntimeError:  # no loop (a table set up before serving): at once
                self._unsent.append((key, view, events))
                self._send_unsent()
                return
        self._unsent.append((key, view, events))

    def _send_unsent(self) -> None:
        """Hand the worker every observation kept for it, in the order of the changes."""
        unsent, self._unsent = self._unsent, []
        for key, view, events in unsent:
            self.thinker.observe(key, view, events)

    def poke(self) -> None:
        """Schedule a move for every bot seat that may act now and has none scheduled."""
        session = self.hub.session
        loop = asyncio.get_running_loop()
        for seat, kind in session.bot_turns():
            if seat in self._scheduled:
                continue
            wait = 0.0 if self.delay <= 0 else self.delay * (1 + self.rng.uniform(-self.jitter, self.jitter))
            if self._apart(kind):
                self._scheduled[seat] = loop.create_task(self._think(seat, kind, wait))
            elif wait <= 0:
                self._scheduled[seat] = loop.call_soon(self._act, seat)
            else:
                self._scheduled[seat] = loop.call_later(wait, self._act, seat)

    def _key(self, seat: int, kind: str) -> BrainKey:
        """Return the brain key of a bot seat, making its brain (here or in the worker) on first use."""
        session = self.hub.session
        key = (session.game_serial, seat, kind)
        if self._apart(kind):
            if not self.thinker.has(key):
                self.thinker.new_brain(key, session.game_id, self.rng.getrandbits(64))
        elif key not in self._brains:
            self._brains = {k: v for k, v in self._brains.items() if k[0] == session.game_serial}
            self._brains[key] = make_bot(session.game_id, kind, random.Random(self.rng.getrandbits(64)))
        return key

    def _act(self, seat: int) -> None:
        """A quick bot's move, thought here now that its delay is over."""
        self._scheduled.pop(seat, None)
        session = self.hub.session
        turns = dict(session.bot_turns())
        if seat not in turns:
            return
        action: Any = None
        try:
            action = self._brains[self._key(seat, turns[seat])].act(session.seat_view(seat))
        except Exception:
            log.exception("bot in seat %s failed to choose", seat)
        self._play(seat, action)

    async def _think(self, seat: int, kind: str, wait: float) -> None:
        """A slow bot's move: thought in the worker while the delay runs; dropped if it went stale."""
        session = self.hub.session
        loop = asyncio.get_running_loop()
        start, version = loop.time(), session.version
        action: Any = None
        try:
            # the change that made it this seat's turn reaches every phone and the TV's first frame
            # of it before a search takes a core (the delay is longer: the move is not later)
            await asyncio.sleep(min(THINK_AFTER, wait))
            self._send_unsent()  # (already sent, unless the change came this very moment)
            try:
                action = await self.thinker.act(self._key(seat, kind), session.seat_view(seat))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot in seat %s failed to choose", seat)
            left = wait - (loop.time() - start)
            if left > 0:
                await asyncio.sleep(left)
        except asyncio.CancelledError:
            self._scheduled.pop(seat, None)
            raise
        self._scheduled.pop(seat, None)
        if session.version != version or seat not in dict(session.bot_turns()):
            self.stale += 1  # the table moved on while it thought: think again on what it is now
            self.poke()
            return
        self._play(seat, action)

    def _play(self, seat: int, action: Any) -> None:
        session = self.hub.session
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

    async def close(self) -> None:
        """Cancel every move and stop the worker process, if one was started."""
        self.cancel()
        await asyncio.to_thread(self.thinker.close)
