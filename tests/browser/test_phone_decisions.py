"""When a decision starts, the phone shows what it is about: the sack and the moves, under the sticky top bar."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import name_pattern
from tests.browser.phones import CLICK_MS, Phone, assert_on_screen

pytestmark = pytest.mark.browser

WAIT_S = 60  # a safety net against a stuck game, not a speed assertion
# Scroll to the bottom only while no choice is on the page, in one step of the page's own thread:
# if the next round's update came first, the phone already brought it into view and scrolling
# down now would only undo that (the test, not the phone, would be wrong).
TO_BOTTOM_UNLESS_CHOOSING = """() => {
  if (document.querySelector('.hand.big[role=group] button')) return false;
  window.scrollTo(0, document.documentElement.scrollHeight);
  return true;
}"""

# A new tip (js/tips.js) after the hand: wholly in view, or brought up until the first card is just under the top bar.
TIP_UP = """() => {
  const tip = document.querySelector('.tip:not(.gone)').getBoundingClientRect();
  const first = document.querySelector('[data-moves]').getBoundingClientRect();
  const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
  return first.top >= bar && (tip.bottom <= innerHeight || first.top <= bar + 9);
}"""


def _sack_and_moves_on_screen(phone: Phone, moves: list[Any], where: str) -> None:
    page = phone.page
    row = page.get_by_role("region", name=phone.t["row.title"], exact=True)
    assert_on_screen(page, row.get_by_role("heading", name=phone.t["row.title"], exact=True), f"{where}: the sack's title")
    assert_on_screen(page, row.locator("ol.row > li"), f"{where}: a card of the sack")
    for locator in moves:
        assert_on_screen(page, locator, f"{where}: a move")


@pytest.mark.parametrize("device", ["Pixel 7", "iPhone 13"])
def test_a_new_decision_comes_into_view_after_scrolling_down_the_hand(pw_browser: Any, server: Any, shots: Path,
                                                                      device: str) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, device, "en-GB", "en", "Ana")
    page, t = phone.page, phone.t
    tag = device.replace(" ", "-").lower()
    try:
        phone.join(server.join_url)
        for n in (1, 2):
            phone.button("host.add_bot").click()
            page.get_by_role("button", name=name_pattern(t["host.remove_bot"])).nth(n - 1).wait_for()
        phone.button("host.start").click()

        checked: set[str] = set()
        scrolled_away = False  # scrolled down after my last move, before the next round began
        deadline = time.monotonic() + WAIT_S
        while not {"auction", "choice"} <= checked:
            assert time.monotonic() < deadline, f"never reached every decision; checked {checked}"
            assert phone.screen() != "over", f"the game ended first; checked {checked}"
            cards = page.get_by_role("group", name=t["choose.title"]).get_by_role("button")
            bid, buy = phone.button("bid.button"), phone.button("offer.buy")
            passing = phone.button("pass.takes").or_(phone.button("pass.nothing"))
            if cards.count():
                if "auction" in checked and "choice" not in checked and scrolled_away:
                    # A new round after I scrolled to the bottom: the hand to choose from is back in view, with
                    # its title, or, when a new tip came with it (js/app.js brings it up: issue 29), with the tip.
                    if page.locator(".tip:not(.gone)").count():
                        # the tip wholly seen, or as far up as the first card under the top bar lets it come
                        assert page.evaluate(TIP_UP), "the new tip after the hand was not brought up"
                    else:
                        assert_on_screen(page, page.get_by_role("heading", name=t["choose.title"]), "the choice's title")
                    assert_on_screen(page, cards.first, "the first card to choose")
                    page.screenshot(path=str(shots / f"choice-in-view-{tag}.png"))
                    checked.add("choice")
                    continue
                # The last card is in the hand's last row: a player scrolls down to tap it.
                try:
                    cards.last.scroll_into_view_if_needed(timeout=CLICK_MS)
                except PlaywrightError:  # re-rendered by an update meanwhile: look again
                    continue
                assert page.evaluate("window.scrollY") > 0, "the hand's last card must need scrolling"
                if phone.tap(cards.last):
                    phone.tap(phone.button("choose.confirm"))
            elif buy.count():
                _sack_and_moves_on_screen(phone, [buy, phone.button("offer.pass")], f"{device}, the offer")
                checked.add("offer")
                phone.tap(phone.button("offer.pass"))
                scrolled_away = page.evaluate(TO_BOTTOM_UNLESS_CHOOSING)
            elif bid.count() or passing.count():
                if bid.count() and "auction" not in checked:
                    _sack_and_moves_on_screen(phone, [bid, passing], f"{device}, my auction turn")
                    page.screenshot(path=str(shots / f"auction-in-view-{tag}.png"))
                    checked.add("auction")
                phone.tap(passing)
                # and wait for the next decision at the bottom of the page (the log)
                scrolled_away = page.evaluate(TO_BOTTOM_UNLESS_CHOOSING)
            page.wait_for_timeout(50)
        assert not phone.errors, f"the page raised: {phone.errors}"
    finally:
        phone.close()
