"""The coach on the phones: the host turns it on for a person's seat in the lobby (never a bot's), every
phone shows that seat's coach badge, only the coached seat's game screen has a Hint button, and a hint
lights the suggested control up and says why in the player's language (axe: nothing serious)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import GAME_WEB, name_pattern
from tests.browser.conftest import SHOTS as BROWSER_SHOTS
from tests.browser.phones import Phone, assert_accessible, assert_touch_targets

pytestmark = pytest.mark.browser

WAIT_MS = 30_000  # a safety net (a loaded machine, a search in the worker), not a speed assertion
SHOTS = BROWSER_SHOTS / "coach"  # a coached phone with a hint in each game, its lobby


def game_texts(game: str, lang: str) -> dict[str, str]:
    return json.loads((GAME_WEB / game / "locales" / f"{lang}.json").read_text("utf-8"))


def reasons(game: str, lang: str) -> list[re.Pattern[str]]:
    """Return the game's hint reasons in `lang`, as patterns of the shown text."""
    return [name_pattern(text) for key, text in game_texts(game, lang).items() if key.startswith("hint.")]


def coach_for(bea_first: Phone, host: Phone, name: str) -> None:
    """The host turns the coach on for `name`'s seat."""
    host.page.get_by_role("button", name=host.t["coach.for"].replace("{name}", name), exact=True).click()


def hint_button(phone: Phone) -> Any:
    return phone.page.get_by_role("button", name=phone.t["coach.hint"], exact=True)


def ask(phone: Phone, game: str) -> str:
    """Tap Hint; return the coach's reason once it is shown (one of the game's texts)."""
    hint_button(phone).click()
    said = phone.page.locator(".coach-panel.has-hint .coach-says")
    said.wait_for(timeout=WAIT_MS)
    text = said.inner_text()
    assert any(p.match(text) for p in reasons(game, phone.lang)), text
    assert phone.page.locator(".hinted").count() >= 1  # the suggested control is lit up
    return text


