"""The TV's how-to: what building it and each of its frames cost, per game.

Runs the real TV app (SDL dummy video, no sound) on a lobby from a real session, plays each game's
how-to from its first step to its end on a simulated 60 fps clock, and times `build` (the seeded
demo game replayed into steps) and every frame's work (tick + draw of the 1920x1080 canvas, as the
lazy loop would draw it while the how-to moves). Prints p50/p99/max, and the share of one core the
how-to would take at 60 fps (frame work over the frames' wall time).

    .venv/bin/python bench/howto.py            # every game that has a how-to
    .venv/bin/python bench/howto.py --quick    # a few seconds of each: does it still run
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import protocol as P  # noqa: E402
from game.engine import GAMES  # noqa: E402
from game.howto import build, has_how_to  # noqa: E402
from game.session import PUBLIC, Session  # noqa: E402
from game.tv import layout  # noqa: E402
from game.tv.app import TvApp  # noqa: E402

FRAME = 1 / 60


class LobbyOnly:
    """What the TV app reads of its server: one lobby update, no errors, host commands ignored."""

    join_url = "http://192.168.1.23:8765/?k=K7MQ2X"
    join_code = "K7MQ2X"
    lan_warning: str | None = None
    port_note: str | None = None

    def __init__(self, update: dict[str, Any]) -> None:
        self.updates: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.errors: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.updates.put(update)

    def host_command(self, cmd: dict[str, Any]) -> None:
        pass


def lobby_update(game: str) -> dict[str, Any]:
    """Return a real session's public lobby update with four people and `game` chosen."""
    s = Session("K7MQ2X", random.Random(1))
    for conn, name in enumerate(("Ana", "Béla", "Chloé", "Dániel")):
        s.handle(conn, P.Join(name))
    outs = s.host_command(P.Host(P.HostCmd.SET_GAME, game=game), by=s.seats[0], conn=0)
    return next(o.message for o in reversed(outs) if o.to == PUBLIC)


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def measure(game: str, seconds: float | None) -> None:
    builds = []
    for _ in range(5):
        start = time.perf_counter()
        build(game)
        builds.append((time.perf_counter() - start) * 1000)
    app = TvApp(LobbyOnly(lobby_update(game)), mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    app.tick(0.05)
    while app.warming:
        app.tick(0.0)
    app.draw(canvas)
    lobby = app.lobby
    lobby.howto = None
    assert lobby.play_howto(quiet=True), f"{game} has no how-to"
    steps = len(lobby.howto.steps) if lobby.howto else 0
    frames: list[float] = []
    cpu: list[float] = []  # the same frames in this thread's CPU time (what other processes steal left out)
    clock = 0.0
    while lobby.playing_howto and (seconds is None or clock < seconds):
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.tick(FRAME)
        app.draw(canvas)
        frames.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        clock += FRAME
    print(f"{game}: {steps} steps, {clock:.1f} s, {len(frames)} frames; machine load {os.getloadavg()[0]:.1f}")
    print(f"  build (the demo game replayed into steps): median {statistics.median(builds):.1f} ms, "
          f"max {max(builds):.1f} ms")
    for what, values in (("frame work (tick + draw, 1920x1080)", frames), ("  same frames, this thread's CPU", cpu)):
        print(f"  {what}: p50 {statistics.median(values):.2f} ms  p99 {pct(values, 0.99):.2f} ms  "
              f"max {max(values):.2f} ms  (goal p99 <= 8 ms)")
    print(f"  at 60 fps: {100 * sum(cpu) / 1000 / max(clock, FRAME):.1f} % of one core while it plays "
          f"(at most: the lazy loop draws only while its pictures move)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="two seconds of each how-to: does it still run")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    for game in (g for g, r in GAMES.items() if r.on_table and has_how_to(g)):
        measure(game, 2.0 if args.quick else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
