"""Each game's wire part is documented in its own page, docs/games/<id>.md, and the page matches the game's schemas.

The page's field tables name exactly the fields of the game's `public_schema` (section "Public view"), the fields
`seat_schema` adds to it ("Seat view"), each event of `event_schemas` with its fields ("Events") and the outcome's
`detail_schema` ("Score detail"); "Actions" names the action types `parse_action` accepts (every type a played game
offered, with the keys it writes) and "Error keys" every key the game's engine can raise, as the wire says it.
A nested field is written as its path: `seats[].seat` (a list of objects) or `end.mode` (an object).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from game import protocol as P
from game.engine import GAMES, GameError
from game.simulate import play_game
from tests.error_keys import engine_error_keys

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "docs" / "games"
PROTOCOL = ROOT / "docs" / "protocol.md"
SECTIONS = ("Public view", "Seat view", "Actions", "Events", "Score detail", "Error keys")
TICKED = re.compile(r"`([^`]+)`")


def _page(game: str) -> Path:
    return PAGES / f"{game}.md"


def _sections(text: str) -> dict[str, list[list[str]]]:
    """Return each `## ` section's table rows (the header and the |---| line left out), as lists of cells."""
    out: dict[str, list[list[str]]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            out[current] = []
        elif current is not None and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                out[current].pop()  # the line before was the header
            else:
                out[current].append(cells)
    return out


def _paths(schema: dict[str, Any], prefix: str = "") -> set[str]:
    """Return every field path of a schema: `seats`, `seats.seat`, ..."""
    out = set()
    for key, sub in schema.items():
        out.add(prefix + key)
        if isinstance(sub, dict):
            out |= _paths(sub, f"{prefix}{key}.")
    return out


def _path(cell: str) -> str:
    """Return the field path a page writes (`seats[].seat` is `seats.seat`)."""
    return cell.replace("[]", "")


def _first_column(rows: list[list[str]], where: str) -> list[str]:
    names = []
    for row in rows:
        ticked = TICKED.fullmatch(row[0])
        assert ticked, f"{where}: the first cell must be one `field`: {row[0]!r}"
        names.append(ticked[1])
    return names


def _same(page: set[str], schema: set[str], where: str) -> None:
    assert not schema - page, f"{where}: the page does not document {sorted(schema - page)}"
    assert not page - schema, f"{where}: the page names fields the schema lacks: {sorted(page - schema)}"


@pytest.fixture(scope="module", params=list(GAMES))
def page(request) -> tuple[str, dict[str, list[list[str]]]]:
    game = request.param
    path = _page(game)
    assert path.is_file(), (f"the game {game!r} has no page: write {path.relative_to(ROOT)} with its wire part "
                            f"(sections {', '.join(SECTIONS)}), as docs/games/cat-in-the-sack.md does")
    sections = _sections(path.read_text(encoding="utf-8"))
    missing = [s for s in SECTIONS if s not in sections]
    assert not missing, f"{path.relative_to(ROOT)} lacks the sections {missing}"
    return game, sections


def test_the_public_view_table_names_exactly_the_public_schemas_fields(page):
    game, sections = page
    rows = sections["Public view"]
    _same({_path(n) for n in _first_column(rows, f"{game}: Public view")}, _paths(GAMES[game].public_schema),
          f"docs/games/{game}.md, Public view")


def test_the_seat_view_table_names_exactly_the_fields_only_a_seat_gets(page):
    game, sections = page
    rules = GAMES[game]
    seat_only = _paths(rules.seat_schema) - _paths(rules.public_schema)
    assert _paths(rules.public_schema) <= _paths(rules.seat_schema), "a seat sees at least the public view"
    _same({_path(n) for n in _first_column(sections["Seat view"], f"{game}: Seat view")}, seat_only,
          f"docs/games/{game}.md, Seat view")


def test_the_events_table_names_every_event_with_exactly_its_fields(page):
    game, sections = page
    schemas = GAMES[game].event_schemas
    rows = sections["Events"]
    types = _first_column(rows, f"{game}: Events")
    assert len(types) == len(set(types)), f"{game}: an event has two rows"
    _same(set(types), set(schemas), f"docs/games/{game}.md, Events")
    for event, row in zip(types, rows):
        fields = {_path(f) for f in TICKED.findall(row[1])}
        _same(fields, _paths(schemas[event]), f"docs/games/{game}.md, event {event}")


def test_the_score_detail_table_names_exactly_the_detail_schemas_fields(page):
    game, sections = page
    rows = sections["Score detail"]
    _same({_path(n) for n in _first_column(rows, f"{game}: Score detail")}, _paths(GAMES[game].detail_schema),
          f"docs/games/{game}.md, Score detail")


def _offered(game: str) -> dict[str, set[str]]:
    """Return every action type the engine offered in two bot games, with the keys it writes."""
    rules = GAMES[game]
    offered: dict[str, set[str]] = {}

    def look(state: Any) -> None:
        for seat in rules.to_act(state):
            for action in rules.legal_actions(state, seat):
                data = action.to_dict()
                offered.setdefault(data["type"], set()).update(k for k in data if k != "type")

    for seed in (1, 2):
        play_game(game, ["random"] * rules.min_players, seed, 1, observe=look)
    return offered


def test_the_actions_table_names_the_types_parse_action_accepts_with_their_keys(page):
    game, sections = page
    rules = GAMES[game]
    rows = sections["Actions"]
    types = _first_column(rows, f"{game}: Actions")
    for kind in types:
        try:
            rules.parse_action({"type": kind})
        except GameError as err:  # a type it knows but whose fields are missing is still a type it accepts
            assert err.key != "unknown_action", f"docs/games/{game}.md names an action {kind!r} the engine refuses"
    documented = {kind: {_path(f) for f in TICKED.findall(row[1])} for kind, row in zip(types, rows)}
    offered = _offered(game)
    assert offered, "the bot games offered no action"
    for kind, keys in offered.items():
        assert kind in documented, f"docs/games/{game}.md does not document the action {kind!r}"
        assert keys <= documented[kind], f"{game}: action {kind}: keys {sorted(keys - documented[kind])} undocumented"


def test_the_error_keys_table_names_every_key_the_engine_raises_as_the_wire_says_it(page):
    game, sections = page
    wire = {f"{game}{P.GAME_KEY_SEPARATOR}{k}" for k in engine_error_keys()[game]}
    _same(set(_first_column(sections["Error keys"], f"{game}: Error keys")), wire,
          f"docs/games/{game}.md, Error keys")


def test_the_protocol_page_says_where_the_games_pages_are_and_tabulates_no_games_events():
    text = PROTOCOL.read_text(encoding="utf-8")
    assert "`docs/games/<game id>.md`" in text, "docs/protocol.md does not say where a game's page is"
    linked = re.findall(r"\]\(games/([a-z0-9-]+)\.md\)", text)
    assert linked, "docs/protocol.md links no game's page"
    for game in linked:  # (a game added later needs only its own page: the rule above says where it is)
        assert _page(game).is_file() and game in GAMES, f"docs/protocol.md links docs/games/{game}.md, not a game"
    rows = {cells[0] for rows in _sections(text).values() for cells in rows}
    for game, rules in GAMES.items():
        for event in rules.event_schemas:
            assert f"`{event}`" not in rows, f"docs/protocol.md has a row for {game}'s event {event}: its page does"
