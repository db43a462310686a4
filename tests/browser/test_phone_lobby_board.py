"""The phone lobby's household board, through the real server and its save: a collapsible section (touch,
keyboard, screen reader) with the chosen game's leaders and last results, in the game's own words, text only."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.server.thread import ServerThread
from tests.browser.conftest import running_server
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets
from tests.browser.test_phone_small import SMALL_PHONE
from tests.household import MARKUP, RAT, SACK, household, seed

pytestmark = pytest.mark.browser

WAIT_S = 20  # a safety net (a loaded CI machine), not a speed assertion


@pytest.fixture
def kept_server(tmp_path: Path) -> Iterator[ServerThread]:
    """Yield the real server on a save that has kept the household's games (as finished games are kept)."""
    seed(tmp_path, household(int(time.time())))
    yield from running_server(tmp_path)


def board_text(page: Any) -> dict[str, Any]:
    """Return what the board shows: open or not, its summary, table headings and lines, and each result."""
    return page.evaluate("""() => {
        const d = document.querySelector('details.board');
        if (!d) return null;
        const cells = (row) => [...row.children].map((c) => c.textContent.trim());
        return {open: d.open, summary: d.querySelector('summary').textContent,
                head: [...d.querySelectorAll('thead tr')].map(cells),
                rows: [...d.querySelectorAll('tbody tr')].map(cells),
                results: [...d.querySelectorAll('.board-result')].map((li) => ({
                    when: li.querySelector('time').textContent, datetime: li.querySelector('time').dateTime,
                    seats: [...li.querySelectorAll('.board-seats > li')].map((s) => [...s.children].map((c) => c.textContent))})),
                markup: d.querySelectorAll('tbody b, .board-seats b').length};
    }""")


def test_the_lobby_board_opens_by_touch_and_keyboard_and_follows_the_chosen_game(pw_browser: Any, kept_server: Any,
                                                                                 shots: Path) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    page, t = ana.page, ana.t
    page.set_default_timeout(WAIT_S * 1000)
    bela = None
    try:
        ana.join(kept_server.join_url)
        summary = page.locator("details.board > summary")
        summary.wait_for()
        board = board_text(page)
        assert board["open"] is False and board["summary"] == t["history.summary"].format(game=t[f"game.{SACK}"])
        assert not page.locator("details.board table").is_visible()  # closed: only its summary shows

        summary.click()  # a tap opens it
        page.locator("details.board table").wait_for()
        board = board_text(page)
        assert board["head"] == [[t["over.player"], t["history.wins"], t["history.games"], t[f"history.best.{SACK}"]]]
        # people only, ranked by wins then fewer games; the best is the highest total (Cat in the Sack)
        assert board["rows"] == [["Ana", "3", "6", "61"], ["Chloé", "2", "4", "50"], ["Maximiliano Ruiz", "1", "2", "50"],
                                 [MARKUP, "0", "1", "12"], ["Dániel", "0", "2", "44"]]
        assert board["markup"] == 0  # the markup-like name is text, not a <b>
        results = board["results"]
        assert len(results) == 5  # the last five, newest first
        assert results[0]["seats"] == [["Ana 58", t["over.crown"]], ["Maximiliano Ruiz 47"], ["Felix 45", t["seat.bot"]]]
        assert [f"{MARKUP} 12"] in results[3]["seats"]
        # when: the weekday and time within a week, the date before that, in the page's language
        expected = page.evaluate("""(times) => times.map((s, i) => new Intl.DateTimeFormat('en', i === 0
            ? {weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23'}
            : {day: 'numeric', month: 'short'}).format(new Date(s)))""",
                                 [results[0]["datetime"], results[4]["datetime"]])
        assert [results[0]["when"], results[4]["when"]] == expected
        page.screenshot(path=str(shots / "lobby-history-open.png"), full_page=True)
        assert_accessible(page, "lobby with the board open")
        assert_touch_targets(page, "lobby with the board open")

        summary.focus()  # the keyboard: Enter and Space close and open it, as a screen reader's user does
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('details.board').open")
        page.keyboard.press("Space")
        page.wait_for_function("() => document.querySelector('details.board').open")

        # an update rebuilds the screen: the board stays open and the focus stays on it
        bela = Phone(pw, browser, "Pixel 7", "hu-HU", "hu", "Béla")
        bela.join(kept_server.join_url)
        page.get_by_text("Béla", exact=True).first.wait_for()
        assert page.evaluate("() => document.activeElement.tagName") == "SUMMARY"
        assert board_text(page)["open"] is True

        # the host picks the other game: the board is that game's, its best column in its own words
        games = page.get_by_role("group", name=t["lobby.game"])
        games.get_by_role("button", name=t[f"game.{RAT}"]).click()
        page.wait_for_function("(s) => document.querySelector('details.board > summary').textContent === s",
                               arg=t["history.summary"].format(game=t[f"game.{RAT}"]))
        page.wait_for_function("(s) => document.querySelector('details.board thead').textContent.includes(s)",
                               arg=t[f"history.best.{RAT}"])
        board = board_text(page)
        assert board["rows"] == [["Béla", "1", "2", "0"], ["Zsófi", "1", "2", "2"]]
        assert [r["seats"] for r in board["results"]] == [
            [["Zsófi 15", t["over.crown"]], ["Béla 22"], ["Luna 30", t["seat.bot"]]],
            [["Béla 12", t["over.crown"]], ["Zsófi 31"]]]
        page.screenshot(path=str(shots / "lobby-history-rat.png"), full_page=True)

        # another phone, another language: the same board in Hungarian (closed until he opens it)
        hb = bela.page
        hb.locator("details.board > summary").click()
        hb.wait_for_function("(s) => document.querySelector('details.board thead').textContent.includes(s)",
                             arg=bela.t[f"history.best.{RAT}"])
        hu = board_text(hb)
        assert hu["summary"] == bela.t["history.summary"].format(game=bela.t[f"game.{RAT}"])
        assert hu["head"] == [[bela.t["over.player"], bela.t["history.wins"], bela.t["history.games"],
                               bela.t[f"history.best.{RAT}"]]]
        assert_accessible(hb, "a Hungarian lobby with the board open")
        assert not ana.errors and not bela.errors
    finally:
        ana.close()
        if bela is not None:
            bela.close()


def test_the_board_fits_a_360_phone(pw_browser: Any, kept_server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, SMALL_PHONE, "fr-FR", "fr", "Chloé")
    page = phone.page
    page.set_default_timeout(WAIT_S * 1000)
    try:
        phone.join(kept_server.join_url)
        page.locator("details.board > summary").click()
        page.locator("details.board table").wait_for()
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "the board overflows"
        page.locator("details.board").screenshot(path=str(shots / "lobby-history-360-fr.png"))
        assert_touch_targets(page, "the board at 360 px")
    finally:
        phone.close()


def test_a_household_that_kept_nothing_shows_no_board(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    try:
        phone.join(server.join_url)
        phone.page.get_by_role("button", name=phone.t["host.start"]).wait_for()
        assert phone.page.locator("details.board").count() == 0
        assert phone.t["history.title"] not in phone.page.locator("#screen").inner_text()
    finally:
        phone.close()
