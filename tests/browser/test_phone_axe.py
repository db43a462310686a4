"""axe-core (WCAG 2.1 A/AA) on every screen of the phone, the watch page, the rules and the no-key page."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from game.engine import GAMES
from tests.browser.conftest import load_locale, name_pattern
from tests.browser.phones import AUDITABLE, Phone, assert_accessible

pytestmark = pytest.mark.browser

# The words an element draws: its shown leaves' text, outside what only a screen reader gets (.sr-only).
DRAWN_WORDS = """(b) => [...b.querySelectorAll('*')]
    .filter((n) => !n.children.length && !n.closest('.sr-only') && n.checkVisibility())
    .map((n) => n.innerText || '').join(' ')"""
GAME_DEADLINE_S = 150  # a safety net against a hung game, not a speed assertion


def _origin(server: Any) -> str:
    return f"http://127.0.0.1:{server.port}"


def _passing_turn(phone: Phone, audited: set[str]) -> bool:
    """Audit each kind of game screen once, then make the quickest move (first card, pass); return if moved."""
    page = phone.page
    cards = page.get_by_role("group", name=phone.t["choose.title"]).get_by_role("button")
    if cards.count():
        if "choose" not in audited:
            # Each card is called what it shows (WCAG 2.5.3): its name is its drawn words, in their order (the
            # screen-reader twin of a caption drawn in capitals is not drawn: it is the name's source).
            for _ in range(5):  # (an update may draw the hand again between the two reads: read both again)
                shown = [" ".join(cards.nth(i).evaluate(DRAWN_WORDS).split()).lower() for i in range(cards.count())]
                names = [name.lower() for name in phone.card_buttons()]
                if names == shown:
                    break
                page.wait_for_timeout(100)
            assert names == shown
            phone.tap(cards)  # a card chosen, so the Confirm button is enabled and named after it
            assert_accessible(page, f"{phone.name}: choose")
            audited.add("choose")
            return phone.tap(phone.button("choose.confirm"))
        return phone.tap(cards) and phone.tap(phone.button("choose.confirm"))
    offer = phone.button("offer.pass")
    if offer.count():
        if "offer" not in audited:
            assert_accessible(page, f"{phone.name}: offer")
            audited.add("offer")
        return phone.tap(offer)
    passing = phone.button("pass.takes")
    if not passing.count():
        passing = phone.button("pass.nothing")
    if passing.count():
        if "auction" not in audited:
            assert_accessible(page, f"{phone.name}: auction")
            audited.add("auction")
        return phone.tap(passing)
    if "waiting" not in audited and page.get_by_role("heading", name=phone.t["row.title"], exact=True).count():
        assert_accessible(page, f"{phone.name}: someone else's turn")
        audited.add("waiting")
    return False


def test_every_screen_of_a_whole_game_passes_axe(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    csaba = Phone(pw, browser, "iPhone 13", "hu-HU", "hu", "Csaba")
    watcher = Phone(pw, browser, "Pixel 7", "es-ES", "es", "")
    phones = [ana, csaba]
    try:
        for p in phones:
            p.page.goto(server.join_url)
            p.button("join.button").wait_for()
            assert_accessible(p.page, f"{p.name}: join")
            p.page.get_by_label(p.t["join.name"]).fill(p.name)
            p.button("join.button").click()
            p.page.get_by_role("heading", name=p.t["lobby.title"]).wait_for()
        watcher.page.goto(f"{_origin(server)}/watch?k={server.join_code}")
        watcher.page.get_by_role("heading", name=watcher.t["lobby.title"]).wait_for()
        ana.button("host.add_bot").click()
        ana.page.get_by_role("button", name=name_pattern(ana.t["host.remove_bot"])).wait_for()
        csaba.page.get_by_role("listitem").filter(has_text="Ana").wait_for()
        for p in (*phones, watcher):
            assert_accessible(p.page, f"{p.name or 'watcher'}: lobby")
        ana.button("host.start").click()

        audited: dict[str, set[str]] = {p.name: set() for p in phones}
        watched = False
        deadline = time.monotonic() + GAME_DEADLINE_S
        while not all(p.screen() == "over" for p in phones):
            assert time.monotonic() < deadline, f"the game did not finish: {[p.screen() for p in phones]}"
            moved = False
            for p in phones:
                if p.screen() == "game":
                    moved = _passing_turn(p, audited[p.name]) or moved
            if not watched and watcher.page.get_by_role("heading", name=watcher.t["row.title"]).count():
                assert_accessible(watcher.page, "watcher: the sack")
                watched = True
            if not moved:
                ana.page.wait_for_timeout(50)
        for p in phones:
            assert {"choose", "auction"} <= audited[p.name], f"{p.name} never saw {audited[p.name]}"
            p.page.get_by_role("table").wait_for()
            assert_accessible(p.page, f"{p.name}: scores")
        watcher.page.get_by_role("table").wait_for()
        assert_accessible(watcher.page, "watcher: scores")
        assert watched, "the watch page never showed the sack"
    finally:
        for p in (*phones, watcher):
            p.close()


def test_the_rules_and_the_no_key_page_pass_axe(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    context = browser.new_context(**pw.devices["iPhone 13"], locale="en-US", **AUDITABLE)
    try:
        page = context.new_page()
        offered = [g for g, rules in GAMES.items() if rules.on_table]
        page.goto(f"{_origin(server)}/rules?game={offered[-1]}")  # opened at a game: its heading has the focus
        page.locator("body[data-ready]").wait_for()
        for lang in ("hu", "fr", "es", "en"):  # English last: the no-key page opens in the language chosen
            page.get_by_label("Language · Idioma · Langue · Nyelv").select_option(lang)
            page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
            nav = page.get_by_role("navigation", name=load_locale(lang)["rules.jump"])
            expect(nav.get_by_role("link")).to_have_count(len(offered))  # the jump nav, in this language, names every game
            shown = page.locator("section.game-rules article:not([hidden]) h1")
            assert shown.count() == len(offered), f"every game's rules are shown in {lang}"
            assert_accessible(page, f"rules ({lang})")
        page.goto(f"{_origin(server)}/")
        page.get_by_role("heading", name=load_locale("en")["nokey.title"]).wait_for()
        assert_accessible(page, "no key")
    finally:
        context.close()
