"""Secrecy of Rat-a-Tat Cat views and events: whitelisted fields, and blindness to every card a viewer may not see."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from game.engine.rat_a_tat_cat import (
    DECK,
    OUTER_POSITIONS,
    Phase,
    Source,
    State,
    card_to_json,
    public_view,
    view_for,
)
from game.engine.rat_a_tat_cat.views import lines_turned_up
from tests.rat_helpers import END_MODES, playout

PLAYOUTS = 200

PUBLIC_PATHS = {
    "game", "players", "round", "dealer", "phase", "turn", "looking", "seats", "seats[].seat", "seats[].out",
    "seats[].line", "seats[].looking", "pile", "discard_top", "discard_dead", "discard_size", "drawn_from",
    "drawn_card", "draws_left", "knocker", "last_turns", "last_to_play", "had_turn", "end", "end.mode", "end.rounds", "end.minutes",
    "end.limit", "kids", "totals", "round_scores", "eliminated", "result", "result.totals", "result.winners",
    "result.eliminated",
}
SEAT_PATHS = PUBLIC_PATHS | {
    "seat", "drawn", "look", "look[].position", "look[].card", "peek", "peek.position", "peek.card", "legal",
    *(f"legal.{k}" for k in ("memorised", "draw_pile", "draw_discard", "replace", "discard", "peek",
                             "swap_positions", "swap_seats", "swap_skip", "draw2", "knock", "end_turn")),
}
PRIVATE_EVENTS = {"you_drew", "you_placed", "you_peeked"}


def key_paths(value: Any, prefix: str = "") -> set[str]:
    """Return every dict key in `value` as a dotted path, list positions written as []."""
    paths: set[str] = set()
    stack = [(prefix, value)]
    while stack:
        where, inner = stack.pop()
        if isinstance(inner, dict):
            for key, item in inner.items():
                path = f"{where}.{key}" if where else str(key)
                paths.add(path)
                if isinstance(item, (dict, list, tuple)):
                    stack.append((path, item))
        elif isinstance(inner, (list, tuple)):
            stack.extend((where + "[]", item) for item in inner if isinstance(item, (dict, list, tuple)))
    return paths


def visible_line(state: State, seat: int) -> list:
    """Return what everyone may see of a seat's line: face-up cards, None for face-down ones."""
    line = state.lines[seat]
    if lines_turned_up(state):
        return [card_to_json(c) for c in line]
    up = OUTER_POSITIONS if state.options["kids"] else ()
    return [card_to_json(c) if p in up else None for p, c in enumerate(line, start=1)]


def check_public(state: State, view: dict[str, Any], paths: bool = True) -> None:
    """Assert the public view shows only what the TV may show (`paths`: check every key too)."""
    if paths:
        assert key_paths(view) <= PUBLIC_PATHS, key_paths(view) - PUBLIC_PATHS
    for info in view["seats"]:
        assert info["line"] == visible_line(state, info["seat"])
    if state.drawn is not None and state.drawn_from is Source.PILE:
        assert view["drawn_card"] is None  # a card drawn from the pile is the drawer's alone
    assert view["pile"] == len(state.pile)  # the size only, never the order
    assert (view["result"] is None) == (state.phase is not Phase.OVER)


PUBLIC_TOP = {p.split(".")[0].split("[")[0] for p in PUBLIC_PATHS}


def check_seat(state: State, seat: int, view: dict[str, Any], public: dict[str, Any], paths: bool = True) -> None:
    """Assert a seat's view adds only what the seat may see now to the public view."""
    if paths:
        assert key_paths(view) <= SEAT_PATHS, key_paths(view) - SEAT_PATHS
    assert view["seat"] == seat
    assert {k: v for k, v in view.items() if k in PUBLIC_TOP} == public  # its own line is as face down to it
    deciding = state.phase is Phase.DECIDE and state.turn == seat
    assert view["drawn"] == (card_to_json(state.drawn) if deciding else None)  # no other seat's drawn card
    looking = state.phase is Phase.LOOK and state.looking[seat]
    expected_look = [{"position": p, "card": card_to_json(state.lines[seat][p - 1])}
                     for p in OUTER_POSITIONS] if looking else []
    assert view["look"] == expected_look
    if view["peek"] is not None:
        assert state.turn == seat and state.peeked == view["peek"]["position"]
        assert view["peek"]["card"] == card_to_json(state.lines[seat][state.peeked - 1])


