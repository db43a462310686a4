"""The TV screens of this game (game.tv.games: the package exports SCREENS)."""

from game.tv.games.rat_a_tat_cat.scene import SCREENS

__all__ = ["SCREENS"]
