"""Whole games on the TV from the real server thread: keyboard host controls, bots, results, demo mode."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.bots import levels
from game.server.thread import ServerThread
from game.tv import layout
from game.tv.app import TvApp
from game.tv.intents import Intent
from game.tv.model import check_public, private_view_keys
from game.tv.scenes.lobby import LobbyScene
from game.tv.scenes.results import ResultsScene
from game.tv.games.cat_in_the_sack.table import SackTableScene
from tests.tv_fixtures import TV_GAMES, FakeServer, table, update


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture
def server(tmp_path: Path):
    srv = ServerThread(port=0, data_dir=tmp_path, bot_delay=0)
    srv.start()
    yield srv
    srv.stop()


def key(app: TvApp, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def run_until(app: TvApp, done, seconds: float = 60.0, canvas: pygame.Surface | None = None) -> None:
    """Tick (and draw) the app until done() holds; fail after `seconds` of wall time."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"stuck in {type(app.scene).__name__} stage={app.model.stage}"
        app.tick(0.1)
        if canvas is not None:
            app.draw(canvas)
        time.sleep(0.002)


def test_tv_keyboard_runs_a_bot_game_from_the_real_server_to_the_results(server: ServerThread) -> None:
    app = TvApp(server, keep_log=True)
    canvas = pygame.Surface(layout.CANVAS)
    run_until(app, lambda: app.model.update is not None)
    assert isinstance(app.scene, LobbyScene)
    for _ in range(4):
        key(app, pygame.K_b)
    run_until(app, lambda: len(app.model.table.get("seats") or ()) == 4)
    key(app, pygame.K_DOWN)  # the first option row: open piles
    key(app, pygame.K_RIGHT)  # on
    run_until(app, lambda: (app.model.table.get("options") or {}).get("open_piles") is True)
    key(app, pygame.K_DELETE)
    run_until(app, lambda: len(app.model.table.get("seats") or ()) == 3)
    key(app, pygame.K_b)
    run_until(app, lambda: len(app.model.table.get("seats") or ()) == 4)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.scene, SackTableScene))
    run_until(app, lambda: isinstance(app.scene, ResultsScene), canvas=canvas)
    result = app.model.view["result"]
    assert len(result["scores"]) == 4 and result["winners"]
    assert app.model.rejected == 0
    for u in app.model.consumed:
        check_public(u)
        assert u.get("view") is None or not private_view_keys("cat-in-the-sack") & set(u["view"])
    stages = [u["stage"] for u in app.model.consumed]
    assert stages[0] == "lobby" and "playing" in stages and stages[-1] == "over"
    app.draw(canvas)
    key(app, pygame.K_RETURN)  # play again with the same seats
    run_until(app, lambda: isinstance(app.scene, SackTableScene))
    assert len(app.model.table["seats"]) == 4


def test_demo_mode_fills_the_table_with_bots_and_plays(server: ServerThread) -> None:
    app = TvApp(server, demo=True)
    run_until(app, lambda: app.model.stage == "playing")
    assert len(app.model.table["seats"]) == 4
    assert all(s["bot"] for s in app.model.table["seats"])
    run_until(app, lambda: isinstance(app.scene, ResultsScene))


def test_lobby_keys_send_the_host_commands() -> None:
    server = FakeServer([update(1, "lobby", table(4, bots=(1, 3)), None)])
    app = TvApp(server)
    app.tick(0.02)
    for k in (pygame.K_b, pygame.K_v, pygame.K_DELETE, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_t, pygame.K_RETURN):
        key(app, k)
    assert server.commands == [
        {"cmd": "add_bot", "level": "normal"},
        {"cmd": "set_bot", "seat": 3, "level": levels("cat-in-the-sack")[(levels("cat-in-the-sack").index("normal") + 1)
                                                                        % len(levels("cat-in-the-sack"))]},
        {"cmd": "remove_seat", "seat": 3},
        {"cmd": "set_option", "name": "open_piles", "value": True},
        {"cmd": "set_option", "name": "turn_timer", "value": 30},
        {"cmd": "start"},
    ]
    key(app, pygame.K_g)  # G: the next game the table offers
    assert server.commands[6] == {"cmd": "set_game", "game": "rat-a-tat-cat"}


def test_the_game_key_says_so_when_the_table_offers_one_game() -> None:
    tab = table(3)
    tab["games"] = tab["games"][:1]
    server = FakeServer([update(1, "lobby", tab, None)])
    app = TvApp(server)
    app.tick(0.02)
    key(app, pygame.K_g)
    assert app.ctx.toast_text == app.ctx.texts("tv.only_game") and server.commands == []