def test_the_host_coaches_a_person_and_only_that_phone_gets_hints(pw_browser: Any, server: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    bea = Phone(pw, browser, "Pixel 7", "es-ES", "es", "Bea")  # the host, who coaches herself
    ana = Phone(pw, browser, "iPhone 13", "en-GB", "en", "Ana")
    try:
        bea.join(server.join_url)
        ana.join(server.join_url)
        for p in (bea, ana):
            p.page.set_default_timeout(WAIT_MS)
        bea.button("host.add_bot").click()
        bea.page.get_by_role("button", name=name_pattern(bea.t["host.remove_bot"])).wait_for()
        # a switch for each person's seat, none for the bot's
        switches = bea.page.locator(".coach-chip")
        assert switches.count() == 2
        coach_for(bea, bea, "Bea")
        bea.page.locator('.coach-chip[aria-pressed="true"]').wait_for()
        assert bea.page.locator(".coach-line").inner_text() == bea.t["coach.lobby_line"]
        # every phone shows the badge at Bea's seat (Ana's in English), and Ana has no switch
        ana.page.get_by_text(ana.t["coach.badge"], exact=True).wait_for()
        assert ana.page.locator(".coach-chip").count() == 0
        assert_accessible(bea.page, "Bea: lobby with the coach on")
        bea.page.screenshot(path=str(SHOTS / "phone-lobby-coach.png"), full_page=True)

        bea.button("host.start").click()
        bea.page.locator("[data-screen=game]").wait_for()
        ana.page.locator("[data-screen=game]").wait_for()
        hint_button(bea).wait_for()
        ana.page.get_by_role("heading", name=ana.t["choose.title"]).wait_for()
        assert hint_button(ana).count() == 0  # only the coached seat has the button
        assert bea.page.locator(".coach-says").inner_text() == bea.t["coach.idle"]
        panel = bea.page.locator(".coach-panel")
        before = panel.bounding_box()
        said = ask(bea, "cat-in-the-sack")
        after = panel.bounding_box()  # (the status line above may change as the bots choose: not the coach's)
        assert after["height"] == before["height"], "the coach's words moved the cards under her finger"
        lit = bea.page.locator(".hinted")
        assert lit.first.get_attribute("data-hint").startswith("card:")  # the card the coach would lay
        assert said.startswith("Pon el")
        assert_touch_targets(bea.page, "Bea: a hint shown")
        assert_accessible(bea.page, "Bea: a hint shown")
        bea.page.screenshot(path=str(SHOTS / "phone-hint-cat-in-the-sack.png"))
        # she taps the lit card: its confirm button lights up in turn; the choice is still hers
        lit.first.click()
        confirm = bea.page.locator('.hinted[data-hint^="confirm:"]')
        confirm.wait_for()
        confirm.click()
        # her decision is made: no Hint until the next, and the panel keeps its place (nothing below it moves)
        expect(hint_button(bea)).to_be_disabled()
        assert bea.page.locator(".coach-says").inner_text() == bea.t["coach.idle"]
        assert not bea.errors and not ana.errors, bea.errors + ana.errors
    finally:
        bea.close()
        ana.close()


def _play_rat_turn(phone: Phone) -> None:
    """An uncoached player's quick Rat-a-Tat Cat move on whatever its screen offers."""
    page = phone.page
    for key in ("rt.look.done", "rt.end.turn", "rt.drawn.discard"):
        if phone.button(key).count():
            phone.tap(phone.button(key))
            return
    if phone.button("rt.draw.pile").count():
        phone.tap(phone.button("rt.draw.pile"))
        return
    picks = page.locator(".pick")
    if picks.count():
        phone.tap(picks)


def coach_bea_at_rat_a_tat_cat(bea: Phone, ana: Phone, url: str) -> None:
    """Seat Bea (the host) and Ana, choose Rat-a-Tat Cat and turn Bea's coach on, from Bea's phone."""
    bea.join(url)
    ana.join(url)
    bea.page.set_default_timeout(WAIT_MS)
    bea.page.get_by_role("button", name=bea.t["game.rat-a-tat-cat"]).click()
    bea.page.locator(".coach-chip").first.wait_for()
    coach_for(bea, bea, "Bea")
    bea.page.locator('.coach-chip[aria-pressed="true"]').wait_for()


def test_a_rat_a_tat_cat_hint_lights_the_move_up(pw_browser: Any, server: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    bea = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Bea")
    ana = Phone(pw, browser, "iPhone 13", "fr-FR", "fr", "Ana")
    try:
        coach_bea_at_rat_a_tat_cat(bea, ana, server.join_url)
        # the game's own lobby line: in this game the coach's memory is part of the play
        assert bea.page.locator(".coach-line").inner_text() == game_texts("rat-a-tat-cat", "en")["game.coach"]
        bea.button("host.start").click()
        bea.page.locator("[data-screen=game]").wait_for()
        shown = None
        for _ in range(120):  # Bea plays by her coach's hints until it suggests a move past the look
            if hint_button(bea).count() and hint_button(bea).is_enabled():
                said = ask(bea, "rat-a-tat-cat")
                if said.startswith("Put the") and "drops" in said:  # a card of her line lit up, and by how much
                    assert bea.page.locator('.hinted[data-hint^="mine:"]').count() == 1
                    shown = said
                    break
                lit = bea.page.locator(".hinted").first
                knock = lit.get_attribute("data-hint") == "knock"
                lit.click()
                if knock:  # the knock asks to be confirmed: her second tap (a tap on Hint would take the first back)
                    bea.page.locator('.hinted[data-hint="knock"]').click()
                bea.page.wait_for_timeout(300)
                continue
            _play_rat_turn(ana)
            bea.page.wait_for_timeout(300)
        assert shown is not None, "the coach never said where to put a card"
        assert_accessible(bea.page, "Bea: a Rat-a-Tat Cat hint shown")
        bea.page.screenshot(path=str(SHOTS / "phone-hint-rat-a-tat-cat.png"))
        assert not bea.errors and not ana.errors, bea.errors + ana.errors
    finally:
        bea.close()
        ana.close()


def test_an_earlier_asks_wait_never_drops_the_next_hint(pw_browser: Any, server: Any) -> None:
    """Two asks about one decision: the first ask's wait for its answer (js/coach.js: 10 s) runs out while the
    second is still awaited; the second's answer is shown all the same (it was dropped: the phone showed nothing,
    the player waited for a hint the server had sent)."""
    pw, browser = pw_browser
    bea = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Bea")
    ana = Phone(pw, browser, "iPhone 13", "en-GB", "en", "Ana")
    sockets: list[Any] = []
    held: list[Any] = []  # the coach's answers kept back from Bea's page while `hold` is on
    hold = {"on": False}

    def route(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_server(message: Any) -> None:
            if hold["on"] and isinstance(message, str) and json.loads(message).get("type") == "hint":
                held.append(message)
            else:
                ws.send(message)

        to_server.on_message(from_server)
        sockets.append(ws)

    try:
        bea.page.route_web_socket(re.compile(r"/ws\?"), route)
        bea.page.clock.install()  # the page's timers run on a clock the test moves on
        coach_bea_at_rat_a_tat_cat(bea, ana, server.join_url)
        bea.button("host.start").click()
        bea.page.locator("[data-screen=game]").wait_for()
        first = ask(bea, "rat-a-tat-cat")  # her look (Ana looks too, and takes her time)
        bea.page.clock.run_for(9_000)
        hold["on"] = True
        hint_button(bea).click()  # the same decision again
        for _ in range(WAIT_MS // 50):
            if held:
                break
            bea.page.wait_for_timeout(50)
        assert held, "the server never answered the second ask"
        assert bea.page.locator(".coach-says").inner_text() == bea.t["coach.thinking"]
        bea.page.clock.run_for(2_000)  # the first ask's wait runs out, the second's does not
        hold["on"] = False
        for message in held:
            sockets[-1].send(message)
        said = bea.page.locator(".coach-panel.has-hint .coach-says")
        said.wait_for(timeout=WAIT_MS)
        assert said.inner_text() == first
        assert bea.page.locator(".hinted").count() >= 1
        assert not bea.errors and not ana.errors, bea.errors + ana.errors
    finally:
        bea.close()
        ana.close()
