"""Rat-a-Tat Cat records: the body of issue 8's record shape, written as a game is played, and its referee.

A record is {"format", "game", "players", "options", "rounds", "result"}; each round is
{"dealer", "deck", "actions", "scores"}: the deal's chance entry is the round's `deck`, a
reshuffle's chance entry ({"type": "reshuffle", "pile": [...]}) sits among the round's actions,
and the two actions a record never holds ("memorised", "end_turn") are dropped when writing
and put back by the referee when replaying. Text is written by `game.records.dumps_record`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.common import GameError
from game.engine.rat_a_tat_cat.ending import outcome, time_up
from game.engine.rat_a_tat_cat.options import normalize_options
from game.engine.rat_a_tat_cat.rules import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, apply, apply_chance, chance_due, from_setup, setup
from game.engine.rat_a_tat_cat.state import (
    END_TURN,
    MEMORISED,
    UNRECORDED,
    Action,
    ActionType,
    Phase,
    State,
    end_mode,
    parse_action,
)

FORMAT = "couchcats.record/1"
RESULT_KEYS = ("totals", "winners", "eliminated")


def result_of(state: State) -> dict[str, Any] | None:
    """Return the record's `result` (totals, winners, eliminated) once the game is over, else None."""
    out = outcome(state)
    return None if out is None else {k: out[k] for k in RESULT_KEYS}


class RatRecorder:
    """Collects one game as it is played: create it from the new game, then report every accepted
    action (`action`) and chance entry (`chance`) right after the engine applied it."""

    def __init__(self, state: State, players: Sequence[Mapping[str, Any]]) -> None:
        self.players = [{"seat": i, "name": p.get("name"), "bot": p.get("bot")} for i, p in enumerate(players)]
        self.options = setup(state)["options"]
        self.rounds: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None

    def chance(self, entry: Mapping[str, Any], state: State) -> None:
        """Record a chance entry the engine has applied: a deal opens a round, a reshuffle is an action."""
        if entry["type"] == "deal":
            self.rounds.append({"dealer": state.dealer, "deck": list(entry["deck"]), "actions": []})
        else:
            self.rounds[-1]["actions"].append({"type": "reshuffle", "pile": list(entry["pile"])})
        self.sync(state)

    def action(self, seat: int, action: Action, state: State) -> None:
        """Record an action the engine has accepted (memorised and end_turn are not written)."""
        if action.type not in UNRECORDED:
            self.rounds[-1]["actions"].append({"seat": seat, **action.to_dict()})
        self.sync(state)

    def sync(self, state: State) -> None:
        """Copy the scores of every finished round, and the result once the game is over, from `state`."""
        for rnd, scores in zip(self.rounds, state.round_scores):
            rnd["scores"] = list(scores)
        self.result = result_of(state)

    def to_dict(self) -> dict[str, Any]:
        """Return the record so far as fresh JSON-ready data, keys in the documented order."""
        out = {"format": FORMAT, "game": GAME_ID, "players": self.players, "options": self.options,
               "rounds": self.rounds}
        if self.result is not None:
            out["result"] = self.result
        return json.loads(json.dumps(out))

    def to_json(self) -> str:
        """Return the record so far as the exact text of its file."""
        from game.records import dumps_record  # the platform's canonical layout

        return dumps_record(self.to_dict())


# ---------------------------------------------------------------- refereeing


@dataclass(frozen=True)
class RatRefereeError:
    """Why a record is not a legal, finished game: the round (1-based) and the index in that round's
    `actions` (0-based) of the first bad entry; None where the fault is not one entry."""

    round: int | None
    index: int | None
    key: str
    message: str
    entry: Any = None

    def to_dict(self) -> dict[str, Any]:
        """Return the error as replay prints it."""
        return {"round": self.round, "index": self.index, "key": self.key, "message": self.message}

    def describe(self) -> str:
        """Return one English sentence for a person reading the terminal."""
        where = "" if self.round is None else f"round {self.round}" + (
            "" if self.index is None else f", action {self.index} "
            f"({json.dumps(self.entry, ensure_ascii=False, default=str)})")
        return f"{where + ': ' if where else ''}{self.message} ({self.key})"


@dataclass(frozen=True)
class RatVerdict:
    """The referee's verdict on a record, reached from its options, decks and actions alone."""

    outcome: dict[str, Any] | None
    error: RatRefereeError | None

    @property
    def ok(self) -> bool:
        """Return True if every entry was legal and the game reached its end."""
        return self.error is None and self.outcome is not None

    @property
    def result(self) -> dict[str, Any] | None:
        """Return the refereed result in the record's `result` shape."""
        return None if self.outcome is None else {k: self.outcome[k] for k in RESULT_KEYS}


class _Fault(Exception):
    def __init__(self, error: RatRefereeError) -> None:
        super().__init__(error.message)
        self.error = error


def _fail(key: str, message: str, round_: int | None = None, index: int | None = None, entry: Any = None) -> _Fault:
    return _Fault(RatRefereeError(round_, index, key, message, entry))


def _render(exc: GameError) -> str:
    return exc.message  # already filled in from its params


def _is_int(value: Any) -> bool:
    return type(value) is int


