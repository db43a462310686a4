"""Quality bar D (connections): frozen phones, slow readers, drops mid-action, a second tab."""

from __future__ import annotations

import asyncio
import json
import os
import random
from typing import Any

import pytest

from game import protocol as P
from game.server.conn import Connection
from server_kit import Closed, Phone, RawWS, app_for_test, autoplay, hub_of, seat_phones

SOAK = bool(os.environ.get("SOAK"))


def _server(client: Any) -> tuple[str, int]:
    return client.server.host, client.server.port


async def test_frozen_phone_does_not_stall_the_table_and_is_dropped__D1(aiohttp_client):
    hb = 0.4
    client = await aiohttp_client(app_for_test(heartbeat=hb, send_timeout=0.5))
    hub = hub_of(client)
    ana, bea = await seat_phones(client, ["Ana", "Bea"])
    frozen = await RawWS.connect(*_server(client), rcvbuf=4096)
    frozen.send({"type": "join", "name": "Frozen"})
    await frozen.until(lambda m: m["type"] == "update")
    frozen_watcher = await RawWS.connect(*_server(client), rcvbuf=4096)
    frozen_watcher.send({"type": "watch"})
    await frozen_watcher.until(lambda m: m["type"] == "update")
    frozen_ids = set(hub.conns) - {c for c in hub.conns if hub.session.seat_of(c) in (0, 1)}
    loop = asyncio.get_running_loop()
    start = loop.time()
    # from now on neither frozen socket reads anything; the table keeps changing
    gaps = []
    last = loop.time()
    for i in range(150):
        hub.host_command({"cmd": "set_option", "name": "open_piles", "value": bool(i % 2)})  # the TV
        await bea.until_update(lambda u, i=i: u["table"]["options"]["open_piles"] == bool(i % 2))
        now = loop.time()
        gaps.append(now - last)
        last = now
    print(f"\nD1: longest wait for an update while two sockets were frozen: {max(gaps) * 1000:.1f} ms")
    left = max(0.05, start + 1.5 * hb + 1.0 - loop.time())
    await bea.until_update(lambda u: len(u["table"]["seats"]) == 3 and not u["table"]["seats"][2]["connected"],
                           timeout=left)
    for _ in range(100):  # the handler notices the dead socket a moment later for the watcher
        if not frozen_ids & set(hub.conns):
            break
        await asyncio.sleep(0.02)
    assert not frozen_ids & set(hub.conns)
    stuck = [t for t in asyncio.all_tasks() if t.get_name() in {f"ws-writer-{c}" for c in frozen_ids}]
    assert not stuck, "a writer task is still waiting on a frozen socket"
    frozen.abort()
    frozen_watcher.abort()


class _StuckWS:
    """A websocket whose sends never finish (a peer that stopped reading)."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_str(self, text: str) -> None:
        self.sent += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        await asyncio.Event().wait()


class _Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


class _Request:
    def __init__(self) -> None:
        self.transport = _Transport()


async def test_a_send_that_never_finishes_is_aborted_and_the_writer_ends__D1():
    req = _Request()
    conn = Connection(1, _StuckWS(), req, send_timeout=0.05, max_queued=8, rate=20, burst=40)  # type: ignore[arg-type]
    conn.send_update('{"type":"update","version":1}', 1)
    conn.send_update('{"type":"update","version":2}', 2)
    await asyncio.wait_for(conn.task, 5)
    assert req.transport.aborted and conn.closing
    await conn.finish()


async def test_too_many_queued_messages_count_as_a_frozen_peer():
    req = _Request()
    conn = Connection(1, _StuckWS(), req, send_timeout=60, max_queued=8, rate=20, burst=40)  # type: ignore[arg-type]
    for _ in range(20):
        conn.send('{"type":"error"}')
    assert req.transport.aborted
    await conn.finish()
    assert conn.task.done()


class _SlowWS:
    """A websocket whose every send takes a while (a peer on a slow link)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False

    async def send_str(self, text: str) -> None:
        await asyncio.sleep(0.01)
        self.sent.append(text)


class _BusyTransport(_Transport):
    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 10**6  # always behind: every update takes the queued path


async def test_a_peer_that_falls_behind_gets_only_the_newest_update_in_order__D2():
    req = _Request()
    req.transport = _BusyTransport()
    ws = _SlowWS()
    conn = Connection(1, ws, req, send_timeout=5, max_queued=8, rate=20, burst=40)  # type: ignore[arg-type]
    conn.send('{"type":"welcome"}')
    for v in range(1, 30):
        conn.send_update_frame(f'{{"v":{v}}}', b"", v)
        if v == 10:
            conn.send('{"type":"error"}')
        await asyncio.sleep(0.001)
    conn.send_update('{"v":5}', 5)  # older than what is queued: dropped
    while conn.snapshot()["queued"]:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.02)
    versions = [json.loads(t)["v"] for t in ws.sent if t.startswith('{"v"')]
    assert ws.sent[0] == '{"type":"welcome"}' and '{"type":"error"}' in ws.sent
    assert versions == sorted(set(versions)) and versions[-1] == 29
    assert len(versions) < 29  # the versions it could not take in time were skipped
    assert conn.sent_version == 29
    await conn.finish()


