"""The lobby's household board: the chosen game's leaders (people only) and its last results.

Drawn from the public update's `history` (docs/protocol.md), per game id; the column of each
leader's best score is labelled by the game's own text `game.history.best` (the platform's
`history.best`, "Best", otherwise), so the platform never says which way a game counts.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.i18n import Texts, number
from game.tv.render import GOLD, GREY, INK, INK_DIM, PANEL, Colour, TextCache, panel

LEADERS_SHOWN = 5
RESULTS_SHOWN = 5
PAD = 22  # inside the board's border
LINE = 38  # one line of TEXT_SMALL (35 pixels high) and its gap
HEADING = 50  # a TEXT_BODY heading and its gap
TOP, BOTTOM, SECTION_GAP = 14, 10, 12
COLUMN_GAP = 20
PIECE_GAP = 12  # between the parts of a result line: when, each seat's score
MIN_SIZE = 24  # a result line or a name shrinks this far before it is cut
NAME_MIN = 200  # the leaders' names get at least this width (the headings shrink first)
WEEK = 7


def game_board(history: Any, game: str) -> dict[str, list[dict[str, Any]]] | None:
    """Return the chosen game's {leaders, recent} when there is something to show, else None."""
    entry = history.get(game) if isinstance(history, dict) else None
    if not isinstance(entry, dict):
        return None
    leaders = [r for r in entry.get("leaders") or () if isinstance(r, dict)][:LEADERS_SHOWN]
    recent = [r for r in entry.get("recent") or () if isinstance(r, dict)][:RESULTS_SHOWN]
    return {"leaders": leaders, "recent": recent} if leaders or recent else None


def when_text(t: Callable[..., str], ended: Any, now: float) -> str:
    """Return when a game ended as the TV says it: 'Fri 21:40' within the week, else '12 Nov' (local time)."""
    try:
        then = datetime.fromtimestamp(float(ended))
    except (TypeError, ValueError, OverflowError, OSError):
        return ""
    days = (datetime.fromtimestamp(now).date() - then.date()).days
    if 0 <= days < WEEK:
        return t("tv.history.day_time", day=t("tv.history.days").split()[then.weekday()], time=f"{then:%H:%M}")
    return t("tv.history.date", day=str(then.day), month=t("tv.history.months").split()[then.month - 1])


def score(value: Any) -> str:
    """Return a score as the TV writes it ('−8' with the real minus), or a dash for none."""
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else "–"


def fitted(tc: TextCache, text: str, size: int, width: int) -> str:
    """Return `text`, cut with '…' if it does not fit `width` even at the smallest size."""
    if tc.fit(text, size, width).get_width() <= width:
        return text
    cut = text
    while len(cut) > 1 and tc.render(cut + "…", MIN_SIZE).get_width() > width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def result_pieces(t: Callable[..., str], result: dict[str, Any], now: float) -> list[tuple[str, Colour]]:
    """Return a result line's parts: when, then each seat's 'Name total', winners first (gold), bots grey,
    a seat the coach helped marked so."""
    winners = {str(w) for w in result.get("winners") or ()}
    seats = [s for s in result.get("seats") or () if isinstance(s, dict)]
    ordered = [s for s in seats if str(s.get("name")) in winners] + [s for s in seats if str(s.get("name")) not in winners]
    pieces = [(when_text(t, result.get("ended"), now), INK_DIM)]
    for s in ordered:
        colour = GOLD if str(s.get("name")) in winners else GREY if s.get("bot") else INK
        coached = f" ({t('coach.badge')})" if s.get("coached") is True else ""  # a game the coach helped with
        pieces.append((f"{s.get('name', '')} {score(s.get('total'))}{coached}", colour))
    return pieces


def _line_width(tc: TextCache, pieces: list[tuple[str, Colour]], size: int) -> int:
    return sum(tc.render(text, size).get_width() for text, _ in pieces) + PIECE_GAP * (len(pieces) - 1)


