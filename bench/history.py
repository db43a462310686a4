"""What the household's history costs: the one-time import, keeping a game at its end, the lobby's history.

1. The first start after the upgrade imports the records folder: `--records` files (half Cat in
   the Sack with 4 bots, half Rat-a-Tat Cat with 3 bots, 3 rounds), each refereed as `replay`
   does, into a new save (`open_store`, wall time).
2. The save of a game's end, which keeps the game in the same transaction, beside an ordinary
   save of a move (`Store.save`, medians over `--games` finished games).
3. Working out the lobby's `history` from `--kept` kept games (`game.history.summary`): done
   when the table opens and when a game is kept, never per update.

    .venv/bin/python bench/history.py             # ~1 min
    .venv/bin/python bench/history.py --quick     # seconds: checks that it runs
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import protocol as P  # noqa: E402
from game.bots import make_bot  # noqa: E402
from game.history import summary  # noqa: E402
from game.protocol import Stage  # noqa: E402
from game.records import write_record  # noqa: E402
from game.session import Session  # noqa: E402
from game.simulate import play_game  # noqa: E402
from game.store import open_store  # noqa: E402

GAMES = (("cat-in-the-sack", 4), ("rat-a-tat-cat", 3))


def bench_import(folder: Path, n: int) -> None:
    records = folder / "records"
    records.mkdir(parents=True)
    for i in range(n):
        game, players = GAMES[i % 2]
        played = play_game(game, ["heuristic"] * players, seed=1, game_index=i + 1)
        write_record(records / f"20261201-{i // 60:04d}{i % 60:02d}-{game}-{i:06x}.json", played.record)
    size = sum(p.stat().st_size for p in records.iterdir()) / 1024
    start = time.perf_counter()
    opened = open_store(folder)
    took = time.perf_counter() - start
    kept = len(opened.store.kept)
    opened.store.close()
    print(f"import of {n} records ({size:.0f} KiB) at the first start: {took:.2f} s "
          f"({1000 * took / max(1, n):.1f} ms per record, refereed), {kept} kept")


def bench_keep(folder: Path, games: int) -> None:
    opened = open_store(folder)
    store = opened.store
    ends, moves = [], []
    s = Session("BENCH1", random.Random(1), game="cat-in-the-sack")
    for _ in range(4):
        s.host_command(P.parse_host({"cmd": "add_bot"}))
    for g in range(games):
        s.host_command(P.parse_host({"cmd": "start" if g == 0 else "play_again"}))
        bots = [make_bot(s.game_id, "heuristic", random.Random(g * 10 + i)) for i in range(4)]
        while s.stage is Stage.PLAYING:
            seat = min(s.rules.to_act(s.state))
            s.submit(seat, s.version, bots[seat].act(s.seat_view(seat)))
            start = time.perf_counter()
            kept = store.save(s, 8765)
            (ends if kept else moves).append(time.perf_counter() - start)
    store.close()
    print(f"save of a game's end, keeping it: p50 {1000 * statistics.median(ends):.2f} ms over {len(ends)} games "
          f"(a move's save: p50 {1000 * statistics.median(moves):.3f} ms)")


def bench_summary(folder: Path, kept: int) -> None:
    opened = open_store(folder)
    games = list(opened.store.kept)
    opened.store.close()
    many = [games[i % len(games)] for i in range(kept)]
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        summary(many)
        runs.append(time.perf_counter() - start)
    print(f"the lobby's history of {kept} kept games worked out: {1000 * statistics.median(runs):.1f} ms")


def main() -> int:
    """Run the three measurements; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--kept", type=int, default=2000)
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks that it runs")
    args = parser.parse_args()
    if args.quick:
        args.records, args.games, args.kept = 6, 2, 100
    with tempfile.TemporaryDirectory() as tmp:
        bench_import(Path(tmp) / "import", args.records)
        bench_keep(Path(tmp) / "keep", args.games)
        bench_summary(Path(tmp) / "import", args.kept)
    return 0


if __name__ == "__main__":
    sys.exit(main())
