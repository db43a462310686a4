"""The join QR code, drawn as filled squares from qrcode's module matrix (no Pillow)."""

from __future__ import annotations

import pygame
import qrcode
import qrcode.constants


def qr_matrix(data: str) -> list[list[bool]]:
    """Return the QR modules of `data` (error correction M, 4-module quiet zone included)."""
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    q.add_data(data)
    q.make(fit=True)
    return [[bool(v) for v in row] for row in q.get_matrix()]


def qr_surface(data: str, side: int) -> pygame.Surface:
    """Return a white square of `side` pixels with the QR code of `data`, whole-pixel modules, centred."""
    matrix = qr_matrix(data)
    n = len(matrix)
    module = max(1, side // n)  # whole pixels per module keep edges crisp for phone cameras
    offset = (side - module * n) // 2
    surf = pygame.Surface((side, side))
    surf.fill((255, 255, 255))
    dark = (0, 0, 0)
    for y, row in enumerate(matrix):
        x = 0
        while x < n:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < n and row[x]:
                x += 1
            surf.fill(dark, (offset + start * module, offset + y * module, (x - start) * module, module))
    return surf
