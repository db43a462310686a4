"""The TV shows a coach badge at every coached seat, in the lobby and at each game's table (the
platform's seat tags: no game draws it itself), and nothing else of the coach: the TV never gets a hint."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from game.tv import layout
from game.tv.app import TvApp
from game.tv.render import COACH
from tests.tv_fixtures import TV_GAMES, FakeServer, first_turn, json_round_trip, session_updates, typical_players

SHOTS = os.environ.get("COACH_SHOTS", "/tmp/shots-tv/coach")
COACHED = 1


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    os.makedirs(SHOTS, exist_ok=True)  # (the pictures are for a person to look at)
    pygame.display.init()
    pygame.font.init()
    yield


def coached(u: dict[str, Any]) -> dict[str, Any]:
    """Return update `u` with the coach on for seat COACHED (as the host's switch makes it)."""
    u = json_round_trip(u)
    for seat in u["table"]["seats"]:
        seat["coached"] = seat["seat"] == COACHED
    return u


def shown(updates: list[dict[str, Any]]) -> tuple[TvApp, pygame.Surface]:
    server = FakeServer(updates)
    app = TvApp(server, lang="en")
    for _ in range(80):
        app.tick(0.1)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    return app, canvas


def badges(app: TvApp) -> list[tuple[Any, ...]]:
    """Return the coach badges the scene had the text cache write (text, size, colour)."""
    return [key for key in app.ctx.tc._cache if isinstance(key, tuple) and len(key) >= 3
            and key[2] == COACH and isinstance(key[0], str) and "coach" in key[0]]


@pytest.mark.parametrize("game", TV_GAMES)
def test_a_coached_seat_wears_the_coach_badge_in_the_lobby_and_at_the_table(game: str) -> None:
    ups = session_updates(game, typical_players(game) if game != "rat-a-tat-cat" else 3)
    lobby = coached(ups[0])
    app, canvas = shown([lobby])
    pygame.image.save(canvas, f"{SHOTS}/tv-lobby-{game}.png")
    assert badges(app), "no coach badge in the lobby"

    turn = coached(first_turn(ups))
    app, canvas = shown([coached(ups[0]), turn])
    pygame.image.save(canvas, f"{SHOTS}/tv-table-{game}.png")
    assert badges(app), "no coach badge at the table"

    plain = json_round_trip(first_turn(ups))  # nobody coached: no badge
    app, _ = shown([json_round_trip(ups[0]), plain])
    assert not badges(app)
