"""Lone High (the throwaway third game, tests/third_game) in the browser: the host picks it in the lobby, seats
two bots, plays every round from the phone and reaches the score screen. Only runs in the copy that
tests/test_third_game.py makes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.phones import Phone, assert_accessible

pytestmark = pytest.mark.browser

WAIT_MS = 30000  # a safety net against a stuck game, not a speed assertion


def test_the_host_picks_lone_high_and_plays_it_to_the_end_against_bots(pw_browser: Any, server: Any,
                                                                          shots: Any) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    page, t = ana.page, ana.t
    page.set_default_timeout(WAIT_MS)
    try:
        ana.join(server.join_url)
        games = page.get_by_role("group", name=t["lobby.game"])
        # Its name comes from its own strings (game.name), which the server sends in table.games[].names.
        games.get_by_role("button", name=t["game.lone-high"], exact=True).click()
        games.get_by_role("button", name=t["game.lone-high"], exact=True, pressed=True).wait_for()
        page.get_by_text(t["lobby.players"].format(min=3, max=6), exact=True).wait_for()
        for _ in range(2):
            ana.button("host.add_bot").click()
        start = ana.button("host.start")
        page.wait_for_function("() => ![...document.querySelectorAll('button')].find("
                               "(b) => b.textContent.trim() === %r).disabled" % t["host.start"])
        start.click()
        for round_no in range(1, 9):
            page.get_by_text(t["lh.round"].format(n=round_no, of=8), exact=True).wait_for()
            cards = page.get_by_role("button", name=re.compile("^" + re.escape(t["lh.pick.card"]).replace(r"\{card\}", r"\d") + "$"))
            cards.first.wait_for()
            assert cards.count() == 9 - round_no, "one card fewer each round"
            if round_no == 1:
                assert_accessible(page, "lone high: pick a card")
            names = cards.all_inner_texts()
            page.get_by_role("button", name=t["lh.pick.card"].format(card=max(names))).click()
        page.wait_for_function("() => document.querySelector('#screen').dataset.screen === 'over'")
        page.get_by_role("columnheader", name=t["lh.over.lone"]).wait_for()
        page.screenshot(path=str(shots / "lone-high-over.png"), full_page=True)
        assert not ana.errors, f"the page raised: {ana.errors}"
    finally:
        ana.close()
