"""Kept games in the save file: every finished game, written as its end is saved; the one-time import
of the records folder; carrying the history over to a new save; and export as record files.

Tables (save format 4, docs/records.md "Kept games"): `kept_games` (one row per finished game:
its game id, when it started and ended in unix seconds UTC, its options, result and record text,
and the record's SHA-256, which is unique: the same game is kept once), `kept_seats` (one row per
seat: name, bot kind or NULL for a person, total, best score, won, coached) and `marks` (one-time steps
done, e.g. the records folder imported). Every function takes an open `sqlite3.Connection`; the
writers run inside the caller's transaction or open their own.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from game.history import KeptGame, KeptSeat, kept_game
from game.records import RecordError, check_record, loads_record, read_record, write_record

log = logging.getLogger(__name__)

RECORDS_FOLDER = "records"  # <data>/records: where the server writes one record file per game
IMPORTED = "records_imported"  # the mark of the one-time import
STAMP = "%Y%m%d-%H%M%S"  # a record file's name starts with its game's end, in UTC
_STAMP_RE = re.compile(r"^(\d{8}-\d{6})")

SCHEMA_V3 = """
CREATE TABLE kept_games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, started INTEGER, ended INTEGER NOT NULL,
                         options TEXT NOT NULL, result TEXT NOT NULL, record TEXT NOT NULL,
                         digest TEXT NOT NULL UNIQUE, source TEXT NOT NULL);
CREATE TABLE kept_seats (kept INTEGER NOT NULL REFERENCES kept_games (id), seat INTEGER NOT NULL,
                         name TEXT NOT NULL, bot TEXT, total INTEGER NOT NULL, best INTEGER,
                         won INTEGER NOT NULL, PRIMARY KEY (kept, seat));
