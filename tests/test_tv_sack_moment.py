"""Cat in the Sack's outcome moments on the TV (game/tv/games/cat_in_the_sack/moment.py).

Real public updates of real sessions (tests/tv_fixtures.py: the kit's sessions play moments) are
fed to a TV: while the table holds for a sack won or a round voided, the TV shows the outcome over
the row for the moment's whole length (its sentence, the row turned up from the moment's events,
the dogs' chase step by step, what was paid and taken), every frame of it is what a fresh paint
gives, and its texts reach AA in every language.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

import pygame
import pytest

from game.tv import layout
from game.tv.app import TvApp
from game.tv.games.cat_in_the_sack.moment import PANEL_RECT, plan_of, sentence
from game.tv.games.cat_in_the_sack.table import SackTableScene
from game.tv.i18n import Texts
from game.tv.scenes.results import ResultsScene
from tests.conftest import ARTIFACTS
from tests.test_tv_contrast import low_contrast
from tests.test_tv_rest_layer import assert_parts_stay_inside, painted_afresh, pixels
from tests.tv_fixtures import FakeServer, json_round_trip, session_updates

FRAME = 1 / 30


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


SHOTS = ARTIFACTS / "screenshots" / "tv" / "moments" / "cat-in-the-sack"  # for people, and the README


def shot(canvas: pygame.Surface, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(SHOTS / f"{name}.png"))


def moment_at(ups: list[dict[str, Any]], pred: Callable[[dict[str, Any]], bool]) -> int:
    """Return the index of the first update that starts a moment `pred` accepts."""
    for i, u in enumerate(ups):
        m = u.get("moment")
        if isinstance(m, dict) and m.get("since") == u["version"] and pred(m):
            return i
    raise LookupError("no such moment")


def has(m: dict[str, Any], kind: str, **fields: Any) -> bool:
    """Return True if moment `m` has an event of `kind` whose fields match."""
    return any(e.get("type") == kind and all(f(e.get(k)) if callable(f) else e.get(k) == f for k, f in fields.items())
               for e in m["events"])


def with_chase(m: dict[str, Any]) -> bool:
    return m["kind"] == "sack" and has(m, "dogs", chased=lambda c: c is not None)


def dogs_fight(m: dict[str, Any]) -> bool:
    return m["kind"] == "sack" and has(m, "dogs", dogs=lambda d: len(d or ()) >= 2)


def voided(m: dict[str, Any]) -> bool:
    return m["kind"] == "void"


CASES = {"chase": (4, 3, with_chase), "fight": (4, 3, dogs_fight), "void": (3, 4, voided),
         "rabbit": (4, 3, lambda m: has(m, "dogs", chased="rabbit"))}


def tv_at(players: int, seed: int, pred: Callable[[dict[str, Any]], bool], *, lang: str = "en",
          strip: bool = False) -> tuple[TvApp, pygame.Surface, dict[str, Any]]:
    """Return a TV fed a session's updates up to the first moment `pred` accepts (its moment just begun; `strip`:
    with no moment in any update), a canvas with its picture, and that update."""
    ups = session_updates("cat-in-the-sack", players, seed)
    at = moment_at(ups, pred)
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


def run_to(app: TvApp, canvas: pygame.Surface, elapsed: float) -> None:
    """Tick and draw frame by frame until the moment has played `elapsed` seconds (or is over)."""
    scene = app.scene
    assert isinstance(scene, SackTableScene)
    while scene.in_moment and scene.moment_elapsed() < elapsed:
        app.tick(FRAME)
        app.draw(canvas)


def panel_pixels(canvas: pygame.Surface) -> bytes:
    return pygame.image.tobytes(canvas.subsurface(PANEL_RECT), "RGB")


def test_a_sack_won_is_shown_for_the_moments_whole_length_from_its_events() -> None:
    app, canvas, u = tv_at(*CASES["chase"])
    scene = app.scene
    assert isinstance(scene, SackTableScene) and scene.in_moment
    won = next(e for e in u["moment"]["events"] if e["type"] == "sack_won")
    dogs = next(e for e in u["moment"]["events"] if e["type"] == "dogs")
    name = app.model.name(won["seat"])
    said = sentence(app.ctx.texts, app.model.name, scene.plan)
    assert said.startswith(f"{name} takes the sack for {won['paid']} mice: cats ")
    assert f"chased the {dogs['chased']} cat away" in said
    # the row turned up: the kept cats, the chased one and the dog, though the view already shows the next round
    assert sorted(map(str, scene.plan.cards)) == sorted(map(str, won["cards"] + [dogs["chased"], *dogs["dogs"]]))
    assert not any(rc.get("face_up") for rc in app.model.view["row"])
    plain, plain_canvas, _ = tv_at(*CASES["chase"], strip=True)  # the same table without the moment
    assert panel_pixels(canvas) != panel_pixels(plain_canvas)
    seconds = u["moment"]["seconds"]
    for t in (0.2, seconds / 2, seconds - 0.2):
        run_to(app, canvas, t)
        assert scene.in_moment and scene.moment_step() is not None
        written = " | ".join(texts_painted(app))
        assert said in written or all(w in written for w in said.split()[:4])  # (wrapped on two lines)
        assert panel_pixels(canvas) != panel_pixels(plain_canvas)
    written = texts_painted(app)
    assert f"Into {name}'s pile: {won['value']} points" in written and f"{name} paid {won['paid']} mice" in written
    for e in u["moment"]["events"]:
        if e["type"] == "passed":
            assert any(t.startswith(f"{app.model.name(e['seat'])} passed") for t in written)
    run_to(app, canvas, seconds + 1)
    app.tick(FRAME)
    app.draw(canvas)
    assert not scene.in_moment and scene.moment_step() is None
    assert pixels(canvas) == painted_afresh(scene)
    assert panel_pixels(canvas) == panel_pixels(plain_canvas) or "Into" not in " ".join(texts_painted(app))


@pytest.mark.parametrize("case", ["chase", "fight", "rabbit"])
def test_the_dogs_chase_plays_step_by_step(case: str) -> None:
    app, canvas, u = tv_at(*CASES[case])
    scene = app.scene
    assert isinstance(scene, SackTableScene)
    names = [name for name, *_ in scene.plan.phases()]
    assert names == ["row", "chase", "chased", "takes"]
    starts = {name: start for name, _, start, _ in scene.plan.phases()}
    pictures = {}
    for name, at in (("row", 0.5), ("chase", starts["chase"] + 0.15), ("chase2", starts["chase"] + 0.6),
                     ("chased", starts["chased"] + 0.05), ("takes", starts["takes"] + 0.3)):
        run_to(app, canvas, at)
        assert scene.moment_step()[2] == name.rstrip("2")
        if name in ("chase", "chase2", "chased", "takes"):  # the cards move while they run, else the frame rests
            assert scene.animating == (name in ("chase", "chase2"))
        pictures[name] = panel_pixels(canvas)
        shot(canvas, f"{case}_{name}")
    assert len(set(pictures.values())) == len(pictures), "each step of the chase looks different"
    if case == "rabbit":
        assert "the small dog chased the rabbit away" in sentence(app.ctx.texts, app.model.name, scene.plan) or \
            "the big dog chased the rabbit away" in sentence(app.ctx.texts, app.model.name, scene.plan)
    if case == "fight":
        assert sentence(app.ctx.texts, app.model.name, scene.plan).endswith("the dogs chased each other away")


def test_a_voided_round_is_said_as_such() -> None:
    app, canvas, u = tv_at(*CASES["void"])
    scene = app.scene
    assert isinstance(scene, SackTableScene) and scene.plan.kind == "void"
    void = next(e for e in u["moment"]["events"] if e["type"] == "round_void")
    started = next(e for e in u["moment"]["events"] if e["type"] == "round_started")
    assert list(scene.plan.cards) == void["cards"]
    before = panel_pixels(canvas)
    run_to(app, canvas, 2.0)
    shot(canvas, "void")
    written = texts_painted(app)
    assert f"{app.model.name(void['seat'])} turned the row down: all {len(void['cards'])} cards leave the game" \
        in written
    assert f"Next round: {app.model.name(started['start_player'])} starts again, and no mice go on the mouse cards" \
        in written
    assert "Out of the game" in written
    assert panel_pixels(canvas) != before  # the row is crossed out once it has been seen


@pytest.mark.parametrize("case", ["chase", "void"])
def test_every_frame_of_a_moment_is_a_fresh_paint_and_the_table_is_painted_per_step_only(case: str) -> None:
    app, canvas, u = tv_at(*CASES[case])
    scene = app.scene
    frames = paints = 0
    while scene.in_moment:
        before = scene._rest_drawn
        app.tick(FRAME)
        app.draw(canvas)
        frames += 1
        paints += scene._rest_drawn is not before
        if frames % 5 == 0 or paints and scene._rest_drawn is not before:
            assert pixels(canvas) == painted_afresh(scene), f"frame {frames} of the moment"
    assert frames > 60
    assert paints <= len(scene.plan.phases()) + 3 if scene.plan else True  # once per step, not per frame


@pytest.mark.parametrize("lang", ["en", "es", "fr", "hu"])
@pytest.mark.parametrize("case", ["chase", "fight", "void", "rabbit"])
def test_the_moment_reaches_aa_and_says_it_all_in_every_language(case: str, lang: str) -> None:
    app, canvas, u = tv_at(*CASES[case], lang=lang)
    scene = app.scene
    found: dict[str, float] = {}
    for at in (0.9, 1.5, 2.2, 4.0):  # (from 0.9 s: the start marker has landed, its label flies over seats before)
        run_to(app, canvas, at)
        found |= low_contrast(app)
        for text in texts_painted(app):
            assert "{" not in text and "}" not in text, text
    assert found == {}
    assert plan_of(u["moment"]) == scene.plan


def test_a_last_rounds_moment_plays_on_the_table_before_the_score_screen() -> None:
    ups = session_updates("cat-in-the-sack", 4, 3)
    last = moment_at(ups, lambda m: has(m, "game_over"))
    server = FakeServer()
    app = TvApp(server, mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    for u in ups[:last + 1]:
        server.updates.put(json_round_trip(u))
        app.tick(FRAME)
        app.draw(canvas)
    scene = app.scene
    assert isinstance(scene, SackTableScene) and scene.moment_step() is not None
    shot(canvas, "last_round")
    won = next(e for e in ups[last]["moment"]["events"] if e["type"] == "sack_won")
    assert sentence(app.ctx.texts, app.model.name, scene.plan).startswith(app.model.name(won["seat"]))
    for u in ups[last + 1:]:
        server.updates.put(json_round_trip(u))
    for _ in range(int(ups[last]["moment"]["seconds"] / FRAME) + 120):
        app.tick(FRAME)
        app.draw(canvas)
    assert isinstance(app.scene, ResultsScene)
    shot(canvas, "score_screen")


def test_the_moment_is_read_from_its_events_only() -> None:
    ups = session_updates("cat-in-the-sack", 4, 3)
    u = copy.deepcopy(ups[moment_at(ups, with_chase)])
    plan = plan_of(u["moment"])
    assert plan is not None
    u["view"] = None  # nothing else is read
    assert plan_of(u["moment"]) == plan
    assert plan_of({"kind": "sack", "since": 3, "seconds": 5, "events": []}) is None
    assert plan_of({"kind": "knock", "since": 3, "seconds": 5, "events": []}) is None
    t = Texts("en")
    t.add("cat-in-the-sack")
    t.game = "cat-in-the-sack"
    assert "{" not in sentence(t, lambda s: f"#{s}", plan)


def test_the_moment_draws_no_card_but_those_its_public_events_name() -> None:
    app, canvas, u = tv_at(*CASES["chase"])
    scene = app.scene
    art = scene.art
    named = {str(c) for e in u["moment"]["events"] for c in
             (e.get("cards") or []) + (e.get("dogs") or []) + [e.get("chased"), e.get("card")] if c is not None}
    drawn: list[Any] = []
    face = art.face

    def spy(card: Any, size: Any) -> pygame.Surface:
        drawn.append(card)
        return face(card, size)

    art.face = spy  # type: ignore[method-assign]
    try:
        for at in (0.5, 1.6, 2.3, 4.0):
            run_to(app, canvas, at)
            drawn.clear()
            for part in scene._moment_parts(scene.moment_step()):
                part.paint(pygame.Surface(layout.CANVAS), *part.args)
            scene.draw_moving(pygame.Surface(layout.CANVAS))
            assert drawn and {str(c) for c in drawn} - {"back", "sack"} <= named  # (the start marker is a sack)
            assert_parts_stay_inside(scene)
    finally:
        del art.face


@pytest.mark.parametrize("pace", [0.5, 1.0, 1.5])
def test_a_paced_moment_plays_the_same_steps_in_its_own_length(pace: float) -> None:
    ups = session_updates("cat-in-the-sack", 4, 3)
    m = copy.deepcopy(ups[moment_at(ups, with_chase)]["moment"])
    m["seconds"] = m["seconds_left"] = round(m["seconds"] * pace, 2)
    plan = plan_of(m)
    assert plan is not None
    steps = plan.phases()
    assert [s[0] for s in steps] == ["row", "chase", "chased", "takes"]
    assert steps[0][2] == 0 and steps[-1][3] == pytest.approx(m["seconds"])
    assert all(a[3] == pytest.approx(b[2]) for a, b in zip(steps, steps[1:]))  # one after the other
    assert steps[1][3] - steps[1][2] == pytest.approx(1.2 * 0.8 * pace)  # a dog's step at the pace
    assert plan.phase_at(m["seconds"] + 3)[1] == "takes"
    assert plan.next_step_in(m["seconds"] - 0.01) == float("inf")


def test_the_tv_splits_a_moment_as_the_engine_times_it() -> None:
    """The TV imports no engine: its copy of the moments' nominal lengths is the engine's."""
    from game.engine.cat_in_the_sack import moments
    from game.tv.games.cat_in_the_sack import moment as tv_moment

    assert (tv_moment.SACK_SECONDS, tv_moment.DOG_SECONDS, tv_moment.VOID_SECONDS) == (
        moments.SACK_SECONDS, moments.DOG_SECONDS, moments.VOID_SECONDS)
