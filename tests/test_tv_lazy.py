"""The TV draws a frame only when something changed (game.tv.app.LazyLoop), on a simulated clock.

Frames are counted, never timed: an idle lobby draws nothing; a phone joining, a key, a toast
ending, a turn timer's second and a running animation each draw; and what the lazy loop leaves
on screen is pixel for pixel what a full redraw paints at that moment.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pygame
import pytest

from game.tv import layout
from game.tv.app import FRAME, LazyLoop, TvApp
from game.tv.scenes.base import Animator
from tests.tv_fixtures import (TV_GAMES, FakeServer, first_turn, json_round_trip, kit_updates, table,
                               turn_seat, update)

SHOTS = Path("/tmp/shots-tvproc")


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


class Screen:
    """A display stand-in: the canvas the app draws on, and a count of the frames shown."""

    def __init__(self) -> None:
        self.canvas = pygame.Surface(layout.CANVAS)
        self.flips = 0

    def flip(self) -> None:
        self.flips += 1


class SimClock:
    """The loop's `now` and `sleep`: time moves only when the loop sleeps (or a frame passes)."""

    def __init__(self) -> None:
        self.t = 100.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def lazy(server: FakeServer, keys: list[pygame.event.Event] | None = None) -> tuple[TvApp, LazyLoop, SimClock]:
    app = TvApp(server, mute=True)
    clock = SimClock()
    pending = keys if keys is not None else []

    def events() -> list[pygame.event.Event]:
        out = list(pending)
        pending.clear()
        return out

    loop = LazyLoop(app, Screen(), events=events, now=clock.now, sleep=clock.sleep)
    loop.pending = pending  # type: ignore[attr-defined]
    return app, loop, clock


def run_for(loop: LazyLoop, clock: SimClock, seconds: float) -> int:
    """Step the loop for `seconds` of simulated time; return the frames it drew meanwhile."""
    before = loop.frames
    end = clock.t + seconds
    while clock.t < end:
        loop.step()
        loop.pause()
    return loop.frames - before


def settle(app: TvApp, loop: LazyLoop, clock: SimClock) -> None:
    """Run until card art and sounds are made and nothing moves (at most 60 simulated seconds)."""
    end = clock.t + 60
    while (app.warming or app.animating or loop.steps < 3) and clock.t < end:
        loop.step()
        loop.pause()
    run_for(loop, clock, 0.2)


def full_redraw(app: TvApp) -> pygame.Surface:
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    return canvas


def same_picture(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def joined(version: int, players: int) -> dict[str, object]:
    return json_round_trip(update(version, "lobby", table(players, bots=()), None))


def test_an_idle_lobby_draws_nothing_for_two_seconds_and_draws_at_once_when_a_phone_joins() -> None:
    server = FakeServer([joined(1, 1)])
    app, loop, clock = lazy(server)
    settle(app, loop, clock)
    assert run_for(loop, clock, 2.0) == 0
    assert loop.steps > 30  # it kept looking at the keyboard and the channel meanwhile
    server.updates.put(joined(2, 2))
    assert loop.step() is True  # the very next look draws the new player
    assert run_for(loop, clock, 2.0) == 0
    loop.pending.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))  # type: ignore[attr-defined]
    assert loop.step() is True  # a key (the option line is selected)


def test_the_lazy_lobby_looks_exactly_like_a_full_redraw() -> None:
    SHOTS.mkdir(exist_ok=True)
    server = FakeServer([joined(1, 1)])
    app, loop, clock = lazy(server)
    settle(app, loop, clock)
    app.ctx.toast("Ana joined", seconds=1.0)  # shown now, gone by itself a second later
    app.changed = True
    run_for(loop, clock, 0.5)
    assert app.ctx.toast_text and clock.t - 100 > 0
    server.updates.put(joined(2, 3))
    drawn = run_for(loop, clock, 3.0)
    assert 2 <= drawn <= 4  # the new players, the toast going away: nothing else
    screen = loop.display.canvas
    redraw = full_redraw(app)
    pygame.image.save(screen, str(SHOTS / "lobby-lazy.png"))
    pygame.image.save(redraw, str(SHOTS / "lobby-full.png"))
    assert same_picture(screen, redraw)


@pytest.mark.parametrize("game", TV_GAMES)
def test_a_table_on_the_turn_timer_draws_once_a_second_and_shows_the_right_second(game: str) -> None:
    ups = kit_updates(game)
    playing = copy.deepcopy(first_turn(ups))
    playing["table"]["options"]["turn_timer"] = 30
    playing["timer"] = {"seat": turn_seat(playing), "seconds_left": 20}
    playing["events"] = []
    server = FakeServer([ups[0], playing])
    app, loop, clock = lazy(server)
    settle(app, loop, clock)
    assert app.scene.timer_left is not None
    drawn = run_for(loop, clock, 5.0)
    assert 4 <= drawn <= 6  # one per second shown, nothing in between
    assert same_picture(loop.display.canvas, full_redraw(app))


@pytest.mark.parametrize("game", TV_GAMES)
def test_a_running_animation_draws_every_frame_and_rests_after_it(game: str) -> None:
    ups = kit_updates(game)
    server = FakeServer([ups[0]])
    app, loop, clock = lazy(server)
    settle(app, loop, clock)
    for u in ups[1:8]:
        server.updates.put(json_round_trip(u))
    loop.step()
    if type(app.scene.anim) is Animator:  # a game without animations: its table is at rest at once
        assert not app.animating
        assert run_for(loop, clock, 2.0) == 0
        assert same_picture(loop.display.canvas, full_redraw(app))
        return
    assert app.animating
    frames, steps, start = loop.frames, loop.steps, clock.t
    while app.animating:
        loop.step()
        loop.pause()
    assert loop.frames - frames == loop.steps - steps  # every frame while it moves
    assert (clock.t - start) / FRAME >= loop.frames - frames - 1
    run_for(loop, clock, 0.1)
    assert run_for(loop, clock, 2.0) == 0
    assert same_picture(loop.display.canvas, full_redraw(app))


def test_a_time_limited_game_at_rest_draws_its_clock_once_a_second__R_GAME_2() -> None:
    from tests.test_tv_rat import session_updates
    ups = session_updates(3, seed=4, end="time", minutes=10)
    k = next(i for i, u in enumerate(ups) if u["stage"] == "playing" and "game_time" in u)
    resting = copy.deepcopy(ups[k])
    resting["events"], resting["timer"] = [], None  # nobody moves and no turn timer: only the game clock runs
    server = FakeServer([ups[0], resting])
    app, loop, clock = lazy(server)
    settle(app, loop, clock)
    before = app.scene.game_left
    drawn = run_for(loop, clock, 5.0)
    assert 4 <= drawn <= 6  # "9:55 left", "9:54 left"...: one frame per second shown
    assert before - 5.5 < app.scene.game_left < before - 4.5
    assert same_picture(loop.display.canvas, full_redraw(app))
