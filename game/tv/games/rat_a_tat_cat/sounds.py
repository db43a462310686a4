"""Rat-a-Tat Cat's own sound effects (the platform has the neutral ones): the knock, a line turning up, the tally.

Each is a synth function `(rate, rng) -> samples`, given to the TV through `GameScreens.sounds`
and played by name from the table (its moments, game/tv/games/rat_a_tat_cat/moment.py).
"""

from __future__ import annotations

import random

from game.tv.sound import Synth, noise, tone

KNOCK, FLIP, TALLY = "knock", "flip", "tally"


def knock(rate: int, rng: random.Random) -> list[float]:
    """Return 'rat-a-tat': three dull knocks on wood, the last one harder."""
    out: list[float] = []
    for k, gap in enumerate((0.09, 0.09, 0.0)):
        body = tone(rate, 0.11, lambda t: 170 - 300 * t, (1, 0.5, 0.25), decay=30, volume=0.5 + 0.2 * (k == 2),
                    release=0.6)
        tap = noise(rate, 0.11, rng, 0.35, 0.8)
        out += [a + b for a, b in zip(body, tap)] + [0.0] * int(rate * gap)
    return out


def flip(rate: int, rng: random.Random) -> list[float]:
    """Return a short papery flick: a line's cards turning up."""
    return [a * 0.8 for a in noise(rate, 0.12, rng, 0.5, 0.35)]


def tally(rate: int, rng: random.Random) -> list[float]:
    """Return two rising bright tones: the round's scores join the totals."""
    first = tone(rate, 0.14, lambda t: 784, (1, 0.3), decay=10, volume=0.35)
    second = tone(rate, 0.3, lambda t: 1175, (1, 0.3), decay=7, volume=0.35)
    return first + second


SOUNDS: dict[str, Synth] = {KNOCK: knock, FLIP: flip, TALLY: tally}
