"""Real-browser fixtures: Debian's Chromium through Playwright's sync API, and the real server."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.engine import GAMES
from game.server.thread import ServerThread

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
                 if p and Path(p).exists()), "/usr/bin/chromium")
SHOTS = ROOT / "artifacts" / "screenshots" / "phone"
LOCALES = ROOT / "controller_web" / "locales"
GAME_WEB = ROOT / "controller_web" / "js" / "games"  # one folder per game: screen.js, locales/<lang>.json
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"  # npm ci, pinned in package-lock.json
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="module")
def pw_browser() -> Iterator[tuple[Any, Any]]:
    """Yield (playwright, browser); fail (never skip) when Chromium or Playwright is missing."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install it with `apt-get install -y chromium` "
                    "(the phone-page browser tests must run, not skip)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - an environment problem, reported loudly
        pytest.fail(f"Playwright is not installed ({exc}): pip install -r requirements-dev.txt")
    manager = sync_playwright().start()
    browser = manager.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield manager, browser
    finally:
        browser.close()
        manager.stop()


def running_server(data: Path, bot_delay: float = 0.05, moment_scale: float = 0.0) -> Iterator[ServerThread]:
    """Yield the real server on a free loopback port with fast bots (unless told), on the data folder `data`;
    stop it after. Its table plays no moments (their holds) unless `moment_scale` says so."""
    srv = ServerThread(port=0, host_ip="127.0.0.1", data_dir=data, bot_delay=bot_delay, moment_scale=moment_scale)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    """Yield the real server on a free loopback port with fast bots."""
    yield from running_server(tmp_path)


@pytest.fixture(scope="session")
def shots() -> Path:
    """Return the screenshot folder (gitignored), created."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def load_locale(lang: str, game: str | None = None) -> dict[str, str]:
    """Return the phone page's strings for `lang`: the platform's and every game's.

    The keys every game has (its own `game.*` texts the platform asks for) are kept per game: `game.<id>` is
    its name (`game.name`), `history.best.<id>` its best-score heading (`game.history.best`). Any other key that
    two games' tables share (the phone loads one game's table at a time, so they may) has the text of `game`'s
    table if one is given, else that of the first game in the registry's order that has it: a game added later
    never changes the texts a test of an earlier game expects, and its own tests ask for its table.
    """
    strings = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    folders = sorted({p.parent.parent.name for p in GAME_WEB.glob(f"*/locales/{lang}.json")},
                     key=lambda g: (g != game, g not in GAMES, list(GAMES).index(g) if g in GAMES else 0, g))
    for name in folders:
        own = json.loads((GAME_WEB / name / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        strings[f"game.{name}"] = own.pop("game.name")
        if "game.history.best" in own:
            strings[f"history.best.{name}"] = own.pop("game.history.best")
        for key, text in own.items():
            strings.setdefault(key, text)
    return strings


def name_pattern(template: str) -> re.Pattern[str]:
    """Return a regex matching a locale template with any text in its {placeholders}."""
    parts = re.split(r"\{\w+\}", template)
    return re.compile("^" + ".+?".join(re.escape(p) for p in parts) + "$")