def test_escape_asks_before_quitting_and_window_close_quits_at_once() -> None:
    app = TvApp(FakeServer([update(1, "lobby", table(3), None)]))
    app.tick(0.02)
    key(app, pygame.K_ESCAPE)
    assert app.confirming_quit and app.running
    key(app, pygame.K_ESCAPE)
    assert not app.confirming_quit and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running
    app2 = TvApp(FakeServer())
    app2.handle_event(pygame.event.Event(pygame.QUIT))
    assert not app2.running
    app3 = TvApp(FakeServer())
    key(app3, pygame.K_c, pygame.KMOD_LCTRL)
    assert not app3.running


def test_mute_key_toggles_sound_and_says_so() -> None:
    app = TvApp(FakeServer(), mute=False)
    app.enable_sound()
    assert app.ctx.sound is not None
    app.dispatch(Intent.MUTE)
    assert app.ctx.sound.muted and app.ctx.toast_text == app.ctx.texts("tv.sound_off")
    app.dispatch(Intent.MUTE)
    assert not app.ctx.sound.muted


@pytest.mark.parametrize("game", TV_GAMES)
def test_b_at_the_table_hands_an_away_seat_to_a_bot(game: str) -> None:
    from tests.tv_fixtures import first_turn, json_round_trip, kit_updates, typical_players, with_seats

    n = typical_players(game)
    ups = kit_updates(game, n, seed=8)
    server = FakeServer([ups[0]])
    app = TvApp(server)
    app.tick(0.05)
    u = json_round_trip(first_turn(ups))
    server.updates.put(u)
    app.tick(0.05)
    key(app, pygame.K_b)
    assert server.commands == []  # nobody away: nothing to hand over
    away = json_round_trip(u)
    away["version"] += 1
    away["table"] = with_seats(u["table"], disconnected=(n - 1,), bots=(1,))
    server.updates.put(away)
    app.tick(0.05)
    assert "B" in app.ctx.toast_text and app.ctx.model.name(n - 1) in app.ctx.toast_text
    key(app, pygame.K_b)
    assert server.commands == [{"cmd": "seat_to_bot", "seat": n - 1}]


@pytest.mark.parametrize("game", TV_GAMES)
def test_the_away_hint_goes_as_soon_as_the_seat_is_back(game: str) -> None:
    from game.tv.scenes.base import draw_toast
    from tests.tv_fixtures import first_turn, json_round_trip, kit_updates, typical_players, with_seats

    n = typical_players(game)
    last = n - 1  # the seat that drops; seat 0 drops too later, seat 1 is a bot
    ups = kit_updates(game, n, seed=8)
    server = FakeServer([ups[0]])
    app = TvApp(server)
    app.tick(0.05)
    u = json_round_trip(first_turn(ups))
    server.updates.put(u)
    app.tick(0.05)
    hint = app.ctx.texts("tv.hint_away", name=app.model.name(last))

    def toast_drawn() -> bool:
        canvas = pygame.Surface(layout.CANVAS, pygame.SRCALPHA)  # transparent: only what draw_toast paints counts
        draw_toast(app.ctx, canvas)
        return canvas.get_bounding_rect().width > 0

    def with_table(version: int, **kw) -> dict:
        nxt = json_round_trip(u)
        nxt["version"] = version
        nxt["table"] = with_seats(u["table"], **kw)
        return nxt

    server.updates.put(with_table(u["version"] + 1, disconnected=(last,), bots=(1,)))
    app.tick(0.05)
    assert app.ctx.toast_text == hint and toast_drawn()
    server.updates.put(with_table(u["version"] + 2, bots=(1,)))  # the phone reloaded: back 0.5 s later
    app.tick(0.5)
    assert not toast_drawn()
    # two away, the hinted one comes back: the hint names the one still away
    server.updates.put(with_table(u["version"] + 3, disconnected=(0,), bots=(1,)))
    server.updates.put(with_table(u["version"] + 4, disconnected=(0, last), bots=(1,)))
    app.tick(0.05)
    assert app.ctx.toast_text == hint
    server.updates.put(with_table(u["version"] + 5, disconnected=(0,), bots=(1,)))
    app.tick(0.05)
    assert app.ctx.toast_text == app.ctx.texts("tv.hint_away", name=app.model.name(0)) and toast_drawn()
    # a seat handed to a bot is no longer away either
    server.updates.put(with_table(u["version"] + 6, bots=(0, 1)))
    app.tick(0.05)
    assert not toast_drawn()
