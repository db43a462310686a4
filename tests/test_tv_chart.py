"""The chart of how a game went, under the TV's score screen: both games, 2-6 seats, 720p/1080p/4K.

Fed the public updates a real session sends for bot-only games; every picture is saved under
artifacts/screenshots/tv/<game>/ for people to look at.
"""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from game.tv import chart, layout
from game.tv.app import TvApp, present
from game.locales import LANGS, platform_table
from game.seats import NAME_MAX
from game.tv.games.cat_in_the_sack.cards import sack_art
from game.tv.layout import RESULTS, RESULTS_CHART
from game.tv.render import parse_colour
from game.tv.scenes.results import ResultsScene
from tests.conftest import ARTIFACTS
from tests.test_tv_contrast import low_contrast
from tests.test_tv_rat import fed_app, session_updates

SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
CASES = [(SACK, 3, {}), (SACK, 4, {}), (SACK, 5, {"open_piles": True}),
         (RAT, 2, {}), (RAT, 3, {}), (RAT, 4, {"end": "elimination", "limit": 100}), (RAT, 5, {}),
         (RAT, 6, {"end": "elimination", "limit": 100})]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def shots(game: str) -> str:
    folder = str(ARTIFACTS / "screenshots" / "tv" / game)
    os.makedirs(folder, exist_ok=True)
    return folder


def results_app(game: str, players: int, options: dict[str, Any], lang: str = "en") -> TvApp:
    """Return a TV showing the score screen of a whole bot game, its confetti fallen."""
    ups = session_updates(players, seed=players + 20, game=game, **options)
    app, _ = fed_app(ups[-1:], None, settle=10)
    if lang != "en":
        app.ctx.texts.lang = lang
    assert isinstance(app.scene, ResultsScene)
    for _ in range(200):
        if not app.scene.confetti:
            break
        app.tick(0.1)
    assert not app.scene.confetti
    return app


def redraw_chart(app: TvApp, canvas: pygame.Surface) -> chart.Drawn:
    """Draw the scene's chart again where the scene draws it; return where its parts went."""
    scene = app.scene
    assert isinstance(scene, ResultsScene)
    course = app.model.outcome["course"]
    limit = chart.limit_of(course)
    return chart.draw(canvas, app.ctx.tc, RESULTS_CHART.chart(len(app.model.outcome["totals"])), scene.chart_lines(),
                      title=app.ctx.texts("over.chart"), limit=limit,
                      limit_label=app.ctx.texts("over.chart_limit", n=limit) if limit is not None else "")


def near(a: Any, b: Any, tolerance: int = 40) -> bool:
    return max(abs(x - y) for x, y in zip(tuple(a)[:3], tuple(b)[:3])) < tolerance


@pytest.mark.parametrize(("game", "players", "options"), CASES,
                         ids=[f"{g}-{n}p{'-' + '-'.join(map(str, o.values())) if o else ''}" for g, n, o in CASES])
def test_the_chart_of_the_game_renders_under_the_scores_at_720p_1080p_and_4k(game: str, players: int,
                                                                              options: dict[str, Any]) -> None:
    app = results_app(game, players, options)
    outcome = app.model.outcome
    course = outcome["course"]
    assert app.scene.layout() is RESULTS_CHART
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    name = f"chart_{players}p" + ("_elimination" if options.get("end") == "elimination" else "")
    pygame.image.save(canvas, f"{shots(game)}/{name}.png")

    box = RESULTS_CHART.chart(players)
    assert layout.SAFE.contains(box) and box.height >= 220
    for other in [RESULTS_CHART.line(i) for i in range(players)] + [RESULTS_CHART.keys, RESULTS_CHART.header]:
        assert not box.colliderect(other), "the chart covers the scores or the keys"
    drawn = redraw_chart(app, canvas.copy())
    assert len(drawn.points) == players
    for seat, pts in enumerate(drawn.points):  # one point per round the seat played, all inside the plot
        assert len(pts) == len(course["values"][seat])
        assert all(drawn.plot.inflate(2, 2).collidepoint(p) for p in pts)
    assert all(box.contains(r) for r in drawn.names + drawn.texts), "a label is cut off"
    assert not any(a.colliderect(b) for i, a in enumerate(drawn.names) for b in drawn.names[i + 1:]), \
        "two names overlap"
    assert not any(n.colliderect(drawn.plot) for n in drawn.names), "a name lies over the lines"
    assert not any(a.colliderect(b) for i, a in enumerate(drawn.texts) for b in drawn.texts[i + 1:]), \
        "axis labels overlap"
    if options.get("end") == "elimination":
        assert course["limit"] == 100 and drawn.limit_y is not None and drawn.plot.top <= drawn.limit_y <= drawn.plot.bottom
    else:
        assert course["limit"] is None and drawn.limit_y is None
    # each seat's symbol in its own colour at the end of its line, on the screen as drawn
    for seat, pts in enumerate(drawn.points):
        colour = parse_colour(app.model.seat_info(seat).get("colour"))
        end = pts[-1]
        later = [p for s, other in enumerate(drawn.points[seat + 1:], seat + 1) for p in other
                 if abs(p[0] - end[0]) < 14 and abs(p[1] - end[1]) < 14]  # a seat drawn later may sit on it
        if not later:
            assert near(canvas.get_at(end), colour), (seat, canvas.get_at(end), colour)
    assert low_contrast(app) == {}
    for size in SIZES:  # the whole picture scaled onto each TV; the line ends keep their colours
        target = pygame.Surface(size)
        dest = present(canvas, target)
        assert dest.size == size
        if size != layout.CANVAS and players == (3 if game == SACK else 6):
            pygame.image.save(target, f"{shots(game)}/{name}_{size[1]}p.png")
        fx, fy = size[0] / layout.CANVAS[0], size[1] / layout.CANVAS[1]
        for seat, pts in enumerate(drawn.points):
            x, y = pts[-1]
            source = pygame.transform.average_color(canvas, pygame.Rect(x - 2, y - 2, 5, 5))
            shown = pygame.transform.average_color(target, pygame.Rect(round((x - 2) * fx), round((y - 2) * fy),
                                                                       round(5 * fx), round(5 * fy)))
            assert near(shown, source, 50), (seat, size, shown, source)


