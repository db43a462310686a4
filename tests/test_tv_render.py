"""TV rendering: every scene at three screen sizes, layout inside the TV-safe area, texts, art, rest picture."""

from __future__ import annotations

import pygame
import pytest

from game.tv import layout
from game.tv.app import TvApp, present
from game.tv.games.cat_in_the_sack.cards import CATS, CardArt
from game.locales import game_table, platform_table
from game.tv.i18n import LANGS, Texts, pick_lang
from game.tv.scenes.lobby import LobbyScene
from game.tv.scenes.results import ResultsScene
from game.tv.scenes.base import Animator
from game.tv.games.cat_in_the_sack import layout as sack_layout
from game.tv.games.cat_in_the_sack.anim import card_name
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE, SACK
from game.tv.games.cat_in_the_sack.table import SackTableScene
from tests.conftest import ARTIFACTS
from game.tv.games import screens_for
from tests.tv_fixtures import (TV_GAMES, FakeServer, first_turn, game_updates, games_and_players, json_round_trip,
                               kit_updates, pick, rig_scores, table, table_frames, update)

SHOTS = ARTIFACTS / "screenshots" / "tv"
SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def feed(app: TvApp, server: FakeServer, u: dict, settle: float = 6.0) -> None:
    """Give the app one update and let its animations finish."""
    server.updates.put(json_round_trip(u))
    app.tick(1 / 60)
    for _ in range(int(settle * 10)):
        app.tick(0.1)


def frames_for(players: int, open_piles: bool = False) -> dict[str, dict]:
    ups = game_updates(players, seed=players, open_piles=open_piles)
    return {"lobby": ups[0], "choose": pick(ups, "choose"), "auction": pick(ups, "auction", min_face_up=2, bids=True),
            "offer_or_late": next((u for u in ups if u["view"] and u["view"]["phase"] == "offer"), None)
            or pick(ups, "auction", min_face_up=players - 1),
            "over": ups[-1]}


