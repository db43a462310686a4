"""`python main.py --windowed` end to end: prints the join URL, serves the phone page, stops on SIGTERM/SIGINT."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_main_prints_join_url_serves_the_page_and_exits_on_a_signal(tmp_path: Path, sig: int) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen(
        [sys.executable, "main.py", "--windowed", "--port", "0", "--data", str(tmp_path), "--host-ip", "127.0.0.1",
         "--lang", "fr", "--mute"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = ""
        deadline = time.monotonic() + 30
        while not line.startswith("Join: "):
            assert time.monotonic() < deadline, "no Join line"
            line = proc.stdout.readline()
            assert line or proc.poll() is None, f"exited early: {proc.stderr.read()}"
        url = line.removeprefix("Join: ").strip()
        assert url.startswith("http://127.0.0.1:") and "/?k=" in url
        with urllib.request.urlopen(url, timeout=10) as resp:
            assert resp.status == 200
            assert "html" in resp.headers.get("Content-Type", "")
        time.sleep(0.5)  # the table is up and drawing frames
        assert proc.poll() is None
        proc.send_signal(sig)
        code = proc.wait(timeout=5)
        assert code == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------- two processes: stop and faults

import asyncio  # noqa: E402
import re  # noqa: E402
import threading  # noqa: E402

import aiohttp  # noqa: E402

from game.store import open_store  # noqa: E402
from tests.server_kit import Closed, Phone  # noqa: E402

GONE_WITHIN = 3.0  # seconds: both processes are gone this soon after a stop or the parent's death


def children(pid: int) -> list[int]:
    """Return the pids of `pid`'s child processes (Linux /proc)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def alive(pid: int) -> bool:
    """Return True while `pid` runs (a zombie waiting for its reaper counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def wait_gone(pids: list[int], since: float) -> float:
    """Wait until every pid is gone; fail after GONE_WITHIN seconds from `since`; return the time taken."""
    while any(alive(p) for p in pids):
        assert time.monotonic() - since < GONE_WITHIN, f"still running: {[p for p in pids if alive(p)]}"
        time.sleep(0.02)
    return time.monotonic() - since


class Party:
    """`python main.py --windowed` (TV + server process) in a child process."""

    def __init__(self, data: Path) -> None:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.proc = subprocess.Popen(
            [sys.executable, "main.py", "--windowed", "--port", "0", "--data", str(data), "--host-ip", "127.0.0.1",
             "--bot-delay", "0", "--mute"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=None if os.environ.get("PARTY_STDERR") else subprocess.DEVNULL, text=True)
        line = ""
        deadline = time.monotonic() + 30
        while not line.startswith("Join: "):
            assert time.monotonic() < deadline, "no Join line"
            line = self.proc.stdout.readline()  # type: ignore[union-attr]
            assert line or self.proc.poll() is None, "exited early"
        m = re.match(r"Join: http://127\.0\.0\.1:(\d+)/\?k=(\w+)", line)
        assert m, line
        self.port, self.code = int(m.group(1)), m.group(2)
        self.server_pid = children(self.proc.pid)[0]

    def kill_all(self) -> None:
        for pid in (self.proc.pid, self.server_pid):
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        self.proc.wait()


async def seated_mid_game(party: Party, http: aiohttp.ClientSession) -> tuple[Phone, asyncio.Task[None]]:
    """Ann joins (the host), adds two bots, starts and plays her card: a game is running."""
    ann = await Phone.open(http, "Ann", key=party.code)
    await ann.join("Ann")
    for _ in range(2):
        await ann.host("add_bot")
    await ann.until_update(lambda u: len(u["table"]["seats"]) == 3)
    await ann.host("start")
    u = await ann.until_update(lambda u: u["stage"] == "playing" and u["view"]["waiting_for"] == [0], timeout=15)
    await ann.act({"type": "play", "card": u["view"]["legal"]["play"][0]})
    await ann.until_update(lambda later: later["version"] > u["version"])  # acknowledged

    async def read() -> None:
        try:
            while True:
                await ann.recv(60)
        except (Closed, asyncio.TimeoutError, asyncio.CancelledError, aiohttp.ClientError):
            return

    return ann, asyncio.create_task(read())


def saved_version(data: Path) -> int:
    opened = open_store(data)
    try:
        assert opened.session is not None and opened.session.stage.value == "playing"
        return opened.session.version
    finally:
        opened.store.close()


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "kill -9 of the TV"])
async def test_both_processes_stop_the_phones_hear_bye_and_the_game_is_saved(tmp_path: Path, how: str) -> None:
    party = Party(tmp_path)
    try:
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{party.port}") as http:
            ann, reading = await seated_mid_game(party, http)
            seen = ann.version
            since = time.monotonic()
            sig = {"SIGTERM": signal.SIGTERM, "SIGINT": signal.SIGINT}.get(how, signal.SIGKILL)
            party.proc.send_signal(sig)
            await asyncio.wait_for(reading, GONE_WITHIN)
            await asyncio.get_running_loop().run_in_executor(None, wait_gone, [party.proc.pid, party.server_pid],
                                                             since)
            assert {"type": "bye", "reason": "shutdown"} in ann.byes
        code = party.proc.wait(timeout=1)
        assert code == (-9 if sig == signal.SIGKILL else 0)
        assert saved_version(tmp_path) >= seen  # nothing Ann saw acknowledged is lost
    finally:
        party.kill_all()


def test_closing_the_window_stops_both_processes_and_saves(tmp_path: Path, monkeypatch) -> None:
    import pygame

    import main
    from game.server import process

    servers: list[process.ServerProcess] = []
    original = process.ServerProcess.start

    def start(self: process.ServerProcess) -> None:
        original(self)
        servers.append(self)

    monkeypatch.setattr(process.ServerProcess, "start", start)
    close = threading.Event()
    real_get = pygame.event.get
    monkeypatch.setattr(pygame.event, "get", lambda: [pygame.event.Event(pygame.QUIT)] if close.is_set()
                        else real_get())
    outcome: dict[str, object] = {}

    async def phone() -> None:
        while not servers:
            await asyncio.sleep(0.02)
        server = servers[0]
        party = Party.__new__(Party)
        party.port, party.code = server.port, server.join_code
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{server.port}") as http:
            ann, reading = await seated_mid_game(party, http)
            outcome["seen"] = ann.version
            outcome["since"] = time.monotonic()
            close.set()  # the window's close button
            await asyncio.wait_for(reading, GONE_WITHIN)
            outcome["byes"] = list(ann.byes)

    helper = threading.Thread(target=lambda: outcome.setdefault("error", asyncio.run(phone())), daemon=True)
    helper.start()
    code = main.main(["--windowed", "--port", "0", "--data", str(tmp_path), "--host-ip", "127.0.0.1",
                      "--bot-delay", "0", "--mute"])
    helper.join(10)
    assert code == 0 and "since" in outcome
    took = time.monotonic() - float(outcome["since"])  # type: ignore[arg-type]
    assert took < GONE_WITHIN and servers[0].proc.poll() == 0
    assert {"type": "bye", "reason": "shutdown"} in outcome["byes"]  # type: ignore[operator]
    assert saved_version(tmp_path) >= int(outcome["seen"])  # type: ignore[arg-type]
