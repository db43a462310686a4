"""Bots that think in the worker process (game/server/thinker.py): the same moves as thought here,
a worker that dies is replaced and taught again, stale thoughts are dropped, the table never hangs."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from typing import Any

from game.bots import BotFeeder, is_slow, make_bot
from game.engine import GAMES
from game.server.thinker import BotFailed, Thinker
from server_kit import app_for_test, autoplay, hub_of, seat_phones


class _Twin:
    """Feeds the very observations of a local bot to its twin brain in the worker."""

    def __init__(self, thinker: Thinker, key: tuple[int, int, str], local: Any) -> None:
        self.thinker, self.key, self.local = thinker, key, local

    def observe(self, view: Any, events: list[dict[str, Any]]) -> None:
        self.local.observe(view, events)
        self.thinker.observe(self.key, view, events)


def _chance(rules: Any, state: Any, rng: random.Random) -> list[Any]:
    events: list[Any] = []
    while rules.chance_due(state):
        events += rules.apply_chance(state, rules.sample_chance(state, rng))
    return events


async def test_a_brain_in_the_worker_moves_as_the_same_bot_here_even_after_the_worker_is_killed():
    # Rat-a-Tat Cat's heuristic remembers what it looked at and peeked: a worker started again
    # must have been taught every observation again, in order, or its moves would differ
    rules = GAMES["rat-a-tat-cat"]
    rng = random.Random(11)
    state = rules.new_game(2, rng, rules.engine_options({"end": "rounds", "rounds": 3}))
    thinker = Thinker()
    keys = [(1, seat, "heuristic") for seat in range(2)]
    here = [make_bot(rules.id, "heuristic", random.Random(500 + seat)) for seat in range(2)]
    for seat, key in enumerate(keys):
        thinker.new_brain(key, rules.id, 500 + seat)
    feeder = BotFeeder(rules, [_Twin(thinker, key, bot) for key, bot in zip(keys, here)])
    try:
        feeder.feed(state, _chance(rules, state, rng))
        moves = 0
        while rules.outcome(state) is None:
            seat = min(rules.to_act(state))
            view = rules.view_for(state, seat)
            mine = here[seat].act(view)
            theirs = await thinker.act(keys[seat], view)
            assert theirs == mine, f"move {moves}: the worker's brain chose {theirs!r}, the same bot here {mine!r}"
            assert thinker.worker_pid not in (None, os.getpid())
            if moves in (6, 25):
                os.kill(thinker.worker_pid, signal.SIGKILL)  # the next question finds it dead
            feeder.feed(state, rules.apply(state, seat, mine) + _chance(rules, state, rng))
            moves += 1
        assert moves > 25 and thinker.restarts == 2
    finally:
        thinker.close()


async def _started_with_two_bots(client: Any) -> Any:
    """Seat Ana (the host) and two bots at a Cat in the Sack table and start; return Ana's phone."""
    (ana,) = await seat_phones(client, ["Ana"])
    await ana.host("add_bot")
    await ana.host("add_bot")
    await ana.until_update(lambda u: len(u["table"]["seats"]) == 3)
    await ana.host("start")
    return ana


async def test_a_whole_game_is_played_by_bots_thinking_in_the_worker_which_may_die_mid_game(aiohttp_client):
    client = await aiohttp_client(app_for_test(think_apart="all"))
    hub = hub_of(client)
    ana = await _started_with_two_bots(client)
    await ana.until_update(lambda u: u["stage"] == "playing" and u["version"] > 3)

    async def kill_once() -> None:
        while hub.bots.thinker.worker_pid is None or len(hub.session.log) < 12:
            await asyncio.sleep(0.01)
        os.kill(hub.bots.thinker.worker_pid, signal.SIGKILL)

    killer = asyncio.create_task(kill_once())
    final = await autoplay(ana, random.Random(3), timeout=60)
    await killer
    assert final["stage"] == "over" and final["outcome"]["winners"]
    assert hub.bots.thinker.restarts >= 1  # it died, was started again, and the game went on
    assert not hub.bots._brains, "no bot thought on the server's loop"


async def test_a_thought_the_table_made_stale_is_dropped_and_thought_again(aiohttp_client):
    # At a round's start every seat chooses at once: while the bots wait out their delay, the
    # phone's choice changes the table, so what they thought is dropped; they think again and play
    client = await aiohttp_client(app_for_test(think_apart="all", bot_delay=0.4, bot_jitter=0.0))
    hub = hub_of(client)
    ana = await _started_with_two_bots(client)
    first = await ana.until_update(lambda u: u["stage"] == "playing" and bool(u["view"]["legal"]["play"]))
    await ana.act({"type": "play", "card": first["view"]["legal"]["play"][0]})
    # both bots then choose (the round's choices done, the auction starts)
    await ana.until_update(lambda u: sum(1 for e in hub.session.log if e["seat"] is not None) >= 3, timeout=10)
    assert hub.bots.stale >= 2
    chosen = [e["seat"] for e in hub.session.log if e["seat"] is not None][:3]
    assert sorted(chosen) == [0, 1, 2]  # each seat chose once: no stale thought was played


