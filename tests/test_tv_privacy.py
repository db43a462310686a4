"""The TV only ever consumes public updates: private views are refused, and no TV code can build one."""

from __future__ import annotations

import random
import re
from typing import Any
from pathlib import Path

import pygame
import pytest

from game import protocol as P
from game.engine import GAMES
from game.engine import cat_in_the_sack as sack
from game.engine.cat_in_the_sack.views import public_view, view_for
from game.tv.app import TvApp
from game.tv.games import screens_for
from game.tv.model import PrivateViewError, TableModel, check_public, private_view_keys
from tests.tv_fixtures import (TV_GAMES, FakeServer, first_turn, game_updates, games_and_players, json_round_trip,
                               kit_updates, table, update)

TV_DIR = Path(__file__).resolve().parent.parent / "game" / "tv"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def dealt(game: str, players: int, seed: int) -> Any:
    """Return a freshly dealt state of `game` (its chance after the deal applied too)."""
    rules = GAMES[game]
    rng = random.Random(seed)
    state = rules.new_game(players, rng, rules.engine_options({}))
    while rules.chance_due(state) is not None:
        rules.apply_chance(state, rules.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("game", TV_GAMES)
def test_every_games_seat_view_is_refused_and_the_picture_stays(game: str) -> None:
    rules = GAMES[game]
    state = dealt(game, rules.min_players, 5)
    tab = kit_updates(game)[0]["table"]
    public = json_round_trip(update(2, "playing", tab, P.view_to_wire(game, rules.public_view(state), seat_view=False)))
    private = json_round_trip(update(3, "playing", tab, P.view_to_wire(game, rules.view_for(state, 1), seat_view=True)))
    model = TableModel()
    assert model.accept(public)
    assert not model.accept(private)
    assert model.rejected == 1 and model.update is public
    with pytest.raises(PrivateViewError):
        check_public(private)


PRIVATE_FIELDS = [(game, name) for game in TV_GAMES for name in sorted(private_view_keys(game))]
PRIVATE_EVENTS = [(game, kind) for game in TV_GAMES for kind in sorted(screens_for(game).private_event_types)]


@pytest.mark.parametrize("game,field", PRIVATE_FIELDS)
def test_any_single_private_field_of_any_game_is_refused(game: str, field: str) -> None:
    u = first_turn(kit_updates(game))
    assert TableModel().accept(json_round_trip(u))
    u["view"][field] = 0
    assert not TableModel().accept(u)


@pytest.mark.parametrize("game,kind", PRIVATE_EVENTS)
def test_any_event_meant_for_one_seat_of_any_game_is_refused(game: str, kind: str) -> None:
    u = first_turn(kit_updates(game))
    u["events"].append({"type": kind, "seat": 0})
    assert not TableModel().accept(u)


@pytest.mark.parametrize("game", TV_GAMES)
def test_an_update_addressed_to_a_seat_is_refused_in_any_game(game: str) -> None:
    u = first_turn(kit_updates(game))
    u["you"]["seat"] = 0
    assert not TableModel().accept(u)


def test_a_cat_in_the_sack_seat_view_is_refused_and_the_picture_stays() -> None:
    state = sack.new_game(4, random.Random(5))
    public = json_round_trip(update(2, "playing", table(4), public_view(state).to_dict()))
    private = json_round_trip(update(3, "playing", table(4), view_for(state, 1).to_dict()))
    model = TableModel()
    assert model.accept(public)
    assert not model.accept(private)
    assert model.rejected == 1 and model.update is public
    with pytest.raises(PrivateViewError):
        check_public(private)


# Cat in the Sack's seat-only view fields, as docs/protocol.md lists them
@pytest.mark.parametrize("field", ["seat", "hand", "mice", "won_pile", "chosen_card", "legal"])
def test_any_single_private_field_is_refused(field: str) -> None:
    state = sack.new_game(3, random.Random(1))
    u = json_round_trip(update(2, "playing", table(3), public_view(state).to_dict()))
    u["view"][field] = [] if field != "seat" else 0
    assert not TableModel().accept(u)


def test_a_face_down_card_or_a_private_event_is_refused() -> None:
    ups = game_updates(4, seed=2)
    u = next(json_round_trip(x) for x in ups if x["view"] and any(not rc["face_up"] for rc in x["view"]["row"]))
    down = next(rc for rc in u["view"]["row"] if not rc["face_up"])
    down["card"] = 15
    assert not TableModel().accept(u)
    ev = json_round_trip(ups[2])
    ev["events"].append({"type": "my_card_chosen", "seat": 0, "card": 11})
    assert not TableModel().accept(ev)
    addressed = json_round_trip(ups[2])
    addressed["you"]["seat"] = 0
    assert not TableModel().accept(addressed)


@pytest.mark.parametrize("game,players", games_and_players())
def test_a_whole_game_of_any_game_through_the_tv_consumes_only_public_views(game: str, players: int) -> None:
    ups = kit_updates(game, players, seed=4)
    server = FakeServer(ups)
    app = TvApp(server, keep_log=True)
    for _ in range(len(ups) + 5):
        app.tick(0.05)
    assert app.model.rejected == 0
    assert len(app.model.consumed) == len(ups)
    for u in app.model.consumed:
        check_public(u)
        assert not private_view_keys(game) & set(u["view"] or {})
    assert app.model.consumed[-1]["stage"] == "over"


def test_no_tv_module_builds_or_imports_a_seat_view() -> None:
    sources = list(TV_DIR.rglob("*.py"))
    assert len(sources) >= 10
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert "view_for" not in text, path
        assert not re.search(r"^\s*(from|import)\s+game\.(engine|session|bots)", text, re.M), \
            f"{path} imports game state code; the TV must draw from public updates only"
