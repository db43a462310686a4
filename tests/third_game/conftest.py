"""The kit's files are a game's, not tests of this checkout: tests/test_third_game.py puts them in place in a copy."""

collect_ignore_glob = ["kit/*"]
