"""The TV keeps up with a fast table: a whole round in 200 ms is on screen, at rest, half a second later."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from game.tv import layout
from game.tv.anim import Timeline
from game.tv.app import TvApp
from game.tv.games.cat_in_the_sack.table import SackTableScene
from tests.tv_fixtures import FakeServer, game_updates, games_and_players, json_round_trip, kit_updates

FRAME = 1 / 60
SHOTS = "/tmp/shots-tv"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def a_round(ups: list[dict[str, Any]], n: int) -> tuple[int, int]:
    """Return the slice (first, stop) of updates that play round n, its last pass (the row won) included."""
    first = next(i for i, u in enumerate(ups) if u["view"] and u["view"]["round"] == n)
    stop = next(i for i, u in enumerate(ups) if u["view"] and u["view"]["round"] == n + 1) + 1
    return first, stop


def settled_app(ups: list[dict[str, Any]], upto: int) -> tuple[TvApp, FakeServer]:
    """Return a TV that saw updates[..upto) one by one, each given time to finish."""
    server = FakeServer()
    app = TvApp(server)
    for u in ups[:upto]:
        server.updates.put(json_round_trip(u))
        for _ in range(40):
            app.tick(0.1)
    while getattr(app.scene, "in_moment", False):  # a moment its last update made plays its whole length first
        app.tick(0.1)
    return app, server


def picture(app: TvApp) -> bytes:
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    return pygame.image.tobytes(canvas, "RGB")


def play_fast(app: TvApp, server: FakeServer, burst: list[dict[str, Any]], span: float) -> float:
    """Feed `burst` spread evenly over `span` seconds of the TV's clock at 60 frames a second; return the last arrival."""
    arrivals = [app.ctx.clock + span * i / max(1, len(burst) - 1) for i in range(len(burst))]
    k = 0
    while k < len(burst):
        while k < len(burst) and arrivals[k] <= app.ctx.clock + FRAME:
            server.updates.put(json_round_trip(burst[k]))
            k += 1
        app.tick(FRAME)
    return app.ctx.clock


@pytest.mark.parametrize("players,span", [(4, 0.2), (5, 0.2), (3, 0.05), (4, 2.0)])
def test_a_whole_round_in_a_burst_is_shown_at_rest_within_the_catch_up_bound(players: int, span: float) -> None:
    ups = game_updates(players, seed=4)
    first, stop = a_round(ups, 3)
    burst = ups[first:stop]
    assert len(burst) >= players + 3  # choices, bids and passes: a real round
    fast, server = settled_app(ups, first)
    last = play_fast(fast, server, burst, span)
    # the reference: a TV that saw the same round at leisure and is at rest on its last view
    calm, _ = settled_app(ups, stop)
    while fast.ctx.clock < last + Timeline.CATCH_UP + FRAME:
        fast.tick(FRAME)
    assert isinstance(fast.scene, SackTableScene) and not fast.scene.busy
    assert fast.scene.anim.news == calm.scene.anim.news != ""
    shown, rest = picture(fast), picture(calm)
    if shown != rest:  # (the two pictures, for a person to compare)
        os.makedirs(SHOTS, exist_ok=True)
        pygame.image.save(pygame.image.frombytes(shown, layout.CANVAS, "RGB"), f"{SHOTS}/burst_fast.png")
        pygame.image.save(pygame.image.frombytes(rest, layout.CANVAS, "RGB"), f"{SHOTS}/burst_calm.png")
    assert shown == rest, "the table is not at rest on the latest view"


@pytest.mark.parametrize("game,players", games_and_players())
def test_a_burst_of_any_games_updates_is_shown_at_rest_within_the_catch_up_bound(game: str, players: int) -> None:
    ups = kit_updates(game, players, seed=4)
    first = len(ups) // 3
    last_table = max(i for i, u in enumerate(ups) if u["stage"] == "playing")
    stop = min(first + 2 * players + 4, last_table)  # a burst mid-game (a short game's may reach its last move)
    fast, server = settled_app(ups, first)
    last = play_fast(fast, server, ups[first:stop], 0.2)
    calm, _ = settled_app(ups, stop)  # the reference: a TV that saw the same updates at leisure, at rest
    while fast.ctx.clock < last + Timeline.CATCH_UP + FRAME:
        fast.tick(FRAME)
    while getattr(fast.scene, "in_moment", False):  # a moment the burst ended in plays its length (the table holds)
        fast.tick(FRAME)
    assert type(fast.scene) is type(calm.scene) and not fast.scene.busy  # type: ignore[attr-defined]
    assert fast.scene.anim.news == calm.scene.anim.news  # type: ignore[attr-defined]
    assert picture(fast) == picture(calm), "the table is not at rest on the latest view"


@pytest.mark.parametrize("gap", [0.0, 0.1, 0.3, 0.6, 1.2])
def test_older_pictures_never_keep_the_newest_update_waiting_longer_than_lead(gap: float) -> None:
    ups = game_updates(4, seed=7)
    first, stop = a_round(ups, 2)
    app, server = settled_app(ups, first)
    for u in ups[first:stop + 8]:
        scene = app.scene
        assert isinstance(scene, SackTableScene)
        tl = scene.anim.timeline
        older, waiting = list(tl.anims), list(tl.captions)
        server.updates.put(json_round_trip(u))
        arrived = app.ctx.clock
        app.tick(FRAME)
        while app.ctx.clock < arrived + Timeline.LEAD + FRAME:
            app.tick(FRAME)
        assert not {id(a) for a in older} & {id(a) for a in tl.anims}, "an older picture is still playing"
        assert not {id(c) for c in waiting} & {id(c) for c in tl.captions}, "an older line is still waiting"
        while app.ctx.clock < arrived + gap:
            app.tick(FRAME)
