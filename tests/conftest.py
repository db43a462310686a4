"""Test-wide setup: headless SDL drivers and the project root on sys.path."""

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ARTIFACTS = ROOT / "artifacts"

# The test files whose tests run longest (a minute or two each: many whole games, the third game's two pytest runs
# in a copy, the how-to painted twice over), in that order: run first, so that with `-n 2` (scripts/test.sh) no
# worker starts one of them when the rest of the suite is nearly done and the other worker would sit idle.
LONGEST_FIRST = (
    "tests/test_hard_bots_games.py", "tests/test_third_game.py", "tests/test_tv_howto_picture.py",
    "tests/test_contract.py", "tests/test_easy_bots.py",
)


def pytest_collection_modifyitems(items: list) -> None:
    """Move the longest files' tests to the front, each file's in its own order (the rest keep theirs)."""
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}

    def where(item) -> int:
        return rank.get(item.nodeid.split("::", 1)[0], len(rank))

    items.sort(key=where)  # (a stable sort)


def _close_the_browser() -> None:
    """Close the browser tests' shared browser (tests/browser/conftest.py), if this process has one up."""
    for module in list(sys.modules.values()):
        close = getattr(module, "close_browser", None)
        if close is not None and getattr(module, "__file__", "") and \
                Path(module.__file__).resolve() == ROOT / "tests" / "browser" / "conftest.py":
            close()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before a test that uses no browser, close the one the browser tests before it shared (if any)."""
    if "pw_browser" not in getattr(item, "fixturenames", ()):
        _close_the_browser()


def pytest_sessionfinish() -> None:
    _close_the_browser()
