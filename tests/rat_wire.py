"""Checks of Rat-a-Tat Cat frames on the real wire: each frame (JSON text) against what its
recipient may see at the frame's version, the truth read on the side from the server's state."""

from __future__ import annotations

import copy
import json
from typing import Any

from game.engine.rat_a_tat_cat import OUTER_POSITIONS, Phase, Source, State, card_to_json, is_power, public_view
from game.protocol import Stage
from game.session import Session
from tests.test_rat_secrecy import check_public, check_seat

ENVELOPE = {"type", "version", "stage", "table", "you", "view", "events", "timer", "acting", "outcome", "game_time",
            "history"}
PRIVATE = {"you_drew", "you_placed", "you_peeked"}
# events that name no card: their fields are seats, positions, counts and flags only
PLAIN = {"game_started", "look", "memorised", "turn", "draw_again", "pile_empty", "peeked", "swapped",
         "swap_skipped", "turn_end", "knocked", "time_up", "timeout", "next_dealer", "eliminated"}
PLAIN_FIELDS = {"type", "game", "seat", "seats", "round", "last", "draws_left", "position", "other_seat",
                "other_position", "may_knock"}
ROUND_OVER = {"revealed", "power_drawn", "power_replaced", "round_scored"}  # only once the lines are up
NEVER = ('"deck"', '"box"', '"seed"', '"setup"')  # the deal's order, the seed: never on the wire


class Truth:
    """The server's own game state after every version (the test reads it; no recipient does)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.states: dict[int, State | None] = {session.version: self._copy()}
        self.seeds: list[int] = []
        session.change_listeners.append(self._note)

    def _copy(self) -> State | None:
        s = self.session
        return copy.deepcopy(s.state) if s.state is not None and s.stage is not Stage.LOBBY else None

    def _note(self, events: list[dict[str, Any]]) -> None:
        # called after the version is bumped and before any update of it is built
        self.states[self.session.version] = self._copy()
        recorder = self.session.recorder
        if recorder is not None and recorder.seed is not None and recorder.seed not in self.seeds:
            self.seeds.append(recorder.seed)


def check_frame(text: str, seat: int | None, truth: Truth | Still) -> dict[str, Any]:
    """Assert one frame sent to `seat` (None: the TV or a watcher) carries nothing it may not see
    at the frame's version; return the decoded frame."""
    for word in NEVER:
        assert word not in text, (word, text[:200])
    for seed in truth.seeds:
        assert str(seed) not in text and format(seed, "x") not in text, "the seed is on the wire"
    msg = json.loads(text)
    if msg["type"] != "update":
        assert msg["type"] in ("welcome", "error", "bye"), msg
        assert set(msg) <= {"type", "token", "seat", "role", "name", "colour", "symbol", "key", "params",
                            "version", "message", "reason"}, msg
        return msg
    assert set(msg) <= ENVELOPE, set(msg) - ENVELOPE
    if "timer" in msg:  # the turn timer: whose decision is on the clock, and how long is left
        assert set(msg["timer"]) == {"seat", "seconds_left"} and type(msg["timer"]["seconds_left"]) is int
    if "game_time" in msg:  # a time limit's time left: nothing else
        assert set(msg["game_time"]) == {"seconds_left"} and type(msg["game_time"]["seconds_left"]) is int
    if "history" in msg:  # the household's leaderboards and last results: in the lobby, nothing else
        assert msg["stage"] == "lobby"
        for part in msg["history"].values():
            assert set(part) == {"leaders", "recent"}
            assert all(set(row) == {"name", "wins", "games", "best"} for row in part["leaders"])
            assert all(set(row) == {"ended", "winners", "seats"} for row in part["recent"])
    version = msg["version"]
    state, before = truth.states[version], truth.states.get(version - 1)
    if seat is None:
        assert msg["you"]["seat"] is None
    else:
        assert msg["you"]["seat"] == seat
    view = msg["view"]
    if state is None:
        assert view is None and msg["outcome"] is None
    else:
        public = public_view(state).to_dict()
        if seat is None:
            check_public(state, view)
            assert view == public  # nothing more than the engine's public view
        else:
            check_seat(state, seat, view, public)
        _check_outcome(msg["outcome"], state)
    _check_events(msg["events"], seat, before, state)
    return msg


