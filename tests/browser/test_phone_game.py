"""Three emulated phones play a whole Cat in the Sack game through the real page and server."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_touch_targets

pytestmark = pytest.mark.browser

GAME_DEADLINE_S = 150  # a safety net against a hung game, not a speed assertion


def _join(phone: Phone, url: str, shots: Path | None) -> None:
    phone.page.goto(url)
    phone.button("join.button").wait_for()
    if shots:
        phone.page.screenshot(path=str(shots / "join.png"))
        assert_touch_targets(phone.page, "join")
    phone.page.get_by_label(phone.t["join.name"]).fill(phone.name)
    phone.button("join.button").click()
    phone.page.get_by_role("heading", name=phone.t["lobby.title"]).wait_for()


def _play_turn(phone: Phone, rng: random.Random, seen: dict[str, bool], shots: Path, photo: bool) -> str:
    """Make one move if the phone may; return what it did ("" for nothing). `photo`: this phone's screens
    are the ones photographed (and checked) for choose and auction, so the README shots are always alike."""
    page = phone.page
    cards = page.get_by_role("group", name=phone.t["choose.title"]).get_by_role("button")
    if cards.count():
        if photo and not seen.get("choose"):
            page.screenshot(path=str(shots / "choose.png"))
            assert_touch_targets(page, "choose")
            seen["choose"] = True
        if phone.tap(cards) and phone.tap(phone.button("choose.confirm")):
            return "play"
        return ""
    buy = phone.button("offer.buy")
    if buy.count():  # the offer screen is checked (and photographed) by test_phone_offer.py
        return "buy" if phone.tap(buy) else ""
    bid = phone.button("bid.button")
    passing = phone.button("pass.takes")
    if not passing.count():
        passing = phone.button("pass.nothing")
    if bid.count() or passing.count():
        if photo and not seen.get("auction") and bid.count():
            page.screenshot(path=str(shots / "auction.png"))
            assert_touch_targets(page, "auction")
            seen["auction"] = True
        if phone.lang == "hu" and not seen.get("auction-hu-turn") and bid.count():
            page.screenshot(path=str(shots / "auction-hu-turn.png"))
            seen["auction-hu-turn"] = True
        if bid.count() and (rng.random() < 0.4 or not passing.count()):
            return "bid" if phone.tap(bid) else ""
        return "pass" if phone.tap(passing) else ""
    return ""


def test_three_phones_play_a_whole_game(pw_browser: Any, server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    phones = [
        Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana"),
        Phone(pw, browser, "iPhone 13", "en-US", "en", "Bea"),
        Phone(pw, browser, "Pixel 7", "hu-HU", "hu", "Csaba"),
    ]
    ana, bea, csaba = phones
    # Count vibrations on Ana's phone (the emulated device has no motor to feel).
    ana.page.add_init_script("window.__buzz = 0; Object.defineProperty(Navigator.prototype, 'vibrate',"
                             " {configurable: true, value: () => { window.__buzz += 1; return true; }});")
    watcher = Phone(pw, browser, "Pixel 7", "es-ES", "es", "")
    try:
        _join(ana, server.join_url, shots)
        watcher.page.goto(f"http://127.0.0.1:{server.port}/watch?k={server.join_code}")
        watcher.page.get_by_role("heading", name=watcher.t["lobby.title"]).wait_for()
        _join(bea, server.join_url, None)
        ana.page.get_by_role("listitem").filter(has_text="Bea").wait_for()
        assert ana.button("host.start").is_disabled(), "two seats are too few for Cat in the Sack"

        # The Hungarian phone starts in Hungarian (browser language) and sees a taken name in Hungarian.
        csaba.page.goto(server.join_url)
        csaba.button("join.button").wait_for()
        assert csaba.page.evaluate("document.documentElement.lang") == "hu"
        csaba.page.get_by_label(csaba.t["join.name"]).fill("Ana")
        csaba.button("join.button").click()
        taken = csaba.t["err.name_taken"].replace("{name}", "Ana")
        csaba.page.get_by_role("alert").filter(has_text=taken).wait_for()
        csaba.page.get_by_label(csaba.t["join.name"]).fill(csaba.name)
        csaba.button("join.button").click()
        csaba.page.get_by_role("heading", name=csaba.t["lobby.title"]).wait_for()

        # Only the host gets host controls; the others wait for the host.
        for p in (bea, csaba):
            assert p.button("host.add_bot").count() == 0
            p.page.get_by_text(p.t["lobby.waiting_host"]).wait_for()
        ana.page.get_by_role("listitem").filter(has_text="Csaba").wait_for()
        # The host reorders seats: Csaba moves up past Bea, and every phone sees the new order.
        ana.page.get_by_role("button", name=ana.t["host.move_up"].replace("{name}", "Csaba")).click()
        bea.page.locator(".seats li").nth(1).filter(has_text="Csaba").wait_for()
        ana.button("host.add_bot").click()
        timer_120 = ana.page.get_by_role("button", name=ana.t["opt.turn_timer.value"].replace("{value}", "120"))
        timer_120.click()
        ana.page.wait_for_function("() => [...document.querySelectorAll('button[aria-pressed=true]')]"
                                   ".some(b => b.textContent.includes('120'))")
        ana.page.get_by_role("button", name=name_pattern(ana.t["host.remove_bot"])).wait_for()
        ana.page.screenshot(path=str(shots / "lobby.png"), full_page=True)
        assert_touch_targets(ana.page, "host lobby")
        csaba.page.screenshot(path=str(shots / "lobby-hu.png"), full_page=True)
        assert ana.page.get_by_role("listitem").count() == 4
        ana.button("host.start").click()

        rng = random.Random(7)
        seen: dict[str, bool] = {}
        reloaded = False
        deadline = time.monotonic() + GAME_DEADLINE_S
        while not all(p.screen() == "over" for p in phones):
            assert time.monotonic() < deadline, f"the game did not finish; screens: {[p.screen() for p in phones]}"
            acted = False
            for p in phones:
                if p.screen() != "game":
                    continue
                # exact: Hungarian "A zsák" is also inside the choose heading "Válassz lapot a zsákba"
                in_auction = csaba.page.get_by_role("heading", name=csaba.t["row.title"], exact=True).count() > 0
                if not reloaded and p is csaba and in_auction:
                    before = csaba.hand()
                    assert len(before) >= 1
                    csaba.page.reload()
                    csaba.page.locator("#screen[data-screen=game]").wait_for()
                    csaba.page.get_by_role("list", name=name_pattern(csaba.t["hand.title"])).or_(
                        csaba.page.get_by_role("group", name=csaba.t["choose.title"])).first.wait_for()
                    assert csaba.hand() == before, "the reloaded phone must get its own hand back"
                    assert csaba.page.evaluate("document.documentElement.lang") == "hu"
                    csaba.page.screenshot(path=str(shots / "auction-hu.png"))
                    reloaded = True
                acted = bool(_play_turn(p, rng, seen, shots, photo=p is ana)) or acted
            if not acted:
                ana.page.wait_for_timeout(60)
            # Waiting here for the row could stall the game (the phones must choose first): only look.
            if seen.get("auction") and not seen.get("watch") and \
                    watcher.page.get_by_role("heading", name=watcher.t["row.title"]).count():
                watcher.page.screenshot(path=str(shots / "watch.png"), full_page=True)
                seen["watch"] = True
        assert reloaded, "the Hungarian phone never reached an auction to reload in"
        assert seen.get("watch"), "the watch page never showed the sack"
        assert seen.get("choose") and seen.get("auction")

        for p in phones:
            p.page.get_by_role("table").wait_for()
            rows = p.page.get_by_role("table").locator("tbody tr")
            assert rows.count() == 4
            winner = p.page.locator("h1.winner").inner_text()
            assert winner, "the score screen names the winner"
        expect(ana.page.locator("#live")).to_contain_text(ana.t["ev.game_over"])
        assert ana.page.evaluate("window.__buzz") > 0, "the phone vibrates when it is my turn"
        ana.page.screenshot(path=str(shots / "results.png"), full_page=True)
        assert_touch_targets(ana.page, "results")
        csaba.page.screenshot(path=str(shots / "results-hu.png"), full_page=True)
        assert ana.button("over.play_again").count() == 1
        assert bea.button("over.play_again").count() == 0
        # The watch page shows the public table only: scores at the end, never a hand or anyone's mice.
        watcher.page.get_by_role("table").wait_for()
        assert watcher.page.get_by_role("list", name=name_pattern(watcher.t["hand.title"])).count() == 0
        assert watcher.page.locator(".my-mice").count() == 0
        for p in (*phones, watcher):
            assert not p.errors, f"{p.name or 'the watcher'}'s page raised: {p.errors}"
    finally:
        for p in (*phones, watcher):
            p.close()
