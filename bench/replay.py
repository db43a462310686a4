"""The TV's table, the same games every run: a bot game's public updates replayed on a simulated clock.

`bench/render.py` times the TV watching a live bot game: each run is another game, so two codes'
p99 differ by the game as much as by the code. Here the public updates a real session sends for
whole bot games (tests/tv_fixtures.py `session_updates`: one game per seed) are fed to the TV one at
a time, each followed by frames on a simulated 60 fps clock till its animations rest, and every
frame that moves (an animation runs, an update came) is timed in this thread's CPU: the same
frames for every code, so `--vs DIR` (another checkout, run in turn in a process of its own) is a
like-for-like comparison.

    .venv/bin/python bench/replay.py                          # Rat-a-Tat Cat, 4 seats, seeds 3-5
    .venv/bin/python bench/replay.py --game cat-in-the-sack --players 5 --seeds 1,2
    .venv/bin/python bench/replay.py --vs /tmp/base --rounds 2  # alternating with older code
    .venv/bin/python bench/replay.py --quick                    # 2 seats, 40 updates: does it still run
"""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60


def replay(game: str, players: int, seeds: list[int], limit: int | None = None) -> list[float]:
    """Return the CPU milliseconds of every frame that moves while the TV shows the seeds' games."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.tv.app import Display, TvApp
    from tests.tv_fixtures import FakeServer, session_updates

    pygame.display.init()
    pygame.font.init()
    display = Display(windowed=True, size=(1920, 1080))
    costs: list[float] = []
    for seed in seeds:
        updates = session_updates(game, players, seed)[:limit]
        server = FakeServer()
        app = TvApp(server, mute=True)
        while app.warming:
            app.tick(FRAME)
        app.draw(display.canvas)
        gc.collect()
        gc.freeze()
        for update in updates:
            server.updates.put(update)
            for frame in range(600):
                start = time.thread_time()
                app.tick(FRAME)
                moving = app.animating or app.changed
                app.draw(display.canvas)
                display.flip()
                cost = (time.thread_time() - start) * 1000
                app.changed = False
                if moving or frame == 0:
                    costs.append(cost)
                if not app.animating and frame > 30:
                    break
    return costs


def summary(costs: list[float]) -> str:
    costs = sorted(costs)
    n = len(costs)
    return (f"frames that move {n}: CPU p50 {costs[n // 2]:.2f} ms  p99 {costs[int(n * 0.99)]:.2f} ms  "
            f"max {costs[-1]:.2f} ms  (goal p99 <= 5 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="rat-a-tat-cat")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seeds", default="3,4,5", help="one whole bot game per seed")
    parser.add_argument("--vs", metavar="DIR", help="also another checkout's code, alternating")
    parser.add_argument("--rounds", type=int, default=1, help="with --vs: runs of each")
    parser.add_argument("--quick", action="store_true", help="2 seats, the first 40 updates of one game")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)  # one run, this checkout's code
    args = parser.parse_args()
    if args.quick:
        args.players, args.seeds = 2, "1"
    seeds = [int(s) for s in args.seeds.split(",")]
    if args.child or not args.vs:
        sys.path.insert(0, os.environ.get("REPLAY_ROOT") or str(ROOT))  # --vs: another checkout's game
        costs = replay(args.game, args.players, seeds, 40 if args.quick else None)
        print(f"{args.game}, {args.players} seats, seeds {seeds}: {summary(costs)}")
        return
    for k in range(args.rounds):
        for root in (ROOT, Path(args.vs).resolve()):
            out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", "--game", args.game,
                                  "--players", str(args.players), "--seeds", args.seeds],
                                 cwd=root, env={**os.environ, "REPLAY_ROOT": str(root)},
                                 capture_output=True, text=True, check=True)
            print(f"round {k + 1}, {root}: {out.stdout.strip()}")


if __name__ == "__main__":
    main()
