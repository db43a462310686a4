"""The server's first steps before its heavy imports (game/server/early.py, game/savelock.py): the join
code and port come from the save, a busy port gives way with a note, the lock is shared with the store,
and the child answers the TV before it imports aiohttp (issue 28: launch on a small box)."""

from __future__ import annotations

import errno
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.paths import ROOT
from game.savelock import LOCK_NAME, SaveLock, saved_address
from game.server import early
from game.server.early import open_early
from game.store import FILE_NAME, open_store
from tests.test_store import seated


def save_table(data_dir: Path, port: int) -> str:
    """Save a lobby as the server does; return its join code."""
    opened = open_store(data_dir)
    s, _ = seated()
    opened.store.save(s, port)
    opened.store.close()
    return s.join_code


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_saved_tables_join_code_and_port_are_read_before_the_save_is_opened(tmp_path: Path) -> None:
    port = free_port()
    code = save_table(tmp_path, port)
    assert saved_address(tmp_path / FILE_NAME) == (code, port)
    opening = open_early(port=0, host_ip="127.0.0.1", data_dir=tmp_path)
    try:
        assert (opening.join_code, opening.port, opening.saved) == (code, port, True)
        assert opening.url() == f"http://127.0.0.1:{port}/?k={code}" and opening.port_note is None
        assert opening.lock is not None  # held: the store opens the save with it
        with pytest.raises(OSError, match="another Couch Cats"):
            open_store(tmp_path)
        back = open_store(tmp_path, lock=opening.lock)
        assert back.session is not None and back.session.join_code == code
        back.store.close()
    finally:
        opening.close()


def test_fresh_takes_a_new_code_and_the_asked_port(tmp_path: Path) -> None:
    code = save_table(tmp_path, free_port())
    opening = open_early(port=0, host_ip="127.0.0.1", data_dir=tmp_path, fresh=True, join_code="ZXCVBN")
    try:
        assert (opening.join_code, opening.saved) == ("ZXCVBN", False) and code != "ZXCVBN"
    finally:
        opening.close()


def test_a_busy_saved_port_gives_way_with_a_note_and_a_typed_port_wins_over_the_saved_one(tmp_path: Path) -> None:
    busy = socket.socket()
    busy.bind(("0.0.0.0", 0))
    busy.listen(1)
    port = int(busy.getsockname()[1])
    save_table(tmp_path, port)
    try:
        opening = open_early(port=0, host_ip="127.0.0.1", data_dir=tmp_path)
        assert opening.port != port and opening.port_note is not None
        assert f"Port {port} is busy: phones must scan the new code" in opening.port_note
        opening.close()
        asked = free_port()
        opening = open_early(port=asked, port_given=True, host_ip="127.0.0.1", data_dir=tmp_path)
        assert opening.port == asked and opening.port_note is not None
        assert f"the saved table was on port {port}" in opening.port_note
        opening.close()
    finally:
        busy.close()


def test_a_save_held_by_another_app_is_left_alone_and_a_failed_listen_drops_the_lock(tmp_path: Path, monkeypatch) -> None:
    code = save_table(tmp_path, free_port())
    other = SaveLock(tmp_path / LOCK_NAME)
    assert other.acquire()
    try:
        opening = open_early(port=0, host_ip="127.0.0.1", data_dir=tmp_path)
        assert opening.lock is None and not opening.saved and opening.join_code != code
        opening.close()
    finally:
        other.release()
    # no socket can listen (no network at all): the lock taken is dropped, the error reaches the caller
    def refuse(port: int) -> socket.socket:
        raise OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address")

    monkeypatch.setattr(early, "_listen", refuse)
    with pytest.raises(OSError, match="Cannot assign"):
        open_early(port=0, host_ip="127.0.0.1", data_dir=tmp_path)
    assert SaveLock(tmp_path / LOCK_NAME).acquire()


def test_a_damaged_save_gives_no_address(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"not a database at all" * 100)
    assert saved_address(tmp_path / FILE_NAME) is None
    assert saved_address(tmp_path / "missing.sqlite") is None


# the server's process as main.py starts it, its answers marked with the heavy modules loaded by then
CHILD = """
import sys
sys.stdin = open(sys.argv[1])
from game.server import process
real = process._answer
def answer(message):
    message = dict(message, heavy=sorted(m for m in ("aiohttp", "game.store", "game.session", "game.server.app")
                                         if m in sys.modules))
    real(message)
process._answer = answer
sys.exit(process.child_main())
"""


def test_the_server_answers_with_the_join_url_before_its_heavy_imports_then_says_it_serves(tmp_path: Path) -> None:
    save_table(tmp_path / "data", free_port())
    settings = tmp_path / "settings"
    settings.write_text(json.dumps({"port": 0, "host_ip": "127.0.0.1", "data_dir": str(tmp_path / "data"),
                                    "tv_key": "k" * 32}) + "\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(settings)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    try:
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        second = json.loads(proc.stdout.readline())
    finally:
        proc.kill()
        proc.wait()
    assert first["heavy"] == [], "the first answer waited for the heavy imports"
    assert first["join_url"].startswith("http://127.0.0.1:") and "ready" not in first
    assert second["ready"] is True and {"aiohttp", "game.server.app"} <= set(second["heavy"])
    assert (second["join_url"], second["join_code"]) == (first["join_url"], first["join_code"])
    assert second["notice"].startswith("Resumed the lobby saved at ")  # the save opened after the first answer


def test_aiohttp_is_imported_without_the_ca_bundle_and_the_variable_is_put_back(tmp_path: Path) -> None:
    code = ("import os, ssl, sys\n"
            "os.environ['SSL_CERT_FILE'] = sys.argv[1]\n"
            "from game.server.early import import_aiohttp\n"
            "import_aiohttp()\n"
            "from aiohttp import connector\n"
            "assert os.environ['SSL_CERT_FILE'] == sys.argv[1]\n"
            "print(len(ssl.create_default_context().get_ca_certs()))\n")
    import ssl

    bundle = ssl.get_default_verify_paths().cafile
    if not bundle or not Path(bundle).is_file():
        pytest.skip("no CA bundle on this machine")
    out = subprocess.run([sys.executable, "-c", code, bundle], capture_output=True, text=True, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), check=True)
    assert int(out.stdout) > 0  # the process's own TLS contexts still trust the system's CAs


def test_the_tv_says_the_saves_notice_when_it_comes_and_draws_a_moved_join_code(monkeypatch) -> None:
    from game.tv.app import TvApp
    from game.tv.i18n import Texts
    from tests.tv_fixtures import FakeServer

    pygame.display.init()
    pygame.font.init()
    server = FakeServer()
    app = TvApp(server, lang="fr")
    assert app.ctx.notice is None
    app._say({"type": "server", "key": "notice", "message": "Resumed the game saved at 20:15."})
    assert app.ctx.notice == "Resumed the game saved at 20:15."
    assert app.ctx.toast_text and "Resumed the game saved at 20:15." in app.ctx.toast_text
    url = "http://10.0.0.9:9000/?k=ABCDEF"
    app._say({"type": "server", "key": "join_moved", "message": "x", "params": {"join_url": url, "join_code": "ABCDEF"}})
    assert (app.ctx.join_url, app.ctx.join_code) == (url, "ABCDEF")
    assert app.ctx.toast_text == Texts("fr")("tv.join_moved", join_url=url, join_code="ABCDEF")
