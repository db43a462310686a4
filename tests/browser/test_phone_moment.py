"""A table's moment (update.moment: here Cat in the Sack's sack won) in short form on a phone and the watch page:
a line over the top bar while it plays, clear of every control of the page, gone when the table moves on (issue 28)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.browser.conftest import running_server
from tests.browser.phones import Phone

pytestmark = pytest.mark.browser

WAIT_S = 90  # a safety net against a stuck game, not a speed assertion


@pytest.fixture
def paced_server(tmp_path: Path) -> Iterator[Any]:
    """The real server with bots that take 0.05 s and moments at 0.4 of their length (a sack's is 2–3 s)."""
    yield from running_server(tmp_path, bot_delay=0.05, moment_scale=0.4)


def _quick_move(phone: Phone) -> bool:
    """Make the quickest move the screen offers (the first card, pass); return whether it moved."""
    cards = phone.page.get_by_role("group", name=phone.t["choose.title"]).get_by_role("button")
    if cards.count():
        return phone.tap(cards) and phone.tap(phone.button("choose.confirm"))
    for key in ("offer.pass", "pass.takes", "pass.nothing"):
        if phone.button(key).count():
            return phone.tap(phone.button(key))
    return False


def _strip(phone: Phone) -> Any:
    return phone.page.locator("#moment")


def test_a_moment_shows_in_one_line_on_the_phone_and_the_watch_page_clear_of_the_controls(
        pw_browser: Any, paced_server: Any) -> None:
    pw, browser = pw_browser
    server = paced_server
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    watcher = Phone(pw, browser, "iPhone 13", "es-ES", "es", "")
    try:
        ana.join(server.join_url)
        watcher.page.goto(f"http://127.0.0.1:{server.port}/watch?k={server.join_code}")
        watcher.page.get_by_role("heading", name=watcher.t["lobby.title"]).wait_for()
        for _ in range(2):
            ana.button("host.add_bot").click()
            ana.page.wait_for_timeout(100)
        ana.page.get_by_role("listitem").nth(2).wait_for()
        ana.button("host.start").click()
        deadline = time.monotonic() + WAIT_S
        while not _strip(ana).is_visible():  # play until the first sack is won (or a round voided)
            assert time.monotonic() < deadline, "no moment came"
            if ana.screen() != "game" or not _quick_move(ana):
                ana.page.wait_for_timeout(40)
        for phone in (ana, watcher):
            strip = _strip(phone)
            strip.wait_for(state="visible", timeout=3000)
            line = strip.inner_text().strip()
            assert line and "{" not in line, line
            bar = phone.page.locator(".topbar").bounding_box()
            assert bar is not None and strip.bounding_box()["height"] <= bar["height"] + 12  # (its safe-area inset)
            assert strip.evaluate("(s) => s.scrollHeight <= s.clientHeight + 1"), f"{phone.lang}: the line is cut: {line}"
            assert strip.get_attribute("role") == "status"
            box = strip.bounding_box()
            assert box is not None
            for button in phone.page.get_by_role("button").all():  # no control under it: it is not in their flow
                other = button.bounding_box() if button.is_visible() else None
                if other is None:
                    continue
                apart = (other["x"] + other["width"] <= box["x"] or box["x"] + box["width"] <= other["x"]
                         or other["y"] + other["height"] <= box["y"] or box["y"] + box["height"] <= other["y"])
                assert apart or button.evaluate("(b) => !!b.closest('.topbar')"), \
                    f"{phone.lang}: the moment covers {button.inner_text()!r}"
        ana.page.screenshot(path=str(ana_shot := Path("artifacts/screenshots/phone/moment-en.png")))
        watcher.page.screenshot(path=str(Path("artifacts/screenshots/phone/moment-watch-es.png")))
        assert ana_shot.is_file()
        # the table moves on: the line goes (the whole moment is at most a few seconds at this scale)
        _strip(ana).wait_for(state="hidden", timeout=15_000)
        _strip(watcher).wait_for(state="hidden", timeout=15_000)
    finally:
        ana.close()
        watcher.close()
