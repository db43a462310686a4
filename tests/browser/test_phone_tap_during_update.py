"""A tap is never lost to an update: when another player's move arrives while my finger is on a button,
the phone does not rebuild the screen under it (a press on the old button and a release on the new one
would be no click at all), so the tap goes through."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone

pytestmark = pytest.mark.browser

WAIT_S = 20  # a safety net (a loaded CI machine), not a speed assertion


def _pick_a_card(phone: Phone) -> None:
    cards = phone.page.get_by_role("group", name=phone.t["choose.title"]).get_by_role("button")
    cards.first.wait_for()
    cards.first.click()


def _seat_of(frames: list[str]) -> int | None:
    for f in frames:
        you = json.loads(f).get("you")
        if isinstance(you, dict) and isinstance(you.get("seat"), int):
            return you["seat"]
    return None


def _chose(frame: str, seat: int | None) -> bool:
    events = json.loads(frame).get("events") or []
    return any(isinstance(e, dict) and e.get("type") == "card_chosen" and e.get("seat") == seat for e in events)


def test_a_tap_held_while_an_update_arrives_still_counts(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    bea = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Bea")
    frames: list[str] = []  # what Ana's socket receives
    beas: list[str] = []
    ana.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    bea.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: beas.append(str(payload))))
    try:
        ana.join(server.join_url)
        bea.join(server.join_url)
        ana.page.get_by_role("listitem").filter(has_text="Bea").wait_for()
        ana.button("host.add_bot").click()
        ana.page.get_by_role("button", name=name_pattern(ana.t["host.remove_bot"])).wait_for()
        ana.button("host.start").click()
        _pick_a_card(ana)
        _pick_a_card(bea)
        confirm = ana.button("choose.confirm")
        confirm.wait_for()
        # Ana's finger goes down on "Put it in the sack" ...
        box = confirm.bounding_box()
        assert box is not None
        ana.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        ana.page.mouse.down()
        # ... Bea's choice reaches Ana's phone meanwhile (a new public view: Bea has chosen) ...
        seen, bea_seat = len(frames), _seat_of(beas)
        assert bea_seat is not None
        bea.button("choose.confirm").click()
        deadline = time.monotonic() + WAIT_S
        while not any(_chose(f, bea_seat) for f in frames[seen:]):
            assert time.monotonic() < deadline, "Bea's choice never reached Ana's phone"
            ana.page.wait_for_timeout(20)
        ana.page.wait_for_timeout(200)  # the page has handled the update
        # ... and the finger comes up: the tap counts.
        ana.page.mouse.up()
        log = ana.page.locator(".log-lines li")
        log.filter(has_text=name_pattern(ana.t["ev.my_card"])).wait_for(timeout=WAIT_S * 1000)
        # The updates held back during the press are shown after it: with the bot's card, every card is in
        # the row (the screen is not left behind).
        log.filter(has_text=ana.t["ev.row_laid"]).wait_for(timeout=WAIT_S * 1000)
        assert not ana.errors and not bea.errors
    finally:
        ana.close()
        bea.close()
