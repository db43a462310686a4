"""What a frame that moves puts back and writes (issue 28 item 6): an outline round a panel hands back only the
strips it drew on, a text written ahead is not written again when it is drawn, a how-to's captions are written
ahead of their steps."""

from __future__ import annotations

import pygame
import pytest

from game.tv import layout
from game.tv.app import FRAME
from game.tv.layout import LOBBY
from game.tv.render import TextCache, _fitted_lines, blit_lines, ring, write_lines_ahead
from game.tv.scenes.lobby import CAPTION_SIZE
from tests.test_tv_howto import HOWTO_GAMES, lobby_app
from tests.test_tv_rat_moment import fresh_texts


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.mark.parametrize("rect,width,radius", [((40, 30, 900, 330), 6, 24), ((40, 30, 900, 330), 1, 30),
                                               ((10, 10, 60, 40), 10, 30), ((5, 5, 300, 20), 3, 24),
                                               ((100, 100, 500, 400), 40, 12)])
def test_a_ring_hands_back_strips_holding_every_pixel_it_drew(rect, width, radius) -> None:
    canvas = pygame.Surface((1100, 600))
    canvas.fill((0, 0, 0))
    strips = ring(canvas, (250, 200, 60), pygame.Rect(rect), width, radius)
    drawn = pygame.mask.from_threshold(canvas, (0, 0, 0), (1, 1, 1, 255))  # the black pixels...
    drawn.invert()  # ...and so the drawn ones
    outside = pygame.mask.Mask(canvas.get_size(), fill=True)
    for s in strips:
        outside.erase(pygame.mask.Mask(s.size, fill=True), s.topleft)
    assert drawn.count() > 0
    assert drawn.overlap_area(outside, (0, 0)) == 0, "a pixel drawn outside the strips"
    bound = pygame.Rect(rect)
    if bound.width > 4 * max(width, radius) and bound.height > 4 * max(width, radius):
        assert sum(s.width * s.height for s in strips) < 0.5 * bound.width * bound.height  # a frame, not the panel


def test_lines_written_ahead_are_not_written_again() -> None:
    tc = TextCache()
    text = "Every line turns up: a power card is replaced by a card from the pile, then the sums count up"
    box = pygame.Rect(0, 0, 700, 200)
    write_lines_ahead(tc, text, layout.TEXT_LARGE, (255, 255, 255), box.width, max_lines=3)
    before = dict(tc._cache)
    blit_lines(tc, pygame.Surface(box.size), text, layout.TEXT_LARGE, (255, 255, 255), box, max_lines=3)
    assert [k for k in tc._cache if k not in before and k[0] != "Ag"] == []


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_a_howto_step_writes_no_new_caption_when_it_comes(game: str) -> None:
    """Each step's caption is written ahead while the first steps play: a new step's frame renders no caption."""
    app, _server = lobby_app(game)
    screen = pygame.Surface(layout.CANVAS)
    app.draw(screen)
    assert app.lobby.play_howto(quiet=True)
    howto = app.lobby.howto
    assert howto is not None and len(howto.steps) > 2
    tc = app.ctx.tc
    app.tick(FRAME)
    app.draw(screen)
    for _ in range(len(howto.steps)):  # one caption a frame
        app.tick(FRAME)
    fresh = fresh_texts(app)
    shown = 1
    while app.lobby.playing_howto and shown < len(howto.steps):
        index = howto.index
        app.tick(FRAME)
        app.draw(screen)
        if app.lobby.playing_howto and howto.index != index:
            shown += 1
            _size, lines = _fitted_lines(tc, app.ctx.texts(howto.step.caption), CAPTION_SIZE, LOBBY.howto_caption.width, 3)
            assert len(lines) >= 1 and not set(lines) & set(fresh), f"step {howto.index}: its caption written as it came"
            fresh.clear()
    assert shown == len(howto.steps)
