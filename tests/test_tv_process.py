"""The server in its own process, the TV a watcher of it (game.server.process, game.server.tvlink).

What crosses the TV's channel is the watchers' very text (never a seat's view); the server dying
mid-game is said on the TV and the table resumes in a new process on the same port and code;
only the TV's key opens `/tv`.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import aiohttp
import pygame
import pytest

from game.server.process import ServerProcess
from game.tv.app import TvApp
from game.tv.i18n import Texts
from game.tv.model import check_public
from tests.server_kit import Phone, Wire
from tests.test_resume import reader


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


async def started(**kw: Any) -> ServerProcess:
    server = ServerProcess(port=0, host_ip="127.0.0.1", **kw)
    await asyncio.get_running_loop().run_in_executor(None, server.start)
    return server


async def stopped(server: ServerProcess) -> None:
    await asyncio.get_running_loop().run_in_executor(None, server.stop)


async def next_update(server: ServerProcess, pred, timeout: float = 30.0) -> dict[str, Any]:
    """Return the first public update from the TV's queue for which `pred` holds."""
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "no such update reached the TV"
        while not server.updates.empty():
            u = server.updates.get_nowait()
            if pred(u):
                return u
        await asyncio.sleep(0.01)


async def polled(phone: Phone, pred, timeout: float = 15.0) -> dict[str, Any]:
    """Return the phone's latest update once `pred` holds for it (its reader task keeps it current)."""
    deadline = time.monotonic() + timeout
    while phone.update is None or not pred(phone.update):
        assert time.monotonic() < deadline, "the phone never saw such an update"
        await asyncio.sleep(0.01)
    return phone.update


async def test_the_tv_channel_carries_only_the_watchers_text_through_a_whole_bot_game(tmp_path: Path) -> None:
    server = await started(data_dir=tmp_path, bot_delay=0, keep_frames=True)
    try:
        wire = Wire()
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{server.port}") as http:
            watcher = await Phone.open(http, "watcher", wire=wire, key=server.join_code)
            await watcher.watch()
            task = asyncio.create_task(reader(watcher))
            for _ in range(3):
                server.host_command({"cmd": "add_bot", "kind": "heuristic"})
            await next_update(server, lambda u: len(u["table"]["seats"]) == 3)
            server.host_command({"cmd": "start"})
            over = await next_update(server, lambda u: u["stage"] == "over", timeout=60)
            # the reader task receives on the watcher's socket: wait on what it read (never a second receive)
            await polled(watcher, lambda u: u["version"] >= over["version"], timeout=10)
            task.cancel()
    finally:
        await stopped(server)
    assert server.frames, "nothing crossed the channel"
    kinds = [json.loads(text)["type"] for text in server.frames]
    assert set(kinds) <= {"update", "bye"} and kinds.count("update") > 20
    tv: dict[int, str] = {}
    for text in server.frames:
        message = json.loads(text)
        if message["type"] != "update":
            continue
        check_public(message)  # no seat field, event or addressee
        assert message["you"]["seat"] is None and message["you"]["role"] == "watcher"
        for secret in ('"hand"', '"legal"', '"token"', '"chosen_card"', '"won_pile"'):
            assert secret not in text, secret
        tv[message["version"]] = text
    watched = {json.loads(text)["version"]: text for _who, _seat, text in wire.frames
               if json.loads(text)["type"] == "update"}
    both = set(tv) & set(watched)
    assert over["version"] in both and len(both) > 10
    assert all(tv[v] == watched[v] for v in both), "the TV got other text than the watchers"


