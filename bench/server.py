"""Server benchmark: action → delivered-to-every-socket latency, server memory, phone page weight.

Runs the real server in a child process on loopback (so its memory is its own), connects
5 phones plus N watchers from this process, plays real Cat in the Sack moves from the phones'
views, and for each action measures the time until every socket has the resulting version.

    .venv/bin/python bench/server.py                # 5 phones + 100 watchers, then + 1,000
    .venv/bin/python bench/server.py --watchers 100 --actions 300

Goals (docs/quality bar): p99 ≤ 5 ms with 100 watchers, ≤ 30 ms with 1,000, server RSS ≤ 150 MB.
The client side shares the machine, so the figures are an upper bound on the server's share.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KEY = "BENCH2"


def _serve(port: int, stats: Path) -> None:
    from aiohttp import web

    from game.server.app import make_app
    from game.server.hub import Hub
    from game.server.keys import HUB

    # the phones here act faster than people: lift the per-socket rate limit
    app = make_app(join_code=KEY, bot_delay=0, rate=1e6, burst=1e6)
    spent: list[float] = []
    real = Hub.on_frame

    def timed(self: Hub, conn, data) -> None:  # type: ignore[no-untyped-def]
        # server side only: parse, submit, build every update, write the shared public frame
        t0 = time.perf_counter()
        real(self, conn, data)
        if '"act"' in data:
            spent.append((time.perf_counter() - t0) * 1000)

    app[HUB].on_frame = timed.__get__(app[HUB])  # type: ignore[method-assign]

    async def dump(_app: web.Application) -> None:
        stats.write_text(json.dumps(spent))

    app.on_shutdown.insert(0, dump)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


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


class Audience:
    """Counts, per version, how many sockets have it and when the last one got it."""

    def __init__(self, sockets: int) -> None:
        self.sockets = sockets
        self.count: dict[int, int] = {}
        self.done: dict[int, asyncio.Event] = {}
        self.finished_at: dict[int, float] = {}

    def event(self, version: int) -> asyncio.Event:
        return self.done.setdefault(version, asyncio.Event())

    def seen(self, version: int) -> None:
        n = self.count.get(version, 0) + 1
        self.count[version] = n
        if n == self.sockets:
            self.finished_at[version] = time.perf_counter()
            self.event(version).set()


_VERSION = re.compile(r'^\{"type":"update","version":(\d+)')


async def _reader(ws: aiohttp.ClientWebSocketResponse, audience: Audience, latest: dict[str, dict] | None) -> None:
    async for msg in ws:
        if msg.type is not aiohttp.WSMsgType.TEXT:
            break
        if latest is None:  # a watcher: only the version matters, skip the JSON parse
            m = _VERSION.match(msg.data)
            if m:
                audience.seen(int(m.group(1)))
            continue
        data = json.loads(msg.data)
        if data["type"] == "update":
            latest["update"] = data
            audience.seen(data["version"])


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


async def run_case(port: int, server_pid: int, watchers: int, actions: int) -> dict[str, float]:
    """Return latency percentiles (ms) and server RSS for 5 phones + `watchers` watchers."""
    url = f"http://127.0.0.1:{port}/ws?k={KEY}"
    conn = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=conn) as http:
        phones = []
        for i in range(5):
            ws = await http.ws_connect(url)
            await ws.send_str(json.dumps({"type": "join", "name": f"P{i}"}))
            phones.append(ws)
        watch_sockets = []
        for start in range(0, watchers, 100):
            batch = await asyncio.gather(*(http.ws_connect(url) for _ in range(start, min(watchers, start + 100))))
            for ws in batch:
                await ws.send_str('{"type":"watch"}')
            watch_sockets += batch
        audience = Audience(5 + watchers)
        latest = [dict() for _ in phones]
        readers = [asyncio.create_task(_reader(ws, audience, latest[i])) for i, ws in enumerate(phones)]
        readers += [asyncio.create_task(_reader(ws, audience, None)) for ws in watch_sockets]
        await asyncio.sleep(0.5 + watchers / 1000)
        rng = random.Random(1)
        latencies: list[float] = []
        await phones[0].send_str('{"type":"host","cmd":"start"}')
        while len(latencies) < actions:
            await asyncio.sleep(0.02)  # let every socket settle on the newest version
            current = max((p["update"]["version"] for p in latest if "update" in p), default=0)
            ups = [p.get("update") for p in latest]
            if ups[0] and ups[0]["stage"] == "over":
                await phones[0].send_str('{"type":"host","cmd":"play_again"}')
                continue
            mover = next((i for i, u in enumerate(ups) if u and u["version"] == current and u["view"]
                          and _pick(u["view"], rng)), None)
            if mover is None:
                continue
            action = _pick(ups[mover]["view"], rng)
            target = current + 1
            ev = audience.event(target)
            t0 = time.perf_counter()
            await phones[mover].send_str(json.dumps({"type": "act", "version": current, "action": action}))
            try:
                await asyncio.wait_for(ev.wait(), 10)
            except asyncio.TimeoutError:
                print(f"  version {target} did not reach every socket", file=sys.stderr)
                continue
            latencies.append((audience.finished_at[target] - t0) * 1000)
        rss = rss_mb(server_pid)
        for ws in phones + watch_sockets:
            await ws.close()
        for r in readers:
            r.cancel()
    latencies.sort()
    return {"p50": statistics.median(latencies), "p99": latencies[int(len(latencies) * 0.99) - 1],
            "max": latencies[-1], "rss": rss, "n": len(latencies)}


def page_bytes() -> tuple[int, int, list[str]]:
    """Return (bytes, gzipped bytes, files) of everything the phone page loads (English)."""
    web = ROOT / "controller_web"
    files: list[Path] = [web / "index.html"]
    html = files[0].read_text()
    refs = re.findall(r'(?:src|href)="/static/([^"]+)"', html)
    queue = [web / r for r in refs]
    while queue:
        f = queue.pop()
        if f in files or not f.is_file():
            continue
        files.append(f)
        if f.suffix == ".js":
            for imp in re.findall(r'(?:import|from)\s*[^"\']*["\'](\.{1,2}/[^"\']+)["\']', f.read_text()):
                queue.append((f.parent / imp).resolve())
    locale = web / "locales" / "en.json"
    if locale.is_file():
        files.append(locale)
    raw = sum(f.stat().st_size for f in files)
    packed = sum(len(gzip.compress(f.read_bytes())) for f in files)
    return raw, packed, [str(f.relative_to(web)) for f in files]


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--stats", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--watchers", type=int, nargs="*", default=[100, 1000])
    parser.add_argument("--actions", type=int, default=200)
    args = parser.parse_args()
    if args.serve:
        _serve(args.serve, args.stats)
        return 0
    raw, packed, files = page_bytes()
    print(f"phone page: {raw / 1024:.1f} KiB in {len(files)} files ({packed / 1024:.1f} KiB gzipped)")
    for watchers in args.watchers:
        port = _free_port()
        stats = Path(tempfile.mkdtemp()) / "server.json"
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--stats", str(stats)])
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            idle = rss_mb(server.pid)
            res = asyncio.run(run_case(port, server.pid, watchers, args.actions if watchers <= 100 else args.actions // 2))
            print(f"5 phones + {watchers} watchers: action → every socket p50 {res['p50']:.2f} ms, "
                  f"p99 {res['p99']:.2f} ms, max {res['max']:.2f} ms over {res['n']} actions; "
                  f"server RSS {res['rss']:.0f} MB (idle {idle:.0f} MB)")
        finally:
            server.terminate()
            try:
                server.wait(5)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        if stats.is_file():
            spent = sorted(json.loads(stats.read_text()))
            if spent:
                print(f"    server side (frame in → every update built, public frame written): "
                      f"p50 {statistics.median(spent):.2f} ms, p99 {spent[int(len(spent) * 0.99) - 1]:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
