"""A household's kept games, put in a save before the server opens it (as finished games are kept)."""

from __future__ import annotations

from pathlib import Path

from game import kept
from game.history import KeptGame, KeptSeat
from game.store import FILE_NAME, Store

SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"
DAY = 24 * 3600
MARKUP = "<b>Zoé</b>"  # a name that looks like markup is shown as the letters it is


def kept_game(game_id: str, ended: int, *seats: tuple[str, str | None, int, int | None, bool]) -> KeptGame:
    """Return a kept game with (name, bot kind, total, best, won) per seat."""
    return KeptGame(game_id, ended, None, tuple(KeptSeat(i, *s) for i, s in enumerate(seats)), {}, {}, "",
                    f"digest-{game_id}-{ended}")


def household(now: int) -> list[KeptGame]:
    """Return six games of Cat in the Sack (the last five shown) and two of Rat-a-Tat Cat, the newest a day ago."""
    return [
        kept_game(SACK, now - 40 * DAY, ("Ana", None, 30, 30, False), ("Chloé", None, 49, 49, True)),
        kept_game(SACK, now - 30 * DAY, ("Ana", None, 61, 61, True), ("Dániel", None, 44, 44, False),
                  ("Tom", "heuristic", 40, 40, False)),
        kept_game(SACK, now - 9 * DAY, ("Ana", None, 39, 39, False), ("Felix", "heuristic", 55, 55, True),
                  ("Chloé", None, 41, 41, False), ("Dániel", None, 33, 33, False), (MARKUP, None, 12, 12, False)),
        kept_game(SACK, now - 5 * DAY, ("Ana", None, 44, 44, False), ("Maximiliano Ruiz", None, 50, 50, True),
                  ("Luna", "random", 31, 31, False), ("Chloé", None, 50, 50, True)),
        kept_game(SACK, now - 3 * DAY, ("Ana", None, 52, 52, True), ("Felix", "heuristic", 48, 48, False),
                  ("Chloé", None, 40, 40, False)),
        kept_game(SACK, now - DAY, ("Ana", None, 58, 58, True), ("Maximiliano Ruiz", None, 47, 47, False),
                  ("Felix", "heuristic", 45, 45, False)),
        kept_game(RAT, now - 2 * DAY, ("Béla", None, 12, 0, True), ("Zsófi", None, 31, 3, False)),
        kept_game(RAT, now - DAY, ("Zsófi", None, 15, 2, True), ("Béla", None, 22, 4, False),
                  ("Luna", "random", 30, 5, False)),
    ]


def seed(data: Path, games: list[KeptGame]) -> None:
    """Keep `games` in the save in `data` (made if missing), then let go of it for the server."""
    store = Store(data / FILE_NAME)
    store.connect()
    try:
        with store.connection:
            for g in games:
                kept.keep(store.connection, g, "import")
    finally:
        store.close()