CREATE INDEX kept_games_by_game ON kept_games (game, ended);
CREATE TABLE marks (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
"""The kept-games tables as save format 3 made them (game/store.py's migration from format 2)."""
COACHED = """
ALTER TABLE kept_seats ADD COLUMN coached INTEGER NOT NULL DEFAULT 0;
"""
"""Save format 4: a kept seat says whether the coach helped it (0 for every game kept before)."""
SCHEMA = SCHEMA_V3 + COACHED
"""The kept-games tables (part of the save's schema; game/store.py creates or migrates to them)."""


def keep(db: sqlite3.Connection, game: KeptGame, source: str) -> KeptGame | None:
    """Insert a finished game (in the caller's transaction); return it with its id, or None if
    the same record is kept already. `source`: "table" (played here), "import" (a record file)
    or "carried" (from a save moved aside)."""
    cur = db.execute(
        "INSERT OR IGNORE INTO kept_games (game, started, ended, options, result, record, digest, source) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game.game, game.started, game.ended, json.dumps(game.options), json.dumps(game.result),
         game.record, game.digest, source))
    if cur.rowcount == 0:
        return None
    kept = cur.lastrowid
    db.executemany("INSERT INTO kept_seats (kept, seat, name, bot, total, best, won, coached) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   [(kept, s.seat, s.name, s.bot, s.total, s.best, int(s.won), int(s.coached)) for s in game.seats])
    return KeptGame(game.game, game.ended, game.started, game.seats, game.options, game.result, game.record,
                    game.digest, int(kept or 0))


def read_kept(db: sqlite3.Connection, game_id: str | None = None, *, records: bool = False) -> list[KeptGame]:
    """Return the kept games (of one game id, or all), oldest first; their record text only if `records`."""
    where, args = ("WHERE game = ?", (game_id,)) if game_id is not None else ("", ())
    rows = db.execute(f"SELECT id, game, started, ended, options, result, digest{', record' if records else ''} "
                      f"FROM kept_games {where} ORDER BY ended, id", args).fetchall()
    seats: dict[int, list[KeptSeat]] = {}
    # (a save of format 3, read to carry its games over, has no coached column: nobody was coached)
    coached = any(row[1] == "coached" for row in db.execute("PRAGMA table_info(kept_seats)"))
    for kept, seat, name, bot, total, best, won, coach in db.execute(
            f"SELECT kept, seat, name, bot, total, best, won, {'coached' if coached else '0'} "
            "FROM kept_seats ORDER BY kept, seat"):
        seats.setdefault(kept, []).append(KeptSeat(seat, name, bot, total, best, bool(won), bool(coach)))
    return [KeptGame(row[1], row[3], row[2], tuple(seats.get(row[0], ())), json.loads(row[4]), json.loads(row[5]),
                     row[7] if records else "", row[6], row[0]) for row in rows]


def is_marked(db: sqlite3.Connection, name: str) -> bool:
    """Return True if the one-time step `name` was done in this file."""
    return db.execute("SELECT 1 FROM marks WHERE name = ?", (name,)).fetchone() is not None


@dataclass(frozen=True)
class Imported:
    """What an import did: games newly kept, records already kept, and the files skipped (name, why)."""

    kept: list[KeptGame]
    already: int
    skipped: list[tuple[str, str]]


def import_records(db: sqlite3.Connection, folder: Path, *, now: Callable[[], float],
                   say: Callable[[str], None] = log.warning,
                   stop: Callable[[], bool] | None = None) -> Imported | None:
    """Import the record files of `folder` once per save file (None: done before, or `stop`ped).

    Each file is refereed as `replay` does; one that fails is skipped and `say` gets one line
    naming it and why. A game's end comes from the file name's stamp (UTC), else the file's
    modification time; its start is unknown. One transaction, with the mark that it was done.
    `stop()` is asked before each file: True gives up, nothing written (the next start does it).
    """
    if is_marked(db, IMPORTED):
        return None
    found = []
    skipped = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        if stop is not None and stop():
            return None
        try:
            record = read_record(path)
            verdict = check_record(record)
        except RecordError as exc:
            skipped.append((path.name, exc.message))
        except Exception as exc:  # a record no rule foresaw must not stop the table from opening
            skipped.append((path.name, f"{type(exc).__name__}: {exc}"))
        else:
            if verdict.error is not None or verdict.outcome is None:
                why = verdict.error.describe() if verdict.error is not None else "the game is not over"
                skipped.append((path.name, why))
            else:
                found.append(kept_game(record, verdict.outcome, ended=_ended(path), started=None))
    for name, why in skipped:
        say(f"history: not imported {folder / name}: {why}")
    kept = []
    db.execute("BEGIN IMMEDIATE")
    try:
        if is_marked(db, IMPORTED):  # another connection of this app did it meanwhile
            db.execute("ROLLBACK")
            return None
        for game in found:
            added = keep(db, game, "import")
            if added is not None:
                kept.append(added)
        db.execute("INSERT INTO marks (name, value) VALUES (?, ?)",
                   (IMPORTED, datetime.fromtimestamp(now(), timezone.utc).isoformat(timespec="seconds")))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return Imported(kept, len(found) - len(kept), skipped)


def _ended(path: Path) -> float:
    """Return when a record file's game ended: its name's UTC stamp, else its modification time."""
    match = _STAMP_RE.match(path.name)
    if match:
        try:
            return datetime.strptime(match.group(1), STAMP).replace(tzinfo=timezone.utc).timestamp()
        except ValueError:
            pass
    return path.stat().st_mtime


def carry_over(db: sqlite3.Connection, old: Path) -> list[KeptGame]:
    """Keep in `db` every game kept in the save file `old` (one moved aside); return those added.

    `old` is only read (never changed: it is kept as it was). A file whose kept games cannot be
    read gives nothing: the import of the records folder then recovers what it can.
    """
    try:
        src = sqlite3.connect(f"{old.resolve().as_uri()}?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error:
        return []
    try:
        games = read_kept(src, records=True)
    except sqlite3.Error as exc:  # an older format (no kept games yet), or damaged
        log.info("no kept games carried over from %s: %s", old, exc)
        return []
    finally:
        src.close()
    added = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for game in games:
            got = keep(db, game, "carried")
            if got is not None:
                added.append(got)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return added


def export(db: sqlite3.Connection, folder: Path, game_id: str | None = None) -> list[Path]:
    """Write every kept game (of one game id, or all) to `folder` as a record file; return the paths.

    A file is named like the server's (`<end, UTC>-<game>-<kept id>.json`), so importing it again
    gives the same end time; its text is the kept record's, byte for byte.
    """
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for game in read_kept(db, game_id, records=True):
        stamp = datetime.fromtimestamp(game.ended, timezone.utc).strftime(STAMP)
        path = folder / f"{stamp}-{game.game}-k{game.id:05d}.json"
        write_record(path, loads_record(game.record))
        paths.append(path)
    return paths


def read_only(path: Path) -> sqlite3.Connection:
    """Open a save file for reading beside the table that may be writing it (WAL: readers never wait)."""
    if not path.exists():
        raise FileNotFoundError(path)
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=2.0)
    db.execute("PRAGMA query_only=1")
    return db
