"""Bot levels on the phone: the host picks easy / normal / hard for each bot seat in the lobby, the level
reaches the server, and every phone shows it on the seat, in its own language."""

from __future__ import annotations

import queue
import time
from typing import Any

import pytest

from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets
from tests.browser.test_phone_rat_small import SMALL_PHONE

pytestmark = pytest.mark.browser

WAIT_S = 20  # a safety net (a loaded CI machine), not a speed assertion


def _server_levels(server: Any, wanted: list[str | None]) -> list[str | None]:
    """Wait until the seats' levels in the server's updates (the TV's) are `wanted`; return them."""
    deadline = time.monotonic() + WAIT_S
    got: list[str | None] = []
    while got != wanted:
        assert time.monotonic() < deadline, f"the server's seat levels {got} never became {wanted}"
        try:
            got = [s["level"] for s in server.updates.get(timeout=0.2)["table"]["seats"]]
        except queue.Empty:
            pass
    return got


def test_the_host_picks_each_bots_level_and_every_phone_shows_it(pw_browser: Any, server: Any, shots: Any) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, SMALL_PHONE, "en-GB", "en", "Ana")
    bea = Phone(pw, browser, "Pixel 7", "fr-FR", "fr", "Béa")
    try:
        ana.join(server.join_url)
        bea.join(server.join_url)
        page, t = ana.page, ana.t
        page.set_default_timeout(WAIT_S * 1000)
        levels = page.get_by_role("combobox", name=name_pattern(t["host.bot_level"]))
        for n in range(2):
            ana.button("host.add_bot").click()
            levels.nth(n).wait_for()
        _server_levels(server, [None, None, "normal", "normal"])
        assert [levels.nth(i).input_value() for i in range(2)] == ["normal", "normal"]
        offered = levels.first.locator("option").all_inner_texts()
        assert offered[:2] == [t["level.easy"], t["level.normal"]]  # weakest first, as the game offers them
        levels.first.select_option("easy")
        _server_levels(server, [None, None, "easy", "normal"])
        # Béa (not the host) has no chooser; her phone says which level each bot plays, in French
        fr = bea.t
        easy_tag = fr["seat.bot_level"].replace("{level}", fr["level.easy"])
        normal_tag = fr["seat.bot_level"].replace("{level}", fr["level.normal"])
        bea.page.get_by_text(easy_tag, exact=True).wait_for(timeout=WAIT_S * 1000)
        assert bea.page.get_by_text(normal_tag, exact=True).count() == 1
        assert bea.page.get_by_role("combobox", name=name_pattern(fr["host.bot_level"])).count() == 0
        # the levels stay when the host switches games
        page.get_by_role("group", name=t["lobby.game"]).get_by_role("button", name=t["game.rat-a-tat-cat"]).click()
        page.get_by_text(t["lobby.players"].format(min=2, max=6), exact=True).wait_for()
        page.wait_for_function("() => document.querySelectorAll('select.level-select').length === 2")
        assert [levels.nth(i).input_value() for i in range(2)] == ["easy", "normal"]
        page.screenshot(path=str(shots / "phone-lobby-bot-levels-360.png"), full_page=True, scale="css")
        assert_touch_targets(page, "lobby with bot levels at 360 px")
        assert_accessible(page, "lobby with bot levels")
        assert_accessible(bea.page, "lobby with bot levels, not the host")
        assert not ana.errors and not bea.errors, (ana.errors, bea.errors)
    finally:
        ana.close()
        bea.close()
