"""The TV's how-to: what building it and each of its frames cost, per game.

Runs the real TV app (SDL dummy video at 1920x1080, no sound) on a lobby from a real session, plays
each game's how-to from its first step to its end on a simulated 60 fps clock, and times `build`
(the seeded demo game replayed into steps) and every frame's work (tick + draw of the screen's
1920x1080 canvas + flip). Prints p50/p99/max of all the frames, then of the frames that move: those
the lazy loop (game.tv.app.LazyLoop) draws because something moved or changed (an animation runs
or has just ended, a move or a step came), in this thread's CPU time: the frames a slow box must
draw in time (the others the lazy loop does not draw at all). And the share of one core the
how-to would take at 60 fps (frame work over the frames' wall time).

`--quota` then plays each how-to in real time, as the TV does (the real lazy loop and its 60 fps
clock, in a process of its own), on an emulated small box (a cgroup v1 CPU quota, 3.3 ms per
10 ms: bench/launch.py, bench/README.md) alternating with no quota, and says the frame rate while
something moves and the share of those frames that came late (over 1.25 frames after the one
before). `--vs DIR` plays DIR's code (another checkout) the same way, alternating.

    .venv/bin/python bench/howto.py            # every game that has a how-to
    .venv/bin/python bench/howto.py --quota --vs /tmp/base   # real time, small box, against older code
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
BENCH = Path(__file__).resolve().parent
sys.path.insert(0, os.environ.get("HOWTO_BENCH_ROOT") or str(BENCH.parent))  # --vs: another checkout's game

import pygame  # noqa: E402

from game import protocol as P  # noqa: E402
from game.engine import GAMES  # noqa: E402
from game.howto import build, has_how_to  # noqa: E402
from game.session import PUBLIC, Session  # noqa: E402
from game.tv import layout  # noqa: E402
from game.tv.app import Display, TvApp  # noqa: E402

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


def measure(game: str, seconds: float | None, display: Display) -> None:
    builds = []
    for _ in range(5):
        start = time.perf_counter()
        build(game)
        builds.append((time.perf_counter() - start) * 1000)
    app = TvApp(LobbyOnly(lobby_update(game)), mute=True)
    canvas = display.canvas
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
    moving: list[float] = []  # the CPU time of the frames the lazy loop draws (something moved or changed)
    moving_wall: list[float] = []
    clock = 0.0
    was_moving, key = True, None
    app.changed = False
    while lobby.playing_howto and (seconds is None or clock < seconds):
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.tick(FRAME)
        app.draw(canvas)
        display.flip()
        frames.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        # the lazy loop's rule (LazyLoop.step): it draws while something moves, once after, and when the key changed
        now_moving, now_key = app.animating, app.frame_key()
        if now_moving or was_moving or now_key != key or app.changed:
            moving.append(cpu[-1])
            moving_wall.append(frames[-1])
        was_moving, key, app.changed = now_moving, now_key, False
        clock += FRAME
    print(f"{game}: {steps} steps, {clock:.1f} s, {len(frames)} frames; machine load {os.getloadavg()[0]:.1f}")
    print(f"  build (the demo game replayed into steps): median {statistics.median(builds):.1f} ms, "
          f"max {max(builds):.1f} ms")
    for what, values in (("frame work (tick + draw + flip, 1920x1080)", frames), ("  same frames, this thread's CPU", cpu)):
        print(f"  {what}: p50 {statistics.median(values):.2f} ms  p99 {pct(values, 0.99):.2f} ms  "
              f"max {max(values):.2f} ms  (goal p99 <= 8 ms)")
    print(f"  frames that move ({len(moving)}, those the lazy loop draws), this thread's CPU: "
          f"p50 {statistics.median(moving):.2f} ms  p99 {pct(moving, 0.99):.2f} ms  max {max(moving):.2f} ms  "
          f"(goal p99 <= 5 ms); their wall time p99 {pct(moving_wall, 0.99):.2f} ms")
    print(f"  at 60 fps: {100 * sum(cpu) / 1000 / max(clock, FRAME):.1f} % of one core while it plays "
          f"(at most: the lazy loop draws only while its pictures move)")


LATE = 1.25 * FRAME  # a frame that moves and comes later than this after the one before is late


def realtime(game: str, seconds: float | None) -> None:
    """Play `game`'s how-to in real time with the TV's lazy loop; print one `realtime` line of what it drew."""
    from game.tv.app import LazyLoop

    pygame.display.init()
    pygame.font.init()
    display = Display(windowed=True, size=layout.CANVAS)
    app = TvApp(LobbyOnly(lobby_update(game)), mute=True)
    loop = LazyLoop(app, display)
    while app.warming or loop.steps < 3:
        loop.step()
        loop.pause()
    lobby = app.lobby
    lobby.howto = None
    assert lobby.play_howto(quiet=True), f"{game} has no how-to"
    shown: list[tuple[float, bool]] = []  # (when, whether the picture moved then) of every frame shown
    flip = display.flip

    def flip_and_note() -> None:
        flip()
        shown.append((time.perf_counter(), app.animating))

    display.flip = flip_and_note  # type: ignore[method-assign]
    start = time.perf_counter()
    cpu0 = time.process_time()
    while lobby.playing_howto and (seconds is None or time.perf_counter() - start < seconds):
        loop.step()
        loop.pause()
    cpu = time.process_time() - cpu0
    gaps = [b[0] - a[0] for a, b in zip(shown, shown[1:]) if a[1]]  # from a frame that moved to the next
    late = sum(1 for g in gaps if g > LATE)
    fps = len(gaps) / sum(gaps) if gaps else 0.0
    print(f"realtime {game}: {len(gaps)} frames while it moved, {fps:.1f} fps, {late} late "
          f"({100 * late / max(1, len(gaps)):.0f} %), over {time.perf_counter() - start:.1f} s "
          f"(CPU {100 * cpu / max(1e-9, time.perf_counter() - start):.0f} % of a core)", flush=True)


def quota_runs(games: list[str], seconds: float | None, vs: str | None, rounds: int) -> None:
    """Play each how-to in real time in a child process, with the small box's CPU quota and without,
    alternating (and DIR's code too with `vs`); print each run and the medians."""
    import re
    import subprocess

    sys.path.insert(0, str(BENCH))
    from launch import PERIOD_US, QUOTA_US, Quota

    why_not = Quota.available()
    if why_not is not None:
        print(f"the quota runs were skipped: {why_not}")
    kinds = ([f"quota {QUOTA_US / 1000:g} ms per {PERIOD_US / 1000:g} ms"] if why_not is None else []) + ["no quota"]
    roots = [("this checkout", None)] + ([(vs, str(Path(vs).resolve()))] if vs else [])
    found: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    for _ in range(rounds):
        for game in games:
            for kind in kinds:
                for name, root in roots:
                    quota = Quota(QUOTA_US, PERIOD_US) if kind != "no quota" else None
                    group = quota.new_group() if quota is not None else None

                    def enter(group: Path | None = group) -> None:
                        if group is not None:
                            (group / "cgroup.procs").write_text(str(os.getpid()))

                    env = {**os.environ, **({"HOWTO_BENCH_ROOT": root} if root else {})}
                    cmd = [sys.executable, str(BENCH / "howto.py"), "--realtime", game]
                    if seconds is not None:
                        cmd += ["--seconds", str(seconds)]
                    try:
                        out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300,
                                             preexec_fn=enter if group is not None else None).stdout
                    finally:
                        if quota is not None:
                            quota.close()
                    line = next((ln for ln in out.splitlines() if ln.startswith("realtime ")), "")
                    m = re.search(r"([\d.]+) fps, (\d+) late \((\d+) %\)", line)
                    print(f"  {name}, {kind}: {line or 'no result'}", flush=True)
                    if m:
                        found.setdefault((game, kind, name), []).append((float(m.group(1)), float(m.group(3))))
    for (game, kind, name), values in found.items():
        print(f"{game} in real time, {name}, {kind}: median {statistics.median(v[0] for v in values):.1f} fps "
              f"while it moves, {statistics.median(v[1] for v in values):.0f} % of those frames late "
              f"({len(values)} runs; machine load {os.getloadavg()[0]:.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="two seconds of each how-to: does it still run")
    parser.add_argument("--quota", action="store_true",
                        help="then play each how-to in real time with the small box's CPU quota and without")
    parser.add_argument("--vs", metavar="DIR", help="with --quota: also another checkout's code, alternating")
    parser.add_argument("--rounds", type=int, default=1, help="with --quota: runs of each kind")
    parser.add_argument("--realtime", metavar="GAME", help=argparse.SUPPRESS)  # one real-time run (a child's)
    parser.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.realtime:
        realtime(args.realtime, args.seconds)
        return 0
    pygame.display.init()
    pygame.font.init()
    display = Display(windowed=True, size=layout.CANVAS)  # the TV's screen: pictures in its pixel format
    games = [g for g, r in GAMES.items() if r.on_table and has_how_to(g)]
    for game in games:
        measure(game, 2.0 if args.quick else None, display)
    if args.quota:
        quota_runs(games, 2.0 if args.quick else None, args.vs, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