def fit_pieces(tc: TextCache, t: Callable[..., str], pieces: list[tuple[str, Colour]],
               width: int) -> tuple[list[tuple[str, Colour]], int]:
    """Return the parts that fit `width` and their size: shrunk to MIN_SIZE, then the last seats as '+N'."""
    for size in (layout.TEXT_SMALL, MIN_SIZE):
        if _line_width(tc, pieces, size) <= width:
            return pieces, size
    shown = list(pieces)
    while len(shown) > 2:
        shown.pop()
        trial = shown + [(t("tv.history.more", n=len(pieces) - len(shown)), INK_DIM)]
        if _line_width(tc, trial, MIN_SIZE) <= width:
            return trial, MIN_SIZE
    return shown, MIN_SIZE


def board_height(board: dict[str, list[dict[str, Any]]]) -> int:
    """Return how tall the board is drawn: its headings and rows (at most LobbyLayout.board's height)."""
    height = TOP + BOTTOM
    if board["leaders"]:
        height += HEADING + LINE * (1 + len(board["leaders"])) + SECTION_GAP
    if board["recent"]:
        height += HEADING + LINE * len(board["recent"])
    return height


def draw_board(tc: TextCache, t: Texts, canvas: pygame.Surface, rect: pygame.Rect,
               board: dict[str, list[dict[str, Any]]], now: float) -> None:
    """Draw the board from the top of `rect`, as tall as it needs: the leaders' table, then the last results."""
    panel(canvas, pygame.Rect(rect.left, rect.top, rect.width, min(rect.height, board_height(board))), PANEL, INK_DIM, 2)
    left, right, inner = rect.left + PAD, rect.right - PAD, rect.width - 2 * PAD
    y = rect.top + TOP
    if board["leaders"]:
        tc.blit(canvas, t("history.title"), layout.TEXT_BODY, GOLD, max_width=inner, topleft=(left, y))
        y += HEADING
        y = _draw_leaders(tc, t, canvas, board["leaders"], left, right, y)
        y += SECTION_GAP
    if board["recent"]:
        tc.blit(canvas, t("history.recent"), layout.TEXT_BODY, GOLD, max_width=inner, topleft=(left, y))
        y += HEADING
        for result in board["recent"]:
            pieces, size = fit_pieces(tc, t, result_pieces(t, result, now), inner)
            x = left
            for text, colour in pieces:
                x = tc.blit(canvas, text, size, colour, midleft=(x, y + LINE // 2 - 2)).right + PIECE_GAP
            y += LINE


def _columns(tc: TextCache, labels: list[str], cells: list[list[str]], label_size: int, left: int,
             right: int) -> tuple[list[int], int]:
    """Return the right edges of the number columns (each as wide as its heading or widest number) and the names' width."""
    widths = [max([tc.render(label, label_size).get_width(),
                   *(tc.render(line[k + 1], layout.TEXT_SMALL).get_width() for line in cells)])
              for k, label in enumerate(labels)]
    rights: list[int] = []
    x = right
    for w in reversed(widths):
        rights.insert(0, x)
        x -= w + COLUMN_GAP
    return rights, x - left


def _draw_leaders(tc: TextCache, t: Texts, canvas: pygame.Surface, leaders: list[dict[str, Any]],
                  left: int, right: int, y: int) -> int:
    """Draw the header and a line per leader (name, wins, games, best), numbers right-aligned; return the y after."""
    size = layout.TEXT_SMALL
    labels = [t("history.wins"), t("history.games"), t.own("game.history.best", "history.best")]
    cells = [[str(r.get("name", "")), score(r.get("wins")), score(r.get("games")), score(r.get("best"))]
             for r in leaders]
    for label_size in (size, MIN_SIZE):  # long headings (a language's, a game's) shrink before the names do
        rights, name_width = _columns(tc, labels, cells, label_size, left, right)
        if name_width >= NAME_MIN:
            break
    middle = LINE // 2 - 2  # a line's texts are centred on it, whatever size a long one shrank to
    for label, r in zip(labels, rights):
        tc.blit(canvas, label, label_size, INK_DIM, midright=(r, y + middle))
    y += LINE
    for i, line in enumerate(cells):
        tc.blit(canvas, fitted(tc, line[0], size, name_width), size, GOLD if i == 0 else INK, max_width=name_width,
                midleft=(left, y + middle))
        for text, r in zip(line[1:], rights):
            tc.blit(canvas, text, size, INK, midright=(r, y + middle))
        y += LINE
    return y
