"""The server hands out each game's own stylesheet (js/games/<id>/game.css) as the phone asks for it, and its
Content-Security-Policy lets the page use it."""

from __future__ import annotations

import re
from pathlib import Path

from server_kit import app_for_test

from game.engine import GAMES
from game.locales import served_bytes

GAME_WEB = Path(__file__).resolve().parents[1] / "controller_web" / "js" / "games"


async def test_every_games_stylesheet_is_served_as_css_that_the_policy_allows(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    sheets = [g for g, rules in GAMES.items() if rules.on_table and (GAME_WEB / g / "game.css").is_file()]
    assert len(sheets) >= 2, sheets
    for game in sheets:
        resp = await client.get(f"/static/js/games/{game}/game.css")
        assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/css"), game
        sent = await resp.text()  # the sheet as sent: its comment lines left empty (game.locales.served_bytes)
        assert sent.encode() == served_bytes(GAME_WEB / game / "game.css")
        source = (GAME_WEB / game / "game.css").read_text(encoding="utf-8")
        assert sent.count("\n") == source.count("\n") and "/*" not in sent.split("\n")[0]
        def rules(css: str) -> str:  # the sheet without its comments and spacing: what the browser reads
            return " ".join(re.sub(r"/\*.*?\*/", " ", css, flags=re.S).split())
        assert rules(sent) == rules(source) and len(sent) < len(source)
        policy = dict(part.strip().split(" ", 1) for part in resp.headers["Content-Security-Policy"].split(";"))
        assert "'self'" in policy["style-src"].split(), policy  # a same-origin <link rel=stylesheet> may load
    missing = await client.get("/static/js/games/no-such-game/game.css")
    assert missing.status == 404
