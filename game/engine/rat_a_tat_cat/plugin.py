"""Rat-a-Tat Cat behind the platform's `GameRules` contract (game/engine/__init__.py): adapters and
the record body's writer and reader in the shape the platform's records.py calls.

Wiring it is one line in the registry: `GameRules(**plugin.FIELDS)`. The record body is issue
8's `rounds` list; `read_body` flattens it back into entries (a round's deck becomes its deal
entry, index -1; in the time mode a {"type": "time_up"} entry follows the last round's deal),
and `implied` puts back the moves a record never holds (memorised, end_turn).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.common import BadAction, Course, Outcome, RecordEntry, is_int, record_field
from game.engine.rat_a_tat_cat import ending, moments, rules, tips, views
from game.engine.rat_a_tat_cat.options import OPTIONS, normalize_options
from game.engine.rat_a_tat_cat.record import RatRecorder
from game.engine.rat_a_tat_cat.state import END_TURN, MEMORISED, Action, ActionType, Phase, State, parse_action

TIME_UP = {"type": "time_up"}
DETAIL_SCHEMA: dict[str, Any] = {"round_scores": None, "eliminated": None}


def engine_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """Return the record's nested options for the lobby's flat values (already checked by the platform)."""
    return normalize_options(dict(values))


def time_limit(options: Mapping[str, Any]) -> int | None:
    """Return the game's time limit in minutes (R-GAME-2), or None outside the time mode."""
    end = normalize_options(dict(options))["end"]
    return end["minutes"] if end["mode"] == "time" else None


def from_setup(players: int, setup: Mapping[str, Any], options: Mapping[str, Any]) -> State:
    """Return the game a record's setup describes; raise ValueError if it is bad or not for `players`."""
    state = rules.from_setup(dict(setup))
    if state.players != players:
        raise ValueError(f"the setup is for {state.players} players, not {players}")
    return state


def timeout_action(state: State, seat: int, rng: random.Random) -> Action:
    """Return what the turn timer does for `seat` (no chance involved: `rng` is not used)."""
    return rules.timeout_action(state, seat)


def timer_key(state: State) -> tuple[Any, ...]:
    """Return what identifies one decision on the clock: each step of a turn gets its own timer."""
    return (state.round, str(state.phase), state.turn, state.draws_left)


def outcome(state: State) -> Outcome | None:
    """Return the platform's outcome: lowest total wins, the record's result, round scores as detail,
    the running totals (and the elimination limit) as its course."""
    out = ending.outcome(state)
    if out is None:
        return None
    result = {k: out[k] for k in ("totals", "winners", "eliminated")}
    return Outcome(winners=tuple(out["winners"]), totals=tuple(out["totals"]), result=result,
                   detail={"round_scores": out["round_scores"], "eliminated": out["eliminated"]},
                   lowest_wins=True,
                   course=Course(tuple(map(tuple, ending.running_totals(state))), ending.elimination_limit(state)))


def implied(state: State, entry: Mapping[str, Any] | None) -> list[tuple[int | None, Any]]:
    """Return the moves a record leaves out that must be made before `entry` (None: the end)."""
    if state.phase is Phase.LOOK:
        return [(s, MEMORISED) for s in range(state.players) if state.looking[s]]
    if state.phase is Phase.END_TURN and state.turn is not None:
        knock = entry is not None and entry.get("seat") == state.turn and entry.get("type") == ActionType.KNOCK
        if not knock:
            return [(state.turn, END_TURN)]
    return []


