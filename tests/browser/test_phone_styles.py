"""The phone's stylesheets: the platform's app.css names no game's things, each game brings its own game.css (loaded
for that game only, on the phone and the watch page), a card's accessible name keeps its case, and every
backdrop-filter has the -webkit- twin Safari before 18 needs."""

from __future__ import annotations

import importlib
import re
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

from game.engine import GAMES
from tests.browser.conftest import load_locale, name_pattern
from tests.browser.test_phone_platform import OWN, words
from tests.game_words import declared_words

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "controller_web"
APP_CSS = WEB / "css" / "app.css"
GAME_WEB = WEB / "js" / "games"
WAIT_S = 20  # a safety net (a loaded CI machine), not a speed assertion
CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
EXPORTS_STYLES = re.compile(r"^export const ownStyles = true;$", re.M)


def _package(game: str) -> str:
    return game.replace("-", "_")


def card_nouns(game: str) -> set[str]:
    """Return the nouns of `game`'s named cards, read from its engine's `cards` module: each string enum's values,
    the last word of each ("big_dog" -> "dog", "draw2" -> "draw"): what a card is, whatever its size or number."""
    try:
        module = importlib.import_module(f"game.engine.{_package(game)}.cards")
    except ModuleNotFoundError:
        return set()
    enums = [v for v in vars(module).values()
             if isinstance(v, type) and issubclass(v, StrEnum) and v.__module__ == module.__name__]
    return {re.findall(r"[a-z]+", member.value)[-1] for enum in enums for member in enum}


def game_vocabulary(game: str) -> set[str]:
    """Return `game`'s words: its id's, its card nouns and the words its plug-in declares (WORDS)."""
    return words(game.replace("-", " ")) - {"a", "in", "the"} | card_nouns(game) | (declared_words(game) - OWN)


