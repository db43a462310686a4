"""A bot that takes over a seat mid-game, or plays one of a resumed table, first catches up on
its seat's stream (`Session.seat_stream`): it then knows exactly what a bot of the same kind and
seed that sat there from the start knows, and nothing its seat's phone was not sent."""

from __future__ import annotations

import asyncio
import copy
import enum
import os
import pickle
import random
import signal
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from game import protocol as P
from game.bots import kind_for, make_bot, remembers
from game.engine import GAMES
from game.protocol import Stage
from game.server import bots as driver_module
from game.server.bots import BotDriver
from game.session import Session
from game.store import open_store
from tests.server_kit import Wire, app_for_test, hub_of, seat_phones

NAMES = ("Ana", "Bea", "Cy")  # three people: enough for every game; Bea's seat (1) is handed over
SEAT = 1
SEED = 4242  # the seed every bot brain of these tests is made with (a bot "of the same seed")
LEVELS = [(game, level) for game in GAMES for level in ("easy", "normal", "hard") if kind_for(game, level)]
# Where a seat is handed over: just after the start, halfway through the game, two changes before its end (the
# game's length with the same seeded changes, `length`), so a short game is taken over mid-game too. Each point's
# changes come from a seeded stream of their own (the seed).
POINTS = {"early": 3, "halfway": 17, "late": 30}


def remembering_level(game: str, order: tuple[str, ...]) -> str | None:
    """Return the first level of `order` whose bot remembers (is fed its seat's stream), or None."""
    return next((lv for lv in order if (k := kind_for(game, lv)) is not None and remembers(game, k)), None)


# A resumed table's bot is rebuilt from its seat's stream: games with a bot that remembers (easy where it does, else
# hard, else normal). A game whose bots all read their view alone has nothing to rebuild and is not among them.
RESUMED = [(game, level) for game in GAMES if (level := remembering_level(game, ("easy", "hard", "normal")))]
# The stream a bot is fed, as the worker keeps it: games with a bot that remembers (their hard one where it does).
FED = [(game, level) for game in GAMES if (level := remembering_level(game, ("hard", "normal", "easy")))]


class Clock:
    """The table's hand-driven clock (the turn timer runs out when a test says so)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A session and its bot driver without sockets: what `Hub` is to `BotDriver`, minus delivery."""

    def __init__(self, session: Session, *, think_apart: str = "slow") -> None:
        self.session = session
        self.bots = BotDriver(self, delay=0.0, jitter=0.0, rng=random.Random(9), think_apart=think_apart)

    def dispatch(self, outs: Any) -> None:
        """The bot's move went through the session's one door; nothing is delivered here."""


class Stream:
    """What a bot sitting in `seat` from the start is fed: every change's view and events, in order
    (recorded as the driver's own listener sees them)."""

    def __init__(self, session: Session, seat: int) -> None:
        self.items: list[tuple[Any, list[dict[str, Any]]]] = []

        def listen(events: list[dict[str, Any]]) -> None:
            if session.state is not None and session.stage is not Stage.LOBBY:
                self.items.append((session.seat_view(seat), session.events_for(events, seat)))

        session.change_listeners.append(listen)


