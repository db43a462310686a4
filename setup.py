"""The one thing pyproject.toml cannot say: the packages are every package setuptools finds under
game/ (so a new game's folders travel without anyone listing them) plus the phone page and the
assets, which live beside game/ in a checkout and are installed inside it (pyproject.toml's
package-dir)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["game", "game.*"]), "game.controller_web", "game.assets"])
