"""Cat in the Sack's new tips in a real browser on a Pixel 7 (issue 29): a tip a first-timer needed comes at its
moment, in the phone's language, under the decision's controls, and passes the accessibility audit.

With three players the second round's choice is the first moment the neutral deck's card matters after the
first choice's own tip: the phone shows `tip.neutral` there (tests/test_sack_tips.py holds every kind to its
moment over whole games; this is how one looks)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets
from tests.browser.test_phone_tips import DEADLINE_S, _new_phone, _shot, _tip, _under_the_moves

pytestmark = pytest.mark.browser


def _play_on_until_tip(phone: Phone, kind: str) -> None:
    """Play as a first-timer who passes (the first card at the first choice, a pass at every auction turn and
    offer) until `kind` shows. Cards are tapped only while the first choice's own tip is up: a tap still
    waiting as the next round's choice comes would choose there before its tip is looked at."""
    t = phone.t
    deadline = time.monotonic() + DEADLINE_S
    shown = phone.page.locator(f'.tip[data-tip="{kind}"]:not(.gone)')
    first_choice = phone.page.locator('.tip[data-tip="choose"]:not(.gone)')
    while not shown.count():
        assert time.monotonic() < deadline, f"the {kind} tip never came"
        for key in ("offer.pass", "pass.takes", "pass.nothing"):
            if phone.button(key).count():
                phone.tap(phone.button(key))
        cards = phone.page.get_by_role("group", name=t["choose.title"]).get_by_role("button")
        if first_choice.count() and cards.count() and phone.tap(cards):
            phone.tap(phone.button("choose.confirm"))
        phone.page.wait_for_timeout(50)


@pytest.mark.parametrize("lang,locale", [("hu", "hu-HU"), ("en", "en-GB")])
def test_three_players_second_choice_explains_the_neutral_decks_card(pw_browser: Any, server: Any, lang: str,
                                                                     locale: str) -> None:
    pw, browser = pw_browser
    phone = _new_phone(pw, browser, locale, lang, "Réka")
    t = phone.t
    try:
        phone.join(server.join_url)
        for n in range(2):
            phone.button("host.add_bot").click()
            phone.page.get_by_role("button", name=name_pattern(t["host.remove_bot"])).nth(n).wait_for()
        phone.button("host.start").click()
        _tip(phone, "choose")
        _play_on_until_tip(phone, "neutral")
        tip = _tip(phone, "neutral")
        expect(tip).to_have_attribute("role", "status")
        expect(tip.locator(".tip-words")).to_have_text(t["tip.neutral"])
        expect(phone.page.locator(".tip:not(.gone)")).to_have_count(1)  # one tip at a time
        _under_the_moves(phone)
        assert_accessible(phone.page, "the neutral deck's tip")
        assert_touch_targets(phone.page, "the neutral deck's tip")
        expect(phone.page.locator(".moment:visible")).to_have_count(0, timeout=15_000)  # the sack's moment passes: the whole tip
        _shot(phone, f"cat-in-the-sack-neutral-{lang}")
        assert not phone.errors, phone.errors
    finally:
        phone.close()
