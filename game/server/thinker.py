"""Bot thinking in a worker process, so a bot that searches never stalls the table.

A search bot may think for a quarter of a second. On the server's event loop every phone would
wait meanwhile; in a thread it would take the GIL from the loop (and, in `main.py play`'s
arrangement, the TV draws in yet another process that must not be starved either). So the
brains of the bot kinds that declare themselves slow (`game.bots.register(..., slow=True)`)
live in one worker process:

- every change, the server sends each of them its seat's view and events (what its phone gets),
  in order, without waiting, once that change's frames went out (game.server.bots); it keeps
  them, pickled, for the game being played;
- when the bot may act, the server asks for a move and awaits the answer on its loop.

A brain made mid-game (a bot takes over a seat, a resumed table) is first sent its seat's
stream so far, rebuilt by the server (game.server.bots): those observations are kept like the
others, so a new worker teaches it the game from its start too.

The worker is a `ProcessPoolExecutor` of one process (tasks run in the order sent, so a brain
gets its observations before the question that follows them). If the worker dies, the next call
finds the pool broken: a new worker is started and each brain of the current game is made again
from its seed and given again, in order, every observation it had (the server keeps them for the
game being played), so it thinks on exactly what it knew. The worker exits by itself when the
server's process goes away, even killed with -9 (it watches its parent).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import random
import signal
import threading
import time
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from typing import Any

from game.bots import make_bot

log = logging.getLogger(__name__)

BrainKey = tuple[int, int, str]  # (game serial, seat, bot kind; a coach's: COACH + the kind)

COACH = "coach:"
"""Starts the kind in a coach's brain key: a person's seat's own brain, apart from any bot's."""


def brain_kind(kind: str) -> str:
    """Return the bot kind a brain of `kind` (a key's third part) is made of."""
    return kind[len(COACH):] if kind.startswith(COACH) else kind

# ---------------------------------------------------------------- the worker's side

_BRAINS: dict[BrainKey, Any] = {}


class BotFailed(Exception):
    """A brain in the worker raised: only the exception's type comes back (a message could name a
    card of its hidden hand, and not every exception survives the trip between processes)."""


WORKER_NICENESS = 10  # how far below the server, the TV and the phones' page the bots' search runs


def _worker_start() -> None:
    # Ctrl+C goes to the whole process group: the server stops the worker itself, in order
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a search takes a core for up to its budget: the server answering a person, the TV drawing
    # and the browser on the same box come first (the budget is CPU time, so the move is as good)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)
    _BRAINS.clear()
    threading.Thread(target=_orphan_watch, args=(os.getppid(),), name="orphan-watch", daemon=True).start()


def _orphan_watch(parent: int) -> None:
    """Exit as soon as the server's process is gone (even killed with -9: nothing said goodbye)."""
    while os.getppid() == parent:
        time.sleep(0.25)
    os._exit(0)


def _w_new(key: BrainKey, game_id: str, seed: int) -> int:
    for old in [k for k in _BRAINS if k[0] != key[0]]:
        del _BRAINS[old]  # only the game being played is kept
    _BRAINS[key] = make_bot(game_id, brain_kind(key[2]), random.Random(seed))
    return os.getpid()


def _w_observe(key: BrainKey, seen: bytes) -> None:
    brain = _BRAINS.get(key)
    if brain is not None and hasattr(brain, "observe"):
        view, events = pickle.loads(seen)
        try:
            brain.observe(view, events)
        except Exception as exc:
            raise BotFailed(type(exc).__name__) from None


def _w_act(key: BrainKey, view: Any) -> Any:
    try:
        return _BRAINS[key].act(view)
    except Exception as exc:
        raise BotFailed(type(exc).__name__) from None


def _w_hint(key: BrainKey, view: Any) -> Any:
    try:
        return _BRAINS[key].hint(view)
    except Exception as exc:
        raise BotFailed(type(exc).__name__) from None


# ---------------------------------------------------------------- the server's side


class Thinker:
    """The server's handle on the worker: brains made, observations sent, moves asked for."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._brains: dict[BrainKey, tuple[str, int]] = {}  # key -> (game id, seed)
        # every observation of the game, pickled: kept to teach a new worker, and as bytes they are
        # nothing the garbage collector walks (a game's thousands of views made its full passes slow)
        self._seen: dict[BrainKey, list[bytes]] = {}
        self.restarts = 0
        self.worker_pid: int | None = None

    # ------------------------------------------------------------ brains and observations

    def has(self, key: BrainKey) -> bool:
        """Return True if the brain `key` was made (in this game)."""
        return key in self._brains

    def new_brain(self, key: BrainKey, game_id: str, seed: int) -> None:
        """Make a brain for a seat of the game being played (older games' brains are forgotten)."""
        for old in [k for k in self._brains if k[0] != key[0]]:
            self._brains.pop(old)
            self._seen.pop(old, None)
        self._brains[key] = (game_id, seed)
        self._seen[key] = []
        self._send(_w_new, key, game_id, seed)

    def forget(self, seat: int) -> None:
        """Forget the bots' brains of `seat` (a person plays it again): a bot seated there later is made
        afresh and taught anew (the worker's old brain is replaced then, or with the next game). The
        seat's coach, if it has one, keeps its own."""
        for key in [k for k in self._brains if k[1] == seat and not k[2].startswith(COACH)]:
            self._brains.pop(key)
            self._seen.pop(key, None)

    def observe(self, key: BrainKey, view: Any, events: list[dict[str, Any]]) -> None:
        """Give a brain what its seat's phone got of a change (kept, to teach a new worker).

        A brain of a game no longer played (a new game's brain was made meanwhile) is not fed.
        """
        if key not in self._brains:
            return
        seen = pickle.dumps((view, events), protocol=pickle.HIGHEST_PROTOCOL)
        self._seen[key].append(seen)
        self._send(_w_observe, key, seen)

    async def act(self, key: BrainKey, view: Any) -> Any:
        """Return the brain's move for `view`, thought in the worker (restarted once if it died)."""
        return await self._ask(_w_act, key, view)

    async def hint(self, key: BrainKey, view: Any) -> Any:
        """Return a coach brain's hint for `view` (`(action, reason key, params)`), thought in the worker."""
        return await self._ask(_w_hint, key, view)

    async def _ask(self, fn: Any, key: BrainKey, view: Any) -> Any:
        for attempt in (1, 2):
            pool = self._ready()
            try:
                return await asyncio.wrap_future(pool.submit(fn, key, view))
            except BrokenExecutor:
                log.warning("the bots' worker process died; starting it again")
                self._broken(pool)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    # ------------------------------------------------------------ the process

    def _ready(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the server's process has threads and an event loop a fork would copy
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_worker_start)
            for key, (game_id, seed) in self._brains.items():  # a restarted worker learns again
                self._pool.submit(_w_new, key, game_id, seed).add_done_callback(self._note_pid)
                for seen in self._seen[key]:
                    self._pool.submit(_w_observe, key, seen).add_done_callback(self._checked)
        return self._pool

    def _send(self, fn: Any, *args: Any) -> None:
        pool = self._ready()
        try:
            future = pool.submit(fn, *args)
        except BrokenExecutor:  # it died since: the next act starts it again and replays all
            self._broken(pool)
            return
        future.add_done_callback(self._note_pid if fn is _w_new else self._checked)

    def _note_pid(self, future: Future[Any]) -> None:
        if not future.cancelled() and future.exception() is None:
            self.worker_pid = future.result()
        else:
            self._checked(future)

    @staticmethod
    def _checked(future: Future[Any]) -> None:
        exc = None if future.cancelled() else future.exception()
        if exc is not None and not isinstance(exc, BrokenExecutor):
            log.error("a bot failed to take in a change: %s", type(exc).__name__)

    def _broken(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
            self.restarts += 1
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker (the server is stopping)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
