"""Benchmark of bot strength and bot thinking time, for any game and any bot kinds.

Run from the project root, e.g.:
    .venv/bin/python bench/bots.py --game rat-a-tat-cat --seats 2 --lineup strong,heuristic --games 400
    .venv/bin/python bench/bots.py --game cat-in-the-sack --seats 4 --lineup strong,heuristic
    .venv/bin/python bench/bots.py --quick          # a few seconds: does it still run?

`--lineup` names one bot kind per seat; when it names fewer, its last kind fills the other seats
(`strong,heuristic` at 4 seats is one strong bot against three heuristics). Games are the
platform's own (`game.simulate.play_game`: seeded with `derive_seed`, every bot fed its seat's
views and events as its phone gets them). Every deal is played once from every seat: deal
number d is played `seats` times with the same seeds, the lineup rotated by one seat each time,
so each kind meets the same cards from every chair (the games of one deal are not independent:
the intervals below treat them as if they were, which overstates them a little if anything).

Prints, per bot kind: its seats, its share of the wins (a win shared by k players counts 1/k,
as bench/engine.py counts it) with a 95 % Wilson interval, the fair share, its mean final
total, and its thinking time per move (`time.perf_counter` around each `act()`; `observe()` is
not counted): mean, p95 and max of the wall clock, and p95 and max of the thread's CPU time
(`time.thread_time`: what the move costs one core, whatever else the machine runs). Then how long the run took, and what a run of the default size
(±2 points for a 50 % rate) would take at that pace.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import kinds as bot_kinds  # noqa: E402
from game.engine import GAMES  # noqa: E402
from game.engine.common import Outcome  # noqa: E402
from game.simulate import SimulationError, play_game  # noqa: E402
from rat_engine import wilson  # noqa: E402  bench/rat_engine.py: the same interval everywhere

DEFAULT_GAMES = 2400  # a 50 % rate to about ±2 points (95 %)
QUICK_DEALS = 1       # --quick: one deal, played from every seat


class TimedBot:
    """Stands in for a bot: times each `act()` (wall clock into `times`, the thread's CPU time into
    `cpu`); passes `observe()` through untimed."""

    def __init__(self, bot: Any, times: list[float], cpu: list[float]) -> None:
        self.bot, self.times, self.cpu = bot, times, cpu
        if hasattr(bot, "observe"):  # BotFeeder feeds only the bots that remember
            self.observe = bot.observe

    def act(self, view: Any) -> Any:
        """Return the bot's move, timing it."""
        start, cpu = time.perf_counter(), time.thread_time()
        action = self.bot.act(view)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.thread_time() - cpu)
        return action


@dataclass
class KindTotals:
    """One bot kind's figures over the run."""

    seats: int
    wins: float = 0.0
    total_sum: float = 0.0
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def lineup_for(lineup: Sequence[str], seats: int) -> list[str]:
    """Return one kind per seat: `lineup`, its last kind repeated to fill the seats."""
    return list(lineup[:seats]) + [lineup[-1]] * (seats - len(lineup))


def rotated(lineup: Sequence[str], by: int) -> list[str]:
    """Return the lineup moved `by` seats to the left (seat s gets the kind of seat s + by)."""
    return [lineup[(s + by) % len(lineup)] for s in range(len(lineup))]


def percentile(values: Sequence[float], q: float) -> float:
    """Return the q-quantile (0..1) of `values` by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def run(game_id: str, lineup: Sequence[str], deals: int, seed: int,
        options: dict[str, Any] | None = None) -> tuple[dict[str, KindTotals], int, int, bool]:
    """Play `deals` deals, each from every seat; return per-kind totals, the games, the shared wins
    and whether the lowest total wins."""
    seats = len(lineup)
    totals = {kind: KindTotals(lineup.count(kind)) for kind in dict.fromkeys(lineup)}
    games = shared = 0
    lowest = False
    for deal in range(1, deals + 1):
        for by in range(seats):
            kinds = rotated(lineup, by)
            out = play_game(game_id, kinds, seed, deal, options=options,
                            wrap=lambda seat, bot, kinds=kinds: TimedBot(bot, totals[kinds[seat]].times, totals[kinds[seat]].cpu)).outcome
            games += 1
            shared += len(out.winners) > 1
            lowest = out.lowest_wins
            add_outcome(totals, kinds, out)
        if deal % max(1, deals // 10) == 0 and deal < deals:  # a long run shows how it goes, on stderr
            shares = ", ".join(f"{kind} {100 * t.wins / games:.1f}%" for kind, t in totals.items())
            print(f"  ... {games} games: {shares}", file=sys.stderr, flush=True)
    return totals, games, shared, lowest


def add_outcome(totals: dict[str, KindTotals], kinds: Sequence[str], out: Outcome) -> None:
    """Count one game's wins (1/k each for a win shared by k) and final totals per kind."""
    for w in out.winners:
        totals[kinds[w]].wins += 1 / len(out.winners)
    for seat, total in enumerate(out.totals):
        totals[kinds[seat]].total_sum += total