def css_classes(path: Path) -> set[str]:
    """Return the class names a stylesheet's selectors use (comments, strings and url()s left out)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"\"[^\"]*\"|'[^']*'|url\([^)]*\)", "", text)
    selectors = re.findall(r"([^{}]+)\{", text)  # what stands before each block: a selector or an at-rule
    return {name for sel in selectors if not sel.strip().startswith("@") for name in CLASS.findall(sel)}


def test_the_vocabulary_holds_each_games_id_and_card_nouns() -> None:
    sack, rat = card_nouns("cat-in-the-sack"), card_nouns("rat-a-tat-cat")
    assert {"rabbit", "dog"} <= sack and {"peek", "swap", "draw"} <= rat, (sack, rat)
    assert {"cat", "sack", "rabbit", "dog", "mice"} <= game_vocabulary("cat-in-the-sack")
    assert {"rat", "tat", "peek"} <= game_vocabulary("rat-a-tat-cat")


def test_the_scan_finds_a_games_words_in_its_own_stylesheet() -> None:
    # The scan below reads app.css the way it reads this one, where it must find the game's words.
    sheet = GAME_WEB / "cat-in-the-sack" / "game.css"
    found = {w for c in css_classes(sheet) for w in words(c)} & game_vocabulary("cat-in-the-sack")
    assert found >= {"mice", "mouse", "bid", "hand", "dog", "rabbit"}, found


def test_app_css_class_names_carry_no_games_words() -> None:
    classes = css_classes(APP_CSS)
    assert {"topbar", "panel", "btn", "card", "game-head", "status-bar"} <= classes, "the scan reads app.css"
    found = {}
    for game in GAMES:
        vocab = game_vocabulary(game)
        hits = {c: sorted(words(c) & vocab) for c in classes if words(c) & vocab}
        if hits:
            found[game] = hits
    assert not found, f"app.css names a game's things (they belong in js/games/<id>/game.css): {found}"


def test_a_games_stylesheet_is_declared_by_its_modules_exactly_when_it_exists() -> None:
    # js/games.js asks for game.css only when the module says `ownStyles`: a missing file is never asked for
    # (no 404 in the console), a present one never forgotten.
    for game in (g for g, rules in GAMES.items() if rules.on_table):
        has = (GAME_WEB / game / "game.css").is_file()
        for module in ("screen.js", "watch.js"):
            says = bool(EXPORTS_STYLES.search((GAME_WEB / game / module).read_text(encoding="utf-8")))
            assert says == has, f"{game}/{module}: ownStyles {says}, game.css {'present' if has else 'absent'}"


def _stylesheets() -> list[Path]:
    return [APP_CSS, *sorted(GAME_WEB.glob("*/game.css"))]


def test_every_backdrop_filter_has_its_webkit_twin() -> None:
    seen = 0
    sources = [(p, p.read_text(encoding="utf-8")) for p in _stylesheets()]
    sources += [(p, "\n".join(re.findall(r"<style[^>]*>(.*?)</style>", p.read_text(encoding="utf-8"), flags=re.S)))
                for p in sorted(WEB.rglob("*.html"))]
    for path, text in sources:
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        for block in re.findall(r"\{([^{}]*)\}", text):
            decls = dict(d.split(":", 1) for d in (x.strip() for x in block.split(";")) if ":" in d)
            decls = {k.strip(): v.strip() for k, v in decls.items()}
            if "backdrop-filter" in decls:
                seen += 1
                assert decls.get("-webkit-backdrop-filter") == decls["backdrop-filter"], f"{path.name}: {block.strip()}"
            assert "-webkit-backdrop-filter" not in decls or "backdrop-filter" in decls, f"{path.name}: {block}"
    assert seen, "the scan found no backdrop-filter at all (the top bar has one)"


def test_no_stylesheet_upper_cases_text_outside_what_is_hidden_from_screen_readers() -> None:
    # WebKit and Firefox take text-transform into the accessible name: only a drawn copy may carry it, its twin
    # for screen readers not (the caption of a card face, js/games/cat-in-the-sack/cards.js). The browser test
    # below checks the rendered screens; this one that no other rule slipped in.
    transformed = []
    for path in _stylesheets():
        text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        for selector, block in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
            if re.search(r"text-transform\s*:\s*(?!none)", block):
                transformed.append((path.relative_to(WEB).as_posix(), selector.strip()))
    assert transformed == [("js/games/cat-in-the-sack/game.css", ".card .caption")], transformed


# ---------------------------------------------------------------- in the browser

GAME_CSS = "/static/js/games/{}/game.css"
LINKS = "() => [...document.querySelectorAll('link[data-game-css]')].map((l) => l.getAttribute('href'))"
# A probe of each game's look, made on the page: the computed style that only its game.css gives.
PROBE = """([cls, prop]) => {
    const probe = document.createElement('span');
    probe.className = cls;
    document.body.append(probe);
    const value = getComputedStyle(probe)[prop];
    probe.remove();
    return value;
}"""
# The computed style of the first element each selector finds, in one go (a re-render cannot come between).
STYLE_OF = """(asks) => asks.map(([sel, prop]) => {
    const n = document.querySelector(sel);
    return n ? getComputedStyle(n)[prop] : null;
})"""
# Every element whose text is drawn transformed (upper case) must be hidden from the accessibility tree.
TRANSFORMED_NAMED = """() => [...document.querySelectorAll('body *')]
    .filter((n) => getComputedStyle(n).textTransform !== 'none' && n.textContent.trim()
        && !n.closest('[aria-hidden=true]'))
    .map((n) => n.outerHTML.slice(0, 120))"""


class Watched:
    """A page of a phone with no CSP bypass (the real Content-Security-Policy applies), its console and failures."""

    def __init__(self, context: Any) -> None:
        self.page = context.new_page()
        self.page.set_default_timeout(WAIT_S * 1000)
        self.problems: list[str] = []
        self.page.on("pageerror", lambda exc: self.problems.append(f"error: {exc}"))
        self.page.on("console", lambda m: m.type in ("error", "warning") and self.problems.append(f"console: {m.text}"))
        self.page.on("response", lambda r: r.status >= 400 and self.problems.append(f"{r.status} {r.url}"))

    def links(self) -> list[str]:
        return self.page.evaluate(LINKS)

    def wait_for_links(self, wanted: list[str]) -> None:
        # the links are those, and every stylesheet is loaded (a link is in the page before its sheet has come)
        self.page.wait_for_function(f"(wanted) => JSON.stringify(({LINKS})()) === JSON.stringify(wanted) && "
                                    "[...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)",
                                    arg=wanted)

    def probe(self, cls: str, prop: str) -> str:
        return self.page.evaluate(PROBE, [cls, prop])


def _host(pw_browser: Any, server: Any) -> tuple[Any, Watched, dict[str, str]]:
    pw, browser = pw_browser
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en-GB")  # no bypass_csp: the server's CSP holds
    phone, t = Watched(context), load_locale("en")
    phone.page.goto(server.join_url)
    phone.page.get_by_label(t["join.name"]).fill("Ana")
    phone.page.get_by_role("button", name=t["join.button"], exact=True).click()
    phone.page.get_by_role("heading", name=t["lobby.title"]).wait_for()
    return context, phone, t


def _pick(phone: Watched, t: dict[str, str], game: str) -> None:
    phone.page.get_by_role("group", name=t["lobby.game"]).get_by_role("button", name=t[f"game.{game}"]).click()


def _add_bots(phone: Watched, t: dict[str, str], n: int) -> None:
    remove = phone.page.get_by_role("button", name=name_pattern(t["host.remove_bot"]))
    for i in range(n):
        phone.page.get_by_role("button", name=t["host.add_bot"], exact=True).click()
        remove.nth(i).wait_for()


def _watch(context: Any, server: Any, t: dict[str, str]) -> Watched:
    watch = Watched(context)
    watch.page.goto(server.join_url.replace("/?k=", "/watch?k="))
    watch.page.get_by_role("heading", name=t["lobby.title"]).wait_for()
    return watch


@pytest.mark.browser
def test_a_games_stylesheet_styles_its_screen_and_goes_when_the_host_switches_game(pw_browser: Any,
                                                                                   server: Any) -> None:
    context, ana, t = _host(pw_browser, server)
    try:
        watch = _watch(context, server, t)
        sack, rat = GAME_CSS.format("cat-in-the-sack"), GAME_CSS.format("rat-a-tat-cat")
        _pick(ana, t, "cat-in-the-sack")
        for page in (ana, watch):
            page.wait_for_links([sack])
            assert page.probe("my-mice", "display") == "inline-flex"
            assert page.probe("pcard", "borderTopLeftRadius") == "0px", "Rat-a-Tat Cat's rules apply too early"

        # The host switches game: Cat in the Sack's look goes from both pages, Rat-a-Tat Cat's comes.
        _pick(ana, t, "rat-a-tat-cat")
        for page in (ana, watch):
            page.wait_for_links([rat])
            assert page.probe("my-mice", "display") == "inline", "Cat in the Sack's rules still apply"
            assert page.probe("pcard", "borderTopLeftRadius") == "10px"

        # On the game's screen its own look applies: the line of four is a grid (a plain list without game.css).
        _add_bots(ana, t, 1)
        ana.page.get_by_role("button", name=t["host.start"], exact=True).click()
        for page in (ana, watch):
            page.page.locator(".line4").first.wait_for()
            assert page.page.evaluate(STYLE_OF, [[".line4", "display"]]) == ["grid"]
            assert page.links() == [rat]
        assert not ana.problems and not watch.problems, ana.problems + watch.problems
    finally:
        context.close()


@pytest.mark.browser
def test_cat_in_the_sack_screens_wear_its_stylesheet_and_name_cards_in_their_own_case(pw_browser: Any,
                                                                                     server: Any) -> None:
    context, ana, t = _host(pw_browser, server)
    try:
        watch = _watch(context, server, t)
        _pick(ana, t, "cat-in-the-sack")
        _add_bots(ana, t, 2)
        ana.page.get_by_role("button", name=t["host.start"], exact=True).click()
        group = ana.page.get_by_role("group", name=t["choose.title"])
        group.get_by_role("button").first.wait_for()

        # The phone's game screen: the mice in the header and the card buttons wear game.css.
        looks = ana.page.evaluate(STYLE_OF, [[".game-head .my-mice", "borderTopWidth"],
                                             [".game-head .my-mice", "borderTopColor"],
                                             [".card-btn .caption", "textTransform"]])
        assert looks == ["2px", "rgb(255, 179, 71)", "uppercase"], looks  # the caption is drawn in capitals
        # ...and each card is named in its own case, as the accessibility tree has it ("Cat 15", "Small dog").
        names: list[str] = []
        for _ in range(50):  # (the screen may be drawn again as the snapshot is taken: then it reads empty)
            names = re.findall(r'^\s*- button "([^"]*)"', group.aria_snapshot(), flags=re.M)
            if names:
                break
            ana.page.wait_for_timeout(100)
        cat = re.compile("^" + re.escape(t["card.cat"]).replace(r"\{value\}", "[+\u2212-]?\\d+") + "$")
        others = (t["card.rabbit"] + " 0", t["card.big_dog"], t["card.small_dog"])  # the rabbit's corner says 0
        assert len(names) >= 5 and all(cat.match(n) or n in others for n in names), names
        assert ana.page.evaluate(TRANSFORMED_NAMED) == [], "text drawn transformed reaches the accessibility tree"

        # The watch page: the table's mouse cards are laid out by the game's stylesheet.
        watch.page.locator(".mouse-cards").first.wait_for()
        assert watch.page.evaluate(STYLE_OF, [[".mouse-cards", "display"]]) == ["flex"]
        assert watch.page.evaluate(TRANSFORMED_NAMED) == []
        assert ana.links() == watch.links() == [GAME_CSS.format("cat-in-the-sack")]
        assert not ana.problems and not watch.problems, ana.problems + watch.problems
    finally:
        context.close()
