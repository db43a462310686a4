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
    """The platform's sound effects, named for what happens at any table; a game adds its own by name."""

    PLAY = "play"  # a card or a piece is played, laid or turned
    CALL = "call"  # a player says something to the table: a bid, a knock
    WIN = "win"
    TICK = "tick"
    JOIN = "join"


Synth = Callable[[int, random.Random], list[float]]  # (sample rate, a fixed-seed stream) -> mono samples in [-1, 1]


def _env(i: int, n: int, attack: float = 0.01, release: float = 0.3) -> float:
    t = i / n
    if t < attack:
        return t / attack
    if t > 1 - release:
        return max(0.0, (1 - t) / release)
    return 1.0


def tone(rate: int, seconds: float, freq: Callable[[float], float], partials: tuple[float, ...] = (1.0,),
          decay: float = 0.0, volume: float = 0.5, release: float = 0.3) -> list[float]:
    """Return a tone of `seconds` whose pitch follows `freq(t)` Hz, with these harmonics' weights, decaying."""
    n = int(rate * seconds)
    out, phase = [], 0.0
    for i in range(n):
        t = i / rate
        phase += 2 * math.pi * freq(t) / rate
        v = sum(a * math.sin(phase * (k + 1)) for k, a in enumerate(partials)) / sum(partials)
        out.append(v * volume * math.exp(-decay * t) * _env(i, n, release=release))
    return out


def noise(rate: int, seconds: float, rng: random.Random, volume: float, smooth: float) -> list[float]:
    """Return a burst of filtered noise (`smooth` near 1: duller), swelling and fading over `seconds`."""
    n = int(rate * seconds)
    out, last = [], 0.0
    for i in range(n):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last * volume * math.sin(math.pi * i / n))
    return out


def _steady(freq: float, _t: float) -> float:
    return freq


def _win(rate: int, rng: random.Random) -> list[float]:
    out: list[float] = []
    for f in (523.0, 659.0, 784.0, 1047.0):
        out += tone(rate, 0.14 if f != 1047 else 0.42, partial(_steady, f), (1, 0.3, 0.15), volume=0.4, release=0.4)
    return out


SYNTHS: dict[Sfx, Synth] = {
    Sfx.PLAY: lambda rate, rng: noise(rate, 0.12, rng, 0.5, 0.35),
    Sfx.CALL: lambda rate, rng: tone(rate, 0.12, lambda t: 440 + 2400 * t, (1, 0.3), volume=0.45),
    Sfx.WIN: _win,
    Sfx.TICK: lambda rate, rng: tone(rate, 0.05, lambda t: 1200, (1,), decay=60, volume=0.3),
    Sfx.JOIN: lambda rate, rng: tone(rate, 0.25, lambda t: 660 if t < 0.1 else 880, (1, 0.2), volume=0.35),
}


def synthesise(synth: Sfx | Synth, rate: int) -> list[float]:
    """Return one effect (a platform one, or a game's synth function) as mono samples in [-1, 1] at `rate` Hz.

    The same every time: each synth gets its own stream of a fixed seed.
    """
    make = SYNTHS[synth] if isinstance(synth, Sfx) else synth
    return make(rate, random.Random(7))


class SoundBoard:
    """Plays the effects by name; silently does nothing without an audio device, and remembers mute.

    It knows the platform's effects (`Sfx`) from the start; `add` gives it a game's own, under a
    name of the game's choosing (the app prefixes it with the game's id). A name it does not
    know plays nothing.
    """

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self.available = False
        self._synths: dict[str, Sfx | Synth] = {str(sfx): sfx for sfx in Sfx}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
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

    @property
    def names(self) -> list[str]:
        """Return the name of every effect it can play: the platform's, then the added ones."""
        return list(self._synths)

    def add(self, name: str, synth: Synth) -> list[Callable[[], None]]:
        """Know the effect `synth` as `name` (a platform name stays the platform's); return the jobs to make it."""
        if name in self._synths:
            return []
        self._synths[name] = synth
        return self.jobs([name])

    def jobs(self, names: list[str] | None = None) -> list[Callable[[], None]]:
        """Return one job per effect still to synthesise (the app runs one per frame, no long stall)."""
        if not self.available:
            return []
        return [partial(self._make, name) for name in (self._synths if names is None else names)
                if name not in self._sounds]

    def _make(self, name: str) -> None:
        if self._format is None or name in self._sounds:
            return
        rate, _size, channels = self._format
        samples = synthesise(self._synths[name], rate)
        pcm = array.array("h", (int(max(-1.0, min(1.0, v)) * 32000) for v in samples for _ in range(channels)))
        try:
            self._sounds[name] = pygame.mixer.Sound(buffer=pcm.tobytes())
        except pygame.error:
            self.available = False

    def play(self, name: str) -> None:
        """Play the effect called `name` now unless muted or there is no audio (an unknown name: nothing)."""
        if self.muted or not self.available:
            return
        sound = self._sounds.get(name)
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
