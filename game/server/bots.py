"""The bot driver: bot seats act through the session's one door after a human-feeling delay."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from game.bots import Bot, coach_kind, is_slow, make_bot, remembers
from game.protocol import Stage
from game.server.thinker import COACH, BrainKey, Thinker, brain_kind

if TYPE_CHECKING:
    from game.server.hub import Hub
    from game.session import HintAsk, Seen

log = logging.getLogger(__name__)

THINK_AFTER = 0.05  # seconds a slow bot waits, within its delay, before it starts to search
CATCH_UP_SLICE = 0.004  # seconds of a late brain's catching up done at a time on the loop


class BotDriver:
    """Schedules each bot seat that may act; the bot sees only `view_for(seat)` and its seat's events.

    A quick bot (random, heuristic) thinks on the loop when its delay is over. A slow one (a
    search; `game.bots.register(..., slow=True)`) thinks in the worker process
    (game.server.thinker) from just after its turn starts (THINK_AFTER, within the delay, so the
    change has reached everyone first); its move is played when both the
    thinking and the delay are over (the delay is a minimum, not added), and only if the table
    has not changed meanwhile — a stale thought is dropped and the seat thinks again.
    `think_apart="all"` sends every bot kind to the worker (tests of the worker use it).

    A brain made after its game started (a host let a bot play a left player's seat, the table
    was resumed from its save, the game had begun when the bot was first asked) first catches
    up: it is fed its seat's stream so far (`Session.seat_stream`, the game replayed from its
    setup), then every change that came meanwhile, before it may act: a bot that remembers
    knows what one that sat there from the start would. The replay runs in slices of
    CATCH_UP_SLICE, so a long game's does not hold up the loop; the seat waits for it.
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
        # brains still catching up on their seat's stream: the changes that came since, to feed after
        self._behind: dict[BrainKey, list[tuple[Any, list[dict[str, Any]]]]] = {}
        self._catching: dict[BrainKey, asyncio.Task[None]] = {}
        self._hints: set[asyncio.Task[None]] = set()
        self._thinking_hint: dict[int, HintAsk | None] = {}  # seat -> the ask waiting behind its hint in thought
        self.hints_dropped = 0  # hints that went stale before they were thought (the seat's decision moved on)
        hub.session.change_listeners.append(self._observe)

    def _apart(self, kind: str) -> bool:
        return kind.startswith(COACH) or self.think_apart == "all" or is_slow(self.hub.session.game_id, kind)

    def _coach(self, seat: int) -> str | None:
        """Return the brain kind of `seat`'s coach (COACH + the game's coaching kind), or None if it has none."""
        session = self.hub.session
        kind = coach_kind(session.game_id)
        return COACH + kind if kind is not None and session.coached(seat) else None

    def _observe(self, events: list[dict[str, Any]]) -> None:
        """Give every bot seat's brain that remembers what its seat's phone gets of this change."""
        session = self.hub.session
        if session.state is None or session.stage.value == "lobby":
            return
        for seat, s in enumerate(session.seats):
            kinds = [] if s.bot is None else [s.bot]
            if s.bot is None:
                self._forget(seat)  # a person has it (back): a bot seated there later starts afresh
            coach = self._coach(seat)  # a coached seat's coach remembers, whoever plays the seat
            if coach is not None:
                kinds.append(coach)
            for kind in kinds:
                self._observe_seat(seat, kind, events)

    def _observe_seat(self, seat: int, kind: str, events: list[dict[str, Any]]) -> None:
        """Give seat's brain of `kind` (a bot's or its coach's) this change, made first if it is new."""
        session = self.hub.session
        key = self._key(seat, kind, before=session.version - 1)  # (this change is fed below)
        if key in self._behind:
            self._behind[key].append((session.seat_view(seat), session.events_for(events, seat)))
            return
        if self._apart(kind):
            # the view of this very change, handed to the worker once its frames are written
            self._later(key, session.seat_view(seat), session.events_for(events, seat))
            return
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
            if seat in self._scheduled or self._key(seat, kind) in self._behind:
                continue  # (a brain catching up on its seat's stream pokes again when it is done)
            wait = 0.0 if self.delay <= 0 else self.delay * (1 + self.rng.uniform(-self.jitter, self.jitter))
            if self._apart(kind):
                self._scheduled[seat] = loop.create_task(self._think(seat, kind, wait))
            elif wait <= 0:
                self._scheduled[seat] = loop.call_soon(self._act, seat)
            else:
                self._scheduled[seat] = loop.call_later(wait, self._act, seat)

    def _key(self, seat: int, kind: str, *, before: int | None = None) -> BrainKey:
        """Return the brain key of a bot seat, making its brain (here or in the worker) on first use.

        A brain made now catches up on the changes made before version `before` (None: all).
        """
        session = self.hub.session
        key = (session.game_serial, seat, kind)
        if self._apart(kind):
            if not self.thinker.has(key):
                self.thinker.new_brain(key, session.game_id, self.rng.getrandbits(64))
                self._catch_up(key, before)
        elif key not in self._brains:
            self._brains = {k: v for k, v in self._brains.items() if k[0] == session.game_serial}
            self._brains[key] = make_bot(session.game_id, kind, random.Random(self.rng.getrandbits(64)))
            self._catch_up(key, before)
        return key

    def _forget(self, seat: int) -> None:
        """Drop the brains of a seat a person plays (again): they miss what happens meanwhile."""
        for key in [k for k in self._brains if k[1] == seat]:
            del self._brains[key]
        self.thinker.forget(seat)
        for key in [k for k in self._behind if k[1] == seat and not k[2].startswith(COACH)]:
            self._behind.pop(key)
            task = self._catching.pop(key, None)
            if task is not None:
                task.cancel()

    # ------------------------------------------------------------ a late brain catches up

    def _catch_up(self, key: BrainKey, before: int | None) -> None:
        """Feed a brain made mid-game its seat's stream so far; the rest in slices if it is long."""
        session = self.hub.session
        if session.stage is not Stage.PLAYING or not remembers(session.game_id, brain_kind(key[2])):
            return  # (at the score screen no bot acts again in this game)
        stream = session.seat_stream(key[1], session.version if before is None else before)
        self._behind[key] = []
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a table set up before serving): all at once
            loop = None
        if self._feed_from(key, stream, None if loop is None else time.monotonic() + CATCH_UP_SLICE):
            self._caught_up(key)
        else:
            assert loop is not None
            self._catching[key] = loop.create_task(self._catch_up_rest(key, stream))

    async def _catch_up_rest(self, key: BrainKey, stream: Iterator[Seen]) -> None:
        try:
            while True:
                await asyncio.sleep(0)  # the loop's other work (phones, the TV) between slices
                if key not in self._brains and not self.thinker.has(key):
                    return  # a new game's brains were made
                if self._feed_from(key, stream, time.monotonic() + CATCH_UP_SLICE):
                    break
            self._caught_up(key)
        finally:
            if self._catching.get(key) is asyncio.current_task():  # (not a brain made again since)
                self._catching.pop(key)
                self._behind.pop(key, None)
        self.poke()

    def _feed_from(self, key: BrainKey, stream: Iterator[Seen], until: float | None) -> bool:
        """Feed the brain from its seat's stream until `until` (monotonic; None: no limit);
        return True once the stream is done."""
        while True:
            try:
                seen = next(stream)
            except StopIteration:
                return True
            except Exception:  # the engine took these entries once: it should take them again
                log.exception("bot in seat %s could not be told the game so far", key[1])
                return True
            self._feed(key, seen.view, seen.events)
            if until is not None and time.monotonic() >= until:
                return False

    def _caught_up(self, key: BrainKey) -> None:
        """Feed the brain the changes that came while it caught up; from now on it is fed live."""
        for view, events in self._behind.pop(key, []):
            self._feed(key, view, events)

    def _feed(self, key: BrainKey, view: Any, events: list[dict[str, Any]]) -> None:
        if self._apart(key[2]):
            self.thinker.observe(key, view, events)  # (kept, for a new worker, like every observation)
            return
        brain = self._brains.get(key)
        if brain is not None and hasattr(brain, "observe"):
            try:
                brain.observe(view, events)
            except Exception:
                log.exception("bot in seat %s failed to take in a change", key[1])

    def _act(self, seat: int) -> None:
        """A quick bot's move, thought here now that its delay is over."""
        self._scheduled.pop(seat, None)
        session = self.hub.session
        turns = dict(session.bot_turns())
        if seat not in turns:
            return
        key = self._key(seat, turns[seat])
        if key in self._behind:
            return  # made since it was scheduled: it moves once it caught up
        action: Any = None
        try:
            action = self._brains[key].act(session.seat_view(seat))
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
            key = self._key(seat, kind)
            if key in self._behind:  # made since it was scheduled: it moves once it caught up
                self._scheduled.pop(seat, None)
                return
            self._send_unsent()  # (already sent, unless the change came this very moment)
            try:
                action = await self.thinker.act(key, session.seat_view(seat))
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

    # ------------------------------------------------------------ the coach

    def hint(self, ask: HintAsk) -> None:
        """Think a coached seat's hint in the worker; its answer goes to that seat's phone alone, and only
        while the seat's decision is still the one it asked about (else it is dropped).

        One hint a seat is thought at a time: an ask that comes meanwhile waits, and a later one takes its
        place (the one dropped counts in `hints_dropped`), so a phone that floods the server keeps at most
        one hint in the worker, and the bots' moves never queue behind its asks.
        """
        if ask.seat in self._thinking_hint:
            if self._thinking_hint[ask.seat] is not None:
                self.hints_dropped += 1
            self._thinking_hint[ask.seat] = ask
            return
        self._thinking_hint[ask.seat] = None
        task = asyncio.get_running_loop().create_task(self._hints_of(ask))
        self._hints.add(task)
        task.add_done_callback(self._hints.discard)

    async def _hints_of(self, ask: HintAsk) -> None:
        """Think `ask`, then the ask that waited behind it, if any, until none waits."""
        seat = ask.seat
        try:
            next_ask: HintAsk | None = ask
            while next_ask is not None:
                await self._hint(next_ask)
                done, (next_ask, self._thinking_hint[seat]) = next_ask, (self._thinking_hint.get(seat), None)
                if next_ask is not None and next_ask.version == done.version and next_ask.serial == done.serial:
                    self.hints_dropped += 1  # the same question again: answered already
                    next_ask = None
        finally:
            self._thinking_hint.pop(seat, None)

    async def _hint(self, ask: HintAsk) -> None:
        session = self.hub.session
        kind = self._coach(ask.seat)
        if kind is None:
            return
        key = self._key(ask.seat, kind)
        while key in self._behind:  # a coach made mid-game learns the game so far first
            await asyncio.sleep(CATCH_UP_SLICE)
        if not session.hint_current(ask):
            self.hints_dropped += 1
            return
        self._send_unsent()
        try:
            action, reason, params = await self.thinker.hint(key, session.seat_view(ask.seat))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the coach of seat %s failed to think", ask.seat)
            return
        outs = session.hint_answer(ask, action, reason, params)
        if not outs:
            self.hints_dropped += 1
        self.hub.dispatch(outs)

    def cancel(self) -> None:
        """Cancel every scheduled bot move (shutdown)."""
        for handle in self._scheduled.values():
            handle.cancel()
        self._scheduled.clear()
        for task in self._catching.values():
            task.cancel()
        self._catching.clear()
        self._behind.clear()
        for hint in self._hints:
            hint.cancel()

    async def close(self) -> None:
        """Cancel every move and stop the worker process, if one was started."""
        self.cancel()
        await asyncio.to_thread(self.thinker.close)
