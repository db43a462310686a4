"""Where Rat-a-Tat Cat's strong bot moves otherwise than the heuristic would: is its move better?

Run from the project root, e.g.:
    nice -n 19 .venv/bin/python bench/rat_choices.py --games 60 --seed 6
    .venv/bin/python bench/rat_choices.py --quick          # a few seconds: does it still run?

Plays 2-seat games of the strong bot against the heuristic (seats alternating game by game) with
the platform's own game loop. Beside the strong bot, a shadow heuristic is fed the very same views
and events, so at every decision it says what the heuristic would do in the strong bot's place.
Where the two differ, the rest of the round is played twice from deep copies of the whole game
(the true State, both bots' memories, the deal's random stream): once with the strong bot's move,
once with the heuristic's, both bots then playing on as themselves. Each such pair gives the
round's score difference (strong bot's seat minus the other) both ways, and in a game's last round
which way won. The game itself goes on with the strong bot's move.

Prints, per kind of difference (the phase, then the strong bot's move vs the heuristic's, e.g.
"decide: discard vs replace"), how often it came up, and the mean of (round difference after the
strong bot's move) - (after the heuristic's) with its 95 % interval: below zero, the strong bot's
move left it better off. One deck order per pair: the figures are noisy, but not biased by what
the strong bot believed. Both ways go on with the strong bot, so a kind's sign says whether its
move was the better one there; the changes do not add up to its edge over the heuristic. `--save FILE` keeps the pairs as JSON; `--combine FILE...` reports saved
runs together.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import BotFeeder, make_bot  # noqa: E402
from game.bots.rat_a_tat_cat import HeuristicBot  # noqa: E402
from game.bots.rat_a_tat_cat.strong import Budget, StrongBot  # noqa: E402
from game.engine import GAMES  # noqa: E402
from game.simulate import _chance, derive_seed  # noqa: E402  (the platform's chance step, as play_game draws it)

GAME = "rat-a-tat-cat"
QUICK = Budget(playouts=24, min_samples=4, seconds=5.0)  # --quick: a tiny search (never cut by time: the same moves every run)


class _NoRecord:
    """`_chance` writes each chance entry into a record; these games keep none."""

    def add_chance(self, entry: Any) -> None:
        pass


class Shadowed:
    """The strong bot, with a heuristic fed the same stream beside it (what it would do here)."""

    def __init__(self, bot: StrongBot, seed: int) -> None:
        self.bot = bot
        self.shadow = HeuristicBot(random.Random(seed))

    def observe(self, view: Any, events: Sequence[Any]) -> None:
        self.bot.observe(view, events)
        self.shadow.observe(view, events)

    def act(self, view: Any) -> Any:
        return self.bot.act(view)


def _name(action: Any) -> str:
    """The kind of a move, its positions left out ("replace", "swap", "knock", "draw pile", ...)."""
    move = action.to_dict()
    return f"draw {move['source']}" if move["type"] == "draw" else move["type"]


class Game:
    """One game: the true State, the two bots, their feeder and the deal's random stream."""

    def __init__(self, seed: int, index: int, strong_seat: int, budget: Budget | None) -> None:
        self.rules = GAMES[GAME]
        self.rng = random.Random(derive_seed(seed, index, "deal"))
        self.state = self.rules.new_game(2, self.rng, self.rules.engine_options({}))
        self.me = strong_seat
        self.bots: list[Any] = []
        for seat in range(2):
            bot_rng = random.Random(derive_seed(seed, index, f"bot/{seat}"))
            if seat == strong_seat:
                self.bots.append(Shadowed(StrongBot(bot_rng, budget), derive_seed(seed, index, "shadow")))
            else:
                self.bots.append(make_bot(GAME, "heuristic", bot_rng))
        self.feeder = BotFeeder(self.rules, self.bots)
        self.feeder.feed(self.state, _chance(self.rules, self.state, self.rng, _NoRecord()))

    def over(self) -> bool:
        return self.rules.outcome(self.state) is not None

    def step(self, forced: Any = None) -> None:
        """Let the seat to act move (or make it play `forced`), then feed every bot."""
        seat = min(self.rules.to_act(self.state))
        action = forced if forced is not None else self.bots[seat].act(self.rules.view_for(self.state, seat))
        events = self.rules.apply(self.state, seat, action)
        self.feeder.feed(self.state, events + _chance(self.rules, self.state, self.rng, _NoRecord()))

    def finish_round(self, rounds: int) -> tuple[int, float | None]:
        """Play on until round `rounds` is scored: (my score - the other's, my share of the win if it ended the game)."""
        while not self.over() and len(self.state.round_scores) < rounds:
            self.step()
        scores = self.state.round_scores[rounds - 1]
        won = None
        if self.over():
            won = (self.me in self.state.winners) / len(self.state.winners)
        return scores[self.me] - scores[1 - self.me], won


