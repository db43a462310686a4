"""A small phone (360×640): everything needed to act on my turn fits on one screen, no scrolling."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_on_screen, assert_touch_targets, at_top

pytestmark = pytest.mark.browser

WAIT_S = 60  # a safety net against a stuck game, not a speed assertion
SMALL_PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True,
               "has_touch": True}


def test_a_360_phone_sees_the_sack_and_every_move_without_scrolling(pw_browser: Any, server: Any,
                                                                     shots: Path) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, SMALL_PHONE, "en-GB", "en", "Ana")
    page, t = phone.page, phone.t
    try:
        phone.join(server.join_url)
        # Five seats, the longest sack (five cards, no neutral one): the hardest case to fit.
        for n in (1, 2, 3, 4):
            phone.button("host.add_bot").click()
            page.get_by_role("button", name=name_pattern(t["host.remove_bot"])).nth(n - 1).wait_for()
        phone.button("host.start").click()

        confirm_checked = False
        deadline = time.monotonic() + WAIT_S
        while True:
            assert time.monotonic() < deadline, "my auction turn never came"
            assert phone.screen() != "over", "the game ended before my auction turn"
            cards = page.get_by_role("group", name=t["choose.title"]).get_by_role("button")
            bid = phone.button("bid.button")
            if cards.count():
                if not confirm_checked:
                    at_top(page)
                    # The Confirm button sticks to the bottom: reachable with the hand in view.
                    assert_on_screen(page, phone.button("choose.pick_first"), "the disabled Confirm button")
                    page.screenshot(path=str(shots / "choose-360.png"))
                    confirm_checked = True
                phone.tap(cards)
                phone.tap(phone.button("choose.confirm"))
            elif phone.button("offer.buy").count():  # nobody bid; pass it on (the offer has its own check)
                phone.tap(phone.button("offer.pass"))
            elif bid.count():
                break
            page.wait_for_timeout(50)

        at_top(page)
        row = page.get_by_role("region", name=t["row.title"], exact=True)
        slots = row.locator("ol.row > li")
        assert slots.count() == 5, "one card from each of five players"
        assert_on_screen(page, slots, "a card of the sack")
        actions = page.get_by_role("region", name=t["act.title"])
        assert_on_screen(page, actions.get_by_role("group", name=t["bid.amount"]).get_by_role("button"),
                         "a bid stepper button")
        assert_on_screen(page, bid, "the Bid button")
        passing = phone.button("pass.takes")
        if not passing.count():
            passing = phone.button("pass.nothing")
        assert_on_screen(page, passing, "the Pass button")
        assert_touch_targets(page, "auction at 360x640")
        assert page.evaluate("window.scrollY") == 0, "the checks above must not have scrolled"
        page.screenshot(path=str(shots / "auction-360.png"))
        assert not phone.errors, f"the page raised: {phone.errors}"
    finally:
        phone.close()
