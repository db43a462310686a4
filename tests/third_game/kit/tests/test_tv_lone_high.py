"""Lone High (the throwaway third game, tests/third_game) on the TV, from the real server: picked with G, three
bots seated with B, a whole game drawn on its own table scene from public updates only, then the score screen.
Only runs in the copy that tests/test_third_game.py makes."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.server.thread import ServerThread
from game.tv import layout
from game.tv.app import TvApp
from game.tv.games.lone_high.scene import LoneTableScene
from game.tv.model import check_public, private_view_keys
from game.tv.scenes.results import ResultsScene


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def run_until(app: TvApp, done, canvas: pygame.Surface, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds  # a safety net against a stuck game, not a speed assertion
    while not done():
        assert time.monotonic() < end, f"stuck in {type(app.scene).__name__} stage={app.model.stage}"
        app.tick(0.1)
        app.draw(canvas)
        time.sleep(0.002)


def key(app: TvApp, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_the_tv_picks_lone_high_and_shows_a_whole_bot_game(tmp_path: Path) -> None:
    server = ServerThread(port=0, data_dir=tmp_path, bot_delay=0.15)  # the table is shown a while
    server.start()
    try:
        app = TvApp(server, keep_log=True)
        canvas = pygame.Surface(layout.CANVAS)
        run_until(app, lambda: app.model.update is not None, canvas)
        for _ in range(len(app.model.table["games"])):
            if app.model.table.get("game") == "lone-high":
                break
            before = app.model.table.get("game")
            key(app, pygame.K_g)
            run_until(app, lambda: app.model.table.get("game") != before, canvas)
        assert app.model.table["game"] == "lone-high"
        for _ in range(3):
            key(app, pygame.K_b)
        run_until(app, lambda: len(app.model.table.get("seats") or ()) == 3, canvas)
        drawn = [k[0] for k in app.ctx.tc._cache]
        assert "Lone High" in drawn, "the lobby names the game from its TV texts"
        key(app, pygame.K_RETURN)
        run_until(app, lambda: isinstance(app.scene, LoneTableScene), canvas)
        run_until(app, lambda: isinstance(app.scene, ResultsScene), canvas)
        drawn = [k[0] for k in app.ctx.tc._cache]
        assert "Everyone: pick a card" in drawn and "Lone wins" in drawn
        assert app.model.rejected == 0
        for u in app.model.consumed:
            check_public(u)
            assert u.get("view") is None or not private_view_keys("lone-high") & set(u["view"])
        assert [r["place"] for r in app.scene.ranking()][0] == 1
        pygame.image.save(canvas, str(tmp_path / "lone-high-results.png"))
    finally:
        server.stop()