def mind(obj: Any) -> Any:
    """Return a bot's memory as plain comparable data (its random stream left out: acting moves it)."""
    if isinstance(obj, random.Random):
        return "rng"
    if isinstance(obj, (enum.Enum, str, int, float, bool, type(None))):
        return obj
    if isinstance(obj, dict):
        return {k: mind(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [mind(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return frozenset(obj)
    if is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__, {f.name: mind(getattr(obj, f.name)) for f in fields(obj)})
    if hasattr(obj, "__dict__"):
        return (type(obj).__name__, mind(vars(obj)))
    return obj


def distinct(items: list[tuple[Any, list[dict[str, Any]]]]) -> list[tuple[Any, list[dict[str, Any]]]]:
    """Drop the changes that told the seat nothing new (no events, the same view as before): someone
    left, a seat went to a bot. They are not in the game's log, and a bot learns nothing from them."""
    out: list[tuple[Any, list[dict[str, Any]]]] = []
    for view, events in items:
        if events or not out or out[-1][0] != view:
            out.append((view, events))
    return out


def seated(game: str, clock: Clock) -> tuple[Session, list[str]]:
    """Return a table of three people in the lobby of `game`, with a turn timer; their tokens. It plays no
    moments (`moment_scale=0`, as in the bots' races): a bot here moves as soon as the test says so, and the
    holds are tests/test_moments.py's."""
    session = Session("ABCDEF", random.Random(3), clock=clock, game=game, moment_scale=0)
    tokens = []
    for conn, name in enumerate(NAMES):
        outs = session.handle(conn, P.Join(name))
        tokens.append(next(o.message["token"] for o in outs if getattr(o, "to", None) == conn))
    session.host_command(P.Host(P.HostCmd.SET_OPTION, name="turn_timer", value=30))
    return session, tokens


def play(table: Table, clock: Clock, rng: random.Random, changes: int, store: Any = None) -> None:
    """Make `changes` changes: people's random legal moves, a bot seat's through its driver, and
    now and then the turn timer running out (timeout moves); save after each if `store`."""
    session = table.session
    for n in range(changes):
        assert session.stage is Stage.PLAYING, "the game ended before the seat was handed over"
        change(table, clock, rng, n)
        if store is not None:
            store.save(session, 0)


def change(table: Table, clock: Clock, rng: random.Random, n: int) -> None:
    """Make the `n`th change of `play`."""
    session = table.session
    if n % 7 == 5:
        clock.now += 31
        assert session.expire_timer()
    else:
        seat = rng.choice(sorted(session.rules.to_act(session.state)))
        kind = session.seats[seat].bot
        if kind is not None and (session.game_serial, seat, kind) in table.bots._brains:
            before = len(session.log)
            table.bots._act(seat)  # what the bot's scheduled move does once its delay is over
            assert len(session.log) > before
        else:  # a person's move (or a searching bot's, made here: the stream is the same)
            action = rng.choice(session.rules.legal_actions(session.state, seat))
            assert session.submit(seat, session.version, action)


def length(game: str, seed: int) -> int:
    """Return how many changes `play` with `random.Random(seed)` makes on a fresh table of three people before the
    game ends (no bot seat: the same changes a test makes before it hands a seat over)."""
    clock = Clock()
    table = Table(seated(game, clock)[0])
    session, rng, n = table.session, random.Random(seed), 0
    try:
        session.host_command(P.Host(P.HostCmd.START))
        while session.stage is Stage.PLAYING:
            change(table, clock, rng, n)
            n += 1
    finally:
        table.bots.thinker.close()
    return n


def take_over_at(game: str, point: str) -> int:
    """Return after how many changes (seeded by the point) the seat is handed over at `point` of the game."""
    seed = POINTS[point]
    if point == "early":
        return seed
    total = length(game, seed)
    at = total // 2 if point == "halfway" else total - 2
    assert 3 < at < total, f"{game} lasts only {total} changes"
    return at


def hand_over(session: Session, level: str) -> None:
    """Bea's phone leaves; the host lets a bot of `level` play her seat."""
    session.disconnect(SEAT)
    outs = session.host_command(P.Host(P.HostCmd.SEAT_TO_BOT, seat=SEAT, level=level), by=session.seats[0])
    assert session.seats[SEAT].bot == kind_for(session.game_id, level), outs


@pytest.fixture
def same_seed(monkeypatch):
    """Every brain the driver makes here gets the seed SEED (so a twin of it can be made)."""
    monkeypatch.setattr(driver_module, "make_bot", lambda game, kind, rng: make_bot(game, kind, random.Random(SEED)))


async def caught_up(table: Table) -> None:
    """Wait until every brain caught up, and hand the worker what it was still to be sent."""
    async with asyncio.timeout(10):
        while table.bots._behind:
            await asyncio.sleep(0.001)
    table.bots._send_unsent()


def fed_to_worker(table: Table, key: Any) -> list[tuple[Any, list[dict[str, Any]]]]:
    """Return every observation the server keeps (and sent) for a brain in the worker, in order."""
    return [pickle.loads(seen) for seen in table.bots.thinker._seen[key]]


@pytest.mark.parametrize("point", list(POINTS))
@pytest.mark.parametrize("game,level", LEVELS)
def test_a_bot_taking_over_mid_game_knows_what_one_that_sat_there_from_the_start_knows(game, level, point, same_seed):
    changes = take_over_at(game, point)
    clock = Clock()
    session, _ = seated(game, clock)
    table = Table(session)
    stream = Stream(session, SEAT)
    try:
        session.host_command(P.Host(P.HostCmd.START))
        play(table, clock, random.Random(POINTS[point]), changes)
        asked: list[Any] = []
        replay = session.seat_stream
        session.seat_stream = lambda *a, **kw: asked.append(a) or replay(*a, **kw)  # type: ignore[method-assign]
        hand_over(session, level)
        kind = session.seats[SEAT].bot
        key = (session.game_serial, SEAT, kind)
        if not remembers(game, kind):
            assert not asked, "a bot that reads only its view was fed a replay it never uses"
            return
        if key in table.bots._brains:
            brain = table.bots._brains[key]
            twin = make_bot(game, kind, random.Random(SEED))  # the same kind and seed, there from the start
            for view, events in stream.items:
                twin.observe(view, events)
            assert mind(brain) == mind(twin)
            view = session.seat_view(SEAT)
            if SEAT in session.rules.to_act(session.state):
                assert copy.deepcopy(brain).act(view) == copy.deepcopy(twin).act(view)
        else:  # a bot that searches, in the worker: it was sent the very stream, in order
            assert distinct(fed_to_worker(table, key)) == distinct(stream.items)
            assert len(fed_to_worker(table, key)) > 1
    finally:
        table.bots.thinker.close()


def test_a_seat_handed_to_a_bot_again_after_its_player_came_back_is_taught_the_game_anew(same_seed):
    # the first bot stopped learning when Bea took her seat back: the one seated again later
    # knows what happened while she played too
    game = "rat-a-tat-cat"
    clock = Clock()
    session, tokens = seated(game, clock)
    table = Table(session)
    stream = Stream(session, SEAT)
    session.host_command(P.Host(P.HostCmd.START))
    play(table, clock, random.Random(3), 8)
    hand_over(session, "normal")
    key = (session.game_serial, SEAT, session.seats[SEAT].bot)
    first = table.bots._brains[key]
    play(table, clock, random.Random(4), 6)
    session.handle(SEAT, P.Resume(tokens[SEAT]))  # Bea is back: the bot leaves her seat
    assert session.seats[SEAT].bot is None and key not in table.bots._brains
    play(table, clock, random.Random(5), 9)
    hand_over(session, "normal")
    again = table.bots._brains[key]
    assert again is not first
    twin = make_bot(game, key[2], random.Random(SEED))
    for view, events in stream.items:
        twin.observe(view, events)
    assert mind(again) == mind(twin)
    assert mind(first) != mind(twin)  # (what the first one knew is out of date)


@pytest.mark.parametrize("game,level", RESUMED)
def test_a_resumed_tables_bot_knows_what_it_knew_before_the_save(game, level, tmp_path, same_seed):
    # Bea's seat goes to a bot mid-game; the bot plays on, the table is saved after every change
    # and then rebuilt from its save (another process, as after kill -9): the rebuilt table's
    # bot knows what the first one knew, and what a bot there from the start would
    clock = Clock()
    session, tokens = seated(game, clock)
    opened = open_store(tmp_path, import_records=False)
    table = Table(session)
    stream = Stream(session, SEAT)
    resumed_table: Table | None = None
    try:
        session.host_command(P.Host(P.HostCmd.START))
        play(table, clock, random.Random(1), 12, opened.store)
        hand_over(session, level)
        opened.store.save(session, 0)
        play(table, clock, random.Random(2), 9, opened.store)
        kind = session.seats[SEAT].bot
        key = (session.game_serial, SEAT, kind)
        opened.store.close()

        again = open_store(tmp_path, import_records=False)
        again.store.close()
        resumed = again.session
        assert resumed is not None and resumed.log == session.log
        resumed_table = Table(resumed)
        resumed.handle(0, P.Resume(tokens[0]))  # Ana's phone comes back: the table's first change
        assert key[0] == resumed.game_serial
        if key in table.bots._brains:
            before, after = table.bots._brains[key], resumed_table.bots._brains[key]
            assert mind(after) == mind(before)
            twin = make_bot(game, kind, random.Random(SEED))
            for view, events in stream.items:
                twin.observe(view, events)
            assert mind(after) == mind(twin)
        else:
            assert distinct(fed_to_worker(resumed_table, key)) == distinct(fed_to_worker(table, key))
            assert distinct(fed_to_worker(resumed_table, key)) == distinct(stream.items)
    finally:
        table.bots.thinker.close()
        if resumed_table is not None:
            resumed_table.bots.thinker.close()


async def test_a_worker_brain_that_took_over_moves_as_its_twin_here_even_after_the_worker_died():
    # the server keeps a worker brain's observations to teach a new worker: the catching up is
    # among them, so a worker started again knows the game so far too
    game = "rat-a-tat-cat"
    clock = Clock()
    session, _ = seated(game, clock)
    table = Table(session, think_apart="all")
    table.bots.poke = lambda: None  # type: ignore[method-assign]  # (this test asks the brain itself)
    stream = Stream(session, SEAT)
    try:
        session.host_command(P.Host(P.HostCmd.START))
        play(table, clock, random.Random(8), 25)
        hand_over(session, "normal")
        await caught_up(table)
        key = (session.game_serial, SEAT, session.seats[SEAT].bot)
        twin = make_bot(game, key[2], random.Random(table.bots.thinker._brains[key][1]))
        for view, events in stream.items:
            twin.observe(view, events)
        # (told only where the game is now, it would know less: this moment tells them apart)
        fresh = make_bot(game, key[2], random.Random(0))
        fresh.observe(session.seat_view(SEAT), [])
        assert mind(fresh) != mind(twin)
        rng = random.Random(4)
        moves = 0
        while moves < 6 and session.stage is Stage.PLAYING:
            seat = min(session.rules.to_act(session.state))
            if seat == SEAT:
                await caught_up(table)
                view = session.seat_view(SEAT)
                theirs = await table.bots.thinker.act(key, view)
                assert theirs == twin.act(view), f"move {moves} of the bot that took over"
                if moves == 2:
                    os.kill(table.bots.thinker.worker_pid, signal.SIGKILL)  # the next question finds it dead
                action = theirs
                moves += 1
            else:
                action = rng.choice(session.rules.legal_actions(session.state, seat))
            assert session.submit(seat, session.version, action)
            twin.observe(*stream.items[-1])
        assert moves == 6 and table.bots.thinker.restarts == 1
    finally:
        table.bots.thinker.close()


async def test_a_long_catching_up_is_done_in_slices_and_the_bot_waits_for_it(monkeypatch, same_seed):
    # on a running loop the replay gives the loop back between slices; a change that comes
    # meanwhile is fed after it, and the seat's move waits until the bot has caught up
    monkeypatch.setattr(driver_module, "CATCH_UP_SLICE", 0.0)  # one change a slice
    game = "rat-a-tat-cat"
    clock = Clock()
    session, _ = seated(game, clock)
    table = Table(session)
    stream = Stream(session, SEAT)
    session.host_command(P.Host(P.HostCmd.START))
    rng = random.Random(6)
    play(table, clock, rng, 20)
    while SEAT not in session.rules.to_act(session.state):  # hand it over on its own turn
        seat = min(session.rules.to_act(session.state))
        assert session.submit(seat, session.version, rng.choice(session.rules.legal_actions(session.state, seat)))
    hand_over(session, "normal")
    key = (session.game_serial, SEAT, session.seats[SEAT].bot)
    brain = table.bots._brains[key]
    assert key in table.bots._catching and key in table.bots._behind
    table.bots.poke()
    assert SEAT not in table.bots._scheduled, "the bot was let move before it caught up"
    session.disconnect(2)  # Cy's phone leaves while it catches up: a change fed after the replay
    assert table.bots._behind[key]
    knew: list[Any] = []
    act = brain.act

    def acting(view: Any) -> Any:
        name, memory = mind(brain)
        memory.pop("act")  # (this very stand-in)
        knew.append((name, memory))
        return act(view)

    brain.act = acting  # type: ignore[method-assign]
    async with asyncio.timeout(10):
        while not knew:
            await asyncio.sleep(0.001)
    twin = make_bot(game, key[2], random.Random(SEED))
    for view, events in stream.items[:-1]:  # (the last: the bot's own move, made after it acted)
        twin.observe(view, events)
    assert knew[0] == mind(twin)
    assert not table.bots._behind and not table.bots._catching


async def phones_play_until_bea_leaves(client: Any, game: str) -> tuple[Any, list[Any], list[dict[str, Any]]]:
    """Three phones play `game` (random legal moves, up to 24, never the one that would end it); Bea's phone
    leaves. Return the hub, the phones and the updates of the game Bea's phone got."""
    hub = hub_of(client)
    wire = Wire()
    phones = await seat_phones(client, list(NAMES), wire)
    ana, bea = phones[0], phones[1]
    await ana.host("set_game", game=game)
    await ana.until_update(lambda u: u["table"]["game"] == game)
    await ana.host("start")
    session = hub.session
    await ana.until_update(lambda u: u["stage"] == "playing")
    rng = random.Random(2)
    for _ in range(24):
        seat = rng.choice(sorted(session.rules.to_act(session.state)))
        action = rng.choice(session.rules.legal_actions(session.state, seat))
        after = copy.deepcopy(session.state)
        session.rules.apply(after, seat, action)
        if session.rules.outcome(after) is not None:
            break  # (a short game: the seat is handed over before its last move)
        version = session.version
        await phones[seat].act(action.to_dict(), version)
        for p in phones:
            await p.until_update(lambda u, v=version: u["version"] > v)
    assert session.stage is Stage.PLAYING
    got = [m for m in bea.frames if m["type"] == "update" and m["stage"] != "lobby"]
    await bea.close()
    await ana.until_update(lambda u: not u["table"]["seats"][SEAT]["connected"])
    return hub, phones, got


def same_as_on_the_wire(game: str, stream: list[Any], got: list[dict[str, Any]]) -> None:
    """Assert that every change of a seat's stream is an update its phone got, view and events alike."""
    assert len(stream) > 10
    by_version = {seen.version + 1: seen for seen in stream}  # an update carries the version after its change
    assert set(by_version) <= {u["version"] for u in got}, "a change in the stream never reached the phone"
    last = None
    for update in got:
        seen = by_version.get(update["version"])
        if seen is None:  # a change that moved no card: the same view again, no events
            assert update["events"] == [] and update["view"] == last
            continue
        assert P.view_to_wire(game, seen.view, seat_view=True) == update["view"]
        assert seen.events == update["events"]
        last = update["view"]


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_seats_stream_is_what_its_phone_got_on_the_wire(game, aiohttp_client):
    # three phones play; Bea's leaves: what her seat would teach a bot that takes it over (the test below, for
    # the games with a bot that remembers) is her phone's frames, change by change, and nothing more
    client = await aiohttp_client(app_for_test(bot_delay=30.0, bot_jitter=0.0))
    hub, phones, got = await phones_play_until_bea_leaves(client, game)
    same_as_on_the_wire(game, list(hub.session.seat_stream(SEAT)), got)
    for p in (phones[0], phones[2]):
        await p.close()


@pytest.mark.parametrize("game,level", FED)
async def test_the_stream_a_bot_is_fed_is_what_the_seats_phone_got_on_the_wire(game, level, aiohttp_client):
    # three phones play; Bea's leaves and a bot that remembers (its brain in the worker, which keeps what it
    # was fed) takes her seat: it was fed her phone's frames, change by change, and nothing more
    client = await aiohttp_client(app_for_test(bot_delay=30.0, bot_jitter=0.0, think_apart="all"))
    hub, phones, got = await phones_play_until_bea_leaves(client, game)
    session = hub.session
    await phones[0].host("seat_to_bot", seat=SEAT, level=level)
    await phones[0].until_update(lambda u: u["table"]["seats"][SEAT]["bot"] is not None)
    key = (session.game_serial, SEAT, session.seats[SEAT].bot)
    await caught_up(hub)  # type: ignore[arg-type]

    stream = list(session.seat_stream(SEAT))
    same_as_on_the_wire(game, stream, got)
    fed = [(view, events) for view, events in (pickle.loads(b) for b in hub.bots.thinker._seen[key])]
    assert fed[:-1] == [(seen.view, seen.events) for seen in stream]
    assert fed[-1] == (session.seat_view(SEAT), [])  # the take-over itself: it moved no card
    for p in (phones[0], phones[2]):
        await p.close()


def test_the_shipped_games_bots_that_remember_are_the_ones_checked():
    # (a game whose bots all read only their view is left out of RESUMED and FED: nothing is fed to check)
    assert dict(RESUMED) | {"cat-in-the-sack": "hard", "rat-a-tat-cat": "easy"} == dict(RESUMED)
    assert dict(FED) | {"cat-in-the-sack": "hard", "rat-a-tat-cat": "hard"} == dict(FED)
