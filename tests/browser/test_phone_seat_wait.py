"""A sixth friend at a five-seat game waits on the phone, told why in its own language, and gets a seat when
the host picks a game for six."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.phones import Phone, assert_accessible, assert_touch_targets

pytestmark = pytest.mark.browser

WAIT_S = 20  # a safety net (a loaded CI machine), not a speed assertion


def test_a_sixth_phone_waits_in_its_language_and_takes_the_seat_when_the_host_picks_six(
        pw_browser: Any, server: Any, shots: Any) -> None:
    pw, browser = pw_browser
    friends = [Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana"), Phone(pw, browser, "Pixel 7", "es-ES", "es", "Bea"),
               Phone(pw, browser, "Pixel 7", "fr-FR", "fr", "Chloé"), Phone(pw, browser, "Pixel 7", "en-GB", "en", "Dan"),
               Phone(pw, browser, "Pixel 7", "es-ES", "es", "Eva")]
    zsofi = Phone(pw, browser, "Pixel 7", "hu-HU", "hu", "Zsófi")
    ana, chloe = friends[0], friends[2]
    try:
        for phone in friends + [zsofi]:
            phone.page.set_default_timeout(WAIT_S * 1000)
            phone.join(server.join_url)
        page, t = zsofi.page, zsofi.t
        # Cat in the Sack seats five: the sixth waits, and its phone says why (in Hungarian) and what would help.
        wait = page.locator("#seat-wait")
        wait.get_by_text(t["lobby.full_wait"], exact=True).wait_for()
        assert t["lobby.full_wait"].startswith("Ehhez a játékhoz megtelt az asztal")
        assert page.get_by_text(t["lobby.waiting_host"]).count() == 0, "it is not waiting for the host to start"
        assert page.locator("ol.seats > li").count() == 5
        assert page.locator("#waiting-list").inner_text() == t["lobby.waiting"].replace("{names}", "Zsófi")
        assert zsofi.button("host.start").count() == 0
        page.screenshot(path=str(shots / "lobby-waiting-for-a-seat-hu.png"), full_page=True, scale="css")
        assert_touch_targets(page, "lobby: waiting for a seat")
        assert_accessible(page, "lobby: waiting for a seat")
        # Everyone's lobby names who waits, each in its own language; a seated phone is not told it waits.
        for phone in (ana, chloe):
            phone.page.get_by_text(phone.t["lobby.waiting"].replace("{names}", "Zsófi"), exact=True).wait_for()
            assert phone.page.locator("#seat-wait").count() == 0
        assert "{names}" in chloe.t["lobby.waiting"] and chloe.t["lobby.waiting"] != ana.t["lobby.waiting"]

        # The host picks Rat-a-Tat Cat (six seats): the waiting phone becomes the sixth seat.
        ana.page.get_by_role("group", name=ana.t["lobby.game"]).get_by_role(
            "button", name=ana.t["game.rat-a-tat-cat"]).click()
        page.get_by_text(t["lobby.waiting_host"]).wait_for()
        assert wait.count() == 0 and page.locator("#waiting-list").count() == 0
        seats = page.locator("ol.seats > li")
        assert seats.count() == 6 and "Zsófi" in seats.nth(5).inner_text()
        ana.page.wait_for_function("() => !document.querySelector('#waiting-list')"
                                   " && document.querySelectorAll('ol.seats > li').length === 6")
        assert ana.button("host.start").is_enabled()
        ana.button("host.start").click()
        page.wait_for_function("() => document.querySelector('#screen').dataset.screen === 'game'")
        assert page.get_by_text(t["watch.note"]).count() == 0, "it plays: it is not told it watches"
        for phone in friends + [zsofi]:
            assert not phone.errors, f"{phone.name}'s page raised: {phone.errors}"
    finally:
        for phone in friends + [zsofi]:
            phone.close()
