"""The rules page (/rules): the platform's shell plus each offered game's own rules fragment, composed by the server."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from game.engine import GAMES
from game.server.keys import RULES
from game.server.rules_page import MARKER, fragment_path
from server_kit import app_for_test

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "controller_web"
OFFERED = [g for g, rules in GAMES.items() if rules.on_table]
SECTION = re.compile(r'<section class="game-rules" id="([^"]+)" data-game="([^"]+)">')


def _web_copy(tmp_path: Path) -> Path:
    """Return a web root holding the real shell and every game's real rules fragment (files a test may change)."""
    root = tmp_path / "web"
    root.mkdir()
    shutil.copy(WEB / "rules.html", root / "rules.html")
    for game in GAMES:
        if fragment_path(WEB, game).is_file():
            fragment_path(root, game).parent.mkdir(parents=True)
            shutil.copy(fragment_path(WEB, game), fragment_path(root, game))
    return root


def _sections(page: str) -> list[str]:
    found = SECTION.findall(page)
    assert all(a == b for a, b in found)
    return [a for a, _ in found]


async def test_the_page_holds_every_offered_games_own_rules_in_registry_order(aiohttp_client):
    assert len(OFFERED) >= 2, "both games are offered: the page must show both"
    client = await aiohttp_client(app_for_test())
    resp = await client.get("/rules")
    page = await resp.text()
    assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/html")
    assert _sections(page) == OFFERED
    shell = (WEB / "rules.html").read_text(encoding="utf-8")
    assert MARKER in shell and MARKER not in page, "the sections go where the shell's marker was"
    for game in OFFERED:
        fragment = fragment_path(WEB, game).read_text(encoding="utf-8").strip()
        assert fragment in page, f"{game}'s fragment is in the page as the game wrote it"
        langs = re.findall(r'<article class="panel rules" lang="(\w+)" data-lang="\1"', fragment)
        assert sorted(langs) == ["en", "es", "fr", "hu"], f"{game}: one article per language"
    assert page.index('id="rules-nav"') < page.index('class="game-rules"'), "the jump nav comes first"


def test_the_shell_names_no_game():
    shell = (WEB / "rules.html").read_text(encoding="utf-8")
    for game in GAMES:
        assert game not in shell
        fragment = fragment_path(WEB, game)
        if fragment.is_file():  # the game's own name, as its English rules spell it
            title = re.search(r'<article[^>]*lang="en"[^>]*>\s*<h1>([^<]+)</h1>', fragment.read_text(encoding="utf-8"))
            assert title and title.group(1) not in shell


async def test_a_game_without_rules_or_not_offered_leaves_the_page_whole(aiohttp_client, monkeypatch):
    some = GAMES[OFFERED[0]]
    monkeypatch.setitem(GAMES, "no-rules-yet", dataclasses.replace(some, id="no-rules-yet", on_table=True))
    monkeypatch.setitem(GAMES, OFFERED[-1], dataclasses.replace(GAMES[OFFERED[-1]], on_table=False))
    client = await aiohttp_client(app_for_test())
    resp = await client.get("/rules")
    page = await resp.text()
    assert resp.status == 200
    assert _sections(page) == OFFERED[:-1], "no section for a game without a fragment, nor for one not offered"
    assert page.rstrip().endswith("</html>")


async def test_the_page_is_composed_once_and_again_when_a_file_changes(aiohttp_client, tmp_path):
    root = _web_copy(tmp_path)
    client = await aiohttp_client(app_for_test(web_root=root))
    pages = client.server.app[RULES]
    first = await client.get("/rules")
    etag = first.headers["ETag"]
    for _ in range(3):
        assert await (await client.get("/rules")).text() == await first.text()
    assert pages.builds == 1, "the composed page is kept"
    assert first.headers["Cache-Control"] == "no-cache"
    same = await client.get("/rules", headers={"If-None-Match": etag})
    assert same.status == 304 and await same.read() == b""

    fragment = fragment_path(root, OFFERED[0])
    fragment.write_text(fragment.read_text(encoding="utf-8").replace("</article>", "<p>New line.</p></article>", 1),
                        encoding="utf-8")
    changed = await client.get("/rules", headers={"If-None-Match": etag})
    assert changed.status == 200 and "<p>New line.</p>" in await changed.text()
    assert changed.headers["ETag"] != etag and pages.builds == 2

    fragment.unlink()
    gone = await (await client.get("/rules")).text()
    assert _sections(gone) == OFFERED[1:] and pages.builds == 3


async def test_nothing_from_the_request_reaches_the_page(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    plain = await (await client.get("/rules")).text()
    for query in ("?game=%3Cscript%3Ealert(1)%3C/script%3E", "?game=rat&lang=%22%3E%3Cb%3E", "?x=" + "y" * 500):
        assert await (await client.get("/rules" + query)).text() == plain


@pytest.mark.parametrize("broken", ["no shell", "unreadable fragment", "no marker"])
async def test_missing_or_broken_files(aiohttp_client, tmp_path, broken):
    root = _web_copy(tmp_path)
    if broken == "no shell":
        (root / "rules.html").unlink()
    elif broken == "unreadable fragment":
        fragment_path(root, OFFERED[0]).write_bytes(b"\xff\xfe not utf-8 \xc3")
    else:
        shell = root / "rules.html"
        shell.write_text(shell.read_text(encoding="utf-8").replace(MARKER, ""), encoding="utf-8")
    client = await aiohttp_client(app_for_test(web_root=root))
    resp = await client.get("/rules")
    page = await resp.text()
    assert resp.status == 200
    if broken == "no shell":
        assert page == "Couch Cats: the rules page is missing from this installation."
        assert resp.headers["Cache-Control"] == "no-store"
    elif broken == "unreadable fragment":
        assert _sections(page) == OFFERED[1:]
    else:
        assert _sections(page) == OFFERED and page.index("game-rules") < page.index("</main>")
