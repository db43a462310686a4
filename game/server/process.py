"""The server in a process of its own, and the TV's end of it: a watcher that can send host commands.

`python main.py` (play) starts `python -m game.server.process` as a child. The parent writes the
settings as one JSON line on the child's stdin (with a random TV key, so it is in no command line
or environment) and keeps that pipe open: the child stops, saving and saying `bye shutdown` to
the phones, when the parent writes `stop`, when the pipe reaches its end (the parent died, even by
`kill -9`), or on SIGTERM/SIGINT. The child answers with two JSON lines on its stdout: as soon as
it listens, before its heavy imports (join URL, code, port, the port and network notes:
game.server.early), and once it serves (`ready`, the save's notice), and from then on logs to
stderr only. The TV draws its first lobby frame on the first answer; a phone or the TV's link
that connects before the second waits in the socket's backlog.

The TV then watches the server over loopback (`/tv`, game.server.tvlink): it gets the public
updates as the very text watchers get, and sends its host commands back on the same socket.
`ServerProcess` offers the TV what the in-process `ServerThread` does (`updates`, `errors`,
`host_command`, the join URL and notes), and supervises the child: when it dies, the TV is told
(a `server` note in `errors`), the child is started again on the same port with the same data
folder, so the saved table resumes with the same join code and the phones come back by themselves.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import secrets
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.paths import ROOT

if TYPE_CHECKING:
    import asyncio

    import aiohttp

    from game.server.early import Opening

# The parent imports this module before anything else of the TV (game.cli spawns the child first),
# so it imports only the lighter part of the standard library at the top: asyncio and aiohttp (the
# link) are imported while `start` waits for the child's answer (or when the link connects), and
# game.protocol and the server's settings in the child.

log = logging.getLogger(__name__)

STOP_LINE = "stop\n"
FREEZE_AFTER = 1.0  # seconds after answering before the child freezes its heap (the TV's first update goes first)
_ENCODE = json.JSONEncoder(allow_nan=False, separators=(",", ":"), ensure_ascii=False).encode  # as game.protocol's
START_TIMEOUT = 20.0  # seconds for a child to say it listens
STOP_TIMEOUT = 5.0  # seconds for a child to stop cleanly before it is killed
RESTART_DELAYS = (0.2, 0.5, 1.0, 2.0, 5.0)  # back off when a child keeps dying


# ==================================================================== the child


def child_main() -> int:
    """Run one server from the settings on stdin until told to stop; return the exit code.

    It answers twice on stdout: as soon as it listens (the join URL: game.server.early, before the
    heavy imports), and once it serves (the save opened, the app made: `ready`, with the notice).
    """
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    line = sys.stdin.buffer.readline()  # bytes: the pipe is UTF-8 whatever the locale says
    try:
        settings = json.loads(line)
    except ValueError:
        print("couchcats server: no settings on stdin", file=sys.stderr)
        return 2
    from game.server.early import open_early

    data = settings.get("data_dir")
    try:
        opening = open_early(port=int(settings.get("port") or 0), port_given=bool(settings.get("port_given")),
                             host_ip=settings.get("host_ip"), data_dir=Path(data) if data else None,
                             fresh=bool(settings.get("fresh")), join_code=settings.get("join_code"))
    except OSError as exc:  # tell the parent why, in its words
        _answer({"error": str(exc) or type(exc).__name__})
        return 1
    _answer({"port": opening.port, "join_url": opening.url(), "join_code": opening.join_code,
             "lan_warning": opening.lan_warning, "port_note": opening.port_note, "pid": os.getpid()})
    import asyncio

    from game.server.early import import_aiohttp

    import_aiohttp()
    return asyncio.run(_serve_child(settings, opening))


async def _serve_child(settings: dict[str, Any], opening: Opening) -> int:
    import asyncio

    from game.server.config import DEFAULT_BOT_DELAY
    from game.server.thread import ServerThread, freeze_heap

    data = settings.get("data_dir")
    server = ServerThread(port=opening.port, host_ip=settings.get("host_ip"),
                          data_dir=Path(data) if data else None,
                          bot_delay=DEFAULT_BOT_DELAY if settings.get("bot_delay") is None else float(settings["bot_delay"]),
                          fresh=bool(settings.get("fresh")), join_code=opening.join_code,
                          tv_key=str(settings["tv_key"]), feed_updates=False,
                          port_given=bool(settings.get("port_given")),
                          moment_scale=None if settings.get("moments") is None else float(settings["moments"]))
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        await server.listen(opening)
    except Exception as exc:  # tell the parent why, in its words
        _answer({"error": str(exc) or type(exc).__name__})
        await server.cleanup()
        return 1
    _answer({"ready": True, "notice": server.notice, "join_url": server.join_url, "join_code": server.join_code})
    os.dup2(2, 1)  # later prints land in the log, never in a pipe nobody reads
    # its collection walks everything loaded (tens of ms on a small box): after the TV's link has
    # connected and had its first update, not in the way of the lobby's first picture
    loop.call_later(FREEZE_AFTER, freeze_heap)
    loop.add_reader(sys.stdin.fileno(), _read_control, stop)
    try:
        await stop.wait()
    finally:
        loop.remove_reader(sys.stdin.fileno())
        await server.cleanup()
    log.info("server stopped")
    return 0


def _answer(message: dict[str, Any]) -> None:
    sys.stdout.buffer.write((_ENCODE(message) + "\n").encode("utf-8"))
    sys.stdout.buffer.flush()


def _read_control(stop: asyncio.Event) -> None:
    """Read the parent's pipe: `stop`, or its end (the parent is gone), both mean stop."""
    try:
        chunk = os.read(sys.stdin.fileno(), 256)
    except OSError:
        chunk = b""
    if not chunk or b"stop" in chunk:
        if not chunk:
            log.info("the TV's process is gone: stopping")
        stop.set()


