"""Rat-a-Tat Cat: the heuristic's rules with other numbers (`Tuning`) against the default heuristic.

Run from the project root, e.g.:
    .venv/bin/python bench/rat_tuning.py --games 2000 --seed 303
    .venv/bin/python bench/rat_tuning.py --quick          # a few seconds: does it still run?

The strong bot's own seat plays its playouts by the heuristic's rules with the numbers
`OWN` (game/bots/rat_a_tat_cat/strong.py): a better player than the default heuristic values
the moves it searches better. This prints how often a heuristic with those numbers wins 2-seat
games against the default heuristic (every deal played from both seats, a shared win counting
1/2, a 95 % Wilson interval), then the same for each of OWN's changes alone, so that what each
number is worth shows. The games are the platform's own (`game.simulate.play_game`); only the
tuned seat's bot is swapped for a `HeuristicBot` with the other numbers.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.rat_a_tat_cat import HeuristicBot, Tuning  # noqa: E402
from game.bots.rat_a_tat_cat.strong import OWN  # noqa: E402
from game.simulate import derive_seed, play_game  # noqa: E402
from rat_engine import wilson  # noqa: E402  bench/rat_engine.py: the same interval everywhere

GAME = "rat-a-tat-cat"
QUICK_DEALS = 4  # --quick: a few deals, every line printed


def win_share(tuning: Tuning, deals: int, seed: int) -> float:
    """Return the share of wins of a heuristic with `tuning` against the default heuristic, 2 seats."""
    wins = 0.0
    for deal in range(1, deals + 1):
        for tuned in (0, 1):
            def swap_in(seat: int, bot: object, tuned: int = tuned, deal: int = deal) -> object:
                if seat != tuned:
                    return bot
                return HeuristicBot(random.Random(derive_seed(seed, deal, f"bot/{seat}")), tuning)
            outcome = play_game(GAME, ["heuristic", "heuristic"], seed, deal, wrap=swap_in).outcome
            if tuned in outcome.winners:
                wins += 1 / len(outcome.winners)
    return wins / (2 * deals)


def changes(tuning: Tuning) -> dict[str, object]:
    """Return the numbers of `tuning` that differ from the default ones."""
    default = Tuning()
    return {f.name: getattr(tuning, f.name) for f in dataclasses.fields(Tuning)
            if getattr(tuning, f.name) != getattr(default, f.name)}


def line(label: str, share: float, games: int) -> str:
    low, high = wilson(share * games, games)
    return f"{label:<44}{100 * share:6.1f}%  ({100 * low:.1f}-{100 * high:.1f}%)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games, rounded up to whole deals (2 games a deal)")
    parser.add_argument("--seed", type=int, default=303)
    parser.add_argument("--quick", action="store_true", help="a few deals: does it still run?")
    args = parser.parse_args(argv)
    deals = QUICK_DEALS if args.quick else max(1, -(-args.games // 2))
    games = 2 * deals
    own = changes(OWN)
    print(f"{games} games (2 seats, {deals} deals from both seats), seed {args.seed}: "
          f"a heuristic with other numbers against the default heuristic, its win %")
    print(line("OWN (" + ", ".join(f"{k} {v}" for k, v in own.items()) + ")", win_share(OWN, deals, args.seed), games))
    for name, value in own.items():
        print(line(f"  {name} {value} alone", win_share(Tuning(**{name: value}), deals, args.seed), games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
