"""Rat-a-Tat Cat's tips in a real browser (issue 29): a first-timer gets through a Peek, a Swap and a Draw 2 doing
only what the tips say, the controls found by the words the tips quote; and knocking takes two taps: the first on
"Rat-a-tat cat!" knocks nothing, the button asks to confirm (keyboard and screen reader too), axe finds nothing
serious there, a tap elsewhere takes the question back, the second tap knocks."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets
from tests.browser.rat import NUMBER, SHOTS, open_rat_table, patient_bots, rig_deals, turns_plan

pytestmark = pytest.mark.browser

WAIT_MS = 20000  # a safety net against a stuck game, not a speed assertion
# My turns (the host, seat 0): a Peek, a Swap, a Draw 2 (its first card discarded, the second kept).
# The controls a tip names are the words it quotes, in each language's quotation marks.
MY_TURNS = (["peek"], ["swap"], ["draw2", NUMBER, NUMBER])
QUOTED = {"en": r"“([^”]+)”", "es": r"«([^»]+)»", "fr": r"« ([^»]+) »", "hu": r"„([^”]+)”"}


@pytest.fixture
def rigged(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patient bot draws number cards and never knocks; my draws are the powers in turn."""
    patient_bots(monkeypatch)
    rig_deals(monkeypatch, turns_plan(0, MY_TURNS))


def tip_words(phone: Phone, kind: str) -> str:
    """Wait for the tip `kind` and return its words as the page shows them (the game's text `tip.<kind>`)."""
    words = phone.page.locator(f'.tip[data-tip="{kind}"]:not(.gone) .tip-words')
    expect(words).to_have_text(phone.t[f"tip.{kind}"], timeout=WAIT_MS)
    expect(words.locator(".tip-twin")).to_have_count(0)  # the words themselves, read out (js/tips.js)
    return words.inner_text()


def quoted(phone: Phone, words: str) -> list[str]:
    """Return the controls a tip names, in its order: the words it quotes."""
    return re.findall(QUOTED[phone.lang], words)


def tap_named(phone: Phone, name: str) -> None:
    """Tap the button whose visible text is `name`."""
    phone.page.get_by_role("button", name=name, exact=True).click()


def my_card_buttons(phone: Phone) -> Any:
    return phone.page.get_by_role("list", name=phone.t["rt.line.mine"]).get_by_role("button")


def end_my_turn(phone: Phone) -> None:
    """End the turn with the main control (knocking or not offered)."""
    end = phone.button("rt.end.turn")
    end.wait_for(timeout=WAIT_MS)
    assert "primary" in (end.get_attribute("class") or ""), "ending the turn is the main control"
    end.click()


def finish_turn(phone: Phone, seen: set[str] | None = None) -> None:
    """After my play: end my turn if it asks me to (a Peek, or knocking allowed), else it has ended by itself. The
    first time knocking is offered, its tip names the two taps it takes."""
    end, draw = phone.button("rt.end.turn"), phone.button("rt.draw.pile")
    end.or_(draw).first.wait_for(timeout=WAIT_MS)
    if not end.count():
        return
    t = phone.t
    if seen is not None and "knock" not in seen and phone.button("rt.end.knock").count():
        words = tip_words(phone, "knock")
        assert quoted(phone, words)[:2] == [t["rt.end.knock"], t["rt.end.knock_confirm"].split("?")[0] + "?"], words
        seen.add("knock")
    end_my_turn(phone)


