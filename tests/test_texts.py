"""One text table per language, read by the TV and the phone: a game's texts can never replace the platform's.

Both look a key up in the platform's table first (game/tv/i18n.py's Texts, controller_web/js/i18n.js), so a game
key that repeats a platform key is ignored; the TV logs it, and no registered game may have one.
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import GAMES
from game.locales import LANGS, game_names, game_table, platform_table, shadowing_keys
from game.table.updates import _game_entry
from game.tv import i18n, layout
from game.tv.app import TvApp
from game.tv.i18n import Texts
from game.tv.scenes.results import ResultsScene
from tests.tv_fixtures import FakeServer, game_updates, json_round_trip

ROOT = Path(__file__).resolve().parents[1]
SACK = "cat-in-the-sack"


def test_no_registered_game_defines_a_platform_key() -> None:
    assert len(GAMES) >= 2
    for game in GAMES:
        assert shadowing_keys(game) == [], f"{game}'s texts repeat platform keys"
        for lang in LANGS:
            own = game_table(game, lang)
            assert own, f"{game} has no texts in {lang}"
            assert not set(own) & set(platform_table(lang)), game


def test_every_game_is_named_in_every_language_on_the_wire() -> None:
    for game, rules in GAMES.items():
        assert set(game_names(game)) == set(LANGS), f"{game} lacks its name (game.name) in a language"
        assert _game_entry(rules)["names"] == {lang: game_table(game, lang)["game.name"] for lang in LANGS}
    assert game_names(SACK)["fr"] != game_names(SACK)["en"]  # a name is translated, not the id
    assert not any(key.startswith("game.") for lang in LANGS for key in platform_table(lang)), \
        "a game's name or own words live in its own table, not the platform's"


def test_a_games_key_never_changes_a_platform_text_and_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    t = Texts("en")
    with caplog.at_level(logging.ERROR, logger="game.tv.i18n"):
        t.add("moon-hop", {"en": {"over.winner": "{name} hops!", "game.name": "Moon hop",
                                  "game.history.best": "Highest hop", "tv.hop": "Hop {n}"}})
    assert "moon-hop" in caplog.text and "over.winner" in caplog.text and "tv.hop" not in caplog.text
    t.game = "moon-hop"
    assert t("over.winner", name="Ana") == "Ana wins!"  # the platform's banner, not the game's
    assert t("tv.hop", n=3) == "Hop 3"  # the game's own key is still found
    assert t.own("game.history.best", "history.best") == "Highest hop"
    assert t.own("over.winner", "over.winner", name="Ana") == "Ana wins!"  # not even when asked for the game's
    t.game = SACK
    t.add(SACK)
    assert t.own("game.history.best", "history.best") == game_table(SACK, "en")["game.history.best"]
    assert t.own("game.no_such", "history.best") == "Best"  # a game without its own word: the platform's


@pytest.fixture
def _pygame() -> Any:
    pygame.display.init()
    pygame.font.init()
    yield


def test_the_score_screen_banner_stays_the_platforms_when_a_game_defines_it(
        _pygame: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    real = i18n.game_table
    rigged = {"over.winner": "{name} takes the sack!", "tv.results.share": "{names} share the sack!"}
    monkeypatch.setattr(i18n, "game_table", lambda game, lang: {**real(game, lang), **rigged})
    monkeypatch.setattr(i18n, "shadowing_keys", lambda game: sorted(rigged))
    over = json_round_trip(game_updates(4, seed=2)[-1])
    over["outcome"]["winners"] = over["outcome"]["winners"][:1]
    with caplog.at_level(logging.ERROR, logger="game.tv.i18n"):
        app = TvApp(FakeServer([over]))
        for _ in range(5):
            app.tick(0.1)
    assert "over.winner" in caplog.text
    assert isinstance(app.scene, ResultsScene)
    app.draw(pygame.Surface(layout.CANVAS))
    drawn = {key[0] for key in app.ctx.tc._cache}
    winner = app.model.name(over["outcome"]["winners"][0])
    assert f"{winner} wins!" in drawn and f"{winner} takes the sack!" not in drawn


I18N_CHECK = """
const [i18nPath, platformJson] = process.argv.slice(1);
const errors = [];
console.error = (message) => errors.push(String(message));
globalThis.localStorage = { getItem: () => null, setItem() {} };
globalThis.document = { documentElement: {}, querySelectorAll: () => [], querySelector: () => null };
const tables = {
  "/static/locales/en.json": JSON.parse(platformJson),
  "/game/en.json": { "over.winner": "{name} hops!", "game.history.best": "Highest hop", "hop.round": "Hop {n}" },
  "/plain/en.json": { "hop.round": "Plain hop {n}" },
};
globalThis.fetch = async (url) => ({ ok: url in tables, status: 404, json: async () => tables[url] });
const i18n = await import(i18nPath);
await i18n.setLang("en");
await i18n.setSection("/game");
const out = {
  winner: i18n.t("over.winner", { name: "Ana" }), round: i18n.t("hop.round", { n: 2 }),
  best: i18n.own("game.history.best", "history.best"), shadow: i18n.own("over.winner", "over.winner", { name: "Ana" }),
  named: i18n.gameName({ games: [{ id: "moon-hop", names: { en: "Moon hop" } }] }, "moon-hop"),
  unnamed: i18n.gameName({ games: [] }, "moon-hop"),
};
await i18n.setSection("/plain");
out.plainBest = i18n.own("game.history.best", "history.best");
out.errors = errors;
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the phone's i18n.js")
def test_the_phones_i18n_keeps_the_platforms_words_too() -> None:
    platform = (ROOT / "controller_web" / "locales" / "en.json").read_text(encoding="utf-8")
    url = (ROOT / "controller_web" / "js" / "i18n.js").as_uri()
    run = subprocess.run(["node", "--input-type=module", "-e", I18N_CHECK, url, platform],
                         capture_output=True, text=True, timeout=60, check=True)
    out = json.loads(run.stdout)
    assert out["winner"] == "Ana wins!" and out["shadow"] == "Ana wins!"  # the platform's banner
    assert out["round"] == "Hop 2" and out["best"] == "Highest hop"  # the game's own keys still work
    assert out["plainBest"] == "Best"  # a game without its own word: the platform's
    assert out["named"] == "Moon hop" and out["unnamed"] == "moon-hop"
    assert len(out["errors"]) == 1 and "over.winner" in out["errors"][0] and "hop.round" not in out["errors"][0]


