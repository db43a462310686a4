"""Secrecy of Cat in the Sack views: whitelisted fields, exact card values, and blindness to others' secrets."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from game.engine.cat_in_the_sack import PLAYER_SET, Phase, State, card_to_json
from game.engine.cat_in_the_sack.views import public_view, view_for
from tests.sack_helpers import playout

PLAYOUTS = 200

PUBLIC_PATHS = {
    "game", "players", "round", "rounds", "phase", "start_player", "turn", "waiting_for", "row",
    "row[].index", "row[].owner", "row[].face_up", "row[].card", "row[].mine", "mouse_cards", "bank",
    "highest_bid", "seats", "seats[].seat", "seats[].hand_count", "seats[].bid", "seats[].passed",
    "seats[].chosen", "seats[].won_count", "seats[].won_cards", "neutral_left", "open_piles", "result",
    "result.scores", "result.scores[].seat", "result.scores[].cats", "result.scores[].mice",
    "result.scores[].total", "result.winners", "result.tie_break",
}
PUBLIC_TOP = {p.split(".")[0].split("[")[0] for p in PUBLIC_PATHS}
SEAT_PATHS = PUBLIC_PATHS | {
    "seat", "hand", "mice", "won_pile", "chosen_card", "legal", "legal.play", "legal.bid_min",
    "legal.bid_max", "legal.can_pass", "legal.pass_takes", "legal.buy", "legal.buy_price",
}


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


def cards(cards_list) -> list:
    return [card_to_json(c) for c in cards_list]


def check_public(state: State, view: dict[str, Any]) -> None:
    """Assert the public view shows only what the TV may show."""
    assert key_paths(view) <= PUBLIC_PATHS, key_paths(view) - PUBLIC_PATHS
    for shown, rc in zip(view["row"], state.row, strict=True):
        assert shown["face_up"] == rc.face_up and not shown["mine"]
        assert shown["card"] == (card_to_json(rc.card) if rc.face_up else None)
    for info in view["seats"]:
        if state.options.get("open_piles"):
            assert list(info["won_cards"]) == cards(state.won_piles[info["seat"]])
        else:
            assert info["won_cards"] is None
    assert (view["result"] is None) == (state.phase is not Phase.OVER)


def check_seat(state: State, seat: int, view: dict[str, Any]) -> None:
    """Assert a seat's view adds exactly that seat's own secrets to the public ones."""
    assert key_paths(view) <= SEAT_PATHS, key_paths(view) - SEAT_PATHS
    assert view["seat"] == seat
    assert list(view["hand"]) == cards(state.hands[seat])
    assert view["mice"] == state.mice[seat]
    assert list(view["won_pile"]) == cards(state.won_piles[seat])
    mine = state.chosen[seat]
    assert view["chosen_card"] == (card_to_json(mine) if mine is not None else None)
    assert set(view["legal"]["play"]) <= set(view["hand"])
    for shown, rc in zip(view["row"], state.row, strict=True):
        assert shown["mine"] == (rc.owner == seat)
        visible = rc.face_up or rc.owner == seat
        assert shown["card"] == (card_to_json(rc.card) if visible else None)
    public = {k: v for k, v in view.items() if k in PUBLIC_TOP}
    public["row"] = [dict(r, card=r["card"] if r["face_up"] else None, mine=False) for r in view["row"]]
    check_public(state, public)


def _random_card(rng: random.Random):
    return rng.choice(PLAYER_SET)


def hide_secrets_from(state: State, seat: int | None, rng: random.Random) -> State:
    """Return a copy of `state` whose secrets that `seat` may not see (None: the TV) are all changed."""
    other = copy.deepcopy(state)
    others = [s for s in range(state.players) if s != seat]
    for s in others:
        other.hands[s] = [_random_card(rng) for _ in other.hands[s]]
        if other.chosen[s] is not None:
            other.chosen[s] = _random_card(rng)
        if state.phase is not Phase.OVER:  # the end screen shows every score
            other.mice[s] = rng.randrange(200)
            if not state.options.get("open_piles"):
                other.won_piles[s] = [_random_card(rng) for _ in other.won_piles[s]]
    for rc in other.row:
        if not rc.face_up and rc.owner != seat:
            rc.card = _random_card(rng)
    other.neutral_deck = [_random_card(rng) for _ in other.neutral_deck]
    other.setup = {**other.setup, "removed": [card_to_json(_random_card(rng)) for _ in range(state.players)]}
    return other


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_view_of_every_state_shows_only_its_own_secrets(players):
    for seed in range(players, PLAYOUTS + players, 3):
        for state in playout(players, seed):
            check_public(state, public_view(state).to_dict())
            for seat in range(players):
                check_seat(state, seat, view_for(state, seat).to_dict())


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_do_not_change_when_secrets_they_must_not_show_change(players):
    rng = random.Random(players)
    for seed in range(players, PLAYOUTS + players, 3):
        for step, state in enumerate(playout(players, seed)):
            if step % 4:  # every fourth state keeps this under a second; the playouts vary anyway
                continue
            where = f"{players}p seed {seed} step {step}"
            assert public_view(hide_secrets_from(state, None, rng)) == public_view(state), where
            for seat in range(players):
                changed = hide_secrets_from(state, seat, rng)
                assert view_for(changed, seat) == view_for(state, seat), f"{where} seat {seat}"


def test_open_piles_option_shows_won_cards_and_nothing_else():
    for seed in range(20):
        rng = random.Random(seed)
        for state in playout(4, seed):
            state.options["open_piles"] = True
            check_public(state, public_view(state).to_dict())
            for seat in range(4):
                check_seat(state, seat, view_for(state, seat).to_dict())
            state.options.pop("open_piles")
        del rng


def test_no_view_carries_a_seed_removed_card_or_neutral_deck_field():
    for state in playout(3, 5):
        for view in [public_view(state).to_dict()] + [view_for(state, s).to_dict() for s in range(3)]:
            text = json.dumps(view)
            for word in ("seed", "removed", "neutral_deck", "deck", "setup", "hands", "out_of_game"):
                assert f'"{word}"' not in text


@pytest.mark.parametrize("players", [3, 4, 5])
def test_public_events_never_name_a_face_down_card(players):
    for seed in range(players, 60 + players, 3):
        revealed: set[int] = set()
        row_length = 0

        def step(state, seat, action, events):
            nonlocal revealed, row_length
            for e in events:
                if e.to is not None:
                    assert e.type == "my_card_chosen" and e.to == seat == e.data["seat"]
                    continue
                assert "card" not in e.data or e.type == "card_revealed", e
                if e.type == "row_laid":
                    revealed, row_length = set(), len(e.data["owners"])
                if e.type == "card_revealed":
                    revealed.add(e.data["index"])
                if e.type in ("round_void", "sack_won"):
                    # the cards leave the row face up: every one was revealed before it is named
                    assert revealed == set(range(row_length)), (seed, e)

        for _ in playout(players, seed, step):
            pass
