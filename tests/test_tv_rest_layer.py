"""The table's resting picture is kept in a layer and painted again only where it changes.

`TableScene.draw` copies the layer and paints only what moves over it; a change paints again
only the parts whose arguments changed (with the felt and the parts under them, clipped). Every frame of whole
games of both games (animations overlapping, a turn timer and a game clock counting down) must be
pixel for pixel what painting everything afresh gives (`draw_rest` then `draw_moving` on a blank
canvas), most frames must not paint the table again (the point of the layer), and each part
must paint only inside its rect. The generic checks run over every game the lobby offers
(tests/tv_fixtures.py's kit); the slow-pace and option variants are each game's own.
"""

from __future__ import annotations

import copy
from typing import Any

import pygame
import pytest

from game.tv import layout
from game.tv.app import TvApp
from game.tv.scenes.base import Part, TableScene
from tests.test_tv_rat import session_updates
from tests.tv_fixtures import TV_GAMES, FakeServer, game_updates, games_and_players, json_round_trip, kit_updates, \
    turn_seat

FRAME = 1 / 60


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def painted_afresh(scene: TableScene, depth: int = 32) -> bytes:
    """Return the scene's pixels painted from nothing: the resting table, then what moves over it."""
    canvas = pygame.Surface(layout.CANVAS, depth=depth)
    scene.draw_rest(canvas)
    scene.draw_moving(canvas)
    return pixels(canvas)


def pixels(canvas: pygame.Surface) -> bytes:
    """Return the canvas's raw pixels (same-format canvases compare byte for byte)."""
    return canvas.get_buffer().raw


def assert_parts_stay_inside(scene: TableScene) -> None:
    """Every part of the resting table paints only inside its rect (else a change would leave a trace behind)."""
    probe = pygame.Surface(layout.CANVAS, pygame.SRCALPHA)
    parts = scene.rest_parts()
    assert parts
    for part in parts:
        probe.fill((0, 0, 0, 0))
        part.paint(probe, *part.args)
        painted = probe.get_bounding_rect()
        assert not painted.width or part.rect.contains(painted), (part.paint.__name__, part.rect, painted)


