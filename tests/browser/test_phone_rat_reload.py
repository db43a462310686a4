"""Rat-a-Tat Cat: reloading the phone page in the middle of my turn brings back the card I drew and the same choices,
and nothing else face up: with a power card in hand, while a peeked card is shown, and with a number card in hand."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.phones import Phone, assert_accessible
from tests.browser.rat import (
    SHOTS,
    NUMBER,
    card_button,
    move_names,
    my_card_names,
    open_rat_table,
    patient_bots,
    rig_deals,
    said,
    turns_plan,
)

pytestmark = pytest.mark.browser

WAIT_MS = 20000  # a safety net (a loaded CI machine) against a stuck game, not a speed assertion


@pytest.fixture
def rigged(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patient bot; my first draw is a Peek, my second a number card."""
    patient_bots(monkeypatch)
    rig_deals(monkeypatch, turns_plan(0, [["peek"], [NUMBER]]))


def _screen(phone: Phone) -> dict[str, Any]:
    """Return what my turn shows now: the drawn card, my moves, my cards and every face-up card on the page."""
    page = phone.page
    drawn = page.get_by_role("img", name=said(phone, "rt.drawn.label"))
    return {
        "drawn": drawn.get_attribute("aria-label") if drawn.count() else None,
        "moves": move_names(phone),
        "mine": my_card_names(phone),
        "face_up": page.locator(".pcard:not(.back)").evaluate_all("(ns) => ns.map((n) => n.getAttribute('aria-label'))"),
        "status": page.locator(".status-text").inner_text(),
    }


def _reloaded(phone: Phone, name: str) -> None:
    """Reload in the middle of my turn: the same card, choices and cards come back, nothing more."""
    before = _screen(phone)
    phone.page.screenshot(path=str(SHOTS / f"reload-{name}-before.png"), scale="css")
    phone.page.reload()
    phone.page.locator("section[data-decision]").wait_for()
    phone.page.wait_for_function("(n) => document.querySelectorAll('ul[data-moves] .pcard').length === n", arg=4)
    after = _screen(phone)
    phone.page.screenshot(path=str(SHOTS / f"reload-{name}-after.png"), scale="css")
    assert after == before, f"{name}: the reload changed my turn"
    assert_accessible(phone.page, f"reloaded with {name}")


def test_a_reload_mid_turn_gives_back_the_drawn_card_and_the_same_choices(pw_browser: Any, server: Any,
                                                                          rigged: None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    phone = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    page, t = phone.page, phone.t
    page.set_default_timeout(WAIT_MS)
    try:
        phone.join(server.join_url)
        open_rat_table(phone, rounds=1, bots=1)
        phone.button("host.start").click()
        phone.button("rt.look.done").click()

        # A Peek in hand: the card, "Use the Peek", "Discard it" and the four places; my cards face down.
        phone.button("rt.draw.pile").click()
        page.get_by_role("img", name=t["rt.drawn.label"].replace("{card}", t["rt.card.peek"])).wait_for()
        held = _screen(phone)
        assert held["face_up"] == [held["drawn"]], f"only the drawn card is face up: {held['face_up']}"
        assert t["rt.power.peek"] in held["moves"] and t["rt.drawn.discard"] in held["moves"], held["moves"]
        _reloaded(phone, "peek")

        # The peeked card stays shown until my turn ends, across a reload too; the others stay face down.
        phone.button("rt.power.peek").click()
        card_button(phone, "rt.peek.this", pos=3).click()
        page.get_by_text(t["rt.peek.shown"].replace("{pos}", "3")).wait_for()
        peeked = _screen(phone)
        assert len(peeked["face_up"]) == 1 and peeked["face_up"] == [peeked["mine"][2]], peeked
        _reloaded(phone, "peeked")
        phone.button("rt.end.turn").click()
        page.wait_for_function("() => document.querySelectorAll('.pcard:not(.back)').length === 0")

        # A number card in hand on my next turn.
        phone.button("rt.draw.pile").click()
        page.get_by_text(t["rt.drawn.hint"]).wait_for()
        number = _screen(phone)
        assert number["face_up"] == [number["drawn"]] and said(phone, "rt.drawn.label").match(number["drawn"] or "")
        assert len(number["moves"]) == 5, f"four places and Discard it: {number['moves']}"
        _reloaded(phone, "number")
        card_button(phone, "rt.replace.this", pos=2).click()
        phone.button("rt.end.turn").wait_for()
        assert not phone.errors, f"the page raised: {phone.errors}"
    finally:
        phone.close()