def record_body(setup: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """Return the record's `rounds` for a game set up as `setup` and played as `entries`.

    The entries are replayed (they were all accepted) to learn each round's dealer and scores;
    memorised, end_turn and time_up entries are not written.
    """
    state = rules.from_setup(dict(setup))
    recorder = RatRecorder(state)
    for entry in entries:
        if "seat" in entry:
            action = parse_action({k: v for k, v in entry.items() if k != "seat"})
            rules.apply(state, entry["seat"], action)
            recorder.action(entry["seat"], action, state)
        else:
            rules.apply_chance(state, dict(entry))
            if entry.get("type") == "time_up":
                recorder.sync(state)
            else:
                recorder.chance(entry, state)
    return recorder.body()


def read_body(data: Mapping[str, Any], players: int, options: Mapping[str, Any]
              ) -> tuple[dict[str, Any], list[RecordEntry]]:
    """Return the setup and the entries of a record's `rounds`; raise ValueError naming the first bad field."""
    try:
        normal = normalize_options(dict(options) if isinstance(options, Mapping) else options)
    except BadAction as exc:
        raise ValueError(f"options: no option {exc.params.get('name')!r} with that value") from None
    if normal != options:
        raise ValueError(f"options must be written in full, as {normal}")
    rounds = record_field(data, "rounds", list)
    if not rounds:
        raise ValueError("rounds must not be empty")
    entries: list[RecordEntry] = []
    for r, rnd in enumerate(rounds, start=1):
        where = f"rounds[{r - 1}]."
        dealer = record_field(rnd, "dealer", int, where)
        deck = record_field(rnd, "deck", list, where)
        actions = record_field(rnd, "actions", list, where)
        scores = record_field(rnd, "scores", list, where)
        if len(scores) != players or not all(is_int(s) for s in scores):
            raise ValueError(f"{where}scores must hold one whole number per seat")
        entries.append(RecordEntry(-1, {"type": "deal", "dealer": dealer, "deck": deck}, r))
        if r == len(rounds) and normal["end"]["mode"] == "time":
            entries.append(RecordEntry(-1, dict(TIME_UP), r))
        for i, action in enumerate(actions):
            if not isinstance(action, dict) or not isinstance(action.get("type"), str):
                raise ValueError(f"{where}actions[{i}] must be an object with a type")
            if "seat" not in action and action["type"] != "reshuffle":
                raise ValueError(f"{where}actions[{i}] has no seat")
            entries.append(RecordEntry(i, action, r))
    return {"players": players, "options": normal, "dealer": rounds[0]["dealer"]}, entries


def read_result(raw: Any, players: int) -> dict[str, Any]:
    """Return a record's `result` (totals, winners, eliminated); raise ValueError naming the first bad field."""
    if not isinstance(raw, dict):
        raise ValueError("result must be an object")
    out = {}
    for key in ("totals", "winners", "eliminated"):
        values = record_field(raw, key, list, "result.")
        if not all(is_int(v) for v in values):
            raise ValueError(f"result.{key} must be a list of whole numbers")
        out[key] = list(values)
    if len(out["totals"]) != players:
        raise ValueError("result.totals must hold one total per seat")
    return out


def best_scores(record: Mapping[str, Any]) -> list[int | None]:
    """Return each seat's best score of a finished game's record: its lowest round score (lowest is best).

    Only the rounds the seat played count: a seat already out (elimination, R-GAME-3) scores 0 in
    the rounds after it went out, and those zeros are not its own. None for a seat with no round.
    """
    players = len(record["players"])
    end = record["options"]["end"]
    limit = end["limit"] if end["mode"] == "elimination" else None
    out_seats = set(record["result"]["eliminated"])
    totals = [0] * players
    best: list[int | None] = [None] * players
    for rnd in record["rounds"]:
        for seat, score in enumerate(rnd["scores"]):
            if limit is not None and seat in out_seats and totals[seat] >= limit:
                continue  # out before this round
            best[seat] = score if best[seat] is None else min(best[seat], score)  # type: ignore[type-var]
            totals[seat] += score
    return best


# The words that would betray this game's vocabulary in platform code: its cards, moves, phases, options and
# the pieces of its views (tests/test_platform_names.py, test_tv_plugin.py and browser/test_phone_platform.py
# scan the platform's files for them; the id's own spellings are added by the tests).
WORDS: tuple[str, ...] = ("rat", "tat", "knock", "peek", "peeks", "swap", "draw2", "discard", "kids", "memorised")

FIELDS: dict[str, Any] = dict(
    id=rules.GAME_ID,
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    options=OPTIONS,
    new_game=rules.new_game,
    setup=rules.setup,
    from_setup=from_setup,
    parse_action=parse_action,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    check=rules.check,
    apply=rules.apply,
    timeout_action=timeout_action,
    timer_key=timer_key,
    view_for=views.view_for,
    public_view=views.public_view,
    public_schema=views.PUBLIC_SCHEMA,
    seat_schema=views.SEAT_SCHEMA,
    event_schemas=views.EVENT_SCHEMAS,
    outcome=outcome,
    record_body=record_body,
    read_body=read_body,
    read_result=read_result,
    engine_options=engine_options,
    chance_due=rules.chance_due,
    sample_chance=rules.sample_chance,
    apply_chance=rules.apply_chance,
    time_limit=time_limit,
    implied=implied,
    detail_schema=DETAIL_SCHEMA,
    best_scores=best_scores,
    best_lowest=True,
    tips_for=tips.tips_for,
    tip_kinds=tips.KINDS,
    moment_of=moments.moment_of,
    moment_kinds=moments.KINDS,
)
"""Every field of this game's `GameRules` record."""
