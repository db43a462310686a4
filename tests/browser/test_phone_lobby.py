"""The phone lobby renders the game picker, seat ranges and options from their declarations in `table`."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from game import bots, protocol
from game.engine import GAMES, OptionSpec
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets

pytestmark = pytest.mark.browser

PRETEND = "pretend-game"  # no phone module, no strings: the lobby falls back to the declarations' names
PRETEND_OPTIONS = (
    OptionSpec("house_rule", "bool", True),
    OptionSpec("bonus", "bool", False, shown_when=("house_rule", False)),
    OptionSpec("deck", "choice", "short", choices=("short", "long")),
    OptionSpec("target", "int", 100, choices=(50, 100), minimum=10, maximum=500),
    OptionSpec("variant", "choice", 1, choices=(1, 2, 3, 4, 5, 6, 7)),
)


@pytest.fixture
def pretend_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offer a made-up second game (2-6 seats, one option of every kind) at the test server's table."""
    real = next(iter(GAMES.values()))
    monkeypatch.setitem(bots.BOT_KINDS, PRETEND, {})  # it has no bots of its own
    monkeypatch.setitem(GAMES, PRETEND, dataclasses.replace(real, id=PRETEND, min_players=2, max_players=6,
                                                            options=PRETEND_OPTIONS))
    # The wire's whitelist of option values is built from the registry when protocol is imported.
    for spec in PRETEND_OPTIONS:
        monkeypatch.setitem(protocol._TABLE["options"], spec.name, None)


def _pressed(group: Any) -> list[str]:
    buttons = group.get_by_role("button")
    return [buttons.nth(i).inner_text().strip("\u2713 ") for i in range(buttons.count())
            if buttons.nth(i).get_attribute("aria-pressed") == "true"]


def test_the_lobby_renders_every_option_from_its_declaration(pw_browser: Any, pretend_game: None, server: Any,
                                                             shots: Path) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    t, page = ana.t, ana.page
    try:
        ana.join(server.join_url)
        games = page.get_by_role("group", name=t["lobby.game"])
        offered = [rules.id for rules in GAMES.values() if rules.on_table]
        assert PRETEND in offered and len(offered) >= 3
        assert games.get_by_role("button").count() == len(offered), "every game of table.games is offered"
        assert _pressed(games) == [t["game.cat-in-the-sack"]]
        page.get_by_text(t["lobby.players"].format(min=3, max=5), exact=True).wait_for()
        # Cat in the Sack: its switch and the table's timer, each named and explained from the locale files.
        piles = page.get_by_role("switch", name=t["opt.open_piles"])
        assert piles.get_attribute("aria-describedby") and page.get_by_text(t["opt.open_piles.hint"]).count() == 1
        timer = page.get_by_role("group", name=t["opt.turn_timer"])
        assert _pressed(timer) == [t["opt.turn_timer.0"]]
        assert page.get_by_text(t["opt.turn_timer.hint"]).count() == 1
        start = ana.button("host.start")
        assert start.is_disabled()
        # The start button says why it cannot start.
        hint = page.locator(f"#{start.get_attribute('aria-describedby')}")
        assert hint.inner_text() == t["lobby.need_more"].replace("{n}", "2")

        games.get_by_role("button", name=PRETEND).click()
        page.get_by_text(t["lobby.players"].format(min=2, max=6), exact=True).wait_for()
        assert _pressed(games) == [PRETEND]
        assert page.get_by_role("switch", name=t["opt.open_piles"]).count() == 0, "the other game's option is gone"
        assert _pressed(page.get_by_role("group", name=t["opt.turn_timer"])) == [t["opt.turn_timer.0"]]
        # bool -> a switch at its default; its dependant is shown only while house_rule is off.
        house = page.get_by_role("switch", name="house_rule")
        assert house.is_checked()
        assert page.get_by_role("switch", name="bonus").count() == 0
        # choice -> segmented buttons (a long list: a select); int -> its offered values, then any number.
        assert _pressed(page.get_by_role("group", name="deck")) == ["short"]
        assert _pressed(page.get_by_role("group", name="target")) == ["100"]
        number = page.get_by_role("spinbutton", name=t["opt.other"].replace("{name}", "target"))
        assert (number.get_attribute("min"), number.get_attribute("max"), number.input_value()) == ("10", "500", "100")
        variant = page.get_by_role("combobox", name="variant")
        assert variant.locator("option").all_inner_texts() == [str(v) for v in range(1, 8)]
        start = ana.button("host.start")
        assert start.is_disabled()
        assert page.locator(f"#{start.get_attribute('aria-describedby')}").inner_text() == \
            t["lobby.need_more"].replace("{n}", "1")

        # Every change goes to the server and comes back in table.options.
        house.click()
        page.get_by_role("switch", name="bonus").wait_for()
        assert not page.get_by_role("switch", name="house_rule").is_checked()
        page.get_by_role("group", name="deck").get_by_role("button", name="long").click()
        page.wait_for_function("() => [...document.querySelectorAll('button[aria-pressed=true]')]"
                               ".some((b) => b.textContent.endsWith('long'))")
        number.fill("250")
        number.dispatch_event("change")
        page.wait_for_function("() => [...document.querySelectorAll('[role=group] button')]"
                               ".filter((b) => /^\\D*(50|100)$/.test(b.textContent))"
                               ".every((b) => b.getAttribute('aria-pressed') === 'false')")
        assert page.get_by_role("spinbutton").input_value() == "250"
        page.get_by_role("combobox", name="variant").select_option(label="6")
        page.wait_for_function("() => document.querySelector('select#opt-variant').selectedOptions[0].text === '6'")
        page.screenshot(path=str(shots / "lobby-declared-options.png"), full_page=True)
        assert_touch_targets(page, "lobby with every kind of option")
        assert_accessible(page, "lobby with every kind of option")

        # Back to Cat in the Sack: its own options, at their defaults, and the table's timer kept.
        games.get_by_role("button", name=t["game.cat-in-the-sack"]).click()
        page.get_by_role("switch", name=t["opt.open_piles"]).wait_for()
        assert page.get_by_role("switch", name="house_rule").count() == 0
        assert not page.get_by_role("switch", name=t["opt.open_piles"]).is_checked()
        assert not ana.errors, f"the page raised: {ana.errors}"
    finally:
        ana.close()


