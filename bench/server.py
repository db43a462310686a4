"""Server benchmark: action sent → the resulting version received on every socket, server memory, phone page weight.

Runs the real server (`game.server.app.make_app`, aiohttp, the default asyncio loop) in a child
process on loopback, so its CPU and memory are its own. On a machine with 2+ CPUs the server is
pinned to the first one and every client process to the others (`--no-pin` leaves placement to
the OS): on the real LAN the phones are other devices, and unpinned the clients and the server
take turns on the same cores, which measures the scheduler more than the server. The clients
are deliberately cheap, so the figure is the server's and not the bench's:

- 5 phones in this process: raw non-blocking sockets, a minimal websocket frame reader, one
  `selectors` loop (no asyncio, no aiohttp). A read stamps the time and notes the version;
  the JSON is decoded only when the next move is picked (real Cat in the Sack moves, from the
  phone's own `view.legal`).
- N watchers in `--procs` separate processes, each a plain `epoll` loop over raw sockets that
  reads only the `version` at the head of each frame (pings are answered).

One sample: the bench waits until every socket holds the current version, takes t0, writes one
`act` frame on the mover's socket, and takes t1 when the last of the 5 + N sockets has read a
frame carrying that new version (or a later one: the server coalesces updates for a peer that
falls behind). Each receipt is stamped right after its `recv`; every process stamps with
CLOCK_MONOTONIC, which they share. So t1 − t0 covers the client's send, all of the server's
work (parse, rules, each phone's own update through its writer task, the public frame written
to every watcher) and the kernel's delivery; the only client work inside it is reading the
sockets. Samples are 20 ms apart; none is dropped except an action the server refused (then
reported). The lines under each result split the same samples with the server's own
timestamps of `Hub.on_frame` (same clock): act sent → handler starts → handler done → last
phone / last watcher has the version; plus the server's garbage collections while measuring.

    .venv/bin/python bench/server.py                # 5 phones + 100 watchers, then + 1,000
    .venv/bin/python bench/server.py --watchers 100 --actions 500
    .venv/bin/python bench/server.py --watchers 100 --profile   # where the server's time goes, per version
    .venv/bin/python bench/server.py --vs /tmp/old  # the same cases against another checkout, alternating
    .venv/bin/python bench/server.py --quick        # seconds: does it still run (CI runs this)
    .venv/bin/python bench/server.py --tv           # the real arrangement: server process + TV process

`--profile [FILE]` runs cProfile (on the server thread's CPU time, so other jobs on a shared
machine do not count) in the server from its first `act` to the last measured sample and prints, per version published, what the server spent building the phones' updates, the
public update, their JSON text, the socket sends and the phones' writer tasks, then the top
functions by own time (FILE keeps the raw stats). cProfile slows Python code far more than the
kernel's sends, so compare the parts with each other and between runs, not with the latencies.

`--vs DIR` runs every case with the server code of another checkout too (DIR's `game` package;
the clients stay this file's), alternating `--rounds` times, and prints the ratio of the medians:
on a shared, noisy machine a ratio from one run says more than figures from two.

`--floor` runs every case against the floor too, alternating `--rounds` times: a minimal aiohttp
server (`_serve_floor`) that only decodes each frame, stamps a version and writes texts captured
from this checkout's real server mid-game (each phone's own update, the public one built once
for all watchers) straight to the transports, with no rules, no whitelist, no JSON building.
What any server on this stack pays for the same bytes: how far below it ours could go at best.

`--tv` runs the party as `main.py play` does: the server in a process of its own (main.py's own
child, `game.server.process`, with the bench's timers), and the real TV table (pygame, SDL dummy
video, 1920×1080, the lazy loop that draws only when something changed) in the parent, watching
the server over the TV's socket. Pinned, both share the server's CPU (a 2-core box has no third
one); `--no-pin` lets the OS place them, as on the living-room box.

Goals (docs/quality bar): p99 ≤ 5 ms with 100 watchers, ≤ 30 ms with 1,000, server RSS ≤ 150 MB.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import os
import random
import re
import select
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KEY = "BENCH2"
QUICK_WATCHERS, QUICK_ACTIONS = 20, 30  # --quick: every line printed, in a few seconds
GAP = 0.02  # seconds between samples: the sockets are quiet when an action is sent


def now() -> float:
    """Return CLOCK_MONOTONIC seconds (the same clock in every process of the bench)."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


# ---------------------------------------------------------------- the server child


# The server's own work that every run times (CPU time of the server thread, `time.thread_time`, so
# other jobs on a shared machine do not count; from the first act to the end of the measured
# samples): label -> (module, class or None, function). A function a checkout
# does not have is not timed. Nested parts are not subtracted: the fan-out includes the public
# update's text, for one.
TIMED_PARTS: dict[str, tuple[str, str | None, str]] = {
    "the phones' updates built (Session._update_for, whitelisted)": ("game.session", "Session", "_update_for"),
    "the public update built (Session.public_update)": ("game.session", "Session", "public_update"),
    "JSON text of the messages (protocol.encode)": ("game.protocol", None, "encode"),
    "JSON text of the updates (protocol.encode_update)": ("game.protocol", None, "encode_update"),
    "the watchers' fan-out (Hub._publish: its text, one frame, written to every watcher)": ("game.server.hub", "Hub", "_publish"),
}