def _play(players: int, seed: int, step=None):
    return playout(players, seed, END_MODES[(seed // 5) % len(END_MODES)], step, knock_chance=0.2)


def _random_card(rng: random.Random):
    return rng.choice(DECK)


def hide_secrets_from(state: State, seat: int | None, rng: random.Random) -> State:
    """Return a copy of `state` with every card that `seat` (None: the TV) may not see now changed:
    the pile's order and cards, face-down line cards outside its look and peek, another's drawn card."""
    other = dataclasses.replace(state, lines=[list(line) for line in state.lines],
                                pile=[_random_card(rng) for _ in state.pile])
    if not lines_turned_up(state):
        shown = set(OUTER_POSITIONS) if state.options["kids"] else set()
        for s, line in enumerate(other.lines):
            for p in range(1, len(line) + 1):
                mine = s == seat
                looked = mine and state.phase is Phase.LOOK and state.looking[s] and p in OUTER_POSITIONS
                peeked = mine and state.turn == s and state.peeked == p
                if p not in shown and not looked and not peeked:
                    line[p - 1] = _random_card(rng)
    if state.drawn is not None and state.drawn_from is Source.PILE and state.turn != seat:
        other.drawn = _random_card(rng)
    return other


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_view_shows_only_what_its_viewer_may_see_now_and_hidden_cards_do_not_change_it(players):
    """Over 200 playouts (the five counts share them): every state's public and seat views hold
    only what the visibility table allows, and changing every card a viewer may not see (pile
    order, face-down cards outside its look and peek, another seat's drawn card) changes nothing."""
    rng = random.Random(players)
    for seed in range(players, PLAYOUTS + players, 5):
        for step, state in enumerate(_play(players, seed)):
            sample = step % 4 == 0  # the key whitelist and the blind copies: every fourth state
            public = public_view(state).to_dict()
            check_public(state, public, sample)
            for seat in range(players):
                view = view_for(state, seat)
                check_seat(state, seat, view.to_dict(), public, sample)
                if sample:
                    assert view_for(hide_secrets_from(state, seat, rng), seat) == view, \
                        f"{players}p seed {seed} step {step} seat {seat}"
            if sample:
                assert public_view(hide_secrets_from(state, None, rng)).to_dict() == public, \
                    f"{players}p seed {seed} step {step}"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_public_events_never_name_a_face_down_card_or_a_card_drawn_from_the_pile(players):
    for seed in range(players, PLAYOUTS + players, 3):
        def step(state, seat, action, events):
            for e in events:
                if e.type in PRIVATE_EVENTS:  # to the seat that acted (after a reshuffle: the drawer)
                    assert e.to == (seat if seat is not None else state.turn) is not None, e
                    continue
                assert e.to is None, e
                if e.type == "drew":
                    assert ("card" in e.data) == (e.data["source"] == "discard"), e
                if e.type == "replaced" and "card" in e.data:
                    assert action is not None
                if e.type in ("peeked", "swapped", "turn_end", "memorised"):
                    assert "card" not in e.data, e

        for _ in _play(players, seed, step):
            pass


def _generic(value: Any) -> Any:
    """Return a view as dataclasses.asdict gives it, tuples as lists: the fields the classes declare."""
    if isinstance(value, dict):
        return {k: _generic(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_generic(v) for v in value]
    return value


def test_to_dict_writes_exactly_the_fields_a_view_declares():
    for state in _play(4, 7):
        for view in [public_view(state)] + [view_for(state, s) for s in range(4)]:
            assert view.to_dict() == _generic(dataclasses.asdict(view))


def test_no_view_carries_a_pile_deck_or_line_field_it_must_not():
    for state in _play(3, 5):
        for view in [public_view(state).to_dict()] + [view_for(state, s).to_dict() for s in range(3)]:
            text = json.dumps(view, allow_nan=False)
            for word in ("deck", "box", "lines", "pile_order", "peeked", "setup", "seed"):
                assert f'"{word}"' not in text


def test_views_stay_secret_through_reshuffles(monkeypatch):
    """Six patient heuristics (eight turns each) run the 29-card pile dry: check every view then too."""
    from game.bots.rat_a_tat_cat import HeuristicBot
    from tests.rat_helpers import PATIENT, play_bots

    def step(state) -> None:
        public = public_view(state).to_dict()
        check_public(state, public)
        for s in range(state.players):
            check_seat(state, s, view_for(state, s).to_dict(), public)

    patient = [lambda rng: HeuristicBot(rng, PATIENT)] * 6
    game, _ = play_bots(monkeypatch, patient, 8, 1, END_MODES[0], observe=step)
    assert sum(a.get("type") == "reshuffle" for r in game.record.body["rounds"] for a in r["actions"]) >= 2
