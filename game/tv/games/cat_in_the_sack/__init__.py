"""The TV screens of this game (game.tv.games: the package exports SCREENS)."""

from game.tv.games.cat_in_the_sack.scene import SCREENS

__all__ = ["SCREENS"]
