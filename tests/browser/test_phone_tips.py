"""The phone's tips in a real browser: shown beside the controls in the player's language, read out politely,
never moving a control, "Got it" and "No more tips", and the top bar's switch (issue 24)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SHOTS as BROWSER_SHOTS
from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets
from tests.browser.rat import open_rat_table

pytestmark = pytest.mark.browser

SHOTS = BROWSER_SHOTS / "tips"  # a phone showing a tip of each game
DEADLINE_S = 60  # a safety net against a hung game, not a speed assertion

# Every visible control's box, in page coordinates (a scroll does not count as a move).
CONTROL_BOXES = """() => [...document.querySelectorAll('#screen button, #screen select, #screen input')]
    .filter((n) => n.checkVisibility() && !n.closest('.tip'))
    .map((n) => { const r = n.getBoundingClientRect();
                  return [n.textContent.trim() || n.getAttribute('aria-label'), Math.round(r.x), Math.round(r.y + scrollY),
                          Math.round(r.width), Math.round(r.height)]; })"""


# How far the tip's top lies below the bottom of the decision and its moves (never above them: it pushes none).
TIP_GAP = """() => { const tip = document.querySelector('.tip').getBoundingClientRect();
    const ends = [...document.querySelectorAll('[data-decision], [data-moves]')]
        .map((n) => (n.closest('section') || n).getBoundingClientRect().bottom);
    return tip.top - Math.max(...ends); }"""


def _under_the_moves(phone: Phone) -> None:
    assert phone.page.evaluate(TIP_GAP) >= 0, "the tip must come after the controls, never push them"


def _shot(phone: Phone, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    box = phone.page.locator(".tip").bounding_box()
    assert box, "no tip to show"
    # the tip and the controls above it in one picture, as the player sees them
    size = phone.page.viewport_size
    phone.page.evaluate("(y) => window.scrollTo(0, Math.max(0, scrollY + y))", box["y"] + box["height"] + 16 - size["height"])
    phone.page.wait_for_timeout(150)
    phone.page.screenshot(path=str(SHOTS / f"{name}.png"))


def _tip(phone: Phone, kind: str) -> Any:
    tip = phone.page.locator(f'.tip[data-tip="{kind}"]:not(.gone)')
    tip.wait_for(timeout=DEADLINE_S * 1000)
    return tip


def _controls(phone: Phone) -> list[Any]:
    return phone.page.evaluate(CONTROL_BOXES)


def _play_until_tip(phone: Phone, kind: str) -> None:
    """Play on (choose a card, refuse an offer) until the phone shows the tip `kind`."""
    t = phone.t
    deadline = time.monotonic() + DEADLINE_S
    while not phone.page.locator(f'.tip[data-tip="{kind}"]').count():
        assert time.monotonic() < deadline, f"the {kind} tip never came"
        if phone.page.locator('.tip[data-tip="offer"]').count() or phone.button("offer.pass").count():
            phone.tap(phone.button("offer.pass"))
        cards = phone.page.get_by_role("group", name=t["choose.title"]).get_by_role("button")
        if cards.count() and phone.tap(cards):
            phone.tap(phone.button("choose.confirm"))
        phone.page.wait_for_timeout(50)


def _new_phone(pw: Any, browser: Any, locale: str, lang: str, name: str) -> Phone:
    return Phone(pw, browser, "Pixel 7", locale, lang, name)


def test_a_spanish_phone_explains_the_choice_then_the_bid_then_what_passing_pays(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    lucia = _new_phone(pw, browser, "es-ES", "es", "Lucía")
    t = lucia.t
    try:
        lucia.join(server.join_url)
        switch = lucia.page.get_by_role("switch", name=t["tips.menu"])
        expect(switch).to_have_attribute("aria-checked", "true")  # a name new to the game: tips on
        for n in range(2):
            lucia.button("host.add_bot").click()
            lucia.page.get_by_role("button", name=name_pattern(t["host.remove_bot"])).nth(n).wait_for()
        lucia.button("host.start").click()

        # the choice: the tip sits under the cards and Confirm, in Spanish, as a polite status
        tip = _tip(lucia, "choose")
        expect(tip).to_have_attribute("role", "status")
        expect(tip.locator(".tip-words")).to_have_text(t["tip.choose"])
        expect(tip.get_by_role("button", name=t["tips.got_it"])).to_be_visible()
        _under_the_moves(lucia)
        assert_accessible(lucia.page, "a tip on the choice")
        assert_touch_targets(lucia.page, "a tip on the choice")
        _shot(lucia, "cat-in-the-sack-choose-es")
        before = _controls(lucia)
        tip.get_by_role("button", name=t["tips.got_it"]).click()
        expect(lucia.page.locator(".tip:not(.gone)")).to_have_count(0)
        assert _controls(lucia) == before, "Got it moved a control"

        lucia.page.get_by_role("group", name=t["choose.title"]).get_by_role("button").first.click()
        lucia.button("choose.confirm").click()

        # the first auction turn with a bid to make: the bid (the bots may end a round before her turn: the
        # next round's); then, the next turn, what passing pays now
        _play_until_tip(lucia, "bid")
        tip = _tip(lucia, "bid")
        expect(tip.locator(".tip-words")).to_have_text(t["tip.bid"])
        _under_the_moves(lucia)
        assert_accessible(lucia.page, "a tip on the bid")
        lucia.button("bid.button").click()
        _play_until_tip(lucia, "pass")
        tip = _tip(lucia, "pass")
        pays = lucia.page.get_by_role("button", name=name_pattern(t["pass.takes"])).text_content()
        mice = "".join(ch for ch in pays if ch.isdigit())
        expect(tip.locator(".tip-words")).to_have_text(t["tip.pass"].replace("{takes}", mice))
        assert_accessible(lucia.page, "a tip on passing")
        _shot(lucia, "cat-in-the-sack-pass-es")

        # No more tips: the box keeps its place, unseen; the switch turns off and the screen reader hears how to
        # turn tips on again
        before = _controls(lucia)
        tip.get_by_role("button", name=t["tips.off"]).click()
        expect(switch).to_have_attribute("aria-checked", "false")
        expect(lucia.page.locator("#live")).to_have_text(t["tips.now_off"])
        expect(lucia.page.locator(".tip:not(.gone)")).to_have_count(0)
        assert _controls(lucia) == before, "No more tips moved a control"
        # ...and it survives a reload (the seat resumes with its token)
        lucia.page.reload()
        lucia.page.locator("#screen[data-screen=game]").wait_for()
        expect(lucia.page.get_by_role("switch", name=t["tips.menu"])).to_have_attribute("aria-checked", "false")
        expect(lucia.page.locator(".tip")).to_have_count(0)
        lucia.page.get_by_role("switch", name=t["tips.menu"]).click()  # the menu's switch turns them on again
        expect(lucia.page.get_by_role("switch", name=t["tips.menu"])).to_have_attribute("aria-checked", "true")
        assert not lucia.errors, lucia.errors
    finally:
        lucia.close()


def test_rat_a_tat_cat_explains_the_look_and_the_first_draw_and_the_controls_stay_put(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    ana = _new_phone(pw, browser, "en-GB", "en", "Ana")
    t = ana.t
    try:
        ana.join(server.join_url)
        open_rat_table(ana, rounds=1, bots=1)
        ana.button("host.start").click()
        tip = _tip(ana, "look")
        expect(tip.locator(".tip-words")).to_have_text(t["tip.look"])
        assert_accessible(ana.page, "a tip on the look")
        _shot(ana, "rat-a-tat-cat-look-en")
        before = _controls(ana)
        tip.get_by_role("button", name=t["tips.got_it"]).click()
        expect(ana.page.locator(".tip:not(.gone)")).to_have_count(0)
        assert _controls(ana) == before, "Got it moved a control"
        ana.button("rt.look.done").click()
        tip = _tip(ana, "draw")
        expect(tip.locator(".tip-words")).to_have_text(t["tip.draw"])
        _under_the_moves(ana)
        assert_accessible(ana.page, "a tip on the draw")
        _shot(ana, "rat-a-tat-cat-draw-en")
        assert not ana.errors, ana.errors
    finally:
        ana.close()


# Whether the box of `sel` lies wholly in the viewport, under the sticky top bar (and the banner when it shows).
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    const bar = document.getElementById('banner').hidden ? document.querySelector('.topbar')
        : document.getElementById('banner');
    return [Math.round(r.top - bar.getBoundingClientRect().bottom), Math.round(innerHeight - r.bottom)]; }"""
