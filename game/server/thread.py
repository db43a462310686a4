"""The server's start and stop (store, app, listening socket, notices), and the server on its own
asyncio loop in a daemon thread behind a plain thread-safe API (`serve`, tests and benchmarks).

`python main.py` runs the same `listen` / `cleanup` in a process of its own (game.server.process).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import queue
import threading
from pathlib import Path
from typing import Any

from aiohttp import web

from game.server.app import make_app
from game.server.config import DEFAULT_BOT_DELAY
from game.server.hub import Hub
from game.server.keys import CONFIG, HUB
from game.server.early import Opening, open_early
from game.server.tvlink import add_tv_route
from game.kept import RECORDS_FOLDER
from game.store import open_store

log = logging.getLogger(__name__)


class ServerThread:
    """Runs the aiohttp server in a daemon thread; the TV reads `updates` and sends host commands.

    Nothing mutable is shared: `updates` carries public `update` dicts (the exact message the
    watchers get, with the public view only), `errors` the `error` messages of refused TV host
    commands, and `host_command` hops onto the server loop with `call_soon_threadsafe`.
    """

    def __init__(self, *, port: int = 8765, host_ip: str | None = None, data_dir: Path | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY, fresh: bool = False, join_code: str | None = None,
                 tv_key: str | None = None, feed_updates: bool = True, port_given: bool = False,
                 moment_scale: float | None = None) -> None:
        self.port = port
        self.port_given = port_given  # typed by the user: it wins over a saved table's port
        self.wanted_code = join_code  # a table with no save keeps this code (a restarted server)
        self.tv_key = tv_key  # set: the TV watches over the /tv websocket (game.server.tvlink)
        self.feed_updates = feed_updates  # False: nobody reads `updates` (the TV is elsewhere)
        self.fresh = fresh
        self.host_ip = host_ip
        self.data_dir = data_dir
        self.bot_delay = bot_delay
        self.moment_scale = moment_scale  # the moments' holds (ServerConfig.moment_scale; None: by the bots' delay)
        self.join_url = ""
        self.join_code = ""
        self.lan_warning: str | None = None
        self.port_note: str | None = None
        self.notice: str | None = None  # about the save: resumed, or why it could not be
        self.updates: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.errors: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._hub: Hub | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None

    def start(self) -> None:
        """Start the server thread; return once it listens. Raise OSError if it cannot listen."""
        self._thread = threading.Thread(target=self._main, name="couchcats-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout=15):
            raise OSError("the server did not start in time")
        if self._failure is not None:
            raise self._failure

    def _main(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        try:
            loop.run_until_complete(self.listen())
        except BaseException as exc:  # reported to start()'s caller
            self._failure = exc if isinstance(exc, OSError) else OSError(str(exc))
            self._ready.set()
            loop.run_until_complete(self.cleanup())
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self.cleanup())
            loop.close()

    async def listen(self, opening: Opening | None = None) -> None:
        """Open the save, make the app and listen; fill in the join URL.

        `opening`: the first steps already taken (game.server.early: the lock, the join code and the
        listening socket, on the saved port first); else they are taken here.
        """
        if opening is None:
            opening = open_early(port=self.port, port_given=self.port_given, host_ip=self.host_ip,
                                 data_dir=self.data_dir, fresh=self.fresh, join_code=self.wanted_code)
        try:
            await self._serve_on(opening)
        except BaseException:
            if self._runner is None:  # (else cleanup stops the site, which closes the socket)
                opening.close()
            raise

    async def _serve_on(self, opening: Opening) -> None:
        opened = None
        if self.data_dir is not None:
            try:
                opened = open_store(self.data_dir, fresh=self.fresh, import_records=False, lock=opening.lock)
            except OSError as exc:  # no save is better than no game
                log.error("cannot keep a save in %s: %s", self.data_dir, exc)
                self.notice = f"Cannot save the game in {self.data_dir} ({exc}): it will not survive a restart."
        session = opened.session if opened is not None else None
        if opened is not None:
            self.notice = opened.notice
        code = session.join_code if session is not None else opening.join_code
        if code != opening.join_code:  # (the first look at the save saw another table: never expected)
            log.warning("the saved table's join code is %s, not %s as first read", code, opening.join_code)
        app = make_app(join_code=code, data_dir=self.data_dir, bot_delay=self.bot_delay,
                       moment_scale=self.moment_scale, store=opened.store if opened is not None else None,
                       session=session)
        self._hub = app[HUB]
        if self.tv_key is not None:
            add_tv_route(app, self.tv_key)
        if self.feed_updates:
            self._hub.listeners.append(self.updates.put)
            self._hub.error_listeners.append(self.errors.put)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        await web.SockSite(self._runner, opening.sock).start()
        self.port, self.port_note, self.lan_warning = opening.port, opening.port_note, opening.lan_warning
        if self.port_note:
            log.warning("%s", self.port_note)
        self._hub.port = self.port
        self._hub.save(force=True)  # the join code and port are on disk before any phone joins
        self._hub.kick_off()  # a resumed table's bots and turn timer carry on
        if self.data_dir is not None:  # once per save file, after listening: it may take a while
            self._hub.import_history(self.data_dir / RECORDS_FOLDER)
        self.join_code = app[CONFIG].join_code
        self.join_url = opening.url(self.join_code)
        if self.feed_updates:
            self.updates.put(self._hub.session.public_update())

    async def cleanup(self) -> None:
        """Say `bye shutdown` to every socket, stop listening, write what is left and close the save."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._hub is not None and self._hub.store is not None:
            self._hub.save()  # the goodbyes' disconnects, if any are still unwritten
            self._hub.store.close()

    def host_command(self, cmd: dict[str, Any]) -> None:
        """Send a host command (same fields as the `host` message) from any thread."""
        if self._loop is None or self._hub is None or self._loop.is_closed():
            return
        hub = self._hub
        self._loop.call_soon_threadsafe(hub.host_command, dict(cmd))

    def stop(self, timeout: float = 3.0) -> None:
        """Say `bye shutdown` to every phone, stop the loop and join the thread."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or loop.is_closed():
            return
        if thread.is_alive():
            fut = asyncio.run_coroutine_threadsafe(self.cleanup(), loop)
            try:
                fut.result(timeout)
            except Exception as exc:  # still stop the loop below
                log.warning("server shutdown was not clean: %s", exc)
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout)


def freeze_heap() -> None:
    """Collect once, then leave everything the process holds now out of every later collection.

    Called once a server is up: its modules, the rules, the bots and the resumed table are
    long-lived, and a full collection walking them paused the loop for 16–28 ms on a small
    box (a bots' game's allocations made one happen every few hundred moves). Later objects
    are collected as usual.
    """
    gc.collect()
    gc.freeze()
