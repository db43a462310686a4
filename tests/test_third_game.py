"""A new game plugs in with its own files and one registry line, and passes every generic test (issues 23, 27).

The product as the working tree holds it is copied to a temporary folder: every file `git ls-files -co
--exclude-standard` names, i.e. the tracked files and the untracked ones git does not ignore, so a developer's new
game that is not yet added to git is in the copy too (ignored files are not: `.venv`, caches, screenshots). The
throwaway game of tests/third_game/kit/ (Lone High, in the smallest shape docs/architecture.md, "How to add a game",
allows: bots of the levels easy and normal only, neither of which remembers, no hard bot and so no coach, no how-to,
no tips, no chance after the deal, no options, and a game of only 24 moves at 3 seats) is dropped in at its paths,
and one line is added to `PLUGINS` in game/engine/__init__.py; a diff shows nothing else changed.

Then, in that copy and with this interpreter (two pytest runs at once), every generic test: every test of tests/
that loops over the registry (`GAMES`, a list made from it such as `TV_GAMES`, or the lobby's `table.games`), found
by `looping_tests` (this module's scan of the test modules' source), runs in one of three ways: a module whose every
test is about all games runs whole (`WHOLE`); a module whose loops are parametrizations runs its cases for Lone High
(`FOR_THE_GAME`, `-k lone-high`); the looping tests of a module otherwise about the shipped games run one by one
(`PICKED`). A test parametrized over the games that have something Lone High lacks (a how-to, sounds, a bot that
remembers) has no case for it: `NOT_HERE` says so, each with its reason.
`test_every_test_that_loops_over_the_registry_runs_in_the_copy` fails for a looping test that is in none of these
lists, and for an entry that names no test. The packaging test (a wheel built and installed, every game's rules
served) and the kit's own tests (its TV table from a real server, a browser game) run too.
"""

from __future__ import annotations

import ast
import difflib
import functools
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser  # (the copy runs browser tests: the phone's lobby and a game)

ROOT = Path(__file__).resolve().parent.parent
KIT = ROOT / "tests" / "third_game" / "kit"
REGISTRY = "game/engine/__init__.py"
LINE = '    "lone_high",'
GAME = "lone-high"