# ==================================================================== the parent


class ServerStartError(OSError):
    """The server process could not start (its reason in the message)."""


class ServerProcess:
    """The TV's server: a supervised child process, watched over a loopback websocket.

    Fits `game.tv.app.UpdateSource`: `updates` carries the public `update` dicts (decoded from the
    watchers' text), `errors` the `error` messages of refused host commands plus `server` notes
    (`server_down`, `server_back`) when the child died and was started again. `wake` is set
    whenever something was put in either queue (the TV sleeps on it).
    """

    def __init__(self, *, port: int = 8765, host_ip: str | None = None, data_dir: Path | None = None,
                 bot_delay: float | None = None, fresh: bool = False, keep_frames: bool = False,
                 join_code: str | None = None, command: list[str] | None = None, port_given: bool = False,
                 wait_link: bool = True, moments: float | None = None) -> None:
        self.port = port
        self.moments = moments  # the moments' scale (None: the server's own, by the bots' delay)
        self.port_given = port_given  # typed by the user: it wins over a saved table's port
        self.host_ip = host_ip
        self.data_dir = data_dir
        self.bot_delay = bot_delay  # None: the server's own default (game.server.config, read by the child)
        self.fresh = fresh
        self.wait_link = wait_link  # start() returns once the link connected (else once the child answered)
        # the child's command line (a benchmark brings its own, which ends in `child_main`)
        self.command = command or [sys.executable, "-m", "game.server.process"]
        self.join_url = ""
        self.join_code = join_code or ""  # a table with no save keeps this code
        self.lan_warning: str | None = None
        self.port_note: str | None = None
        self.notice: str | None = None
        self.updates: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.errors: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.wake = threading.Event()
        self.frames: list[str] | None = [] if keep_frames else None  # every text the TV got (tests)
        self.restarts = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._tv_key = secrets.token_urlsafe(32)
        self._stopping = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._thread: threading.Thread | None = None
        self._outbox: list[str] = []  # host commands sent while the link is down (sent on reconnect)
        self._ready = threading.Event()  # the child's second answer came (it serves, or it failed)
        self._failed: str | None = None  # why it failed

    # ---------------------------------------------------------------- start / stop

    def spawn(self) -> None:
        """Start the child (it opens the save and listens while the caller does other work)."""
        self.proc = self._popen(fresh=self.fresh, join_code=self.join_code or None)

    def start(self) -> None:
        """Start the child if `spawn` did not, wait until it listens, and connect the TV's link.

        Raise ServerStartError if it cannot listen. Unless `wait_link` was False it returns once the
        child serves (`notice` is known) and the link has connected; else as soon as the child listens
        (its first answer: the join URL), and the caller connects the link with `connect` when it
        likes (`updates` fill, and `wake` is set, once it has; host commands sent before wait for it).
        """
        if self.proc is None:
            self.spawn()
        assert self.proc is not None
        # (the link's modules are imported by `connect`: the first answer comes before the server's
        # own heavy imports, so this waits a moment only)
        self._take_answer(self._answer(self.proc))
        self._follow(self.proc, first=True)
        if self.wait_link:
            self._ready.wait(START_TIMEOUT)
            if self._failed is not None:
                raise ServerStartError(self._failed)
            self.connect(wait=True)

    def connect(self, wait: bool = False) -> None:
        """Connect the TV's link to the child that answered (once), in a thread of its own; with `wait`,
        return once it has connected (or START_TIMEOUT passed).

        Its modules are imported first, in the calling thread: two threads importing big trees of
        modules at once can deadlock on the import locks (Python then fails one of them).
        """
        if self._thread is not None:
            return
        _import_link_modules()
        import asyncio

        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        self._thread = threading.Thread(target=self._link_main, args=(ready,), name="couchcats-tv-link",
                                        daemon=True)
        self._thread.start()
        if wait:
            ready.wait(START_TIMEOUT)

    def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """Ask the child to stop (bye to the phones, save), wait for it, and end the link."""
        self._stopping.set()
        first = self.proc
        self._stop_child(first, timeout)
        thread = self._thread
        if thread is not None and thread.is_alive():
            thread.join(timeout)  # the link ends with the child's socket (or a restart gives up)
        if self.proc is not first:
            self._stop_child(self.proc, timeout)  # a restart was under way: that child stops too

    @staticmethod
    def _stop_child(proc: subprocess.Popen[bytes] | None, timeout: float) -> None:
        if proc is None or proc.poll() is not None:
            return
        try:
            assert proc.stdin is not None
            proc.stdin.write(STOP_LINE.encode())
            proc.stdin.flush()
            proc.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            log.warning("the server did not stop in %.0f s: killing it", timeout)
            proc.kill()
            proc.wait()

    def host_command(self, cmd: dict[str, Any]) -> None:
        """Send a host command (the `host` message's fields) from any thread."""
        text = _ENCODE({"type": "host", **cmd})  # (game.protocol's encoding; importing it waits for the engines)
        loop = self._loop
        if loop is None and self._thread is None and not self._stopping.is_set():
            self._outbox.append(text)  # the link is not connected yet (`connect`): it sends these first
            return
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._send, text)
        except RuntimeError:  # the loop closed meanwhile
            pass

    # ---------------------------------------------------------------- the child

    def _popen(self, *, fresh: bool, join_code: str | None = None) -> subprocess.Popen[bytes]:
        settings = {"port": self.port, "port_given": self.port_given, "host_ip": self.host_ip,
                    # absolute: the child runs in ROOT, and a `--data` typed relative means the user's folder
                    "data_dir": str(self.data_dir.absolute()) if self.data_dir is not None else None,
                    "bot_delay": self.bot_delay, "moments": self.moments, "fresh": fresh, "join_code": join_code,
                    "tv_key": self._tv_key}
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
        # its own session: Ctrl+C in the terminal reaches the TV, which then stops the server in order
        proc = subprocess.Popen(self.command, cwd=ROOT, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)
        assert proc.stdin is not None
        proc.stdin.write((_ENCODE(settings) + "\n").encode())
        proc.stdin.flush()
        return proc

    @staticmethod
    def _answer(proc: subprocess.Popen[bytes]) -> dict[str, Any]:
        """Read the child's first answer (blocking, up to START_TIMEOUT): it listens, or why not."""
        assert proc.stdout is not None
        box: list[bytes] = []
        reader = threading.Thread(target=lambda: box.append(proc.stdout.readline()), daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(START_TIMEOUT)
        line = box[0] if box else b""
        if not line:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            raise ServerStartError("the server did not start" + ("" if box else " in time"))
        answer = json.loads(line)
        if "error" in answer:
            proc.wait(STOP_TIMEOUT)
            raise ServerStartError(str(answer["error"]))
        return answer

    def _follow(self, proc: subprocess.Popen[bytes], *, first: bool) -> None:
        """Read the child's second answer in a thread of its own: it serves (`notice` is then set and
        `_ready` set), or it failed (`_failed` says why; it ends, and the link's supervisor sees it).

        The first child's notice (a resumed table, a save it could not keep) reaches the TV as a
        `notice` server note; a restarted child's is only kept (the TV says `server_back`).
        """
        ready = self._ready = threading.Event()
        self._failed = None

        def read() -> None:
            try:
                line = proc.stdout.readline() if proc.stdout is not None else b""
                answer = json.loads(line) if line else {}
            except (OSError, ValueError):
                answer = {}
            if not isinstance(answer, dict) or not answer.get("ready"):
                why = answer.get("error") if isinstance(answer, dict) else None
                self._failed = str(why or "the server stopped while starting")
                log.error("the server could not start: %s", self._failed)
            else:
                self.notice = answer.get("notice")
                url, code = str(answer.get("join_url") or ""), str(answer.get("join_code") or "")
                if url and (url, code) != (self.join_url, self.join_code):  # (never expected: game.server.early)
                    self.join_url, self.join_code = url, code
                    self._note("join_moved", "The join code changed: phones must scan the new code.",
                               join_url=url, join_code=code)
                if first and self.notice:
                    log.info("%s", self.notice)
                    self._note("notice", str(self.notice))
            ready.set()

        threading.Thread(target=read, name="couchcats-server-ready", daemon=True).start()

    def _take_answer(self, answer: dict[str, Any]) -> None:
        self.port = int(answer["port"])
        self.join_url = str(answer["join_url"])
        self.join_code = str(answer["join_code"])
        self.lan_warning = answer.get("lan_warning")
        self.port_note = answer.get("port_note")
        self.notice = answer.get("notice")

    # ---------------------------------------------------------------- the link (its own thread)

    def _link_main(self, ready: threading.Event) -> None:
        import asyncio

        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._link(ready))
        finally:
            loop.close()

    async def _link(self, ready: threading.Event) -> None:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            failures = 0
            while not self._stopping.is_set():
                opened = await self._watch(http, ready)
                ready.set()
                if self._stopping.is_set():
                    return
                failures = 0 if opened else failures + 1
                if not await self._recover(failures):
                    return

    async def _watch(self, http: aiohttp.ClientSession, ready: threading.Event) -> bool:
        """Watch the server until the socket closes; return whether it had opened."""
        import asyncio

        import aiohttp

        url = f"http://127.0.0.1:{self.port}/tv"
        try:
            ws = await http.ws_connect(url, headers={"X-Couchcats-TV": self._tv_key}, autoping=True,
                                       heartbeat=None, max_msg_size=0, timeout=aiohttp.ClientWSTimeout(ws_close=2.0))
        except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
            log.info("the TV cannot reach the server yet: %s", exc)
            return False
        self._ws = ws
        ready.set()
        for text in self._outbox:
            await ws.send_str(text)
        self._outbox.clear()
        try:
            async for msg in ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    self._received(msg.data)
                elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.ERROR):
                    break
        except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
            pass
        finally:
            self._ws = None
            await ws.close()
        return True

    def _received(self, text: str) -> None:
        if self.frames is not None:
            self.frames.append(text)
        try:
            message = json.loads(text)
        except ValueError:
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "update":
            self.updates.put(message)
        elif kind == "error":
            self.errors.put(message)
        else:
            return  # bye shutdown: the child is stopping (the supervisor sees why)
        self.wake.set()

    def _send(self, text: str) -> None:
        import asyncio

        ws = self._ws
        if ws is None or ws.closed:
            self._outbox.append(text)
            return
        asyncio.get_running_loop().create_task(ws.send_str(text))

    async def _recover(self, failures: int) -> bool:
        """After the link closed: wait for the child's end and start another; return False to give up."""
        import asyncio

        proc = self.proc
        assert proc is not None
        for _ in range(40):  # a dying child ends its socket first: give it 2 s to be gone
            if proc.poll() is not None or self._stopping.is_set():
                break
            await asyncio.sleep(0.05)
        if self._stopping.is_set():
            return False
        if proc.poll() is None:
            if failures < 3:
                await asyncio.sleep(0.2)  # alive but not reachable: try the socket again
                return True
            log.warning("the server process does not answer: killing it")
            proc.kill()
            await asyncio.get_running_loop().run_in_executor(None, proc.wait)
        if proc.returncode == 0:
            # it stopped cleanly, so someone signalled it: when the whole box is shutting down the
            # TV's own signal follows within moments, and then there is nothing to start again
            for _ in range(20):
                if self._stopping.is_set():
                    return False
                await asyncio.sleep(0.05)
        log.warning("the server process ended (exit code %s): starting it again", proc.returncode)
        self._note("server_down", "The game server stopped. Starting it again…")
        delay = RESTART_DELAYS[min(self.restarts, len(RESTART_DELAYS) - 1)]
        while not self._stopping.is_set():
            await asyncio.sleep(delay)
            try:
                answer = await asyncio.get_running_loop().run_in_executor(None, self._respawn)
            except (ServerStartError, OSError, ValueError) as exc:
                log.error("the server could not start again: %s", exc)
                delay = RESTART_DELAYS[-1]
                continue
            self.restarts += 1
            self._take_answer(answer)
            assert self.proc is not None
            self._follow(self.proc, first=False)
            self._note("server_back", "The game server is back: phones reconnect by themselves.",
                       join_url=self.join_url, join_code=self.join_code)
            return True
        return False

    def _respawn(self) -> dict[str, Any]:
        if self._stopping.is_set():
            raise ServerStartError("stopping")
        # the same port and save: the table resumes and the phones find it where it was
        self.proc = self._popen(fresh=False, join_code=self.join_code)
        return self._answer(self.proc)

    def _note(self, key: str, message: str, **params: Any) -> None:
        self.errors.put({"type": "server", "key": key, "message": message, "params": params})
        self.wake.set()


