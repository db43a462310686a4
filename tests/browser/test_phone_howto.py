"""The host's phone lobby offers "How to play" for a game with a how-to; a tap asks the TV to play it."""

from __future__ import annotations

import queue
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.phones import Phone, assert_accessible, assert_touch_targets
from tests.browser.test_phone_lobby import PRETEND, pretend_game  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


def _tv_sees_how_to(server: Any, count: int, seconds: float = 5.0) -> bool:
    """Return True once a public update (what the TV gets) says the host asked `count` times."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            update = server.updates.get(timeout=0.1)
        except queue.Empty:
            continue
        if (update.get("table") or {}).get("how_to") == count:
            return True
    return False


def test_the_host_asks_the_tv_for_the_how_to_and_a_game_without_one_has_no_button(
        pw_browser: Any, pretend_game: None, server: Any, shots: Path) -> None:  # noqa: F811
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    bob = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Bob")
    try:
        ana.join(server.join_url)
        bob.join(server.join_url)
        how = ana.button("howto.button")
        how.wait_for()
        assert bob.page.get_by_role("button", name=bob.t["howto.button"]).count() == 0, "only the host asks"
        ana.page.screenshot(path=str(shots / "lobby-how-to-button.png"), full_page=True)
        assert_touch_targets(ana.page, "host lobby with How to play")
        assert_accessible(ana.page, "host lobby with How to play")
        how.click()
        assert _tv_sees_how_to(server, 1), "the tap reaches the TV as table.how_to"
        # the made-up game has no how-to: no button
        ana.page.get_by_role("group", name=ana.t["lobby.game"]).get_by_role("button", name=PRETEND).click()
        ana.page.wait_for_function("() => !document.querySelector('#how-to')")
        assert not ana.errors and not bob.errors, f"the page raised: {ana.errors + bob.errors}"
    finally:
        ana.close()
        bob.close()
