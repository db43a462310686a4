"""Moments the room must see (game/table/moments.py): while one plays the table holds — no bot starts its next
decision and the turn timer waits — people may still act where the game lets them, the host's pace scales the
hold, the moment rides on every update while it plays, and it survives a restart (issue 28, item 1)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import protocol as P
from game.bots import DEFAULT_LEVEL, kind_for, make_bot, remembers
from game.engine import GAMES
from game.session import Session
from game.table.moments import PACES

MOMENT_GAMES = [g for g, r in GAMES.items() if r.on_table and r.moment_kinds]
BOT_DELAY = 1.2  # the server's default bot speed (game.server.config.DEFAULT_BOT_DELAY)
TIMER = 30


class Clock:
    """A simulated clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(game: str, seats: int, clock: Clock, *, pace: str = "normal", person: bool = True,
          seed: int = 3, scale: float = 1.0) -> Session:
    """Return a started table of `seats`: a person (conn 1) in seat 0 if `person`, the rest normal bots."""
    s = Session("MOMENT", random.Random(seed), clock=clock, game=game, moment_scale=scale)
    s.handle(1, P.Join("Ana"))
    s.host_command(P.Host(P.HostCmd.SET_OPTION, name="turn_timer", value=TIMER))
    s.host_command(P.Host(P.HostCmd.SET_OPTION, name="pace", value=pace))
    for _ in range(seats - 1):
        s.host_command(P.Host(P.HostCmd.ADD_BOT, level=DEFAULT_LEVEL))
    if not person:
        s.seats[0].bot = kind_for(game, DEFAULT_LEVEL)
    brains = {i: make_bot(game, seat.bot, random.Random(i)) for i, seat in enumerate(s.seats) if seat.bot}

    def observe(events: list[dict[str, Any]]) -> None:  # each bot is fed its seat's stream, as the server does
        for i, brain in brains.items():
            if remembers(game, s.seats[i].bot):
                brain.observe(s.seat_view(i), s.events_for(events, i))
    s.change_listeners.append(observe)
    s.host_command(P.Host(P.HostCmd.START))
    s.brains = brains  # type: ignore[attr-defined]
    return s


def play(s: Session, clock: Clock, *, early: bool = True, seed: int = 5) -> list[dict[str, Any]]:
    """Play a whole game the way the server does (bots ask `bot_turns` after a bot's delay, the person acts
    at once where the game lets them, the clock's deadlines fire), checking the hold at every step.
    Return what each moment was: its kind, length, and what happened while it held."""
    rng = random.Random(seed)
    rules = s.rules
    brains = s.brains  # type: ignore[attr-defined]
    moments: list[dict[str, Any]] = []
    seen_since: int | None = None
    for _ in range(20000):
        if s.stage is not P.Stage.PLAYING and s.moment is None:
            break
        m = s.moment
        if m is not None and m.version != seen_since:
            seen_since = m.version
            moments.append({"kind": m.kind, "seconds": m.seconds, "until": m.until, "early": False,
                            "stage": s.stage})
            # the hold: no bot may start, the turn timer waits for the moment's end
            assert s.bot_turns() == [], "a bot was let act while a moment plays"
            if s._deadline is not None:
                assert s._deadline >= m.until + TIMER - 1e-6, "the turn timer ran during the moment"
            update = s.public_update()
            assert update["moment"]["kind"] == m.kind and update["moment"]["since"] == m.version
            assert all(e in update["moment"]["events"] for e in update["events"] if e["type"] != "timeout")
        if s.stage is P.Stage.PLAYING and 0 in rules.to_act(s.state) and s.seats[0].bot is None and \
                (early or not s.holding):
            action = rng.choice(rules.legal_actions(s.state, 0))
            before = s.version
            outs = s.submit(0, s.version, action, conn=1)
            assert s.version == before + 1, [o.message for o in outs if hasattr(o, "message")]
            if m is not None and s.holding and s.moment is m:
                moments[-1]["early"] = True  # a person's move during the moment: taken, the moment plays on
            continue
        turns = s.bot_turns()
        if turns:
            clock.now += BOT_DELAY
            if s.holding:
                continue  # (the driver asks again when the moment is over)
            seat, _kind = turns[0]
            if seat not in dict(s.bot_turns()):
                continue
            s.submit(seat, s.version, brains[seat].act(s.seat_view(seat)))
            continue
        deadline = s.deadline
        assert deadline is not None, "nobody may act and nothing is due: the table is stuck"
        clock.now = max(clock.now, deadline)
        s.expire_timer()
    return moments


