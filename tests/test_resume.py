"""`main.py serve` killed or stopped mid-game and started again: the table resumes (E2, E3, E5)."""

from __future__ import annotations

import asyncio
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp

from tests.server_kit import Closed, Phone

ROOT = Path(__file__).resolve().parents[1]
SERVE_WITHIN = 5.0  # E2: a restarted server answers within this many seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    """`python main.py serve` in a child process, its stdout read by a thread."""

    def __init__(self, port: int | None, data: Path, *extra: str) -> None:
        """Start it on `port` (typed: `--port`), or with no `--port` (None: the saved table's, else the default)."""
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.started = time.monotonic()
        given = ["--port", str(port)] if port is not None else []
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "serve", *given, "--data", str(data),
             "--bot-delay", "0.05", "--moments", "0", "--host-ip", "127.0.0.1", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
        self.lines: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.text = ""
        threading.Thread(target=self._read, daemon=True).start()
        self.port, self.code = self._wait_ready()

    def _read(self) -> None:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            self.lines.put(line)

    def _wait_ready(self, timeout: float = 20.0) -> tuple[int, str]:
        deadline = time.monotonic() + timeout
        while "Ctrl+C" not in self.text:
            assert time.monotonic() < deadline, f"the server did not start: {self.text!r}"
            assert self.proc.poll() is None, f"the server exited: {self.text!r}"
            try:
                self.text += self.lines.get(timeout=0.1)
            except queue.Empty:
                pass
        m = re.search(r"Join: http://127\.0\.0\.1:(\d+)/\?k=(\w+)", self.text)
        assert m, self.text
        return int(m.group(1)), m.group(2)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=10)


def serving_within(port: int, code: str, started: float, limit: float) -> None:
    """Poll /api/check until it answers 204; fail if that takes longer than `limit` from `started`."""
    import urllib.request

    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/check?k={code}", timeout=1) as r:
                if r.status == 204:
                    return
        except OSError:
            pass
        assert time.monotonic() - started < limit, f"not serving within {limit} s"
        time.sleep(0.05)


async def reader(phone: Phone) -> None:
    """Keep the phone's latest update current (until its socket closes)."""
    try:
        while True:
            await phone.recv(60)
    except (Closed, asyncio.TimeoutError, asyncio.CancelledError, aiohttp.ClientError):
        return


def move(view: dict[str, Any]) -> dict[str, Any] | None:
    """Play a card, then keep the auction going: bid the least when possible, else pass."""
    legal = view["legal"]
    if legal["play"]:
        return {"type": "play", "card": legal["play"][0]}
    if legal["bid_min"] is not None:
        return {"type": "bid", "total": legal["bid_min"]}
    if legal["can_pass"]:
        return {"type": "pass"}
    return None


async def drive_to_quiet_auction(phones: list[Phone], timeout: float = 30.0) -> int:
    """Play the phones' moves until the auction waits on a phone after one of its bids was acknowledged.

    Then nothing can change (bots wait for that phone, the timer is off): return the seat on turn.
    """
    acted: set[tuple[int, int]] = set()
    acked_auction = False
    bid_versions: dict[int, int] = {}
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "the game never reached a quiet auction"
        await asyncio.sleep(0.01)
        for p in phones:
            u = p.update
            if u is None or u["stage"] != "playing" or not u["view"]:
                continue
            v = u["view"]
            if p.seat in bid_versions and u["version"] > bid_versions[p.seat]:
                acked_auction = True
            mine = p.seat in v["waiting_for"] or v["turn"] == p.seat and v["phase"] in ("auction", "offer")
            if not mine:
                continue
            if v["phase"] == "auction" and acked_auction and all(q.version == u["version"] for q in phones):
                return int(p.seat)  # type: ignore[arg-type]
            if (p.seat, u["version"]) in acted:
                continue
            action = move(v)
            if action is None:
                continue
            acted.add((p.seat, u["version"]))  # type: ignore[arg-type]
            if v["phase"] == "auction" and action["type"] == "bid":
                bid_versions[p.seat] = u["version"]  # type: ignore[index]
            await p.act(action)


async def table_with_two_phones_and_two_bots(http: aiohttp.ClientSession, code: str) -> tuple[list[Phone], list[str]]:
    phones, tokens = [], []
    for name in ("Ann", "Bob"):
        p = await Phone.open(http, name, key=code)
        tokens.append((await p.join(name))["token"])
        phones.append(p)
    for _ in range(2):
        await phones[0].host("add_bot")
    await phones[0].host("start")
    await phones[0].until_update(lambda u: u["stage"] == "playing")
    return phones, tokens