class _ServerStats:
    """Inside the server child: times each `act` in `Hub.on_frame`, the TIMED_PARTS and every GC pass (CLOCK_MONOTONIC).

    Measuring starts with the first `act` frame and stops with `stop` (the bench's SIGUSR1 once its
    last sample is in), so connecting and closing the sockets are not counted.
    """

    def __init__(self, profile: Path | None, hub_class: type | None = None) -> None:
        import gc
        import importlib

        from game.server.hub import Hub

        Hub = hub_class or Hub  # noqa: N806  (the floor's stand-in)

        self.prof = None
        if profile is not None:
            import cProfile

            self.prof = cProfile.Profile()
        self.profile = profile
        self.measuring = False  # from the first act frame until `stop`
        self.stopped = False
        self.acts: list[tuple[float, float]] = []  # (Hub.on_frame entered, left) for each act frame
        self.pauses: list[tuple[int, float, float]] = []  # (generation, start, ms) of each collection
        self.frames: list[tuple[float, float, float, float]] = []  # TV frames: (start, tick, draw, flip ms)
        self.parts: dict[str, list[float]] = {}  # TIMED_PARTS label -> [calls, seconds]
        self.versions = 0  # versions published while measuring
        self.cpu = 0.0  # the process's CPU seconds while measuring
        self.act_cpu: list[float] = []  # CPU ms of Hub.on_frame for each act frame
        self._gc_start = 0.0
        real = Hub.on_frame
        acts = self.acts

        def timed(hub: Hub, conn, data) -> None:  # type: ignore[no-untyped-def]
            if not self.measuring and not self.stopped and '"act"' in data:
                self.measuring = True
                self._first_version = hub.session.version
                self._cpu0 = time.process_time()
                if self.prof is not None:
                    self.prof.enable()
            t0, c0 = now(), time.thread_time()
            real(hub, conn, data)
            if '"act"' in data:
                acts.append((t0, now()))
                self.act_cpu.append((time.thread_time() - c0) * 1000)
            self._hub = hub

        Hub.on_frame = timed  # type: ignore[method-assign]
        for label, (module, cls, name) in TIMED_PARTS.items():
            owner = importlib.import_module(module)
            if cls is not None:
                owner = getattr(owner, cls)
            if hasattr(owner, name):
                setattr(owner, name, self._timer(label, getattr(owner, name)))
        gc.callbacks.append(self._gc)

    def _timer(self, label: str, func):  # type: ignore[no-untyped-def]
        part = self.parts[label] = [0, 0.0]
        clock = time.thread_time

        def timed_part(*args, **kw):  # type: ignore[no-untyped-def]
            if not self.measuring:
                return func(*args, **kw)
            t0 = clock()
            try:
                return func(*args, **kw)
            finally:
                part[0] += 1
                part[1] += clock() - t0

        return timed_part

    def stop(self) -> None:
        """Stop measuring; write the profile's stats (the bench's clients are done measuring)."""
        if self.measuring:
            self.measuring = False
            self.versions = self._hub.session.version - self._first_version
            self.cpu = time.process_time() - self._cpu0
        self.stopped = True
        if self.prof is not None:
            self.prof.disable()
            part = self.profile.with_name(self.profile.name + ".part")
            self.prof.dump_stats(str(part))
            os.replace(part, self.profile)
            self.prof = None

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_start = now()
        else:
            self.pauses.append((info["generation"], self._gc_start, (now() - self._gc_start) * 1000))

    def dump(self, path: Path) -> None:
        """Write the figures (and the profile) out."""
        self.stop()
        path.write_text(json.dumps({"acts": self.acts, "gc": self.pauses, "tv": self.frames,
                                    "parts": self.parts, "versions": self.versions, "cpu": self.cpu,
                                    "act_cpu": self.act_cpu,
                                    "profiled": self.profile is not None}))


def _serve(port: int, stats: Path, profile: Path | None, bot_delay: float = 0.0) -> None:
    from aiohttp import web

    from game.server.app import make_app

    # the phones here act faster than people: lift the per-socket rate limit
    app = make_app(join_code=KEY, bot_delay=bot_delay, rate=1e6, burst=1e6)
    recorder = _ServerStats(profile)

    async def dump(_app: web.Application) -> None:
        recorder.dump(stats)

    def stop() -> None:
        recorder.stop()
        stats.with_name(stats.name + ".stopped").touch()  # (the bench waits for this)

    async def on_signal(_app: web.Application) -> None:
        import asyncio
        import signal

        from game.server.thread import freeze_heap

        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, stop)
        freeze_heap()  # as the product's server does once it is up (game/server/process.py)

    app.on_shutdown.insert(0, dump)
    app.on_startup.append(on_signal)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


class _FloorVersion:
    version = 0


class _FloorHub:
    """The floor server's whole work: decode the frame, stamp a version in captured texts, write them."""

    def __init__(self, texts: dict) -> None:
        self.session = _FloorVersion()
        self.phones: list = []  # transports, in join order
        self.watchers: list = []
        self.rest = [_VERSION_TEXT.sub("", t, count=1) for t in texts["phones"]]
        self.public_rest = _VERSION_TEXT.sub("", texts["public"], count=1)

    def _frame(self, rest: str) -> bytes:
        from game.server.conn import text_frame

        return text_frame('{"type":"update","version":%d%s' % (self.session.version, rest))

    def on_frame(self, conn, data: str) -> None:  # type: ignore[no-untyped-def]
        kind = json.loads(data).get("type")
        if kind == "join":
            self.phones.append(conn)
            conn.write(self._frame(self.rest[(len(self.phones) - 1) % len(self.rest)]))
        elif kind == "watch":
            self.watchers.append(conn)
            conn.write(self._frame(self.public_rest))
        elif kind in ("act", "host"):
            self.session.version += 1
            for i, transport in enumerate(self.phones):
                transport.write(self._frame(self.rest[i % len(self.rest)]))
            public = self._frame(self.public_rest)
            for transport in self.watchers:
                transport.write(public)

    def drop(self, conn) -> None:  # type: ignore[no-untyped-def]
        for group in (self.phones, self.watchers):
            if conn in group:
                group.remove(conn)


