"""The four locales (the platform's and each game's, read by the phone and the TV) agree, cover every key the page,
the TV and the server use, and the page stays small and safe."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.engine import GAMES
from game.protocol import TABLE_OPTIONS
from tests.error_keys import engine_error_keys, platform_error_keys

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "controller_web"
GAME_WEB = WEB / "js" / "games"
LANGS = ("en", "es", "fr", "hu")
ON_TABLE = tuple(g for g, rules in GAMES.items() if rules.on_table)  # offered in the lobby: each has its phone folder
# What a phone downloads is the page gzipped (the server packs its text files); the unpacked total is what it parses
PAGE_LIMIT_PACKED = 48 * 1024
PAGE_LIMIT_BYTES = 160 * 1024

# Keys the JS builds at run time, from a prefix and a closed set. The lobby builds "opt." keys from the options'
# declarations (checked by test_every_declared_option_is_named_and_explained).
DYNAMIC = {
    "lang.": LANGS,
    "bye.": ("replaced", "shutdown", "kicked"),
    "opt.": (),
    "level.": ("easy", "normal", "hard"),  # bot levels (game.bots.LEVELS)
    "rt.card.": ("peek", "swap", "draw2"),  # Rat-a-Tat Cat's power cards (js/games/rat-a-tat-cat/game.js)
}
# The log's lines of a seat's own moves and others' (each game's `told`, in its events.js or screen.js): "ev.<key>" / "ev.you.<key>"
_SACK_TOLD = ("bid", "passed", "passed_took", "offer", "sack_won", "start_player", "round_void")
_RAT_TOLD = ("dealt", "last_turn", "took_and_placed", "placed", "placed_up", "discarded", "power", "draw2_first",
             "draw2_second", "swap_skipped", "knocked", "power_replaced")
DYNAMIC |= {"ev.": _SACK_TOLD, "ev.you.": _SACK_TOLD, "rt.ev.": _RAT_TOLD, "rt.ev.you.": _RAT_TOLD}


def _platform(lang: str) -> dict[str, str]:
    return json.loads((WEB / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def _game_locale(game: str, lang: str) -> dict[str, str]:
    return json.loads((GAME_WEB / game / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


# Every game with a phone folder, offered in the lobby or not yet (its errors are translated in its own files).
WITH_PHONE = tuple(g for g in GAMES if (GAME_WEB / g / "locales").is_dir())
PHONE_GAMES = tuple(sorted(set(ON_TABLE) | set(WITH_PHONE)))


def _locale(lang: str) -> dict[str, str]:
    """Return every string of `lang`: the platform's and each game's that has its phone folder."""
    strings = _platform(lang)
    for game in PHONE_GAMES:
        strings.update(_game_locale(game, lang))
    return strings


def _sources(pattern: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(WEB.rglob(pattern)))


def test_every_game_brings_its_own_strings_and_never_redefines_the_platforms() -> None:
    platform = set(_platform("en"))
    for game in PHONE_GAMES:
        own = set(_game_locale(game, "en"))
        assert own, f"{game} has no strings of its own"
        assert not own & platform, f"{game} redefines platform keys: {sorted(own & platform)}"
        assert "game.name" in own, f"the lobbies name every game from its own texts: {game} lacks game.name"


def test_every_declared_option_is_named_and_explained() -> None:
    for lang in LANGS:
        for spec in TABLE_OPTIONS:
            strings = _platform(lang)
            for key in (f"opt.{spec.name}", f"opt.{spec.name}.hint"):
                assert strings.get(key, "").strip(), f"{lang}: the table option {spec.name} lacks {key}"
        for game in PHONE_GAMES:
            rules, strings = GAMES[game], _game_locale(game, lang)
            for spec in rules.options:
                for key in (f"opt.{spec.name}", f"opt.{spec.name}.hint"):
                    assert strings.get(key, "").strip(), f"{lang}: {game}'s option {spec.name} lacks {key}"


def _tables(lang: str) -> list[tuple[str, dict[str, str]]]:
    """Return (whose, strings) of `lang`: the platform's, then each game's (a game's table is loaded alone)."""
    return [("platform", _platform(lang))] + [(game, _game_locale(game, lang)) for game in PHONE_GAMES]


def test_all_locales_have_the_same_keys_and_placeholders() -> None:
    for lang in LANGS:
        for (whose, strings), (_same, en) in zip(_tables(lang), _tables("en")):
            assert set(strings) == set(en), \
                f"{whose}/{lang}: missing {set(en) - set(strings)}, extra {set(strings) - set(en)}"
            for key, text in strings.items():
                assert isinstance(text, str) and text.strip(), f"{whose}/{lang}:{key} is empty"
                assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", en[key])), \
                    f"{whose}/{lang}:{key} has other placeholders than English"


def test_every_key_the_page_uses_exists() -> None:
    keys = set(_locale("en"))
    js = _sources("*.js")
    used = set(re.findall(r"\bt\(\s*\"([^\"]+)\"", js))
    used |= set(re.findall(r"\bt\(\s*`([^`$]+)`", js))
    html = _sources("*.html")
    used |= set(re.findall(r"data-i18n(?:-label)?=\"([^\"]+)\"", html))
    assert len(used) > 100, "the key scan found too little: did the t() call style change?"
    dynamic = set(re.findall(r"\bt\(\s*`([^`$]*)\$\{", js)) | set(re.findall(r"`([a-z]+\.)\$\{", js))
    assert dynamic <= set(DYNAMIC) | {"err."}, f"unchecked dynamic keys: {dynamic - set(DYNAMIC)}"
    for prefix, names in DYNAMIC.items():
        used |= {prefix + n for n in names}
    assert not used - keys, f"keys used but not translated: {sorted(used - keys)}"


def test_every_error_key_the_platform_sends_is_translated_in_the_platforms_strings() -> None:
    sent = platform_error_keys()
    assert {"stale_version", "name_taken", "bad_field"} <= sent, "the error scan found too little"
    for lang in LANGS:
        strings = _platform(lang)
        missing = sorted(k for k in sent if f"err.{k}" not in strings)
        assert not missing, f"{lang}: platform error keys without a translation: {missing}"
        assert "{message}" in strings["err.generic"]


def test_every_error_key_an_engine_can_raise_is_translated_in_its_games_own_strings() -> None:
    engines = engine_error_keys()
    assert {"bid_too_low", "card_not_in_hand"} <= engines["cat-in-the-sack"], "the error scan found too little"
    for game in PHONE_GAMES:
        for lang in LANGS:
            # on the wire the key is "<game id>.<key>" (game.protocol.game_error); the phone looks up "err." + that
            strings = _game_locale(game, lang)
            missing = sorted(k for k in engines[game] if not strings.get(f"err.{game}.{k}", "").strip())
            assert not missing, f"{game}/{lang}: error keys without a translation in its own locale: {missing}"
            foreign = sorted(k for k in strings if k.startswith("err.") and not k.startswith(f"err.{game}."))
            assert not foreign, f"{game}/{lang}: error texts outside the game's namespace: {foreign}"


def test_no_games_error_key_is_in_the_platforms_strings() -> None:
    engine_only = set().union(*engine_error_keys().values()) - platform_error_keys()
    for lang in LANGS:
        errors = {k.removeprefix("err.") for k in _platform(lang) if k.startswith("err.")}
        assert not errors & engine_only, f"{lang}: the platform translates game errors: {sorted(errors & engine_only)}"
        namespaced = sorted(k for k in errors if any(k.startswith(f"{g}.") for g in GAMES))
        assert not namespaced, f"{lang}: a game's namespaced errors in the platform's strings: {namespaced}"


def test_the_page_never_writes_html_from_strings() -> None:
    js = _sources("*.js")
    for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert banned not in js, f"{banned} found in controller_web JS"


def test_the_phone_page_weighs_at_most_48_kib_as_sent() -> None:
    from bench.server import page_bytes  # the figure the benchmark prints: every file the page loads

    for game in PHONE_GAMES:
        for lang in LANGS:
            total, packed, files = page_bytes(game, lang)
            assert any(f.startswith(f"js/games/{game}/") for f in files), "the game's own module is loaded and counted"
            print(f"phone page, {game}, {lang}: {total} bytes ({packed} gzipped) in {len(files)} files")
            assert packed <= PAGE_LIMIT_PACKED, f"{game} in {lang}: {packed} bytes gzipped"
            assert total <= PAGE_LIMIT_BYTES, f"{game} in {lang}: {total} bytes unpacked"


def test_pages_load_nothing_from_outside() -> None:
    for path in WEB.rglob("*"):
        if path.suffix in {".html", ".js", ".css"}:
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(?:src|href)=\"(?:https?:)?//", text), f"{path.name} loads from another host"
            assert "@import url(http" not in text and "fonts.googleapis" not in text