@pytest.mark.parametrize("game", MOMENT_GAMES)
def test_every_moment_of_a_whole_game_holds_the_bots_and_the_timer_and_takes_a_persons_early_move(game: str) -> None:
    clock = Clock()
    seats = max(GAMES[game].min_players, 3)
    s = table(game, seats, clock)
    moments = play(s, clock)
    kinds = {m["kind"] for m in moments}
    assert kinds <= set(GAMES[game].moment_kinds) and kinds, "the game made no moment in a whole game"
    assert all(m["seconds"] >= 2 for m in moments)
    assert s.stage is P.Stage.OVER and s.moment is None
    assert moments[-1]["stage"] is P.Stage.OVER, "the last round's outcome plays before the score screen"
    assert any(m["early"] for m in moments), "a person's move during a moment was never taken"
    # each held moment ended with a version of its own: the update after it carries no moment
    assert "moment" not in s.public_update()


@pytest.mark.parametrize("game", MOMENT_GAMES)
def test_the_pace_option_scales_every_hold(game: str) -> None:
    lengths = {}
    for pace in PACES:
        clock = Clock()
        s = table(game, max(GAMES[game].min_players, 3), clock, pace=pace, person=False, seed=11)
        lengths[pace] = [m["seconds"] for m in play(s, clock, seed=11)]
    assert lengths["normal"] and len(lengths["normal"]) == len(lengths["relaxed"]) == len(lengths["quick"])
    for pace, factor in PACES.items():
        assert lengths[pace] == pytest.approx([x * factor for x in lengths["normal"]])
    assert sum(lengths["relaxed"]) > sum(lengths["normal"]) > sum(lengths["quick"])


def test_a_table_whose_moment_scale_is_zero_holds_nothing() -> None:
    """The server's scale 0 (bots at delay 0: the tests' and bot races' tables) plays on at once."""
    for game in MOMENT_GAMES:
        clock = Clock()
        s = table(game, max(GAMES[game].min_players, 3), clock, person=False, scale=0)
        assert play(s, clock) == []
        assert s.stage is P.Stage.OVER


def test_a_game_that_names_no_moment_plays_as_before() -> None:
    """Every update of a game without moments is the same with the moments' code in place: none carries one."""
    quiet = [g for g, r in GAMES.items() if r.on_table and not r.moment_kinds]
    for game in quiet:  # (the shipped games all have moments; a game dropped in without any is checked here)
        clock = Clock()
        s = table(game, max(GAMES[game].min_players, 3), clock, person=False)
        assert play(s, clock) == [] and s.stage is P.Stage.OVER


@pytest.mark.parametrize("game", MOMENT_GAMES)
def test_a_moment_survives_a_restart_with_the_time_it_had_left(game: str, tmp_path) -> None:
    from game.store import open_store

    clock = Clock()
    s = table(game, max(GAMES[game].min_players, 3), clock, person=False)
    rules = s.rules
    for _ in range(5000):  # the bots play until the first moment
        if s.moment is not None:
            break
        seat = sorted(rules.to_act(s.state))[0]
        s.submit(seat, s.version, s.brains[seat].act(s.seat_view(seat)))  # type: ignore[attr-defined]
    m = s.moment
    clock.now += m.seconds / 4
    opened = open_store(tmp_path, clock=clock)
    opened.store.save(s, 1234)
    opened.store.close()
    clock.now += 60  # the server was down a minute: the moment plays on for what it had left
    again = open_store(tmp_path, clock=clock)
    again.store.close()
    back = again.session
    assert back is not None and back.moment is not None
    assert (back.moment.kind, back.moment.version, back.moment.events) == (m.kind, m.version, m.events)
    assert back.moment.until - clock.now == pytest.approx(m.seconds * 3 / 4)
    assert back.holding and back.bot_turns() == []
    assert back.public_update()["moment"]["seconds_left"] == pytest.approx(m.seconds * 3 / 4, abs=0.01)
    clock.now = back.moment.until
    assert back.expire_timer() and back.moment is None and back.bot_turns()


@pytest.mark.parametrize("game", MOMENT_GAMES)
def test_the_games_page_tabulates_exactly_its_moments(game: str) -> None:
    """docs/games/<id>.md, "Moments": one row per kind `moment_of` can name, and no other."""
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")
    section = page.split("## Moments", 1)[1].split("\n## ", 1)[0]
    kinds = re.findall(r"^\| `([a-z_]+)` \|", section, re.M)
    assert sorted(kinds) == sorted(GAMES[game].moment_kinds)
