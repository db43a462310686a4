"""The Rat-a-Tat Cat TV scene, fed the public updates a real session sends for bot-only games."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from game.tv import layout
from game.tv.anim import Timeline
from game.tv.app import TvApp
from game.tv.games import screens_for
from game.tv.render import AA, RED, contrast
from game.tv.games.rat_a_tat_cat import scene as rat
from game.tv.games.rat_a_tat_cat.layout import RAT, plan
from tests.conftest import ARTIFACTS
from tests.test_tv_catch_up import FRAME, picture, play_fast
from tests.test_tv_contrast import low_contrast
from tests.tv_fixtures import FakeServer, json_round_trip
from tests.tv_fixtures import session_updates as kit_session_updates

GAME = "rat-a-tat-cat"
SHOTS = str(ARTIFACTS / "screenshots" / "tv" / "rat-a-tat-cat")  # each state, for people to look at


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    os.makedirs(SHOTS, exist_ok=True)
    yield


def session_updates(players: int, seed: int = 1, game: str = GAME, **options: Any) -> list[dict[str, Any]]:
    """Return every public update a session sends while bots play a whole game (of Rat-a-Tat Cat unless `game`
    says otherwise): the TV kit's (tests/tv_fixtures.py)."""
    return kit_session_updates(game, players, seed, **options)


def fed_app(ups: list[dict[str, Any]], upto: int | None = None, settle: int = 40) -> tuple[TvApp, FakeServer]:
    """Return a TV that got updates[..upto) through its normal update path, each given time to finish."""
    server = FakeServer()
    app = TvApp(server)
    for u in ups[:upto]:
        server.updates.put(u)
        for _ in range(settle):
            app.tick(0.1)
    return app, server


def first(ups: list[dict[str, Any]], test) -> int:
    return next(i for i, u in enumerate(ups) if u.get("view") and test(u["view"], u))


def shot(app: TvApp, name: str) -> pygame.Surface:
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    pygame.image.save(canvas, f"{SHOTS}/{name}.png")
    return canvas


def test_the_module_is_found_by_game_id_and_refuses_every_private_field() -> None:
    screens = screens_for(GAME)
    assert screens is rat.SCREENS and screens.table_scene is rat.RatTableScene
    # every field a seat's view adds to the public one, and every event meant for one seat
    from game.engine.rat_a_tat_cat.views import EVENT_SCHEMAS, PUBLIC_SCHEMA, SEAT_SCHEMA
    assert set(SEAT_SCHEMA) - set(PUBLIC_SCHEMA) - {"seat", "legal"} == screens.private_view_keys
    assert {e for e in EVENT_SCHEMAS if e.startswith("you_")} == screens.private_event_types


@pytest.mark.parametrize("players,options", [(2, {}), (6, {}), (3, {"kids": True}),
                                             (4, {"end": "elimination", "limit": 100}),
                                             (5, {"end": "time", "minutes": 10})])
def test_every_update_of_whole_games_is_drawn_without_error(players: int, options: dict[str, Any]) -> None:
    ups = session_updates(players, seed=players, **options)
    assert ups[-1]["stage"] == "over"
    server = FakeServer()
    app = TvApp(server)
    canvas = pygame.Surface(layout.CANVAS)
    seen_scene = False
    for u in ups:
        server.updates.put(u)
        app.tick(0.2)
        app.draw(canvas)
        seen_scene |= isinstance(app.scene, rat.RatTableScene)
    assert seen_scene and app.model.rejected == 0  # the TV took every public update: none looked private
    assert app.model.update["version"] == ups[-1]["version"]


def test_the_public_view_never_carries_a_face_down_value_and_the_tv_refuses_one() -> None:
    ups = session_updates(4, seed=2, kids=True)
    playing = [u for u in ups if u.get("view") and u["view"]["phase"] in ("draw", "decide", "end_turn")]
    assert playing
    for u in playing:
        assert rat.check_view(u["view"]) is None
        for s in u["view"]["seats"]:
            assert s["line"][1] is None and s["line"][2] is None  # kids: only the outer two face up
    leaky = json_round_trip(playing[0])
    leaky["view"]["seats"][0]["line"][1] = 5
    assert rat.check_view(leaky["view"]) == "a face-down card is shown"
    app, server = fed_app(ups, first(ups, lambda v, u: v["phase"] == "draw"), settle=2)
    before = app.model.update["version"]
    server.updates.put(leaky)
    seat_update = json_round_trip(playing[0])
    seat_update["view"]["drawn"] = 4
    server.updates.put(seat_update)
    app.tick(0.1)
    assert app.model.update["version"] == before and app.model.rejected == 2