def play(seed: int, index: int, budget: Budget | None) -> list[dict[str, Any]]:
    """Play game `index` of `seed`; return a pair of outcomes for each move where the strong bot differed."""
    game = Game(seed, index, strong_seat=index % 2, budget=budget)
    pairs: list[dict[str, Any]] = []
    while not game.over():
        seat = min(game.rules.to_act(game.state))
        if seat != game.me:
            game.step()
            continue
        view = game.rules.view_for(game.state, seat)
        player = game.bots[seat]
        mine, theirs = player.act(view), player.shadow.act(view)
        if mine != theirs:
            rounds = len(game.state.round_scores) + 1
            outcomes = []
            for move in (mine, theirs):
                twin = copy.deepcopy(game)
                twin.step(move)
                outcomes.append(twin.finish_round(rounds))
            pairs.append({"game": index, "round": rounds, "last": outcomes[0][1] is not None or outcomes[1][1] is not None,
                          "kind": f"{view.phase}: {_name(mine)} vs {_name(theirs)}",
                          "strong": outcomes[0], "heuristic": outcomes[1]})
        game.step(mine)
    return pairs


def report(pairs: Sequence[dict[str, Any]], games: int) -> list[str]:
    """The printed table: per kind of difference, its count and the mean change of the round's difference."""
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for p in pairs:
        kinds[p["kind"]].append(p)
    out = [f"{games} game(s), {len(pairs)} move(s) where the strong bot differed from the heuristic",
           f"{'strong vs heuristic':<34}{'moves':>6}  {'round diff change (95% CI)':<28}{'last-round win change':>22}"]
    for kind, ps in sorted(kinds.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        d = [p["strong"][0] - p["heuristic"][0] for p in ps]
        mean = statistics.mean(d)
        if len(d) > 1:
            half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
            interval = f"({mean - half:+.2f} to {mean + half:+.2f})"
        else:
            interval = "(one move)"
        wins = [(p["strong"][1] or 0.0) - (p["heuristic"][1] or 0.0) for p in ps if p["last"]]
        win = f"{statistics.mean(wins):+.3f} ({len(wins)})" if wins else "-"
        out.append(f"{kind:<34}{len(ps):>6}  {mean:+6.2f} {interval:<20}{win:>22}")
    all_d = [p["strong"][0] - p["heuristic"][0] for p in pairs]
    out.append(f"per game: {sum(all_d) / max(1, games):+.2f} points, the changes summed (each pair goes on with the "
               f"strong bot both ways, so this is not its edge over the heuristic)")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--first-game", type=int, default=0, help="the first game's number (a run in pieces)")
    parser.add_argument("--quick", action="store_true", help="one game with a tiny search: does it still run?")
    parser.add_argument("--save", type=Path, metavar="FILE", help="also write the pairs as JSON")
    parser.add_argument("--combine", type=Path, nargs="+", metavar="FILE", help="report saved runs together")
    args = parser.parse_args(argv)
    if args.combine:
        runs = [json.loads(path.read_text()) for path in args.combine]
        pairs = [p for run in runs for p in run["pairs"]]
        for line in report(pairs, sum(run["games"] for run in runs)):
            print(line)
        return 0
    games = 1 if args.quick else args.games
    budget = QUICK if args.quick else None
    pairs: list[dict[str, Any]] = []
    for index in range(args.first_game, args.first_game + games):
        pairs += play(args.seed, index, budget)
    for line in report(pairs, games):
        print(line)
    if args.save:
        args.save.write_text(json.dumps({"seed": args.seed, "first_game": args.first_game, "games": games,
                                         "pairs": pairs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