def table_drawn(game: str, shown: int, dt: float) -> tuple[TvApp, pygame.Surface]:
    """Return a TV fed the first `shown` updates of a kit session of `game`, each ticked `dt` and drawn, and its
    canvas."""
    server = FakeServer()
    app = TvApp(server, mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    for u in kit_updates(game, seed=5)[:shown]:
        server.updates.put(json_round_trip(u))
        app.tick(dt)
        app.draw(canvas)
    return app, canvas


def play(ups: list[dict[str, Any]], frames_per_update: int, dt: float = FRAME,
         checked: frozenset[int] | None = None) -> tuple[int, int, int]:
    """Feed `ups` to a TV, drawing `frames_per_update` frames after each on one canvas; compare its table frames
    (the k-th after each update for k in `checked`; all of them by default) with a fresh paint.

    Return (table frames, frames that painted the resting table, updates shown on the table).
    """
    server = FakeServer()
    app = TvApp(server, mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    frames = paints = shown = 0
    for u in ups:
        server.updates.put(json_round_trip(u))
        for k in range(frames_per_update):
            app.tick(dt)
            scene = app.scene
            if not isinstance(scene, TableScene):
                app.draw(canvas)
                continue
            before = scene._rest_drawn
            app.draw(canvas)
            frames += 1
            paints += scene._rest_drawn is not before
            shown += k == 0
            assert (checked is not None and k not in checked) or pixels(canvas) == painted_afresh(scene), \
                f"frame {k} after version {u['version']} differs from a fresh paint"
            if k == 1 and u["version"] % 3 == 0:
                assert_parts_stay_inside(scene)
    return frames, paints, shown


@pytest.mark.parametrize("game,players", games_and_players())
def test_every_frame_of_any_games_table_with_a_turn_timer_is_what_a_fresh_paint_gives(game: str, players: int) -> None:
    ups = kit_updates(game, players, seed=5)
    for u in ups:
        if u["stage"] == "playing" and turn_seat(u) is not None:
            u["timer"] = {"seat": turn_seat(u), "seconds_left": 3}  # its seconds tick while the cards move
    fed = ups[:45] + ups[-2:]
    frames, paints, shown = play(fed, 9)
    assert shown >= sum(u["stage"] == "playing" for u in fed) - 2  # (a short game's whole table is the most)
    assert paints < frames / 2  # the table is painted for its changes, not for every frame


def test_every_frame_of_a_cat_in_the_sack_game_is_right_at_a_slow_pace_too() -> None:
    # each update's animations run to their end and rest: compared as they start, move, land and rest
    frames, paints, _ = play(game_updates(3, seed=8, open_piles=True)[:30], 50,
                             checked=frozenset({0, 1, 4, 10, 20, 30, 40, 49}))
    assert paints < frames / 8


@pytest.mark.parametrize("players,options", [(3, {"end": "time", "minutes": 10}), (2, {"kids": True})])  # defaults: above
def test_every_frame_of_a_rat_a_tat_cat_game_is_what_a_fresh_paint_gives(players: int,
                                                                          options: dict[str, Any]) -> None:
    ups = session_updates(players, seed=2, **options)[:40]
    frames, paints, shown = play(ups, 7, dt=0.07 if options.get("end") == "time" else FRAME)
    assert shown > 28
    assert paints < frames / 2


@pytest.mark.parametrize("game", TV_GAMES)
def test_a_change_painted_ahead_an_area_at_a_time_is_the_change_painted_at_once(game: str) -> None:
    # the how-to paints a big change over a few frames (paint_rest_ahead, an area a call past its deadline);
    # at times the next change comes before the last is all painted: the layer must still end exact
    server = FakeServer()
    app = TvApp(server, mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    sliced = compared = 0
    for n, u in enumerate(kit_updates(game, seed=5)[:40]):
        server.updates.put(json_round_trip(u))
        app.tick(0.2)  # (the cards move on, some land: the resting picture changes)
        scene = app.scene
        if not isinstance(scene, TableScene):
            continue
        for _ in range(n % 4):
            if scene.paint_rest_ahead(canvas, until=0.0):
                break
            sliced += 1
        if n % 3 == 1:
            continue  # the next change comes over this one, half painted
        app.draw(canvas)
        compared += 1
        assert pixels(canvas) == painted_afresh(scene), f"after version {u['version']}"
    assert sliced > 10 and compared > 10, (sliced, compared)


def _paint_tile(canvas: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    pygame.draw.rect(canvas, colour, rect, border_radius=24)


class Tiles(TableScene):
    """A table of eight coloured tiles: its resting picture is what `colours` says."""

    def __init__(self, app: TvApp) -> None:
        super().__init__(app.ctx)
        self.colours = [(200, 40, 40)] * 8

    def rest_key(self) -> Any:
        return tuple(self.colours)

    def rest_parts(self) -> list[Part]:
        return [Part(pygame.Rect(40 + 230 * i, 100, 200, 700), _paint_tile, (pygame.Rect(40 + 230 * i, 100, 200, 700), c))
                for i, c in enumerate(self.colours)]


def test_a_change_half_painted_ahead_then_taken_back_leaves_nothing_of_itself() -> None:
    scene = Tiles(TvApp(FakeServer(), mute=True))
    canvas = pygame.Surface(layout.CANVAS)
    scene.draw(canvas)
    scene.colours = [(40, 40, 200)] * 4 + scene.colours[4:]  # four tiles change: four areas to paint...
    assert not scene.paint_rest_ahead(canvas, until=0.0) and not scene.paint_rest_ahead(canvas, until=0.0)
    scene.colours = [(200, 40, 40)] * 8  # ...two painted, and the change is taken back (a card given back)
    scene.draw(canvas)
    assert pixels(canvas) == painted_afresh(scene)
    scene.forget_canvas()
    scene.draw(canvas)  # all of the layer copied
    assert pixels(canvas) == painted_afresh(scene)


@pytest.mark.parametrize("game", TV_GAMES)
def test_a_canvas_of_another_pixel_format_gets_a_layer_of_its_own(game: str) -> None:
    ups = kit_updates(game, seed=5)
    server = FakeServer()
    app = TvApp(server, mute=True)
    for u in ups[:6]:
        server.updates.put(json_round_trip(copy.deepcopy(u)))
        app.tick(0.5)
    scene = app.scene
    assert isinstance(scene, TableScene)
    for depth in (24, 32, 24):  # a window of another format (a resized or moved window can bring one)
        canvas = pygame.Surface(layout.CANVAS, depth=depth)
        app.draw(canvas)
        assert scene._rest_layer is not None and scene._rest_layer.get_bitsize() == depth
        assert pixels(canvas) == painted_afresh(scene, depth)


def test_an_area_under_opaque_parts_is_painted_without_the_felt_and_only_there() -> None:
    from game.tv.scenes.base import covered, paint_parts
    area = pygame.Rect(100, 100, 200, 100)
    halves = [pygame.Rect(90, 90, 120, 130), pygame.Rect(210, 100, 95, 100)]
    assert covered(area, halves) and covered(area, [area])
    assert not covered(area, [halves[0]]) and not covered(area, [halves[0], pygame.Rect(212, 100, 95, 100)])
    assert not covered(area, [])
    felt_painted: list[bool] = []

    class Ctx:
        def background(self, canvas: pygame.Surface) -> None:
            felt_painted.append(True)
            canvas.fill((0, 90, 0))

    def tile(canvas: pygame.Surface, rect: pygame.Rect) -> None:
        canvas.fill((200, 10, 10), rect)

    canvas = pygame.Surface((400, 300))
    parts = [Part(rect, tile, (rect,), opaque=True) for rect in halves]
    paint_parts(Ctx(), canvas, parts, [area])  # type: ignore[arg-type]
    assert felt_painted == [] and canvas.get_at((150, 150))[:3] == (200, 10, 10)
    paint_parts(Ctx(), canvas, parts[:1], [area])  # type: ignore[arg-type]  # half of it bare: the felt first
    assert felt_painted == [True] and canvas.get_at((250, 150))[:3] == (0, 90, 0)
    assert canvas.get_at((50, 50))[:3] == (0, 0, 0)  # (nothing outside the area)


@pytest.mark.parametrize("game", TV_GAMES)
def test_the_felt_and_the_resting_layer_are_copied_with_plain_stores(game: str) -> None:
    # SDL copies between rows that lie a multiple of 16 bytes apart with streaming stores when a rect starts
    # aligned: up to 20x slower for the small rects a table puts back each frame (render.padded). The felt's and the
    # layer's rows lie 4 or 8 bytes off that, and off each other, so no copy out of them or between them streams.
    app, canvas = table_drawn(game, 6, 0.5)
    scene = app.scene
    assert isinstance(scene, TableScene) and scene._rest_layer is not None and app.ctx.felt is not None
    layer, felt = scene._rest_layer.get_pitch(), app.ctx.felt.get_pitch()
    assert layer % 16 and felt % 16 and (layer - felt) % 16
    assert scene._rest_layer.get_size() == app.ctx.felt.get_size() == layout.CANVAS
    assert pixels(canvas) == painted_afresh(scene)


@pytest.mark.parametrize("game", TV_GAMES)
def test_after_the_quit_question_or_a_window_event_the_whole_table_is_painted_again(game: str) -> None:
    from game.tv.intents import Intent
    app, canvas = table_drawn(game, 8, FRAME)
    scene = app.scene
    assert isinstance(scene, TableScene)
    app.dispatch(Intent.BACK)  # "quit?" darkens the whole picture
    app.tick(FRAME)
    app.draw(canvas)
    app.dispatch(Intent.BACK)  # no: the table comes back, all of it
    app.tick(FRAME)
    app.draw(canvas)
    assert pixels(canvas) == painted_afresh(scene)
    canvas.fill((255, 0, 0))  # the window lost its pixels (shown again, exposed): an event says so
    app.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.tick(FRAME)
    app.draw(canvas)
    assert pixels(canvas) == painted_afresh(scene)
