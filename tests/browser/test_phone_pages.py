"""The pages around the game: no key, rules in four languages, a seat taken over, reconnecting."""

from __future__ import annotations

import html
import queue
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from game.engine import GAMES
from game.server.thread import ServerThread
from tests.browser.conftest import load_locale
from tests.browser.phones import AUDITABLE, assert_accessible

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
OFFERED = [g for g, rules in GAMES.items() if rules.on_table]
_ARTICLE = re.compile(r'<article\b[^>]*\blang="([a-z]+)"[^>]*\bdata-title="([^"]+)"[^>]*>.*?<h1>(.*?)</h1>', re.S)


def _fragment_titles(game: str) -> dict[str, tuple[str, str]]:
    """Return, per language, (the heading, the page title) game's own rules fragment (js/games/<id>/rules.html) gives."""
    text = (ROOT / "controller_web" / "js" / "games" / game / "rules.html").read_text(encoding="utf-8")
    return {lang: (html.unescape(h1), html.unescape(title)) for lang, title, h1 in _ARTICLE.findall(text)}


# Each offered game's name as its rules page section spells it, per language (registry order).
RULES_TITLES = {g: {lang: h1 for lang, (h1, _title) in _fragment_titles(g).items()} for g in OFFERED}
LANG_PICKER = "Language · Idioma · Langue · Nyelv"


def _origin(server: Any) -> str:
    return f"http://127.0.0.1:{server.port}"


