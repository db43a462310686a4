"""Short sound effects synthesised at start-up (array + math, no sample files), and the mute switch."""

from __future__ import annotations

import array
import math
import random
from functools import partial
from enum import StrEnum
from typing import Callable

import pygame


class Sfx(StrEnum):
    """The table's sound effects."""

    FLIP = "flip"
    COIN = "coin"
    BID = "bid"
    BARK = "bark"
    MEOW = "meow"
    WIN = "win"
    TICK = "tick"
    JOIN = "join"


def _env(i: int, n: int, attack: float = 0.01, release: float = 0.3) -> float:
    t = i / n
    if t < attack:
        return t / attack
    if t > 1 - release:
        return max(0.0, (1 - t) / release)
    return 1.0


def _tone(rate: int, seconds: float, freq: Callable[[float], float], partials: tuple[float, ...] = (1.0,),
          decay: float = 0.0, volume: float = 0.5, release: float = 0.3) -> list[float]:
    n = int(rate * seconds)
    out, phase = [], 0.0
    for i in range(n):
        t = i / rate
        phase += 2 * math.pi * freq(t) / rate
        v = sum(a * math.sin(phase * (k + 1)) for k, a in enumerate(partials)) / sum(partials)
        out.append(v * volume * math.exp(-decay * t) * _env(i, n, release=release))
    return out


def _noise(rate: int, seconds: float, rng: random.Random, volume: float, smooth: float) -> list[float]:
    n = int(rate * seconds)
    out, last = [], 0.0
    for i in range(n):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last * volume * math.sin(math.pi * i / n))
    return out


def _coin(rate: int, rng: random.Random) -> list[float]:
    return [a + b for a, b in zip(_tone(rate, 0.22, lambda t: 1568, (1, 0.4), decay=14, volume=0.45),
                                  _tone(rate, 0.22, lambda t: 2093, (1,), decay=18, volume=0.25))]


def _bark(rate: int, rng: random.Random) -> list[float]:
    out: list[float] = []
    for _ in range(2):  # "woof woof": a falling growl with a noise bite
        tone = _tone(rate, 0.13, lambda t: 330 - 900 * t, (1, 0.8, 0.6, 0.4), volume=0.6, release=0.5)
        bite = _noise(rate, 0.13, rng, 0.35, 0.6)
        out += [a + b for a, b in zip(tone, bite)] + [0.0] * int(rate * 0.06)
    return out


def _meow(rate: int, rng: random.Random) -> list[float]:
    return _tone(rate, 0.5, lambda t: 520 + 380 * math.sin(math.pi * min(1.0, t / 0.5)) - 200 * t,
                 (1, 0.6, 0.5, 0.2), volume=0.4, release=0.45)


def _steady(freq: float, _t: float) -> float:
    return freq


def _win(rate: int, rng: random.Random) -> list[float]:
    out: list[float] = []
    for f in (523.0, 659.0, 784.0, 1047.0):
        out += _tone(rate, 0.14 if f != 1047 else 0.42, partial(_steady, f), (1, 0.3, 0.15), volume=0.4, release=0.4)
    return out


SYNTHS: dict[Sfx, Callable[[int, random.Random], list[float]]] = {
    Sfx.FLIP: lambda rate, rng: _noise(rate, 0.12, rng, 0.5, 0.35),
    Sfx.COIN: _coin,
    Sfx.BID: lambda rate, rng: _tone(rate, 0.12, lambda t: 440 + 2400 * t, (1, 0.3), volume=0.45),
    Sfx.BARK: _bark,
    Sfx.MEOW: _meow,
    Sfx.WIN: _win,
    Sfx.TICK: lambda rate, rng: _tone(rate, 0.05, lambda t: 1200, (1,), decay=60, volume=0.3),
    Sfx.JOIN: lambda rate, rng: _tone(rate, 0.25, lambda t: 660 if t < 0.1 else 880, (1, 0.2), volume=0.35),
}


def synthesise(sfx: Sfx, rate: int) -> list[float]:
    """Return one effect as mono samples in [-1, 1] at `rate` Hz (the same every time)."""
    return SYNTHS[sfx](rate, random.Random(7))


class SoundBoard:
    """Plays the effects; silently does nothing without an audio device, and remembers mute."""

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self.available = False
        self._sounds: dict[Sfx, pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            init = pygame.mixer.get_init()
        except pygame.error:
            return
        # only signed 16-bit is synthesised; any other mixer format stays silent
        if init and init[1] == -16:
            self._format = init
            self.available = True

    def jobs(self) -> list[Callable[[], None]]:
        """Return one job per effect still to synthesise (the app runs one per frame, no long stall)."""
        if not self.available:
            return []
        return [partial(self._make, sfx) for sfx in Sfx if sfx not in self._sounds]

    def _make(self, sfx: Sfx) -> None:
        if self._format is None:
            return
        rate, _size, channels = self._format
        samples = synthesise(sfx, rate)
        pcm = array.array("h", (int(max(-1.0, min(1.0, v)) * 32000) for v in samples for _ in range(channels)))
        try:
            self._sounds[sfx] = pygame.mixer.Sound(buffer=pcm.tobytes())
        except pygame.error:
            self.available = False

    def play(self, sfx: Sfx) -> None:
        """Play `sfx` now unless muted or there is no audio."""
        if self.muted or not self.available:
            return
        sound = self._sounds.get(sfx)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass

    def toggle_mute(self) -> bool:
        """Flip mute; return True if the sound is now off."""
        self.muted = not self.muted
        if self.muted and self.available:
            pygame.mixer.stop()
        return self.muted