def _check_outcome(outcome: dict[str, Any] | None, state: State) -> None:
    if state.phase is not Phase.OVER:
        assert outcome is None
        return
    assert outcome is not None
    assert outcome["totals"] == state.totals and outcome["winners"] == state.winners
    assert outcome["detail"]["round_scores"] == state.round_scores
    assert outcome["detail"]["eliminated"] == state.eliminated
    assert set(outcome) == {"winners", "totals", "lowest_wins", "detail", "course"}
    assert set(outcome["course"]) == {"values", "limit"}
    assert [v[-1] for v in outcome["course"]["values"]] == state.totals  # the course ends at the totals


def _check_events(events: list[dict[str, Any]], seat: int | None, before: State | None, state: State | None) -> None:
    """Assert every event of one change names only cards `seat` may see (`before`/`state`: the
    server's state before and after the change)."""
    ended = False  # the round's lines were turned up in this change: they are public from then on
    for e in events:
        kind = e["type"]
        if kind in PRIVATE:
            assert seat is not None, f"the public got {e}"
            _check_private(e, seat, before, state)
        elif kind in PLAIN:
            assert set(e) <= PLAIN_FIELDS, e
            for key, value in e.items():
                if key not in ("type", "game"):
                    assert value is None or type(value) in (int, bool) or \
                        isinstance(value, list) and all(type(x) is int for x in value), e
        elif kind == "round_dealt":
            assert state is not None and set(e) == {"type", "round", "dealer", "seats", "discard", "pile"}, e
            assert type(e["pile"]) is int  # the size, never the order
            assert e["discard"] == card_to_json(state.discard[0])
        elif kind == "reshuffled":
            assert set(e) == {"type", "pile"} and type(e["pile"]) is int, e
        elif kind == "drew":
            assert before is not None and e["seat"] == before.turn
            if e["source"] == "discard":  # it lay face up on the discard pile
                assert e["card"] == card_to_json(before.discard[-1]), e
            else:
                assert "card" not in e, f"a card drawn from the pile went to {seat}: {e}"
        elif kind == "replaced":
            assert before is not None and e["seat"] == before.turn
            old = before.lines[e["seat"]][e["position"] - 1]
            assert e["discarded"] == card_to_json(old)  # now face up on the discard pile
            if "card" in e:
                face_up = before.options["kids"] and e["position"] in OUTER_POSITIONS
                assert before.drawn_from is Source.DISCARD or face_up, f"a placed card went public: {e}"
                assert e["card"] == card_to_json(before.drawn)
        elif kind == "discarded":
            assert before is not None and e["card"] == card_to_json(before.drawn), e  # now face up
        elif kind == "power_used":
            assert before is not None and e["power"] == card_to_json(before.drawn) and is_power(before.drawn), e
        elif kind in ROUND_OVER:
            if kind == "revealed":
                assert before is not None and before.knocker is not None and before.last_turns == 1, \
                    "lines turned up before the round's last turn was played"
                ended = True
            assert ended, f"{kind} before the lines were turned up"
        elif kind == "game_over":
            assert state is not None and state.phase is Phase.OVER
            assert ended or any(x["type"] == "time_up" for x in events), e
        else:
            raise AssertionError(f"an event this check does not know: {e}")


def _check_private(e: dict[str, Any], seat: int, before: State | None, state: State | None) -> None:
    kind = e["type"]
    assert state is not None
    if kind == "you_drew":
        assert state.turn == seat and state.phase is Phase.DECIDE and state.drawn_from is Source.PILE, e
        assert e["card"] == card_to_json(state.drawn)
    elif kind == "you_placed":
        assert before is not None and before.turn == seat and e["card"] == card_to_json(before.drawn), e
    else:
        assert before is not None and before.turn == seat and before.drawn is not None, e
        assert state.peeked == e["position"] and e["card"] == card_to_json(state.lines[seat][e["position"] - 1]), e


class Still:
    """The truth while nothing moves (a table read from its save, before anyone acts): the one
    state stands at every version, each resume bumping the version without changing it."""

    def __init__(self, session: Session) -> None:
        self.state = copy.deepcopy(session.state)
        self.seeds = [session.recorder.seed] if session.recorder and session.recorder.seed is not None else []
        self.states = self

    def __getitem__(self, version: int) -> State | None:
        return self.state

    def get(self, version: int, default: Any = None) -> State | None:
        """Return the state (at any version)."""
        return self.state
