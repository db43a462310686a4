"""The household's history: the finished games kept, and per game its leaderboard and last results.

Pure: the save file keeps the games (game/kept.py) and hands them here as `KeptGame`s; this
module ranks them and builds the `history` the lobbies show (docs/protocol.md). A person is the
same across games by name (`seats.name_key`: case, surrounding spaces and Unicode form do not
matter); bots are never on the leaderboard, and a game the coach helped a person with counts as
played but neither its win nor its score is theirs. A win shared by several seats counts as a win for
each of them. Each game declares its best score (`GameRules.best_scores`, `best_lowest`); the
platform only compares the numbers.
"""

from __future__ import annotations

import hashlib
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import GAMES, Outcome
from game.records import Record
from game.seats import name_key

LEADERS = 5
RECENT = 5
UNNAMED = "?"  # a recorded seat without a name (records may leave it out): shown so, never ranked


@dataclass(frozen=True)
class KeptSeat:
    """One seat of a kept game: who sat there (a bot's kind, or None for a person) and how it did;
    `coached`: the coach helped that person (the board counts the game, not its win or its score)."""

    seat: int
    name: str
    bot: str | None
    total: int
    best: int | None
    won: bool
    coached: bool = False


@dataclass(frozen=True)
class KeptGame:
    """One finished game as the history keeps it (times in unix seconds, UTC; `started` None if unknown).

    `record` is the record's exact text (docs/records.md), `digest` its SHA-256: the same game is
    kept once. `id` orders games that ended in the same second (the order they were kept in).
    """

    game: str
    ended: int
    started: int | None
    seats: tuple[KeptSeat, ...]
    options: dict[str, Any]
    result: dict[str, Any]
    record: str
    digest: str
    id: int = 0


def record_digest(text: str) -> str:
    """Return the SHA-256 hex digest of a record's text: what makes two kept games the same one."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def kept_game(record: Record, outcome: Outcome, *, ended: float, started: float | None) -> KeptGame:
    """Return the kept form of a finished game: its record, with the outcome the engine gave it."""
    text = record.to_json()
    best = GAMES[record.game].best_scores(record.to_dict())
    winners = set(outcome.winners)
    seats = tuple(KeptSeat(p.seat, p.name if p.name and p.name.strip() else UNNAMED, p.bot,
                           int(outcome.totals[p.seat]), best[p.seat], p.seat in winners, p.coached)
                  for p in record.players)
    return KeptGame(record.game, int(ended), None if started is None else int(started), seats,
                    dict(record.options), dict(record.result if record.result is not None else outcome.result),
                    text, record_digest(text))


def _shown(name: str) -> str:
    """Return a name as the lobby writes it (NFC, no spaces around)."""
    return unicodedata.normalize("NFC", name).strip()


def _in_order(games: Iterable[KeptGame], game_id: str) -> list[KeptGame]:
    return sorted((g for g in games if g.game == game_id), key=lambda g: (g.ended, g.id))


def leaders(games: Iterable[KeptGame], game_id: str, n: int = LEADERS) -> list[dict[str, Any]]:
    """Return the top `n` people of one game: {name, wins, games, best}, best ranked first.

    Ranked by wins (most first), then games played (fewer first: the same wins in fewer games),
    then best score (better first, none last), then name. The name shown is the latest spelling.
    """
    lowest = GAMES[game_id].best_lowest if game_id in GAMES else False
    people: dict[str, dict[str, Any]] = {}
    for game in _in_order(games, game_id):
        for seat in game.seats:
            if seat.bot is not None or seat.name == UNNAMED:
                continue
            row = people.setdefault(name_key(seat.name), {"name": "", "wins": 0, "games": 0, "best": None})
            row["name"] = _shown(seat.name)
            row["games"] += 1
            if seat.coached:  # a game the coach helped with: played, but neither its win nor its score is theirs
                continue
            row["wins"] += int(seat.won)
            if seat.best is not None and (row["best"] is None or (seat.best < row["best"] if lowest
                                                                  else seat.best > row["best"])):
                row["best"] = seat.best

    def rank(row: dict[str, Any]) -> tuple[Any, ...]:
        best = row["best"]
        return (-row["wins"], row["games"], best is None, 0 if best is None else (best if lowest else -best),
                name_key(row["name"]))

    return sorted(people.values(), key=rank)[:n]


def recent(games: Iterable[KeptGame], game_id: str, n: int = RECENT) -> list[dict[str, Any]]:
    """Return the last `n` results of one game, newest first: {ended, winners (names), seats}."""
    out = []
    for game in reversed(_in_order(games, game_id)[-n:] if n > 0 else []):
        out.append({"ended": game.ended,
                    "winners": [_shown(s.name) for s in game.seats if s.won],
                    "seats": [{"name": _shown(s.name), "total": s.total, "bot": s.bot is not None,
                               **({"coached": True} if s.coached else {})} for s in game.seats]})
    return out


def played(games: Iterable[KeptGame]) -> dict[str, frozenset[str]]:
    """Return, per game id, the people (`name_key`, never bots) who finished a game of it.

    Never sent to anyone: the table only turns these players' phone tips off by default.
    """
    out: dict[str, set[str]] = {}
    for game in games:
        names = out.setdefault(game.game, set())
        names.update(name_key(s.name) for s in game.seats if s.bot is None and s.name != UNNAMED)
    return {g: frozenset(names) for g, names in out.items()}


def on_table() -> list[str]:
    """Return the ids of the games the lobby offers (each gets its history)."""
    return [g for g, rules in GAMES.items() if rules.on_table]


def summary(games: Iterable[KeptGame], game_ids: Sequence[str] | None = None) -> dict[str, Any]:
    """Return the `history` the lobbies show: per game id, its leaders and its last results."""
    kept = list(games)
    ids = on_table() if game_ids is None else list(game_ids)
    return {g: {"leaders": leaders(kept, g), "recent": recent(kept, g)} for g in ids}


def format_history(history: dict[str, Any], *, local: Callable[[int], str] | None = None) -> str:
    """Return the history as a person reads it in a terminal: per game, its leaders and last results.

    `local` turns a game's end (unix seconds) into the time shown (default: this computer's
    local time, "YYYY-MM-DD HH:MM").
    """
    show = local or (lambda t: time.strftime("%Y-%m-%d %H:%M", time.localtime(t)))
    lines: list[str] = []
    for game_id, part in history.items():
        lines.append(game_id)
        if not part["leaders"] and not part["recent"]:
            lines += ["  No finished games kept yet.", ""]
            continue
        width = max([len(row["name"]) for row in part["leaders"]] + [6])
        lines.append(f"  {'Leaders':<{width + 4}} {'wins':>5} {'games':>6} {'best':>6}")
        for i, row in enumerate(part["leaders"], start=1):
            best = "-" if row["best"] is None else str(row["best"])
            lines.append(f"  {i}. {row['name']:<{width}}  {row['wins']:>5} {row['games']:>6} {best:>6}")
        if not part["leaders"]:
            lines.append("  (nobody yet: only bots played)")
        lines.append("  Last results")
        for game in part["recent"]:
            seats = ", ".join(f"{s['name']}{' (bot)' if s['bot'] else ''}{' (coached)' if s.get('coached') else ''} "
                              f"{s['total']}" for s in game["seats"])
            lines.append(f"  {show(game['ended'])}  won by {' and '.join(game['winners'])}: {seats}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