# Every visible control's box on screen (viewport coordinates: what is under a finger).
SCREEN_BOXES = CONTROL_BOXES.replace("r.y + scrollY", "r.y")


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("es", "es-ES")])
def test_the_first_tip_of_a_game_comes_into_view_on_a_pixel_7_and_no_control_moves(
        pw_browser: Any, server: Any, lang: str, locale: str) -> None:
    pw, browser = pw_browser
    phone = _new_phone(pw, browser, locale, lang, "Noa")
    t = phone.t
    try:
        phone.join(server.join_url)
        for n in range(2):
            phone.button("host.add_bot").click()
            phone.page.get_by_role("button", name=name_pattern(t["host.remove_bot"])).nth(n).wait_for()
        phone.button("host.start").click()
        _tip(phone, "choose")
        came = (_controls(phone), phone.page.evaluate(SCREEN_BOXES))
        above, below = phone.page.evaluate(IN_VIEW, '.tip:not(.gone)')
        assert above >= 0 and below >= 0, f"the first tip is out of view ({above} px above, {below} px below)"
        above, _ = phone.page.evaluate(IN_VIEW, "[data-moves]")
        assert above >= 0, "the decision's first moves went up under the top bar"
        _under_the_moves(phone)
        phone.page.wait_for_timeout(400)  # its words come a moment after the box (the live region): no jump then
        assert (_controls(phone), phone.page.evaluate(SCREEN_BOXES)) == came, "a control moved after the tip came"
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.page.screenshot(path=str(SHOTS / f"first-tip-in-view-pixel-7-{lang}.png"))
        assert_accessible(phone.page, "the first tip brought into view")
        assert not phone.errors, phone.errors
    finally:
        phone.close()
