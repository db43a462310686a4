"""Rat-a-Tat Cat: what the strong bot's search would make of knowing more — an upper bound, not a bot.

Run from the project root, e.g.:
    nice -n 19 .venv/bin/python bench/rat_oracle.py --games 300 --seed 9 --jobs 2 --modes opp-known,opp,all
    .venv/bin/python bench/rat_oracle.py --quick          # a few seconds: does it still run?

An experiment only, here in bench/: the product's strong bot never sees a card its seat has not
seen (tests/test_rat_strong_bot.py proves it). Here the very same bot (its belief, its search, its
budget) plays 2-seat games against the heuristic, but each sample it plays its candidates out in
is told some hidden cards of the true game; the draw pile's order stays unknown (shuffled in every
sample as before). The modes:
  none       nothing more (the bot as it is: the yardstick of the others);
  opp-known  the other seat's cards that seat knows itself (what perfect reading of its play could
             at best find out);
  opp        every card of the other seat's line;
  all        every face-down card of both lines (its own unknown cards too).
So the gap between none and opp-known bounds what a better reading of the other seat can still
win; the gap between opp-known and all is what nobody can know. Games are bench/rat_choices.py's
(the platform's game loop, seats alternating game by game); prints per mode its win share (a
shared win counts 1/2) with a 95 % Wilson interval and both seats' mean final totals.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import rat_choices  # noqa: E402  (its game loop: the true State beside the bots)
from game.bots.rat_a_tat_cat.strong import StrongBot  # noqa: E402
from rat_engine import wilson  # noqa: E402

MODES = ("none", "opp-known", "opp", "all")


class Told(StrongBot):
    """The strong bot, its samples told the true cards of `mode` (`truth`: the game's State, set before each move)."""

    def __init__(self, *args: Any, mode: str = "none", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.mode = mode
        self.truth: Any = None

    def _told(self, seat: int, i: int) -> bool:
        b = self.belief
        assert b is not None
        if self.mode == "all":
            return True
        if seat == b.seat:
            return False
        return self.mode == "opp" or (self.mode == "opp-known" and b.knows[seat][i])

    def sample(self, view: Any, hidden: Sequence[Any], rng: Any) -> Any:
        state, knows = super().sample(view, hidden, rng)
        if self.mode == "none":
            return state, knows
        b = self.belief
        assert b is not None
        pool = Counter(str(c) for c in hidden)  # the hidden cards, less those now placed
        for s, line in enumerate(state.lines):
            for i in range(len(line)):
                if b.lines[s][i] is None:
                    if self._told(s, i):
                        line[i] = self.truth.lines[s][i]
                    pool[str(line[i])] -= 1
        pile = []
        for card in hidden:
            if pool[str(card)] > 0:
                pool[str(card)] -= 1
                pile.append(card)
        rng.shuffle(pile)
        state.pile = pile
        return state, knows


def play(job: tuple[int, int, str, Any]) -> tuple[float, int, int]:
    """Play game `index` of `seed` with the bot told `mode`: (its win share, its total, the other's)."""
    seed, index, mode, budget = job
    real = rat_choices.StrongBot
    rat_choices.StrongBot = lambda rng, b: Told(rng, b, mode=mode)  # type: ignore[assignment,misc]
    try:
        game = rat_choices.Game(seed, index, strong_seat=index % 2, budget=budget)
    finally:
        rat_choices.StrongBot = real  # type: ignore[misc]
    bot = game.bots[game.me].bot
    while not game.over():
        bot.truth = game.state
        game.step()
    state = game.state
    return (game.me in state.winners) / len(state.winners), state.totals[game.me], state.totals[1 - game.me]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per mode")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--modes", default="none,opp-known,opp,all", help=f"comma-separated, of {', '.join(MODES)}")
    parser.add_argument("--quick", action="store_true", help="two games a mode with a tiny search")
    args = parser.parse_args(argv)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if any(m not in MODES for m in modes):
        parser.error(f"--modes: each of {', '.join(MODES)}")
    games = 2 if args.quick else args.games
    budget = rat_choices.QUICK if args.quick else None
    print(f"strong (told more) vs heuristic, 2 seats, {games} game(s) a mode, seed {args.seed}")
    print(f"{'mode':<11}{'games':>6}  {'win %':>6}  {'95% CI':<13}  mean totals")
    for mode in modes:
        jobs = [(args.seed, i, mode, budget) for i in range(games)]
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                results = pool.map(play, jobs, chunksize=1)
        else:
            results = [play(job) for job in jobs]
        share = sum(r[0] for r in results)
        low, high = wilson(share, games)
        mine = sum(r[1] for r in results) / games
        theirs = sum(r[2] for r in results) / games
        print(f"{mode:<11}{games:>6}  {100 * share / games:5.1f}%  {100 * low:4.1f}-{100 * high:4.1f}%    "
              f"{mine:.1f} vs {theirs:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
