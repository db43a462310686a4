"""The pure game engines, and the registry that names them by game id.

Every game plugs in through one `GameRules` record (design.md's engine contract); the platform
(session, protocol, records, store, simulate, server, TV and phone plumbing) reaches a game only
through it. docs/architecture.md, "How to add a game", lists the files a game brings.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from game.engine.common import (
    BadAction,
    GameError,
    IllegalAction,
    Moment,
    OptionSpec,
    Outcome,
    RecordEntry,
    option_values,
)

Schema = dict[str, Any]


def _no_chance(state: Any) -> str | None:
    return None


def _refuse_chance(state: Any, entry: Any) -> list[Any]:
    raise IllegalAction("no_chance_due", "Nothing is left to chance now.")


def _sample_nothing(state: Any, rng: random.Random) -> dict[str, Any]:
    raise IllegalAction("no_chance_due", "Nothing is left to chance now.")


def _same_options(values: dict[str, Any]) -> dict[str, Any]:
    return dict(values)


def _no_time_limit(options: dict[str, Any]) -> int | None:
    return None


def _no_best(record: dict[str, Any]) -> list[int | None]:
    return [None] * len(record["players"])


def _no_tips(view: Any) -> tuple[tuple[str, dict[str, Any]], ...]:
    return ()


def _no_moment(events: list[dict[str, Any]]) -> Moment | None:
    return None


def _nothing_implied(state: Any, entry: dict[str, Any] | None) -> list[tuple[int | None, Any]]:
    return []


@dataclass(frozen=True)
class GameRules:
    """One game's engine behind the common contract (design.md, docs/architecture.md).

    Required: the rules (`new_game` .. `outcome`), the views and their wire schemas, the
    timeout move, and the record body. Games whose randomness is not all at setup supply the
    chance functions; games with a time limit supply `time_limit`; games whose records leave
    some moves implied supply `implied`.
    """

    id: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    new_game: Callable[[int, random.Random, dict[str, Any]], Any]
    setup: Callable[[Any], dict[str, Any]]
    from_setup: Callable[[int, dict[str, Any], dict[str, Any]], Any]
    parse_action: Callable[[Any], Any]
    to_act: Callable[[Any], frozenset[int]]
    legal_actions: Callable[[Any, int], list[Any]]
    check: Callable[[Any, int, Any], None]
    apply: Callable[[Any, int, Any], list[Any]]
    timeout_action: Callable[[Any, int, random.Random], Any]
    timer_key: Callable[[Any], tuple[Any, ...]]
    view_for: Callable[[Any, int], Any]
    public_view: Callable[[Any], Any]
    public_schema: Schema
    seat_schema: Schema
    event_schemas: dict[str, Schema]
    detail_schema: Schema  # the outcome's per-game detail, as the score screens get it
    outcome: Callable[[Any], Outcome | None]
    record_body: Callable[[dict[str, Any], list[dict[str, Any]], dict[str, Any]], dict[str, Any]]
    read_body: Callable[[dict[str, Any], int, dict[str, Any]], tuple[dict[str, Any], list[RecordEntry]]]
    read_result: Callable[[Any, int], dict[str, Any]]
    # the game options' values (as the lobby sets them) -> the options the engine and records get
    engine_options: Callable[[dict[str, Any]], dict[str, Any]] = _same_options
    # chance after setup (OpenSpiel's chance nodes): what is due, how to sample it, how to apply it.
    # Entries without a seat are also how the table tells the engine that time ran out.
    chance_due: Callable[[Any], str | None] = _no_chance
    sample_chance: Callable[[Any, random.Random], dict[str, Any]] = _sample_nothing
    apply_chance: Callable[[Any, dict[str, Any]], list[Any]] = _refuse_chance
    time_limit: Callable[[dict[str, Any]], int | None] = _no_time_limit
    implied: Callable[[Any, dict[str, Any] | None], list[tuple[int | None, Any]]] = _nothing_implied
    fast_to_dicts: frozenset[Callable[..., Any]] = field(default_factory=frozenset)
    # the household's leaderboard (game/history.py): each seat's best score in one finished game's
    # record (its JSON data, `result` included; None: no score for that seat), and which way best is
    best_scores: Callable[[dict[str, Any]], list[int | None]] = _no_best
    best_lowest: bool = False
    # the phone's tips (game/session.py): for a seat's view, the kinds of decision it faces now with
    # their texts' params, most useful first; each kind is shown once per game, as the game's text
    # `tip.<kind>`. Read from the seat's view only, so a tip says nothing the phone could not show.
    tips_for: Callable[[Any], Sequence[tuple[str, dict[str, Any]]]] = _no_tips
    tip_kinds: tuple[str, ...] = ()  # every kind `tips_for` gives (texts and the game's page list them)
    # the moments the room must see (game/table/moments.py): for the public wire events of one change,
    # the `Moment` the table holds for, or None (a game without moments plays on at once)
    moment_of: Callable[[list[dict[str, Any]]], Moment | None] = _no_moment
    moment_kinds: tuple[str, ...] = ()  # every kind `moment_of` gives (its texts and the game's page list them)
    # offered in the lobby: the game has its TV scene and its phone screens (engine-only games
    # still simulate, record and replay)
    on_table: bool = True

    def option_values(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """Return every declared option's value (defaults where `raw` lacks or breaks one)."""
        return option_values(self.options, raw)

    def option(self, name: str) -> OptionSpec | None:
        """Return the declaration of option `name`, or None."""
        return next((o for o in self.options if o.name == name), None)


# The games the platform knows, in the order the lobby offers them: one line each, the name of the
# game's engine package under game/engine/ (its id with "_" for "-"), whose `plugin.FIELDS` are
# its `GameRules` fields. Adding a game is adding its line here (docs/architecture.md).
PLUGINS: tuple[str, ...] = (
    "cat_in_the_sack",
    "rat_a_tat_cat",
)


def _registered(packages: tuple[str, ...]) -> dict[str, GameRules]:
    games: dict[str, GameRules] = {}
    for package in packages:
        rules = GameRules(**importlib.import_module(f"game.engine.{package}.plugin").FIELDS)
        if rules.id.replace("-", "_") != package:
            raise ValueError(f"game.engine.{package} declares the id {rules.id!r}: ids are the package's name with '-' for '_'")
        if rules.id in games:
            raise ValueError(f"the game {rules.id!r} is registered twice")
        games[rules.id] = rules
    return games


GAMES: dict[str, GameRules] = _registered(PLUGINS)

__all__ = ["GAMES", "GameRules", "BadAction", "IllegalAction", "GameError", "Moment", "OptionSpec", "Outcome",
           "RecordEntry"]