# Modules run whole in the copy: each of their tests is about every game (names, texts, docs pages, locales, the
# phone's pages and styles, the rules page), or they prove the packaging; the kit's own tests.
WHOLE = [
    "tests/test_platform_names.py", "tests/test_tv_plugin.py", "tests/test_texts.py", "tests/test_server_rules_page.py",
    "tests/test_server_game_css.py", "tests/test_packaging.py", "tests/test_tv_lone_high.py",
    "tests/browser/test_locales.py", "tests/browser/test_phone_platform.py", "tests/browser/test_phone_styles.py",
    "tests/browser/test_phone_lone_high.py",
]
# Modules whose loops over the registry are parametrizations: their cases for the game (`-k lone-high`). Their
# tests that loop in their body are in PICKED.
FOR_THE_GAME = [
    "tests/test_contract.py", "tests/test_game_pages.py", "tests/test_bot_takeover.py", "tests/test_server_errors.py",
    "tests/test_tv_kit.py", "tests/test_tv_render.py", "tests/test_tv_lazy.py", "tests/test_tv_rest_layer.py",
    "tests/test_tv_catch_up.py", "tests/test_tv_contrast.py", "tests/test_tv_privacy.py", "tests/test_tv_game.py",
    "tests/test_tv_coach.py", "tests/browser/test_phone_game_errors.py",
]
# The looping tests of modules otherwise about the shipped games (or, in a FOR_THE_GAME module, not parametrized).
PICKED = [
    "tests/test_bot_levels.py::test_every_game_on_the_table_offers_easy_and_normal_bots_and_tells_the_lobbies",
    "tests/test_bot_worker.py::test_only_bots_that_search_are_slow_and_every_hard_bot_thinks_apart",
    "tests/test_bot_takeover.py::test_the_shipped_games_bots_that_remember_are_the_ones_checked",
    "tests/test_session.py::test_the_table_names_every_registered_game_with_its_seats_and_declared_options",
    "tests/test_tips.py::test_every_kind_a_game_gives_is_declared_and_every_declared_kind_comes_up",
    "tests/test_tips.py::test_every_tip_has_its_text_in_every_language_and_no_text_is_left_over",
    "tests/test_tips.py::test_each_games_page_lists_its_tips",
    "tests/test_history.py::test_a_table_with_nothing_kept_sends_empty_lists",
    "tests/test_history.py::test_games_of_both_games_played_by_bots_through_the_table_are_kept_and_shown_in_the_lobby",
    "tests/test_history_cli.py::test_history_json_is_the_lobbys_history_of_the_kept_games",
    "tests/test_history_cli.py::test_history_prints_the_leaders_and_the_last_results_for_a_person",
    "tests/test_coach.py::test_the_host_turns_the_coach_on_for_a_person_and_everyone_sees_it",
    "tests/test_history.py::test_the_lobby_updates_carry_the_history_of_every_offered_game_and_nothing_else",
    "tests/test_game_pages.py::test_the_protocol_page_says_where_the_games_pages_are_and_tabulates_no_games_events",
    "tests/test_tv_kit.py::test_the_kit_offers_every_game_the_registry_puts_on_the_table",
    "tests/test_tv_kit.py::test_a_table_without_animations_needs_no_code_for_them",
    "tests/test_tv_kit.py::test_the_lobby_shows_the_platforms_emblem",
    "tests/test_tv_sound.py::test_the_tv_makes_every_offered_games_sounds_and_plays_nothing_for_an_unknown_name",
    "tests/test_tv_howto.py::test_a_game_without_a_how_to_shows_none_says_so_and_offers_no_button",
    "tests/test_moments.py::test_a_game_that_names_no_moment_plays_as_before",
    "tests/browser/test_phone_lobby.py::test_the_lobby_renders_every_option_from_its_declaration",
    "tests/browser/test_phone_lobby.py::test_seat_ranges_follow_the_declaration_not_a_copy",
    "tests/browser/test_phone_pages.py::test_rules_page_speaks_all_four_languages",
    "tests/browser/test_phone_pages.py::test_the_rules_nav_jumps_to_each_game",
    "tests/browser/test_phone_pages.py::test_the_rules_page_opens_at_the_game_asked_for",
    "tests/browser/test_phone_pages.py::test_the_lobby_links_to_the_rules_of_its_game",
    "tests/browser/test_phone_axe.py::test_the_rules_and_the_no_key_page_pass_axe",
]
# Looping tests that have no case for the game, and why (a module: all its looping tests).
NOT_HERE = {
    "tests/test_bot_takeover.py::test_a_resumed_tables_bot_knows_what_it_knew_before_the_save":
        "over the games with a bot that remembers (RESUMED): Lone High's bots read their view alone",
    "tests/test_bot_takeover.py::test_the_stream_a_bot_is_fed_is_what_the_seats_phone_got_on_the_wire":
        "over the games with a bot that remembers (FED): Lone High's bots read their view alone",
    "tests/test_tv_sound.py::test_every_games_own_effect_is_short_audible_and_in_range":
        "over the games' own sounds: Lone High has none",
    "tests/test_tv_howto.py":
        "over the games with a how-to (HOWTO_GAMES), or about the first of them: Lone High has none",
    **{f"tests/test_moments.py::{name}": "over the games that name moments (MOMENT_GAMES): Lone High names none"
       for name in ("test_every_moment_of_a_whole_game_holds_the_bots_and_the_timer_and_takes_a_persons_early_move",
                    "test_the_pace_option_scales_every_hold", "test_a_table_whose_moment_scale_is_zero_holds_nothing",
                    "test_a_moment_survives_a_restart_with_the_time_it_had_left",
                    "test_the_games_page_tabulates_exactly_its_moments")},
    **{f"tests/test_teaching_coverage.py::{name}": "over the games that give tips (TAUGHT_GAMES): Lone High gives none"
       for name in ("test_every_teaching_text_the_table_names_is_there_in_every_language",
                    "test_every_ruling_the_table_names_is_still_a_ruling_of_the_rules",
                    "test_every_tip_kind_teaches_something_in_the_table")},
}

# A loop over the registry in a test's source: `for g in GAMES`, `GAMES.items()`, `list(GAMES)`..., or over the
# games the lobby offers, `for g in update["table"]["games"]` (the registry's games on the table, on the wire).
LOOPS = re.compile(r"\b(?:list|tuple|sorted|set|len|iter|dict|enumerate)\(GAMES\)|\bin GAMES\b"
                   r"|\bGAMES\.(?:items|values|keys)\(|\bfor \w+ in [^\n]*\[\"games\"\]")
HELPERS = ("tests/tv_fixtures.py", "tests/error_keys.py", "tests/game_words.py")  # test helpers that loop over it


def working_tree() -> list[str]:
    """Return the product's files as the working tree holds them: tracked, and untracked but not ignored."""
    out = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                         check=True).stdout
    return sorted({p for p in out.decode().split("\0") if p and (ROOT / p).is_file()})


