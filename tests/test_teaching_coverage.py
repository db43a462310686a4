"""Each game's page tabulates what teaches the rulings a player's decisions depend on (issue 29, "Teaching
coverage"): docs/games/<id>.md, section "Teaching", one row per ruling (or a few that go together) and what
teaches it — a how-to step, a tip kind, or a text the phone or the TV shows. This test keeps the table true:
every teaching text it names is in the game's text table in all four languages, every tip kind is one the game
gives, and every ruling id is still one of the rules' (../shared/rules/<id>.md, beside the project).

The table's cells: `ruling` (ids, comma-separated) and `taught by` (items separated by ";"):
- tip `kind`: the tip `tip.<kind>` (`GameRules.tip_kinds`);
- how-to step `name`: the how-to's caption `tv.howto.step.<name>`;
- text `key`: any other text of the game's (a status line, the TV's words), by its key.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine import GAMES
from game.locales import LANGS, game_table

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"
TAUGHT_GAMES = [g for g, r in GAMES.items() if r.on_table and r.tip_kinds]
ITEM = re.compile(r"^(tip|how-to step|text) `([A-Za-z0-9_.]+)`$")


def teaching_rows(game: str) -> list[tuple[list[str], list[tuple[str, str]]]]:
    """Return the page's "Teaching" table: (ruling ids, [(kind of teaching, its name)]) per row."""
    page = (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")
    assert "\n## Teaching\n" in page, f"docs/games/{game}.md has no Teaching section"
    section = page.split("\n## Teaching\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or cells[0] in ("ruling", "") or set(cells[0]) <= {"-"}:
            continue
        ids = [i.strip() for i in cells[0].split(",")]
        items = []
        for item in cells[1].split(";"):
            match = ITEM.match(item.strip())
            assert match, f"{game}: cannot read {item!r} (tip `kind`, how-to step `name` or text `key`)"
            items.append((match[1], match[2]))
        rows.append((ids, items))
    return rows


def text_key(kind: str, name: str) -> str:
    return {"tip": f"tip.{name}", "how-to step": f"tv.howto.step.{name}", "text": name}[kind]


@pytest.mark.parametrize("game", TAUGHT_GAMES)
def test_every_teaching_text_the_table_names_is_there_in_every_language(game: str) -> None:
    rows = teaching_rows(game)
    assert len(rows) >= 8, "a game with tips teaches its decisions' rulings: the table lists them"
    tables = {lang: game_table(game, lang) for lang in LANGS}
    for ids, items in rows:
        for kind, name in items:
            if kind == "tip":
                assert name in GAMES[game].tip_kinds, f"{game}: no tip of kind {name!r}"
            key = text_key(kind, name)
            for lang, table in tables.items():
                assert str(table.get(key) or "").strip(), f"{game}: {key} is missing in {lang} (taught: {ids})"


@pytest.mark.parametrize("game", TAUGHT_GAMES)
def test_every_ruling_the_table_names_is_still_a_ruling_of_the_rules(game: str) -> None:
    rules = RULES / f"{game}.md"
    if not rules.is_file():
        pytest.skip(f"{rules} is not beside the project")
    text = rules.read_text(encoding="utf-8")
    for ids, _items in teaching_rows(game):
        for ruling in ids:
            assert re.fullmatch(r"[FR]-[A-Z]+-\d+", ruling), f"{game}: {ruling!r} is not a ruling id"
            assert re.search(rf"\b{re.escape(ruling)}\b", text), f"{game}: {ruling} is no ruling of {rules.name}"


@pytest.mark.parametrize("game", TAUGHT_GAMES)
def test_every_tip_kind_teaches_something_in_the_table(game: str) -> None:
    named = {name for _ids, items in teaching_rows(game) for kind, name in items if kind == "tip"}
    assert set(GAMES[game].tip_kinds) <= named, f"{game}: tips the Teaching table does not list"