_VERSION_TEXT = re.compile(r'^\{"type":"update","version":\d+')


def _serve_floor(port: int, stats: Path, texts: Path) -> None:
    """The floor (`--floor`): an aiohttp websocket route and `_FloorHub`, timed as the real server is."""
    import asyncio

    from aiohttp import WSMsgType, web

    from game.server.thread import freeze_heap

    hub = _FloorHub(json.loads(texts.read_text()))
    recorder = _ServerStats(None, _FloorHub)

    async def ws(request: web.Request) -> web.WebSocketResponse:
        sock = web.WebSocketResponse()
        await sock.prepare(request)
        try:
            async for msg in sock:
                if msg.type == WSMsgType.TEXT:
                    hub.on_frame(request.transport, msg.data)
        finally:
            hub.drop(request.transport)
        return sock

    def stop() -> None:
        recorder.stop()
        stats.with_name(stats.name + ".stopped").touch()

    async def started(_app: web.Application) -> None:
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, stop)
        freeze_heap()

    async def dump(_app: web.Application) -> None:
        recorder.dump(stats)

    app = web.Application()
    app.router.add_get("/ws", ws)
    app.on_startup.append(started)
    app.on_shutdown.insert(0, dump)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


def capture_texts(path: Path) -> None:
    """Write the 5 phones' updates and the public update of one mid-game version of this checkout's server."""
    port = _free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--stats", str(path) + ".stats"])
    try:
        _wait_listening(port)
        phones = [Phone(port, f"P{i}") for i in range(5)]
        watcher, buf = ws_connect(port)
        watcher.sendall(client_frame('{"type":"watch"}'))
        sel = selectors.DefaultSelector()
        for p in phones:
            sel.register(p.sock, selectors.EVENT_READ, p)

        def settle(seconds: float) -> None:
            end = now() + seconds
            while (left := end - now()) > 0:
                for key, _ in sel.select(left):
                    key.data.read()

        settle(0.3)
        phones[0].send({"type": "host", "cmd": "start"})
        rng = random.Random(3)
        for _ in range(12):  # into the first round's auction
            settle(0.1)
            ups = [p.update for p in phones]
            current = max(u["version"] for u in ups if u)
            mover = next(i for i, u in enumerate(ups) if u and u["version"] == current and _pick(u["view"], rng))
            phones[mover].send({"type": "act", "version": current, "action": _pick(ups[mover]["view"], rng)})
        settle(0.3)
        texts = [json.dumps(p.update, ensure_ascii=False, separators=(",", ":")) for p in phones]
        watcher.settimeout(1)
        while True:
            try:
                chunk = watcher.recv(1 << 20)
            except (BlockingIOError, TimeoutError):
                break
            if not chunk:
                break
            buf += chunk
            watcher.setblocking(False)
        public = [payload for op, payload in frames(buf) if op == 0x1][-1].decode()
        path.write_text(json.dumps({"phones": texts, "public": public}))
        for p in phones:
            p.sock.close()
        watcher.close()
    finally:
        server.terminate()
        server.wait(10)


def _wait_listening(port: int) -> None:
    """Wait (up to ~15 s) until a server child accepts connections on `port`."""
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return
        except OSError:
            time.sleep(0.05)


def _serve_with_tv(port: int, stats: Path, profile: Path | None) -> None:
    """As `main.py play` runs: the server in a process of its own (`--tv-server`), the real TV table
    in this one (SDL dummy video, 1920x1080, the lazy loop) watching it over the TV's socket."""
    import signal

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.server.process import ServerProcess
    from game.tv.app import Display, LazyLoop, TvApp

    command = [sys.executable, __file__, "--tv-server", str(stats)]
    if profile is not None:
        command += ["--profile", str(profile)]
    server = ServerProcess(port=port, host_ip="127.0.0.1", bot_delay=0, join_code=KEY, command=command)
    server.spawn()
    pygame.display.init()
    pygame.font.init()
    display = Display(True, 0, size=(1920, 1080))
    server.start()
    assert server.proc is not None
    stats.with_suffix(".pids").write_text(json.dumps({"server": server.proc.pid, "tv": os.getpid()}))
    tv = TvApp(server, lang="en", mute=True)
    drawn: list[tuple[float, float, float, float]] = []  # (start, tick, draw, flip ms) of each frame drawn
    spent = {"draw": 0.0, "flip": 0.0}
    draw, flip = tv.draw, display.flip

    def timed_draw(canvas: pygame.Surface) -> None:
        t = now()
        draw(canvas)
        spent["draw"] = (now() - t) * 1000

    def timed_flip() -> None:
        t = now()
        flip()
        spent["flip"] = (now() - t) * 1000

    tv.draw, display.flip = timed_draw, timed_flip  # type: ignore[method-assign]

    def stop(_signum: int, _frame: object) -> None:
        tv.running = False

    signal.signal(signal.SIGTERM, stop)
    loop = LazyLoop(tv, display, wake=server.wake)
    while tv.running:
        t = now()
        if loop.step():
            total = (now() - t) * 1000
            drawn.append((t, total - spent["draw"] - spent["flip"], spent["draw"], spent["flip"]))
        loop.pause()
    stats.with_suffix(".tv.json").write_text(json.dumps({"tv": drawn}))
    server.stop()
    pygame.quit()