def test_the_limit_and_the_title_are_said_in_every_language() -> None:
    for key in ("over.chart", "over.chart_limit"):
        assert all(platform_table(lang).get(key) for lang in LANGS), key
    assert all("{n}" in platform_table(lang)["over.chart_limit"] for lang in LANGS)
    app = results_app(RAT, 6, {"end": "elimination", "limit": 100}, lang="hu")
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    pygame.image.save(canvas, f"{shots(RAT)}/chart_6p_elimination_hu.png")
    drawn_texts = {k[0] for k in app.ctx.tc._cache}
    assert "Az állás fordulónként" in drawn_texts and "határ: 100" in drawn_texts
    assert low_contrast(app) == {}


def test_a_score_screen_without_a_course_keeps_its_full_size_lines() -> None:
    ups = session_updates(4, seed=3, game=SACK)
    final = ups[-1]
    final["outcome"]["course"] = None
    app, _ = fed_app([final], None, settle=100)
    assert app.scene.chart_lines() == [] and app.scene.layout() is RESULTS
    final["outcome"]["course"] = {"values": [[1, "x"], True, None], "limit": "high"}  # malformed: no line at all
    app, _ = fed_app([final], None, settle=100)
    assert app.scene.layout() is RESULTS and chart.limit_of(final["outcome"]["course"]) is None


def test_the_axis_names_round_values_and_the_names_are_spread_apart() -> None:
    assert chart.ticks(0, 111) == [0, 50, 100]
    assert chart.ticks(0, 61) == [0, 20, 40, 60]
    assert chart.ticks(-8, 30) == [-10, 0, 10, 20, 30]
    assert chart.ticks(0, 3) == [0, 1, 2, 3]
    assert chart.ticks(0, 0) == [0]
    placed = chart.spread([100, 102, 101, 300], 30, 0, 320)
    assert sorted(placed) == placed[:1] + [placed[2], placed[1]] + placed[3:]  # order kept
    assert all(abs(a - b) >= 30 for i, a in enumerate(placed) for b in placed[i + 1:])
    assert placed[3] == 300
    crowded = chart.spread([310, 311, 312], 30, 0, 320)  # pushed back up from the bottom
    assert max(crowded) <= 305 and min(abs(a - b) for i, a in enumerate(crowded) for b in crowded[i + 1:]) >= 30


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_chart_layout_lies_inside_the_safe_area_and_clear_of_the_lines(seats: int) -> None:
    rects = layout.all_rects(seats)
    for name, rect in rects.items():
        assert layout.SAFE.contains(rect), name
    box = rects["results_chart.chart"]
    lines = [rects[f"results_chart.line{i}"] for i in range(seats)]
    assert not any(box.colliderect(r) for r in lines + [rects["results.keys"], rects["results_chart.header"]])
    assert not rects["results_chart.tie_note"].colliderect(rects["results_chart.header"])
    assert box.height >= 220
    assert all(r.height - 12 >= 50 for r in lines)  # room for the won cards beside a name (Cat in the Sack)


def test_names_as_long_as_a_name_may_be_stay_inside_the_chart() -> None:
    # the longest names a phone may give (game.seats.NAME_MAX), in wide letters: cut short, never out of the panel
    assert len("WWWWWWWWWWWWWWWW") == NAME_MAX
    names = ["WWWWWWWWWWWWWWWW", "Maximilian-Josef", "Ábrahám Kristóff", "MMMMMMMMMMMMMMMM"]
    app = results_app(RAT, 4, {})
    lines = [chart.ChartLine(values=(5 * k, 9 * k + 3), colour=(200, 80 + 30 * k, 40), symbol="circle", name=name)
             for k, name in enumerate(names)]
    box = RESULTS_CHART.chart(4)
    drawn = chart.draw(pygame.Surface(layout.CANVAS), app.ctx.tc, box, lines, title=app.ctx.texts("over.chart"))
    assert len(drawn.names) == 4 and all(box.contains(r) for r in drawn.names), (box, drawn.names)
    assert not any(n.colliderect(drawn.plot) for n in drawn.names)
    short = app.ctx.tc.shortened("WWWWWWWWWWWWWWWW", layout.TEXT_SMALL, 120)
    assert short.endswith("…") and 1 < len(short) < NAME_MAX and app.ctx.tc.width(short, layout.TEXT_SMALL) <= 120


def test_the_won_cards_beside_a_name_fit_the_lower_lines_of_the_chart_screen() -> None:
    app = results_app(SACK, 5, {"open_piles": True})
    asked: list[tuple[int, int]] = []
    art = sack_art(app.ctx)
    face = art.counted_face

    def spy(card: Any, size: tuple[int, int]) -> pygame.Surface:
        asked.append(tuple(size))
        return face(card, size)

    art.counted_face = spy  # type: ignore[method-assign]
    app.draw(pygame.Surface(layout.CANVAS))
    assert asked, "the open piles' won cards are drawn beside the names"
    room = RESULTS_CHART.line(0).height - 8  # inside the line's 4 px border
    assert all(h <= room for _, h in asked), (asked, room)
    app.model.update["outcome"]["course"] = None  # the full-size lines keep the full-size cards
    asked.clear()
    app.draw(pygame.Surface(layout.CANVAS))
    assert asked and all(h > room for _, h in asked)