async def test_a_brain_that_raises_in_the_worker_breaks_nothing():
    # an exception that cannot cross between processes (GameError's) must not break the worker
    rules = GAMES["cat-in-the-sack"]
    state = rules.new_game(3, random.Random(2), rules.engine_options({}))
    thinker = Thinker()
    try:
        thinker.new_brain((1, 0, "heuristic"), rules.id, 1)
        view = rules.view_for(state, 0)
        await thinker.act((1, 0, "heuristic"), view)  # a legal question first: the worker runs
        pid = thinker.worker_pid
        thinker.observe((1, 0, "heuristic"), {"not": "a view"}, [{"type": "nonsense"}])
        try:
            await thinker.act((1, 0, "heuristic"), {"not": "a view"})
        except BotFailed as exc:
            assert str(exc) in ("AttributeError", "TypeError", "KeyError")
        else:
            raise AssertionError("a brain that failed gave a move")
        assert await thinker.act((1, 0, "heuristic"), view) is not None
        assert thinker.worker_pid == pid and thinker.restarts == 0
    finally:
        thinker.close()


def test_only_bots_that_search_are_slow_and_every_hard_bot_thinks_apart():
    from game.bots import kind_for

    for game_id in GAMES:
        assert not is_slow(game_id, "random") and not is_slow(game_id, "heuristic") and not is_slow(game_id, "easy")
        hard = kind_for(game_id, "hard")
        assert hard is None or is_slow(game_id, hard), f"{game_id}'s hard bot would think on the server's loop"


