"""The lobby's QR code, read back from the rendered frame by a real decoder, is exactly the join URL."""

from __future__ import annotations

import pygame
import pytest
import zxingcpp

from game.tv import layout
from game.tv.app import TvApp, present
from game.tv.qr import qr_matrix, qr_surface
from tests.tv_fixtures import FakeServer, table, update


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def decode(surface: pygame.Surface) -> list[str]:
    """Return the texts of every QR code zxing-cpp finds in the surface (given as an RGB buffer)."""
    w, h = surface.get_size()
    pixels = memoryview(pygame.image.tobytes(surface, "RGB")).cast("B", (h, w, 3))
    return [r.text for r in zxingcpp.read_barcodes(pixels, formats=zxingcpp.BarcodeFormat.QRCode)]


@pytest.mark.parametrize("screen", [(1920, 1080), (1280, 720)])
def test_lobby_frame_qr_decodes_to_the_join_url(screen: tuple[int, int]) -> None:
    server = FakeServer([update(1, "lobby", table(4), None)])
    server.join_url = "http://192.168.178.41:51234/?k=XK7M2Q"
    app = TvApp(server)
    app.tick(0.02)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    target = pygame.Surface(screen)
    present(canvas, target)
    assert decode(target) == [server.join_url]


def test_qr_modules_are_whole_pixels_with_a_quiet_zone() -> None:
    url = "http://10.0.0.7:8765/?k=ABCDEF"
    matrix = qr_matrix(url)
    assert not any(matrix[0]) and not any(row[0] for row in matrix), "no quiet zone"
    surf = qr_surface(url, 600)
    assert decode(surf) == [url]
    assert 600 // len(matrix) >= 8, "modules too small to scan from across a room"
