"""The synthesised sound effects: audible, in range, made a job at a time, and silent without audio."""

from __future__ import annotations

import pygame
import pytest

from game.tv.sound import Sfx, SoundBoard, synthesise


def test_every_effect_is_short_audible_and_in_range() -> None:
    for sfx in Sfx:
        samples = synthesise(sfx, 22050)
        assert 0.03 * 22050 < len(samples) < 1.5 * 22050, sfx
        assert max(abs(v) for v in samples) > 0.1, f"{sfx} is silent"
        assert all(-1.2 <= v <= 1.2 for v in samples)
    assert synthesise(Sfx.BARK, 22050) == synthesise(Sfx.BARK, 22050)


def test_soundboard_makes_one_effect_per_job_and_plays_them() -> None:
    board = SoundBoard()
    assert board.available  # the dummy audio driver stands in for a sound card
    jobs = board.jobs()
    assert len(jobs) == len(Sfx)
    for job in jobs:
        job()
    assert board.jobs() == []
    for sfx in Sfx:
        board.play(sfx)
    assert board.toggle_mute() is True
    board.play(Sfx.WIN)


def test_no_audio_device_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def no_device(*_a: object, **_k: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    assert not board.available and board.jobs() == []
    board.play(Sfx.COIN)
    assert board.toggle_mute() is True
