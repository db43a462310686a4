"""The TV's animation timeline catches up: older pictures hurry, the newest update is never kept waiting."""

from __future__ import annotations

import pytest

from game.tv.anim import Timeline

FRAME = 1 / 60


def beat(tl: Timeline, *pictures: tuple[str, float, float], line: str = "") -> float:
    """Schedule one update's pictures (kind, delay after the beat's start, duration); return the start delay."""
    at = tl.open_beat()
    for kind, delay, duration in pictures:
        tl.add(kind, at + delay, duration)
    if line:
        tl.say(at, line)
    tl.close_beat()
    return at


def run(tl: Timeline, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        tl.advance(FRAME)


def test_an_update_to_an_idle_table_plays_its_pictures_at_their_own_pace() -> None:
    tl = Timeline()
    assert beat(tl, ("chase", 0.0, 1.0), ("collect", 1.0, 1.1), line="the dog chases the cat") == 0.0
    assert [(a.start, a.duration) for a in tl.anims] == [(0.0, 1.0), (1.0, 1.1)]
    run(tl, 1.5)
    assert [a.kind for a in tl.anims] == ["collect"] and tl.caption == "the dog chases the cat"
    run(tl, 0.7)
    assert not tl.busy


def test_a_newer_update_starts_within_lead_and_the_older_pictures_are_over_by_then() -> None:
    tl = Timeline()
    beat(tl, ("chase", 0.0, 1.0), ("collect", 1.0, 1.1), line="old")
    run(tl, 0.5)
    chase = tl.running("chase")[0]
    progress = chase[1]
    older = list(tl.anims)
    at = beat(tl, ("flip", 0.0, 0.45), line="new")
    assert at == pytest.approx(Timeline.LEAD)
    # the running chase keeps its place (no jump) and every older picture ends when the new one begins
    assert tl.running("chase")[0][1] == pytest.approx(progress)
    assert max(a.end for a in older) == pytest.approx(tl.now + Timeline.LEAD)
    assert older[0].end <= older[1].start + 1e-9  # still in order: the chase, then the collect
    run(tl, Timeline.LEAD + FRAME)
    assert [a.kind for a in tl.anims] == ["flip"] and tl.caption == "new"


def test_updates_faster_than_their_pictures_are_each_over_catch_up_after_they_arrive() -> None:
    tl = Timeline()
    beat(tl, ("lay", 0.0, 0.85), line="the row is laid")
    run(tl, 0.05)
    beat(tl, ("flip", 0.0, 0.45), ("collect", 0.2, 2.1), line="Ana wins the sack")
    end = max(a.end for a in tl.anims)
    assert end == pytest.approx(tl.now + Timeline.CATCH_UP)
    run(tl, Timeline.CATCH_UP + FRAME)
    assert not tl.busy and tl.caption == "Ana wins the sack"


def test_a_flood_of_updates_never_lets_the_caption_fall_behind() -> None:
    tl = Timeline()
    behind = round(Timeline.LEAD / FRAME) + 1  # frames
    for i in range(200):  # one update a frame, each with a second of pictures
        beat(tl, ("coins", 0.0, 0.6), ("pop", 0.3, 0.7), line=f"bid {i}")
        if i:  # the first came to an idle table: it may take its time until the second arrives
            assert tl.busy_until() <= tl.now + Timeline.CATCH_UP + 1e-9
        tl.advance(FRAME)
        if i >= behind:
            assert int(tl.caption.split()[1]) >= i - behind
    run(tl, Timeline.CATCH_UP)
    assert tl.caption == "bid 199" and not tl.busy


def test_hurried_captions_keep_their_order_and_each_sound_plays_once() -> None:
    tl = Timeline()
    at = tl.open_beat()
    tl.add("coins", at, 0.6, "coin")
    tl.add("collect", at + 1.5, 1.0, "bark")
    tl.say(at, "first")
    tl.say(at + 1.5, "second")
    tl.close_beat()
    sounds = tl.advance(FRAME)
    beat(tl, ("flip", 0.0, 0.45), line="third")
    seen = [tl.caption]
    for _ in range(60):
        sounds += tl.advance(FRAME)
        seen.append(tl.caption)
    assert sounds == ["coin", "bark"]
    assert [c for i, c in enumerate(seen) if i == 0 or seen[i - 1] != c] == ["first", "second", "third"]
