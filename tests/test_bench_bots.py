"""bench/bots.py spread over processes and pieces plays the very games of one plain run.

A ±2-point run of a searching bot takes hours of CPU, so it is played with `--jobs` and in
pieces (`--first-deal`, `--save`, `--combine`); the figures must not depend on how it was spread.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import bots  # noqa: E402  bench/bots.py

LINEUP = ["heuristic", "random", "random"]


def figures(totals: dict[str, bots.KindTotals]) -> dict[str, tuple[float, float, int]]:
    """Per kind: its wins, its totals' sum and how many moves it made (not their timings)."""
    return {kind: (round(t.wins, 9), t.total_sum, len(t.times)) for kind, t in totals.items()}


def test_worker_processes_play_the_same_games_as_one_process() -> None:
    one = bots.run("rat-a-tat-cat", LINEUP, 4, seed=5)
    two = bots.run("rat-a-tat-cat", LINEUP, 4, seed=5, jobs=2)
    assert figures(one[0]) == figures(two[0])
    assert one[1:] == two[1:] and one[1] == 12


def test_pieces_saved_and_combined_are_the_whole_run(tmp_path: Path) -> None:
    whole = bots.run("cat-in-the-sack", LINEUP, 3, seed=6)
    for name, first, deals in [("a.json", 1, 2), ("b.json", 3, 1)]:
        assert bots.main(["--game", "cat-in-the-sack", "--seats", "3", "--lineup", "heuristic,random",
                          "--seed", "6", "--games", str(3 * deals), "--first-deal", str(first),
                          "--save", str(tmp_path / name)]) == 0
    summary, totals = bots.combine([tmp_path / "a.json", tmp_path / "b.json"])
    assert figures(totals) == figures(whole[0])
    assert (summary["games"], summary["shared"], summary["deals"]) == (whole[1], whole[2], 3)


def test_combine_refuses_a_deal_counted_twice_or_another_run(tmp_path: Path) -> None:
    common = ["--seats", "3", "--lineup", "heuristic,random", "--games", "3"]
    bots.main([*common, "--seed", "7", "--save", str(tmp_path / "a.json")])
    bots.main([*common, "--seed", "7", "--save", str(tmp_path / "again.json")])
    bots.main([*common, "--seed", "8", "--first-deal", "2", "--save", str(tmp_path / "other.json")])
    with pytest.raises(ValueError, match="again"):
        bots.combine([tmp_path / "a.json", tmp_path / "again.json"])
    with pytest.raises(ValueError, match="seed"):
        bots.combine([tmp_path / "a.json", tmp_path / "other.json"])
    assert bots.main(["--combine", str(tmp_path / "a.json"), str(tmp_path / "again.json")]) == 1
