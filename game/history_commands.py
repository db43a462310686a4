"""`main.py history` and `main.py export`: the household's kept games, read from the save file.

Both work beside a running table on the same data folder: the table holds the save's lock
(game/store.py) and the file is in WAL mode, so these read it without waiting and without
stopping the table. With no table running, they first bring the file up to date (the format
migration and the one-time import of the records folder), exactly as the table's start would.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game import kept
from game.engine import GAMES
from game.history import format_history, on_table, summary
from game.server.datadir import data_dir
from game.store import FILE_NAME, SaveError, Store

T = TypeVar("T")


class NoSave(Exception):
    """The save file cannot be read; the message says why, for the terminal."""


def with_save(folder: Path, read: Callable[[sqlite3.Connection], T]) -> T | None:
    """Return `read(db)` on the data folder's save file (None: there is no save file yet).

    Raise NoSave if the file cannot be read.
    """
    path = folder / FILE_NAME
    if not path.exists():
        return None
    store = Store(path)
    if not store.lock.acquire():  # a table is running: it has migrated and imported already
        try:
            db = kept.read_only(path)
        except sqlite3.Error as exc:
            raise NoSave(f"cannot read {path}: {exc}") from None
        try:
            return read(db)
        except sqlite3.Error as exc:
            raise NoSave(f"cannot read the kept games in {path}: {exc}") from None
        finally:
            db.close()
    try:
        try:
            store.connect()
            store.import_records(folder / kept.RECORDS_FOLDER)
        except SaveError as exc:
            raise NoSave(f"the save {path} cannot be used: {exc.reason} (start Couch Cats to set it aside)") from None
        except (sqlite3.Error, OSError) as exc:
            raise NoSave(f"cannot read {path}: {exc}") from None
        return read(store.connection)
    finally:
        store.close()


def _games(args: argparse.Namespace) -> list[str] | None:
    """Return the game ids asked for (every offered game without --game); None: an unknown id (said)."""
    if args.game is None:
        return on_table()
    if args.game not in GAMES:
        print(f"{args.prog}: unknown game {args.game!r} (known: {', '.join(GAMES)})", file=sys.stderr)
        return None
    return [args.game]


def run_history(args: argparse.Namespace) -> int:
    """Print the leaderboards and the last results (as the lobby shows them; --json: the wire's
    `history`); return the exit code."""
    args.prog = "history"
    ids = _games(args)
    if ids is None:
        return 2
    folder = data_dir(args.data, say=lambda line: print(line, file=sys.stderr))
    try:
        games = with_save(folder, lambda db: kept.read_kept(db)) or []
    except NoSave as exc:
        print(f"history: {exc}", file=sys.stderr)
        return 1
    history = summary(games, ids)
    if args.json:
        print(json.dumps(history, ensure_ascii=False, allow_nan=False))
    else:
        sys.stdout.write(format_history(history))
    return 0


def run_export(args: argparse.Namespace) -> int:
    """Write every kept game (of --game) to the folder as a record file; return the exit code."""
    args.prog = "export"
    ids = _games(args) if args.game is not None else [None]
    if ids is None:
        return 2
    folder = data_dir(args.data, say=lambda line: print(line, file=sys.stderr))
    out = Path(args.dir)
    try:
        paths = with_save(folder, lambda db: [p for g in ids for p in kept.export(db, out, g)]) or []
    except NoSave as exc:
        print(f"export: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"export: cannot write to {out}: {exc}", file=sys.stderr)
        return 1
    print(f"Exported {len(paths)} game record(s) to {out}.")
    return 0
