"""The lobby on the phone for Rat-a-Tat Cat: every option explained in one line, seats 2-6 (the start button says why
it cannot start), a switch to Cat in the Sack with 6 seats, and the options set on the page reaching the server."""

from __future__ import annotations

import queue
import time
from typing import Any

import pytest

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets
from tests.browser.rat import SHOTS

pytestmark = pytest.mark.browser

WAIT_S = 20  # a safety net (a loaded CI machine), not a speed assertion
RAT_OPTIONS = ("turn_timer", "pace", "end", "rounds", "minutes", "limit", "kids")  # the table's, then the game's


def _server_options(server: Any, wanted: dict[str, Any]) -> dict[str, Any]:
    """Wait until the table's options the server sends out (the TV's updates) hold `wanted`; return them."""
    deadline = time.monotonic() + WAIT_S
    options: dict[str, Any] = {}
    while not wanted.items() <= options.items():
        assert time.monotonic() < deadline, f"the server's table.options {options} never held {wanted}"
        try:
            options = server.updates.get(timeout=0.2)["table"]["options"]
        except queue.Empty:
            pass
    return options


def _start_hint(phone: Phone) -> str:
    """Return why the start button cannot start ("" when it can): the text it is described by."""
    start = phone.button("host.start")
    hint = start.get_attribute("aria-describedby")
    return phone.page.locator(f"#{hint}").inner_text() if hint else ""


def _explained(phone: Phone, seen: set[str]) -> None:
    """Check that each option shown has its one-line explanation, tied to its control; add the names to `seen`."""
    page, t = phone.page, phone.t
    blocks = page.locator(".host-panel .option")
    for i in range(blocks.count()):
        block = blocks.nth(i)
        hint = block.locator(".opt-hint")
        assert hint.count() == 1, f"option #{i} has no explanation: {block.inner_text()}"
        name = next(n for n in RAT_OPTIONS if hint.inner_text() == t[f"opt.{n}.hint"])
        assert "\n" not in hint.inner_text() and hint.inner_text().count(". ") == 0, f"one line, one sentence: {name}"
        controls = block.locator("input, select, [role=group]")
        told = [controls.nth(k).get_attribute("aria-describedby") for k in range(controls.count())]
        assert told and set(told) == {hint.get_attribute("id")}, f"{name}: each control is described by it: {told}"
        seen.add(name)


def test_the_lobby_sets_up_rat_a_tat_cat_from_the_phone(pw_browser: Any, server: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    page, t = ana.page, ana.t
    page.set_default_timeout(WAIT_S * 1000)
    games = page.get_by_role("group", name=t["lobby.game"])
    try:
        ana.join(server.join_url)
        games.get_by_role("button", name=t["game.rat-a-tat-cat"]).click()
        page.get_by_text(t["lobby.players"].format(min=2, max=6), exact=True).wait_for()
        # One seat is one too few; the start button says so.
        assert ana.button("host.start").is_disabled()
        assert _start_hint(ana) == t["lobby.need_more"].replace("{n}", "1")

        # Every option, in each way the game can end, has its explanation.
        seen: set[str] = set()
        end = page.get_by_role("group", name=t["opt.end"])
        for mode in ("time", "elimination", "rounds"):
            end.get_by_role("button", name=t[f"opt.end.{mode}"]).click()
            page.wait_for_function("(text) => [...document.querySelectorAll('button[aria-pressed=true]')]"
                                   ".some((b) => b.textContent.endsWith(text))", arg=t[f"opt.end.{mode}"])
            _explained(ana, seen)
            page.screenshot(path=str(SHOTS / f"lobby-end-{mode}.png"), full_page=True, scale="css")
        assert seen == set(RAT_OPTIONS), f"explained: {sorted(seen)}"
        # Rounds offers no preset values: its number field is named by the option, not "another value".
        assert page.get_by_role("spinbutton", name=t["opt.rounds"], exact=True).count() == 1
        assert page.get_by_text(t["opt.other"].replace("{name}", t["opt.rounds"])).count() == 0

        # Six seats: the most this game takes; it can start, no more bots.
        remove = page.get_by_role("button", name=name_pattern(t["host.remove_bot"]))
        for n in range(5):
            ana.button("host.add_bot").click()
            remove.nth(n).wait_for()
        assert ana.button("host.start").is_enabled() and _start_hint(ana) == ""
        assert ana.button("host.add_bot").is_disabled()
        assert_touch_targets(page, "lobby with 6 seats")
        assert_accessible(page, "lobby with 6 seats")

        # Cat in the Sack takes at most 5: the seats stay, the start button says why it cannot start.
        games.get_by_role("button", name=t["game.cat-in-the-sack"]).click()
        page.get_by_text(t["lobby.players"].format(min=3, max=5), exact=True).wait_for()
        assert ana.button("host.start").is_disabled()
        assert _start_hint(ana) == t["lobby.too_many"].replace("{max}", "5") == "At most 5 players."
        assert page.locator("ol.seats > li").count() == 6
        page.screenshot(path=str(SHOTS / "lobby-sack-6-seats.png"), full_page=True, scale="css")
        assert_accessible(page, "lobby: too many for the game")
        remove.last.click()
        page.wait_for_function("() => !document.querySelector('#start-hint')")
        assert ana.button("host.start").is_enabled(), "five seats suit Cat in the Sack"

        # Back to Rat-a-Tat Cat, six seats again; the younger players' variant and elimination at 150, set on the page.
        games.get_by_role("button", name=t["game.rat-a-tat-cat"]).click()
        page.get_by_text(t["lobby.players"].format(min=2, max=6), exact=True).wait_for()
        ana.button("host.add_bot").click()
        remove.nth(4).wait_for()
        page.get_by_role("switch", name=t["opt.kids"]).check()
        end.get_by_role("button", name=t["opt.end.elimination"]).click()
        limit = page.get_by_label(t["opt.other"].replace("{name}", t["opt.limit"]))
        limit.fill("150")
        limit.dispatch_event("change")
        options = _server_options(server, {"kids": True, "end": "elimination", "limit": 150})
        assert page.get_by_role("switch", name=t["opt.kids"]).is_checked()
        page.screenshot(path=str(SHOTS / "lobby-rat-set.png"), full_page=True, scale="css")

        # They reach the game: elimination at 150, and with the kids variant every line's cards 1 and 4 lie face
        # up from the start (nothing to memorise).
        ana.button("host.start").click()
        page.get_by_role("list", name=t["rt.line.mine"]).wait_for()
        view = None
        deadline = time.monotonic() + WAIT_S
        while not (view and view.get("game") == "rat-a-tat-cat"):
            assert time.monotonic() < deadline, "the game never started"
            view = server.updates.get(timeout=WAIT_S).get("view")
        assert view["end"] == {"mode": "elimination", "limit": 150} and view["kids"] is True, (view["end"], options)
        up = page.locator(".pcard:not(.back)")
        page.wait_for_function("() => document.querySelectorAll('.line4 .pcard:not(.back)').length === 12")
        assert up.count() == 12 and ana.button("rt.look.done").count() == 0, "cards 1 and 4 of six lines face up"
        assert not ana.errors, f"the page raised: {ana.errors}"
    finally:
        ana.close()