def test_without_the_key_the_phone_is_told_to_scan_the_tv(pw_browser: Any, server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    for locale, lang in (("en-US", "en"), ("fr-FR", "fr")):
        context = browser.new_context(**pw.devices["Pixel 7"], locale=locale)
        page = context.new_page()
        page.goto(_origin(server) + "/")
        page.get_by_role("heading", name=load_locale(lang)["nokey.title"]).wait_for()
        assert page.get_by_role("button").count() == 0, "no seat controls without the key"
        if lang == "en":
            page.screenshot(path=str(shots / "nokey.png"))
        context.close()


def _rules_page(browser: Any, pw: Any, url: str, **kw: Any) -> Any:
    context = browser.new_context(**pw.devices["iPhone 13"], locale="en-US", **kw)
    page = context.new_page()
    page.goto(url)
    page.locator("body[data-ready]").wait_for()
    return page


def _shown_sections(page: Any) -> list[dict[str, Any]]:
    """Return, per game section of the page, its id and the language and level-1 heading of each shown article."""
    return page.evaluate("""() => [...document.querySelectorAll('section.game-rules')].map((s) => ({
        game: s.dataset.game,
        shown: [...s.querySelectorAll('article')].filter((a) => !a.hidden && a.offsetHeight > 0).map((a) => ({
            lang: a.lang, h1: a.querySelector('h1').textContent, items: a.querySelectorAll('li').length}))}))""")


def _in_view(page: Any, locator: Any) -> bool:
    """Return True if `locator`'s top is on screen, below the sticky top bar."""
    box, bar = locator.bounding_box(), page.locator(".topbar").bounding_box()
    return bool(box and bar) and bar["y"] + bar["height"] - 1 <= box["y"] < page.viewport_size["height"] / 2


def test_rules_page_speaks_all_four_languages(pw_browser: Any, server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    assert all(set(RULES_TITLES[g]) == {"en", "es", "fr", "hu"} for g in OFFERED), "each game's fragment, every language"
    page = _rules_page(browser, pw, _origin(server) + "/rules")
    for lang in ("en", "es", "fr", "hu"):
        page.get_by_label(LANG_PICKER).select_option(lang)
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        sections = _shown_sections(page)
        assert [s["game"] for s in sections] == OFFERED
        for section in sections:
            assert len(section["shown"]) == 1, f"{section['game']}: only the chosen language is shown"
            shown = section["shown"][0]
            assert shown["lang"] == lang and shown["h1"] == RULES_TITLES[section["game"]][lang]
            assert shown["items"] >= 10, f"{section['game']} ({lang}): the rules are there, not a stub"
        assert page.get_by_role("heading", level=1).count() == len(OFFERED)
        nav = page.get_by_role("navigation", name=load_locale(lang)["rules.jump"])
        expect(nav.get_by_role("link")).to_have_text([RULES_TITLES[g][lang] for g in OFFERED])
        if lang in ("en", "hu"):
            page.screenshot(path=str(shots / f"rules-{lang}.png"))
    page.context.close()


def test_the_rules_nav_jumps_to_each_game(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    page = _rules_page(browser, pw, _origin(server) + "/rules?lang=fr")
    nav = page.get_by_role("navigation", name=load_locale("fr")["rules.jump"])
    for game in reversed(OFFERED):
        nav.get_by_role("link", name=RULES_TITLES[game]["fr"]).click()
        heading = page.locator(f"section[data-game='{game}'] article[lang='fr'] h1")
        page.wait_for_function("(game) => document.activeElement.closest('section')?.dataset.game === game", arg=game)
        expect(heading).to_be_focused()
        page.wait_for_function("() => new Promise((ok) => requestAnimationFrame(() => ok(true)))")
        page.wait_for_function("""(game) => {  // (a smooth scroll: wait for its heading, not the section's top)
            const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
            const top = document.querySelector(`section[data-game='${game}'] article[lang='fr'] h1`).getBoundingClientRect().top;
            return top >= bar - 1 && top < innerHeight / 2;
        }""", arg=game)
        assert _in_view(page, heading), f"{game}'s rules are on screen after the jump"
        assert page.evaluate("location.hash") == f"#{game}"
    page.context.close()


def test_the_rules_page_opens_at_the_game_asked_for(pw_browser: Any, server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    last = OFFERED[-1]
    for suffix, lang in ((f"?game={last}", "en"), (f"?game={last}&lang=hu", "hu"), (f"?lang=es#{last}", "es")):
        page = _rules_page(browser, pw, f"{_origin(server)}/rules{suffix}")
        heading = page.locator(f"section[data-game='{last}'] article[lang='{lang}'] h1")
        expect(heading).to_be_focused()
        assert page.evaluate("scrollY") > 0 and _in_view(page, heading), f"{suffix}: the page opens at {last}"
        title = _fragment_titles(last)[lang][1]
        assert page.title() == title == f"{RULES_TITLES[last][lang]} — " + {"en": "rules", "hu": "szabályok", "es": "reglas"}[lang]
        if lang in ("en", "hu"):
            page.screenshot(path=str(shots / f"rules-{last}-{lang}.png"))
        page.context.close()
    # A name the page has not got opens it at the top, and nothing of it is written into the page.
    page = _rules_page(browser, pw, f"{_origin(server)}/rules?game=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    assert page.evaluate("scrollY") == 0 and page.locator("img").count() == 0
    assert [s["game"] for s in _shown_sections(page)] == OFFERED
    page.context.close()


def test_the_lobby_links_to_the_rules_of_its_game(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    t = load_locale("en")
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en-US")
    phone = context.new_page()
    try:
        _join(phone, server.join_url, "Ana")
        for game in (OFFERED[0], OFFERED[-1]):
            phone.get_by_role("button", name=t[f"game.{game}"]).click()
            link = phone.get_by_role("link", name=t["rules.game"].format(game=t[f"game.{game}"]))
            expect(link).to_have_attribute("href", f"/rules?game={game}")
        with context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.locator("body[data-ready]").wait_for()
        expect(rules.locator(f"section[data-game='{OFFERED[-1]}'] article[lang='en'] h1")).to_be_focused()
    finally:
        context.close()


def _join(phone: Any, url: str, name: str) -> None:
    _join_as(phone, url, name, load_locale("en"))


def _join_as(phone: Any, url: str, name: str, t: dict[str, str]) -> None:
    phone.goto(url)
    phone.get_by_label(t["join.name"]).fill(name)
    phone.get_by_role("button", name=t["join.button"]).click()
    phone.get_by_role("heading", name=t["lobby.title"]).wait_for()


def test_opening_the_seat_on_a_second_phone_stops_the_first(pw_browser: Any, server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    t = load_locale("en")
    first = browser.new_context(**pw.devices["Pixel 7"], locale="en-US", **AUDITABLE)
    old = first.new_page()
    _join(old, server.join_url, "Ana")
    token_key = f"cc.token.127.0.0.1:{server.port}"
    token = old.evaluate("key => localStorage.getItem(key)", token_key)
    assert token, "the page keeps its seat token"

    second = browser.new_context(**pw.devices["Pixel 7"], locale="en-US")
    second.add_init_script(f"localStorage.setItem({token_key!r}, {token!r})")
    new = second.new_page()
    new.goto(server.join_url)
    new.get_by_role("heading", name=t["lobby.title"]).wait_for()
    assert new.get_by_role("button", name=t["host.add_bot"]).count() == 1, "the seat (and its host role) moved"

    old.get_by_role("heading", name=t["bye.replaced"]).wait_for()
    old.screenshot(path=str(shots / "replaced.png"))
    assert_accessible(old, "seat opened on another phone")
    old.wait_for_timeout(2500)  # longer than the first reconnect backoff
    assert old.get_by_role("heading", name=t["bye.replaced"]).count() == 1, "the old phone must not take the seat back"
    assert new.get_by_role("heading", name=t["lobby.title"]).count() == 1
    first.close()
    second.close()


def test_a_dropped_connection_shows_a_banner_and_comes_back(pw_browser: Any, server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    t = load_locale("en")
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en-US", **AUDITABLE)
    page = context.new_page()
    sockets: list[Any] = []
    blocked = {"on": False}

    def route(ws: Any) -> None:
        # Every page socket goes through the test, so it can cut the line like a sleeping phone.
        if blocked["on"]:
            ws.close(code=4000)
            return
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws\?"), route)
    _join(page, server.join_url, "Ana")
    banner = page.get_by_role("status").filter(has_text=t["status.reconnecting"])
    blocked["on"] = True
    sockets[-1].close(code=4000)
    banner.wait_for()
    page.screenshot(path=str(shots / "reconnecting.png"))
    assert_accessible(page, "reconnecting banner")
    blocked["on"] = False
    # A phone that wakes up reconnects at once, without waiting out its backoff.
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    banner.wait_for(state="hidden")
    page.get_by_role("button", name=t["host.add_bot"]).click()
    page.get_by_role("button", name=re.compile("^Remove the bot ")).wait_for()
    context.close()


def _host_and_guest(pw: Any, browser: Any, server: Any) -> tuple[Any, Any, Any, Any]:
    """Return (host page, its context, guest page, its context): Ana (the host) and Bea, joined."""
    host_ctx = browser.new_context(**pw.devices["Pixel 7"], locale="en-US")
    guest_ctx = browser.new_context(**pw.devices["iPhone 13"], locale="en-US")
    host, guest = host_ctx.new_page(), guest_ctx.new_page()
    _join(host, server.join_url, "Ana")
    _join(guest, server.join_url, "Bea")
    return host, host_ctx, guest, guest_ctx


def test_host_hands_a_gone_players_seat_to_a_bot(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    t = load_locale("en")
    host, host_ctx, _guest, guest_ctx = _host_and_guest(pw, browser, server)
    for _ in range(2):
        host.get_by_role("button", name=t["host.add_bot"]).click()
    host.get_by_role("button", name=re.compile("^Remove the bot ")).nth(1).wait_for()
    start = host.get_by_role("button", name=t["host.start"])
    start.scroll_into_view_if_needed()
    lobby_at = host.evaluate("window.scrollY")
    assert lobby_at > 0, "Start sits below the fold of the lobby"
    start.click()
    host.get_by_role("heading", name=t["seats.title"]).wait_for()
    # the game screen opens at its top, not where the lobby was: at most scrolled as far as its first decision
    # needs (js/app.js: its cards above the sticky Confirm, its first tip), the hand's first cards in view
    host.wait_for_timeout(150)
    first = host.locator("[data-decision] [data-moves]").first.bounding_box()
    bar = host.locator(".topbar").bounding_box()
    at = host.evaluate("window.scrollY")
    assert at == 0 or (first is not None and bar is not None and first["y"] >= bar["y"] + bar["height"] - 1
                       and at != lobby_at), f"the game screen opened where the lobby was ({at} px down)"

    guest_ctx.close()  # Bea's phone is gone
    hand_over = host.get_by_role("button", name=t["host.seat_to_bot"].replace("{name}", "Bea"))
    # a normal bot unless the host picks another level: here the easy one
    level = host.get_by_role("combobox", name=t["host.takeover_level"].replace("{name}", "Bea"))
    assert level.input_value() == "normal"
    level.select_option("easy")
    hand_over.click()
    bea = host.locator(".seat-card").filter(has_text="Bea")
    bea.get_by_text(t["seat.bot_level"].replace("{level}", t["level.easy"]), exact=True).wait_for()
    assert hand_over.count() == 0
    host_ctx.close()


def test_the_join_screen_has_one_language_picker(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    t = load_locale("en")
    fr = load_locale("fr")
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en-US")
    page = context.new_page()
    page.goto(server.join_url)
    page.get_by_role("button", name=t["join.button"]).wait_for()
    picker = page.get_by_role("combobox", name=t["join.language"])
    assert picker.count() == 1, "the top bar's picker is the one language control"
    assert page.get_by_role("group", name=t["join.language"]).count() == 0
    for code in ("en", "es", "fr", "hu"):
        assert page.get_by_role("button", name=t[f"lang.{code}"]).count() == 0, f"a second picker offers {code}"
    assert page.get_by_role("combobox").count() == 1

    # Changing it keeps what was typed, translates the page, and the seat joins in that language.
    page.get_by_label(t["join.name"]).fill("Zoé")
    picker.select_option("fr")
    page.get_by_role("button", name=fr["join.button"]).wait_for()
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.get_by_label(fr["join.name"]).input_value() == "Zoé"
    assert page.get_by_role("combobox", name=fr["join.language"]).count() == 1
    page.get_by_role("button", name=fr["join.button"]).click()
    page.get_by_role("heading", name=fr["lobby.title"]).wait_for()
    context.close()


def test_a_restarted_table_tells_the_phone_to_scan_again(pw_browser: Any, tmp_path: Path, shots: Path) -> None:
    pw, browser = pw_browser
    t = load_locale("fr")
    old = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path / "old", bot_delay=0.05)
    old.start()
    new: ServerThread | None = None
    context = browser.new_context(**pw.devices["Pixel 7"], locale="fr-FR", **AUDITABLE)
    try:
        page = context.new_page()
        watch = context.new_page()
        _join_as(page, old.join_url, "Zoé", t)
        watch.goto(f"http://127.0.0.1:{old.port}/watch?k={old.join_code}")
        watch.get_by_role("heading", name=t["lobby.title"]).wait_for()
        token_key = f"cc.token.127.0.0.1:{old.port}"
        assert page.evaluate("key => localStorage.getItem(key)", token_key)
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))

        port, old_key = old.port, old.join_code
        old.stop()
        # A TV that is only out of reach is not a restart: the phone keeps trying.
        banner = page.get_by_role("status").filter(has_text=t["status.reconnecting"])
        banner.wait_for()
        page.wait_for_timeout(2500)  # two backoff steps: retries and checks against a closed port
        assert page.locator("#screen").get_attribute("data-screen") != "gone"
        assert len(sockets) >= 2, "the phone must keep retrying while the TV is away"

        new = ServerThread(port=port, host_ip="127.0.0.1", data_dir=tmp_path / "new", bot_delay=0.05)
        new.start()
        assert new.port == port, "the restarted server must come back on the same port for this test"
        assert new.join_code != old_key
        gone = page.get_by_role("heading", name=t["gone.title"])
        gone.wait_for(timeout=15000)
        page.get_by_text(t["gone.body"], exact=True).wait_for()
        expect(page.locator("#live")).to_contain_text(t["gone.title"])
        assert banner.count() == 0 or not banner.is_visible(), "no 'Reconnecting…' under the closed-table screen"
        assert page.evaluate("key => localStorage.getItem(key)", token_key) is None, "the dead seat token is forgotten"
        assert page.get_by_role("button").count() == 0
        page.screenshot(path=str(shots / "gone.png"))
        assert_accessible(page, "table closed or restarted")
        watch.get_by_role("heading", name=t["gone.title"]).wait_for(timeout=15000)

        tried = len(sockets)
        page.wait_for_timeout(2500)  # longer than the next backoff steps
        assert len(sockets) == tried, "the phone stopped knocking on the new table"
        assert gone.count() == 1
        # The old link now opens only the "scan the code" page.
        page.reload()
        page.get_by_role("heading", name=t["nokey.title"]).wait_for()
    finally:
        context.close()
        old.stop()
        if new is not None:
            new.stop()


def test_shared_winners_are_listed_with_the_languages_own_and(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en-US")
    page = context.new_page()
    page.goto(f"{_origin(server)}/rules")
    said = page.evaluate("""async () => {
        const i18n = await import('/static/js/i18n.js');
        const out = {};
        for (const lang of i18n.LANGS) {
            await i18n.setLang(lang);
            out[lang] = i18n.listNames(['Ana', 'Bea', 'Csaba']);
        }
        await i18n.setLang('en');
        return out;
    }""")
    context.close()
    assert said["en"] == "Ana, Bea, and Csaba"
    assert said["es"] == "Ana, Bea y Csaba"
    assert said["fr"] == "Ana, Bea et Csaba"
    assert said["hu"] == "Ana, Bea és Csaba"


def test_the_rat_a_tat_cat_host_hands_a_gone_players_seat_to_a_bot_of_a_chosen_level(pw_browser: Any,
                                                                                     server: Any) -> None:
    pw, browser = pw_browser
    t = load_locale("en")
    host, host_ctx, _guest, guest_ctx = _host_and_guest(pw, browser, server)
    host.get_by_role("button", name=t["game.rat-a-tat-cat"]).click()
    host.get_by_text(t["lobby.players"].format(min=2, max=6), exact=True).wait_for()
    host.get_by_role("button", name=t["host.start"]).click()
    host.get_by_role("list", name=t["rt.line.mine"]).wait_for()
    guest_ctx.close()  # Bea's phone is gone
    hand_over = host.get_by_role("button", name=t["host.seat_to_bot"].replace("{name}", "Bea"))
    hand_over.wait_for()
    host.get_by_role("combobox", name=t["host.takeover_level"].replace("{name}", "Bea")).select_option("easy")
    hand_over.click()
    hand_over.wait_for(state="detached")
    deadline = time.monotonic() + 10
    seats: list[Any] = []
    while not any(s["name"] == "Bea" and s["level"] == "easy" for s in seats):
        assert time.monotonic() < deadline, f"Bea's seat never went to an easy bot: {seats}"
        try:
            seats = server.updates.get(timeout=0.2)["table"]["seats"]
        except queue.Empty:
            pass
    host_ctx.close()
