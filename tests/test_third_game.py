"""A third game plugs in with its own files and one registry line (issue 23, "Done means").

The product's tracked files are copied to a temporary folder, the throwaway game of tests/third_game/kit/
(Lone High) is dropped in at its paths, and one line is added to `PLUGINS` in game/engine/__init__.py; a
diff shows nothing else changed. Then, in that copy and with this interpreter: the contract test, the
platform tests that loop over the registry, the TV tests, the packaging test (a wheel built, installed,
every game's rules served) and the browser (a lobby that offers it, a game played to its score screen).
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser  # (the copy runs browser tests: the phone's lobby and a game)

ROOT = Path(__file__).resolve().parent.parent
KIT = ROOT / "tests" / "third_game" / "kit"
REGISTRY = "game/engine/__init__.py"
LINE = '    "lone_high",'
# What runs in the copy, whole: the platform tests that loop over the registry (names, texts, docs pages, history
# and lobby counts, locales, the phone's pages and styles), the packaging test and the kit's own tests (its TV
# table from a real server, a browser lobby and game).
RUN = [
    "tests/test_contract.py::test_whole_games_through_the_session_keep_the_contract__A5[lone-high-3p]",
    "tests/test_contract.py::test_whole_games_through_the_session_keep_the_contract__A5[lone-high-6p]",
    "tests/test_platform_names.py", "tests/test_tv_plugin.py", "tests/test_texts.py", "tests/test_game_pages.py",
    "tests/test_history.py::test_a_table_with_nothing_kept_sends_empty_lists",
    "tests/test_history.py::test_the_lobby_updates_carry_the_history_of_every_offered_game_and_nothing_else",
    "tests/test_tv_lone_high.py", "tests/test_packaging.py",
    "tests/browser/test_phone_platform.py", "tests/browser/test_locales.py", "tests/browser/test_phone_styles.py",
    "tests/browser/test_phone_lone_high.py",
    "tests/browser/test_phone_lobby.py::test_the_lobby_renders_every_option_from_its_declaration",
    "tests/browser/test_phone_pages.py::test_rules_page_speaks_all_four_languages",
    "tests/browser/test_phone_pages.py::test_the_rules_nav_jumps_to_each_game",
]
# The TV kit (tests/tv_fixtures.py: every game's tables from a real session's public updates): its tests for the
# third game only (their ids name it), the other games' run in the product itself.
TV_KIT = ["tests/test_tv_kit.py", "tests/test_tv_render.py", "tests/test_tv_lazy.py", "tests/test_tv_rest_layer.py",
          "tests/test_tv_catch_up.py", "tests/test_tv_contrast.py", "tests/test_tv_privacy.py", "tests/test_tv_game.py"]


def tracked() -> list[str]:
    """Return the product's tracked files (the kit's among them once committed)."""
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [p for p in out.decode().split("\0") if p and (ROOT / p).is_file()]


def kit_files() -> list[str]:
    """Return the kit's files, as paths inside the product."""
    return sorted(p.relative_to(KIT).as_posix() for p in KIT.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def add_registry_line(text: str) -> str:
    """Return the registry with the one line for the third game at the end of PLUGINS."""
    match = re.search(r"^PLUGINS: tuple\[str, \.\.\.\] = \(\n(?:    \"[a-z_]+\",\n)+", text, re.M)
    assert match, "PLUGINS is no longer one line per game"
    return text[:match.end()] + LINE + "\n" + text[match.end():]


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a copy of the product with the third game's files and its one line."""
    dest = tmp_path_factory.mktemp("product") / "couchcats"
    product = tracked()
    for name in product:
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, dest / name)
    for name in kit_files():
        assert not (ROOT / name).exists(), f"the kit's {name} is already a file of the product"
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(KIT / name, dest / name)
    registry = dest / REGISTRY
    registry.write_text(add_registry_line(registry.read_text(encoding="utf-8")), encoding="utf-8")
    if (ROOT / "node_modules").is_dir():  # axe-core for the browser tests (npm ci; not tracked)
        (dest / "node_modules").symlink_to((ROOT / "node_modules").resolve())
    return dest


def test_the_copy_differs_from_the_product_by_the_games_own_files_and_one_line(copy: Path) -> None:
    product = set(tracked())
    there = {p.relative_to(copy).as_posix() for p in copy.rglob("*") if p.is_file() and "node_modules" not in p.parts}
    assert there - product == set(kit_files()), "only the game's own files are new"
    assert product - there == set()
    changed = [name for name in sorted(product) if (copy / name).read_bytes() != (ROOT / name).read_bytes()]
    assert changed == [REGISTRY]
    diff = [line for line in difflib.unified_diff((ROOT / REGISTRY).read_text(encoding="utf-8").splitlines(),
                                                  (copy / REGISTRY).read_text(encoding="utf-8").splitlines(), n=0,
                                                  lineterm="")
            if not line.startswith(("---", "+++", "@@"))]
    assert diff == ["+" + LINE]
    new_files = set(kit_files())
    for folder in ("game/engine/lone_high/", "game/bots/lone_high/", "game/tv/games/lone_high/",
                   "controller_web/js/games/lone-high/"):
        assert any(f.startswith(folder) for f in new_files), f"the kit has no {folder}"


def test_in_the_copy_the_platform_takes_the_third_game(copy: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("PYTHONPATH", None)
    offered = subprocess.run([sys.executable, "-c", "from game.engine import GAMES; from game.bots import levels; "
                              "print(list(GAMES), levels('lone-high'))"], cwd=copy, env=env, capture_output=True,
                             text=True, timeout=60)
    assert offered.returncode == 0, offered.stderr
    assert offered.stdout.split("] ")[0].endswith("'lone-high'") and "'easy', 'normal'" in offered.stdout
    for what, args in (("the platform's tests", RUN), ("the TV kit", [*TV_KIT, "-k", "lone"])):
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-rfEs",
                               *args], cwd=copy, env=env, capture_output=True, text=True, timeout=600)
        report = f"{what}:\n" + done.stdout[-6000:] + done.stderr[-2000:]
        assert done.returncode == 0, report
        ran = re.search(r"\b(\d+) passed", done.stdout)
        assert ran and int(ran[1]) >= (25 if what == "the TV kit" else 90), report  # (all of them ran)
        assert not re.search(r"\b\d+ (failed|skipped|error)", done.stdout), report
