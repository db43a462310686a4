"""The how-to's picture painted in parts (issue 28, item 6) is pixel for pixel the one painted whole.

A how-to's frame that moves paints only what changed: the demo table's dirty rects on its own
canvas, only those parts smooth-scaled into the picture (8/15 of the canvas, on the 15-pixel
grid), the lobby copying only those parts, a new step repainting only the how-to's box, the score
screen only where its confetti moved, an inset restored from a copy; a big change (a new step's
deal, a reveal) painted over a few frames while the picture on show holds still. Here each game's how-to is
played through on a simulated 60 fps clock twice in step, once as the TV does and once painted
whole every frame, and the two pictures, and the lobby's screen against a full redraw, are
compared on many frames, whatever moves then.
"""

from __future__ import annotations

import pygame
import pytest

from game.tv import layout
from game.tv.app import FRAME, TvApp
from game.tv.howto import HowToPlayer
from game.tv.layout import LOBBY
from tests.test_tv_howto import HOWTO_GAMES, lobby_app


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


_RAW: dict[int, bytearray] = {}  # a buffer for each size of picture `same` compares, filled on every compare


def _raw(surface: pygame.Surface) -> bytearray:
    """Return the surface's pixel bytes as they are in memory, copied into the kept buffer of that size (filling
    a buffer already made is several times faster than making a new one the size of the picture)."""
    view = memoryview(surface.get_view("1")).cast("B")
    kept = _RAW.get(view.nbytes)
    if kept is None:
        kept = _RAW[view.nbytes] = bytearray(view.nbytes)
    kept[:] = view
    view.release()
    return kept


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Return True if the two pictures' RGB pixels are equal. Two surfaces of one size and pixel format whose
    bytes in memory are equal have equal pixels (a bytearray compares with another buffer by memcmp; converting
    both to RGB took most of this test's time); when they are not (a byte that no colour uses could differ), or
    the formats differ, the RGB bytes are compared."""
    if (a.get_size(), a.get_bitsize(), a.get_masks(), a.get_pitch()) == \
            (b.get_size(), b.get_bitsize(), b.get_masks(), b.get_pitch()) and _raw(a) == b.get_view("1"):
        return True
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def whole(player: HowToPlayer) -> pygame.Surface:
    """Return `player`'s picture painted whole: the demo table afresh, all of it scaled."""
    player._drawn_by = None  # as a new picture: the scene paints all of its canvas, all of it is scaled
    player._painted = None
    return player.picture(LOBBY.howto_picture.size)


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_the_picture_painted_in_parts_is_the_picture_painted_whole(game: str) -> None:
    app, _server = lobby_app(game)
    ref, _ = lobby_app(game)
    screen = pygame.Surface(layout.CANVAS)
    app.draw(screen)
    assert app.lobby.play_howto(quiet=True) and ref.lobby.play_howto(quiet=True)
    player, twin = app.lobby.howto, ref.lobby.howto
    assert player is not None and twin is not None
    frame, checked, partial, kinds, held, hold, after_hold = 0, 0, 0, set(), 0, 0, False
    while app.lobby.playing_howto:
        app.tick(FRAME)
        ref.tick(FRAME)
        app.draw(screen)  # the TV's way: parts
        frame += 1
        if not app.lobby.playing_howto:
            break
        assert (player.index, player.fed, player._hold) == (twin.index, twin.fed, twin._hold)
        if player._hold:  # a big change painted ahead: nothing of it shows yet, nor the step's caption
            held, hold = held + 1, hold + 1
            assert player.damage == [] and player.shown <= player.index, (frame, player.damage)
            assert hold <= 12, f"{game}: step {player.index}: held still {hold} frames (over 0.2 s)"
            after_hold = True
            continue
        hold = 0
        partial += player.damage is not None and len(player.damage) > 0
        if after_hold or frame % 7 == 0 or player.damage is None or (player.damage and frame % 3 == 0):
            after_hold = False
            painted = player.picture(LOBBY.howto_picture.size)
            reference = whole(twin)
            assert player._full is not None and twin._full is not None
            assert same(player._full, twin._full), f"{game}: step {player.index}, frame {frame}: the demo table differs"
            assert same(painted, reference), f"{game}: step {player.index}, frame {frame}: the parts differ"
            kinds.add(type(player.scene).__name__)
            if frame % 21 == 0:
                full = pygame.Surface(layout.CANVAS)
                app.draw(full)  # a full redraw of the lobby (another canvas: it paints all)
                assert same(full, screen), f"{game}: step {player.index}, frame {frame}: the screen differs"
                app.draw(screen)  # the next frame on the screen paints all again (another canvas came between)
            checked += 1
    assert checked > 100 and partial > 100 and held > 10, (checked, partial, held)
    assert "ResultsScene" in kinds and len(kinds) == 2, kinds  # the table and the score screen


def test_a_picture_off_the_grid_is_scaled_whole() -> None:
    app: TvApp
    app, _server = lobby_app(HOWTO_GAMES[0])
    assert app.lobby.play_howto(quiet=True)
    player = app.lobby.howto
    assert player is not None
    player.picture((1020, 574))  # not 8/15 of the canvas: a part would not scale as the whole does
    for _ in range(600):
        app.tick(FRAME)
        player.picture((1020, 574))
        assert player.damage is None or player.damage == []
