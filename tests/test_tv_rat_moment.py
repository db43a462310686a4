"""Rat-a-Tat Cat's moments on the TV (game/tv/games/rat_a_tat_cat/moment.py): a knock and a round's end.

Real public updates of real sessions (tests/tv_fixtures.py: the kit's sessions play moments) are
fed to a TV: a knock shows its banner for the knock's moment; a round's end turns the lines of the
`revealed` event up one seat at a time, the power cards replaced by their `power_replaced` cards from
the pile, each line's sum counted up, then the round's scores added to the totals; every round, the
last one included (it plays on the table before the score screen). Every frame of it is what a
fresh paint gives, it draws no card its events do not name, and its texts reach AA in every language.
"""

from __future__ import annotations

import copy
import os
from typing import Any, Callable

import pygame
import pytest

from game.tv import layout
from game.tv.app import TvApp
from game.tv.games.rat_a_tat_cat import moment as mo
from game.tv.games.rat_a_tat_cat.layout import NAME_ROW, RAT
from game.tv.games.rat_a_tat_cat.scene import RatDetail, RatTableScene, moment_area
from game.tv.games.rat_a_tat_cat.scene import _frame as scene_frame
from game.tv.games.rat_a_tat_cat.layout import plan as table_plan
from game.tv.render import wrap
from game.tv.scenes.base import changed_areas
from game.tv.scenes.results import ResultsScene
from tests.conftest import ARTIFACTS
from tests.test_tv_contrast import low_contrast
from tests.test_tv_rest_layer import assert_parts_stay_inside, painted_afresh, pixels
from tests.tv_fixtures import FakeServer, json_round_trip, session_updates

