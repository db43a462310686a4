"""The score screen and every number on the TV: confetti never covers the headers, negatives get a real minus."""

from __future__ import annotations

import re

import pygame
import pytest

from game.tv import layout
from game.tv.games.cat_in_the_sack import cards
from game.tv.app import TvApp
from game.tv.i18n import LANGS, MINUS, Texts, number
from game.tv.layout import RESULTS
from game.tv.render import GOLD, parse_colour
from game.tv.scenes.results import ResultsScene
from game.tv.games.cat_in_the_sack.anim import card_name
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE
from tests.tv_fixtures import FakeServer, game_updates, json_round_trip, rig_scores

HYPHEN_NUMBER = re.compile(r"-\d")


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def final(seed: int = 2, negative: bool = True) -> dict:
    """Return a final update; with `negative`, one player ends on negative cats and total."""
    over = json_round_trip(game_updates(4, seed=seed)[-1])
    if negative:
        rig_scores(over, [(20, 10), (25, 5), (-13, 5), (3, 4)], winners=[1], tie_break=True)
    return over


def test_the_confetti_falls_behind_the_column_headers_and_the_tie_note() -> None:
    server = FakeServer([final()])
    app = TvApp(server)
    app.tick(0.02)
    assert isinstance(app.scene, ResultsScene)
    confetti = {parse_colour(app.model.seat_info(1).get("colour")), GOLD}
    canvas = pygame.Surface(layout.CANVAS)
    header = RESULTS.header
    text = app.ctx.tc.fit(app.ctx.texts("over.tie_break"), layout.TEXT_BODY, RESULTS.tie_note.width - 40)
    note = text.get_rect(center=RESULTS.tie_note.center)
    crossed = 0
    for _ in range(160):  # the whole fall, 1/30 s a frame
        app.tick(1 / 30)
        app.draw(canvas)
        pieces = [pygame.Rect(int(x), int(y), 14, 22) for x, y, *_ in app.scene.confetti]
        crossed += sum(1 for p in pieces if p.colliderect(header) or p.colliderect(note))
        for area in (header, note):
            seen = {tuple(canvas.get_at((x, y)))[:3] for x in range(area.left, area.right, 2)
                    for y in range(area.top, area.bottom, 2)}
            assert not seen & confetti, "confetti drawn over the headers"
    assert crossed > 20  # the confetti did pass there: it went behind


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_the_tv_writes_has_a_real_minus_sign(lang: str) -> None:
    ups = game_updates(4, seed=5, open_piles=True)
    server = FakeServer()
    app = TvApp(server, lang=lang)
    canvas = pygame.Surface(layout.CANVAS)
    negative_seen = False
    for u in ups[:-1] + [final(5)]:
        server.updates.put(json_round_trip(u))
        for _ in range(2):  # mid-animation and later: the animations' texts too
            app.tick(0.15)
            app.draw(canvas)
        negative_seen |= any(isinstance(c, int) and c < 0 for rc in (u.get("view") or {}).get("row") or ()
                             for c in [rc.get("card")])
    for _ in range(20):
        app.tick(0.1)
        app.draw(canvas)
    assert negative_seen and isinstance(app.scene, ResultsScene)
    texts = [key[0] for key in app.ctx.tc._cache]
    assert not [t for t in texts if HYPHEN_NUMBER.search(t)], "a hyphen where a minus sign belongs"
    assert f"{MINUS}13" in texts and f"{MINUS}8" in texts  # the results' cats and total
    t = Texts(lang)
    t.add("cat-in-the-sack")
    t.game = "cat-in-the-sack"
    assert MINUS + "8" in card_name(t, -8) and MINUS + "5" in t("tv.ev.sack_won", name="Ana", paid=3, value=-5)
    assert number(0) == "0" and number(12) == "12" and number(-3) == "\u22123"


def test_the_cat_cards_print_their_negative_values_with_a_minus_sign(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    real = pygame.font.Font

    class Recording(real):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
            written.append(str(text))
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", Recording)
    for value in cards.CATS:
        cards.draw_card(value, CARD_SIZE)
    assert f"{MINUS}8" in written and f"{MINUS}5" in written and "15" in written
    assert not [w for w in written if HYPHEN_NUMBER.search(w)]
