"""The pure game engines, and the registry that names them by game id.

Every game plugs in through one `GameRules` record (design.md's engine contract); the platform
(session, protocol, records, store, simulate, server, TV and phone plumbing) reaches a game only
through it. docs/architecture.md, "How to add a game", lists the files a game brings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from game.engine import cat_in_the_sack as _sack
from game.engine import cat_in_the_sack_record as _sack_record
from game.engine import cat_in_the_sack_views as _sack_views
from game.engine.rat_a_tat_cat import plugin as _rat_plugin
from game.engine.common import (
    BadAction,
    GameError,
    IllegalAction,
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
    # offered in the lobby: the game has its TV scene and its phone screens (engine-only games
    # still simulate, record and replay)
    on_table: bool = True

    def option_values(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """Return every declared option's value (defaults where `raw` lacks or breaks one)."""
        return option_values(self.options, raw)

    def option(self, name: str) -> OptionSpec | None:
        """Return the declaration of option `name`, or None."""
        return next((o for o in self.options if o.name == name), None)


CAT_IN_THE_SACK = GameRules(
    id=_sack.GAME_ID,
    min_players=_sack.MIN_PLAYERS,
    max_players=_sack.MAX_PLAYERS,
    options=_sack.OPTIONS,
    new_game=_sack.new_game,
    setup=lambda state: state.setup,
    from_setup=_sack.from_setup,
    parse_action=_sack.parse_action,
    to_act=_sack.to_act,
    legal_actions=_sack.legal_actions,
    check=_sack.check,
    apply=_sack.apply,
    timeout_action=_sack.timeout_action,
    timer_key=_sack.timer_key,
    view_for=_sack_views.view_for,
    public_view=_sack_views.public_view,
    public_schema=_sack_views.PUBLIC_SCHEMA,
    seat_schema=_sack_views.SEAT_SCHEMA,
    event_schemas=_sack_views.EVENT_SCHEMAS,
    detail_schema=_sack_views.DETAIL_SCHEMA,
    outcome=_sack.outcome,
    record_body=_sack_record.record_body,
    read_body=_sack_record.read_body,
    read_result=_sack_record.read_result,
    best_scores=_sack_record.best_scores,
    fast_to_dicts=_sack_views.FIELD_TO_DICTS,
)

RAT_A_TAT_CAT = GameRules(**_rat_plugin.FIELDS)

GAMES: dict[str, GameRules] = {CAT_IN_THE_SACK.id: CAT_IN_THE_SACK, RAT_A_TAT_CAT.id: RAT_A_TAT_CAT}

__all__ = ["GAMES", "GameRules", "BadAction", "IllegalAction", "GameError", "OptionSpec", "Outcome",
           "RecordEntry"]
