"""Where the table's save and the game records live: the platform's data folder.

Linux: `$XDG_DATA_HOME/couchcats` (`~/.local/share/couchcats`); macOS: `~/Library/Application
Support/couchcats`; Windows: `%LOCALAPPDATA%\\couchcats` (through `platformdirs`). `--data DIR`
overrides it. Before, the app kept everything in a hand-made `~/.couchcats`: the first start that
finds that folder and no new one moves it there once (or, if it cannot be moved, uses it in place)
and says so in one line.
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Callable
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

APP = "couchcats"
OLD = Path("~/.couchcats")


def platform_dir() -> Path:
    """Return the platform's data folder for the app (not created)."""
    return Path(platformdirs.user_data_path(APP, appauthor=False))


def data_dir(given: str | None, say: Callable[[str], None] = print) -> Path:
    """Return the folder to keep the save and the records in: `given` (--data), else the platform's,
    after moving an old `~/.couchcats` there once (`say` tells the user)."""
    if given:
        return Path(given).expanduser()
    new, old = platform_dir(), OLD.expanduser()
    if not old.is_dir() or new.exists():
        return new
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(old), str(new))
    except OSError as exc:
        log.warning("could not move %s to %s: %s", old, new, exc)
        say(f"Couch Cats: keeping the saves in {old} (moving them to {new} failed: {exc}).")
        return old
    say(f"Couch Cats: moved the saves and records from {old} to {new} (this computer's data folder).")
    return new