def kit_files() -> list[str]:
    """Return the kit's files, as paths inside the product."""
    return sorted(p.relative_to(KIT).as_posix() for p in KIT.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def add_registry_line(text: str) -> str:
    """Return the registry with the one line for the third game at the end of PLUGINS."""
    match = re.search(r"^PLUGINS: tuple\[str, \.\.\.\] = \(\n(?:    \"[a-z_]+\",\n)+", text, re.M)
    assert match, "PLUGINS is no longer one line per game"
    return text[:match.end()] + LINE + "\n" + text[match.end():]


# ------------------------------------------------------------------ which tests loop over the registry

def _segment(lines: list[str], node: ast.AST) -> str:
    """Return a node's source lines (whole lines: enough for the loop patterns)."""
    return "\n".join(lines[node.lineno - 1:node.end_lineno])  # type: ignore[attr-defined]


def _source(lines: list[str], node: ast.stmt) -> str:
    """Return a statement's source, a function's decorators included."""
    return "\n".join(_segment(lines, n) for n in [*getattr(node, "decorator_list", ()), node])


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _defines(node: ast.stmt) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _is_test(node: ast.stmt) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")


def registry_names(text: str, given: frozenset[str] = frozenset()) -> set[str]:
    """Return the module-level names of a module's source (constants, helpers, fixtures; not its tests) made from
    the registry: by a loop over it, or from another such name (`given`: imported ones)."""
    lines = text.splitlines()
    nodes = [(node, _defines(node), bool(LOOPS.search(_source(lines, node))), _names(node))
             for node in ast.parse(text).body if not _is_test(node)]
    found = set(given)
    grew = True
    while grew:
        grew = False
        for node, defines, loops, names in nodes:
            if defines - found and (loops or names & found):
                found |= defines
                grew = True
    return found - given


@functools.cache
def _helpers() -> dict[str, set[str]]:
    return {h: registry_names((ROOT / h).read_text(encoding="utf-8")) for h in HELPERS}


def looping_tests(path: Path) -> dict[str, bool]:
    """Return the tests of a test module that loop over the registry, each with whether it does so through its
    parametrization (a case per game, or per game and something) rather than in its body."""
    helpers = _helpers()
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    imported: set[str] = set()  # helpers' names made from the registry
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tests."):
            made = helpers.get(node.module.replace(".", "/") + ".py", set())
            imported |= {a.asname or a.name for a in node.names if a.name in made}
    constants = frozenset(n for n in imported if n.isupper())  # (a helper function in a body is no loop: `table()`)
    own = registry_names(text, constants) | constants
    out = {}
    for node in tree.body:
        if not _is_test(node):
            continue
        decorators = ast.Module(body=[ast.Expr(d) for d in node.decorator_list], type_ignores=[])
        by_cases = bool(any(LOOPS.search(_segment(lines, d)) for d in node.decorator_list)
                        or _names(decorators) & (own | imported) or {a.arg for a in node.args.args} & own)
        if by_cases or LOOPS.search(_segment(lines, node)) or _names(node) & own:
            out[node.name] = by_cases
    return out


def product_test_modules() -> list[Path]:
    """Return the product's test modules (this one aside)."""
    return [p for p in sorted([*(ROOT / "tests").glob("test_*.py"), *(ROOT / "tests" / "browser").glob("test_*.py")])
            if p.name != Path(__file__).name]


def test_every_test_that_loops_over_the_registry_runs_in_the_copy() -> None:
    found = {f"{p.relative_to(ROOT).as_posix()}::{name}": by_cases
             for p in product_test_modules() for name, by_cases in looping_tests(p).items()}
    assert len(found) > 60 and "tests/test_contract.py::test_whole_games_through_the_session_keep_the_contract__A5" \
        in found, "the scan found too little"

    def runs(test: str) -> bool:
        module = test.split("::")[0]
        return (module in WHOLE or test in PICKED or (module in FOR_THE_GAME and found[test])
                or test in NOT_HERE or module in NOT_HERE)

    missing = sorted(t for t in found if not runs(t))
    assert not missing, ("tests that loop over the registry but do not run in the copy: add each to WHOLE, "
                         f"FOR_THE_GAME, PICKED or NOT_HERE (with the reason) of tests/test_third_game.py: {missing}")
    for entry in [*WHOLE, *FOR_THE_GAME, *PICKED, *NOT_HERE]:
        module, _, name = entry.partition("::")
        path = ROOT / module if (ROOT / module).is_file() else KIT / module
        assert path.is_file(), f"{entry}: no such module"
        if name:
            assert re.search(rf"^(?:async )?def {name}\(", path.read_text(encoding="utf-8"), re.M), \
                f"{entry}: no such test"


def test_the_scan_sees_loops_in_bodies_parametrizations_and_names_made_from_the_registry() -> None:
    sample = ROOT / "tests" / "test_bot_takeover.py"
    loops = looping_tests(sample)
    assert loops["test_a_bot_taking_over_mid_game_knows_what_one_that_sat_there_from_the_start_knows"] is True
    assert loops["test_the_shipped_games_bots_that_remember_are_the_ones_checked"] is False  # (RESUMED in its body)
    assert "test_a_seat_handed_to_a_bot_again_after_its_player_came_back_is_taught_the_game_anew" not in loops
    assert looping_tests(ROOT / "tests" / "test_tv_render.py")["test_draw_changes_nothing"] is True  # (TV_GAMES)
    assert looping_tests(ROOT / "tests" / "test_game_pages.py")[  # (a fixture with a case per game)
        "test_the_public_view_table_names_exactly_the_public_schemas_fields"] is True
    assert "test_the_board_texts_reach_aa" not in looping_tests(ROOT / "tests" / "test_tv_lobby_board.py")


# ------------------------------------------------------------------ the copy

@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a copy of the product with the third game's files and its one line."""
    dest = tmp_path_factory.mktemp("product") / "couchcats"
    for name in working_tree():
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
    product = set(working_tree())
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
                   "controller_web/js/games/lone-high/", "docs/games/"):
        assert any(f.startswith(folder) for f in new_files), f"the kit has no {folder}"