def _longest_settings(lobby: Any, specs: list[dict[str, Any]], pinned: dict[str, Any]) -> dict[str, Any]:
    """Return option values that make each option's text its longest (an int: its largest), `pinned` kept."""
    values = dict(pinned)
    for spec in specs:
        if spec["name"] in pinned:
            continue
        kind = spec["kind"]
        candidates = [True, False] if kind == "bool" else list(spec["choices"]) + (
            [spec["max"]] if kind == "int" and spec["max"] is not None else [])
        values[spec["name"]] = max(candidates, key=lambda v: len(lobby.value_label(spec, v)))
    return values


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_options_fit_the_settings_box_beside_the_ready_note(_pygame: Any, lang: str) -> None:
    from game.tv.layout import LOBBY
    from game.tv.scenes.lobby import MIN_OPTION_SIZE, LobbyScene
    from tests.tv_fixtures import table, update

    for rules in GAMES.values():
        if not rules.on_table:
            continue
        tab = table(rules.min_players)
        tab["game"], tab["games"] = rules.id, [_game_entry(r) for r in GAMES.values() if r.on_table]
        specs = [o.to_dict() for o in rules.options] + tab["table_options"]
        watched = {o["shown_when"][0] for o in specs if o["shown_when"]}  # options that show or hide others
        choosers = [s for s in specs if s["kind"] == "choice" and s["name"] in watched]
        pins = [{c["name"]: v} for c in choosers for v in c["choices"]] or [{}]
        for pinned in pins:
            app = TvApp(FakeServer([update(1, "lobby", tab, None)]), lang=lang)
            app.tick(0.02)
            lobby = app.scene
            assert isinstance(lobby, LobbyScene)
            tab["options"] = _longest_settings(lobby, specs, pinned)
            app.model.update["table"]["options"] = tab["options"]
            canvas = pygame.Surface(layout.CANVAS)
            app.draw(canvas)
            box = LOBBY.settings
            ready = app.ctx.tc.render(app.ctx.texts("tv.ready"), layout.TEXT_SMALL).get_rect(
                bottomright=(box.right - 28, box.bottom - 12))  # where the lobby writes it
            size, placed = lobby.option_layout(box, ready)
            assert len(placed) == len(lobby.option_texts()) >= 1  # at least the table's turn timer
            assert size >= MIN_OPTION_SIZE
            for name, text, rect in placed:
                assert box.contains(rect) and rect.bottom <= box.bottom - 6, f"{lang} {rules.id}: {text!r} leaves"
                assert not rect.colliderect(ready), f"{lang} {rules.id}: {text!r} runs into the ready note"
            rows = [r for _n, _t, r in placed]  # a line's options side by side; the lines a text size apart
            assert not any(a.top == b.top and a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1:])
            assert all(b.top == a.top or b.top - a.top >= size for a, b in zip(rows, rows[1:]))
