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

A ±2-point run of a searching bot takes hours of CPU, so it can be spread: `--jobs N` plays the
deals in N worker processes (the same games, whatever N: each deal's seeds depend only on
`--seed` and its number); `--first-deal K` starts at deal K, so a run can be played in pieces
(`--games 1200 --first-deal 1` then `--games 1200 --first-deal 601`); `--save FILE` writes a
run's raw totals as JSON, and `--combine FILE...` prints the report of several saved pieces
together (they must be the same game, lineup and seed, with no deal twice).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
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


def play_deal(game_id: str, lineup: Sequence[str], seed: int, deal: int,
              options: dict[str, Any] | None = None) -> tuple[dict[str, KindTotals], int, bool]:
    """Play one deal from every seat; return per-kind totals, the shared wins and whether the
    lowest total wins."""
    totals = {kind: KindTotals(lineup.count(kind)) for kind in dict.fromkeys(lineup)}
    shared, lowest = 0, False
    for by in range(len(lineup)):
        kinds = rotated(lineup, by)
        out = play_game(game_id, kinds, seed, deal, options=options,
                        wrap=lambda seat, bot, kinds=kinds: TimedBot(bot, totals[kinds[seat]].times, totals[kinds[seat]].cpu)).outcome
        shared += len(out.winners) > 1
        lowest = out.lowest_wins
        add_outcome(totals, kinds, out)
    return totals, shared, lowest


def _play_deal(job: tuple[str, tuple[str, ...], int, int, dict[str, Any] | None]) -> tuple[dict[str, KindTotals], int, bool]:
    return play_deal(*job)


def run(game_id: str, lineup: Sequence[str], deals: int, seed: int,
        options: dict[str, Any] | None = None, jobs: int = 1,
        first: int = 1) -> tuple[dict[str, KindTotals], int, int, bool]:
    """Play deals `first` .. `first + deals - 1`, each from every seat (in `jobs` worker processes);
    return per-kind totals, the games, the shared wins and whether the lowest total wins."""
    seats = len(lineup)
    totals = {kind: KindTotals(lineup.count(kind)) for kind in dict.fromkeys(lineup)}
    games = shared = 0
    lowest = False
    work = [(game_id, tuple(lineup), seed, deal, options) for deal in range(first, first + deals)]
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap_unordered(_play_deal, work) if pool else map(_play_deal, work)
        for done, (dealt, dshared, lowest) in enumerate(results, 1):
            merge(totals, dealt)
            games += seats
            shared += dshared
            if done % max(1, deals // 10) == 0 and done < deals:  # a long run shows how it goes, on stderr
                shares = ", ".join(f"{kind} {100 * t.wins / games:.1f}%" for kind, t in totals.items())
                print(f"  ... {games} games: {shares}", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return totals, games, shared, lowest


def merge(into: dict[str, KindTotals], more: dict[str, KindTotals]) -> None:
    """Add one piece's per-kind totals to another's (the same kinds)."""
    for kind, t in more.items():
        mine = into[kind]
        mine.wins += t.wins
        mine.total_sum += t.total_sum
        mine.times += t.times
        mine.cpu += t.cpu


def save(path: Path, piece: dict[str, Any], totals: dict[str, KindTotals]) -> None:
    """Write a run's raw totals (and what it was) as JSON, for `--combine`."""
    piece = {**piece, "totals": {kind: vars(t) for kind, t in totals.items()}}
    path.write_text(json.dumps(piece))


def combine(paths: Sequence[Path]) -> tuple[dict[str, Any], dict[str, KindTotals]]:
    """Return the sum of saved pieces: what they were (game, lineup, seed, games, …) and their totals.

    Raises ValueError if they are not pieces of one run: another game, lineup or seed, or a deal twice.
    """
    pieces = [json.loads(p.read_text()) for p in paths]
    head = pieces[0]
    dealt: set[int] = set()
    totals = {kind: KindTotals(t["seats"]) for kind, t in head["totals"].items()}
    for p, piece in zip(paths, pieces):
        if (piece["game"], piece["lineup"], piece["seed"]) != (head["game"], head["lineup"], head["seed"]):
            raise ValueError(f"{p}: not the same game, lineup and seed as {paths[0]}")
        deals = set(range(piece["first_deal"], piece["first_deal"] + piece["deals"]))
        if deals & dealt:
            raise ValueError(f"{p}: plays deal(s) {sorted(deals & dealt)[:5]} again")
        dealt |= deals
        merge(totals, {kind: KindTotals(**t) for kind, t in piece["totals"].items()})
    summary = {**head, "games": sum(p["games"] for p in pieces), "shared": sum(p["shared"] for p in pieces),
               "elapsed": sum(p["elapsed"] for p in pieces), "deals": len(dealt)}
    return summary, totals


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
    parser.add_argument("--jobs", type=int, default=1, help="worker processes playing the deals (default 1)")
    parser.add_argument("--first-deal", type=int, default=1, help="the first deal's number (a run in pieces)")
    parser.add_argument("--save", type=Path, metavar="FILE", help="also write the run's raw totals as JSON")
    parser.add_argument("--combine", type=Path, nargs="+", metavar="FILE",
                        help="print the report of saved pieces of one run together (plays nothing)")
    args = parser.parse_args(argv)
    if args.combine:
        try:
            summary, totals = combine(args.combine)
        except (OSError, ValueError, KeyError) as exc:
            print(f"bots: {exc}", file=sys.stderr)
            return 1
        print(f"{summary['game']}: {len(summary['lineup'])} seats, lineup {','.join(summary['lineup'])}, "
              f"{summary['deals']} deal(s) x {len(summary['lineup'])} seatings (rotated), seed {summary['seed']}, "
              f"{len(args.combine)} pieces")
        for line in report(summary["game"], summary["lineup"], totals, summary["games"], summary["shared"],
                           summary["elapsed"], summary["lowest_wins"]):
            print(line)
        return 0
    rules = GAMES[args.game]
    if not rules.min_players <= args.seats <= rules.max_players:
        parser.error(f"--seats must be {rules.min_players}-{rules.max_players} for {args.game}")
    if args.jobs < 1 or args.first_deal < 1:
        parser.error("--jobs and --first-deal must be at least 1")
    known = bot_kinds(args.game)
    wanted = [k.strip() for k in args.lineup.split(",") if k.strip()]
    unknown = [k for k in wanted if k not in known]
    if not wanted or unknown:
        parser.error(f"unknown bot kind(s) {unknown} for {args.game} (known: {', '.join(known)})")
    lineup = lineup_for(wanted, args.seats)
    deals = QUICK_DEALS if args.quick else max(1, math.ceil(args.games / args.seats))
    first = f", deals {args.first_deal}-{args.first_deal + deals - 1}" if args.first_deal > 1 else ""
    print(f"{args.game}: {args.seats} seats, lineup {','.join(lineup)}, {deals} deal(s) x {args.seats} "
          f"seatings (rotated), seed {args.seed}{first}")
    started = time.perf_counter()
    try:
        totals, games, shared, lowest = run(args.game, lineup, deals, args.seed, jobs=args.jobs, first=args.first_deal)
    except SimulationError as exc:
        print(f"bots: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    for line in report(args.game, lineup, totals, games, shared, elapsed, lowest):
        print(line)
    if args.save:
        save(args.save, {"game": args.game, "lineup": lineup, "seed": args.seed, "first_deal": args.first_deal,
                         "deals": deals, "games": games, "shared": shared, "elapsed": elapsed,
                         "lowest_wins": lowest}, totals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