def test_the_page_is_set_up_for_phones() -> None:
    css = (WEB / "css" / "app.css").read_text(encoding="utf-8")
    assert "touch-action: manipulation" in css, "a double tap must not zoom"
    for page in ("index.html", "watch.html", "nokey.html", "rules.html"):
        html = (WEB / page).read_text(encoding="utf-8")
        assert '<meta name="viewport" content="width=device-width, initial-scale=1' in html, page
        assert 'type="module"' in html, page




# Keys the TV builds at run time, from a prefix and a closed set (per folder of game/tv: the platform's, each game's).
TV_DYNAMIC: dict[str, dict[str, tuple[str, ...]]] = {
    "platform": {"level.": ("easy", "normal", "hard"), "tv.bot_kind.": ("random",), "opt.": (),
                 "tv.": ("server_down", "server_back", "save_failed", "join_moved")},  # game.tv.app.NOTE_KEYS
    "cat-in-the-sack": {"tv.ev.round_started.": ("filled", "bank_short", "void"),
                        "card.in_text.": ("rabbit", "big_dog", "small_dog")},
    "rat-a-tat-cat": {"tv.hdr.": ("rounds", "time", "elimination"), "tv.turn.": ("draw", "decide", "end_turn"),
                      "rt.card.": ("peek", "swap", "draw2")},
}
TV_KEY = re.compile(r"\b(?:t|texts)\(\s*[\"']([a-z][\w.\-]*)[\"']|\"(tv\.[\w.\-]+)\"")
TV_DYNAMIC_KEY = re.compile(r"(?:\b(?:t|texts|own)\(\s*|\bkey = |\belse )f\"([a-z][\w.]*\.)\{")


