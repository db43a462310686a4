"""The phone's log tells a player's own moves in the second person ("You bid 3."), everyone else's by
name ("Bea bids 3."); the watch page, which has no seat, names every player. Both games, every language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

GAMES_JS = Path(__file__).resolve().parents[2] / "controller_web" / "js" / "games"
LANGS = ["en", "es", "fr", "hu"]
SEATS = [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Bea"}]

# per game: (event made by `seat`, the key it is told with, its parameters besides the name)
SACK = [({"type": "bid", "seat": "S", "total": 3}, "bid", {"total": 3}),
        ({"type": "passed", "seat": "S", "took": 0, "returned": 0}, "passed", {}),
        ({"type": "passed", "seat": "S", "took": 2, "returned": 1}, "passed_took", {"took": 2}),
        ({"type": "offer", "seat": "S", "price": 1}, "offer", {"price": 1}),
        ({"type": "start_player", "seat": "S"}, "start_player", {})]
RAT = [({"type": "round_dealt", "round": 2, "dealer": "S"}, "dealt", {"round": 2}),
       ({"type": "turn", "seat": "S", "last": True}, "last_turn", {}),
       ({"type": "swap_skipped", "seat": "S"}, "swap_skipped", {}),
       ({"type": "knocked", "seat": "S"}, "knocked", {}),
       ({"type": "draw_again", "seat": "S", "draws_left": 2}, "draw2_first", {})]
CASES = [("cat-in-the-sack", "ev.", SACK), ("rat-a-tat-cat", "rt.ev.", RAT)]

SAY = """async ([game, lang, you, events]) => {
    const i18n = await import('/static/js/i18n.js');
    await (await import('/static/js/games.js')).gameModule(game);  // its strings
    const { eventLines } = await import(`/static/js/games/${game}/screen.js`);  // (its phone module exports them)
    await i18n.setLang(lang);
    const lines = events.map((e) => eventLines({ you: { seat: you }, table: { seats: %s } }, [e]));
    await i18n.setLang('en');
    return lines;
}""" % json.dumps(SEATS)


def texts(game: str, lang: str) -> dict[str, str]:
    return json.loads((GAMES_JS / game / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def fill(template: str, **params: Any) -> str:
    for key, value in params.items():
        template = template.replace("{" + key + "}", str(value))
    assert not re.search(r"\{\w+\}", template), template
    return template


@pytest.fixture
def page(pw_browser: Any, server: Any) -> Any:
    pw, browser = pw_browser
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en-US")
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{server.port}/rules")  # a page that loads the phone's modules
    page.locator("body[data-ready]").wait_for()
    yield page
    context.close()


@pytest.mark.parametrize("game,prefix,cases", CASES, ids=[c[0] for c in CASES])
def test_my_moves_are_told_to_me_and_others_by_name(page: Any, game: str, prefix: str, cases: list) -> None:
    for lang in LANGS:
        t = texts(game, lang)
        for seat, you in [(0, 0), (1, 0), (0, None)]:  # my move, Bea's on my phone, Ana's on the watch page
            events = [json.loads(json.dumps(e).replace('"S"', str(seat))) for e, _, _ in cases]
            said = page.evaluate(SAY, [game, lang, you, events])
            for (event, key, params), lines in zip(cases, said):
                if seat == you:
                    want = fill(t[f"{prefix}you.{key}"], **params)
                else:
                    want = fill(t[f"{prefix}{key}"], name=SEATS[seat]["name"], **params)
                assert lines == [want], f"{game} {lang}, seat {seat} on seat {you}'s page: {event}"
            if seat == you:
                assert not any(SEATS[seat]["name"] in line for lines in said for line in lines), said
