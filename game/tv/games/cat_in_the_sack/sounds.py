"""Cat in the Sack's own sound effects (the platform has the neutral ones): mice coins, a dog's bark, a cat's meow.

Each is a synth function `(rate, rng) -> samples`, given to the TV through `GameScreens.sounds`
and played by name from the animations.
"""

from __future__ import annotations

import math
import random

from game.tv.sound import Synth, noise, tone

COIN, BARK, MEOW = "coin", "bark", "meow"


def coin(rate: int, rng: random.Random) -> list[float]:
    """Return two bright, quickly dying tones: mice changing hands."""
    return [a + b for a, b in zip(tone(rate, 0.22, lambda t: 1568, (1, 0.4), decay=14, volume=0.45),
                                  tone(rate, 0.22, lambda t: 2093, (1,), decay=18, volume=0.25))]


def bark(rate: int, rng: random.Random) -> list[float]:
    """Return 'woof woof': a falling growl with a noise bite, twice."""
    out: list[float] = []
    for _ in range(2):
        growl = tone(rate, 0.13, lambda t: 330 - 900 * t, (1, 0.8, 0.6, 0.4), volume=0.6, release=0.5)
        bite = noise(rate, 0.13, rng, 0.35, 0.6)
        out += [a + b for a, b in zip(growl, bite)] + [0.0] * int(rate * 0.06)
    return out


def meow(rate: int, rng: random.Random) -> list[float]:
    """Return a rising then falling miaow."""
    return tone(rate, 0.5, lambda t: 520 + 380 * math.sin(math.pi * min(1.0, t / 0.5)) - 200 * t,
                (1, 0.6, 0.5, 0.2), volume=0.4, release=0.45)


SOUNDS: dict[str, Synth] = {COIN: coin, BARK: bark, MEOW: meow}