def _tv_server(stats: Path, profile: Path | None) -> int:
    """The server process of `--tv`: `main.py`'s own child (game.server.process), with the bench's timers."""
    import atexit
    import functools

    from game.server import process
    from game.server import thread as server_thread
    from game.server.app import make_app

    # the phones here act faster than people: lift the per-socket rate limit
    server_thread.make_app = functools.partial(make_app, rate=1e6, burst=1e6)  # type: ignore[assignment]
    recorder = _ServerStats(profile)
    atexit.register(recorder.dump, stats)
    return process.child_main()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    """Return a process's resident memory in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# ---------------------------------------------------------------- a minimal websocket client


def client_frame(text: str, opcode: int = 0x1) -> bytes:
    """Return a masked client-to-server frame (RFC 6455 requires clients to mask)."""
    data = text.encode() if isinstance(text, str) else text
    n = len(data)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
    mask = os.urandom(4)
    key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
    masked = (int.from_bytes(data, "big") ^ key).to_bytes(n, "big") if n else b""
    return head + mask + masked


def ws_connect(port: int) -> tuple[socket.socket, bytearray]:
    """Open a websocket to the bench server (blocking handshake); return it and any bytes past the headers."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws?k={KEY} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    buf = bytearray()
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("server closed during the handshake")
        buf += chunk
    head, _, rest = bytes(buf).partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(head.decode(errors="replace"))
    return sock, bytearray(rest)


def frames(buf: bytearray) -> list[tuple[int, bytes]]:
    """Cut every complete server frame (opcode, payload) off the front of `buf`."""
    out = []
    while len(buf) >= 2:
        n = buf[1] & 0x7F
        pos = 2
        if n == 126:
            if len(buf) < 4:
                break
            n, pos = int.from_bytes(buf[2:4], "big"), 4
        elif n == 127:
            if len(buf) < 10:
                break
            n, pos = int.from_bytes(buf[2:10], "big"), 10
        if len(buf) < pos + n:
            break
        out.append((buf[0] & 0x0F, bytes(buf[pos:pos + n])))
        del buf[:pos + n]
    return out


_VERSION = re.compile(rb'^\{"type":"update","version":(\d+)')


# ---------------------------------------------------------------- the watcher processes


def _watch(port: int, count: int) -> None:
    """Run `count` watchers; print "ready", then "<version> <time the last socket got it>" per version."""
    out = sys.stdout
    socks: dict[int, socket.socket] = {}
    bufs: dict[int, bytearray] = {}
    for _ in range(count):
        sock, buf = ws_connect(port)
        sock.sendall(client_frame('{"type":"watch"}'))
        socks[sock.fileno()], bufs[sock.fileno()] = sock, buf
    have = dict.fromkeys(socks, 0)  # the newest version each socket received
    reached: dict[int, int] = {}  # version -> sockets holding it (or newer)
    poll = select.epoll()
    for fd, sock in socks.items():
        sock.setblocking(False)
        poll.register(fd, select.EPOLLIN)
    stdin = sys.stdin.fileno()
    poll.register(stdin, select.EPOLLIN)
    out.write("ready\n")
    out.flush()
    match = _VERSION.match
    while True:
        for fd, _ in poll.poll():
            if fd == stdin:
                if not os.read(stdin, 1024):
                    return
                continue
            try:
                data = socks[fd].recv(32768)  # (a large size costs an mmap per read)
            except BlockingIOError:
                continue
            t = now()
            if not data:
                poll.unregister(fd)
                print("a watcher's socket was closed by the server", file=sys.stderr)
                continue
            buf = bufs[fd]
            # the usual case, one whole small text frame per read, without the buffer
            if not buf and data[0] == 0x81 and (data[1] < 126 and len(data) == 2 + data[1]
                                                or data[1] == 126 and len(data) == 4 + int.from_bytes(data[2:4], "big")):
                got = [(1, data[2 if data[1] < 126 else 4:])]
            else:
                buf += data
                got = frames(buf)
            for op, payload in got:
                if op == 0x9:
                    socks[fd].sendall(client_frame(payload, 0xA))
                m = match(payload) if op == 0x1 else None
                if m is None:
                    continue
                v = int(m.group(1))
                for w in range(have[fd] + 1, v + 1):
                    n = reached.get(w, 0) + 1
                    reached[w] = n
                    if n == count:
                        out.write(f"{w} {t!r}\n")
                        out.flush()
                        del reached[w]
                have[fd] = max(have[fd], v)


# ---------------------------------------------------------------- the phones and the run


def _pick(view: dict, rng: random.Random) -> dict | None:
    legal = view["legal"]
    if legal["play"]:
        return {"type": "play", "card": rng.choice(legal["play"])}
    if legal["buy"]:
        return {"type": "buy"}
    if legal["bid_min"] is not None and rng.random() < 0.5:
        return {"type": "bid", "total": legal["bid_min"]}
    if legal["can_pass"]:
        return {"type": "pass"}
    return None


class Phone:
    """One seated player's raw socket: the newest update it received, and when.

    A read only stamps and notes the version; the JSON is decoded later, when a move is picked,
    so one phone's parsing never delays the next phone's timestamp.
    """

    def __init__(self, port: int, name: str) -> None:
        self.sock, self.buf = ws_connect(port)
        self.sock.sendall(client_frame(json.dumps({"type": "join", "name": name})))
        self.sock.setblocking(False)
        self._raw: bytes | None = None  # the newest update, undecoded
        self._decoded: dict | None = None
        self.got: dict[int, float] = {}  # version -> receipt time
        self.errors: list[bytes] = []

    @property
    def update(self) -> dict | None:
        """Return the newest update received (decoded once)."""
        if self._raw is not None:
            self._decoded, self._raw = json.loads(self._raw), None
        return self._decoded

    def read(self) -> None:
        """Read what is there (called when the socket is readable)."""
        try:
            data = self.sock.recv(32768)
        except BlockingIOError:
            return
        t = now()
        if not data:
            raise ConnectionError("the server closed a phone's socket")
        self.buf += data
        for op, payload in frames(self.buf):
            if op == 0x9:
                self.sock.sendall(client_frame(payload, 0xA))
            if op != 0x1:
                continue
            m = _VERSION.match(payload)
            if m is not None:
                self._raw = payload
                self.got[int(m.group(1))] = t
            elif payload.startswith(b'{"type":"error"'):
                self.errors.append(payload)

    def send(self, message: dict) -> None:
        """Write one frame (small: it goes out whole on a quiet socket)."""
        self.sock.setblocking(True)
        self.sock.sendall(client_frame(json.dumps(message)))
        self.sock.setblocking(False)