def start(phone: Phone, server: Any) -> None:
    phone.keep_told()
    phone.join(server.join_url)
    open_rat_table(phone, rounds=1, bots=1)
    phone.button("host.start").click()
    phone.button("rt.look.done").click()


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("es", "es-ES"), ("fr", "fr-FR"), ("hu", "hu-HU")])
def test_a_first_timer_uses_a_peek_a_swap_and_a_draw_2_by_the_tips_words_alone(
        pw_browser: Any, server: Any, rigged: None, lang: str, locale: str) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, "Pixel 7", locale, lang, "Ana")
    page, t = phone.page, phone.t
    try:
        start(phone, server)
        # A Peek: the tip names "Use the Peek"; then a card of mine, which I now see.
        phone.button("rt.draw.pile").click(timeout=WAIT_MS)
        words = tip_words(phone, "peek")
        assert quoted(phone, words)[0] == t["rt.power.peek"], words
        tap_named(phone, quoted(phone, words)[0])
        my_card_buttons(phone).nth(1).click()
        page.get_by_text(t["rt.peek.shown"].replace("{pos}", "2")).wait_for(timeout=WAIT_MS)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"teach-peek-{lang}.png"))
        seen: set[str] = set()
        finish_turn(phone, seen)
        # A Swap: "Use the Swap", one of my cards, then another player's.
        phone.button("rt.draw.pile").click(timeout=WAIT_MS)
        words = tip_words(phone, "swap")
        assert quoted(phone, words)[0] == t["rt.power.swap"], words
        tap_named(phone, quoted(phone, words)[0])
        my_card_buttons(phone).nth(2).click()
        theirs = page.get_by_role("button", name=name_pattern(t["rt.swap.theirs"]))
        theirs.first.wait_for(timeout=WAIT_MS)
        theirs.first.click()
        page.wait_for_function("(n) => [...(window.__told || [])].some((l) => l.startsWith(n))",
                               arg=t["rt.ev.you_swapped"].split("{")[0], timeout=WAIT_MS)
        finish_turn(phone, seen)
        # A Draw 2: "Use Draw 2", then draw; discard that card and draw a second one, which I keep.
        phone.button("rt.draw.pile").click(timeout=WAIT_MS)
        words = tip_words(phone, "draw2")
        assert quoted(phone, words)[0] == t["rt.power.draw2"], words
        tap_named(phone, quoted(phone, words)[0])
        phone.button("rt.draw.pile").click(timeout=WAIT_MS)
        phone.button("rt.drawn.discard").click(timeout=WAIT_MS)
        phone.button("rt.draw.pile").click(timeout=WAIT_MS)
        my_card_buttons(phone).nth(0).click(timeout=WAIT_MS)
        finish_turn(phone, seen)
        assert seen == {"knock"}, "knocking was offered, its tip with it"
        assert not phone.errors, phone.errors
    finally:
        phone.close()


def test_a_first_tap_on_rat_a_tat_cat_asks_and_only_the_second_knocks(
        pw_browser: Any, server: Any, rigged: None) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    page, t = phone.page, phone.t
    knocked = t["rt.ev.you.knocked"]
    try:
        start(phone, server)
        for _ in range(2):  # two turns (a Peek, a Swap) ended plainly: then everyone has had a turn
            phone.button("rt.draw.pile").click(timeout=WAIT_MS)
            phone.button("rt.drawn.discard").click()
            finish_turn(phone)
        phone.button("rt.draw.pile").click(timeout=WAIT_MS)
        phone.button("rt.drawn.discard").click()  # a Draw 2 thrown away: the turn ends
        knock = page.get_by_role("button", name=t["rt.end.knock"], exact=True)
        knock.wait_for(timeout=WAIT_MS)
        # "End my turn" first and the main control; the knock after it, not the main one
        names = page.locator("section[data-decision] button").all_inner_texts()
        assert names == [t["rt.end.turn"], t["rt.end.knock"]], names
        assert "primary" not in (knock.get_attribute("class") or "")
        knock.click()
        confirm = page.get_by_role("button", name=t["rt.end.knock_confirm"], exact=True)
        expect(confirm).to_be_focused()
        expect(page.locator("#live")).to_have_text(t["rt.end.knock_confirm"])
        page.wait_for_timeout(400)
        assert knocked not in phone.told(), "a first tap does not knock"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "knock-confirm.png"))
        assert_accessible(page, "the knock asks to confirm")
        assert_touch_targets(page, "the knock asks to confirm")
        # a tap elsewhere takes the question back
        page.get_by_role("heading", name=t["rt.end.title"]).click()
        expect(page.get_by_role("button", name=t["rt.end.knock"], exact=True)).to_be_visible()
        expect(confirm).to_have_count(0)
        # the keyboard: Enter asks, Enter again knocks
        page.get_by_role("button", name=t["rt.end.knock"], exact=True).focus()
        page.keyboard.press("Enter")
        expect(confirm).to_be_focused()
        assert knocked not in phone.told()
        page.keyboard.press("Enter")
        page.wait_for_function("(k) => (window.__told || []).includes(k)", arg=knocked, timeout=WAIT_MS)
        assert not phone.errors, phone.errors
    finally:
        phone.close()
