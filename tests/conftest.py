"""Test-wide setup: headless SDL drivers and the project root on sys.path."""

import os
import sys
from pathlib import Path

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
