"""Couch Cats: `python main.py` runs the command line of game/cli.py, as the installed `couchcats` does."""

import sys

from game.cli import DEFAULT_PORT, build_parser, console, main

__all__ = ["DEFAULT_PORT", "build_parser", "console", "main"]

if __name__ == "__main__":
    sys.exit(console())
