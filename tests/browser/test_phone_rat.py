"""A phone plays a whole two-round Rat-a-Tat Cat game against a bot through the real page and server: the look,
a draw and a replace, a power, a knock, the round's end and the score screen; axe on each of those screens."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_accessible, assert_on_screen, assert_touch_targets, at_top
from tests.browser.rat import SHOTS, my_cards, patient_bots, rig_deals

pytestmark = pytest.mark.browser

GAME_DEADLINE_S = 150  # a safety net against a hung game, not a speed assertion
# The phone and the bot both draw from the pile: whoever starts, my first two draws are a Swap and a Peek (and
# when I start, my third is a Draw 2).
POWERS_FIRST = ("swap", "swap", "peek", "peek", "draw2", "draw2")


@pytest.fixture
def rat_on_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rig the test server's Rat-a-Tat Cat deals so the pile starts with power cards, with a bot that always
    draws from the pile and never knocks (the phone ends the round)."""
    patient_bots(monkeypatch)
    rig_deals(monkeypatch, lambda order: POWERS_FIRST)


def _shot(phone: Phone, name: str, audit: bool = True) -> None:
    at_top(phone.page)
    phone.page.screenshot(path=str(SHOTS / f"{name}.png"))
    assert_touch_targets(phone.page, name)
    if audit:
        assert_accessible(phone.page, name)


def _play(phone: Phone, seen: dict[str, Any]) -> str:
    """Make the move the screen offers now; return what was done ("" for nothing)."""
    t, page = phone.t, phone.page
    if phone.button("rt.look.done").count():
        if not seen.get("look"):
            # Cards 1 and 4 are face up for me, 2 and 3 face down.
            names = [my_cards(phone).nth(i).get_attribute("aria-label") or "" for i in range(4)]
            assert re.match(name_pattern(t["rt.card.up"]).pattern, names[0]), names
            assert names[1] == t["rt.card.down"].replace("{pos}", "2") and names[2] == t["rt.card.down"].replace("{pos}", "3")
            assert re.match(name_pattern(t["rt.card.up"]).pattern, names[3]), names
            _shot(phone, "look")
            seen["look"] = names
        elif not seen.get("round_end"):
            return ""  # round 2's look: the loop checks round 1's end on this screen before it goes
        return "memorised" if phone.tap(phone.button("rt.look.done")) else ""
    if phone.button("rt.draw.pile").count():
        if not seen.get("turn"):
            assert_on_screen(page, my_cards(phone), "my cards on my turn")
            assert_on_screen(page, phone.button("rt.draw.pile"), "Draw from the pile")
            _shot(phone, "my-turn")
            seen["turn"] = True
        take = phone.button("rt.draw.discard")
        if seen.get("swapped") and seen.get("peeked") and not seen.get("replaced") and take.count():
            if phone.tap(take):
                seen["took"] = True
                return "take"
            return ""
        return "draw" if phone.tap(phone.button("rt.draw.pile")) else ""
    swap = phone.button("rt.power.swap")
    if swap.count() and not seen.get("swapped"):
        if not phone.tap(swap):
            return ""
        mine = page.get_by_role("button", name=name_pattern(t["rt.swap.mine"].replace("{pos}", "2") + " ({x})"))
        if not phone.tap(mine):
            return ""
        theirs = page.get_by_role("button", name=name_pattern(t["rt.swap.theirs"]))
        theirs.first.wait_for()
        _shot(phone, "swap-choice")
        assert_on_screen(page, theirs, "the other player's cards to swap with")
        seen["swap_target"] = theirs.first.get_attribute("aria-label")
        if phone.tap(theirs):
            seen["swapped"] = True
            return "swap"
        return ""
    peek = phone.button("rt.power.peek")
    if peek.count() and not seen.get("peeked"):
        if phone.tap(peek) and phone.tap(page.get_by_role("button", name=re.compile(
                "^" + re.escape(t["rt.peek.this"].replace("{pos}", "3"))))):
            page.get_by_text(t["rt.peek.shown"].replace("{pos}", "3")).wait_for()
            name = my_cards(phone).nth(2).get_attribute("aria-label") or ""
            assert re.match(name_pattern(t["rt.card.up"]).pattern, name), "the peeked card is shown to me"
            _shot(phone, "peek", audit=False)
            seen["peeked"] = True
            return "peek"
        return ""
    held = page.get_by_role("button", name=name_pattern(t["rt.replace.this"].replace("{pos}", "1") + " ({x})"))
    if held.count():
        draw2 = phone.button("rt.power.draw2")
        if draw2.count() and not seen.get("draw2"):
            if not phone.tap(draw2):
                return ""
            # Draw 2 says which step I am on: draw the first card, then what to do with it.
            page.get_by_text(t["rt.draw2.step1"]).wait_for()
            _shot(phone, "draw2", audit=False)
            phone.tap(phone.button("rt.draw.pile"))
            page.get_by_text(t["rt.draw2.card1"]).wait_for()
            seen["draw2"] = True
            return "draw2"
        throw = phone.button("rt.drawn.discard")
        if not seen.get("replaced") and throw.count() and seen.get("thrown", 0) < 4:
            # A number on the discard pile for my next turn: I take it and put it in my line.
            if phone.tap(throw):
                seen["thrown"] = seen.get("thrown", 0) + 1
                return "discard"
            return ""
        if not seen.get("replaced"):
            _shot(phone, "drawn", audit=False)
            if phone.tap(held):
                seen["replaced"] = True
                return "replace"
            return ""
        for key in ("rt.power.draw2", "rt.drawn.discard", "rt.swap.skip"):
            if phone.button(key).count():
                return key if phone.tap(phone.button(key)) else ""
        return "replace" if phone.tap(held) else ""
    knock = phone.button("rt.end.knock")
    if knock.count() and (seen.get("swapped") or seen.get("peeked")) and seen.get("replaced"):
        _shot(phone, "knock", audit=False)
        # a knock takes a second tap on the same button, which now says what it does
        if phone.tap(knock) and phone.tap(phone.button("rt.end.knock_confirm")):
            seen["knocked"] = True
            return "knock"
        return ""
    end = phone.button("rt.end.turn")
    if end.count():
        return "end" if phone.tap(end) else ""
    return ""