async def test_e2_kill_9_mid_auction_then_restart_on_the_same_port_resumes_every_seat(tmp_path):
    port = free_port()
    first = Serve(port, tmp_path)
    assert first.port == port
    try:
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
            phones, tokens = await table_with_two_phones_and_two_bots(http, first.code)
            tasks = [asyncio.create_task(reader(p)) for p in phones]
            on_turn = await drive_to_quiet_auction(phones)
            last = {p.seat: p.update for p in phones}  # the last state each phone saw acknowledged
            first.kill()
            for t in tasks:
                t.cancel()
    finally:
        if first.proc.poll() is None:
            first.kill()

    second = Serve(port, tmp_path)
    try:
        serving_within(port, second.code, second.started, SERVE_WITHIN)
        assert second.port == port and second.code == first.code
        assert "Resumed the game saved at " in second.text
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
            back = []
            for name, token in zip(("Ann", "Bob"), tokens):
                p = await Phone.open(http, name, key=second.code)
                welcome = await p.resume(token)  # the token alone: no name typed
                assert welcome["name"] == name
                back.append(p)
            for p in back:
                await p.until_update(lambda u: u["version"] >= back[-1].version)
                before = last[p.seat]
                assert p.update["stage"] == "playing"
                assert p.update["version"] > before["version"]
                assert p.update["view"] == before["view"]  # hand, mice, bids, row, turn: all as acknowledged
                assert p.update["view"]["hand"] and p.update["view"]["phase"] == "auction"
            seats = p.update["table"]["seats"]
            assert [s["name"] for s in seats] == ["Ann", "Bob", "Felix", "Luna"]
            assert all(s["connected"] for s in seats)
            # the game goes on: the phone on turn moves, and the bots play the round out
            tasks = [asyncio.create_task(reader(p)) for p in back]
            round_no = back[0].update["view"]["round"]
            mover = next(p for p in back if p.seat == on_turn)
            await mover.act(move(mover.update["view"]))
            deadline = time.monotonic() + 20
            while not (back[0].update["stage"] == "over" or back[0].update["view"]["round"] > round_no):
                assert time.monotonic() < deadline, "the resumed game did not go on"
                await asyncio.sleep(0.02)
                for p in back:
                    u = p.update
                    v = u["view"]
                    if u["stage"] == "playing" and (p.seat in v["waiting_for"] or v["turn"] == p.seat):
                        if getattr(p, "_acted", None) != u["version"]:
                            p._acted = u["version"]  # type: ignore[attr-defined]
                            action = move(v)
                            if action is not None:
                                await p.act(action)
            for t in tasks:
                t.cancel()
    finally:
        second.kill()


async def test_e3_sigterm_mid_game_says_bye_saves_and_the_restart_resumes(tmp_path):
    port = free_port()
    first = Serve(port, tmp_path)
    try:
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
            phones, tokens = await table_with_two_phones_and_two_bots(http, first.code)
            tasks = [asyncio.create_task(reader(p)) for p in phones]
            await drive_to_quiet_auction(phones)
            last = {p.seat: p.update for p in phones}
            started = time.monotonic()
            first.proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=10)
            assert first.proc.wait(timeout=10) == 0
            assert time.monotonic() - started < 10
            for p in phones:
                assert {"type": "bye", "reason": "shutdown"} in p.byes
    finally:
        if first.proc.poll() is None:
            first.kill()
    second = Serve(port, tmp_path)
    try:
        assert second.code == first.code and "Resumed the game saved at " in second.text
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
            for name, token in zip(("Ann", "Bob"), tokens):
                p = await Phone.open(http, name, key=second.code)
                await p.resume(token)
                assert p.update["view"] == last[p.seat]["view"]
    finally:
        assert second.stop() == 0


async def test_e5_the_saved_port_busy_on_restart_is_said_clearly_and_phones_follow_the_new_one(tmp_path):
    port = free_port()
    first = Serve(port, tmp_path)
    try:
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
            p = await Phone.open(http, "Ann", key=first.code)
            token = (await p.join("Ann"))["token"]
        assert first.stop() == 0
    finally:
        if first.proc.poll() is None:
            first.kill()
    busy = socket.socket()
    busy.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    busy.bind(("0.0.0.0", port))
    busy.listen()
    try:
        second = Serve(port, tmp_path)
        try:
            assert second.port != port and second.code == first.code
            assert f"Port {port} is busy: phones must scan the new code" in second.text
            assert f"http://127.0.0.1:{second.port}/?k={second.code}" in second.text
            async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{second.port}") as http:
                p = await Phone.open(http, "Ann", key=second.code)
                welcome = await p.resume(token)
                assert welcome["name"] == "Ann" and welcome["seat"] == 0
        finally:
            assert second.stop() == 0
    finally:
        busy.close()
    # the new port was saved: the next start without --port goes back to it (where the phones now are)
    third = Serve(None, tmp_path)
    try:
        assert third.port == second.port
    finally:
        third.stop()


async def test_fresh_starts_a_new_table_and_keeps_the_old_save(tmp_path):
    port = free_port()
    first = Serve(port, tmp_path)
    async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
        p = await Phone.open(http, "Ann", key=first.code)
        await p.join("Ann")
    assert first.stop() == 0
    second = Serve(port, tmp_path, "--fresh")
    try:
        assert second.code != first.code and "Resumed" not in second.text
        assert "--fresh" in second.text
        assert [f for f in tmp_path.iterdir() if "-fresh-" in f.name]
    finally:
        second.stop()


async def test_a_typed_port_wins_over_the_saved_tables_and_says_phones_must_scan_again(tmp_path):
    saved, asked = free_port(), free_port()
    first = Serve(saved, tmp_path)
    async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{saved}") as http:
        p = await Phone.open(http, "Ann", key=first.code)
        token = (await p.join("Ann"))["token"]
    assert first.stop() == 0
    second = Serve(asked, tmp_path)  # `serve --port ASKED` with a table saved on another port
    try:
        assert second.port == asked and second.code == first.code
        assert (f"Serving on port {asked} as asked (--port); the saved table was on port {saved}: "
                "phones must scan the new code.") in second.text
        assert f"http://127.0.0.1:{asked}/?k={second.code}" in second.text
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{asked}") as http:
            p = await Phone.open(http, "Ann", key=second.code)
            assert (await p.resume(token))["seat"] == 0  # the same table, on the port asked for
    finally:
        assert second.stop() == 0
