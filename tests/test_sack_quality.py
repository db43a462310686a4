"""Quality bar A1-A4 for the Cat in the Sack engine: playouts, stateful fuzzing, determinism, money fuzz."""

from __future__ import annotations

import json
import math
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.engine.cat_in_the_sack import (
    GAME_ID,
    MONEY_TOTAL,
    PLAYER_SET,
    Action,
    ActionType,
    Phase,
    apply,
    bid,
    card_places,
    legal_actions,
    money_in_play,
    new_game,
    outcome,
    parse_action,
    play,
    to_act,
)
from game.engine.common import BadAction, GameError, IllegalAction
from game.records import referee
from game.simulate import play_game
from tests.sack_helpers import Table, random_action

SOAK = os.environ.get("SOAK") == "1"
PLAYOUTS = 10_000 if SOAK else 500


def full_sets(players: int) -> Counter:
    """Return every card of the game as a multiset: one set per seat, plus the neutral set for 3."""
    sets = players + (1 if players == 3 else 0)
    return Counter({str(card): sets for card in PLAYER_SET})


# ---------------------------------------------------------------- A1


def _check_invariants(state, players: int, cards: Counter, where: str) -> None:
    assert money_in_play(state) == MONEY_TOTAL[players], f"{where}: money not conserved"
    assert Counter(map(str, card_places(state))) == cards, f"{where}: a card is lost or doubled"
    acting = to_act(state)
    for seat in range(players):
        legal = legal_actions(state, seat)
        if seat in acting:
            assert legal, f"{where}: seat {seat} must act but has no legal action"
        else:
            assert not legal, f"{where}: seat {seat} may not act but has legal actions"
    assert all(m >= 0 for m in state.mice + state.bids + [state.bank]), f"{where}: negative money"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_keep_money_cards_and_turns_consistent__A1(players):
    cards = full_sets(players)
    for seed in range(players, PLAYOUTS + players, 3):  # the three counts share the games
        rng = random.Random(seed)
        state = new_game(players, rng)
        _check_invariants(state, players, cards, f"{players}p seed {seed} after the deal")
        steps = 0
        while outcome(state) is None:
            seat = rng.choice(sorted(to_act(state)))
            action = random_action(state, seat, rng)
            try:
                apply(state, seat, action)
            except Exception as exc:  # noqa: BLE001  (any exception is the failure being hunted)
                pytest.fail(f"{players}p seed {seed} step {steps}: {action} by seat {seat} raised {exc!r}")
            steps += 1
            _check_invariants(state, players, cards, f"{players}p seed {seed} step {steps}")
        assert state.round == 9 and all(h == [] for h in state.hands), f"{players}p seed {seed}"


# ---------------------------------------------------------------- A2

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
CARDS_JSON = st.sampled_from([-8, -5, 3, 5, 8, 11, 15, "rabbit", "big_dog", "small_dog"])
ACTION_DICTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "bid", "pass", "buy", "fold", "PLAY", ""]) | JSONISH},
    optional={"card": CARDS_JSON | JSONISH, "total": st.integers(-3, 120) | JSONISH, "seat": JSONISH},
)
WELL_FORMED = (
    st.builds(play, st.sampled_from(PLAYER_SET))
    | st.builds(bid, st.integers(-5, 120))
    | st.sampled_from([Action(ActionType.PASS), Action(ActionType.BUY)])
)
RAW_ACTIONS = st.builds(Action, type=st.sampled_from(list(ActionType)) | JSONISH,
                        card=JSONISH | CARDS_JSON, total=JSONISH)
SEATS = st.integers(-2, 6) | st.booleans() | st.none() | st.floats() | st.text(max_size=2)


class SackMachine(RuleBasedStateMachine):
    """Legal, illegal-but-well-formed and arbitrary actions, mixed; a refusal must change nothing."""

    @initialize(players=st.integers(3, 5), seed=st.integers(0, 2**32))
    def deal(self, players: int, seed: int) -> None:
        self.players = players
        self.state = new_game(players, random.Random(seed))
        self.rng = random.Random(seed)
        self.cards = full_sets(players)

    def _try(self, seat, action) -> None:
        before = self.state.serialize()
        try:
            apply(self.state, seat, action)
        except GameError as exc:
            assert self.state.serialize() == before, f"refused {action!r} by {seat!r} but the state changed"
            assert exc.key and exc.message
            json.dumps(exc.to_dict(), allow_nan=False)

    def _playing(self) -> bool:
        return self.state.phase is not Phase.OVER

    @precondition(_playing)
    @rule(data=st.data())
    def legal_move(self, data) -> None:
        seat = data.draw(st.sampled_from(sorted(to_act(self.state))))
        action = data.draw(st.sampled_from(legal_actions(self.state, seat)))
        apply(self.state, seat, action)

    @precondition(_playing)
    @rule(moves=st.integers(1, 40))
    def advance(self, moves: int) -> None:
        for _ in range(moves):
            if outcome(self.state) is not None:
                return
            seat = self.rng.choice(sorted(to_act(self.state)))
            apply(self.state, seat, random_action(self.state, seat, self.rng))

    @rule(seat=st.integers(-1, 5), action=WELL_FORMED)
    def well_formed_move(self, seat, action) -> None:
        self._try(seat, action)

    @rule(seat=SEATS, data=ACTION_DICTS | JSONISH)
    def arbitrary_move(self, seat, data) -> None:
        try:
            action = parse_action(data)
        except BadAction as exc:
            assert exc.key and exc.message
            return
        self._try(seat, action)

    @rule(seat=SEATS, action=RAW_ACTIONS)
    def raw_action_object(self, seat, action) -> None:
        self._try(seat, action)

    @invariant()
    def nothing_lost(self) -> None:
        if hasattr(self, "state"):
            assert money_in_play(self.state) == MONEY_TOTAL[self.players]
            assert Counter(map(str, card_places(self.state))) == self.cards


SackMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=50, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_rejected_actions_leave_the_state_byte_identical__A2 = SackMachine.TestCase


# ---------------------------------------------------------------- A3


def test_same_seed_same_record_even_with_global_random_disturbed__A3():
    first = play_game(GAME_ID, ["random"] * 4, seed=11, game_index=3).record.to_json()
    random.seed(12345)
    [random.random() for _ in range(100)]
    second = play_game(GAME_ID, ["random"] * 4, seed=11, game_index=3).record.to_json()
    assert first == second
    assert play_game(GAME_ID, ["random"] * 4, seed=11, game_index=4).record.to_json() != first


def _states_of_bot_game(players: int, disturb: bool):
    """Play random bots from a fixed seed; return the game and the serialized state after every action."""
    states: list[str] = []

    def observe(state) -> None:
        if disturb:
            random.seed(len(states))  # someone else using the global generator must not matter
        states.append(state.serialize())

    return play_game(GAME_ID, ["random"] * players, seed=40, game_index=players, observe=observe), states


@pytest.mark.parametrize("players", [3, 4, 5])
def test_replaying_a_record_reproduces_every_intermediate_state__A3(players):
    game, states = _states_of_bot_game(players, disturb=False)
    _, disturbed = _states_of_bot_game(players, disturb=True)
    assert disturbed == states and len(states) == len(game.record.body["actions"]) + 1
    replayed: list[str] = []
    verdict = referee(game.record, lambda index, state: replayed.append(state.serialize()))
    assert verdict.ok and verdict.result == game.record.result
    assert replayed == states


# ---------------------------------------------------------------- A4

MONEY_FUZZ = [
    (math.nan, "not_a_whole_number"),
    (math.inf, "not_a_whole_number"),
    (-math.inf, "not_a_whole_number"),
    (1e308, "not_a_whole_number"),
    (-1, "bid_at_least_one"),
    (0, "bid_at_least_one"),
    (True, "not_a_whole_number"),
    ("10", "not_a_whole_number"),
    (10.0, "not_a_whole_number"),
    (2**63, "bid_too_high"),
    (None, "not_a_whole_number"),
    ([], "not_a_whole_number"),
    ({}, "not_a_whole_number"),
]


def _auction_table() -> Table:
    t = Table(4)
    t.choose(t.first_cards())
    t.bid(0, 2)
    return t


@pytest.mark.parametrize("total, key", MONEY_FUZZ, ids=[repr(v) for v, _ in MONEY_FUZZ])
def test_money_fuzz_bid_totals_get_a_clear_error_and_change_nothing__A4(total, key):
    t = _auction_table()
    before = t.state.serialize()
    for attempt in ("wire", "object"):
        with pytest.raises(GameError) as info:
            if attempt == "wire":
                apply(t.state, 1, parse_action({"type": "bid", "total": total}))
            else:
                apply(t.state, 1, Action(ActionType.BID, total=total))
        err = info.value
        assert err.key == key, attempt
        assert isinstance(err, BadAction if key == "not_a_whole_number" else IllegalAction)
        assert err.message and len(err.message) < 80
        json.dumps(err.to_dict(), allow_nan=False)
        assert t.state.serialize() == before


@pytest.mark.parametrize("text", ['{"type": "bid", "total": NaN}', '{"type": "bid", "total": Infinity}',
                                  '{"type": "bid", "total": 1e999}', '{"type": "bid", "total": 3.5}'])
def test_money_fuzz_from_decoded_json_text__A4(text):
    with pytest.raises(BadAction) as info:
        parse_action(json.loads(text))
    assert info.value.key == "not_a_whole_number"


@pytest.mark.parametrize("card", [3.0, True, "11", None, [], {}, "Rabbit", 15.0, -8.0])
def test_junk_cards_are_refused_and_change_nothing__A4(card):
    t = Table(4)
    before = t.state.serialize()
    with pytest.raises(GameError):
        apply(t.state, 0, parse_action({"type": "play", "card": card}))
    with pytest.raises(GameError):
        apply(t.state, 0, Action(ActionType.PLAY, card=card))
    assert t.state.serialize() == before
