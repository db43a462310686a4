"""Bots: players that see only their seat's view (the same object a phone gets) and pick a move."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import json
import pkgutil
import random
from collections.abc import Sequence
from typing import Any, Callable, Protocol


class Bot(Protocol):
    """A seat's automatic player.

    A bot that remembers also has `observe(view, events)`: it is then given, after every change,
    its seat's view and the events its seat's phone gets (wire dicts), in order — exactly what
    a player with a perfect memory could know, and nothing more.
    """

    def act(self, view: Any) -> Any:
        """Return a legal action for the seat whose view this is (called only when it may act)."""


# A bot that can coach (a game's `hard` one, `coach_kind`) also has
# `hint(view) -> (action, reason_key, params)`: the move it would make for the seat and one short reason
# (`hint.<reason>` in the game's own texts, params of scalars only, exactly its text's placeholders but
# that a `seat` param gets the seat's `name` beside it). It sees only what `act` sees, and one view with
# one memory of the seat's stream gets one hint: its search is seeded from them (`seen_seed`), never from
# the bot's own random stream, which its moves as a player keep.

COACH_SALT = b"coach seed 1"  # a fixed salt of the coach's seeds (`seen_seed`)


def _plain_seen(value: Any) -> Any:
    """Return `value` as JSON-ready data in one order whatever the process (a set's or a dict's order,
    Python's salted str hash, never enter it): dataclasses field by field, enums by their value."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, enum.Enum):
        return _plain_seen(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__] + [[f.name, _plain_seen(getattr(value, f.name))]
                                         for f in dataclasses.fields(value)]
    if isinstance(value, dict):
        return ["{}"] + sorted(([_plain_seen(k), _plain_seen(v)] for k, v in value.items()), key=repr)
    if isinstance(value, (set, frozenset)):
        return ["set"] + sorted((_plain_seen(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain_seen(v) for v in value]
    if isinstance(value, (int, float, str)):  # a subclass (an enum is caught above)
        return value
    return [type(value).__name__, repr(value)]  # (none in the games' views and memories: a hint still comes)


def seen_seed(*seen: Any) -> int:
    """Return a seed for a coach's search from what its seat has seen (its view, its memory of the
    stream): a stable hash (sha256, not Python's salted `hash`) of them as plain data with a fixed salt,
    so one view with one memory always gets one hint, whatever the process and whoever asks."""
    data = json.dumps(_plain_seen(list(seen)), separators=(",", ":"), ensure_ascii=True)
    return int.from_bytes(hashlib.sha256(COACH_SALT + data.encode("ascii")).digest()[:8], "big")


class BotFeeder:
    """Gives every bot that remembers its seat's view and events after each change of a game."""

    def __init__(self, rules: Any, bots: Sequence[Any | None]) -> None:
        self.rules = rules
        self.bots = list(bots)
        self.watching = [seat for seat, bot in enumerate(self.bots) if hasattr(bot, "observe")]

    def feed(self, state: Any, events: Sequence[Any]) -> None:
        """Tell each remembering bot what its seat now sees (`events`: the engine's, with audiences)."""
        if not self.watching:
            return
        from game.protocol import event_to_wire  # the same whitelist the phones get their events through

        for seat in self.watching:
            mine = [w for ev in events if ev.to is None or ev.to == seat
                    if (w := event_to_wire(self.rules.id, ev.to_dict())) is not None]
            self.bots[seat].observe(self.rules.view_for(state, seat), mine)


BotFactory = Callable[[random.Random], Bot]

BOT_KINDS: dict[str, dict[str, BotFactory]] = {}
SLOW_KINDS: set[tuple[str, str]] = set()  # (game, kind) whose thinking takes long: the server runs it apart
LEVELS = ("easy", "normal", "hard")  # what a host picks for a bot seat, weakest first
LEVEL_KINDS: dict[str, dict[str, str]] = {}  # game -> level -> the bot kind that plays it
DEFAULT_LEVEL = "normal"


def register(game_id: str, kind: str, *, slow: bool = False,
             level: str | None = None) -> Callable[[BotFactory], BotFactory]:
    """Return a decorator that registers a bot factory for (game, kind).

    `slow`: the bot searches (its move may take a large part of a second), so a server thinks
    for it in a worker process (game.server.thinker) instead of on its event loop.
    `level`: the level of LEVELS this kind plays for people (kinds without one, e.g. `random`,
    are for simulations and tests, and a host may still seat them by kind).
    """
    if level is not None and level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")

    def deco(factory: BotFactory) -> BotFactory:
        BOT_KINDS.setdefault(game_id, {})[kind] = factory
        if slow:
            SLOW_KINDS.add((game_id, kind))
        else:
            SLOW_KINDS.discard((game_id, kind))
        if level is not None:
            LEVEL_KINDS.setdefault(game_id, {})[level] = kind
        return factory

    return deco


def levels(game_id: str) -> list[str]:
    """Return the levels a host may pick for the game's bots, weakest first."""
    _load()
    return [lv for lv in LEVELS if lv in LEVEL_KINDS.get(game_id, {})]


def kind_for(game_id: str, level: str) -> str | None:
    """Return the bot kind that plays `level` in the game, or None if it has none."""
    _load()
    return LEVEL_KINDS.get(game_id, {}).get(level)


def level_of(game_id: str, kind: str | None) -> str | None:
    """Return the level a bot kind plays in the game (None for a kind without one, or no bot)."""
    _load()
    return next((lv for lv, k in LEVEL_KINDS.get(game_id, {}).items() if k == kind), None)


def is_slow(game_id: str, kind: str) -> bool:
    """Return True if the bot kind thinks long enough to be run apart from a server's loop."""
    _load()
    return (game_id, kind) in SLOW_KINDS


def remembers(game_id: str, kind: str) -> bool:
    """Return True if bots of `kind` may take in their seat's stream (`observe`): a bot that takes
    over a seat mid-game is then fed what that seat was sent so far (game.server.bots)."""
    _load()
    factory = BOT_KINDS[game_id][kind]
    return hasattr(factory, "observe") or not isinstance(factory, type)  # (a plain factory: maybe)


COACH_LEVEL = "hard"  # the coach thinks with the game's strongest bot


def coach_kind(game_id: str) -> str | None:
    """Return the bot kind that coaches a seat of the game, or None if it offers no coach: the kind
    of its `hard` level, if that bot can say why (`hint(view) -> (action, reason key, params)`:
    the move it would make and one short reason, the key `hint.<reason>` of the game's texts)."""
    kind = kind_for(game_id, COACH_LEVEL)
    return kind if kind is not None and callable(getattr(BOT_KINDS[game_id][kind], "hint", None)) else None


def make_bot(game_id: str, kind: str, rng: random.Random) -> Bot:
    """Return a new bot of `kind` for `game_id`; raise KeyError for an unknown pair."""
    _load()
    return BOT_KINDS[game_id][kind](rng)


def kinds(game_id: str) -> list[str]:
    """Return the bot kinds available for a game."""
    _load()
    return sorted(BOT_KINDS.get(game_id, {}))


_LOADED: set[str] = set()


def _load() -> None:
    """Import every registered game's bots package (`game/bots/<game id with _>/`) and each module in
    it (e.g. a level of its own, `easy.py`); each module registers its bots."""
    from game.engine import GAMES

    for game_id in GAMES:
        if game_id not in _LOADED:
            _LOADED.add(game_id)  # (a module imported on its own before fills BOT_KINDS, not all of them)
            name = f"game.bots.{game_id.replace('-', '_')}"
            try:
                package = importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
                continue  # a game without bots of its own (e.g. one a test makes up)
            for module in pkgutil.iter_modules(getattr(package, "__path__", ())):
                importlib.import_module(f"{name}.{module.name}")
