"""Bots: players that see only their seat's view (the same object a phone gets) and pick a move."""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol


class Bot(Protocol):
    """A seat's automatic player."""

    def act(self, view: Any) -> Any:
        """Return a legal action for the seat whose view this is (called only when it may act)."""


BotFactory = Callable[[random.Random], Bot]

BOT_KINDS: dict[str, dict[str, BotFactory]] = {}


def register(game_id: str, kind: str) -> Callable[[BotFactory], BotFactory]:
    """Return a decorator that registers a bot factory for (game, kind)."""

    def deco(factory: BotFactory) -> BotFactory:
        BOT_KINDS.setdefault(game_id, {})[kind] = factory
        return factory

    return deco


def make_bot(game_id: str, kind: str, rng: random.Random) -> Bot:
    """Return a new bot of `kind` for `game_id`; raise KeyError for an unknown pair."""
    _load()
    return BOT_KINDS[game_id][kind](rng)


def kinds(game_id: str) -> list[str]:
    """Return the bot kinds available for a game."""
    _load()
    return sorted(BOT_KINDS.get(game_id, {}))


def _load() -> None:
    from game.bots import cat_in_the_sack  # noqa: F401  (registers its bots)
