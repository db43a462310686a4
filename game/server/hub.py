"""The hub: the session plus its live connections — routes frames in and messages out.

Everything here runs on the server's event loop. Frames are parsed by `game.protocol`, carried
out by the session (the one writer), and the messages it returns are encoded and handed to the
per-connection writers. The parts every update of a version shares (the table, a finished game's
outcome) are encoded once per version for all of them (`protocol.SharedText`); the public update is
encoded and framed once per version for every watcher socket, and given (decoded from that text)
to the in-process listeners (the TV). A socket that keeps up gets its update frame written at once
(`Connection.send_update_frame`), a phone's as a watcher's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import sqlite3
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

from aiohttp import web

from game import protocol as P
from game.engine import GameError
from game.records import Record, write_record
from game.server.bots import BotDriver
from game.server.config import ServerConfig
from game.server.conn import Connection, text_frame
from game.session import PUBLIC, TV, HintAsk, Out, RecordReady, Session
from game.store import Store

log = logging.getLogger(__name__)

CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_POLICY = 1008

Listener = Callable[[dict[str, Any]], None]
FrameListener = Callable[[str, bytes, int], None]  # (public text, its websocket frame, version)


class Hub:
    """One table's session and the sockets attached to it."""

    def __init__(self, config: ServerConfig, *, rng: random.Random | None = None,
                 store: Store | None = None, session: Session | None = None) -> None:
        self.config = config
        rng = rng or random.Random(secrets.randbits(64))
        self.session = session or Session(config.join_code, random.Random(rng.getrandbits(64)))
        self.session.moment_scale = config.moments
        self.store = store  # the autosave (game.store), or None to keep none
        if store is not None:
            self.session.history = P.history_to_wire(store.history())  # the household's, for the lobby
            self.session.played = store.played()  # who finished a game of each (their tips start off)
        self.port = 0  # saved with the table so a restart listens where the phones look
        self._saved: tuple[int, int] | None = None
        self._save_failing = False
        self.conns: dict[int, Connection] = {}
        self.listeners: list[Listener] = []  # public updates, e.g. the TV's queue
        self.error_listeners: list[Listener] = []  # errors of the TV's host commands
        self.frame_listeners: list[FrameListener] = []  # the public text as sent (the TV's link)
        self.records: list[Path] = []
        self.bots = BotDriver(self, delay=config.bot_delay, jitter=config.bot_jitter,
                              rng=random.Random(rng.getrandbits(64)), think_apart=config.think_apart)
        self._next_id = 1
        self._timer: asyncio.TimerHandle | None = None
        self._timer_deadline: float | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.public_text = ""  # the latest public update, encoded (one encode per version)
        self.public_version = 0
        self.shared = P.SharedText()  # this version's table (and outcome) text, for every update
        self._stopping = threading.Event()  # set at shutdown: a running import gives up

    # ------------------------------------------------------------ connections

    def open(self, ws: web.WebSocketResponse, request: web.Request) -> Connection:
        """Register a freshly opened socket and start its writer."""
        cfg = self.config
        conn = Connection(self._next_id, ws, request, send_timeout=cfg.send_timeout,
                          max_queued=cfg.max_queued, rate=cfg.rate, burst=cfg.burst)
        self._next_id += 1
        self.conns[conn.id] = conn
        return conn

    async def close(self, conn: Connection) -> None:
        """Forget a socket whose handler is done: stop its writer, tell the table."""
        self.conns.pop(conn.id, None)
        conn.closing = True
        # tell the table first: finishing may abort the transport, which cancels this handler
        self.dispatch(self.session.disconnect(conn.id))
        await conn.finish()

    def on_frame(self, conn: Connection, data: str | bytes) -> None:
        """Handle one client frame: parse, rate-limit, hand to the session, send the answers."""
        if conn.closing:
            return
        now = time.monotonic()
        try:
            cmd = P.parse_client(data, self.session.game_id)
        except GameError as err:
            if conn.bad_frame(now) > self.config.bad_frame_limit:
                log.info("connection %s: too many bad frames, kicking it", conn.id)
                conn.send(P.encode(P.bye(P.ByeReason.KICKED)), close_code=CLOSE_POLICY)
            elif conn.error_replies.take(now):
                conn.send(P.encode(P.error(err, self.session.version)))
            return
        except Exception:  # a bug in parsing, as below: one refused frame, not the socket
            log.exception("connection %s: a frame could not be parsed", conn.id)  # (not the frame)
            if conn.error_replies.take(now):
                self._something_went_wrong(conn)
            return
        if not conn.actions.take(now):
            if now - conn.last_rate_error >= 1.0:
                conn.last_rate_error = now
                err = GameError("rate_limited", "Too fast: wait a moment.")
                conn.send(P.encode(P.error(err, self.session.version)))
            return
        try:
            outs = self.session.handle(conn.id, cmd)
        except Exception:  # a bug must cost one refused frame, never the server or the socket
            # the command's type only: its fields may hold a seat token or a face-down card
            log.exception("connection %s: a %s command failed", conn.id, type(cmd).__name__)
            self._something_went_wrong(conn)
            return
        self.dispatch(outs)

    def _something_went_wrong(self, conn: Connection) -> None:
        """Tell `conn` that its frame ran into a server bug (and changed nothing)."""
        err = GameError("unknown", "Something went wrong. Try again.")
        conn.send(P.encode(P.error(err, self.session.version)))

    def host_command(self, cmd: dict[str, Any]) -> None:
        """Carry out a host command from the TV (a dict with the `host` message's fields)."""
        try:
            parsed = P.parse_host(cmd)
        except GameError as err:
            self.dispatch([Out(TV, P.error(err, self.session.version))])
            return
        self.dispatch(self.session.host_command(parsed, by=TV, conn=TV))

    # ------------------------------------------------------------ delivery

    def dispatch(self, outs: Iterable[Out | RecordReady | HintAsk]) -> None:
        """Save the session's change, deliver its messages, then let bots and the timer react.

        The save comes first: an action a phone saw acknowledged is never lost by a crash.
        """
        self.save()
        for out in outs:
            if isinstance(out, RecordReady):
                self._spawn(self._write_record(out.record))
            elif isinstance(out, HintAsk):
                self.bots.hint(out)  # thought in the bots' worker; the answer goes to that phone alone
            elif out.to is PUBLIC:
                self._publish(out.message)
            elif out.to == TV:
                for listener in self.error_listeners:
                    listener(out.message)
            else:
                conn = self.conns.get(out.to)
                if conn is None:
                    continue
                if out.message.get("type") == "update":
                    conn.send_update_frame(P.encode_update(out.message, self.shared), None, out.message["version"])
                else:
                    conn.send(P.encode(out.message), close_code=CLOSE_NORMAL if out.close else None)
        self.bots.poke()
        self._arm_timer()

    def kick_off(self) -> None:
        """Let the bots and the turn timer of a (possibly resumed) table start acting."""
        self.bots.poke()
        self._arm_timer()

    def save(self, *, force: bool = False) -> None:
        """Write the table to the autosave if it changed since the last write.

        A failed write must not stop the game: it is logged, the TV is told once (until a write
        succeeds again), and the next change writes everything still missing.
        """
        if self.store is None:
            return
        session = self.session
        mark = (session.version, len(session.pending))  # (a join bumps the version; the count is a second guard)
        if mark == self._saved and not force:
            return
        try:
            kept = self.store.save(session, self.port)  # a finished game is kept with its end
        except (sqlite3.Error, OSError) as exc:
            log.error("could not save the game: %s", exc)
            if not self._save_failing:
                self._save_failing = True
                # for the TV only (never a phone's error): shaped like the error message it toasts
                told = {"type": "error", "key": "save_failed", "params": {}, "version": session.version,
                        "message": "Saving the game failed: a crash now would lose the latest moves."}
                for listener in self.error_listeners:
                    listener(dict(told))
            return
        self._saved = mark
        self._save_failing = False
        if kept:
            outs = session.set_history(self.store.history(), self.store.played())
            if outs:  # kept late (a failed save of the end): the lobby shows it in a version of its own
                asyncio.get_running_loop().call_soon(self.dispatch, outs)

    def import_history(self, folder: Path) -> None:
        """Import the records folder into the save in a worker thread, if this save never did
        (the first start after the upgrade), and show the games in the lobby once it is done."""
        if self.store is not None and self.store.import_due():
            self._spawn(self._import_history(folder))

    async def _import_history(self, folder: Path) -> None:
        store = self.store
        assert store is not None
        try:
            done = await asyncio.to_thread(store.import_apart, folder, self._stopping.is_set)
        except Exception:  # the history is worth having, never at the cost of the table
            log.exception("the records in %s could not be imported into the history", folder)
            return
        store.add_imported(done, folder)
        if done is not None and done.kept:
            self.dispatch(self.session.set_history(store.history(), store.played()))

    def _publish(self, message: dict[str, Any]) -> None:
        version = message["version"]
        if version < self.public_version:
            return
        self.public_text = P.encode_update(message, self.shared)
        self.public_version = version
        frame = text_frame(self.public_text)  # one encode and one frame per version, for all
        for cid in self.session.public_conns():
            conn = self.conns.get(cid)
            if conn is not None:
                conn.send_update_frame(self.public_text, frame, version)
        for frame_listener in self.frame_listeners:
            frame_listener(self.public_text, frame, version)
        if self.listeners:
            # the TV thread gets its own copy, decoded from the very text watchers get:
            # nothing mutable is shared across threads, and it is exactly the wire message
            copy = json.loads(self.public_text)
            for listener in self.listeners:
                listener(copy)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _write_record(self, record: Record) -> None:
        folder = self.config.records_dir
        if folder is None:
            return
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stamp}-{record.game}-{secrets.token_hex(3)}.json"
        try:
            await asyncio.to_thread(_write, folder, path, record)
        except OSError as exc:
            log.warning("could not save the game record to %s: %s", path, exc)
            return
        self.records.append(path)

    # ------------------------------------------------------------ turn timer

    def _arm_timer(self) -> None:
        deadline = self.session.deadline
        if deadline == self._timer_deadline:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._timer_deadline = deadline
        if deadline is not None:
            wait = max(0.0, deadline - self.session.clock()) + 0.01
            self._timer = asyncio.get_running_loop().call_later(wait, self._expire)

    def clock_moved(self) -> None:
        """Arm the timer afresh from the session's clock: call it when an injected (simulated)
        clock jumps, since the armed wait was measured on the loop's own clock."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._timer_deadline = None
        self._arm_timer()

    def _expire(self) -> None:
        self._timer = None
        self._timer_deadline = None
        try:
            outs = self.session.expire_timer()
        except Exception:
            log.exception("the turn timer failed")
            return
        self.dispatch(outs)

    # ------------------------------------------------------------ shutdown

    async def shutdown(self) -> None:
        """Say `bye shutdown` to every socket and close them (1001); stop bots and the timer."""
        self.bots.cancel()
        self._stopping.set()
        if self._timer is not None:
            self._timer.cancel()
        conns = list(self.conns.values())
        bye = P.encode(P.bye(P.ByeReason.SHUTDOWN))
        for conn in conns:
            conn.send(bye, close_code=CLOSE_GOING_AWAY)
        if conns:
            await asyncio.wait([c.task for c in conns], timeout=1.0)
        for conn in conns:
            if not conn.task.done():
                conn.abort()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2.0)
        await self.bots.close()


def _write(folder: Path, path: Path, record: Record) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    write_record(path, record)
