"""The pure game engines, and the registry that names them by game id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.engine import cat_in_the_sack as _sack
from game.engine import cat_in_the_sack_views as _sack_views
from game.engine.common import BadAction, GameError, IllegalAction, Outcome, Score


@dataclass(frozen=True)
class GameRules:
    """One game's engine behind the common contract of design.md."""

    id: str
    min_players: int
    max_players: int
    new_game: Callable[..., Any]
    from_setup: Callable[..., Any]
    parse_action: Callable[[Any], Any]
    to_act: Callable[[Any], frozenset[int]]
    legal_actions: Callable[[Any, int], list[Any]]
    check: Callable[[Any, int, Any], None]
    apply: Callable[[Any, int, Any], list[Any]]
    view_for: Callable[[Any, int], Any]
    public_view: Callable[[Any], Any]
    outcome: Callable[[Any], Outcome | None]


CAT_IN_THE_SACK = GameRules(
    id=_sack.GAME_ID,
    min_players=_sack.MIN_PLAYERS,
    max_players=_sack.MAX_PLAYERS,
    new_game=_sack.new_game,
    from_setup=_sack.from_setup,
    parse_action=_sack.parse_action,
    to_act=_sack.to_act,
    legal_actions=_sack.legal_actions,
    check=_sack.check,
    apply=_sack.apply,
    view_for=_sack_views.view_for,
    public_view=_sack_views.public_view,
    outcome=_sack.outcome,
)

GAMES: dict[str, GameRules] = {CAT_IN_THE_SACK.id: CAT_IN_THE_SACK}

__all__ = ["GAMES", "GameRules", "BadAction", "IllegalAction", "GameError", "Outcome", "Score"]