_HOLDER = """
import asyncio, random, sys, time
from game.engine import GAMES
from game.server.thinker import BotFailed, Thinker
rules = GAMES["rat-a-tat-cat"]
rng = random.Random(1)
state = rules.new_game(2, rng, rules.engine_options({}))
while rules.chance_due(state):
    rules.apply_chance(state, rules.sample_chance(state, rng))
seat = min(rules.to_act(state))
t = Thinker()
t.new_brain((1, seat, "heuristic"), rules.id, 1)
asyncio.run(t.act((1, seat, "heuristic"), rules.view_for(state, seat)))
print(t.worker_pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its parent to read its status is gone for our purpose
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


def test_the_worker_exits_when_the_server_process_is_killed():
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER], cwd=root, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        worker = int(holder.stdout.readline())
        assert _alive(worker)
        holder.kill()  # kill -9: no goodbye to the worker
        holder.wait(5)
        deadline = time.monotonic() + 3
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(worker), "the bots' worker outlived the server that started it"
    finally:
        holder.kill()


async def test_a_hard_bot_plays_a_whole_game_at_the_table_thinking_in_the_worker(aiohttp_client):
    # the real thing: a host seats a hard Rat-a-Tat Cat bot; it never thinks on the server's loop
    from functools import partial

    from game.bots import kind_for
    from tests.rat_helpers import wire_move

    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    (ana,) = await seat_phones(client, ["Ana"])
    await ana.host("set_game", game="rat-a-tat-cat")
    await ana.host("set_option", name="rounds", value=1)
    await ana.host("add_bot", level="hard")
    lobby = await ana.until_update(lambda u: len(u["table"]["seats"]) == 2)
    assert lobby["table"]["seats"][1]["level"] == "hard"
    await ana.host("start")
    final = await autoplay(ana, random.Random(5), pick=partial(wire_move, knock_chance=0.3), timeout=90)
    assert final["stage"] == "over" and len(final["outcome"]["totals"]) == 2
    assert hub.bots.thinker.worker_pid not in (None, os.getpid())
    assert not hub.bots._brains, "the hard bot thought in the worker, not on the loop"
    assert hub.session.seats[1].bot == kind_for("rat-a-tat-cat", "hard")


async def test_the_worker_thinks_below_the_servers_priority_so_people_come_first():
    # a search holds a core for its whole budget; the server answering a phone and the TV drawing
    # must not queue behind it on a small box (its budget is CPU time: the move is as good)
    from game.server.thinker import WORKER_NICENESS
    rules = GAMES["rat-a-tat-cat"]
    thinker = Thinker()
    key = (1, 0, "heuristic")
    thinker.new_brain(key, rules.id, 5)
    try:
        state = rules.new_game(2, random.Random(3), rules.engine_options({}))
        while rules.chance_due(state):
            rules.apply_chance(state, rules.sample_chance(state, random.Random(4)))
        await thinker.act(key, rules.view_for(state, min(rules.to_act(state))))
        assert thinker.worker_pid not in (None, os.getpid())
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, thinker.worker_pid) == min(19, mine + WORKER_NICENESS)
    finally:
        thinker.close()


async def test_a_searching_bot_starts_only_once_its_turns_change_has_gone_out(aiohttp_client):
    # the search takes a core: the change that gave the bot its turn is first delivered to every
    # phone, watcher and the TV (THINK_AFTER, within the bot's delay, so its move is not later)
    from game.server.bots import THINK_AFTER
    client = await aiohttp_client(app_for_test(think_apart="all", bot_delay=0.3, bot_jitter=0.0))
    hub = hub_of(client)
    loop = asyncio.get_running_loop()
    changed: dict[int, float] = {}
    asked: list[tuple[int, float]] = []
    hub.session.change_listeners.append(lambda _events: changed.setdefault(hub.session.version, loop.time()))
    think = hub.bots.thinker.act
    # the version whose change gave the seat its turn (another seat's move may come while it waits:
    # that one is not what it waits for, so the ask is timed from its own turn's change)
    turn_of: dict[int, int] = {}
    think_for = hub.bots._think

    def timed_think(seat: int, kind: str, wait: float) -> Any:
        turn_of[seat] = hub.session.version  # when it is scheduled: at the change
        return think_for(seat, kind, wait)

    hub.bots._think = timed_think  # type: ignore[method-assign]

    async def asked_act(key: Any, view: Any) -> Any:
        asked.append((turn_of[key[1]], loop.time()))
        return await think(key, view)

    hub.bots.thinker.act = asked_act  # type: ignore[method-assign]
    ana = await _started_with_two_bots(client)
    first = await ana.until_update(lambda u: u["stage"] == "playing" and bool(u["view"]["legal"]["play"]))
    await ana.act({"type": "play", "card": first["view"]["legal"]["play"][0]})
    await ana.until_update(lambda u: sum(1 for e in hub.session.log if e["seat"] is not None) >= 4, timeout=20)
    assert len(asked) >= 3  # the bots chose their cards (a stale thought is asked again), then bid or passed
    for version, at in asked:
        assert at - changed[version] >= THINK_AFTER - 1e-3, (version, at - changed[version])


async def test_a_games_observations_are_kept_as_bytes_the_garbage_collector_never_walks():
    # the server keeps every observation of the game to teach a new worker; kept as objects, a
    # game's thousands of views made each full collection pause the server's loop for ~20 ms
    import gc
    rules = GAMES["cat-in-the-sack"]
    state = rules.new_game(3, random.Random(3), rules.engine_options({}))
    view = rules.view_for(state, 0)
    thinker = Thinker()
    key = (1, 0, "heuristic")
    thinker.new_brain(key, rules.id, 1)
    try:
        await thinker.act(key, view)
        gc.collect()
        before = len(gc.get_objects())
        for _ in range(300):
            thinker.observe(key, view, [])  # the same view again and again, with no events
        await thinker.act(key, view)  # the worker took them all in, in order, before this question
        gc.collect()
        assert len(gc.get_objects()) - before < 150  # kept as objects: 2 more for each of the 300
        assert len(thinker._seen[key]) == 300
    finally:
        thinker.close()


async def test_the_worker_is_fed_a_change_only_after_its_frames_went_to_every_socket(aiohttp_client):
    # pickling the bots' views and writing them to the worker's pipe wake threads that take the
    # GIL: the change's frames to the phones and the watchers are written first, and the worker
    # still gets every observation, in order, before it is asked for a move (the moments still hold,
    # at a twentieth of their length: at full length a whole game waited some 40 s on them)
    client = await aiohttp_client(app_for_test(think_apart="all", bot_delay=0.05, bot_jitter=0.0, moment_scale=0.05))
    hub = hub_of(client)
    published: list[int] = []
    fed: list[tuple[int, int]] = []  # (the version being fed, the last version published then)
    publish, observe = hub._publish, hub.bots.thinker.observe

    def recording_publish(message: dict[str, Any]) -> None:
        publish(message)
        published.append(message["version"])

    def recording_observe(key: Any, view: Any, events: list[dict[str, Any]]) -> None:
        fed.append((hub.session.version, published[-1] if published else 0))
        observe(key, view, events)

    hub._publish = recording_publish  # type: ignore[method-assign]
    hub.bots.thinker.observe = recording_observe  # type: ignore[method-assign]
    ana = await _started_with_two_bots(client)
    final = await autoplay(ana, random.Random(5), timeout=60)
    assert final["stage"] == "over"
    assert len(fed) > 40
    assert all(version <= sent for version, sent in fed), "a bot was fed before its change went out"