def _bytes(canvas: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(canvas.subsurface(rect).copy(), "RGB")


def _pixels_of(canvas: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    sub = canvas.subsurface(rect)
    return sum(1 for x in range(0, rect.width, 2) for y in range(0, rect.height, 2)
               if sub.get_at((x, y))[:3] == colour)


def test_pile_count_discard_top_and_the_knock_are_drawn() -> None:
    ups = session_updates(4, seed=3)
    k = first(ups, lambda v, u: v["knocker"] is not None and v["phase"] == "draw")
    app, _ = fed_app(ups, k + 1)
    view = app.model.view
    canvas = shot(app, "4p_after_knock")
    scene = app.scene
    assert isinstance(scene, rat.RatTableScene)
    # the same table with another pile count, discard top and no knock must look different there
    other = json_round_trip(view)
    other["pile"] = view["pile"] + 7
    other["discard_top"] = "swap" if view["discard_top"] != "swap" else 3
    other["knocker"] = None
    assert app.model.accept({**app.model.update, "view": other})  # the same update with that view
    changed = pygame.Surface(layout.CANVAS)
    app.draw(changed)
    at = plan(4)
    badge = pygame.Rect(at.pile.left - 20, at.pile.bottom, at.pile_card[0] + 40, 60)
    for rect in (badge, at.discard, at.knock):
        assert _bytes(canvas, rect) != _bytes(changed, rect), rect
    # a dead power card on the discard is marked
    dead = json_round_trip(view)
    dead.update(discard_top="peek", discard_dead=True)
    assert app.model.accept({**app.model.update, "view": dead})
    app.draw(changed)
    tag = pygame.Rect(at.discard.left - 10, at.discard.bottom, at.pile_card[0] + 20, 60)
    assert _pixels_of(changed, tag, RED) > 20


def test_a_card_drawn_from_the_pile_is_a_back_in_the_hand() -> None:
    ups = session_updates(2, seed=5)
    k = first(ups, lambda v, u: v["phase"] == "decide" and v["drawn_from"] == "pile")
    app, _ = fed_app(ups, k + 1)
    seat = app.model.view["turn"]
    canvas = shot(app, "2p_mid_turn")
    spot = RAT.drawn(seat, 2)
    back = rat.cards_for(app.ctx).face(None, spot.size)
    held = canvas.subsurface(spot).copy()
    assert _same(held, back)
    # taken from the discard, everyone saw it: then it is that card's face, not a back
    k = first(ups, lambda v, u: v["phase"] == "decide" and v["drawn_from"] == "discard")
    app, _ = fed_app(ups, k + 1)
    canvas = shot(app, "2p_took_discard")
    assert not _same(canvas.subsurface(RAT.drawn(app.model.view["turn"], 2)).copy(), back)


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Return True if the opaque middle of `b` (a card picture) equals `a` there."""
    w, h = a.get_size()
    return all(a.get_at((x, y))[:3] == b.get_at((x, y))[:3] for x in range(10, w - 10, 7) for y in range(10, h - 10, 7))


def test_screens_of_six_seats_round_end_and_results() -> None:
    ups = session_updates(6, seed=6)
    app, _ = fed_app(ups, first(ups, lambda v, u: v["phase"] == "decide") + 1)
    shot(app, "6p_mid_turn")
    ups4 = session_updates(4, seed=3, kids=True)
    app, _ = fed_app(ups4, first(ups4, lambda v, u: v["phase"] == "draw") + 1)
    shot(app, "4p_kids_mid_turn")
    # a round ends in the update that deals the next one: its lines and scores come from the public events
    end = first(ups4, lambda v, u: any(e["type"] == "revealed" for e in u["events"]) and u["stage"] == "playing")
    server_app, server = fed_app(ups4, end)
    server.updates.put(ups4[end])
    for _ in range(10):
        server_app.tick(0.1)
    scene = server_app.scene
    assert isinstance(scene, rat.RatTableScene)
    revealed = next(e for e in ups4[end]["events"] if e["type"] == "revealed")
    scored = next(e for e in ups4[end]["events"] if e["type"] == "round_scored")
    shown = scene.anim.round_end()
    assert shown is not None and shown["scores"] == scored["scores"]
    assert len(shown["lines"]) == len(revealed["lines"]) and all(None not in line for line in shown["lines"])
    for _ in range(15):  # the flying power cards have landed: the lines and the scores at rest
        server_app.tick(0.1)
    while scene.moment_plan() is not None and scene.moment_plan().look_at(scene.moment_elapsed())[1] < 2:
        server_app.tick(0.1)  # (the table's reveal moment turns the lines up one at a time, then counts the totals)
    canvas = shot(server_app, "4p_round_end")
    back = rat.cards_for(server_app.ctx).face(None, RAT.card(0, 4, 1).size)
    assert not any(_same(canvas.subsurface(RAT.card(s, 4, p)).copy(), back) for s in range(4) for p in range(1, 5))
    assert scene.anim.round_end() is not None
    found = low_contrast(server_app)
    for _ in range(60):
        server_app.tick(0.1)
    assert scene.anim.round_end() is None  # then the new round's backs
    assert found == {}
    app, _ = fed_app(ups4, None)
    for _ in range(100):
        app.tick(0.1)
    shot(app, "4p_results")


@pytest.mark.parametrize("players", [2, 6])
def test_a_whole_round_in_200ms_ends_at_rest_on_the_latest_view(players: int) -> None:
    ups = session_updates(players, seed=7)
    start = first(ups, lambda v, u: v["round"] == 1 and v["phase"] == "draw")
    stop = first(ups, lambda v, u: v["round"] == 2)  # the round's last turn, its scores and the next deal
    assert stop - start >= 10
    fast, server = fed_app(ups, start)
    last = play_fast(fast, server, ups[start:stop + 1], 0.2)
    calm, _ = fed_app(ups, stop + 1, settle=100)
    while fast.ctx.clock < last + Timeline.CATCH_UP + FRAME:
        fast.tick(FRAME)
    assert isinstance(fast.scene, rat.RatTableScene) and not fast.scene.anim.running  # its pictures are over
    for app in (fast, calm):  # the table's moment (the round's reveal) holds it a while longer (game/table/moments.py)
        _wait_out_the_moment(app)
    assert not fast.scene.busy
    assert fast.scene.anim.news == calm.scene.anim.news != ""
    assert picture(fast) == picture(calm)


def _wait_out_the_moment(app: TvApp, limit: float = 30.0) -> None:
    """Tick the TV until the table's moment (a knock, a round's reveal) is over on it and the story's earlier lines
    have gone (the table at rest), at most `limit` seconds."""
    end = app.ctx.clock + limit
    while app.ctx.clock < end and (getattr(app.scene, "in_moment", False)
                                   or isinstance(app.scene, rat.RatTableScene) and app.scene.anim.story()):
        app.tick(0.1)


def test_the_table_texts_and_the_card_faces_reach_aa() -> None:
    ups = session_updates(6, seed=4, end="elimination", limit=100)
    frames = [first(ups, lambda v, u: v["phase"] == "decide"),
              first(ups, lambda v, u: v["knocker"] is not None),
              first(ups, lambda v, u: any(s["out"] for s in v["seats"]) and v["phase"] == "draw"),
              len(ups) - 1]
    server = FakeServer()
    app = TvApp(server)
    found: dict[str, float] = {}
    for k in frames:
        server.updates.put(ups[k])
        for _ in range(3):  # mid-animation, then at rest
            app.tick(0.15)
            found |= low_contrast(app)
        for _ in range(60):
            app.tick(0.1)
        found |= low_contrast(app)
    assert found == {}
    for ink, paper in rat.CARD_TEXT_PAIRS:
        assert contrast(ink, paper) >= AA, (ink, paper)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_rat_rect_lies_inside_the_safe_area_and_nothing_overlaps(seats: int) -> None:
    from game.tv.games.rat_a_tat_cat.layout import all_rects
    for name, rect in all_rects(seats).items():
        assert layout.SAFE.contains(rect), f"{name} {rect} leaves the safe area {layout.SAFE}"
    panels = [RAT.seat(i, seats) for i in range(seats)]
    assert not any(a.colliderect(b) for i, a in enumerate(panels) for b in panels[i + 1:]), "seat panels overlap"
    for s in range(seats):
        cards = [RAT.card(s, seats, p) for p in range(1, 5)]
        assert all(panels[s].contains(c) for c in cards)
        assert not any(a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1:]), "cards overlap"
    at = plan(seats)  # the table's middle: the piles, the card in hand and the news lines, clear of every panel
    middle = [at.pile, at.discard, at.hand, at.news, at.earlier, at.knock]  # (a toast covers the earlier lines)
    assert at.earlier.contains(at.toast)
    assert all(at.strip.contains(r) for r in middle)
    assert not any(a.colliderect(b) for i, a in enumerate(middle) for b in middle[i + 1:])
    assert not any(at.strip.colliderect(p.inflate(18, 18)) for p in panels)
    assert RAT.drawn(0, seats) == at.hand


TODAY = {2: (130, 182), 3: (96, 134), 4: (96, 134)}  # a line's card at 1080p before issue 28 (64439b5)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_line_s_cards_are_at_least_half_as_big_again_as_before_at_1080p(seats: int) -> None:
    ups = session_updates(seats, seed=seats)
    k = first(ups, lambda v, u: v["phase"] == "draw" and v["round"] == 2)
    app, _ = fed_app(ups, k + 1)
    canvas = shot(app, f"{seats}p_card_size")
    w, h = TODAY[seats]
    for s in range(seats):
        for p in range(1, 5):
            spot = RAT.card(s, seats, p)
            assert spot.width >= 1.5 * w and spot.height >= 1.5 * h, (s, p, spot)
            back = rat.cards_for(app.ctx).face(None, spot.size)
            assert _same(canvas.subsurface(spot).copy(), back), "the card is painted at that size"


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_no_seat_count_leaves_a_third_of_the_screen_empty(seats: int) -> None:
    """Every ninth of the safe area (a 3x3 grid) shows something, and what is drawn spans it nearly whole."""
    ups = session_updates(seats, seed=seats)
    k = first(ups, lambda v, u: v["phase"] == "decide" and v["round"] == 2)
    app, _ = fed_app(ups, k + 1)
    canvas = shot(app, f"{seats}p_fill")
    felt = pygame.Surface(layout.CANVAS)
    app.ctx.background(felt)
    safe = layout.SAFE
    drawn = [(x, y) for x in range(safe.left, safe.right, 8) for y in range(safe.top, safe.bottom, 8)
             if canvas.get_at((x, y))[:3] != felt.get_at((x, y))[:3]]
    xs, ys = [x for x, _ in drawn], [y for _, y in drawn]
    assert max(xs) - min(xs) >= 0.9 * safe.width and max(ys) - min(ys) >= 0.9 * safe.height
    cw, ch = safe.width // 3, safe.height // 3
    for col in range(3):
        for row in range(3):
            cell = pygame.Rect(safe.left + col * cw, safe.top + row * ch, cw, ch)
            inside = sum(1 for p in drawn if cell.collidepoint(p))
            assert inside >= 0.2 * (cw // 8) * (ch // 8), f"the {row},{col} ninth of the screen is nearly empty"


@pytest.mark.parametrize("event,kind", [("swapped", "fly"), ("peeked", "glance"), ("knocked", "knock"),
                                        ("drew", "fly"), ("replaced", "fly"), ("discarded", "fly")])
def test_public_events_move_pictures_that_end_at_rest(event: str, kind: str) -> None:
    for seed in range(8, 20):  # a bot game in which that event happens
        ups = session_updates(4, seed=seed)
        if any(e["type"] == event for u in ups for e in u["events"]):
            break
    k = first(ups, lambda v, u: any(e["type"] == event for e in u["events"]))
    app, server = fed_app(ups, k)
    rest_before = picture(app)
    server.updates.put(ups[k])
    app.tick(0.3)
    scene = app.scene
    assert isinstance(scene, rat.RatTableScene)
    assert scene.anim.timeline.running(kind) or scene.anim.timeline.pending(kind)
    moving = picture(app)
    if event == "swapped":  # two backs cross between the two seats
        ev = next(e for e in ups[k]["events"] if e["type"] == "swapped")
        assert ev["seat"] != ev["other_seat"] and len(scene.anim.timeline.pending("fly")) >= 2
    for _ in range(60):
        app.tick(0.1)
    assert not scene.busy and moving != picture(app) and moving != rest_before


def test_the_score_screen_marks_seats_that_went_out() -> None:
    ups = session_updates(6, seed=4, end="elimination", limit=100)
    out = ups[-1]["outcome"]["detail"]["eliminated"]
    assert out
    app, server = fed_app(ups, None)
    for _ in range(100):
        app.tick(0.1)
    _wait_out_the_moment(app)  # the last round's reveal holds the table before the score screen
    for _ in range(10):
        app.tick(0.1)
    canvas = shot(app, "6p_elimination_results")
    detail = rat.RatDetail()
    d = ups[-1]["outcome"]["detail"]
    for seat in out:  # the rounds it sat out (scored 0, out of the game) count for nothing
        played = [r[seat] for r in d["round_scores"]]
        while played[-1] == 0:
            played.pop()
        assert detail.cells(d, seat)[1] == str(min(played)) and played[-1] > 0
    plain = pygame.Surface(layout.CANVAS)
    same = json_round_trip(app.model.update)  # the same end, told as a new update, with nobody out
    same["version"] += 1
    same["outcome"]["detail"]["eliminated"] = []
    server.updates.put(same)
    app.tick(0.1)
    app.draw(plain)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(canvas, "RGB")


def test_b_hands_an_away_seat_to_a_bot_and_the_turn_timer_counts_down() -> None:
    from game.tv.intents import Intent
    ups = session_updates(3, seed=9)
    k = first(ups, lambda v, u: v["phase"] == "draw")
    app, server = fed_app(ups, k)
    u = json_round_trip(ups[k])
    u["table"]["seats"][2]["connected"] = False
    u["timer"] = {"seat": u["view"]["turn"], "seconds_left": 9}
    server.updates.put(u)
    app.tick(0.1)
    app.tick(1.0)
    scene = app.scene
    assert isinstance(scene, rat.RatTableScene)
    assert scene.timer_left == pytest.approx(8.0, abs=0.05)
    assert app.ctx.toast_text == app.ctx.texts("tv.hint_away", name="P2")
    app.dispatch(Intent.ADD_BOT)
    assert server.commands[-1] == {"cmd": "seat_to_bot", "seat": 2}
    assert low_contrast(app) == {}


STATES = {  # each state a couch sees, found in the public updates of a whole bot game
    "look": lambda v, u: v["phase"] == "look",
    "turn": lambda v, u: v["phase"] == "decide" and v["drawn_from"] == "pile",
    "swap": lambda v, u: any(e["type"] == "swapped" for e in u["events"]),
    "knock": lambda v, u: any(e["type"] == "knocked" for e in u["events"]),
    "reveal": lambda v, u: any(e["type"] == "revealed" for e in u["events"]),
    "scores": lambda v, u: u["stage"] == "over",
}


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (6, 12)])  # seeds whose bots swap
def test_each_state_of_the_table_renders_at_720p_1080p_and_4k(players: int, seed: int) -> None:
    from game.tv.app import present
    from game.tv.scenes.results import ResultsScene

    ups = session_updates(players, seed=seed, end="rounds", rounds=2)
    for name, test in STATES.items():
        k = first(ups, test)
        server = FakeServer()
        app = TvApp(server)
        for u in ups[:k]:  # everything before at once (the TV catches up and comes to rest) ...
            server.updates.put(u)
            app.tick(0.05)
        for _ in range(40):
            app.tick(0.1)
        server.updates.put(ups[k])  # ... then this state's own update, caught mid-animation where it moves
        if name == "scores" and ups[k].get("moment"):  # the last round's reveal, then its end, as the server says it
            for _ in range(40):
                app.tick(0.1)
            server.updates.put({**ups[k], "version": ups[k]["version"] + 1, "moment": None, "events": []})
        for _ in range({"swap": 3, "knock": 3, "reveal": 12}.get(name, 60)):
            app.tick(0.1)

        if name == "reveal":
            assert app.scene.anim.round_end() is not None, "the round's lines are shown turned up"
        assert isinstance(app.scene, ResultsScene if name == "scores" else rat.RatTableScene), name
        canvas = shot(app, f"{players}p_state_{name}")
        if name == "knock":  # announced big: who knocked and who still has a turn, by name
            view, t = app.model.view, app.ctx.texts
            still = [app.model.name(s) for s in view["last_to_play"]]
            assert len(still) == players - 1
            drawn = [k[0] for k in app.ctx.tc._cache]
            assert app.scene.in_moment  # the knock's moment: its banner, then the line saying who still plays
            assert t("tv.ev.knocked", name=app.model.name(view["knocker"])) in drawn and t("tv.knock.last") in drawn
            assert low_contrast(app) == {}, name
            _wait_out_the_moment(app)
            shot(app, f"{players}p_state_knock_after")
            drawn = [k[0] for k in app.ctx.tc._cache]
            assert t("tv.last_turns", name=app.model.name(view["knocker"]), names=t.names(still)) in drawn
        assert low_contrast(app) == {}, name
        for size in ((1280, 720), (1920, 1080), (3840, 2160)):
            target = pygame.Surface(size)
            dest = present(canvas, target)
            assert dest.size == size, (name, size)
            # the picture arrived whole: the scaled canvas centre is the canvas centre's colour
            centre = canvas.get_at((layout.CANVAS[0] // 2, layout.CANVAS[1] // 2))
            got = target.get_at(dest.center)
            assert max(abs(a - b) for a, b in zip(centre[:3], got[:3])) < 40, (name, size)


def test_a_swapped_card_is_drawn_once_while_it_flies_and_lands_in_its_slot() -> None:
    ups = session_updates(2, seed=11, end="rounds", rounds=2)
    k = first(ups, STATES["swap"])
    swap = next(e for e in ups[k]["events"] if e["type"] == "swapped")
    app, server = fed_app(ups, k)
    server.updates.put(ups[k])
    for _ in range(3):
        app.tick(0.1)
    slots = {(swap["seat"], swap["position"]), (swap["other_seat"], swap["other_position"])}
    assert app.scene.anim.hidden() == slots
    canvas = shot(app, "2p_swap_in_flight")
    back = rat.cards_for(app.ctx).face(None, RAT.card(0, 2, 1).size)
    for seat, position in slots:  # the slot is empty: the card is in the air, not in its place as well
        assert not _same(canvas.subsurface(RAT.card(seat, 2, position)).copy(), back)
    for _ in range(30):
        app.tick(0.1)
    assert app.scene.anim.hidden() == set()
    canvas = shot(app, "2p_swap_landed")
    for seat, position in slots:
        assert _same(canvas.subsurface(RAT.card(seat, 2, position)).copy(), back)


@pytest.mark.parametrize("players", [2, 6])
def test_the_card_faces_are_drawn_ahead_in_the_lobby_so_the_first_table_frames_draw_none(players: int) -> None:
    ups = session_updates(players, seed=12)
    server = FakeServer()
    app = TvApp(server)
    server.updates.put(ups[0])  # the lobby, with the game chosen: the TV warms its art a little per frame
    for _ in range(400):
        app.tick(1 / 60)
        if not app.warming:
            break
    assert not app.warming
    drawn_ahead = app.ctx.art.drawn()
    assert len([key for key, _size in drawn_ahead if key[0] == GAME]) >= 2 * len(rat.FACES)
    for u in ups[1:first(ups, STATES["reveal"]) + 2]:  # a whole round, its reveal and the next deal
        server.updates.put(u)
        for _ in range(4):
            app.tick(0.1)
            app.draw(pygame.Surface(layout.CANVAS))
    assert app.ctx.art.drawn() == drawn_ahead, "a picture was drawn while the table was being played"


def test_a_time_limited_game_shows_its_time_left_counting_down_then_the_last_round__R_GAME_2() -> None:
    ups = session_updates(3, seed=4, end="time", minutes=10)
    k = first(ups, lambda v, u: v["phase"] == "draw" and "game_time" in u)
    left = ups[k]["game_time"]["seconds_left"]
    app, server = fed_app(ups, k)
    server.updates.put(ups[k])
    for _ in range(31):  # 3.1 s after the update: three seconds gone on the TV's own clock
        app.tick(0.1)
    t = app.ctx.texts
    shown = left - 3
    expected = t("tv.hdr.time_left", n=ups[k]["view"]["round"], left=f"{shown // 60}:{shown % 60:02d}")
    shot(app, "3p_time_left")
    assert expected in [key[0] for key in app.ctx.tc._cache]
    assert left - 3.1 - 1e-6 <= app.scene.game_left <= left - 3.0 + 1e-6
    # once time is up the updates carry no clock: the header says this round is the last
    up = first(ups, lambda v, u: v["phase"] == "draw" and "game_time" not in u)
    app, _ = fed_app(ups, up + 1, settle=8)
    shot(app, "3p_time_up")
    assert t("tv.hdr.time_up", n=ups[up]["view"]["round"]) in [key[0] for key in app.ctx.tc._cache]


def _game_with(event: str, players: int = 4, test=lambda e: True) -> tuple[list[dict[str, Any]], int]:
    """Return a bot game's public updates in which `event` happens (passing `test`), and the first such update."""
    for seed in range(11, 60):
        ups = session_updates(players, seed=seed)
        for k, u in enumerate(ups):
            if any(e["type"] == event and test(e) for e in u["events"]):
                return ups, k
    raise LookupError(event)


def test_a_swap_names_both_places_while_their_two_cards_cross() -> None:
    ups, k = _game_with("swapped", 3)
    swap = next(e for e in ups[k]["events"] if e["type"] == "swapped")
    app, server = fed_app(ups, k)
    server.updates.put(ups[k])
    for _ in range(9):  # the power card has gone to the discard; the two cards are in the air
        app.tick(0.1)
    anim = app.scene.anim
    flying = anim.timeline.running("fly")
    assert len(flying) == 2 and flying[0][0].data["src"] == flying[1][0].data["dst"]  # they cross
    shot(app, "3p_swap_crossing")
    name, other = app.model.name(swap["seat"]), app.model.name(swap["other_seat"])
    drawn = [key[0] for key in app.ctx.tc._cache]
    assert f"{name} · {swap['position']}" in drawn and f"{other} · {swap['other_position']}" in drawn
    assert app.ctx.texts("tv.ev.swapped", name=name, pos=swap["position"], other=other,
                         other_pos=swap["other_position"]) == anim.news
    # the story so far stays under the news line: the Swap played, and what came before it
    played = app.ctx.texts("tv.ev.power_used", name=name, card=app.ctx.texts("rt.card.swap"))
    assert anim.story()[-1] == played and played in drawn and len(anim.story()) == 2
    assert low_contrast(app) == {}
    for _ in range(70):  # at rest, a while later, the table shows the latest view alone: the news line stays
        app.tick(0.1)
    assert anim.story() == [] and anim.news and app.scene.next_change() == float("inf")


def test_a_peek_lifts_the_card_looked_at_still_face_down__R_SEE_1() -> None:
    ups, k = _game_with("peeked", 3)
    peek = next(e for e in ups[k]["events"] if e["type"] == "peeked")
    assert set(peek) == {"type", "seat", "position"}, "which card is public, never its face"
    app, server = fed_app(ups, k)
    server.updates.put(ups[k])
    for _ in range(8):  # the Peek has flown to the discard; the card is up
        app.tick(0.1)
    anim = app.scene.anim
    (glance, p), = anim.timeline.running("glance")
    slot = RAT.card(peek["seat"], 3, peek["position"])
    assert glance.data["rect"] == slot and (peek["seat"], peek["position"]) in anim.hidden()
    canvas = shot(app, "3p_peek_lifted")
    lift = int(slot.height * 0.4 * min(1.0, 4 * p, 4 * (1 - p)))
    assert lift > slot.height // 4
    up = slot.move(0, -lift)
    back = rat.cards_for(app.ctx).face(None, slot.size)
    top = pygame.Rect(up.left, up.top, up.width, up.height // 4)  # above the eye: the card's back shows
    assert _same(canvas.subsurface(top).copy(), back.subsurface(pygame.Rect(0, 0, up.width, up.height // 4)))
    for _ in range(30):
        app.tick(0.1)
    assert not anim.hidden()


def test_a_draw_2_shows_both_draws_numbered() -> None:
    ups, k = _game_with("draw_again", 4, lambda e: e["draws_left"] == 1)
    seat = next(e for e in ups[k]["events"] if e["type"] == "draw_again")["seat"]
    start = max(i for i in range(k) if any(e["type"] == "power_used" and e["power"] == "draw2"
                                           for e in ups[i]["events"]))
    app, server = fed_app(ups, start)
    badges, news = [], []
    for u in ups[start:k + 2]:
        server.updates.put(u)
        for _ in range(12):
            app.tick(0.1)
            badges += [a.data["badge"] for a, _p in app.scene.anim.timeline.running("fly") if a.data.get("badge")]
            news.append(app.scene.anim.news)
        if any(e["type"] == "drew" for e in u["events"]) and len(set(badges)) == 2:
            shot(app, "4p_draw2_second_draw")
    name, t = app.model.name(seat), app.ctx.texts
    assert {1, 2} <= set(badges), "the first draw (kept or thrown away) and the second are numbered"
    assert t("tv.ev.draw2_1", name=name) in news and t("tv.ev.draw2_2", name=name) in news


def _public_values(u: dict[str, Any]) -> set[Any]:
    """Return every card value an update makes public: its view's face-up cards, its events' named cards."""
    v = u.get("view") or {}
    out: set[Any] = {v.get("discard_top"), v.get("drawn_card")}
    for s in v.get("seats") or ():
        out |= set(s.get("line") or ())
    for e in u.get("events") or ():
        for key in ("card", "discarded", "power", "discard"):
            out.add(e.get(key))
        for line in e.get("lines") or ():
            out |= set(line)
    return out - {None}


@pytest.mark.parametrize("options", [{}, {"kids": True}])
def test_the_tv_paints_no_card_face_the_public_updates_hid(options: dict[str, Any]) -> None:
    """Every card picture the table paints, at rest or in the air, is a back unless the updates showed that value;
    a line's place during play shows a back (the kids' outer two aside) until the round's end turns it up."""
    ups = session_updates(4, seed=8, **options)
    server = FakeServer()
    app = TvApp(server)
    cards = rat.cards_for(app.ctx)
    painted: list[tuple[Any, pygame.Rect]] = []
    real = cards.paint

    def recorder(canvas: pygame.Surface, card: Any, rect: pygame.Rect, dead: bool = False) -> pygame.Rect:
        painted.append((card, pygame.Rect(rect)))
        return real(canvas, card, rect, dead)

    cards.paint = recorder  # type: ignore[method-assign]  (before the table scene takes it)
    canvas = pygame.Surface(layout.CANVAS)
    seen: set[Any] = set()
    previous: dict[str, Any] = {}
    faces = 0
    for u in ups[:first(ups, lambda v, u: v["round"] == 3) + 1]:
        server.updates.put(u)
        public = _public_values(u) | _public_values(previous)
        seen |= public
        for _ in range(6):
            app.tick(0.15)
            scene, view = app.scene, app.model.view or {}
            if not isinstance(scene, rat.RatTableScene):
                continue
            painted.clear()
            scene.draw_rest(canvas)  # the resting table, every part
            resting = list(painted)
            scene.draw_moving(canvas)  # what moves over it
            n = int(view.get("players") or 4)
            slots = {RAT.card(s, n, p).topleft: p for s in range(n) for p in range(1, 5)}
            playing = view.get("phase") in ("look", "draw", "decide", "end_turn") and scene.anim.round_end() is None
            for k, (card, rect) in enumerate(painted):
                if card is None:
                    continue
                faces += 1
                assert card in public, (card, rect, u["version"])
                if k < len(resting) and playing and rect.topleft in slots:
                    assert options.get("kids") and slots[rect.topleft] in (1, 4), (card, rect, u["version"])
        previous = u
    assert faces > 50 and len(seen) >= 10