def test_a_phone_plays_a_whole_game_of_rat_a_tat_cat(pw_browser: Any, server: Any, rat_on_table: None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    ana.page.set_viewport_size({"width": 360, "height": 640})
    ana.keep_told()
    watcher = Phone(pw, browser, "Pixel 7", "hu-HU", "hu", "")
    try:
        ana.join(server.join_url)
        watcher.page.goto(f"http://127.0.0.1:{server.port}/watch?k={server.join_code}")
        watcher.page.get_by_role("heading", name=watcher.t["lobby.title"]).wait_for()
        ana.page.get_by_role("button", name=ana.t["game.rat-a-tat-cat"]).click()
        rounds = ana.page.get_by_role("spinbutton", name=ana.t["opt.rounds"], exact=True)  # no offered values
        rounds.fill("2")
        rounds.dispatch_event("change")
        ana.page.wait_for_function("() => document.querySelector('#opt-rounds') && "
                                   "document.querySelector('#opt-rounds').value === '2'")
        ana.button("host.add_bot").click()
        ana.page.get_by_role("button", name=name_pattern(ana.t["host.remove_bot"])).wait_for()
        ana.button("host.start").click()

        seen: dict[str, Any] = {}
        deadline = time.monotonic() + GAME_DEADLINE_S
        while ana.screen() != "over":
            assert time.monotonic() < deadline, f"the game did not finish; seen {seen}"
            scores = ana.page.get_by_role("heading", name=ana.t["rt.scores.title"].replace("{round}", "1"))
            if ana.screen() == "game" and scores.count() and not seen.get("round_end"):
                # Round 2's look shows round 1's end: both lines turned up, the round's scores and the totals.
                section = ana.page.locator("section", has=scores)
                assert section.locator(".pcard").count() == 8 and section.locator(".pcard.back").count() == 0
                assert section.locator("tbody tr").count() == 2
                _shot(ana, "round-end")
                seen["round_end"] = True
            players = watcher.page.get_by_role("heading", name=watcher.t["rt.seats.all"])
            if not seen.get("watch") and seen.get("turn") and players.count():
                # The watch page (in Hungarian) shows the public table: every line face down while a round is played.
                cards = watcher.page.locator(".seats .pcard")
                if cards.count() == 8 and watcher.page.locator(".scores").count() == 0:
                    assert watcher.page.locator(".seats .pcard.back").count() == 8
                    watcher.page.screenshot(path=str(SHOTS / "watch-hu.png"), full_page=True)
                    seen["watch"] = True
            if not _play(ana, seen):
                ana.page.wait_for_timeout(60)
        assert seen.get("look") and seen.get("turn") and seen.get("replaced"), seen
        assert seen.get("swapped") and seen.get("peeked"), f"the rigged pile gives me a Swap and a Peek: {seen}"
        assert seen.get("knocked"), f"the phone knocked: {seen}"
        assert seen.get("round_end"), f"round 1's end was shown: {seen}"
        assert seen.get("took"), f"the phone took a discard: {seen}"
        # Others' and my moves in words: the taken discard and where it went, my swap, my peek.
        told = ana.told()
        for key in ("rt.ev.you.took_and_placed", "rt.ev.you_swapped", "rt.ev.you_peeked", "rt.ev.you.knocked"):
            assert any(name_pattern(ana.t[key]).match(line) for line in told), f"no {key} line in {sorted(told)}"

        ana.page.get_by_role("table").wait_for()
        rows = ana.page.get_by_role("table").locator("tbody tr")
        assert rows.count() == 2
        headers = ana.page.get_by_role("table").locator("thead th").all_inner_texts()
        assert headers[1] == ana.t["opt.rounds"], headers  # the rounds read plainly in one column: "14 + 9"
        cells = ana.page.get_by_role("table").locator("tbody td").all_inner_texts()
        assert any(re.fullmatch(r"\d+ \+ \d+", c) for c in cells), cells
        # The score screen names each seat's last four cards, turned up.
        lines = ana.page.get_by_text(name_pattern(ana.t["rt.over.line"]))
        assert lines.count() == 2 and "?" not in " ".join(lines.all_inner_texts())
        assert ana.page.locator("h1.winner").inner_text()
        _shot(ana, "results")
        assert seen.get("watch"), "the watch page showed the table"
        watcher.page.get_by_role("table").wait_for()
        assert not ana.errors and not watcher.errors, f"the pages raised: {ana.errors} {watcher.errors}"
    finally:
        ana.close()
        watcher.close()
