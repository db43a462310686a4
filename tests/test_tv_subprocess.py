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
