"""Whole games through the real websocket server: phones, bots, reconnects, late joiners, serve."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from game import protocol as P
from game.records import check_record, read_record
from game.server.thread import ServerThread
from server_kit import KEY, Phone, app_for_test, autoplay, hub_of, seat_phones

ROOT = Path(__file__).resolve().parent.parent


async def test_full_game_with_four_phones_ends_with_scores_and_a_record(aiohttp_client, tmp_path):
    client = await aiohttp_client(app_for_test(data_dir=tmp_path))
    phones = await seat_phones(client, ["Ana", "Bea", "Cy", "Dan"])
    assert [p.seat for p in phones] == [0, 1, 2, 3]
    await phones[0].host("start")
    finals = await asyncio.gather(*(autoplay(p, random.Random(i)) for i, p in enumerate(phones)))
    results = [f["view"]["result"] for f in finals]
    assert results[0] is not None and all(r == results[0] for r in results)
    assert {s["seat"] for s in results[0]["scores"]} == {0, 1, 2, 3}
    hub = hub_of(client)
    for _ in range(100):
        if hub.records:
            break
        await asyncio.sleep(0.02)
    record = read_record(hub.records[0])
    assert [p.name for p in record.players] == ["Ana", "Bea", "Cy", "Dan"]
    assert check_record(record).ok
    assert record.result is not None and record.result["winners"] == results[0]["winners"]


async def test_full_game_with_two_phones_and_two_bots(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    phones = await seat_phones(client, ["Ana", "Bea"])
    await phones[0].host("add_bot", kind="random")
    await phones[0].host("add_bot")
    lobby = await phones[1].until_update(lambda u: len(u["table"]["seats"]) == 4)
    bots = [s["bot"] for s in lobby["table"]["seats"]]
    assert bots[:2] == [None, None] and all(bots[2:])
    await phones[0].host("start")
    finals = await asyncio.gather(*(autoplay(p, random.Random(i)) for i, p in enumerate(phones)))
    assert finals[0]["view"]["result"] == finals[1]["view"]["result"] is not None
    assert len(hub_of(client).session.log) >= 9 * 4  # every seat chose 9 cards at least


async def test_non_host_cannot_start_and_start_needs_enough_seats(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    ana, bea = await seat_phones(client, ["Ana", "Bea"])
    await bea.host("start")
    err = await bea.until(lambda m: m["type"] == "error")
    assert err["key"] == "not_host"
    await ana.host("start")
    err = await ana.until(lambda m: m["type"] == "error")
    assert err["key"] == "wrong_player_count" and err["params"] == {"min": 3, "max": 5}
    assert hub_of(client).session.stage == "lobby"


async def _play_until(phones: list[Phone], pred, rng: random.Random, timeout: float = 10.0) -> None:
    """Let every phone act until `pred(update)` holds for the first phone's latest update."""
    async with asyncio.timeout(timeout):
        acted: dict[str, int] = {}
        while True:
            for p in phones:
                while True:
                    try:
                        await p.recv(0.02)
                    except (asyncio.TimeoutError, TimeoutError):
                        break
            if pred(phones[0].update):
                return
            for p in phones:
                u = p.update
                if u and u["stage"] == "playing" and acted.get(p.label) != u["version"]:
                    action = pick(u, rng)
                    if action:
                        acted[p.label] = u["version"]
                        await p.act(action)


def pick(update, rng):
    from server_kit import pick_action

    return pick_action(update["view"], rng) if update["view"] else None


