"""Benchmark of the Rat-a-Tat Cat engine and bots: playout speed and the heuristic's win rates.

Run from the project root:  .venv/bin/python bench/rat_engine.py [--games N] [--seconds S] [--quick]
Prints random playouts/s per player count (one core): the bare engine (random legal actions,
chance sampled), and bot games as the platform plays them (`game.simulate.play_game`: every
seat's view and events fed after every change, the record written). Then
how often the heuristic bot beats random bots (seats rotated every game, a shared win counts
1/k), with a 95 % Wilson interval; the 2-player line is the one to compare with the 77.7 % a
public Rat-a-Tat bot project reports for its heuristic against random.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import rat_a_tat_cat as rat  # noqa: E402
from game.simulate import play_game  # noqa: E402

QUICK_GAMES, QUICK_SECONDS = 8, 0.05  # --quick: every line printed, from next to nothing


def engine_playouts(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Return (games, actions, seconds) of bare random playouts (no views) run for about `seconds`."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rat.new_game(players, rng)
        while rat.outcome(state) is None:
            while rat.chance_due(state):
                rat.apply_chance(state, rat.sample_chance(state, rng))
            if rat.outcome(state) is not None:
                break
            seat = min(rat.to_act(state))
            rat.apply(state, seat, rng.choice(rat.legal_actions(state, seat)))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def bot_playouts(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Return (games, actions, seconds) of random-bot games played by the platform's `play_game`."""
    games = seen = 0

    def observe(state) -> None:  # after the deal, then after every action
        nonlocal seen
        seen += 1

    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_game(rat.GAME_ID, ["random"] * players, seed, games, observe=observe)
        games += 1
    return games, seen - games, time.perf_counter() - start


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95 % Wilson score interval of a win share."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def win_rate(players: int, games: int, seed: int, rivals: str = "random",
             options: dict | None = None) -> tuple[float, float, float, float]:
    """Return the heuristic's (win share, its mean total, the rivals' mean total, seconds) in one seat."""
    wins = score = rival_score = 0.0
    start = time.perf_counter()
    for g in range(games):
        hero = g % players
        out = play_game(rat.GAME_ID, ["heuristic" if s == hero else rivals for s in range(players)],
                        seed, g, options=options).outcome
        if hero in out.winners:
            wins += 1 / len(out.winners)
        score += out.totals[hero]
        rival_score += sum(t for s, t in enumerate(out.totals) if s != hero) / (players - 1)
    return wins / games, score / games, rival_score / games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games of the 2-player win-rate line")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of playouts per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds in all (tiny counts, overriding --games and --seconds): does it still run?")
    args = parser.parse_args()
    if args.quick:
        args.games, args.seconds = QUICK_GAMES, QUICK_SECONDS
    report(args)


def report(args: argparse.Namespace) -> None:
    """Print the playout speeds and win rates for `args.games`, `args.seconds`, `args.seed`."""
    print(f"Random playouts, 3 rounds (one core, ~{args.seconds:g} s each)")
    print(f"{'players':>8} {'engine games/s':>15} {'actions/s':>10} {'bots+views games/s':>19} {'actions/s':>10}")
    for players in range(rat.MIN_PLAYERS, rat.MAX_PLAYERS + 1):
        g1, a1, t1 = engine_playouts(players, args.seconds, args.seed)
        g2, a2, t2 = bot_playouts(players, args.seconds, args.seed)
        print(f"{players:>8} {g1 / t1:>15.1f} {a1 / t1:>10.0f} {g2 / t2:>19.1f} {a2 / t2:>10.0f}")

    print()
    print("Heuristic in one seat (rotated) vs the rest, 3 rounds unless noted; shared wins split")
    print(f"{'table':>38} {'games':>6} {'wins':>7} {'95% CI':>15} {'fair':>6} {'its total':>10} {'rivals':>7} {'s':>6}")
    lines = [(2, args.games, "random", None, ""), (3, args.games // 4, "random", None, ""),
             (4, args.games // 4, "random", None, ""), (6, args.games // 4, "random", None, ""),
             (2, args.games // 4, "random", {"end": "elimination", "limit": 100}, ", elimination 100"),
             (2, args.games // 4, "random", {"kids": True}, ", kids"),
             (4, args.games // 4, "heuristic", None, "")]
    for players, games, rivals, options, note in lines:
        rate, score, rival, seconds = win_rate(players, games, args.seed, rivals, options)
        low, high = wilson(rate * games, games)
        label = f"{players}p: 1 heuristic vs {players - 1} {rivals}{note}"
        print(f"{label:>38} {games:>6} {rate:>7.1%} {f'{low:.1%}-{high:.1%}':>15} {1 / players:>6.1%}"
              f" {score:>10.1f} {rival:>7.1f} {seconds:>6.1f}")


if __name__ == "__main__":
    main()
