"""Lone High behind the platform's `GameRules` contract: views and their wire schemas, the outcome, the
record body (the picks in order) and its readers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.engine.common import Course, Outcome, RecordEntry, is_int, record_field
from game.engine.lone_high import rules
from game.engine.lone_high.rules import ROUNDS, State

# The words that would betray this game's vocabulary in platform code (tests/test_platform_names.py,
# test_tv_plugin.py, browser/test_phone_platform.py read them; the id itself is looked for by the tests). Not
# "pick": the platform picks languages and bot levels in the plain sense.
WORDS = ("lone", "scorer")


@dataclass(frozen=True)
class PublicView:
    """What the TV and the watchers see: the round, who has picked, every finished round, the totals."""

    game: str
    players: int
    round: int
    rounds: int
    picked: tuple[bool, ...]
    history: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    hands_left: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SeatView(PublicView):
    """A seat's view: the public one, its own hand and this round's own pick, the cards it may pick now."""

    seat: int = 0
    hand: tuple[int, ...] = ()
    my_pick: int | None = None
    legal: tuple[int, ...] = ()


def _public(state: State) -> dict[str, Any]:
    return dict(game=rules.GAME_ID, players=state.players, round=min(state.round, ROUNDS), rounds=ROUNDS,
                picked=tuple(p is not None for p in state.picks), history=tuple(map(tuple, state.history)),
                totals=tuple(state.totals), hands_left=len(state.hands[0]))


def public_view(state: State) -> PublicView:
    """Return what everyone may see (no hand, no pick of the round being played)."""
    return PublicView(**_public(state))


def view_for(state: State, seat: int) -> SeatView:
    """Return what `seat` may see."""
    legal = tuple(state.hands[seat]) if seat in rules.to_act(state) else ()
    return SeatView(**_public(state), seat=seat, hand=tuple(state.hands[seat]), my_pick=state.picks[seat], legal=legal)


PUBLIC_SCHEMA: dict[str, Any] = {k: None for k in ("game", "players", "round", "rounds", "picked", "history",
                                                   "totals", "hands_left")}
SEAT_SCHEMA: dict[str, Any] = {**PUBLIC_SCHEMA, "seat": None, "hand": None, "my_pick": None, "legal": None}
EVENT_SCHEMAS: dict[str, Any] = {"picked": {"seat": None}, "my_pick": {"card": None},
                                 "revealed": {"round": None, "picks": None, "scorer": None, "points": None},
                                 "game_over": {}}
DETAIL_SCHEMA: dict[str, Any] = {"lone": None}


def outcome(state: State) -> Outcome | None:
    """Return the end of the game: the highest total wins; each seat's lone cards as detail, totals as course."""
    if not state.over:
        return None
    lone = [0] * state.players
    running, course = [0] * state.players, [[] for _ in range(state.players)]
    for picks in state.history:
        winner = rules.lone_high(picks)
        if winner is not None:
            lone[winner] += 1
            running[winner] += picks[winner]
        for s in range(state.players):
            course[s].append(running[s])
    winners = rules.winners(state)
    return Outcome(winners=winners, totals=tuple(state.totals),
                   result={"totals": list(state.totals), "winners": list(winners)},
                   detail={"lone": lone}, course=Course(tuple(map(tuple, course))))


def record_body(setup: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """Return the record's body: every pick in the order the table took them."""
    return {"actions": [{"seat": e["seat"], "type": "pick", "card": e["card"]} for e in entries]}


def read_body(data: Mapping[str, Any], players: int, options: Mapping[str, Any]
              ) -> tuple[dict[str, Any], list[RecordEntry]]:
    """Return the setup and the entries of a record's body; raise ValueError naming the first bad field."""
    actions = record_field(data, "actions", list)
    entries = []
    for i, action in enumerate(actions):
        if not isinstance(action, dict) or not is_int(action.get("seat")):
            raise ValueError(f"actions[{i}] must be an object with a seat")
        entries.append(RecordEntry(i, dict(action)))
    return {"players": players}, entries


def read_result(raw: Any, players: int) -> dict[str, Any]:
    """Return a record's `result` (totals, winners); raise ValueError naming the first bad field."""
    if not isinstance(raw, dict):
        raise ValueError("result must be an object")
    out = {}
    for key in ("totals", "winners"):
        values = record_field(raw, key, list, "result.")
        if not all(is_int(v) for v in values):
            raise ValueError(f"result.{key} must be a list of whole numbers")
        out[key] = list(values)
    if len(out["totals"]) != players:
        raise ValueError("result.totals must hold one total per seat")
    return out


def best_scores(record: Mapping[str, Any]) -> list[int | None]:
    """Return each seat's best score of a finished game: its total."""
    return list(record["result"]["totals"])


FIELDS: dict[str, Any] = dict(
    id=rules.GAME_ID, min_players=rules.MIN_PLAYERS, max_players=rules.MAX_PLAYERS, options=(),
    new_game=rules.new_game, setup=rules.setup, from_setup=rules.from_setup, parse_action=rules.parse_action,
    to_act=rules.to_act, legal_actions=rules.legal_actions, check=rules.check, apply=rules.apply,
    timeout_action=rules.timeout_action, timer_key=rules.timer_key, view_for=view_for, public_view=public_view,
    public_schema=PUBLIC_SCHEMA, seat_schema=SEAT_SCHEMA, event_schemas=EVENT_SCHEMAS, detail_schema=DETAIL_SCHEMA,
    outcome=outcome, record_body=record_body, read_body=read_body, read_result=read_result,
    best_scores=best_scores,
)
"""Every field of this game's `GameRules` record."""
