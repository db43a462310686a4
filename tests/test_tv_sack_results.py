"""Cat in the Sack's score screen on the TV: each player's won cats beside the name, in the room before the Cats column.

The pictures are saved under artifacts/screenshots/tv/ (results_won_cats_*.png).
"""

from __future__ import annotations

import copy

import pygame
import pytest

from game.tv import layout
from game.tv.app import TvApp
from game.tv.layout import ResultsLayout
from game.tv.scenes.results import ResultsScene
from game.tv.games.cat_in_the_sack.scene import won_card_size
from tests.conftest import ARTIFACTS
from tests.tv_fixtures import NAMES, FakeServer, rig_scores, session_updates

SHOTS = ARTIFACTS / "screenshots" / "tv"
LONG_NAMES = ["Maximiliana Josefina", "Bartholomew-Augustin", "Wolfgang Amadeus", "Guinevere Ottoline",
              "Ödönke Kázmérné"]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def final(players: int, seed: int = 1, names: list[str] = NAMES, **options: object) -> dict:
    """Return the last public update of a bot game played by a real session, its seats named."""
    over = session_updates("cat-in-the-sack", players, seed, **options)[-1]
    assert over["stage"] == "over"
    for seat in over["table"]["seats"]:
        seat["name"] = names[seat["seat"]]
    return over


def without_won(u: dict) -> dict:
    """Return a copy of `u` whose score detail names no won cards."""
    out = copy.deepcopy(u)
    for score in out["outcome"]["detail"]["scores"]:
        score.pop("won", None)
    return out


def shown(u: dict) -> tuple[pygame.Surface, ResultsScene]:
    """Return the score screen the TV draws for `u` (without confetti) and its scene."""
    app = TvApp(FakeServer([u]))
    for _ in range(5):
        app.tick(0.1)
    assert isinstance(app.scene, ResultsScene) and app.model.rejected == 0
    app.scene.confetti = []
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    return canvas, app.scene


def changed(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    """Return the mask of the pixels where `a` and `b` differ."""
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(diff, (0, 0, 0), (1, 1, 1, 255))
    same.invert()
    return same


def area(mask: pygame.mask.Mask, rect: pygame.Rect) -> pygame.Rect | None:
    """Return the bounding box of the set pixels of `mask` inside `rect`, or None."""
    inside = pygame.mask.Mask(mask.get_size())
    inside.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    rects = mask.overlap_mask(inside, (0, 0)).get_bounding_rects()
    return rects[0].unionall(rects) if rects else None


def cats_column_left(bare: pygame.Surface, lay: ResultsLayout, seats: int) -> int:
    """Return the leftmost pixel of the Cats column's texts (its heading and numbers, right-aligned) on `bare`."""
    lo, hi = lay.column("detail0")
    rows = [lay.header, *(lay.line(i) for i in range(seats))]
    for x in range(lo - 200, hi):  # (the names end further left)
        if any(sum(bare.get_at((x, y))[:3]) > 420 for r in rows for y in range(r.top + 8, r.bottom - 8, 2)):
            return x
    raise AssertionError("no Cats column")


def check_cards(u: dict, picture: str) -> dict[int, pygame.Rect]:
    """Draw `u` with and without its won cats, save the picture, check the cards and return each seat's card box."""
    canvas, scene = shown(u)
    bare, _ = shown(without_won(u))
    pygame.image.save(canvas, str(SHOTS / picture))
    lay: ResultsLayout = scene.layout()
    cats_left = cats_column_left(bare, lay, len(u["outcome"]["detail"]["scores"]))
    mask = changed(canvas, bare)
    scores = {s["seat"]: s for s in u["outcome"]["detail"]["scores"]}
    boxes = {}
    lines = pygame.Rect(0, 0, 0, 0).unionall([lay.line(i) for i in range(len(scores))])
    everywhere = area(mask, canvas.get_rect())
    assert everywhere is not None and lines.contains(everywhere), "something other than the lines changed"
    for i, entry in enumerate(scene.ranking()):
        line, won = lay.line(i), scores[entry["seat"]]["won"]
        box = area(mask, line)
        if not won:
            assert box is None
            continue
        assert box is not None, f"seat {entry['seat']}'s won cats are not drawn"
        assert box.right <= cats_left - 20, "a won cat over the Cats column"
        assert box.left >= lay.column("name")[0] + 100  # after the symbol and the name
        assert box.height >= line.height - 10  # as tall as the line allows: read from the couch
        width = won_card_size(line.height - 8)[0]
        assert box.width >= min(len(won), 3) * width * 0.9  # side by side or fanned, each one shows
        boxes[entry["seat"]] = box
    return boxes


@pytest.mark.parametrize("players", [3, 5])
def test_the_score_screen_shows_each_players_won_cats_left_of_the_cats_column(players: int) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    boxes = check_cards(final(players, seed=players), f"results_won_cats_{players}p.png")
    assert boxes  # somebody won cats


@pytest.mark.parametrize("chart", [False, True])
def test_big_piles_and_long_names_overlap_the_cards_and_never_reach_the_cats_column(chart: bool) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    over = final(5, seed=5, names=LONG_NAMES)
    course = over["outcome"]["course"]
    piles = [[15, 15, 11, 11, 8, 8, 5, 5, 3, 3, "rabbit", -5, -5, -8, -8],
             [15] * 5 + [11] * 5 + [8] * 5 + [5] * 5 + [3] * 5 + ["rabbit"] * 5 + [-5] * 5 + [-8] * 5,  # every set's
             [11, 3, -8], [], [8]]
    mice = [12, 3, 30, 25, 9]
    value = {"rabbit": 0}
    rig_scores(over, [(sum(value.get(c, c) for c in p), m) for p, m in zip(piles, mice)], winners=[2],
               tie_break=False)
    for score, pile in zip(over["outcome"]["detail"]["scores"], piles):
        score["won"] = pile
    if chart:  # the lower lines of the screen with the chart (its points are the real game's, not these)
        over["outcome"]["course"] = course
    boxes = check_cards(over, f"results_won_cats_15{'_chart' if chart else ''}.png")
    assert set(boxes) == {0, 1, 2, 4}
    assert boxes[1].right <= boxes[0].right + 2  # the bigger pile fans out over the same room, not further


def test_without_won_cats_in_the_detail_the_open_piles_are_shown() -> None:
    over = without_won(final(4, seed=2, open_piles=True))
    canvas, scene = shown(over)
    bare = copy.deepcopy(over)
    for seat in bare["view"]["seats"]:
        seat["won_cards"] = None
    empty, _ = shown(bare)
    mask = changed(canvas, empty)
    lay = scene.layout()
    for i, entry in enumerate(scene.ranking()):
        box = area(mask, lay.line(i))
        if over["view"]["seats"][entry["seat"]]["won_cards"]:
            assert box is not None and box.right <= cats_column_left(empty, lay, len(scene.ranking())) - 20