async def test_reconnect_mid_auction_restores_exactly_the_servers_view(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    phones = await seat_phones(client, ["Ana", "Bea", "Cy", "Dan"])
    await phones[0].host("start")
    await _play_until(phones, lambda u: u["view"] and u["view"]["phase"] == "auction"
                      and u["view"]["highest_bid"] > 0 or (u["view"] and u["view"]["round"] > 2
                                                          and u["view"]["phase"] == "auction"),
                      random.Random(3))
    hub = hub_of(client)
    dan = phones[3]
    token = dan.welcome["token"]
    await dan.close()
    await phones[0].until_update(lambda u: not u["table"]["seats"][3]["connected"])
    back = await Phone.open(client, "Dan2")
    welcome = await back.resume(token)
    assert welcome["seat"] == 3 and welcome["name"] == "Dan" and welcome["token"] == token
    expected = P.view_to_wire(hub.session.game_id, hub.session.seat_view(3), seat_view=True)
    assert back.update["view"] == expected
    assert back.update["version"] == hub.session.version
    assert back.update["view"]["phase"] == "auction"
    assert back.update["table"]["seats"][3]["connected"] is True


async def test_join_without_the_key_is_refused(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    for url in ("/ws", "/ws?k=WRONG1", "/ws?k="):
        with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
            await client.ws_connect(url)
        assert exc.value.status == 403
    lower = await client.ws_connect(f"/ws?k={KEY.lower()}")  # typed in lower case: still the key
    await lower.close()
    page = await client.get("/")
    text = await page.text()
    assert page.status == 200 and "ws" not in page.headers.get("Content-Type", "")
    keyed = await client.get(f"/?k={KEY}")
    assert keyed.status == 200 and await keyed.text() != text


async def test_late_joiner_watches_until_the_next_game_then_gets_a_seat(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"])
    await phones[0].host("start")
    await phones[0].until_update(lambda u: u["stage"] == "playing")
    late = await Phone.open(client, "Eve")
    await late.send({"type": "join", "name": "Eve"})
    welcome = await late.until(lambda m: m["type"] == "welcome")
    assert welcome["role"] == "watcher" and welcome["seat"] is None and welcome["token"]
    upd = await late.until_update()
    assert upd["you"]["role"] == "watcher" and "hand" not in upd["view"] and "legal" not in upd["view"]
    assert len(upd["table"]["seats"]) == 3
    await phones[0].host("to_lobby")
    seated = await late.until(lambda m: m["type"] == "welcome")
    assert seated["seat"] == 3 and seated["role"] == "player" and seated["token"] == welcome["token"]
    upd = await late.until_update(lambda u: u["stage"] == "lobby" and u["you"]["seat"] == 3)
    assert upd["table"]["seats"][3]["name"] == "Eve"


async def test_a_sixth_phone_waits_at_a_five_seat_game_and_gets_the_seat_when_the_host_picks_six(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    phones = await seat_phones(client, ["Ana", "Bea", "Cy", "Dan", "Eve"])
    fay, gus = await Phone.open(client, "Fay"), await Phone.open(client, "Gus")
    welcome = await fay.join("Fay")
    assert welcome["role"] == "watcher" and welcome["seat"] is None and welcome["name"] == "Fay" and welcome["token"]
    assert (await gus.join("Gus"))["seat"] is None
    watcher = await Phone.open(client, "watcher")
    await watcher.watch()
    lobby = await phones[1].until_update(lambda u: u["table"]["waiting"] == ["Fay", "Gus"])
    assert len(lobby["table"]["seats"]) == 5 and lobby["you"]["seat"] == 1
    assert watcher.update is not None and watcher.update["table"]["waiting"] == ["Fay", "Gus"]
    await phones[0].host("set_game", game="rat-a-tat-cat")
    seated = await fay.until(lambda m: m["type"] == "welcome")
    assert seated["seat"] == 5 and seated["role"] == "player" and seated["token"] == welcome["token"]
    mine = await fay.until_update(lambda u: u["you"]["seat"] == 5)
    assert mine["table"]["game"] == "rat-a-tat-cat" and mine["table"]["waiting"] == ["Gus"]
    public = await gus.until_update(lambda u: u["table"]["game"] == "rat-a-tat-cat")
    assert public["you"]["seat"] is None and public["table"]["waiting"] == ["Gus"]
    await watcher.until_update(lambda u: u["table"]["waiting"] == ["Gus"])
    await phones[0].host("start")
    game = await fay.until_update(lambda u: u["stage"] == "playing")
    assert game["view"]["seat"] == 5 and len(game["table"]["seats"]) == 6
    assert gus.welcome is not None and gus.welcome["seat"] is None and watcher.welcome["seat"] is None
    assert len(hub_of(client).session.public_conns()) == 2  # Gus waits, the watcher watches


def test_server_thread_starts_on_a_free_port_when_busy_and_stops(tmp_path):
    busy = socket.socket()
    busy.bind(("0.0.0.0", 0))
    busy.listen()
    port = busy.getsockname()[1]
    server = ServerThread(port=port, host_ip="10.1.2.3", data_dir=tmp_path, bot_delay=0)
    try:
        server.start()
        assert server.port != port and server.port_note and str(port) in server.port_note
        assert server.join_url == f"http://10.1.2.3:{server.port}/?k={server.join_code}"
        first = server.updates.get(timeout=2)
        assert first["type"] == "update" and first["stage"] == "lobby" and first["view"] is None
        server.host_command({"cmd": "add_bot", "kind": "random"})
        server.host_command({"cmd": "start"})  # one seat: refused, told on the errors queue
        upd = server.updates.get(timeout=2)
        assert len(upd["table"]["seats"]) == 1
        assert server.errors.get(timeout=2)["key"] == "wrong_player_count"
        server.host_command({"cmd": "add_bot", "kind": "random"})
        server.host_command({"cmd": "add_bot", "kind": "random"})
        server.host_command({"cmd": "start"})
        deadline = time.monotonic() + 10
        stage = None
        while stage != "over" and time.monotonic() < deadline:
            upd = server.updates.get(timeout=2)
            stage = upd["stage"]
            if upd["view"] is not None:
                assert "hand" not in upd["view"] and "legal" not in upd["view"]
        assert stage == "over"
    finally:
        server.stop()
        busy.close()
    assert server._thread is not None and not server._thread.is_alive()


def test_serve_prints_the_join_line_and_stops_on_sigterm(tmp_path):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--port", "0",
                             "--data", str(tmp_path), "--host-ip", "127.0.0.1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        lines = []
        for line in proc.stdout:  # type: ignore[union-attr]
            lines.append(line)
            if "Ctrl+C" in line:
                break
        text = "".join(lines)
        join = next(l for l in lines if l.startswith("Join: "))
        url = join.split()[1]
        assert url.startswith("http://127.0.0.1:") and "/?k=" in url
        code = url.rsplit("=", 1)[1]
        assert f"Join code: {code}" in text
        assert "█" in text or "▀" in text or "▄" in text  # the QR code
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_server_thread_stop_says_bye_shutdown_to_phones():
    server = ServerThread(port=0, host_ip="127.0.0.1", bot_delay=0)
    server.start()

    async def run() -> tuple[dict, int | None]:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"http://127.0.0.1:{server.port}/ws?k={server.join_code}")
            await ws.send_str('{"type":"join","name":"Ana"}')
            assert json.loads((await ws.receive(timeout=5)).data)["type"] == "welcome"
            assert json.loads((await ws.receive(timeout=5)).data)["type"] == "update"
            stopping = asyncio.get_running_loop().run_in_executor(None, server.stop)
            bye = json.loads((await ws.receive(timeout=5)).data)
            await ws.receive(timeout=5)
            await stopping
            return bye, ws.close_code

    bye, code = asyncio.run(run())
    assert bye == {"type": "bye", "reason": "shutdown"} and code == 1001
    assert server._thread is not None and not server._thread.is_alive()


async def test_a_bot_whose_move_is_refused_falls_back_to_a_legal_one_and_the_log_hides_its_card(
        aiohttp_client, monkeypatch, caplog):
    import game.server.bots as driver
    from game.engine.cat_in_the_sack import PASS, parse_card, play

    class Confused:
        """Lays its first card even in the auction, where that is refused (the card is in its hand)."""

        def __init__(self, rng):
            self.rng = rng

        def act(self, view):
            return play(parse_card(view.hand[0])) if view.hand else PASS

    monkeypatch.setattr(driver, "make_bot", lambda game, kind, rng: Confused(rng))
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    for _ in range(3):
        hub.host_command({"cmd": "add_bot", "kind": "random"})
    with caplog.at_level("WARNING", logger="game.server.bots"):
        hub.host_command({"cmd": "start"})
        async with asyncio.timeout(10):
            while hub.session.stage is not P.Stage.OVER:
                await asyncio.sleep(0.01)
    refused = [r for r in caplog.records if "refused" in r.getMessage()]
    assert refused  # the auction refused the confused bots' cards, and the table went on
    assert not any("card=" in r.getMessage() for r in refused)  # a bot's hand stays out of the log


async def test_remembering_bots_get_their_seats_stream_through_the_server_and_finish_a_game(
        aiohttp_client, monkeypatch):
    """The bot driver feeds each bot every view and event its seat gets, in order — nothing of another seat's."""
    import game.server.bots as driver
    from game.bots import make_bot as real_make_bot
    from game.session import Session

    seen: dict[int, list[dict]] = {}

    def spying(game, kind, rng):
        bot = real_make_bot(game, kind, rng)
        observe = bot.observe

        def spy(view, events):
            seen.setdefault(view.seat, []).extend(events)
            observe(view, events)

        bot.observe = spy
        return bot

    monkeypatch.setattr(driver, "make_bot", spying)
    session = Session(KEY, random.Random(3), game="rat-a-tat-cat")
    client = await aiohttp_client(app_for_test(session=session))
    hub = hub_of(client)
    for _ in range(3):
        hub.host_command({"cmd": "add_bot", "kind": "heuristic"})
    hub.host_command({"cmd": "set_option", "name": "rounds", "value": 1})
    expected: dict[int, list[dict]] = {0: [], 1: [], 2: []}

    def phone_would_get(events):
        if session.stage is not P.Stage.LOBBY:
            for seat in expected:
                expected[seat] += session.events_for(events, seat)

    session.change_listeners.append(phone_would_get)
    hub.host_command({"cmd": "start"})
    async with asyncio.timeout(20):
        while hub.session.stage is not P.Stage.OVER:
            await asyncio.sleep(0.01)
    assert seen == expected  # exactly its seat's stream, in order
    for seat in range(3):
        assert any(e["type"] == "you_drew" for e in seen[seat])  # its own private events
        assert any(e["type"] == "round_dealt" for e in seen[seat])