GAME = "rat-a-tat-cat"
FRAME = 1 / 30
SHOTS = str(ARTIFACTS / "screenshots" / "tv" / "moments" / "rat-a-tat-cat")  # for people, and the README


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    os.makedirs(SHOTS, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    yield


def moment_at(ups: list[dict[str, Any]], pred: Callable[[dict[str, Any]], bool], last: bool = False) -> int:
    """Return the index of the first (or last) update that starts a moment `pred` accepts."""
    found = [i for i, u in enumerate(ups) if isinstance(u.get("moment"), dict)
             and u["moment"].get("since") == u["version"] and pred(u["moment"])]
    if not found:
        raise LookupError("no such moment")
    return found[-1] if last else found[0]


def kind(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["kind"] == name


def with_power(m: dict[str, Any]) -> bool:
    return m["kind"] == "reveal" and any(e["type"] == "power_replaced" for e in m["events"])


def tv_at(players: int, seed: int, pred: Callable[[dict[str, Any]], bool], *, last: bool = False, lang: str = "en",
          strip: bool = False, **options: Any) -> tuple[TvApp, pygame.Surface, dict[str, Any]]:
    """Return a TV fed a session's updates up to the moment `pred` accepts (just begun; `strip`: with no moment in
    any update), a canvas with its picture, and that update."""
    ups = session_updates(GAME, players, seed, **options)
    at = moment_at(ups, pred, last)
    if strip:
        for u in ups:
            u["moment"] = None
    server = FakeServer()
    app = TvApp(server, lang=lang, mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    for k, u in enumerate(ups[:at + 1]):
        server.updates.put(json_round_trip(u))
        for _ in range(1 if k == at else 3):  # the earlier updates' animations are over when the moment comes
            app.tick(FRAME if k == at else 0.5)
        app.draw(canvas)
    return app, canvas, ups[at]


def run_to(app: TvApp, canvas: pygame.Surface, elapsed: float) -> None:
    """Tick and draw frame by frame until the moment has played `elapsed` seconds (or is over)."""
    scene = app.scene
    assert isinstance(scene, RatTableScene)
    while scene.in_moment and scene.moment_elapsed() < elapsed:
        app.tick(FRAME)
        app.draw(canvas)


def texts_painted(app: TvApp) -> list[str]:
    """Return every text the table's picture writes (painted afresh, the text cache watched)."""
    tc = app.ctx.tc
    seen: list[str] = []
    render = tc.render

    def spy(text: str, size: int, colour: Any = (255, 255, 255)) -> pygame.Surface:
        seen.append(text)
        return render(text, size, colour)

    tc.render = spy  # type: ignore[method-assign]
    try:
        canvas = pygame.Surface(layout.CANVAS)
        app.scene.draw_rest(canvas)
        app.scene.draw_moving(canvas)
    finally:
        del tc.render
    return seen


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Return True if the opaque middle of `b` (a card picture) equals `a` there."""
    w, h = a.get_size()
    return all(a.get_at((x, y))[:3] == b.get_at((x, y))[:3] for x in range(10, w - 10, 7) for y in range(10, h - 10, 7))


def face_up_lines(app: TvApp, canvas: pygame.Surface) -> int:
    """Return how many seats' lines show no card back on the canvas."""
    players = int(app.model.view["players"])
    back = app.scene.cards.face(None, RAT.card(0, players, 1).size)
    return sum(not any(same(canvas.subsurface(RAT.card(s, players, p)).copy(), back) for p in range(1, 5))
               for s in range(players))


def card_picture(app: TvApp, card: Any, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    app.scene.cards.paint(surf, card, surf.get_rect())
    return surf


def test_a_knock_shows_its_banner_for_the_knocks_moment() -> None:
    app, canvas, u = tv_at(4, 3, kind("knock"))
    scene = app.scene
    assert isinstance(scene, RatTableScene) and scene.in_moment and scene.plan.kind == "knock"
    knocker = next(e["seat"] for e in u["moment"]["events"] if e["type"] == "knocked")
    assert scene.plan.knocker == knocker
    plain, plain_canvas, _ = tv_at(4, 3, kind("knock"), strip=True)
    area = moment_area(table_plan(4))
    run_to(app, canvas, 1.0)
    pygame.image.save(canvas, f"{SHOTS}/knock.png")
    written = texts_painted(app)
    assert f"{app.model.name(knocker)} knocks!" in written and "Everyone else gets one last turn" in written
    assert pixels(canvas.subsurface(area)) != pixels(plain_canvas.subsurface(area))
    assert low_contrast(app) == {}
    run_to(app, canvas, u["moment"]["seconds"] + 1)
    app.tick(FRAME)
    app.draw(canvas)
    assert not scene.in_moment and "Everyone else gets one last turn" not in texts_painted(app)


def test_a_rounds_lines_turn_up_one_at_a_time_and_their_sums_count_up() -> None:
    app, canvas, u = tv_at(4, 3, with_power)
    scene = app.scene
    assert isinstance(scene, RatTableScene) and scene.plan.kind == "reveal"
    events = u["moment"]["events"]
    revealed = next(e for e in events if e["type"] == "revealed")
    scored = next(e for e in events if e["type"] == "round_scored")
    assert [list(line.cards) for line in scene.plan.lines] == [line for line in revealed["lines"] if line]
    assert face_up_lines(app, canvas) == 0  # the view has moved on to the next deal: backs everywhere
    seconds = u["moment"]["seconds"]
    line = scene.plan.line_time
    counts = []
    for k in range(len(scene.plan.lines)):
        run_to(app, canvas, (k + 0.97) * line)  # line k has turned up (its replacements landed)
        counts.append(face_up_lines(app, canvas))
        if k == 1:
            pygame.image.save(canvas, f"{SHOTS}/reveal_midway.png")
        look = scene.plan.look_at(scene.moment_elapsed())[0][k]
        written = texts_painted(app)
        assert look[2] is not None and str(look[2]) in written  # its sum, beside its name
    assert counts == list(range(1, len(scene.plan.lines) + 1)), counts
    # a replaced power card shows its replacement, from the pile
    for e in (e for e in events if e["type"] == "power_replaced"):
        slot = RAT.card(e["seat"], 4, e["position"])
        got = canvas.subsurface(slot).copy()
        assert same(got, card_picture(app, e["card"], slot.size))
        assert not same(got, card_picture(app, e["power"], slot.size))
    # then the round's scores are added to the totals
    run_to(app, canvas, seconds - 0.3)
    pygame.image.save(canvas, f"{SHOTS}/reveal_end.png")
    written = texts_painted(app)
    for seat, (score, total) in enumerate(zip(scored["scores"], scored["totals"])):
        assert f"+{score}" in written and f"Total {total}" in written
    assert "Round 1 is over" in written and "Each line's sum is added to its total" in written
    run_to(app, canvas, seconds + 1)
    app.tick(FRAME)
    app.draw(canvas)
    assert not scene.in_moment and face_up_lines(app, canvas) == 0  # then the next deal


def test_the_power_cards_fly_in_from_the_pile() -> None:
    app, canvas, u = tv_at(4, 3, with_power)
    plan = app.scene.plan
    i = next(i for i, line in enumerate(plan.lines) if line.replaced)
    start, end = plan.replace(i, 0)
    run_to(app, canvas, (start + end) / 2)
    moving = plan.moving_at(app.scene.moment_elapsed())
    assert any(m[0] == "fly" and m[1] == i for m in moving) and app.scene.animating
    pygame.image.save(canvas, f"{SHOTS}/reveal_flying.png")
    assert pixels(canvas) == painted_afresh(app.scene)


def test_a_last_rounds_reveal_plays_on_the_table_before_the_score_screen() -> None:
    ups = session_updates(GAME, 4, 3)
    last = moment_at(ups, lambda m: m["kind"] == "reveal" and any(e["type"] == "game_over" for e in m["events"]))
    server = FakeServer()
    app = TvApp(server, mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    for u in ups[:last + 1]:
        server.updates.put(json_round_trip(u))
        app.tick(FRAME)
        app.draw(canvas)
    scene = app.scene
    assert isinstance(scene, RatTableScene) and scene.moment_plan() is not None and scene.plan.over
    seconds = ups[last]["moment"]["seconds"]
    while scene.moment_elapsed() < seconds - 0.5:
        app.tick(FRAME)
        app.draw(canvas)
        assert app.scene is scene
    pygame.image.save(canvas, f"{SHOTS}/last_round_reveal.png")
    assert face_up_lines(app, canvas) == len(scene.plan.lines)
    written = texts_painted(app)
    assert "That was the last round: the final scores come next" in " ".join(written)  # (on one line or two)
    for u in ups[last + 1:]:  # the table says its moment is over
        server.updates.put(json_round_trip(u))
    for _ in range(120):
        app.tick(FRAME)
        app.draw(canvas)
    assert isinstance(app.scene, ResultsScene)
    pygame.image.save(canvas, f"{SHOTS}/results.png")


def test_a_one_round_game_shows_its_reveal_too() -> None:
    app, canvas, u = tv_at(2, 5, kind("reveal"), end="rounds", rounds=1)
    scene = app.scene
    assert isinstance(scene, RatTableScene) and scene.plan.over
    run_to(app, canvas, u["moment"]["seconds"] - 0.3)
    assert face_up_lines(app, canvas) == len(scene.plan.lines) == 2


@pytest.mark.parametrize("case", ["knock", "reveal"])
def test_every_frame_of_a_moment_is_a_fresh_paint_and_the_table_is_painted_per_step_only(case: str) -> None:
    app, canvas, u = tv_at(4, 3, kind(case) if case == "knock" else with_power)
    scene = app.scene
    frames = paints = 0
    while scene.in_moment:
        before = scene._rest_drawn
        app.tick(FRAME)
        app.draw(canvas)
        frames += 1
        paints += scene._rest_drawn is not before
        if frames % 4 == 0 or scene._rest_drawn is not before:
            assert pixels(canvas) == painted_afresh(scene), f"frame {frames} of the moment"
    assert frames > 60
    steps = len(mo.boundaries(scene.plan)) if scene.plan else 0
    assert paints <= steps + 6  # once per step, not per frame


def test_a_reveals_steps_repaint_the_name_rows_and_frames_they_change_never_a_whole_seat_panel() -> None:
    # a seat panel is its frame (the glow of the line turning up), its name row and a part per card: the totals
    # counting up repaint the name rows, a line's turn its frame's strips and its cards, not all the panels at once
    app, canvas, _ = tv_at(4, 3, with_power)
    scene = app.scene
    assert isinstance(scene, RatTableScene) and scene.plan is not None
    players = 4
    seats = [RAT.seat(s, players) for s in range(players)]
    heads = [pygame.Rect(seat.left, seat.top, seat.width, NAME_ROW) for seat in seats]
    frames = [strip for s in range(players) for strip in scene_frame(s, players)[:-1]]
    headline = moment_area(table_plan(players))
    before, stage, totals_steps = scene._rest_parts, 0, 0
    while scene.in_moment:
        app.tick(FRAME)
        app.draw(canvas)
        if scene._rest_parts is before or not scene.in_moment:
            continue
        areas = changed_areas(before, scene._rest_parts)
        assert areas is not None
        assert not any(area.contains(seat) for area in areas for seat in seats)
        now = scene.plan.look_at(scene.moment_elapsed())[1]
        if now != stage:  # the totals start or stop counting: the name rows, the frames, the headline
            totals_steps += 1
            assert all(any(room.contains(area) for room in [*heads, *frames, headline]) for area in areas), areas
        before, stage = scene._rest_parts, now
    assert totals_steps == 2


@pytest.mark.parametrize("lang", ["en", "es", "fr", "hu"])
def test_the_moments_reach_aa_and_say_it_all_in_every_language(lang: str) -> None:
    for pred, times in ((kind("knock"), (0.3, 1.5)), (with_power, (1.0, 3.0, 5.0, 7.5))):
        app, canvas, u = tv_at(4, 3, pred, lang=lang)
        for at in times:
            run_to(app, canvas, at)
            assert low_contrast(app) == {}, (lang, at)
            for text in texts_painted(app):
                assert "{" not in text and "}" not in text and not text.startswith("tv."), text
            assert_parts_stay_inside(app.scene)


def test_the_reveal_draws_no_card_but_those_its_events_and_the_view_make_public() -> None:
    app, canvas, u = tv_at(4, 3, with_power)
    scene = app.scene
    named = {str(c) for e in u["moment"]["events"] for c in
             [*(c for line in e.get("lines") or () for c in line), e.get("card"), e.get("power")] if c is not None}
    named.add(str(app.model.view.get("discard_top")))
    drawn: list[Any] = []
    paint, face = scene.cards.paint, scene.cards.face

    def spy_paint(canvas: pygame.Surface, card: Any, rect: pygame.Rect, dead: bool = False) -> pygame.Rect:
        drawn.append(card)
        return paint(canvas, card, rect, dead)

    def spy_face(card: Any, size: Any, dead: bool = False) -> pygame.Surface:
        drawn.append(card)
        return face(card, size, dead)

    scene.cards.paint, scene.cards.face = spy_paint, spy_face  # type: ignore[method-assign]
    try:
        for at in (0.5, 1.0, 2.5, 4.0, 6.0, 7.5):
            run_to(app, canvas, at)
            drawn.clear()
            texts_painted(app)
            assert {str(c) for c in drawn if c is not None} <= named
    finally:
        del scene.cards.paint, scene.cards.face


def test_the_moment_is_read_from_its_events_only() -> None:
    ups = session_updates(GAME, 4, 3)
    u = copy.deepcopy(ups[moment_at(ups, with_power)])
    plan = mo.plan_of(u["moment"])
    assert plan is not None and plan.kind == "reveal" and plan.totals is not None
    u["view"] = None
    assert mo.plan_of(u["moment"]) == plan
    assert mo.plan_of({"kind": "reveal", "since": 3, "seconds": 5, "events": []}) is None
    assert mo.plan_of({"kind": "sack", "since": 3, "seconds": 5, "events": []}) is None
    assert mo.plan_of({"kind": "knock", "since": 3, "seconds": 2.5, "events": [{"type": "knocked", "seat": 1}]}) \
        == mo.Plan("knock", 3, 2.5, knocker=1)


@pytest.mark.parametrize("pace", [0.5, 1.0, 1.5])
def test_a_paced_reveal_plays_the_same_steps_in_its_own_length(pace: float) -> None:
    ups = session_updates(GAME, 4, 3)
    m = copy.deepcopy(ups[moment_at(ups, with_power)]["moment"])
    m["seconds"] = m["seconds_left"] = round(m["seconds"] * pace, 2)
    plan = mo.plan_of(m)
    assert plan is not None
    assert plan.line_time == pytest.approx(1.2 * pace, rel=0.01)
    assert plan.line_start(len(plan.lines)) <= plan.scoring[0] < plan.scoring[1] <= m["seconds"]
    looks = [plan.look_at(t) for t in (0.0, plan.line_time * 0.99, plan.scoring[1] + 0.01)]
    assert all(c in (mo.BACK, mo.GAP) for _, cards, _ in looks[0][0] for c in cards)  # (the first card turning)
    assert looks[-1][1] == 2 and all(c[0] == "face" for _, cards, _ in looks[-1][0] for c in cards)
    assert all(mo.is_number(c[1]) for _, cards, _ in looks[-1][0] for c in cards)  # the powers replaced
    assert plan.next_change(m["seconds"]) == float("inf")


def test_the_score_screens_rounds_read_plainly() -> None:
    detail = {"round_scores": [[14, 3], [9, 20]], "eliminated": []}
    assert RatDetail().cells(detail, 0) == ["14 + 9", "9"]
    detail = {"round_scores": [[1, 0], [2, 0], [3, 0], [4, 0]], "eliminated": []}
    assert RatDetail().cells(detail, 0)[0] == "… + 2 + 3 + 4"


def test_a_seat_out_of_the_game_has_no_line_to_turn_up() -> None:
    def with_one_out(m: dict[str, Any]) -> bool:
        return m["kind"] == "reveal" and any(e["type"] == "revealed" and [] in e["lines"] for e in m["events"])

    app, canvas, u = tv_at(6, 3, with_one_out, end="elimination", limit=50)
    scene = app.scene
    revealed = next(e for e in u["moment"]["events"] if e["type"] == "revealed")
    out = [seat for seat, line in enumerate(revealed["lines"]) if not line]
    assert out and [line.seat for line in scene.plan.lines] == [s for s in range(6) if s not in out]
    run_to(app, canvas, u["moment"]["seconds"] - 0.3)
    assert face_up_lines(app, canvas) == 6  # (a seat out shows no card, no back either)
    assert pixels(canvas) == painted_afresh(scene)
    assert low_contrast(app) == {}


def test_the_tv_splits_a_moment_as_the_engine_times_it() -> None:
    """The TV imports no engine: its copy of the moments' nominal lengths is the engine's."""
    from game.engine.rat_a_tat_cat import moments

    assert (mo.KNOCK_SECONDS, mo.REVEAL_SECONDS, mo.LINE_SECONDS) == (
        moments.KNOCK_SECONDS, moments.REVEAL_SECONDS, moments.LINE_SECONDS)


def fresh_texts(app: TvApp, missed: list[str] | None = None) -> list[str]:
    """Start watching the texts the TV renders anew (not from its cache); return the list that fills."""
    tc = app.ctx.tc
    missed = [] if missed is None else missed
    render = type(tc).render.__get__(tc)

    def spy(text: str, size: int, colour: Any = (255, 255, 255)) -> pygame.Surface:
        if (text, size, colour) not in tc._cache:
            missed.append(text)
        return render(text, size, colour)

    tc.render = spy  # type: ignore[method-assign]
    return missed


def painted_now(app: TvApp, missed: list[str]) -> list[str]:
    """Return the texts the table's picture writes (as texts_painted), still watching for new ones after."""
    seen = texts_painted(app)
    fresh_texts(app, missed)
    return seen


@pytest.mark.parametrize("which", ["knock", "reveal"])
def test_a_moments_texts_are_written_ahead_so_its_first_frames_render_none(which: str) -> None:
    """The knock's banner and the reveal's headline are written while the table rests before them, the totals' counts
    while the lines turn up, who still plays after a knock and each turn's banner ahead of the turn: a moment's big
    first frame, and a turn's, then render none of them (a small box draws them in time)."""
    ups = session_updates(GAME, 4, 3)
    at = moment_at(ups, kind(which))
    server = FakeServer()
    app = TvApp(server, lang="en", mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    for u in ups[:at]:
        server.updates.put(json_round_trip(u))
        for _ in range(3):
            app.tick(0.5)
        app.draw(canvas)
    for _ in range(30):  # the table rests a moment before the knock or the round's end: half a second
        app.tick(FRAME)
        app.draw(canvas)
    missed = fresh_texts(app)
    server.updates.put(json_round_trip(ups[at]))
    app.tick(FRAME)
    app.draw(canvas)
    scene = app.scene
    assert isinstance(scene, RatTableScene) and scene.in_moment and scene.plan.kind == which
    t = app.ctx.texts
    if which == "knock":
        written = {t("tv.ev.knocked", name=app.model.name(scene.plan.knocker)), t("tv.knock.last")}
        assert written <= set(painted_now(app, missed))
        assert not written & set(missed), f"rendered in the moment's first frame: {written & set(missed)}"
        # then the others play their last turns, the line under the news saying who still plays
        run_to(app, canvas, ups[at]["moment"]["seconds"] + 0.1)
        missed.clear()
        seen: list[str] = []
        still = [u for u in ups[at + 1:] if u["view"].get("knocker") is not None and u["view"].get("last_to_play")]
        assert still, "nobody played after the knock"
        for u in ups[at + 1:at + 1 + len(still)]:
            server.updates.put(json_round_trip(u))
            for _ in range(3):
                app.tick(FRAME)
                app.draw(canvas)
            seen += painted_now(app, missed)
        head = t("tv.last_turns", name=app.model.name(scene.plan.knocker), names="")
        shown = [x for x in seen if x.startswith(head)]
        assert len(set(shown)) >= 2, f"the line under the news did not follow the last turns: {shown}"
        assert not [x for x in missed if x.startswith(head)], "who still plays was rendered as it changed"
        # every banner of a turn was written ahead too
        assert not [x for x in missed if x.endswith((": draw a card", ": keep or discard", ": knock or end the turn"))]
    else:
        said = wrap(app.ctx.tc, t("tv.reveal.lines"), layout.TEXT_LARGE, moment_area(table_plan(4)).width - 60)
        written = {t("tv.reveal.title", n=scene.plan.round), *said[:2]}
        assert written <= set(painted_now(app, missed))
        assert not written & set(missed), f"rendered in the moment's first frame: {written & set(missed)}"
        run_to(app, canvas, scene.plan.scoring[0] - 0.05)  # the lines turn up (the texts ahead are written meanwhile)
        missed.clear()
        run_to(app, canvas, scene.plan.scoring[1] + 0.1)  # then the totals count up
        counts = {t("rt.seat.total", n=n) for line in scene.plan.lines
                  for n in range(scene.plan.old_total(line.seat), scene.plan.old_total(line.seat)
                                 + scene.plan.score_of(line) + 1)}
        assert not counts & set(missed), "a total was rendered as it counted"
