"""Cat in the Sack's choice: the sticky Confirm button covers no card's label (issue 29: "SMALL DOG", "PERRO
PEQUEÑO" under the button until you scrolled), neither as the choice comes (the phone brings the hand up above
where the button rests, js/app.js showDecision) nor scrolled to the end of the hand, on a 375×667 and a 412×915
phone, in English and Spanish (the longest labels: two lines), with the first tip after the hand and without."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SHOTS as BROWSER_SHOTS
from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_accessible

pytestmark = pytest.mark.browser

SHOTS = BROWSER_SHOTS / "sticky"


def phone_of(width: int, height: int) -> dict[str, Any]:
    return {"viewport": {"width": width, "height": height}, "device_scale_factor": 2, "is_mobile": True,
            "has_touch": True}


# The boxes of every card's label in the hand to choose from and of the sticky button, in viewport coordinates.
BOXES = """() => {
    const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const hand = document.querySelector('[data-decision] .hand');
    return { labels: [...hand.querySelectorAll('.caption')].map((n) => [n.textContent, box(n)]),
             button: box(document.querySelector('[data-decision] .sticky')) }; }"""


def covered(boxes: dict[str, Any]) -> list[str]:
    """Return the labels whose box meets the button's."""
    bl, bt, br, bb = boxes["button"]
    return [text for text, (left, top, right, bottom) in boxes["labels"]
            if left < br and bl < right and top < bb and bt < bottom]


@pytest.mark.parametrize("size", [(375, 667), (412, 915)], ids=["375x667", "412x915"])
@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("es", "es-ES")])
@pytest.mark.parametrize("tip", [True, False], ids=["tip", "no-tip"])
def test_the_sticky_confirm_button_covers_no_card_label_at_the_end_of_the_hand(
        pw_browser: Any, server: Any, size: tuple[int, int], lang: str, locale: str, tip: bool) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, phone_of(*size), locale, lang, "Noa")
    page, t = phone.page, phone.t
    try:
        phone.join(server.join_url)
        for n in range(2):
            phone.button("host.add_bot").click()
            page.get_by_role("button", name=name_pattern(t["host.remove_bot"])).nth(n).wait_for()
        if not tip:
            page.get_by_role("switch", name=t["tips.menu"]).click()
        phone.button("host.start").click()
        page.get_by_role("group", name=t["choose.title"]).get_by_role("button").first.wait_for()
        assert page.locator("[data-decision] .hand .caption").count() >= 9, "the whole hand of the first round"
        page.wait_for_timeout(150)
        boxes = page.evaluate(BOXES)
        # as the choice comes (the phone brings it into view): the hand above where the button rests
        assert not covered(boxes), f"the Confirm button covers {covered(boxes)} as the choice comes"
        SHOTS.mkdir(parents=True, exist_ok=True)
        tag = f"{size[0]}x{size[1]}-{lang}-{'tip' if tip else 'no-tip'}"
        page.screenshot(path=str(SHOTS / f"choose-as-it-comes-{tag}.png"))
        page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
        page.wait_for_timeout(150)
        boxes = page.evaluate(BOXES)
        assert not covered(boxes), f"the Confirm button covers {covered(boxes)} at the end of the hand"
        # and once a card is chosen (the button names it), nothing moved under it
        page.get_by_role("group", name=t["choose.title"]).get_by_role("button").last.click()
        page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
        page.wait_for_timeout(150)
        boxes = page.evaluate(BOXES)
        assert not covered(boxes), f"the Confirm button covers {covered(boxes)} with a card chosen"
        page.screenshot(path=str(SHOTS / f"choose-end-{tag}.png"))
        assert_accessible(page, "the hand scrolled to its end")
        assert not phone.errors, phone.errors
    finally:
        phone.close()