@pytest.mark.parametrize("game,players", games_and_players())
def test_every_games_scenes_render_at_720p_1080p_and_4k(game: str, players: int) -> None:
    ups = kit_updates(game, players)
    table_scene = screens_for(game).table_scene  # type: ignore[union-attr]
    server = FakeServer()
    app = TvApp(server, keep_log=True)
    canvas = pygame.Surface(layout.CANVAS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    frames = [ups[0], *table_frames(ups, 3)]
    for k, u in enumerate(frames):
        feed(app, server, u)
        wanted = {"lobby": LobbyScene, "playing": table_scene, "over": ResultsScene}[u["stage"]]
        assert isinstance(app.scene, wanted), u["stage"]
        app.draw(canvas)
        pygame.image.save(canvas, str(SHOTS / f"{game}_{players}p_{k}_{u['stage']}.png"))
        for size in SIZES:
            target = pygame.Surface(size)
            dest = present(canvas, target)
            assert dest == target.get_rect()  # all three are 16:9
            small = pygame.transform.smoothscale(target, (96, 54))
            assert len({tuple(small.get_at((x, y))) for x in range(96) for y in range(54)}) > 20, "an empty picture"
    assert app.model.rejected == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_cat_in_the_sack_scene_renders_at_720p_1080p_and_4k(players: int) -> None:
    server = FakeServer()
    app = TvApp(server, keep_log=True)
    canvas = pygame.Surface(layout.CANVAS)
    scenes = {"lobby": LobbyScene, "choose": SackTableScene, "auction": SackTableScene,
              "offer_or_late": SackTableScene, "over": ResultsScene}
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, u in frames_for(players, open_piles=players == 5).items():
        feed(app, server, u)
        assert isinstance(app.scene, scenes[name]), name
        app.draw(canvas)
        pygame.image.save(canvas, str(SHOTS / f"{players}p_{name}.png"))
        for size in SIZES:
            target = pygame.Surface(size)
            dest = present(canvas, target)
            assert target.get_rect().contains(dest)
            assert dest.width == size[0] and dest.height == size[1]  # all three are 16:9
            # the picture really arrived: the centre pixel of the screen equals the canvas centre (scaled)
            assert target.get_at(dest.center) != pygame.Color(0, 0, 0, 255) or name == "over"


def test_letterbox_keeps_the_aspect_on_other_screens() -> None:
    assert layout.letterbox((1920, 1200)) == pygame.Rect(0, 60, 1920, 1080)
    assert layout.letterbox((2560, 1080)) == pygame.Rect(320, 0, 1920, 1080)
    target = pygame.Surface((1024, 768))
    dest = present(pygame.Surface(layout.CANVAS), target)
    assert dest.width == 1024 and dest.top == (768 - dest.height) // 2


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_every_layout_rect_lies_inside_the_safe_area(seats: int) -> None:
    for name, rect in {**layout.all_rects(seats), **sack_layout.all_rects(seats)}.items():
        assert layout.SAFE.contains(rect), f"{name} {rect} leaves the safe area {layout.SAFE}"
    panels = [SACK.seat(i, seats) for i in range(seats)]
    for a, b in zip(panels, panels[1:]):
        assert not a.colliderect(b), "seat panels overlap"
    assert all(p.width >= 260 for p in panels), "a seat panel is too narrow for a name"


def test_lobby_shows_six_seats_with_bots_hosts_and_a_lan_warning() -> None:
    server = FakeServer()
    server.lan_warning = "no LAN"
    server.port_note = "Port 8765 is busy: using 8766."
    app = TvApp(server, lang="hu")
    feed(app, server, update(2, "lobby", table(6, disconnected=(4,), bots=(1, 5)), None), settle=0.2)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    pygame.image.save(canvas, str(SHOTS / "lobby_6_seats_hu_warning.png"))
    # the warning text (orange) is drawn in the warning area
    warn = layout.LOBBY.warning
    pixels = {tuple(canvas.get_at((x, y)))[:3] for x in range(warn.left, warn.left + 500, 3)
              for y in range(warn.top, warn.top + 30, 3)}
    assert (255, 170, 60) in pixels


def test_every_text_exists_in_all_four_languages_and_renders() -> None:
    for lang in LANGS:
        t = Texts(lang)
        t.add("cat-in-the-sack")
        t.game = "cat-in-the-sack"
        assert t("head.round", n=3, total=9) == game_table("cat-in-the-sack", lang)["head.round"].format(n=3, total=9)
        assert card_name(t, -8) and card_name(t, "big_dog") == game_table("cat-in-the-sack", lang)["card.in_text.big_dog"]
    font = pygame.font.Font(None, 40)
    for lang in LANGS:
        for texts in (platform_table(lang), game_table("cat-in-the-sack", lang)):
            for text in texts.values():
                assert font.size(text)[0] > 0


def test_language_comes_from_the_flag_then_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    assert pick_lang("fr") == "fr"
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert pick_lang(None) == "hu"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("LANGUAGE", "")
    assert pick_lang("xx") in ("en", *LANGS)


def test_every_card_has_its_own_picture_drawn_once() -> None:
    art = CardArt()
    cards = [*CATS, "rabbit", "big_dog", "small_dog", "back", "sack"]
    faces = {c: art.face(c, CARD_SIZE) for c in cards}
    raw = {c: pygame.image.tobytes(s, "RGBA") for c, s in faces.items()}
    assert len(set(raw.values())) == len(cards), "two cards look the same"
    assert art.face(11, CARD_SIZE) is faces[11], "a card was drawn twice"
    canvas = pygame.Surface((len(cards) * 200, 280))
    canvas.fill((22, 74, 58))
    for i, c in enumerate(cards):
        canvas.blit(faces[c], (i * 200 + 5, 7))
    pygame.image.save(canvas, str(SHOTS / "cards.png"))


@pytest.mark.parametrize("game", TV_GAMES)
def test_draw_changes_nothing(game: str) -> None:
    ups = kit_updates(game, seed=9)
    server = FakeServer()
    app = TvApp(server)
    a = first_turn(ups, 0.3)
    feed(app, server, a, settle=0.1)
    nxt = ups[ups.index(a) + 1]
    server.updates.put(json_round_trip(nxt))
    app.tick(0.2)  # mid-animation
    scene = app.scene

    def seen() -> tuple:
        return (app.ctx.clock, scene.animating, scene.rest_key(), json_round_trip(app.model.update), scene.anim.news,
                repr(scene.anim.rest_state()))

    assert scene.animating or type(scene.anim) is Animator, "the next update's pictures are moving"
    before = seen()
    c1, c2 = pygame.Surface(layout.CANVAS), pygame.Surface(layout.CANVAS)
    app.draw(c1)
    app.draw(c2)
    after = seen()
    assert before == after
    assert pygame.image.tobytes(c1, "RGB") == pygame.image.tobytes(c2, "RGB")


@pytest.mark.parametrize("game,players", games_and_players())
def test_resting_picture_equals_the_latest_view(game: str, players: int) -> None:
    """A TV that saw every update (with animations) and one that saw only the last agree at rest."""
    ups = kit_updates(game, players, seed=11)
    mid = first_turn(ups, 0.6)
    stop = ups.index(mid)
    s1, s2 = FakeServer(), FakeServer()
    watched, fresh = TvApp(s1), TvApp(s2)
    for u in ups[:stop + 1]:
        s1.updates.put(json_round_trip(u))
        watched.tick(0.05)
    feed(watched, s1, mid, settle=0)  # a resent duplicate is harmless
    for _ in range(80):
        watched.tick(0.1)
    feed(fresh, s2, ups[0], settle=0.1)
    feed(fresh, s2, mid, settle=8)
    c1, c2 = pygame.Surface(layout.CANVAS), pygame.Surface(layout.CANVAS)
    watched.draw(c1)
    fresh.draw(c2)
    pygame.image.save(c1, str(SHOTS / f"rest_{game}_{players}p.png"))
    assert pygame.image.tobytes(c1, "RGB") == pygame.image.tobytes(c2, "RGB")


def test_turn_timer_counts_down_and_an_away_seat_is_greyed() -> None:
    from game.tv.render import grey_out, parse_colour

    ups = game_updates(4, seed=6)
    a = json_round_trip(pick(ups, "auction", min_face_up=1))
    a["table"] = table(4, timer=30, disconnected=(2,))
    turn = a["view"]["turn"]
    a["timer"] = {"seat": turn, "seconds_left": 27}
    server = FakeServer()
    app = TvApp(server)
    feed(app, server, ups[0], settle=0.1)
    server.updates.put(a)
    app.tick(0.01)
    assert app.scene.timer_left == pytest.approx(27, abs=0.05)
    for _ in range(30):
        app.tick(0.1)
    assert app.scene.timer_left == pytest.approx(24, abs=0.05)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    pygame.image.save(canvas, str(SHOTS / "timer_and_away_seat.png"))
    away = SACK.seat(2, 4)
    colour = parse_colour(a["table"]["seats"][2]["colour"])
    border = tuple(canvas.get_at((away.centerx, away.bottom - 1)))[:3]
    assert border == grey_out(colour) != colour
    assert app.scene.timer_seat == turn


def test_the_bid_to_beat_is_gold_and_outbid_ones_are_dimmed() -> None:
    from game.tv.render import GOLD, INK_DIM

    ups = game_updates(4, seed=9)
    a = next(u for u in ups if u["view"] and u["view"]["phase"] == "auction"
             and sum(1 for s in u["view"]["seats"] if s["bid"] and not s["passed"]) >= 2)
    server = FakeServer()
    app = TvApp(server)
    feed(app, server, a)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    top = a["view"]["highest_bid"]
    for s in a["view"]["seats"]:
        if not s["bid"] or s["passed"]:
            continue
        label = SACK.bid_label(s["seat"], 4)
        seen = {tuple(canvas.get_at((x, y)))[:3] for x in range(label.left, label.right)
                for y in range(label.top, label.bottom)}
        leading = s["bid"] == top
        assert (GOLD in seen) is leading and (INK_DIM in seen) is not leading, (s, top)


def test_after_the_last_round_the_table_shows_no_empty_row_slots() -> None:
    from game.tv.games.cat_in_the_sack.anim import row_len_for

    ups = game_updates(4, seed=5)
    last = ups[-1]
    assert last["view"]["phase"] == "over" and not last["view"]["row"]
    server = FakeServer()
    app = TvApp(server)
    feed(app, server, last)
    scene = SackTableScene(app.ctx)  # the table as it stands while the last animations finish
    canvas = pygame.Surface(layout.CANVAS)
    scene.draw(canvas)
    n = row_len_for(last["view"])
    for i in range(1, n + 1):
        slot = SACK.row_slot(i, n)
        edge = {tuple(canvas.get_at((slot.left + 1, y)))[:3] for y in range(slot.top + 20, slot.bottom - 20)}
        assert (255, 255, 255) not in edge, i


def test_demo_director_fills_starts_and_plays_again() -> None:
    server = FakeServer([update(1, "lobby", table(0), None)])
    app = TvApp(server, demo=True)
    app.tick(0.1)
    assert server.commands[-1] == {"cmd": "add_bot", "level": "normal"}
    server.updates.put(update(5, "lobby", table(4, bots=(0, 1, 2, 3)), None))
    app.tick(0.1)
    assert server.commands[-1] == {"cmd": "start"}
    over = game_updates(3, seed=1)[-1]
    server.updates.put(json_round_trip(over))
    for _ in range(50):
        app.tick(0.1)
    assert {"cmd": "play_again"} not in server.commands  # the scores stay up a while
    for _ in range(100):
        app.tick(0.1)
    assert server.commands[-1] == {"cmd": "play_again"}


def test_display_draws_straight_on_a_1080p_screen_and_scales_on_others() -> None:
    from game.tv.app import Display, window_size

    assert window_size((1920, 1080)) == (1600, 900)
    assert window_size((3840, 2160)) == (1920, 1080)
    assert window_size((1366, 768)) == (960, 540)  # room left for title bar and taskbar
    full = Display(windowed=True, size=(1920, 1080))
    assert full.canvas is full.window
    small = Display(windowed=True, size=(1280, 720))
    assert small.canvas is not small.window and small.canvas.get_size() == layout.CANVAS
    small.canvas.fill((255, 0, 0))
    small.flip()
    r, g, b, _ = pygame.display.get_surface().get_at((640, 360))
    assert r > 240 and g < 10 and b < 10  # smooth scaling may round a shade


def test_shared_win_and_tie_break_are_said_on_the_score_screen() -> None:
    over = rig_scores(json_round_trip(game_updates(4, seed=2)[-1]), [(20, 10), (25, 5), (25, 5), (3, 4)],
                      winners=[1, 2], tie_break=True)
    server = FakeServer()
    app = TvApp(server, lang="es")
    feed(app, server, over, settle=0.5)
    assert isinstance(app.scene, ResultsScene)
    assert [s["seat"] for s in app.scene.ranking()] == [1, 2, 0, 3]
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    pygame.image.save(canvas, str(SHOTS / "results_shared_tie_break_es.png"))
    banner = app.ctx.texts("tv.results.share", names=app.ctx.texts.names(["Béla", "Chloé"]))
    assert banner == "¡Béla y Chloé comparten la victoria!"


@pytest.mark.parametrize("game", TV_GAMES)
def test_odd_but_public_updates_never_crash_any_games_scenes(game: str) -> None:
    u = first_turn(kit_updates(game, seed=3), 0.4)
    other = next((g for g in TV_GAMES if g != game), "no-such-game")
    emptied = {k: ([] if isinstance(v, list) else v) for k, v in u["view"].items()}
    odd = [
        dict(u, table=dict(u["table"], seats=u["table"]["seats"][:1])),  # fewer seat records than players
        dict(u, view=emptied),  # every list of the view empty
        dict(u, acting=[], timer={"seat": 99, "seconds_left": 3}),  # a timer for a seat nobody has
        dict(u, stage="over", outcome=None),  # over, without the outcome
        dict(u, stage="playing", table=dict(u["table"], game=other)),  # another game's table with this view
    ]
    canvas = pygame.Surface(layout.CANVAS)
    for k, bad in enumerate(odd):
        server = FakeServer()
        app = TvApp(server)
        feed(app, server, dict(bad, version=100 + k), settle=0.3)
        app.draw(canvas)
        assert app.model.update is not None


def test_odd_but_public_updates_never_crash_a_scene() -> None:
    u = json_round_trip(pick(game_updates(4, seed=3), "auction", min_face_up=1))
    odd = [
        dict(u, table=dict(u["table"], seats=u["table"]["seats"][:2])),  # fewer seat records than players
        dict(u, view=dict(u["view"], row=[], mouse_cards=[], seats=[])),
        dict(u, view=dict(u["view"], turn=None, phase="offer")),
        dict(u, stage="over", view=dict(u["view"], result=None)),
        dict(u, stage="playing", table=dict(u["table"], game="rat-a-tat-cat")),
    ]
    canvas = pygame.Surface(layout.CANVAS)
    for k, bad in enumerate(odd):
        server = FakeServer()
        app = TvApp(server)
        bad = dict(bad, version=100 + k)
        feed(app, server, bad, settle=0.3)
        app.draw(canvas)
