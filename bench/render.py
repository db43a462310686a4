"""Benchmark of the TV: frame time during animated bot games at 1920x1080, and launch to first lobby frame.

Run from the project root:  .venv/bin/python bench/render.py [--game ID] [--seconds S] [--bot-delay D] [--bots LEVEL] [--quick]
Headless by default (SDL dummy drivers; set SDL_VIDEODRIVER yourself for a real screen). For each
game on the table (or `--game`), a demo game of 4 bots for `--seconds`: prints the per-frame work
(pump updates + scene update + draw + flip, without the 60 fps sleep) as p50/p99/max, the same
frames in the TV thread's CPU time, and apart the frames that move (those the lazy loop draws:
an animation runs or has just ended, an update came; the score screen's confetti too) in CPU
time. Then the wall time from `python main.py` to the first frame on screen (bench/launch.py
times launches in more ways, on an emulated small box too).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.server.process import ServerProcess  # noqa: E402
from game.tv.app import Display, TvApp  # noqa: E402


MIN_FRAMES = 20  # measured frames (after the warm-up) that every run has, however short or slow
MIN_MOVING = 10  # of which frames that move (unless the run has gone on a minute longer than asked)


def frame_times(seconds: float, bot_delay: float, level: str = "normal",
                game: str | None = None) -> tuple[list[float], list[float], list[float], list[tuple[float, float]],
                                                  list[float], int, int]:
    """Run a 4-bot demo game of `game` on the TV for `seconds`; return wall, CPU, moving frames' CPU, the
    (wall, CPU) of the frames while a moment plays (the table holding for a game's moment) and warm-up
    frame times (ms), updates, games.

    Warm-up frames are those while card art and sounds are still being made (one picture or sound
    per frame, normally while the lobby waits for phones); the demo starts its game at once, so
    they are reported apart. The run goes on past `seconds` until MIN_FRAMES frames after the
    warm-up are measured (a short run on a busy machine may spend all its time warming up).
    """
    with tempfile.TemporaryDirectory() as data:
        # the arrangement of `main.py play`: the server in a process of its own, the TV watching it
        server = ServerProcess(port=0, data_dir=Path(data), bot_delay=bot_delay)
        server.start()
        try:
            pygame.display.init()
            pygame.font.init()
            display = Display(windowed=True, size=(1920, 1080))
            app = TvApp(server, demo=True, keep_log=True, demo_level=level)
            if game is not None:
                server.host_command({"cmd": "set_game", "game": game})  # before the demo's bots sit down
            app.enable_sound()
            clock = pygame.time.Clock()
            times: list[float] = []
            cpu: list[float] = []
            warm: list[float] = []
            moving: list[float] = []  # the CPU time of the frames the lazy loop draws (something moved or changed)
            moments: list[tuple[float, float]] = []  # (wall, CPU) of the frames while the table's moment plays
            was_moving, key = True, None
            games = 0
            last_stage = ""
            end = time.perf_counter() + seconds
            last = time.perf_counter()
            while (time.perf_counter() < end or len(times) < MIN_FRAMES
                   or (len(moving) < MIN_MOVING and time.perf_counter() < end + 60)):
                t0, c0 = time.perf_counter(), time.thread_time()
                for event in pygame.event.get():
                    app.handle_event(event)
                app.tick(min(0.1, t0 - last))
                last = t0
                app.draw(display.canvas)
                display.flip()
                now_moving, now_key = app.animating, app.frame_key()
                if app.warming:
                    warm.append((time.perf_counter() - t0) * 1000)
                else:
                    times.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.thread_time() - c0) * 1000)
                    # the lazy loop's rule (LazyLoop.step): while something moves, once after, an update, a new key
                    if now_moving or was_moving or now_key != key or app.changed:
                        moving.append(cpu[-1])
                    if getattr(app.scene, "in_moment", False):
                        moments.append((times[-1], cpu[-1]))
                was_moving, key, app.changed = now_moving, now_key, False
                if app.model.stage == "over" and last_stage != "over":
                    games += 1
                last_stage = app.model.stage
                clock.tick(60)
            if game is not None and str(app.model.table.get("game") or "") != game:
                raise RuntimeError(f"the table did not play {game}")
            return times, cpu, moving, moments, warm, len(app.model.consumed), games
        finally:
            server.stop()
            pygame.quit()


def launch_to_first_frame() -> float:
    """Return seconds from starting `python main.py --windowed` to its first frame on screen."""
    with tempfile.TemporaryDirectory() as data:
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "main.py", "--windowed", "--port", "0", "--data", data, "--mute"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stderr is not None
            for line in proc.stderr:
                if "first frame on screen" in line:
                    return time.perf_counter() - t0
            raise RuntimeError("main.py exited before its first frame")
        finally:
            proc.terminate()
            proc.wait(10)


def pct(values: list[float], q: int) -> float:
    """Return the q-th percentile (never beyond the max, unlike "exclusive"; the value itself for one)."""
    if not values:
        return math.nan
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def table_games() -> list[str]:
    """Return the ids of the games the table offers (those with a TV package)."""
    from game.engine import GAMES
    from game.tv.games import screens_for

    return [g for g, rules in GAMES.items() if rules.on_table and screens_for(g) is not None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=None, help="only this game (default: every game on the table, one after the other)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of frames per game")
    parser.add_argument("--bot-delay", type=float, default=0.4)
    parser.add_argument("--launches", type=int, default=3, help="launches of main.py timed to its first frame")
    parser.add_argument("--bots", default="normal", metavar="LEVEL",
                        help="the demo's bots' level (hard: they think in the server's worker process meanwhile)")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds in all (2 s of frames a game, one launch, overriding the other options): "
                             "does it still run?")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.bot_delay, args.launches = 2.0, 0.05, 1
    for game in [args.game] if args.game else table_games():
        times, cpu, moving, moments, warm, updates, games = frame_times(args.seconds, args.bot_delay, args.bots, game)
        print(f"{game}: frames {len(times)} (+{len(warm)} warm-up, max {max(warm, default=0):.1f} ms)  "
              f"updates {updates}  games finished {games}  ({args.bots} bots, bot delay {args.bot_delay} s)")
        print(f"  frame work at 1920x1080: p50 {pct(times, 50):.2f} ms  p99 {pct(times, 99):.2f} ms  "
              f"max {max(times):.2f} ms  (goal p99 <= 8 ms)")
        print(f"  same frames, CPU time of the TV thread only (ignores other processes stealing the cores): "
              f"p50 {pct(cpu, 50):.2f} ms  p99 {pct(cpu, 99):.2f} ms  max {max(cpu):.2f} ms")
        print(f"  frames that move ({len(moving)}, those the lazy loop draws), CPU time: p50 {pct(moving, 50):.2f} ms  "
              f"p99 {pct(moving, 99):.2f} ms  max {max(moving, default=math.nan):.2f} ms  (goal p99 <= 5 ms)")
        walls, cpus = [m[0] for m in moments], [m[1] for m in moments]
        print(f"  frames while a moment plays ({len(moments)}): p99 {pct(walls, 99):.2f} ms (goal <= 8 ms), "
              f"CPU p99 {pct(cpus, 99):.2f} ms")
        print(f"  machine load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    launches = [launch_to_first_frame() for _ in range(args.launches)]
    print(f"launch to first lobby frame: best {min(launches):.2f} s  worst {max(launches):.2f} s  (goal <= 2 s)")


if __name__ == "__main__":
    main()
