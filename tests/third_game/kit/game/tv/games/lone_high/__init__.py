"""Lone High on the TV (tests/third_game): the package exports SCREENS."""

from game.tv.games.lone_high.scene import SCREENS

__all__ = ["SCREENS"]