def _start(data: Any) -> tuple[State, list[dict[str, Any]]]:
    """Return the game a record starts from and its rounds; raise _Fault for a malformed envelope."""
    if not isinstance(data, dict):
        raise _fail("bad_record", "the record must be an object")
    if data.get("format") != FORMAT or data.get("game") != GAME_ID:
        raise _fail("bad_record", f"not a {GAME_ID} record of format {FORMAT}")
    players = data.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise _fail("bad_record", f"players must list {MIN_PLAYERS}-{MAX_PLAYERS} seats")
    for i, p in enumerate(players):
        if not isinstance(p, dict) or p.get("seat") != i or not _is_int(p.get("seat")):
            raise _fail("bad_record", f"players[{i}].seat must be {i} (seats are listed clockwise)")
    raw_options = data.get("options")
    try:
        options = normalize_options(raw_options)
    except GameError as exc:
        raise _fail("bad_options", f"options: {_render(exc)}") from None
    if options != raw_options:
        raise _fail("bad_options", f"options must be written in full, as {json.dumps(options)}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise _fail("bad_record", "rounds must be a non-empty list")
    for r, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, dict) or not isinstance(rnd.get("actions"), list) or "deck" not in rnd:
            raise _fail("bad_record", "a round must be an object with dealer, deck, actions and scores", r)
        if not _is_int(rnd.get("dealer")) or not 0 <= rnd["dealer"] < len(players):
            raise _fail("bad_record", "the round's dealer must be a seat", r)
    state = from_setup({"players": len(players), "options": options, "dealer": rounds[0]["dealer"]})
    return state, rounds


def _end_turn_if_pending(state: State) -> None:
    if state.phase is Phase.END_TURN and state.turn is not None:
        apply(state, state.turn, END_TURN)


def _play_round(state: State, r: int, rnd: dict[str, Any], last: bool,
                observe: Callable[[int, int, State], None] | None) -> None:
    if chance_due(state) != "deal":
        raise _fail("extra_round", "the game was already over before this round", r)
    if rnd["dealer"] != state.dealer:
        raise _fail("wrong_dealer", f"the dealer of this round is seat {state.dealer}, "
                                    f"not {rnd['dealer']} (the deal passes left)", r)
    try:
        apply_chance(state, {"type": "deal", "deck": rnd["deck"]})
    except GameError as exc:
        raise _fail(exc.key, f"deck: {_render(exc)}", r) from None
    if last and end_mode(state) == "time":  # the record ends with the round in which time ran out
        time_up(state)
    if observe:
        observe(r, -1, state)
    while state.phase is Phase.LOOK:  # R-LOOK-1 is not recorded: everyone memorised
        apply(state, state.looking.index(True), MEMORISED)
    for i, entry in enumerate(rnd["actions"]):
        try:
            if isinstance(entry, dict) and "seat" not in entry:
                _end_turn_if_pending(state)  # e.g. the round's last turn ended, then R-END-3 reshuffled
                apply_chance(state, entry)
            else:
                if not isinstance(entry, dict):
                    raise _fail("bad_entry", "an action must be an object", r, i, entry)
                seat = entry["seat"]
                action = parse_action({k: v for k, v in entry.items() if k != "seat"})
                if action.type in UNRECORDED:
                    raise _fail("unrecorded_action", f"{action.type} is never written into a record", r, i, entry)
                if not (action.type is ActionType.KNOCK and seat == state.turn):
                    _end_turn_if_pending(state)  # the turn ended without a knock
                apply(state, seat, action)
        except GameError as exc:
            raise _fail(exc.key, _render(exc), r, i, entry) from None
        if observe:
            observe(r, i, state)
    _end_turn_if_pending(state)
    if len(state.round_scores) < r:
        raise _fail("round_not_over", f"the round is not over after its {len(rnd['actions'])} actions", r)
    if rnd.get("scores") != state.round_scores[r - 1]:
        raise _fail("scores_mismatch", f"the stored scores {rnd.get('scores')} differ from the refereed "
                                       f"{state.round_scores[r - 1]}", r)


def referee(data: Any, observe: Callable[[int, int, State], None] | None = None) -> RatVerdict:
    """Replay a decoded record; return the outcome, or the first fault with its round, action index and why.

    `observe(round, index, state)` is called after each round's deal (index -1) and after every
    entry of its actions. The stored result is not used (see `check_record`).
    """
    try:
        state, rounds = _start(data)
        for r, rnd in enumerate(rounds, start=1):
            _play_round(state, r, rnd, r == len(rounds), observe)
    except _Fault as fault:
        return RatVerdict(None, fault.error)
    out = outcome(state)
    if out is None:
        return RatVerdict(None, RatRefereeError(None, None, "unfinished",
                                                f"the game is not over after {len(rounds)} rounds"))
    return RatVerdict(out, None)


def check_record(data: Any) -> RatVerdict:
    """Return the referee's verdict, failing also when the stored result is missing or differs."""
    verdict = referee(data)
    if not verdict.ok:
        return verdict
    stored = data.get("result")
    if stored != verdict.result:
        return RatVerdict(verdict.outcome, RatRefereeError(
            None, None, "result_mismatch",
            f"the stored result {json.dumps(stored)} differs from the refereed {json.dumps(verdict.result)}"))
    return verdict
