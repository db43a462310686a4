"""Idle cost of `python main.py`: CPU of the TV and server processes while nothing happens.

Starts the real party (`main.py --windowed`, SDL dummy video and audio unless SDL_VIDEODRIVER is
set) with a fresh data folder, then measures, from /proc/<pid>/stat (user + system ticks), the
CPU every process of the party uses over `--seconds`:

1. the lobby with its QR code, nobody joined;
2. a table waiting for a human: one phone (a websocket client in this process) joins, the host
   adds two bots and starts; the bots choose their cards and the table waits for the phone.

Printed as % of one core, per process and summed. The goal (issue 10): each ≤ 3 % over 10 s.
`--root DIR` runs another checkout's main.py (e.g. the code before the lazy loop) to compare.

    .venv/bin/python bench/idle.py                 # 10 s each
    .venv/bin/python bench/idle.py --root /path/to/other/checkout
    .venv/bin/python bench/idle.py --quick         # 1 s each: checks that it runs
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """Return `pid` and all its descendants (Linux /proc)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return out


def cpu_ticks(pid: int) -> int:
    """Return the user + system clock ticks `pid` has used."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def name_of(pid: int) -> str:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return str(pid)
    text = " ".join(c.decode() for c in cmd if c)
    return "server" if "game.server" in text else "tv" if "main.py" in text else text[:40]


def measure(root_pid: int, seconds: float) -> dict[str, float]:
    """Return % of one core per process of the party (and 'total') over `seconds`."""
    pids = family(root_pid)
    before = {p: cpu_ticks(p) for p in pids}
    time.sleep(seconds)
    used = {p: (cpu_ticks(p) - before[p]) / TICK / seconds * 100 for p in pids}
    out = {name_of(p): round(v, 2) for p, v in used.items()}
    out["total"] = round(sum(used.values()), 2)
    return out


async def seat_a_waiting_table(port: int, code: str) -> aiohttp.ClientWebSocketResponse:
    """Join as Ann, add two bots, start, and return once the table waits for Ann's card."""
    http = aiohttp.ClientSession()
    ws = await http.ws_connect(f"http://127.0.0.1:{port}/ws?k={code}")
    ws._bench_http = http  # type: ignore[attr-defined]
    await ws.send_json({"type": "join", "name": "Ann"})
    sent: set[str] = set()
    while True:
        msg = json.loads((await ws.receive(timeout=20)).data)
        if msg.get("type") != "update":
            continue
        seats = len(msg["table"]["seats"])
        if msg["stage"] == "lobby" and seats < 3 and f"bot{seats}" not in sent:
            sent.add(f"bot{seats}")
            await ws.send_json({"type": "host", "cmd": "add_bot"})
        elif msg["stage"] == "lobby" and seats >= 3 and "start" not in sent:
            sent.add("start")
            await ws.send_json({"type": "host", "cmd": "start"})
        elif msg["stage"] == "playing" and msg["view"]["waiting_for"] == [0]:
            return ws


async def keep_reading(ws: aiohttp.ClientWebSocketResponse, seconds: float) -> None:
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            await ws.receive(timeout=left)
        except asyncio.TimeoutError:
            return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=10.0,
                        help="seconds to wait before measuring (the card art and sounds are made after start)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose main.py to run")
    parser.add_argument("--quick", action="store_true", help="1 s per case, 1 s settle: checks it runs")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.settle = 1.0, 1.0
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data:
        proc = subprocess.Popen([sys.executable, "main.py", "--windowed", "--port", "0", "--data", data,
                                 "--host-ip", "127.0.0.1", "--mute", "--bot-delay", "0.2"],
                                cwd=args.root, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = ""
            while not line.startswith("Join: "):
                line = proc.stdout.readline()  # type: ignore[union-attr]
                if not line and proc.poll() is not None:
                    print("main.py exited before it listened", file=sys.stderr)
                    return 1
            m = re.match(r"Join: http://[^:]+:(\d+)/\?k=(\w+)", line)
            assert m, line
            port, code = int(m.group(1)), m.group(2)
            print(f"main.py from {args.root}: {len(family(proc.pid))} process(es)")
            time.sleep(args.settle)
            lobby = measure(proc.pid, args.seconds)
            print(f"idle lobby, {args.seconds:g} s, % of one core: {lobby}")

            async def table() -> dict[str, float]:
                ws = await seat_a_waiting_table(port, code)
                await keep_reading(ws, args.settle)
                reading = asyncio.create_task(keep_reading(ws, args.seconds + 1))
                result = await asyncio.get_running_loop().run_in_executor(None, measure, proc.pid, args.seconds)
                reading.cancel()
                await ws.close()
                await ws._bench_http.close()  # type: ignore[attr-defined]
                return result

            waiting = asyncio.run(table())
            print(f"table waiting for a human, {args.seconds:g} s, % of one core: {waiting}")
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