def test_the_lobby_hides_an_option_until_the_one_it_depends_on_has_its_value(
        pw_browser: Any, monkeypatch: pytest.MonkeyPatch, server: Any) -> None:
    pw, browser = pw_browser
    # A made-up option of Cat in the Sack that only matters with open piles (shown_when).
    from game.table import updates

    real_entry = updates._game_entry

    def entry(rules: Any) -> dict[str, Any]:
        out = real_entry(rules)
        extra = OptionSpec("pile_order", "choice", "won", choices=("won", "value"), shown_when=("open_piles", True))
        return {**out, "options": out["options"] + [extra.to_dict()]}

    monkeypatch.setattr(updates, "_game_entry", entry)
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    try:
        ana.join(server.join_url)
        piles = ana.page.get_by_role("switch", name=ana.t["opt.open_piles"])
        assert ana.page.get_by_role("group", name="pile_order").count() == 0
        piles.click()
        ana.page.get_by_role("group", name="pile_order").wait_for()
        assert _pressed(ana.page.get_by_role("group", name="pile_order")) == ["won"]
        ana.page.get_by_role("switch", name=ana.t["opt.open_piles"]).click()
        ana.page.get_by_role("group", name="pile_order").wait_for(state="detached")
    finally:
        ana.close()


def test_seat_ranges_follow_the_declaration_not_a_copy(pw_browser: Any, pretend_game: None, server: Any) -> None:
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    try:
        ana.join(server.join_url)
        ana.button("host.add_bot").click()  # the real game's bot: the pretend one has none
        ana.page.get_by_role("listitem").nth(1).wait_for()
        assert ana.button("host.start").is_disabled(), "two seats are too few for Cat in the Sack"
        ana.page.get_by_role("group", name=ana.t["lobby.game"]).get_by_role("button", name=PRETEND).click()
        ana.page.get_by_text(ana.t["lobby.players"].format(min=2, max=6), exact=True).wait_for()
        start = ana.button("host.start")
        ana.page.wait_for_function("() => !document.querySelector('#start-hint')")
        assert start.is_enabled(), "two seats suit the pretend game"
        assert start.get_attribute("aria-describedby") is None
    finally:
        ana.close()
