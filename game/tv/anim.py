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

    @property
    def end(self) -> float:
        """Return the scene time the animation is over."""
        return self.start + self.duration

    def progress(self, now: float) -> float:
        """Return 0..1 while running, <0 before the start, >1 after the end."""
        if self.duration > 0:
            return (now - self.start) / self.duration
        return -1.0 if now < self.start else math.inf


@dataclass
class Caption:
    """A line of text that becomes the scene's caption at scene time `at`."""

    at: float
    text: str


@dataclass
class _Beat:
    """The update whose pictures are being scheduled: when it arrived, where they begin, what came before."""

    arrived: float
    start: float
    hurry: bool  # updates are coming faster than their pictures: this beat is shortened too
    first_anim: int
    first_caption: int


class Timeline:
    """The running animations and captions of one scene. Only the scheduling calls and `advance`
    change it; drawing just reads.

    Each update's pictures are one *beat*: `open_beat()`, then `add`/`say` with delays from now,
    then `close_beat()`. Beats play one after another, but the newest update is never kept
    waiting: its beat begins at most LEAD seconds after it arrives, and whatever older pictures
    and captions are still to come are fast-forwarded (all together, order kept) to be over by
    then. When updates come faster than their pictures (the one before is less than CATCH_UP
    old, or its pictures are still playing), the new beat is shortened as well, to be over
    CATCH_UP after its update arrived. So the caption and the table begin to show the newest
    update at most LEAD after it arrives, and at a fast pace they are at rest on its view
    CATCH_UP after it; an update that comes to an idle table plays its pictures at their own pace
    (a dog's chase, then the row going to its winner), and the next update hurries them along.
    """

    LEAD = 0.25  # seconds the newest update's pictures may wait for older ones
    CATCH_UP = 0.5  # seconds after a hurried update arrived until its pictures are over

    def __init__(self) -> None:
        self.now = 0.0
        self.anims: list[Anim] = []
        self.captions: list[Caption] = []  # waiting to be shown, in order
        self.caption = ""
        self._last_arrival = -math.inf
        self._beat: _Beat | None = None

    # ---------------------------------------------------------------- scheduling

    def open_beat(self) -> float:
        """Begin the pictures of an update that arrived now; return their delay from now (0..LEAD)."""
        busy = self.busy_until()
        start = min(busy, self.now + self.LEAD)
        if busy > start:
            self._fast_forward(busy, start)
        hurry = busy > self.now or self.now - self._last_arrival < self.CATCH_UP
        self._beat = _Beat(self.now, start, hurry, len(self.anims), len(self.captions))
        self._last_arrival = self.now
        return start - self.now

    def close_beat(self) -> None:
        """End the beat `open_beat` began; if in a hurry, shorten it to be over CATCH_UP after its arrival."""
        beat, self._beat = self._beat, None
        if beat is None:
            return
        anims, captions = self.anims[beat.first_anim:], self.captions[beat.first_caption:]
        end = max([a.end for a in anims] + [c.at for c in captions], default=beat.start)
        limit = beat.arrived + self.CATCH_UP
        if beat.hurry and end > limit:
            self._warp(anims, captions, beat.start, (limit - beat.start) / (end - beat.start))

    def add(self, kind: str, delay: float, duration: float, sound: str | None = None, **data: Any) -> Anim:
        """Schedule an animation `delay` seconds from now; return it."""
        anim = Anim(kind, self.now + delay, duration, data, sound)
        self.anims.append(anim)
        return anim

    def say(self, delay: float, text: str) -> None:
        """Make `text` the caption `delay` seconds from now (never before a line said earlier)."""
        at = self.now + delay
        if self.captions:
            at = max(at, self.captions[-1].at)  # the newest event's line always shows last
        self.captions.append(Caption(at, text))

    def busy_until(self) -> float:
        """Return the scene time the last scheduled picture or caption is over (now, if none)."""
        return max([self.now] + [a.end for a in self.anims] + [c.at for c in self.captions])

    def _fast_forward(self, busy: float, until: float) -> None:
        """Squeeze everything still to come between now and `busy` into now..`until`."""
        self._warp(self.anims, self.captions, self.now, (until - self.now) / (busy - self.now))

    def _warp(self, anims: list[Anim], captions: list[Caption], origin: float, factor: float) -> None:
        """Play what comes after `origin` `1/factor` times faster; a running animation keeps its progress."""
        def warp(t: float) -> float:
            return origin + (t - origin) * factor

        for a in anims:
            if a.end <= origin:
                continue
            if a.start >= origin:
                a.start, a.duration = warp(a.start), a.duration * factor
            else:
                p = (origin - a.start) / a.duration
                a.duration = (warp(a.end) - origin) / (1 - p)
                a.start = origin - p * a.duration
        for c in captions:
            if c.at > origin:
                c.at = warp(c.at)

    # ---------------------------------------------------------------- time

    def advance(self, dt: float) -> list[str]:
        """Move time on by `dt`; drop finished animations; return the sounds of those just started."""
        self.now += dt
        sounds: list[str] = []
        for a in self.anims:
            if not a.sounded and a.progress(self.now) >= 0:
                a.sounded = True
                if a.sound and a.sound not in sounds:
                    sounds.append(a.sound)
        self.anims = [a for a in self.anims if a.progress(self.now) <= 1.0]
        due = [c for c in self.captions if c.at <= self.now]
        if due:
            self.caption = due[-1].text
            self.captions = self.captions[len(due):]
        return sounds

    # ---------------------------------------------------------------- reading

    @property
    def busy(self) -> bool:
        """Return True while an animation or a caption is still to come."""
        return bool(self.anims or self.captions)

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
        """Drop every animation and caption (e.g. when a scene is entered afresh)."""
        self.anims.clear()
        self.captions.clear()
        self.caption = ""
        self._last_arrival = -math.inf
        self._beat = None