async def test_kill_9_of_the_server_mid_game_is_said_on_the_tv_and_the_table_resumes(tmp_path: Path) -> None:
    server = await started(data_dir=tmp_path, bot_delay=0)
    app = TvApp(server, lang="hu")
    texts = Texts("hu")
    try:
        port, code, first_pid = server.port, server.join_code, server.proc.pid
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
            ann = await Phone.open(http, "Ann", key=code)
            token = (await ann.join("Ann"))["token"]
            task = asyncio.create_task(reader(ann))
            for _ in range(2):
                server.host_command({"cmd": "add_bot", "kind": "heuristic"})
            await polled(ann, lambda u: len(u["table"]["seats"]) == 3)
            server.host_command({"cmd": "start"})
            # the bots have chosen their cards: the table waits for Ann (nothing changes by itself)
            seen = await polled(ann, lambda u: u["stage"] == "playing" and u["view"]["waiting_for"] == [0])
            os.kill(first_pid, signal.SIGKILL)
            said: list[str] = []
            deadline = time.monotonic() + 20
            while texts("tv.server_back") not in said:
                assert time.monotonic() < deadline, f"the TV never said the server was back: {said}"
                app.tick(0.05)
                if app.ctx.toast_text and (not said or said[-1] != app.ctx.toast_text):
                    said.append(app.ctx.toast_text)
                await asyncio.sleep(0.02)
            assert said[:2] == [texts("tv.server_down"), texts("tv.server_back")]
            assert server.proc.pid != first_pid and server.restarts == 1
            assert (server.port, server.join_code) == (port, code)  # where the phones look for it
            await asyncio.wait_for(task, 5)  # Ann's socket went down with the server
            back = await Phone.open(http, "Ann", key=code)
            assert (await back.resume(token))["seat"] == 0
            assert back.update["view"]["hand"] == seen["view"]["hand"]
            task = asyncio.create_task(reader(back))
            await back.act({"type": "play", "card": back.update["view"]["legal"]["play"][0]})
            moved = await polled(back, lambda u: u["view"]["phase"] != "choose")
            assert moved["stage"] == "playing"
            # the TV follows the resumed game, every seat still there
            deadline = time.monotonic() + 10
            while app.model.view is None or app.model.view.get("phase") == "choose":
                assert time.monotonic() < deadline, "the TV did not follow the resumed game"
                app.tick(0.05)
                await asyncio.sleep(0.02)
            assert [s["name"] for s in app.model.table["seats"]][0] == "Ann"
            assert len(app.model.table["seats"]) == 3
            task.cancel()
    finally:
        await stopped(server)
    assert server.proc.returncode == 0


async def test_only_the_tv_key_opens_the_tv_socket(tmp_path: Path) -> None:
    server = await started(data_dir=tmp_path, bot_delay=0)
    try:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{server.port}/tv"
            for headers in ({}, {"X-Couchcats-TV": "x" * 43}, {"X-Couchcats-TV": server._tv_key,
                                                                "Origin": f"http://127.0.0.1:{server.port}"}):
                with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
                    await http.ws_connect(url, headers=headers)
                assert exc.value.status == 403
            ws = await http.ws_connect(url, headers={"X-Couchcats-TV": server._tv_key})  # the TV's own key
            assert json.loads((await ws.receive(timeout=5)).data)["type"] == "update"
            await ws.close()
    finally:
        await stopped(server)


async def test_a_server_stopped_by_a_signal_of_its_own_stops_cleanly_and_is_started_again(tmp_path: Path) -> None:
    server = await started(data_dir=tmp_path, bot_delay=0)
    try:
        first = server.proc
        port, code = server.port, server.join_code
        first.send_signal(signal.SIGTERM)
        notes: list[str] = []
        deadline = time.monotonic() + 20
        while "server_back" not in notes:
            assert time.monotonic() < deadline, f"not started again: {notes}"
            while not server.errors.empty():
                notes.append(server.errors.get_nowait()["key"])
            await asyncio.sleep(0.02)
        assert notes == ["server_down", "server_back"]
        assert first.returncode == 0  # it said bye and saved before it went
        assert server.proc is not first and server.proc.poll() is None
        assert (server.port, server.join_code) == (port, code)
        await next_update(server, lambda u: u["stage"] == "lobby", timeout=10)  # the TV watches the new one
    finally:
        await stopped(server)
    assert server.proc.returncode == 0


async def test_a_relative_data_folder_is_the_users_folder_not_the_servers(tmp_path: Path, monkeypatch) -> None:
    # `couchcats --data party` typed in ~/games keeps the save in ~/games/party, though the child
    # process runs in the app's own folder (an installed app's is site-packages)
    monkeypatch.chdir(tmp_path)
    server = await started(data_dir=Path("party"), bot_delay=0)
    try:
        await next_update(server, lambda u: u["stage"] == "lobby", timeout=10)
    finally:
        await stopped(server)
    assert (tmp_path / "party" / "couchcats.sqlite").is_file()
    assert not (Path(__file__).resolve().parents[1] / "party").exists()
