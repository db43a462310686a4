"""Benchmark of the game engines and bots: playout speed and heuristic win rates, per game.

Run from the project root:  .venv/bin/python bench/engine.py [--games N] [--seconds S] [--game G] [--quick]
Prints random-playout games/s and actions/s per player count (one core), then how often the
heuristic bot wins against random bots and against other heuristics (seat rotated every game):
Cat in the Sack here, Rat-a-Tat Cat from bench/rat_engine.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import Bot, make_bot  # noqa: E402
from game.engine import cat_in_the_sack as sack  # noqa: E402
from game.engine.cat_in_the_sack.views import view_for  # noqa: E402

GAME = sack.GAME_ID
QUICK_GAMES, QUICK_SECONDS = 8, 0.05  # --quick: every line printed, from next to nothing


def play_game(players: int, bots: Sequence[Bot], rng: random.Random) -> tuple[sack.State, int]:
    """Play one game with one bot per seat; return the final state and the number of actions."""
    state = sack.new_game(players, rng)
    actions = 0
    while state.phase is not sack.Phase.OVER:
        seat = min(sack.to_act(state))
        sack.apply(state, seat, bots[seat].act(view_for(state, seat)))
        actions += 1
    return state, actions


def playout_speed(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Return (games, actions, elapsed seconds) of random playouts run for about `seconds`."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        bots = [make_bot(GAME, "random", random.Random(rng.random())) for _ in range(players)]
        _, n = play_game(players, bots, rng)
        games += 1
        actions += n
    return games, actions, time.perf_counter() - start


def win_rate(players: int, games: int, seed: int, rivals: str = "random") -> tuple[float, float, float]:
    """Return the heuristic's (win share, mean score, mean rival score) in one seat vs `rivals`.

    A shared win counts as 1/k of a win, so the fair share is exactly 1/players.
    """
    rng = random.Random(seed)
    wins = score = rival_score = 0.0
    for g in range(games):
        hero = g % players
        bots = [make_bot(GAME, "heuristic" if s == hero else rivals, random.Random(rng.random()))
                for s in range(players)]
        state, _ = play_game(players, bots, random.Random(rng.random()))
        out = sack.outcome(state)
        assert out is not None
        if hero in out.winners:
            wins += 1 / len(out.winners)
        score += out.totals[hero]
        rival_score += sum(t for seat, t in enumerate(out.totals) if seat != hero) / (players - 1)
    return wins / games, score / games, rival_score / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per win-rate line (4 players)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of playouts per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=("all", "cat-in-the-sack", "rat-a-tat-cat"), default="all")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds in all (tiny counts, overriding --games and --seconds): does it still run?")
    args = parser.parse_args()
    if args.quick:
        args.games, args.seconds = QUICK_GAMES, QUICK_SECONDS
    if args.game in ("all", "cat-in-the-sack"):
        print("== Cat in the Sack")
        sack_report(args)
    if args.game in ("all", "rat-a-tat-cat"):
        import rat_engine  # bench/rat_engine.py: the same figures for Rat-a-Tat Cat

        print("\n== Rat-a-Tat Cat")
        rat_engine.report(args)


def sack_report(args: argparse.Namespace) -> None:
    """Print Cat in the Sack's playout speeds and win rates."""
    print(f"Random playouts (one core, ~{args.seconds:g} s each)")
    print(f"{'players':>8} {'games':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for players in (3, 4, 5):
        games, actions, elapsed = playout_speed(players, args.seconds, args.seed)
        print(f"{players:>8} {games:>7} {games / elapsed:>9.1f} {actions / elapsed:>10.0f}"
              f" {actions / games:>13.1f}")

    print()
    print("Heuristic in one seat (rotated), shared wins split")
    print(f"{'table':>30} {'games':>6} {'wins':>7} {'fair':>6} {'its score':>10} {'rivals':>7} {'s':>6}")
    lines = [(4, args.games, "random"), (3, args.games // 2, "random"), (5, args.games // 2, "random"),
             (4, args.games // 2, "heuristic")]
    for players, games, rivals in lines:
        start = time.perf_counter()
        rate, score, rival = win_rate(players, games, args.seed, rivals)
        label = f"{players}p: 1 heuristic vs {players - 1} {rivals}"
        print(f"{label:>30} {games:>6} {rate:>7.1%} {1 / players:>6.1%} {score:>10.1f} {rival:>7.1f}"
              f" {time.perf_counter() - start:>6.1f}")


if __name__ == "__main__":
    main()