def report(game_id: str, lineup: Sequence[str], totals: dict[str, KindTotals], games: int, shared: int,
           elapsed: float, lowest_wins: bool) -> list[str]:
    """Return the printed lines of a run."""
    seats = len(lineup)
    out = [f"{'bot':<12}{'seats':>6}{'wins':>9}{'win %':>8}{'95% CI':>15}{'fair':>7}{'mean total':>12}"
           f"{'moves':>8}{'mean ms':>9}{'p95 ms':>8}{'max ms':>8}{'cpu p95':>8}{'cpu max':>8}"]
    for kind, t in totals.items():
        low, high = wilson(t.wins, games)
        mean_total = t.total_sum / (games * t.seats)
        if t.times:
            mean = 1000 * sum(t.times) / len(t.times)
            p95, top = 1000 * percentile(t.times, 0.95), 1000 * max(t.times)
            cpu95, cpu_top = 1000 * percentile(t.cpu, 0.95), 1000 * max(t.cpu)
        else:
            mean = p95 = top = cpu95 = cpu_top = 0.0
        out.append(f"{kind:<12}{t.seats:>6}{t.wins:>9.1f}{100 * t.wins / games:>7.1f}%"
                   f"{f'{100 * low:.1f}-{100 * high:.1f}%':>15}{100 * t.seats / seats:>6.1f}%{mean_total:>12.1f}"
                   f"{len(t.times):>8}{mean:>9.2f}{p95:>8.2f}{top:>8.2f}{cpu95:>8.2f}{cpu_top:>8.2f}")
    out.append("")
    better = "lower" if lowest_wins else "higher"
    out.append(f"A win shared by k players counts 1/k for each ({shared} shared game(s)); win % is the kind's "
               f"share of all wins, fair = its seats / {seats}; {better} totals win.")
    pace = elapsed / games
    full = DEFAULT_GAMES * pace
    out.append(f"{games} game(s) in {elapsed:.1f} s ({pace:.3f} s a game); {DEFAULT_GAMES} games would take "
               f"~{full / 60:.1f} min at this pace")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rat-a-tat-cat", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--lineup", default="strong,heuristic",
                        help="bot kinds, one per seat (the last fills the rest), e.g. strong,heuristic")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help="games in all, rounded up to whole deals (a deal is played from every seat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="one deal from every seat (overriding --games): does it still run?")
    args = parser.parse_args(argv)
    rules = GAMES[args.game]
    if not rules.min_players <= args.seats <= rules.max_players:
        parser.error(f"--seats must be {rules.min_players}-{rules.max_players} for {args.game}")
    known = bot_kinds(args.game)
    wanted = [k.strip() for k in args.lineup.split(",") if k.strip()]
    unknown = [k for k in wanted if k not in known]
    if not wanted or unknown:
        parser.error(f"unknown bot kind(s) {unknown} for {args.game} (known: {', '.join(known)})")
    lineup = lineup_for(wanted, args.seats)
    deals = QUICK_DEALS if args.quick else max(1, math.ceil(args.games / args.seats))
    print(f"{args.game}: {args.seats} seats, lineup {','.join(lineup)}, {deals} deal(s) x {args.seats} "
          f"seatings (rotated), seed {args.seed}")
    started = time.perf_counter()
    try:
        totals, games, shared, lowest = run(args.game, lineup, deals, args.seed)
    except SimulationError as exc:
        print(f"bots: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    for line in report(args.game, lineup, totals, games, shared, elapsed, lowest):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
