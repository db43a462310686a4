"""The TV lobby's household board: the chosen game's leaders and last results, beside the players,
covering nothing, readable (sizes, AA contrast), in the game's own words, and absent when nothing was kept."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pygame
import pytest

from game.locales import game_table
from game.tv import layout
from game.tv.app import TvApp, present
from game.tv.i18n import Texts
from game.tv.intents import Intent
from game.tv.layout import LOBBY
from game.tv.render import TextCache
from game.tv.scenes.lobby_board import MIN_SIZE, fit_pieces, result_pieces, when_text
from tests.conftest import ARTIFACTS
from tests.test_tv_contrast import low_contrast
from tests.test_tv_qr import decode
from tests.tv_fixtures import FakeServer, json_round_trip, table, update

SHOTS = ARTIFACTS / "screenshots" / "tv" / "lobby-history"
SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"
NOW = datetime(2026, 12, 4, 22, 0).timestamp()  # a Friday evening, this computer's local time


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def at(*when: int) -> int:
    """Return the unix seconds of a local date and time."""
    return int(datetime(*when).timestamp())


def seats(*people: tuple[str, int, bool]) -> list[dict[str, Any]]:
    return [{"name": name, "total": total, "bot": bot} for name, total, bot in people]


def rigged_history() -> dict[str, Any]:
    """Return a `history` as the server sends it: five leaders and five results of Cat in the Sack
    (a long name, a shared win, five and six seats, bots), a short board of Rat-a-Tat Cat."""
    return {
        SACK: {"leaders": [{"name": "Ana", "wins": 7, "games": 12, "best": 61},
                           {"name": "Maximiliano Ruiz", "wins": 5, "games": 9, "best": 58},
                           {"name": "Chloé", "wins": 3, "games": 11, "best": 49},
                           {"name": "Dániel", "wins": 1, "games": 4, "best": 44},
                           {"name": "Őrsi", "wins": 0, "games": 2, "best": None}],
               "recent": [{"ended": at(2026, 12, 4, 21, 40), "winners": ["Ana"],
                           "seats": seats(("Ana", 52, False), ("Felix", 48, True), ("Chloé", 40, False))},
                          {"ended": at(2026, 12, 3, 20, 5), "winners": ["Maximiliano Ruiz", "Chloé"],
                           "seats": seats(("Ana", 44, False), ("Maximiliano Ruiz", 50, False), ("Luna", 31, True),
                                          ("Chloé", 50, False))},
                          {"ended": at(2026, 11, 29, 18, 30), "winners": ["Felix"],
                           "seats": seats(("Ana", 39, False), ("Felix", 55, True), ("Chloé", 41, False),
                                          ("Dániel", 33, False), ("Őrsi", 12, False))},
                          {"ended": at(2026, 11, 12, 19, 0), "winners": ["Ana"],
                           "seats": seats(("Ana", 61, False), ("Dániel", 44, False), ("Tom", 40, True))},
                          {"ended": at(2026, 11, 2, 21, 15), "winners": ["Chloé"],
                           "seats": seats(("Ana", 30, False), ("Chloé", 49, False), ("Tom", 40, True))}]},
        RAT: {"leaders": [{"name": "Béla", "wins": 4, "games": 6, "best": 0},
                          {"name": "Zsófi", "wins": 2, "games": 6, "best": 3}],
              "recent": [{"ended": at(2026, 12, 4, 20, 0), "winners": ["Béla"],
                          "seats": seats(("Zsófi", 31, False), ("Béla", 12, False), ("Felix", 25, True),
                                         ("Luna", 40, True), ("Mittens", 22, True), ("Tom", 18, True))}]},
    }


def lobby(game: str, players: int, history: Any = None, *, lang: str = "en", with_history: bool = True,
          waiting: tuple[str, ...] = ()) -> TvApp:
    """Return a TV at rest in the lobby with `players` seats, `game` chosen and `history` in the update
    (and `waiting`: who joined to play and waits for a seat)."""
    server = FakeServer()
    app = TvApp(server, lang=lang)
    app.ctx.wall = lambda: NOW
    tab = table(players)
    tab["game"] = game
    tab["waiting"] = list(waiting)
    tab["watchers"] += len(waiting)
    u = update(2, "lobby", tab, None)
    if with_history:
        u["history"] = rigged_history() if history is None else history
    server.updates.put(json_round_trip(u))
    for _ in range(3):
        app.tick(0.1)
    return app


def drawn_texts(app: TvApp) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]:
    """Draw the app's picture; return it and every text the TextCache put on it, with its rect."""
    out: list[tuple[str, pygame.Rect]] = []
    tc = app.ctx.tc
    real = TextCache.blit

    def blit(canvas: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(tc, canvas, text, *args, **kw)
        out.append((text, rect))
        return rect

    tc.blit = blit  # type: ignore[method-assign]
    canvas = pygame.Surface(layout.CANVAS)
    try:
        app.draw(canvas)
    finally:
        del tc.blit
    return canvas, out


def fixed_rects(beside_board: bool, seats_count: int) -> dict[str, pygame.Rect]:
    """Return what the board must never cover: the QR code, join texts, players, options and key hints."""
    rects = {name: getattr(LOBBY, name) for name in ("title", "url", "code", "hint", "warning", "settings", "keys")}
    rects["qr"] = LOBBY.qr.inflate(16, 16)  # its white frame
    rects["players_title"] = LOBBY.players_heading(beside_board)
    for i in range(seats_count):
        rects[f"player{i}"] = LOBBY.player_line(i, beside_board)
    return rects


@pytest.mark.parametrize("game", [SACK, RAT])
@pytest.mark.parametrize("players", [3, 6])
def test_the_lobby_shows_the_chosen_games_board_at_720p_1080p_and_4k(game: str, players: int) -> None:
    app = lobby(game, players)
    canvas, texts = drawn_texts(app)
    t, board = app.ctx.texts, rigged_history()[game]
    shown = [text for text, _ in texts]
    assert t("history.title") in shown and t("history.recent") in shown
    assert all(any(leader["name"] in s for s in shown) for leader in board["leaders"])
    own = game_table(game, "en")["game.history.best"]
    assert own in shown  # the best column in the game's words ('Top score', 'Best round')
    assert when_text(t, board["recent"][0]["ended"], NOW) in shown
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        target = pygame.Surface(size)
        present(canvas, target)
        pygame.image.save(target, str(SHOTS / f"{game}_{players}p_{size[1]}p.png"))
        if size[1] <= 1080:  # the join code still scans with the board beside the players
            assert decode(target) == [FakeServer().join_url]


@pytest.mark.parametrize("lang", ["en", "hu", "fr"])
@pytest.mark.parametrize("game", [SACK, RAT])
def test_the_board_covers_nothing_and_its_texts_fit_it(game: str, lang: str) -> None:
    app = lobby(game, 6, lang=lang)
    _canvas, texts = drawn_texts(app)
    board = LOBBY.board
    for name, rect in fixed_rects(True, 6).items():
        assert not board.colliderect(rect), f"the board covers lobby.{name}"
    assert layout.SAFE.contains(board)
    inside = [(text, r) for text, r in texts if board.colliderect(r)]
    assert len(inside) >= 12
    for text, r in inside:
        assert board.contains(r), f"{text!r} {r} leaves the board {board}"
        assert r.height >= MIN_SIZE, f"{text!r} is too small to read from the couch"
    for i, (a_text, a) in enumerate(inside):
        for b_text, b in inside[i + 1:]:
            assert not a.colliderect(b), f"{a_text!r} overlaps {b_text!r}"
    # the players' column beside it: every name and tag inside its own line, none over another
    lines = [LOBBY.player_line(i, True) for i in range(6)]
    for text, r in texts:
        if r.left >= lines[0].left and r.right <= lines[0].right + 1 and r.top >= lines[0].top:
            owner = [line for line in lines if line.colliderect(r)]
            assert len(owner) <= 1, f"{text!r} runs over two player lines"
            assert not owner or owner[0].contains(r), f"{text!r} {r} leaves its player line {owner[0]}"
    title = [r for text, r in texts if text.startswith(app.ctx.texts("lobby.watchers", n=1))]
    assert title and LOBBY.players_heading(True).contains(title[0])


def test_an_empty_history_draws_no_board_and_the_players_keep_the_whole_width() -> None:
    plain, plain_texts = drawn_texts(lobby(SACK, 4, with_history=False))
    host = next(r for text, r in plain_texts if text == "host")
    assert host.right == LOBBY.player_line(0).right - 24  # the tags at the far end of a whole-width line
    for history in ({}, {SACK: {"leaders": [], "recent": []}}, {RAT: rigged_history()[RAT]}, None):
        app = lobby(SACK, 4, history=history if history is not None else {SACK: {}})
        canvas, texts = drawn_texts(app)
        assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(plain, "RGB"), history
        assert app.ctx.texts("history.title") not in [text for text, _ in texts]
    with_board, _ = drawn_texts(lobby(SACK, 4))
    assert pygame.image.tobytes(with_board, "RGB") != pygame.image.tobytes(plain, "RGB")


def test_switching_the_game_switches_the_board() -> None:
    app = lobby(SACK, 4)
    _c, texts = drawn_texts(app)
    shown = " ".join(text for text, _ in texts)
    assert "Maximiliano" in shown and "Zsófi" not in shown
    server = app.server
    tab = table(4)
    tab["game"] = RAT
    u = update(3, "lobby", tab, None)
    u["history"] = rigged_history()
    server.updates.put(json_round_trip(u))
    for _ in range(3):
        app.tick(0.1)
    if app.lobby.playing_howto:  # picking a game plays its how-to over the board: a key skips it
        app.dispatch(Intent.OTHER_KEY)
    _c, texts = drawn_texts(app)
    shown = [text for text, _ in texts]
    assert "Zsófi" in shown and not any("Maximiliano" in s for s in shown)
    assert "Best round" in shown and "Top score" not in shown


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("game", [SACK, RAT])
def test_the_board_texts_reach_aa(game: str, lang: str) -> None:
    app = lobby(game, 6, lang=lang)
    assert app.scene.board() is not None
    assert low_contrast(app) == {}


def test_when_a_game_ended_is_said_as_the_weekday_within_a_week_else_the_date() -> None:
    t = Texts("en")
    friday, sunday, long_ago = at(2026, 12, 4, 21, 40), at(2026, 11, 29, 9, 5), at(2026, 11, 12, 19, 0)
    assert when_text(t, friday, NOW) == "Fri 21:40"
    assert when_text(t, sunday, NOW) == "Sun 09:05"
    assert when_text(t, long_ago, NOW) == "12 Nov"
    assert when_text(t, at(2026, 11, 27, 23, 0), NOW) == "27 Nov"  # a week ago: Friday would mean today
    expected = {"es": ("vie 21:40", "12 nov"), "fr": ("ven. 21:40", "12 nov."), "hu": ("P 21:40", "nov. 12.")}
    for lang, (day, date) in expected.items():
        t = Texts(lang)
        assert (when_text(t, friday, NOW), when_text(t, long_ago, NOW)) == (day, date)
    assert when_text(Texts("en"), "soon", NOW) == ""  # a malformed time says nothing rather than crash


def test_a_long_result_keeps_its_winners_shrinks_then_says_how_many_more() -> None:
    tc, t = TextCache(), Texts("en")
    result = rigged_history()[RAT]["recent"][0]  # six seats, the winner fourth... second in seat order
    pieces = result_pieces(t, result, NOW)
    assert pieces[0][0] == "Fri 20:00" and pieces[1][0] == "Béla 12"  # winners first
    width = LOBBY.board.width - 44
    shown, size = fit_pieces(tc, t, pieces, width)
    assert size == MIN_SIZE and shown[-1][0].startswith("+") and shown[1][0] == "Béla 12"
    assert int(shown[-1][0][1:]) == len(pieces) - (len(shown) - 1)  # '+N' counts exactly the seats left out
    drawn = sum(tc.render(text, size).get_width() for text, _ in shown) + 12 * (len(shown) - 1)
    assert drawn <= width
    short = result_pieces(t, rigged_history()[SACK]["recent"][0], NOW)
    assert fit_pieces(tc, t, short, width) == (short, layout.TEXT_SMALL)  # three seats: all, full size


def test_the_tv_draws_the_board_the_real_server_sends_from_its_save(tmp_path) -> None:
    import time

    from game.server.thread import ServerThread
    from tests.household import household, seed

    seed(tmp_path, household(int(time.time())))
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
    server.start()
    try:
        app = TvApp(server)
        deadline = time.monotonic() + 10
        while app.model.update is None or app.scene.board() is None:
            assert time.monotonic() < deadline, "no board came with the server's lobby"
            app.tick(0.05)
            time.sleep(0.01)
        _canvas, texts = drawn_texts(app)
        shown = [text for text, _ in texts]
        assert "Top score" in shown and "Ana" in shown and "Maximiliano Ruiz" in shown
        assert not any(name in shown for name in ("Felix", "Luna", "Tom"))  # bots: in results, never leaders
        assert all(LOBBY.board.contains(r) for text, r in texts if text == "Maximiliano Ruiz")
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["en", "es", "fr", "hu"])
@pytest.mark.parametrize("with_history", [True, False])
def test_the_lobby_names_who_waits_for_a_seat_in_the_order_they_came(lang: str, with_history: bool) -> None:
    app = lobby(SACK, 5, lang=lang, with_history=with_history, waiting=("Maximiliano Ruiz", "Őrsi"))
    _canvas, texts = drawn_texts(app)
    t = app.ctx.texts
    shown = [text for text, _ in texts]
    heading = LOBBY.players_heading(with_history)
    count = [r for text, r in texts if text == t("tv.waiting_count", n=2)]
    assert count and heading.contains(count[0]), "how many wait is told in the players' heading"
    assert t("lobby.watchers", n=2) not in shown, "instead of the watchers' count, which includes them"
    names = t("lobby.waiting", names="Maximiliano Ruiz, Őrsi")
    line = LOBBY.player_line(5, with_history)  # the line under the five seats
    drawn = [(text, r) for text, r in texts if r.colliderect(line)]
    assert " ".join(text for text, _ in drawn) == names, "every name, in the order they came, on one or two lines"
    for text, r in drawn:
        assert line.contains(r) and r.height >= MIN_SIZE, f"{text!r} {r} leaves the line under the seats {line}"
    # a full six-seat table: the count only (no line is free); nobody waiting: the watchers' count, as before
    _canvas, six = drawn_texts(lobby(RAT, 6, lang=lang, with_history=with_history, waiting=("Őrsi",)))
    assert t("tv.waiting_count", n=1) in [text for text, _ in six]
    assert not [text for text, _ in six if text.startswith(t("lobby.waiting", names=""))]
    _canvas, plain = drawn_texts(lobby(SACK, 5, lang=lang, with_history=with_history))
    assert t("lobby.watchers", n=1) in [text for text, _ in plain]
    assert not [text for text, r in plain if r.colliderect(line)], "no line under the seats when nobody waits"