def _import_link_modules() -> None:
    import asyncio  # noqa: F401

    from game.server.early import import_aiohttp

    import_aiohttp()


def play_server(args: Any) -> ServerProcess:
    """Return the server process of `main.py play` from its command line's options (not started yet).

    Its data folder (`--data`, else this computer's; none for an attract loop, `--demo`, unless
    given), port, join address, bots' pace and `--fresh`. Its `start` returns once the child has
    answered, without connecting the TV's link (the lobby's first frame needs only the join URL;
    the TV calls `connect` after it).
    """
    from game.server.datadir import data_dir

    data: Path | None = None  # an attract loop (--demo) must not become the table the next real party resumes
    if getattr(args, "data", None) or not getattr(args, "demo", False):
        data = data_dir(getattr(args, "data", None))
    return ServerProcess(port=args.port, host_ip=getattr(args, "host_ip", None), data_dir=data,
                         bot_delay=None if getattr(args, "bot_delay", None) is None else float(args.bot_delay),
                         fresh=bool(getattr(args, "fresh", False)), port_given=bool(getattr(args, "port_given", False)),
                         wait_link=False,  # the join URL is all the lobby's first frame needs
                         moments=None if getattr(args, "moments", None) is None else float(args.moments))


def run_child() -> None:
    """`python -m game.server.process`: the entry point of the child."""
    sys.exit(child_main())


if __name__ == "__main__":
    run_child()