async def test_slow_readers_converge_to_the_latest_version_in_order__D2(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    (slow_player,) = await seat_phones(client, ["Slow"])
    watchers = []
    for i in range(3):
        w = await Phone.open(client, f"w{i}")
        await w.watch()
        watchers.append(w)
    hub.host_command({"cmd": "add_bot", "kind": "random"})
    hub.host_command({"cmd": "add_bot", "kind": "random"})
    await slow_player.host("start")

    async def slow_watch(w: Phone, pause: float) -> list[int]:
        seen = []
        while True:
            msg = await w.recv(10)
            if msg["type"] == "update":
                seen.append(msg["version"])
                if msg["stage"] == "over":
                    return seen
            await asyncio.sleep(pause)

    async def slow_play() -> dict[str, Any]:
        return await autoplay(slow_player, random.Random(3), timeout=60)

    results = await asyncio.gather(slow_play(), *(slow_watch(w, 0.002 * (i + 1)) for i, w in enumerate(watchers)))
    final = hub.session.version
    assert results[0]["version"] == final
    for seen in results[1:]:
        assert seen == sorted(set(seen)), "updates arrived out of order or twice"
        assert seen[-1] == final


async def test_dropping_the_connection_mid_action_applies_it_at_most_once__D3(aiohttp_client):
    rounds = 1000 if SOAK else 200
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    session = hub.session
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"])
    token = phones[0].welcome["token"]
    for p in phones[1:]:
        await p.close()
    await phones[0].host("start")
    await phones[0].until_update(lambda u: u["stage"] == "playing")
    await phones[0].close()
    views: dict[int, Any] = {}
    orig = session._changed

    def changed(events=None):
        outs = orig(events)
        if session.state is not None:
            views[session.version] = P.view_to_wire(session.game_id, session.seat_view(0), seat_view=True)
        return outs

    session._changed = changed
    views[session.version] = P.view_to_wire(session.game_id, session.seat_view(0), seat_view=True)
    rng = random.Random(17)
    host, port = _server(client)
    attempts = applied_total = 0

    async def resume() -> tuple[RawWS, dict[str, Any]]:
        raw = await RawWS.connect(host, port)
        raw.send({"type": "resume", "token": token})
        welcome = await raw.until(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        upd = await raw.until(lambda m: m["type"] == "update")
        # exactly what the server holds for seat 0 at that version
        assert upd["view"] == views[upd["version"]]
        return raw, upd

    while attempts < rounds:
        if session.stage == "over":
            hub.host_command({"cmd": "play_again"})
            continue
        for seat in sorted(session.rules.to_act(session.state) - {0}):
            action = rng.choice(session.rules.legal_actions(session.state, seat))
            hub.dispatch(session.submit(seat, session.version, action))
        if 0 not in session.rules.to_act(session.state):
            continue
        raw, upd = await resume()
        legal = session.rules.legal_actions(session.state, 0)
        msg = {"type": "act", "version": upd["version"], "action": rng.choice(legal).to_dict()}
        size = len(RawWS.frame(P.encode(msg)))
        cut = rng.choice([0, rng.randrange(1, size), size, size])
        before = len(session.log)
        raw.send(msg, cut=cut if cut < size else None)
        if rng.random() < 0.5:
            await asyncio.sleep(0)
        raw.abort()
        attempts += 1
        # the phone comes back and, unsure, sends the same action again
        raw2, upd2 = await resume()
        raw2.send(msg)
        await raw2.until(lambda m: m["type"] == "error" or (m["type"] == "update" and m["version"] > upd2["version"]))
        mine = [e for e in session.log[before:] if e["seat"] == 0]
        assert len(mine) <= 1, "an action was applied twice"
        if cut < size and not mine:
            pass  # a cut frame never reached the game, and the resend did
        applied_total += len(mine)
        raw2.abort()
    assert applied_total > 0


async def test_second_tab_takes_the_seat_and_the_first_is_told_replaced__D4(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    (first,) = await seat_phones(client, ["Ana"])
    second = await Phone.open(client, "Ana-tab2")
    welcome = await second.resume(first.welcome["token"])
    assert welcome["seat"] == 0
    bye = await first.until(lambda m: m["type"] == "bye")
    assert bye == {"type": "bye", "reason": "replaced"}
    with pytest.raises(Closed):
        while True:
            await first.recv(2)
    assert first.ws.close_code == 1000
    await asyncio.sleep(0.05)
    assert hub.session.seats[0].conn is not None and hub.session.seat_of(hub.session.seats[0].conn) == 0
    await second.host("add_bot", kind="random")  # the new tab is the host now
    upd = await second.until_update(lambda u: len(u["table"]["seats"]) == 2)
    assert upd["table"]["seats"][0]["connected"] is True and upd["you"]["host"] is True
