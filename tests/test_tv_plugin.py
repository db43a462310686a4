"""The TV platform is game-agnostic: its files name no game, and the lobby renders any game's options."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import pygame
import pytest

from game.tv import layout
from game.tv.app import NoScreensScene, TvApp
from game.tv.games import GameScreens, screens_for
from game.tv.scenes.lobby import LobbyScene
from tests.game_words import every_games_words, hits, split_words
from tests.tv_fixtures import FakeServer, game_updates, json_round_trip, table, update

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path("/tmp/shots-tv2")

# The files of the TV platform: every module of game/tv/ but the games' packages (issue 8: they may name a game
# only in a comment or docstring).
PLATFORM_FILES = sorted(str(p.relative_to(ROOT)) for p in [*(ROOT / "game/tv").glob("*.py"),
                                                            *(ROOT / "game/tv/scenes").glob("*.py"),
                                                            ROOT / "game/tv/games/__init__.py"])
# Words of a game (each declares its own: WORDS in its plugin.py) that the TV platform uses in their plain sense:
# the lobby's option rows, a game that was won, pygame.mouse, a chart line's markers.
OWN = frozenset({"row", "rows", "won", "mouse", "marker"})


def words(text: str) -> list[str]:
    """Return the words of an identifier or a string the scan compares ('open_piles' -> open, piles; camelCase too)."""
    return sorted(split_words(text))


def code_words(source: str) -> list[tuple[int, str, str]]:
    """Return (line, token, word) for each word of every identifier and string literal, docstrings left out."""
    out: list[tuple[int, str, str]] = []
    previous = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT,
                                                        tokenize.DEDENT, tokenize.ENCODING):
            pass  # a statement made only of a string: a docstring
        elif tok.type in (tokenize.NAME, tokenize.STRING) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            out += [(tok.start[0], tok.string, w) for w in words(tok.string)]
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            previous = tok.type
    return out


def test_the_scan_sees_a_game_word_in_code_and_strings_but_not_in_comments() -> None:
    source = ('"""About the sack."""\n'
              'def f(open_piles):  # the sack\n'
              '    """Peek at the row."""\n'
              '    return t("ev.sack_won"), f"{n} mice", rowCount\n')
    game_words = set().union(*every_games_words(OWN).values())
    found = {(line, w) for line, _tok, w in code_words(source) if w in game_words}
    assert found == {(2, "piles"), (2, "pile"), (4, "sack"), (4, "mice")}


@pytest.mark.parametrize("path", PLATFORM_FILES)
def test_platform_tv_file_names_no_game_vocabulary(path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    found = sorted({f"{path}:{line}: {tok} {sorted(set().union(*used.values()))}" for line, tok, _w in code_words(source)
                    if (used := hits(tok, OWN))})
    assert not found, "\n".join(found)


# ---------------------------------------------------------------- the lobby renders declarations

@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def made_up_table() -> dict:
    """Return a lobby table where the chosen game is one no registry has: a bool, a choice and an int option."""
    tab = table(4)
    tab["games"].append({"id": "moon-hop", "min_players": 2, "max_players": 6, "options": [
        {"name": "glow", "kind": "bool", "default": False, "choices": [], "min": None, "max": None,
         "shown_when": None},
        {"name": "end", "kind": "choice", "default": "rounds", "choices": ["rounds", "score"], "min": None,
         "max": None, "shown_when": None},
        {"name": "target", "kind": "int", "default": 50, "choices": [50, 100], "min": 20, "max": 200,
         "shown_when": ["end", "score"]},
    ]})
    tab["game"] = "moon-hop"
    tab["options"] = {"turn_timer": 0, "glow": False, "end": "score", "target": 100}
    return tab


def key(app: TvApp, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_lobby_draws_a_made_up_games_options_from_their_declarations() -> None:
    server = FakeServer([update(1, "lobby", made_up_table(), None)])
    app = TvApp(server)
    app.tick(0.02)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    # no texts for the made-up game: English from the declaration; the timer's are the table's own
    assert lobby.option_texts() == [("glow", "Glow: Off"), ("end", "End: score"), ("target", "Target: 100"),
                                    ("turn_timer", "Turn timer: Off"), ("pace", "Pace: Normal")]
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    drawn = [k[0] for k in app.ctx.tc._cache]
    assert "Moon hop" in drawn and "2–6 players" in drawn and "Target: 100" in drawn
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(SHOTS / "lobby_made_up_game.png"))


def test_lobby_hides_an_option_whose_shown_when_does_not_hold() -> None:
    tab = made_up_table()
    tab["options"]["end"] = "rounds"
    server = FakeServer([update(1, "lobby", tab, None)])
    app = TvApp(server)
    app.tick(0.02)
    assert [name for name, _text in app.scene.option_texts()] == ["glow", "end", "turn_timer", "pace"]


def test_arrow_keys_walk_the_option_rows_and_send_allowed_values() -> None:
    server = FakeServer([update(1, "lobby", made_up_table(), None)])
    app = TvApp(server)
    app.tick(0.02)
    presses = [pygame.K_DOWN, pygame.K_RIGHT,  # glow: on
               pygame.K_DOWN, pygame.K_LEFT,  # end: back to rounds
               pygame.K_RIGHT,  # end: nothing after 'score'
               pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,  # target: the offered 50, then 101
               pygame.K_DOWN, pygame.K_RIGHT,  # turn timer: 30
               pygame.K_DOWN, pygame.K_LEFT,  # pace: relaxed
               pygame.K_DOWN, pygame.K_LEFT,  # wraps round to glow (still off here): on
               pygame.K_UP, pygame.K_UP, pygame.K_t]  # back on the timer row; T steps the timer too
    for k in presses:
        key(app, k)
    assert server.commands == [
        {"cmd": "set_option", "name": "glow", "value": True},
        {"cmd": "set_option", "name": "end", "value": "rounds"},
        {"cmd": "set_option", "name": "target", "value": 50},
        {"cmd": "set_option", "name": "target", "value": 101},
        {"cmd": "set_option", "name": "turn_timer", "value": 30},
        {"cmd": "set_option", "name": "pace", "value": "relaxed"},
        {"cmd": "set_option", "name": "glow", "value": True},
        {"cmd": "set_option", "name": "turn_timer", "value": 30},
    ]
    assert app.scene.selected == "turn_timer"


def test_g_cycles_the_games_the_table_offers() -> None:
    tab = made_up_table()
    server = FakeServer([update(1, "lobby", tab, None)])
    app = TvApp(server)
    app.tick(0.02)
    key(app, pygame.K_g)
    assert server.commands == [{"cmd": "set_game", "game": tab["games"][0]["id"]}]  # after the last, the first


def test_a_game_without_a_tv_scene_module_does_not_crash_the_tv() -> None:
    assert screens_for("moon-hop") is None and screens_for("../etc") is None
    assert isinstance(screens_for("cat-in-the-sack"), GameScreens)
    tab = made_up_table()
    ups = game_updates(3, seed=4)
    playing, over = json_round_trip(ups[3]), json_round_trip(ups[-1])
    for u in (playing, over):
        u["table"] = tab
    server = FakeServer([playing])
    app = TvApp(server)
    app.tick(0.02)
    assert isinstance(app.scene, NoScreensScene)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    assert "Moon hop is on: follow it on your phones" in [k[0] for k in app.ctx.tc._cache]
    server.updates.put(over)
    for _ in range(3):
        app.tick(0.1)
        app.draw(canvas)
    assert [row["seat"] for row in app.scene.ranking()] and app.scene.ranking()[0]["place"] == 1


def test_lowest_total_wins_when_the_outcome_says_so() -> None:
    over = json_round_trip(game_updates(4, seed=2)[-1])
    over["table"] = made_up_table()
    over["outcome"] = {"winners": [2], "totals": [30, 12, 5, 12], "lowest_wins": True, "detail": {}}
    server = FakeServer([over])
    app = TvApp(server)
    app.tick(0.02)
    assert [(r["seat"], r["place"]) for r in app.scene.ranking()] == [(2, 1), (1, 2), (3, 2), (0, 4)]


def test_every_tv_text_has_its_glyphs_in_the_tv_font() -> None:
    import pygame.freetype

    from game.engine import GAMES
    from game.locales import LANGS, game_table, platform_table

    pygame.freetype.init()
    font = pygame.freetype.Font(None)  # the TV's own font (game.tv.render.TextCache)
    tables = [platform_table(lang) for lang in LANGS] + [game_table(g, lang) for g in GAMES for lang in LANGS]
    missing = [(key, ch) for table in tables for key, text in table.items()
               for ch, metrics in zip(text, font.get_metrics(text, size=layout.TEXT_BODY)) if metrics is None]
    assert not missing, f"drawn as empty boxes: {missing}"


def test_the_played_games_texts_are_used_and_two_games_may_use_the_same_key() -> None:
    from game.tv.i18n import Texts

    t = Texts("fr")
    t.add("moon-hop", {lang: {"head.round": f"Hop {{n}} ({lang})", "game.name": f"Moon hop ({lang})"}
                       for lang in ("en", "fr")})
    t.add("cat-in-the-sack")
    t.game = "moon-hop"
    assert t("head.round", n=2, total=9) == "Hop 2 (fr)"
    t.game = "cat-in-the-sack"
    assert t("head.round", n=2, total=9) == "Manche 2/9"
    assert t.game_name("moon-hop") == "Moon hop (fr)"  # the lobby still names the other game
    assert t.game_name("cat-in-the-sack") == "Le chat dans le sac"  # from its locale file, as the phone says it
    assert t.game_name("no-texts-game") == "No texts game"
    assert t("over.total") == "Total" and t("no such key") == "no such key"
