"""The `simulate` command: bot-only games, a win/score summary, and optionally one record per game."""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bots import kinds as bot_kinds
from game.bots import BotFeeder, make_bot
from game.engine import GAMES, GameError, GameRules, Outcome
from game.engine.common import TIME_UP
from game.records import GameRecorder, Record, RecordPlayer, write_record

DEFAULT_BOT = "heuristic"
SECONDS_PER_ACTION = 4.0  # the simulated clock of a game with a time limit: a move every 4 s


class SimulationError(Exception):
    """A bot chose an action the engine refused: a bug in that bot."""


def derive_seed(seed: int, game_index: int, purpose: str) -> int:
    """Return a 63-bit seed for one purpose ("deal", "bot/2") of one game of a simulation.

    Hashing keeps the streams independent of each other and of Python's hash randomisation.
    """
    digest = hashlib.sha256(f"couchcats/{seed}/{game_index}/{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class SimulatedGame:
    """One finished bot game: its record and its outcome."""

    record: Record
    outcome: Outcome


def play_game(game_id: str, bots: Sequence[str], seed: int, game_index: int,
              observe: Callable[[Any], None] | None = None,
              options: dict[str, Any] | None = None,
              seconds_per_action: float = SECONDS_PER_ACTION,
              wrap: Callable[[int, Any], Any] | None = None) -> SimulatedGame:
    """Play one bot-only game dealt from (seed, game_index); raise SimulationError on a bot's illegal move.

    `options` are the game options as a host would set them (defaults for what is not given).
    Chance (a deal, a reshuffle) is drawn from the deal's random stream, so the seed decides it
    all. Every bot is fed its seat's views and events in order, as its phone would get them.
    A game with a time limit runs on a simulated clock: each action takes `seconds_per_action`.
    `observe(state)` is called after the deal and after every action (tests compare replays with it).
    `wrap(seat, bot)` may stand in for each bot once it is made (bench/bots.py times their moves).
    """
    rules = GAMES[game_id]
    deal_seed = derive_seed(seed, game_index, "deal")
    deal_rng = random.Random(deal_seed)
    engine_options = rules.engine_options(dict(options or {}))
    state = rules.new_game(len(bots), deal_rng, engine_options)
    players = [make_bot(game_id, kind, random.Random(derive_seed(seed, game_index, f"bot/{seat}")))
               for seat, kind in enumerate(bots)]
    if wrap is not None:
        players = [wrap(seat, bot) for seat, bot in enumerate(players)]
    recorder = GameRecorder(state, [RecordPlayer(seat, f"{kind} {seat + 1}", kind) for seat, kind in enumerate(bots)],
                            game=game_id, seed=deal_seed, options=engine_options)
    feeder = BotFeeder(rules, players)
    feeder.feed(state, _chance(rules, state, deal_rng, recorder))
    if observe:
        observe(state)
    minutes = rules.time_limit(engine_options)
    time_left = 60.0 * minutes if minutes else None
    while (outcome := rules.outcome(state)) is None:
        if time_left is not None and time_left <= 0:
            time_left = None
            events = rules.apply_chance(state, TIME_UP)
            recorder.add_chance(TIME_UP)
            feeder.feed(state, events + _chance(rules, state, deal_rng, recorder))
            continue
        if time_left is not None:
            time_left -= seconds_per_action
        # simultaneous decisions: taking the lowest waiting seat first changes nothing
        seat = min(rules.to_act(state))
        action = players[seat].act(rules.view_for(state, seat))
        try:
            events = rules.apply(state, seat, action)
        except GameError as exc:
            raise SimulationError(
                f"game {game_index}: the {bots[seat]} bot in seat {seat} chose {action!r}, "
                f"which the engine refused: {exc.key} ({exc.message})") from None
        recorder.add(seat, action)
        feeder.feed(state, events + _chance(rules, state, deal_rng, recorder))
        if observe:
            observe(state)
    recorder.finish(outcome)
    return SimulatedGame(recorder.record, outcome)


def _chance(rules: GameRules, state: Any, rng: random.Random, recorder: GameRecorder) -> list[Any]:
    """Draw and apply whatever chance is due now (a new deal, a reshuffle); return its events."""
    events: list[Any] = []
    while rules.chance_due(state) is not None:
        entry = rules.sample_chance(state, rng)
        events += rules.apply_chance(state, entry)
        recorder.add_chance(entry)
    return events


@dataclass
class Summary:
    """Running totals over the simulated games."""

    players: int
    games: int = 0
    shared: int = 0

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.score_sum = [0] * self.players

    def add(self, outcome: Outcome) -> None:
        """Count one game; a win shared by k players counts 1/k for each."""
        self.games += 1
        if len(outcome.winners) > 1:
            self.shared += 1
        for w in outcome.winners:
            self.wins[w] += 1 / len(outcome.winners)
        for seat, total in enumerate(outcome.totals):
            self.score_sum[seat] += total

    def lines(self, bots: Sequence[str]) -> list[str]:
        """Return the printed summary: per seat, then per bot kind."""
        out = [f"{'seat':<5}{'bot':<12}{'wins':>9}{'win %':>8}{'mean score':>12}"]
        for seat, kind in enumerate(bots):
            out.append(f"{seat:<5}{kind:<12}{self.wins[seat]:>9.1f}{100 * self.wins[seat] / self.games:>7.1f}%"
                       f"{self.score_sum[seat] / self.games:>12.1f}")
        out.append("")
        out.append(f"{'bot':<12}{'seats':>6}{'wins':>9}{'win % per seat':>16}{'mean score':>12}")
        for kind in sorted(set(bots)):
            seats = [s for s, k in enumerate(bots) if k == kind]
            wins = sum(self.wins[s] for s in seats)
            mean = sum(self.score_sum[s] for s in seats) / (self.games * len(seats))
            out.append(f"{kind:<12}{len(seats):>6}{wins:>9.1f}{100 * wins / (self.games * len(seats)):>15.1f}%"
                       f"{mean:>12.1f}")
        out.append("")
        out.append(f"A win shared by k players counts 1/k for each ({self.shared} shared game(s)). "
                   f"Even odds would be {100 / self.players:.1f}% per seat.")
        return out


def _bot_list(args: argparse.Namespace, game_id: str) -> list[str] | str:
    """Return the bot kind of every seat, or an error message."""
    known = bot_kinds(game_id)
    bots = [b.strip() for b in args.bots.split(",")] if args.bots else [DEFAULT_BOT]
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        return f"--bots names {len(bots)} bots for {args.players} players (give one kind, or one per seat)"
    for kind in bots:
        if kind not in known:
            return f"unknown bot kind {kind!r} for {game_id} (known: {', '.join(known) or 'none'})"
    return bots


def _options(args: argparse.Namespace, rules: GameRules) -> dict[str, Any] | str:
    """Return the game options given as `--option NAME=VALUE`, or an error message."""
    options: dict[str, Any] = {}
    for text in getattr(args, "option", None) or []:
        name, sep, raw = text.partition("=")
        spec = rules.option(name.strip())
        if not sep or spec is None:
            known = ", ".join(f"{o.name}={_allowed(o)}" for o in rules.options) or "none"
            return f"--option {text!r}: {rules.id} has the options {known}"
        raw = raw.strip()
        value: Any = {"true": True, "false": False}.get(raw.lower(), raw)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if not spec.accepts(value):
            return f"--option {spec.name}: {raw!r} is not allowed ({_allowed(spec)})"
        options[spec.name] = value
    return options


def _allowed(spec: Any) -> str:
    if spec.kind == "bool":
        return "true|false"
    if spec.kind == "choice":
        return "|".join(str(c) for c in spec.choices)
    return f"{spec.minimum}..{spec.maximum}"


def run_simulate(args: argparse.Namespace) -> int:
    """Play `args.games` bot-only games, print a summary, write records if asked; return the exit code."""
    game_id = args.game or next(g for g, r in GAMES.items() if r.on_table)
    if game_id not in GAMES:
        return _usage(f"unknown game {game_id!r} (known: {', '.join(sorted(GAMES))})")
    rules = GAMES[game_id]
    if not rules.min_players <= args.players <= rules.max_players:
        return _usage(f"--players must be {rules.min_players}-{rules.max_players} for {game_id}, not {args.players}")
    if args.games < 1:
        return _usage(f"--games must be at least 1, not {args.games}")
    bots = _bot_list(args, game_id)
    if isinstance(bots, str):
        return _usage(bots)
    options = _options(args, rules)
    if isinstance(options, str):
        return _usage(options)
    folder = Path(args.records) if args.records else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return _usage(f"cannot create the records folder {folder}: {exc.strerror or exc}")

    summary = Summary(args.players)
    started = time.perf_counter()
    for index in range(1, args.games + 1):
        try:
            game = play_game(game_id, bots, args.seed, index, options=options)
        except SimulationError as exc:
            print(f"simulate: {exc}", file=sys.stderr)
            return 1
        summary.add(game.outcome)
        if folder is not None:
            write_record(folder / f"game-{index:05d}.json", game.record)
    elapsed = time.perf_counter() - started

    shown = "".join(f", {k}={v}" for k, v in options.items())
    print(f"{game_id}: {args.games} game(s), {args.players} players, seed {args.seed}, bots {','.join(bots)}{shown}")
    print()
    for line in summary.lines(bots):
        print(line)
    rate = args.games / elapsed if elapsed > 0 else float("inf")
    print(f"{args.games} game(s) in {elapsed:.2f} s ({rate:.0f} games/s)")
    if folder is not None:
        print(f"records written to {folder}/game-00001.json .. game-{args.games:05d}.json")
    return 0


def _usage(message: str) -> int:
    print(f"simulate: {message}", file=sys.stderr)
    return 2
