"""All TV geometry: the logical 1920x1080 canvas, its TV-safe area and every scene's rectangles."""

from __future__ import annotations

import pygame

CANVAS = (1920, 1080)
# 5 % of each dimension: the part of the picture every TV shows, even with overscan.
SAFE = pygame.Rect(96, 54, 1920 - 2 * 96, 1080 - 2 * 54)

# Text sizes in canvas pixels; >= 28 keeps body text readable from a couch 3 m away.
TEXT_SMALL = 28
TEXT_BODY = 34
TEXT_LARGE = 46
TEXT_HUGE = 64
TEXT_TITLE = 84

MIN_SEATS = 3
MAX_SEATS = 6


def letterbox(screen_size: tuple[int, int]) -> pygame.Rect:
    """Return where the canvas goes on a screen of `screen_size`: scaled to fit, centred, aspect kept."""
    sw, sh = screen_size
    scale = min(sw / CANVAS[0], sh / CANVAS[1])
    w, h = max(1, round(CANVAS[0] * scale)), max(1, round(CANVAS[1] * scale))
    return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)


# Scene layouts are plain classes of Rect constants: Rects are mutable, so code only ever
# derives new ones from them (move/inflate/copy) and never assigns to these.

# ------------------------------------------------------------------ lobby


class LobbyLayout:
    """The lobby: join QR code and text on the left, players and settings on the right."""

    title: pygame.Rect = pygame.Rect(SAFE.left, SAFE.top, SAFE.width, 96)
    qr: pygame.Rect = pygame.Rect(SAFE.left + 20, 166, 560, 560)
    url: pygame.Rect = pygame.Rect(SAFE.left, 738, 640, 44)
    code: pygame.Rect = pygame.Rect(SAFE.left, 784, 640, 76)
    hint: pygame.Rect = pygame.Rect(SAFE.left, 864, 640, 72)
    warning: pygame.Rect = pygame.Rect(SAFE.left, 940, 640, 86)
    players_title: pygame.Rect = pygame.Rect(780, 166, SAFE.right - 780, 56)
    settings: pygame.Rect = pygame.Rect(780, 738, SAFE.right - 780, 172)
    keys: pygame.Rect = pygame.Rect(780, 918, SAFE.right - 780, 108)
    player_line_height: int = 84
    # the household's board of the chosen game, beside the players (who then take a narrower column)
    board: pygame.Rect = pygame.Rect(1200, 166, SAFE.right - 1200, 570)
    beside_board: int = 400  # the players' column width while the board is shown
    # the chosen game's how-to, over the players, board, settings and keys (the join column stays)
    howto: pygame.Rect = pygame.Rect(780, 160, SAFE.right - 780, 866)
    howto_title: pygame.Rect = pygame.Rect(804, 166, SAFE.right - 828, 52)
    howto_picture: pygame.Rect = pygame.Rect(790, 222, 1024, 576)  # the demo table at 8/15 of the canvas (game.tv.howto)
    howto_caption: pygame.Rect = pygame.Rect(804, 806, SAFE.right - 828, 162)  # up to 3 lines of TEXT_LARGE
    howto_footer: pygame.Rect = pygame.Rect(804, 972, SAFE.right - 828, 48)  # progress dots, the keys
    howto_players: pygame.Rect = pygame.Rect(720, SAFE.top + 8, SAFE.right - 720, 80)  # who joined, in the title line

    def player_line(self, i: int, beside_board: bool = False) -> pygame.Rect:
        """Return the rectangle of the i-th player line (0..MAX_SEATS-1), narrower beside the board."""
        return pygame.Rect(780, 230 + i * self.player_line_height,
                           self.beside_board if beside_board else SAFE.right - 780, self.player_line_height - 8)

    def players_heading(self, beside_board: bool = False) -> pygame.Rect:
        """Return the players' title line, as wide as their column."""
        return self.players_title if not beside_board else self.players_title.clip(
            pygame.Rect(780, 0, self.beside_board, CANVAS[1]))


LOBBY = LobbyLayout()


# ------------------------------------------------------------------ results


