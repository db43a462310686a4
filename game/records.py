"""Game records: one JSON file per game (docs/records.md) — write, read, referee, and `replay`.

This module owns the envelope every record shares (`format`, `game`, `seed`, `players`,
`options`, `result`); each game writes, reads and checks its own body (`GameRules.record_body`,
`read_body`, `read_result`) and the referee replays any game through its `GameRules`.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import GAMES, GameError, Outcome, RecordEntry
from game.engine.common import is_int as _is_int

FORMAT = "couchcats.record/1"
ENVELOPE = ("format", "game", "seed", "players", "options", "result")
LINE_WIDTH = 100


class RecordError(Exception):
    """A record that cannot be read: not JSON, a field missing or of the wrong type."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class RecordPlayer:
    """One seat of a recorded game: its name and, for a bot, its kind; `coached`: the coach helped
    the person there (written only when true, so a record without the mark reads as before)."""

    seat: int
    name: str | None = None
    bot: str | None = None
    coached: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the seat as the record writes it."""
        return {"seat": self.seat, "name": self.name, "bot": self.bot, **({"coached": True} if self.coached else {})}


@dataclass(frozen=True)
class Record:
    """A whole game: who sat where, the options, the game's own body (deal and moves), the result."""

    game: str
    players: tuple[RecordPlayer, ...]
    body: dict[str, Any]
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the record as fresh JSON-ready data (a copy), keys in the documented order."""
        out: dict[str, Any] = {"format": FORMAT, "game": self.game}
        if self.seed is not None:
            out["seed"] = self.seed
        out["players"] = [p.to_dict() for p in self.players]
        out["options"] = copy.deepcopy(self.options)
        out.update(json.loads(json.dumps(self.body)))
        if self.result is not None:
            out["result"] = copy.deepcopy(self.result)
        return out

    def to_json(self) -> str:
        """Return the record as the exact text written to its file."""
        return dumps_record(self.to_dict())

    def entries(self) -> tuple[dict[str, Any], list[RecordEntry]]:
        """Return the game's setup and its entries in order, read from the body (raise ValueError)."""
        return GAMES[self.game].read_body(self.body, len(self.players), self.options)


# ---------------------------------------------------------------- writing


class GameRecorder:
    """Collects one game as it is played: start it from the dealt state, add each accepted entry."""

    def __init__(self, state: Any, players: Sequence[RecordPlayer | Mapping[str, Any]], *,
                 game: str, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.options = dict(options if options is not None else getattr(state, "options", {}))
        self.setup = json.loads(json.dumps(GAMES[game].setup(state)))
        self.players = tuple(_as_player(i, p) for i, p in enumerate(players))
        self.entries: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None

    def add(self, seat: int, action: Any) -> None:
        """Append an action the engine has accepted (call it after `apply` succeeded)."""
        self.entries.append({"seat": seat, **action.to_dict()})

    def add_chance(self, entry: Mapping[str, Any]) -> None:
        """Append a chance entry the engine has accepted (a new deal, a reshuffle; it has no seat)."""
        self.entries.append(dict(entry))

    def finish(self, outcome: Outcome) -> None:
        """Store the game's result (the game's own `result` object)."""
        self.result = copy.deepcopy(outcome.result)

    @property
    def record(self) -> Record:
        """Return the record so far (without a result until `finish`)."""
        body = GAMES[self.game].record_body(self.setup, self.entries, self.options)
        return Record(self.game, self.players, body, self.seed, self.options, self.result)

    def to_dict(self) -> dict[str, Any]:
        """Return the record so far as JSON-ready data."""
        return self.record.to_dict()

    def to_json(self) -> str:
        """Return the record so far as the exact text of its file."""
        return self.record.to_json()


def _as_player(index: int, p: RecordPlayer | Mapping[str, Any]) -> RecordPlayer:
    if isinstance(p, RecordPlayer):
        return p
    return RecordPlayer(int(p.get("seat", index)), p.get("name"), p.get("bot"), p.get("coached") is True)


def dumps_record(data: Mapping[str, Any]) -> str:
    """Return record data as canonical text: a container is split over lines only if
    it is long, and a list of plain values (a deck) never is."""
    return _fmt(data, 0, force=True) + "\n"


def _fmt(value: Any, indent: int, force: bool = False) -> str:
    compact = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))
    if not isinstance(value, (list, dict)) or not value or (not force and indent + len(compact) <= LINE_WIDTH):
        return compact
    if isinstance(value, list) and not force and not any(isinstance(v, (list, dict)) for v in value):
        return compact  # a list of plain values (a deck of cards) stays on one line, however long
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + _fmt(v, indent + 2) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [pad + json.dumps(k, ensure_ascii=False) + ": " + _fmt(v, indent + 2) for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def write_record(path: str | os.PathLike[str], record: Record | GameRecorder) -> Path:
    """Write a record to `path` atomically (a crash never leaves half a file); return the path."""
    target = Path(path)
    text = record.to_json()
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, target)
    return target


# ---------------------------------------------------------------- reading


