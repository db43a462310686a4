"""How a game plugs into the TV: its one scene module, found by game id, and what it exports.

A game with id `some-game` brings the package `game/tv/games/some_game/` exporting `SCREENS`, a
`GameScreens`: its table scene class, its score-screen detail drawer, its art warm-up and its own sound
effects. Its texts are its locale files,
shared with the phone (game.locales). The platform (app, lobby, results) names no game: it loads the
module from `table.games`.
"""

from __future__ import annotations

import importlib
import logging
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    import pygame

    from game.tv.i18n import Texts
    from game.tv.scenes.base import Context, Scene

log = logging.getLogger(__name__)

SCENES_PACKAGE = "game.tv.games"


class ResultsDetail:
    """A game's part of the score screen; this base draws nothing beyond the platform's totals.

    `detail` is `update.outcome.detail`, shaped by the game's detail schema.
    """

    def columns(self, texts: Callable[..., str]) -> list[str]:
        """Return the headings of the game's columns between the name and the total (at most two)."""
        return []

    def cells(self, detail: dict[str, Any], seat: int) -> list[str]:
        """Return `seat`'s values for those columns, as written on the screen."""
        return []

    def tie_key(self, detail: dict[str, Any], seat: int) -> tuple[Any, ...]:
        """Return what orders seats of equal total and equal win/loss (smaller first)."""
        return ()

    def note(self, texts: Callable[..., str], detail: dict[str, Any]) -> str | None:
        """Return a line to say under the banner (how a tie was broken), or None."""
        return None

    def draw_beside_name(self, ctx: "Context", canvas: "pygame.Surface", seat: int, x: int, y: int,
                         height: int) -> None:
        """Draw any small public picture after a player's name, starting at x, centred on y, at most `height` tall.

        The canvas is clipped to the room there, which ends a gap before the texts of the game's first column
        (or the total): `canvas.get_clip().right` is as far as a picture may reach.
        """


def _no_warm_up(ctx: "Context") -> list[Callable[[], object]]:
    return []


def _nothing_hidden(view: dict[str, Any]) -> str | None:
    return None


@dataclass(frozen=True)
class GameScreens:
    """What one game gives the TV.

    `prepare(ctx)` is called once, when the TV first learns of the game (its texts are loaded
    already): it may set up its art (kept in `ctx.art`) and returns warm-up jobs, run one per frame.
    `sounds` are the game's own sound effects beside the platform's (`game.tv.sound.Sfx`): name ->
    synth function `(sample rate, random stream) -> mono samples in [-1, 1]`; the game's scenes
    play them with `ctx.play(name)` (a name neither knows plays nothing).
    The TV refuses an update whose view has one of `private_view_keys`, whose events include one
    of `private_event_types`, or for whose view `check_view` returns a reason (game.tv.model).
    `howto_insets`: the painters of the insets its how-to's steps name (game.howto, game.tv.howto):
    kind -> `paint(ctx, canvas, data)`, over the demo table at canvas scale.
    """

    table_scene: "Callable[[Context], Scene]"
    detail: ResultsDetail = field(default_factory=ResultsDetail)
    prepare: "Callable[[Context], list[Callable[[], object]]]" = _no_warm_up
    sounds: dict[str, Callable[[int, random.Random], list[float]]] = field(default_factory=dict)
    private_view_keys: frozenset[str] = frozenset()
    private_event_types: frozenset[str] = frozenset()
    check_view: Callable[[dict[str, Any]], str | None] = _nothing_hidden
    howto_insets: dict[str, Callable[["Context", "pygame.Surface", dict[str, Any]], None]] = field(default_factory=dict)


def sound_name(game_id: str, name: str) -> str:
    """Return the name a game's own sound effect `name` has on the TV's sound board ('some-game/splash')."""
    return f"{game_id}/{name}"


def module_name(game_id: str) -> str:
    """Return the scene module a game id maps to ('some-game' -> 'game.tv.games.some_game')."""
    return f"{SCENES_PACKAGE}.{game_id.replace('-', '_')}"


@lru_cache(maxsize=None)
def screens_for(game_id: str) -> GameScreens | None:
    """Return the game's TV screens, or None if it has no (valid) scene module."""
    if not game_id or not all(c.isalnum() or c in "-_" for c in game_id):
        return None
    name = module_name(game_id)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    screens = getattr(module, "SCREENS", None)
    if not isinstance(screens, GameScreens):
        log.error("%s has no SCREENS: the TV cannot show that game", name)
        return None
    return screens


def game_ids(table: dict[str, Any]) -> list[str]:
    """Return the ids of the games the table offers, in the registry's order."""
    return [str(g["id"]) for g in table.get("games") or () if isinstance(g, dict) and g.get("id")]


def game_entry(table: dict[str, Any], game_id: str | None = None) -> dict[str, Any]:
    """Return `table.games`' entry of `game_id` (default: the chosen game), or {} if unknown."""
    wanted = game_id if game_id is not None else table.get("game")
    for g in table.get("games") or ():
        if isinstance(g, dict) and g.get("id") == wanted:
            return g
    return {}


def game_name(texts: "Texts", game_id: str) -> str:
    """Return a game's name in the TV's language (its own texts' `game.name`), or one made from its id."""
    return texts.game_name(game_id)
