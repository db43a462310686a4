"""The synthesised sound effects: audible, in range, made a job at a time, played by name, silent without audio."""

from __future__ import annotations

import pygame
import pytest

from game.engine import GAMES
from game.tv.app import TvApp
from game.tv.games import screens_for, sound_name
from game.tv.sound import Sfx, SoundBoard, synthesise
from tests.tv_fixtures import FakeServer, table, update

GAME_SOUNDS = [(game, name) for game in GAMES if (s := screens_for(game)) is not None for name in s.sounds]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def assert_audible(samples: list[float], what: str) -> None:
    assert 0.03 * 22050 < len(samples) < 1.5 * 22050, what
    assert max(abs(v) for v in samples) > 0.1, f"{what} is silent"
    assert all(-1.2 <= v <= 1.2 for v in samples), what


def test_every_platform_effect_is_short_audible_and_in_range() -> None:
    for sfx in Sfx:
        assert_audible(synthesise(sfx, 22050), sfx)
    assert synthesise(Sfx.PLAY, 22050) == synthesise(Sfx.PLAY, 22050)  # its noise comes from a fixed seed


@pytest.mark.parametrize("game,name", GAME_SOUNDS)
def test_every_games_own_effect_is_short_audible_and_in_range(game: str, name: str) -> None:
    synth = screens_for(game).sounds[name]  # type: ignore[union-attr]
    assert_audible(synthesise(synth, 22050), f"{game} {name}")
    assert synthesise(synth, 22050) == synthesise(synth, 22050)
    assert name not in set(Sfx), "a game's sound may not take a platform sound's name"


def test_soundboard_makes_one_effect_per_job_and_plays_them_by_name() -> None:
    board = SoundBoard()
    assert board.available  # the dummy audio driver stands in for a sound card
    jobs = board.jobs()
    assert len(jobs) == len(Sfx)
    for job in jobs:
        job()
    assert board.jobs() == []
    added = board.add("some-game/splash", lambda rate, rng: [0.5] * (rate // 10))
    assert len(added) == 1 and board.add("some-game/splash", lambda rate, rng: []) == []
    added[0]()
    assert board.names == [*Sfx, "some-game/splash"] and board.jobs() == []
    for name in board.names:
        board.play(name)
    board.play("some-game/no-such-sound")  # an unknown name plays nothing
    assert board.toggle_mute() is True
    board.play(Sfx.WIN)


def test_the_tv_makes_every_offered_games_sounds_and_plays_nothing_for_an_unknown_name() -> None:
    server = FakeServer([update(1, "lobby", table(3), None)])
    app = TvApp(server, mute=True)
    app.tick(0.02)
    app.enable_sound()
    while app.warming:
        app.tick(0.02)
    board = app.ctx.sound
    assert board is not None and board.available
    wanted = [*Sfx, *(sound_name(game, name) for game, name in GAME_SOUNDS)]
    assert sorted(board.names) == sorted(wanted)
    assert sorted(board._sounds) == sorted(wanted), "every sound is made ahead"
    played: list[str] = []
    board.play = played.append  # type: ignore[method-assign]
    game = str(app.model.table["game"])
    own = next((name for g, name in GAME_SOUNDS if g == game), None)
    app.ctx.play(Sfx.TICK)
    app.ctx.play("no-such-sound")
    if own is not None:
        app.ctx.play(own)
    assert played == [Sfx.TICK, sound_name(game, "no-such-sound")] + ([sound_name(game, own)] if own else [])
    assert sound_name(game, "no-such-sound") not in board._sounds


def test_no_audio_device_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def no_device(*_a: object, **_k: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    assert not board.available and board.jobs() == []
    assert board.add("some-game/splash", lambda rate, rng: [0.5]) == []
    board.play(Sfx.PLAY)
    board.play("some-game/splash")
    assert board.toggle_mute() is True