def run_case(port: int, server_pid: int, watchers: int, actions: int, procs: int,
             stopped: Path | None = None, table: tuple[int, int, str] = (5, 0, "")) -> dict[str, float]:
    """Return latency percentiles (ms) and server RSS for the phones + `watchers` watchers.

    `table`: (seats, bots, their level): the first seats - bots seats are the bench's phones (5 and
    no bots unless told). Only the phones' actions are samples; the bots act on their own meanwhile.
    With `stopped`, the server is told (SIGUSR1) to stop measuring (and profiling) as soon as the
    last sample is in, before the sockets close; it touches `stopped` when it has.
    """
    seats, bots, level = table
    sel = selectors.DefaultSelector()
    phones = [Phone(port, f"P{i}") for i in range(seats - bots)]
    for p in phones:
        sel.register(p.sock, selectors.EVENT_READ, p)
    sizes = [watchers // procs + (1 if k < watchers % procs else 0) for k in range(procs)] if watchers else []
    children = [subprocess.Popen([sys.executable, __file__, "--watch-proc", str(port), str(n)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
                for n in sizes if n]
    for c in children:
        if c.stdout.readline().strip() != "ready":  # type: ignore[union-attr]
            raise RuntimeError("a watcher process failed to start")
    done: list[dict[int, float]] = [{} for _ in children]  # per process: version -> last receipt
    for k, c in enumerate(children):
        os.set_blocking(c.stdout.fileno(), False)  # type: ignore[union-attr]
        sel.register(c.stdout, selectors.EVENT_READ, k)  # type: ignore[arg-type]
    pending = [""] * len(children)

    def pump(timeout: float) -> None:
        for key, _ in sel.select(timeout):
            if isinstance(key.data, Phone):
                key.data.read()
                continue
            k = key.data
            chunk = os.read(key.fd, 1 << 16).decode()
            if not chunk:
                raise RuntimeError("a watcher process died")
            pending[k] += chunk
            *lines, pending[k] = pending[k].split("\n")
            for line in lines:
                v, t = line.split()
                done[k][int(v)] = float(t)

    def arrived(version: int) -> tuple[float, float] | None:
        """Return when the last phone and the last watcher got `version` (or newer), or None if one has not yet."""
        times = []
        for got in [p.got for p in phones] + done:
            t = next((t for v, t in got.items() if v >= version), None)
            if t is None:
                return None
            times.append(t)
        return max(times[:len(phones)]), max(times[len(phones):], default=0.0)

    def settle(seconds: float) -> None:
        end = now() + seconds
        while (left := end - now()) > 0:
            pump(left)

    settle(0.5 + watchers / 1000)
    for _ in range(bots):
        phones[0].send({"type": "host", "cmd": "add_bot", "level": level})
    while bots and len((phones[0].update or {}).get("table", {}).get("seats", ())) < seats:
        settle(0.05)
    rng = random.Random(1)
    samples: list[tuple[float, float, float]] = []  # (act sent, last phone got the new version, last watcher)
    refused = 0
    phones[0].send({"type": "host", "cmd": "start"})
    while len(samples) < actions:
        settle(GAP)
        ups = [p.update for p in phones]
        current = max((u["version"] for u in ups if u), default=0)
        if arrived(current) is None:
            continue
        if ups[0] and ups[0]["stage"] == "over":
            phones[0].send({"type": "host", "cmd": "play_again"})
            continue
        mover = next((i for i, u in enumerate(ups) if u and u["version"] == current and u["view"]
                      and _pick(u["view"], rng)), None)
        if mover is None:
            continue
        action = _pick(ups[mover]["view"], rng)  # type: ignore[index]
        target = current + 1
        errors = len(phones[mover].errors)
        frame = client_frame(json.dumps({"type": "act", "version": current, "action": action}))
        for p in phones:  # forget older receipts, so `arrived` scans a couple of entries
            p.got = {v: t for v, t in p.got.items() if v >= current}
        for k, d in enumerate(done):
            done[k] = {v: t for v, t in d.items() if v >= current}
        t0 = now()
        phones[mover].sock.send(frame)
        deadline = t0 + 10
        while (t1 := arrived(target)) is None:
            if len(phones[mover].errors) > errors or now() > deadline:
                break
            pump(max(0.0, deadline - now()))
        if t1 is None:
            refused += 1
            print(f"  version {target} did not reach every socket: {phones[mover].errors[-1:]!r}", file=sys.stderr)
            continue
        samples.append((t0, *t1))
    rss = rss_mb(server_pid)
    if stopped is not None:
        os.kill(server_pid, signal.SIGUSR1)
        deadline = now() + 30
        while not stopped.is_file() and now() < deadline:
            time.sleep(0.02)
    for c in children:
        c.stdin.close()  # type: ignore[union-attr]
        c.wait(10)
    for p in phones:
        p.sock.close()
    return {"samples": samples, "rss": rss, "refused": refused}


def p99(values: list[float]) -> float:
    """Return the 99th percentile (nearest rank) of a list."""
    v = sorted(values)
    return v[max(0, int(len(v) * 0.99) - 1)]


def pct(values: list[float]) -> str:
    """Return "p50 x ms, p99 y ms" of a list of milliseconds."""
    return f"p50 {statistics.median(values):.2f} ms, p99 {p99(values):.2f} ms"


def profile_report(path: Path, top: int = 15) -> list[str]:
    """Return the lines `--profile` prints from a server's cProfile stats: the top functions by own time, per version."""
    import pstats

    stats = pstats.Stats(str(path)).stats  # type: ignore[attr-defined]
    # (file, line, function) -> (primitive calls, calls, own time, cumulative time, callers)

    def find(file: str, func: str) -> list[tuple[int, float]]:
        return [(v[1], v[3]) for (f, _line, fn), v in stats.items()
                if fn == func and (f == file or f.endswith("/" + file))]

    versions = sum(n for n, _ in find("game/session.py", "_changed")) or 1
    sends = sum(n for n, _ in find("~", "<method 'send' of '_socket.socket' objects>"))
    lines = [f"    server profile while measuring (cProfile, which slows Python code more than the kernel's sends; "
             f"{versions} versions published, {sends / versions:.0f} socket sends each),",
             f"      top {top} functions by own time (ms per version, own / cumulative, calls per version):"]
    idle = ("poll' of 'select.", "select' of 'select.")  # the event loop waiting for sockets: not work
    busy = [kv for kv in stats.items() if not (kv[0][0] == "~" and any(w in kv[0][2] for w in idle))]
    rows = sorted(busy, key=lambda kv: kv[1][2], reverse=True)[:top]
    for (f, line, fn), (_pc, calls, own, cum, _callers) in rows:
        where = fn if f == "~" else f"{Path(f).parent.name}/{Path(f).name}:{line} {fn}"
        lines.append(f"        {own / versions * 1000:8.3f} {cum / versions * 1000:8.3f} {calls / versions:7.1f}  {where}")
    return lines


def page_files(game: str | None = None, lang: str = "en") -> list[Path]:
    """Return every file the phone page loads at a table of `game` (default: the first offered) in `lang`.

    The page, its CSS and the JS modules it imports, the game's phone module (`js/games/<id>/screen.js`, loaded
    by game id with a dynamic import) and what it imports, the game's own stylesheet when its module declares
    `ownStyles`, and the platform's and the game's strings in `lang`.
    """
    if game is None:
        from game.engine import GAMES
        game = next(g for g, rules in GAMES.items() if rules.on_table)
    web = ROOT / "controller_web"
    files: list[Path] = [web / "index.html"]
    html = files[0].read_text()
    refs = re.findall(r'(?:src|href)="/static/([^"]+)"', html)
    queue = [web / r for r in refs] + [web / "js" / "games" / game / "screen.js"]
    while queue:
        f = queue.pop()
        if f in files or not f.is_file():
            continue
        files.append(f)
        if f.suffix == ".js":
            for imp in re.findall(r'(?:import|from)\s*[^"\']*["\'](\.{1,2}/[^"\']+)["\']', f.read_text()):
                queue.append((f.parent / imp).resolve())
    own = web / "js" / "games" / game
    if (own / "game.css").is_file() and any(re.search(r"export const ownStyles = true", f.read_text())
                                             for f in files if f.suffix == ".js" and f.is_relative_to(own)):
        files.append(own / "game.css")  # the game's own styles, loaded beside its module (js/games.js)
    for folder in (web / "locales", web / "js" / "games" / game / "locales"):
        if (folder / f"{lang}.json").is_file():
            files.append(folder / f"{lang}.json")
    return files


def page_bytes(game: str | None = None, lang: str = "en") -> tuple[int, int, list[str]]:
    """Return (bytes, gzipped bytes, files) of everything the phone page loads (see page_files)."""
    from game.locales import served_bytes  # what the server sends of each (a text table without the TV's keys)

    files = page_files(game, lang)
    web = ROOT / "controller_web"
    raw = sum(len(served_bytes(f)) for f in files)
    packed = sum(len(gzip.compress(served_bytes(f))) for f in files)
    return raw, packed, [str(f.relative_to(web)) for f in files]


def measure(watchers: int, args: argparse.Namespace, server_cpus: str, code: Path | None,
            profile: Path | None, table: tuple[int, int, str] = (5, 0, ""), floor: Path | None = None) -> dict:
    """Run one case (the phones and bots of `table` + `watchers`) against a fresh server child (the
    floor's, serving the texts `floor`, if given); print and return its figures."""
    port = _free_port()
    stats = Path(tempfile.mkdtemp()) / "server.json"
    cmd = [sys.executable, __file__, "--serve", str(port), "--stats", str(stats)]
    if floor is not None:
        cmd += ["--floor-texts", str(floor)]
    if code is not None:
        cmd += ["--code", str(code)]
    if server_cpus:
        cmd += ["--cpus", server_cpus]
    if args.tv:
        cmd.append("--tv")
    if table[1]:
        cmd += ["--bot-delay", str(args.bot_delay)]
    if profile is not None:
        profile.unlink(missing_ok=True)
        cmd += ["--profile", str(profile)]
    server = subprocess.Popen(cmd)
    try:
        _wait_listening(port)
        server_pid = server.pid
        if args.tv:  # the TV process started the server process: measure that one
            pids = stats.with_suffix(".pids")
            for _ in range(300):
                if pids.is_file():
                    break
                time.sleep(0.05)
            server_pid = json.loads(pids.read_text())["server"]
        idle = rss_mb(server_pid)
        client_cpus_n = len(os.sched_getaffinity(0))
        procs = args.procs or max(1, min(client_cpus_n, -(-watchers // 500)))
        # (the TV's server child has no SIGUSR1 handler: it measures until it stops)
        res = run_case(port, server_pid, watchers, args.actions, procs,
                       None if args.tv else stats.with_name(stats.name + ".stopped"), table)
        tv_rss = rss_mb(server.pid) if args.tv else None
    finally:
        server.terminate()
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    samples = res["samples"]
    lat = [(max(p, w) - t0) * 1000 for t0, p, w in samples]
    label = " [the floor]" if floor is not None else "" if code is None else f" [{code}]"
    print(f"{_who(table)} + {watchers} watchers{label} ({procs} reader process{'es' if procs > 1 else ''}, "
          f"{len(samples)} actions): action → every socket {pct(lat)}, max {max(lat):.2f} ms; "
          f"server RSS {res['rss']:.0f} MB (idle {idle:.0f} MB)"
          + (f"; TV process RSS {tv_rss:.0f} MB" if tv_rss is not None else "")
          + (f"; {res['refused']} refused" if res["refused"] else ""))
    figures = {"p50": statistics.median(lat), "p99": p99(lat)}
    if stats.is_file():
        server_stats = json.loads(stats.read_text())
        tv_stats = stats.with_suffix(".tv.json")  # the TV process's frames (--tv)
        if tv_stats.is_file():
            server_stats["tv"] = json.loads(tv_stats.read_text())["tv"]
        figures |= server_lines(server_stats, samples, watchers)
    if profile is not None and profile.is_file():
        print("\n".join(profile_report(profile)))
    return figures


def _who(table: tuple[int, int, str]) -> str:
    """Return how a case's table reads: "5 phones", "1 phone + 3 hard bots"."""
    seats, bots, level = table
    phones = f"{seats - bots} phone{'s' if seats - bots != 1 else ''}"
    return phones + (f" + {bots} {level} bot{'s' if bots != 1 else ''}" if bots else "")


def server_lines(server_stats: dict, samples: list[tuple[float, float, float]], watchers: int) -> dict:
    """Print the samples split by the server's own timestamps, its GC pauses and TV frames; return the handler's p50/p99."""
    acts = sorted(server_stats["acts"])
    into, inside, phone, watcher = [], [], [], []
    for t0, p, w in samples:  # the server's own timestamps share CLOCK_MONOTONIC with ours
        hit = next(((a, b) for a, b in acts if t0 <= a <= max(p, w)), None)
        if hit is not None:
            into.append((hit[0] - t0) * 1000)
            inside.append((hit[1] - hit[0]) * 1000)
            phone.append((p - hit[1]) * 1000)
            watcher.append((w - hit[1]) * 1000)
    if inside:
        print(f"    act sent → server handler starts: {pct(into)}\n"
              f"    server handler (parse, rules, every update built, public frame written): {pct(inside)}\n"
              f"    handler done → last phone has it (its writer task): {pct(phone)}"
              + (f"\n    handler done → last watcher has it (kernel, our reading): {pct(watcher)}" if watchers else ""))
    start, end = samples[0][0], max(max(p, w) for _, p, w in samples)
    for gen in (0, 1, 2):
        ms = [p for g, t, p in server_stats["gc"] if g == gen and start <= t <= end]
        if ms:
            print(f"    server GC gen {gen} while measuring: {len(ms)} collections, {sum(ms):.1f} ms in all, longest {max(ms):.2f} ms")
    versions = server_stats.get("versions") or 0
    parts = {k: v for k, v in server_stats.get("parts", {}).items() if v[0]}
    if versions and parts:
        print(f"    the server's own work per version ({versions} versions; CPU time of the server"
              + ("; under cProfile, so inflated" if server_stats.get("profiled") else "") + "):")
        print(f"      everything the server process did while measuring: {server_stats['cpu'] / versions * 1000:.3f} ms")
        if server_stats.get("act_cpu"):
            print(f"      the act handler (Hub.on_frame): {pct(server_stats['act_cpu'])}")
        for label, (calls, seconds) in parts.items():
            print(f"      {label}: {seconds / versions * 1000:.3f} ms ({calls / versions:.1f} calls)")
    frames = [f for f in server_stats.get("tv", []) if start <= f[0] <= end]
    if frames:
        print(f"    TV frames while measuring: {len(frames)}; tick {pct([f[1] for f in frames])}; "
              f"draw {pct([f[2] for f in frames])}; flip {pct([f[3] for f in frames])}")
    figures = {"handler p50": statistics.median(inside), "handler p99": p99(inside)} if inside else {}
    if versions:
        figures["server CPU per version"] = server_stats["cpu"] / versions * 1000
    if server_stats.get("act_cpu"):
        figures["handler CPU p50"] = statistics.median(server_stats["act_cpu"])
    for key, label in (("phones' updates built", next(iter(TIMED_PARTS))),
                       ("fan-out to the watchers", list(TIMED_PARTS)[-1])):
        if versions and parts.get(label):
            figures[key] = parts[label][1] / versions * 1000
    return figures


def compare(watchers: int, runs: dict[str, list[dict]], other: Path | str, who: str = "5 phones") -> None:
    """Print the medians over the alternating rounds of this checkout and `other`, and their ratios."""
    against = other if isinstance(other, str) else f"this checkout vs {other}"
    print(f"{who} + {watchers} watchers, medians of {len(runs['this'])} alternating rounds, {against}:")
    for key in ("p50", "p99", "handler p50", "handler p99", "server CPU per version", "handler CPU p50",
                "phones' updates built", "fan-out to the watchers"):
        ours = [r[key] for r in runs["this"] if key in r]
        theirs = [r[key] for r in runs["other"] if key in r]
        if ours and theirs:
            a, b = statistics.median(ours), statistics.median(theirs)
            print(f"    {key}: {a:.2f} ms vs {b:.2f} ms, ratio {a / b:.2f}")


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--stats", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--code", type=Path, help=argparse.SUPPRESS)  # the server child: whose `game` to run
    parser.add_argument("--watch-proc", type=int, nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--tv-server", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--watchers", type=int, nargs="*", default=[100, 1000])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--procs", type=int,
                        help="watcher processes (default: one per 500 watchers, at most one per client CPU)")
    parser.add_argument("--profile", type=Path, nargs="?", const=Path(""), metavar="FILE",
                        help="profile the server while measuring and print where its time goes (FILE keeps the stats)")
    parser.add_argument("--vs", type=Path, metavar="DIR",
                        help="also run every case with the server code of another checkout, alternating; print the ratios")
    parser.add_argument("--rounds", type=int, default=3, help="with --vs or --floor: rounds of each")
    parser.add_argument("--floor", action="store_true",
                        help="also run every case against the floor (a minimal aiohttp server writing texts captured "
                             "from this checkout's server), alternating; print the ratios")
    parser.add_argument("--floor-texts", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds in all (20 watchers, 30 actions, overriding --watchers, --actions and "
                             "--rounds): does it still run?")
    parser.add_argument("--no-pin", action="store_true",
                        help="let the OS place the server and the clients (default: server on one CPU, clients on the others)")
    parser.add_argument("--cpus", help=argparse.SUPPRESS)
    parser.add_argument("--bots", metavar="LEVEL",
                        help="a 4-seat table of 1 phone + 3 bots of LEVEL (e.g. hard: they think in the worker "
                             "process) against 4 phones and no bots, alternating: does the bots' thinking show?")
    parser.add_argument("--bot-delay", type=float, default=0.3,
                        help="with --bots: the bots' delay before they act (seconds)")
    parser.add_argument("--tv", action="store_true",
                        help="run the party as `main.py play` does: the server process watched by the real TV (pygame, SDL dummy video)")
    args = parser.parse_args()
    args.bot_delay_given = "--bot-delay" in sys.argv
    if args.code:
        sys.path.insert(0, str(args.code.resolve()))
    if args.quick:
        args.watchers, args.actions, args.rounds = [QUICK_WATCHERS], QUICK_ACTIONS, 1
    if args.cpus:
        os.sched_setaffinity(0, {int(c) for c in args.cpus.split(",")})
    if args.tv_server:
        return _tv_server(args.tv_server, args.profile)
    if args.serve:
        if args.floor_texts:
            _serve_floor(args.serve, args.stats, args.floor_texts)
        elif args.tv:
            _serve_with_tv(args.serve, args.stats, args.profile)
        else:
            _serve(args.serve, args.stats, args.profile, args.bot_delay if args.bot_delay_given else 0.0)
        return 0
    if args.watch_proc:
        _watch(*args.watch_proc)
        return 0
    cpus = sorted(os.sched_getaffinity(0))
    server_cpus = client_cpus = ""
    if not args.no_pin and len(cpus) >= 2:
        server_cpus, client_cpus = str(cpus[0]), ",".join(map(str, cpus[1:]))
        os.sched_setaffinity(0, set(cpus[1:]))
        print(f"server pinned to CPU {server_cpus}, the bench's clients to CPU {client_cpus}")
    raw, packed, files = page_bytes()
    print(f"phone page: {raw / 1024:.1f} KiB in {len(files)} files ({packed / 1024:.1f} KiB gzipped)")
    scratch = Path(tempfile.mkdtemp())
    if args.bots:
        if args.tv or args.vs or args.floor:
            parser.error("--bots runs on its own (not with --tv, --vs or --floor)")
        people, bots = (4, 0, ""), (4, 3, args.bots)
        for watchers in args.watchers:
            runs = {"this": [], "other": []}
            for k in range(args.rounds):
                prof = [scratch / f"server-{watchers}-{side}-{k}.prof" if args.profile is not None else None
                        for side in ("bots", "people")]
                runs["this"].append(measure(watchers, args, server_cpus, None, prof[0], bots))
                runs["other"].append(measure(watchers, args, server_cpus, None, prof[1], people))
            compare(watchers, runs, f"with {_who(bots)} vs {_who(people)} (the bench's phones' actions)",
                    who="4 seats")
        return 0
    if args.floor:
        if args.vs:
            parser.error("--floor and --vs: one comparison at a time")
        texts = scratch / "floor-texts.json"
        capture_texts(texts)
        for watchers in args.watchers:
            runs = {"this": [], "other": []}
            for _ in range(args.rounds):
                runs["this"].append(measure(watchers, args, server_cpus, None, None))
                runs["other"].append(measure(watchers, args, server_cpus, None, None, floor=texts))
            compare(watchers, runs, "this checkout vs the floor (aiohttp writing captured texts, no game)")
        return 0
    for watchers in args.watchers:
        runs: dict[str, list[dict]] = {"this": [], "other": []}
        for _ in range(args.rounds if args.vs else 1):
            for side, code in [("this", None)] + ([("other", args.vs.resolve())] if args.vs else []):
                profile = None
                if args.profile is not None:
                    given = args.profile if args.profile != Path("") and not args.vs and len(args.watchers) == 1 else None
                    profile = given or scratch / f"server-{watchers}-{side}-{len(runs[side])}.prof"
                runs[side].append(measure(watchers, args, server_cpus, code, profile))
        if args.vs:
            compare(watchers, runs, args.vs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
