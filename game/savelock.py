"""The one-app-per-save guard and a first look at the save, with nothing heavier than the standard library.

The server's process takes the lock and reads the saved table's join code and port before it
imports aiohttp and the games (game.server.early), so the TV can show the join code at once;
`game.store` keeps the save itself. Both name the files here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

FILE_NAME = "couchcats.sqlite"
LOCK_NAME = "couchcats.lock"


class SaveLock:
    """The one-app-per-save guard: an OS lock on `couchcats.lock`, held from `acquire` to `release`.

    `fcntl.flock` (`msvcrt.locking` on Windows) on a file of its own, not sqlite's exclusive
    locking mode: that one would shut out the readers too (`main.py history` beside the table).
    The OS drops the lock when the process dies, so a crash never leaves the save locked.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock without waiting; return False if another holder (another app) has it."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        """Drop the lock (closing the file drops it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


if os.name == "nt":  # pragma: no cover - Windows
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def saved_address(path: Path) -> tuple[str, int] | None:
    """Return the saved table's (join code, port), or None when there is none or it cannot be read.

    A first look only, taken under the lock before the save is opened for real: the table itself
    may still fail to resume (`game.store`), and then the new table keeps this join code.
    """
    if not path.is_file():
        return None
    import sqlite3  # (only when there is a save to read)

    try:
        db = sqlite3.connect(path, timeout=2.0)  # (not read-only: that fails on a WAL file without its -shm)
    except sqlite3.Error:
        return None
    try:
        row = db.execute("SELECT data FROM tablestate WHERE id = 1").fetchone()
        table = json.loads(row[0]) if row is not None else None
        code, port = table["join_code"], int(table.get("port") or 0)
    except (sqlite3.Error, ValueError, TypeError, KeyError, AttributeError):
        return None
    finally:
        db.close()
    return (code, port) if isinstance(code, str) and code else None
