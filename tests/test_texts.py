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
from game.session import _game_entry
from game.tv import i18n
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
    app.draw(pygame.Surface((1920, 1080)))
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
