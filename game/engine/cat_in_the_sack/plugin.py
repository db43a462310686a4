"""Cat in the Sack behind the platform's `GameRules` contract (game/engine/__init__.py).

The registry builds the game's record from `FIELDS`: `GameRules(**plugin.FIELDS)`.
"""

from __future__ import annotations

from typing import Any

from game.engine.cat_in_the_sack import moments, record, rules, tips, views

# The words that would betray this game's vocabulary in platform code: its cards, moves, phases, options and
# the pieces of its views (tests/test_platform_names.py, test_tv_plugin.py and browser/test_phone_platform.py
# scan the platform's files for them; the id's own spellings are added by the tests).
WORDS: tuple[str, ...] = ("sack", "sacks", "mice", "mouse", "bid", "bids", "bidding", "hand", "hands", "cat", "cats", "dog", "dogs",
         "rabbit", "pile", "piles", "auction", "offer", "buy", "row", "rows", "bank", "won", "marker", "neutral")

FIELDS: dict[str, Any] = dict(
    id=rules.GAME_ID,
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    options=rules.OPTIONS,
    new_game=rules.new_game,
    setup=lambda state: state.setup,
    from_setup=rules.from_setup,
    parse_action=rules.parse_action,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    check=rules.check,
    apply=rules.apply,
    timeout_action=rules.timeout_action,
    timer_key=rules.timer_key,
    view_for=views.view_for,
    public_view=views.public_view,
    public_schema=views.PUBLIC_SCHEMA,
    seat_schema=views.SEAT_SCHEMA,
    event_schemas=views.EVENT_SCHEMAS,
    detail_schema=views.DETAIL_SCHEMA,
    outcome=rules.outcome,
    record_body=record.record_body,
    read_body=record.read_body,
    read_result=record.read_result,
    best_scores=record.best_scores,
    fast_to_dicts=views.FIELD_TO_DICTS,
    tips_for=tips.tips_for,
    tip_kinds=tips.KINDS,
    moment_of=moments.moment_of,
    moment_kinds=moments.KINDS,
)
"""Every field of this game's `GameRules` record."""