def test_every_key_the_tv_uses_exists_in_its_table() -> None:
    from game.tv.app import NOTE_KEYS

    assert set(TV_DYNAMIC["platform"]["tv."]) == NOTE_KEYS
    tv = ROOT / "game" / "tv"
    folders = {"platform": [p for p in tv.rglob("*.py") if p.parent.parent != tv / "games"]}
    for game in ON_TABLE:
        folders[game] = sorted((ROOT / "game" / "tv" / "games" / game.replace("-", "_")).glob("*.py"))
    for whose, paths in folders.items():
        keys = set(_platform("en")) | (set(_game_locale(whose, "en")) if whose != "platform" else set())
        source = "\n".join(p.read_text(encoding="utf-8") for p in paths)
        used = {a or b for a, b in TV_KEY.findall(source)}
        for asked, fallback in re.findall(r"\bown\(\s*\"([\w.]+)\",\s*\"([\w.]+)\"", source):
            assert asked.startswith("game.") and all(asked in _game_locale(g, "en") for g in ON_TABLE), asked
            used.add(fallback)  # a game's own text the platform asks for, else the platform's
        assert len(used) > (10 if whose == "platform" else 2), f"the key scan found too little in {whose}'s TV files"
        dynamic = TV_DYNAMIC.get(whose, {}) | TV_DYNAMIC["platform"]
        assert set(TV_DYNAMIC_KEY.findall(source)) <= set(dynamic), f"unchecked dynamic TV keys in {whose}"
        for prefix, names in TV_DYNAMIC.get(whose, TV_DYNAMIC["platform"]).items():
            used |= {prefix + n for n in names}
        assert not used - keys, f"{whose}: TV keys without a text: {sorted(used - keys)}"