class ResultsLayout:
    """The score screen: the winner's banner, one line per player, the keys."""

    banner: pygame.Rect = pygame.Rect(SAFE.left, SAFE.top, SAFE.width, 150)
    tie_note: pygame.Rect = pygame.Rect(SAFE.left, 210, SAFE.width, 44)
    header: pygame.Rect = pygame.Rect(SAFE.left + 120, 270, SAFE.width - 240, 48)
    keys: pygame.Rect = pygame.Rect(SAFE.left, SAFE.bottom - 70, SAFE.width, 70)
    row_height: int = 96
    place_size: int = TEXT_HUGE  # a line's place and total
    symbol_size: int = 48

    def line(self, i: int) -> pygame.Rect:
        """Return the rectangle of the i-th ranked player line."""
        return pygame.Rect(SAFE.left + 120, 330 + i * self.row_height, SAFE.width - 240, self.row_height - 12)

    def column(self, name: str) -> tuple[int, int]:
        """Return the (left, right) x range of a results column: rank, name, detail0, detail1, total.

        detail0 and detail1 are the game's own columns (its detail drawer's), between name and total.
        """
        x = self.header.left
        cols = {"rank": (x + 10, x + 110), "name": (x + 130, x + 780), "detail0": (x + 800, x + 1040),
                "detail1": (x + 1060, x + 1260), "total": (x + 1280, x + 1460)}
        return cols[name]


RESULTS = ResultsLayout()


class ChartResultsLayout(ResultsLayout):
    """The score screen with the chart of the game's course: a lower banner, shorter lines, the chart below them.

    The chart takes what the lines leave between them and the keys, so fewer seats get a taller chart.
    """

    banner: pygame.Rect = pygame.Rect(SAFE.left, SAFE.top, SAFE.width, 96)
    tie_note: pygame.Rect = pygame.Rect(SAFE.left, 152, SAFE.width, 40)
    header: pygame.Rect = pygame.Rect(SAFE.left + 120, 204, SAFE.width - 240, 40)
    row_height: int = 72
    place_size: int = TEXT_LARGE
    symbol_size: int = 40

    def line(self, i: int) -> pygame.Rect:
        """Return the rectangle of the i-th ranked player line."""
        return pygame.Rect(self.header.left, 252 + i * self.row_height, self.header.width, self.row_height - 8)

    def chart(self, seats: int) -> pygame.Rect:
        """Return the chart's rectangle under the lines of `seats` players, above the keys."""
        top = self.line(seats - 1).bottom + 16
        return pygame.Rect(self.header.left, top, self.header.width, self.keys.top - 12 - top)


RESULTS_CHART = ChartResultsLayout()

# Overlays shared by every scene.
TOAST = pygame.Rect(SAFE.centerx - 600, 690, 1200, 70)  # over the bids, clear of names and cards
CONFIRM = pygame.Rect(SAFE.centerx - 560, SAFE.centery - 170, 1120, 340)


def all_rects(seats: int) -> dict[str, pygame.Rect]:
    """Return every fixed rectangle of the platform's scenes for `seats` players (for the safe-area test).

    A game's table layout lives in its own module with its own `all_rects`.
    """
    out: dict[str, pygame.Rect] = {}
    for name in ("title", "qr", "url", "code", "hint", "warning", "players_title", "settings", "keys", "board",
                 "howto", "howto_title", "howto_picture", "howto_caption", "howto_footer", "howto_players"):
        out[f"lobby.{name}"] = getattr(LOBBY, name)
    for i in range(MAX_SEATS):
        out[f"lobby.player{i}"] = LOBBY.player_line(i)
        out[f"lobby.player{i}_beside_board"] = LOBBY.player_line(i, beside_board=True)
    for name in ("banner", "tie_note", "header", "keys"):
        out[f"results.{name}"] = getattr(RESULTS, name)
    for i in range(seats):
        out[f"results.line{i}"] = RESULTS.line(i)
    for name in ("banner", "tie_note", "header"):
        out[f"results_chart.{name}"] = getattr(RESULTS_CHART, name)
    for i in range(seats):
        out[f"results_chart.line{i}"] = RESULTS_CHART.line(i)
    out["results_chart.chart"] = RESULTS_CHART.chart(seats)
    out["toast"] = TOAST
    out["confirm"] = CONFIRM
    return out
