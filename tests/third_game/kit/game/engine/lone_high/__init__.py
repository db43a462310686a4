"""Lone High: a small test game (tests/third_game): everyone picks a card at once; the highest card nobody
else picked scores it. `rules` holds the game, `plugin` its `GameRules` fields."""