def read_record(path: str | os.PathLike[str]) -> Record:
    """Return the record stored in `path`; raise RecordError with a clear reason if it is unusable."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("not a record: the file is not UTF-8 text") from None
    return loads_record(text)


def loads_record(text: str) -> Record:
    """Return the record in `text`; raise RecordError if it is not valid record JSON."""
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("not a record: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer longer than Python's 4300-digit limit
        raise RecordError(f"not valid JSON: {exc}") from None
    return parse_record(data)


def _reject_constant(name: str) -> Any:
    raise RecordError(f"not valid JSON: {name} is not a number")


def parse_record(data: Any) -> Record:
    """Return the Record described by decoded JSON; raise RecordError naming the first bad field."""
    if not isinstance(data, dict):
        raise RecordError("not a record: the top level must be an object")
    fmt = _field(data, "format", str)
    if fmt != FORMAT:
        raise RecordError(f"unknown format {fmt!r} (expected {FORMAT!r})")
    game = _field(data, "game", str)
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r} (known: {', '.join(sorted(GAMES))})")
    rules = GAMES[game]
    seed = data.get("seed")
    if seed is not None and not _is_int(seed):
        raise RecordError("seed must be a whole number")
    players = _players(_field(data, "players", list))
    if not rules.min_players <= len(players) <= rules.max_players:
        raise RecordError(f"players: {game} is for {rules.min_players}-{rules.max_players} players, "
                          f"the record has {len(players)}")
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RecordError("options must be an object")
    body = {k: v for k, v in data.items() if k not in ENVELOPE}
    try:
        setup, _entries = rules.read_body(body, len(players), options)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    try:
        rules.from_setup(len(players), setup, options)
    except ValueError as exc:
        raise RecordError(f"setup: {exc}") from None
    result = data.get("result")
    if result is not None:
        try:
            result = rules.read_result(result, len(players))
        except ValueError as exc:
            raise RecordError(str(exc)) from None
    return Record(game, players, body, seed, options, result)


def _field(data: Mapping[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in data:
        raise RecordError(f"missing field '{where}{key}'")
    value = data[key]
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        names = {str: "a string", int: "a whole number", list: "a list", dict: "an object"}
        raise RecordError(f"{where}{key} must be {names[kind]}")
    return value


def _players(raw: list[Any]) -> tuple[RecordPlayer, ...]:
    players = []
    for i, p in enumerate(raw):
        where = f"players[{i}]."
        if not isinstance(p, dict):
            raise RecordError(f"players[{i}] must be an object")
        seat = _field(p, "seat", int, where)
        if seat != i:
            raise RecordError(f"players[{i}].seat must be {i} (seats are listed in clockwise order)")
        name, bot = p.get("name"), p.get("bot")
        if name is not None and not isinstance(name, str):
            raise RecordError(f"players[{i}].name must be a string or null")
        if bot is not None and not isinstance(bot, str):
            raise RecordError(f"players[{i}].bot must be a string or null")
        coached = p.get("coached", False)
        if not isinstance(coached, bool):
            raise RecordError(f"players[{i}].coached must be true or false")
        players.append(RecordPlayer(seat, name, bot, coached))
    return tuple(players)


# ---------------------------------------------------------------- refereeing


@dataclass(frozen=True)
class RefereeError:
    """Why a record is not a legal, finished game.

    `index` is the first bad entry's position in its list (None: not an entry's fault) and
    `round` its round, for games whose records list entries per round.
    """

    index: int | None
    key: str
    message: str
    seat: Any = None
    action: dict[str, Any] | None = None
    round: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the error as replay prints it."""
        out = {"index": self.index, "key": self.key, "message": self.message}
        if self.round is not None:
            out["round"] = self.round
        return out

    def describe(self) -> str:
        """Return one English sentence for a person reading the terminal."""
        if self.index is None:
            return f"{self.message} ({self.key})"
        shown = json.dumps(self.action, ensure_ascii=False, default=str)
        where = f"round {self.round}, " if self.round is not None else ""
        if self.index < 0:  # an entry a game's record keeps outside its action list (a round's deal)
            return f"{where}the deal ({shown}) is illegal: {self.message} ({self.key})"
        who = f"seat {self.seat!r}, " if self.seat is not None else "chance, "
        return f"{where}action {self.index} ({who}{shown}) is illegal: {self.message} ({self.key})"


@dataclass(frozen=True)
class RefereeResult:
    """The verdict on a record, reached from its setup and entries alone."""

    outcome: Outcome | None
    error: RefereeError | None
    applied: int
    played: tuple[dict[str, Any], ...] = ()  # every entry applied, the implied ones included

    @property
    def ok(self) -> bool:
        """Return True if every entry was legal and the game reached its end."""
        return self.error is None and self.outcome is not None

    @property
    def result(self) -> dict[str, Any] | None:
        """Return the refereed result in the record's `result` shape."""
        return copy.deepcopy(self.outcome.result) if self.outcome is not None else None


