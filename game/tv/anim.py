"""Animation timeline: short, event-driven overlays that never decide what the table shows at rest."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any


def ease_out(p: float) -> float:
    """Return a decelerating curve over 0..1."""
    return 1 - (1 - p) ** 3


def ease_in_out(p: float) -> float:
    """Return an S-curve over 0..1."""
    return 0.5 - 0.5 * math.cos(math.pi * p)


def lerp(a: tuple[float, float], b: tuple[float, float], p: float) -> tuple[float, float]:
    """Return the point a fraction `p` of the way from `a` to `b`."""
    return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)


def hop(a: tuple[float, float], b: tuple[float, float], p: float, height: float) -> tuple[float, float]:
    """Return a point on an arc from `a` to `b` rising `height` pixels at its middle."""
    x, y = lerp(a, b, p)
    return (x, y - height * 4 * p * (1 - p))


@dataclass
class Anim:
    """One running animation: what it is, when it starts and how long it lasts (scene seconds)."""

    kind: str
    start: float
    duration: float
    data: dict[str, Any] = field(default_factory=dict)
    sound: str | None = None
    sounded: bool = False

    def progress(self, now: float) -> float:
        """Return 0..1 while running, <0 before the start, >1 after the end."""
        return (now - self.start) / self.duration if self.duration > 0 else 1.0


class Timeline:
    """The running animations of one scene. Only `add`/`advance` change it; drawing just reads."""

    MAX_BACKLOG = 5.0  # seconds: a burst of updates never queues minutes of animation

    def __init__(self) -> None:
        self.now = 0.0
        self.anims: list[Anim] = []

    def add(self, kind: str, delay: float, duration: float, sound: str | None = None, **data: Any) -> Anim:
        """Schedule an animation `delay` seconds from now; return it."""
        start = self.now + min(delay, self.MAX_BACKLOG)
        anim = Anim(kind, start, duration, data, sound)
        self.anims.append(anim)
        return anim

    def advance(self, dt: float) -> list[str]:
        """Move time on by `dt`; drop finished animations; return the sounds of those just started."""
        self.now += dt
        sounds = []
        for a in self.anims:
            if not a.sounded and a.progress(self.now) >= 0:
                a.sounded = True
                if a.sound:
                    sounds.append(a.sound)
        self.anims = [a for a in self.anims if a.progress(self.now) <= 1.0]
        return sounds

    def running(self, kind: str) -> list[tuple[Anim, float]]:
        """Return the animations of `kind` that have started, with their progress (0..1)."""
        out = []
        for a in self.anims:
            p = a.progress(self.now)
            if a.kind == kind and 0 <= p <= 1:
                out.append((a, p))
        return out

    def pending(self, kind: str) -> list[Anim]:
        """Return the animations of `kind` not finished yet (started or waiting)."""
        return [a for a in self.anims if a.kind == kind and a.progress(self.now) <= 1]

    def clear(self) -> None:
        """Drop every animation (e.g. when a scene is entered afresh)."""
        self.anims.clear()
