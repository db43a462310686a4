"""Rat-a-Tat Cat on a small phone (360×640) at a full table of 6: in every state of my turn (before drawing, a drawn
number, each power and each of its steps) my four cards, the drawn card and every move are on the first screen,
big enough to tap, named, and pass axe; "your turn" is said in the live region; card faces fit in every language."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.phones import Phone, assert_accessible, assert_on_screen, assert_touch_targets, at_top
from tests.browser.rat import (
    SHOTS,
    NUMBER,
    assert_faces_fit,
    assert_names_say_what_is_shown,
    card_button,
    my_cards,
    open_rat_table,
    patient_bots,
    rig_deals,
    said,
    turns_plan,
)

pytestmark = pytest.mark.browser

SMALL_PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True,
               "has_touch": True}
WAIT_MS = 20000  # a safety net (a loaded CI machine) against a stuck game, not a speed assertion
LANGS = ("es", "fr", "hu", "en")  # English last: the test reads the English page
# My turns (I am seat 0, the host): a Peek, a Swap, a Draw 2 (its first card discarded, the second placed), a number.
MY_TURNS = (["peek"], ["swap"], ["draw2", NUMBER, NUMBER], [NUMBER])


@pytest.fixture
def rigged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five patient bots draw number cards; my draws are the powers in turn."""
    patient_bots(monkeypatch)
    rig_deals(monkeypatch, turns_plan(0, MY_TURNS))


def _fits(phone: Phone, name: str, *more: Any, moves: bool = True, languages: bool = False) -> None:
    """Check state `name` as it lands: my cards, the drawn card (if any), every move (unless not `moves`) and `more`
    on the first screen; every control big enough and named by what it shows; axe; with `languages`, every card
    face fits and `more` is on the first screen in each language."""
    page = phone.page
    at_top(page)
    page.screenshot(path=str(SHOTS / f"small-{name}.png"), scale="css")
    assert_on_screen(page, my_cards(phone), f"{name}: my cards")
    drawn = page.get_by_role("img", name=said(phone, "rt.drawn.label"))
    if moves and drawn.count():
        assert_on_screen(page, drawn, f"{name}: the drawn card")
    if moves:
        assert_on_screen(page, page.locator("section[data-decision] button"), f"{name}: my moves")
    for i, locator in enumerate(more):
        assert_on_screen(page, locator, f"{name}: {i}")
    assert page.evaluate("window.scrollY") == 0, "the checks above must not have scrolled"
    assert_touch_targets(page, name)
    assert_names_say_what_is_shown(phone, name)
    assert_accessible(page, name)
    assert_faces_fit(phone, name)
    if languages:
        for lang in LANGS:
            page.locator("#lang").select_option(lang)
            page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
            assert_faces_fit(phone, f"{name} in {lang}")
            for i, locator in enumerate(more):
                assert_on_screen(page, locator, f"{name} in {lang}: {i}")
            if lang == "fr":
                page.screenshot(path=str(SHOTS / f"small-{name}-fr.png"), scale="css")


def _my_turn_starts(phone: Phone, name: str) -> None:
    """Wait for my turn; the live region says it is mine, the status bar stands out; check the state."""
    phone.button("rt.draw.pile").wait_for()
    phone.page.wait_for_function("(text) => document.getElementById('live').textContent === text",
                                 arg=phone.t["turn.yours"])
    assert phone.page.locator(".status-bar.my-turn").count() == 1
    _fits(phone, name)


def _drawn(phone: Phone, card_key: str) -> None:
    phone.button("rt.draw.pile").click()
    phone.page.get_by_role("img", name=phone.t["rt.drawn.label"].replace("{card}", phone.t[card_key])).wait_for()