def referee(record: Record, observe: Callable[[int, Any], None] | None = None) -> RefereeResult:
    """Replay `record` from its setup; return the outcome, or the first illegal entry and why.

    Entries with a seat are actions, entries without one are chance (a deal, a reshuffle). Moves
    a game's records leave implied (`GameRules.implied`) are made before each entry and at the
    end. `observe(index, state)` is called with index -1 after the setup and then after every
    entry. The record's stored result is not used.
    """
    rules = GAMES[record.game]
    try:
        setup, entries = record.entries()
        state = rules.from_setup(len(record.players), setup, record.options)
    except ValueError as exc:
        return RefereeResult(None, RefereeError(None, "bad_setup", str(exc)), 0)
    if observe:
        observe(-1, state)
    played: list[dict[str, Any]] = []
    for i, entry in enumerate([*entries, None]):
        data = entry.data if entry is not None else None
        try:
            for seat, move in rules.implied(state, data):
                if seat is None:
                    rules.apply_chance(state, move)
                    played.append(dict(move))
                else:
                    rules.apply(state, seat, move)
                    played.append({"seat": seat, **move.to_dict()})
            if entry is None or data is None:
                break
            if "seat" in data:
                body = {k: v for k, v in data.items() if k != "seat"}
                action = rules.parse_action(body)
                rules.apply(state, data["seat"], action)
                played.append({"seat": data["seat"], **action.to_dict()})
            else:
                rules.apply_chance(state, data)
                played.append(dict(data))
        except GameError as exc:
            if entry is None:
                return RefereeResult(None, RefereeError(None, exc.key, exc.message), i)
            body = {k: v for k, v in entry.data.items() if k != "seat"}
            return RefereeResult(None, RefereeError(entry.index, exc.key, exc.message,
                                                    entry.data.get("seat"), body, entry.round), i)
        if observe:
            observe(entry.index, state)
    out = rules.outcome(state)
    if out is None:
        return RefereeResult(None, RefereeError(None, "unfinished",
                                                f"the game is not over after {len(entries)} actions"),
                             len(entries), tuple(played))
    return RefereeResult(out, None, len(entries), tuple(played))


def check_record(record: Record) -> RefereeResult:
    """Return the referee's verdict, failing also when the stored result is missing or differs.

    What the game writes about its own play (a round's dealer and scores, say) must be what the
    refereed play gives: the body is written again from the refereed entries and compared.
    """
    verdict = referee(record)
    if not verdict.ok:
        return verdict
    setup, _ = record.entries()
    rebuilt = GAMES[record.game].record_body(setup, list(verdict.played), record.options)
    where = _first_difference(json.loads(json.dumps(record.body)), rebuilt)
    if where is not None:
        return RefereeResult(verdict.outcome, RefereeError(
            None, "body_mismatch", f"{where} differs from what the refereed game gives"), verdict.applied)
    if record.result is None:
        return RefereeResult(verdict.outcome, RefereeError(None, "no_result", "the record has no result"),
                             verdict.applied)
    if record.result != verdict.result:
        return RefereeResult(verdict.outcome, RefereeError(
            None, "result_mismatch",
            f"the stored result {_compact(record.result)} differs from the refereed {_compact(verdict.result)}"),
            verdict.applied)
    return verdict


def _first_difference(stored: Any, rebuilt: Any, path: str = "") -> str | None:
    """Return the path of the first place where `stored` differs from `rebuilt` (None: equal)."""
    if isinstance(stored, dict) and isinstance(rebuilt, dict):
        for key in list(rebuilt) + [k for k in stored if k not in rebuilt]:
            where = _first_difference(stored.get(key), rebuilt.get(key), f"{path}.{key}" if path else key)
            if where is not None:
                return where
        return None
    if isinstance(stored, list) and isinstance(rebuilt, list) and len(stored) == len(rebuilt):
        for i, (a, b) in enumerate(zip(stored, rebuilt)):
            where = _first_difference(a, b, f"{path}[{i}]")
            if where is not None:
                return where
        return None
    return None if stored == rebuilt and type(stored) is type(rebuilt) else (path or "the body")


def _compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- the `replay` command


def _expand(paths: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for p in map(Path, paths):
        files.extend(sorted(p.glob("*.json")) if p.is_dir() else [p])
    return files


def run_replay(args: argparse.Namespace) -> int:
    """Referee every record file named in `args.files`; print one JSON line each; return 0 if all pass."""
    files = _expand(args.files)
    if not files:
        print("replay: no record files found", file=sys.stderr)
        return 1
    failures = 0
    for path in files:
        line: dict[str, Any] = {"file": str(path)}
        try:
            verdict = check_record(read_record(path))
        except RecordError as exc:
            verdict = RefereeResult(None, RefereeError(None, "bad_record", exc.message), 0)
        if verdict.error is None and verdict.result is not None:
            line.update(verdict.result)
        else:
            error = verdict.error or RefereeError(None, "unfinished", "the game is not over")
            failures += 1
            line["error"] = error.to_dict()
            print(f"replay: {path}: {error.describe()}", file=sys.stderr)
        print(json.dumps(line, ensure_ascii=False, allow_nan=False), flush=True)
    if failures:
        print(f"replay: {failures} record(s) failed", file=sys.stderr)
    return 1 if failures else 0
