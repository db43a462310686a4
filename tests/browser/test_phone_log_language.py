"""A change of language tells the log again: no line stays in the language it was first told in, on the phone
and on the watch page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import load_locale, name_pattern, running_server
from tests.browser.phones import Phone

pytestmark = pytest.mark.browser

WAIT_MS = 20000  # a safety net (a loaded CI machine), not a speed assertion
# Bots that take their time: the log holds still while the language changes. With fast bots, their passes and
# the cards they turn up could push my own line out of the phone's last lines before the test reads them.
BOT_DELAY = 2.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Any]:
    yield from running_server(tmp_path, bot_delay=BOT_DELAY)


def _lines(page: Any) -> list[str]:
    return page.locator(".log-lines li").all_inner_texts()


def _switch(page: Any, lang: str) -> None:
    page.locator("#lang").select_option(lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def test_the_log_is_told_again_in_the_new_language(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    watcher = Phone(pw, browser, "Pixel 7", "en-GB", "en", "")
    en, hu = load_locale("en"), load_locale("hu")
    try:
        ana.join(server.join_url)
        watcher.page.goto(f"http://127.0.0.1:{server.port}/watch?k={server.join_code}")
        page = ana.page
        page.set_default_timeout(WAIT_MS)
        for _ in range(2):
            ana.button("host.add_bot").click()
        page.get_by_role("button", name=name_pattern(en["host.remove_bot"])).nth(1).wait_for()
        ana.button("host.start").click()
        choices = page.get_by_role("group", name=en["choose.title"]).get_by_role("button")
        choices.first.wait_for()
        choices.first.click()
        ana.button("choose.confirm").click()
        mine_en, mine_hu = name_pattern(en["ev.my_card"]), name_pattern(hu["ev.my_card"])
        page.wait_for_function("() => document.querySelectorAll('.log-lines li').length > 0")
        page.locator(".log-lines li").filter(has_text=mine_en).wait_for()
        told_en = _lines(page)
        _switch(page, "hu")
        page.get_by_role("heading", name=hu["log.title"]).wait_for()
        told_hu = _lines(page)
        assert any(mine_hu.match(line) for line in told_hu), told_hu
        assert not any(line in told_en for line in told_hu[len(told_hu) - len(told_en):]), (told_en, told_hu)
        _switch(page, "en")
        assert any(mine_en.match(line) for line in _lines(page))
        # the watch page too: its lines (the public ones) told again in Hungarian
        watch = watcher.page
        watch.wait_for_function("() => document.querySelectorAll('.log-lines li').length > 0", timeout=WAIT_MS)
        before = _lines(watch)
        _switch(watch, "hu")
        watch.get_by_role("heading", name=hu["log.title"]).wait_for()
        after = _lines(watch)
        assert after and not set(after) & set(before), (before, after)
        assert not ana.errors and not watcher.errors
    finally:
        ana.close()
        watcher.close()
