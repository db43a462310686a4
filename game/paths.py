"""Where the app's files are: the phone page and the assets, in a checkout or an installed copy."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent  # the `game` package
ROOT = PACKAGE.parent  # a checkout's top folder (main.py, game/, controller_web/, assets/); site-packages when installed


def data_folder(name: str) -> Path:
    """Return the folder `name`: inside `game` when installed (pyproject.toml puts it there), else beside it."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else ROOT / name


WEB_ROOT = data_folder("controller_web")
ASSETS = data_folder("assets")