def test_a_360_phone_fits_every_state_of_my_turn_at_a_table_of_6(pw_browser: Any, server: Any, rigged: None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    phone = Phone(pw, browser, SMALL_PHONE, "en-GB", "en", "Ana")
    page, t = phone.page, phone.t
    page.set_default_timeout(WAIT_MS)
    try:
        phone.join(server.join_url)
        open_rat_table(phone, rounds=1, bots=5)
        phone.button("host.start").click()

        # The look is everybody's at once: no "your turn" for it.
        phone.button("rt.look.done").wait_for()
        _fits(phone, "look")
        assert page.locator("#live").get_attribute("aria-live") == "polite"
        assert page.locator("#live").text_content() != t["turn.yours"]
        phone.button("rt.look.done").click()

        # Turn 1: a Peek, then which card, then the end of the turn.
        _my_turn_starts(phone, "turn-1")
        _drawn(phone, "rt.card.peek")
        _fits(phone, "drawn-peek", languages=True)
        phone.button("rt.power.peek").click()
        card_button(phone, "rt.peek.this", pos=1).first.wait_for()
        _fits(phone, "peek-which")
        card_button(phone, "rt.peek.this", pos=1).click()
        phone.button("rt.end.turn").wait_for()
        _fits(phone, "peeked")
        phone.button("rt.end.turn").click()

        # Turn 2: a Swap: one of mine, then one of another player's (the five others' small lines), or none.
        _my_turn_starts(phone, "turn-2")
        _drawn(phone, "rt.card.swap")
        _fits(phone, "drawn-swap", languages=True)
        phone.button("rt.power.swap").click()
        card_button(phone, "rt.swap.mine", pos=2).wait_for()
        _fits(phone, "swap-mine")
        card_button(phone, "rt.swap.mine", pos=2).click()
        theirs = page.get_by_role("button", name=said(phone, "rt.swap.theirs"))
        theirs.first.wait_for()
        assert theirs.count() == 5 * 4, "every card of the five others"
        # Six rows of cards of 48 px and the header cannot all fit with the moves on 640 px: the second tap's
        # targets come first, under a heading saying what to do; "Don't swap" and "Back" follow under them.
        assert page.locator("#seats-h").inner_text() == t["rt.swap.hint_theirs"].replace("{pos}", "2")
        _fits(phone, "swap-theirs", page.locator(".seats button"), page.locator("#seats-h"), moves=False, languages=True)
        assert phone.button("rt.swap.skip").count() == 1 and phone.button("rt.power.back").count() == 1
        # The others' cards light up for the second tap as mine did for the first.
        lit = page.locator(".seats button").evaluate_all("(ns) => ns.map((n) => getComputedStyle(n).boxShadow)")
        assert all(shadow not in ("", "none") for shadow in lit), lit
        theirs.last.click()
        page.get_by_text(said(phone, "rt.ev.you_swapped", pos=2, opos=4)).first.wait_for()
        phone.button("rt.end.turn").click()  # everybody has had a turn: I could knock

        # Turn 3: a Draw 2, each of its steps.
        _my_turn_starts(phone, "turn-3")
        _drawn(phone, "rt.card.draw2")
        _fits(phone, "drawn-draw2", languages=True)
        phone.button("rt.power.draw2").click()
        page.get_by_text(t["rt.draw2.step1"]).wait_for()
        _fits(phone, "draw2-step1")
        phone.button("rt.draw.pile").click()
        page.get_by_text(t["rt.draw2.card1"]).wait_for()
        _fits(phone, "draw2-card1")
        phone.button("rt.drawn.discard").click()
        page.get_by_text(t["rt.draw2.step2"]).wait_for()
        _fits(phone, "draw2-step2")
        phone.button("rt.draw.pile").click()
        page.get_by_text(t["rt.draw2.card2"]).wait_for()
        _fits(phone, "draw2-card2")
        card_button(phone, "rt.replace.this", pos=3).click()
        phone.button("rt.end.knock").wait_for()
        _fits(phone, "may-knock")
        phone.button("rt.end.turn").click()

        # Turn 4: a number card.
        _my_turn_starts(phone, "turn-4")
        phone.button("rt.draw.pile").click()
        page.get_by_text(t["rt.drawn.hint"]).wait_for()
        _fits(phone, "drawn-number")
        assert not phone.errors, f"the page raised: {phone.errors}"
    finally:
        phone.close()