def _results(report: Path) -> dict[str, str]:
    """Return each test case of a JUnit report as `path::name[case]` -> passed, failed, error or skipped."""
    out = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        path = case.get("classname", "").replace(".", "/") + ".py"
        outcome = next((c.tag for c in case if c.tag in ("failure", "error", "skipped")), "passed")
        out[f"{path}::{case.get('name')}"] = {"failure": "failed"}.get(outcome, outcome)
    return out


def test_in_the_copy_the_platform_takes_the_game_and_it_passes_every_generic_test(copy: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("PYTHONPATH", None)
    offered = subprocess.run([sys.executable, "-c", "from game.engine import GAMES; from game.bots import levels; "
                              f"print(list(GAMES)[-1], levels({GAME!r}))"], cwd=copy, env=env, capture_output=True,
                             text=True, timeout=60)
    assert offered.returncode == 0, offered.stderr
    assert offered.stdout.split() == [GAME, "['easy',", "'normal']"], "the game is registered, easy and normal bots"
    results: dict[str, str] = {}
    failed = []
    runs = []  # the two at once, one a core (the browser's and the TV's tests)
    for n, (what, args) in enumerate((("every game's tests", [*WHOLE, *PICKED]),
                                      ("the game's cases", [*FOR_THE_GAME, "-k", GAME]))):
        report, output = copy / f"report-{n}.xml", copy / f"output-{n}.txt"
        with output.open("w", encoding="utf-8") as out:  # (a file, not a pipe: neither run waits for a reader)
            runs.append((what, report, output, subprocess.Popen(
                [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-rfEs",
                 f"--junitxml={report}", *args], cwd=copy, env=env, stdout=out, stderr=subprocess.STDOUT)))
    for what, report, output, run in runs:
        try:
            run.wait(timeout=900)
        except subprocess.TimeoutExpired:
            run.kill()
            run.wait()
        text = output.read_text(encoding="utf-8")
        if run.returncode != 0 or re.search(r"\b\d+ (failed|skipped|error)", text):
            failed.append(f"{what}:\n" + text[-8000:])
        results |= _results(report) if report.is_file() else {}
    assert not failed, "\n\n".join(failed)  # (both runs are reported)
    assert results and set(results.values()) == {"passed"}
    ran = set(results)
    for module in WHOLE:
        assert any(t.startswith(module + "::") for t in ran), f"nothing of {module} ran"
    for test in PICKED:
        assert any(t == test or t.startswith(test + "[") for t in ran), f"{test} did not run"
    for module in FOR_THE_GAME:  # every parametrized loop has the game's cases (but those NOT_HERE says it lacks)
        for name, by_cases in looping_tests(ROOT / module).items():
            test = f"{module}::{name}"
            if by_cases and test not in NOT_HERE:
                assert any(t.startswith(test + "[") and GAME in t for t in ran), f"{test} ran no case of {GAME}"
