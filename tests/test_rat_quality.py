"""Quality bar A1-A4 for the Rat-a-Tat Cat engine: playouts, stateful fuzzing, determinism, fuzzed numbers."""

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

from game.engine import GAMES
from game.engine.common import BadAction, GameError, IllegalAction
from game.engine.rat_a_tat_cat import (
    DECK,
    DRAW_PILE,
    Action,
    ActionType,
    Phase,
    Power,
    Source,
    apply,
    apply_chance,
    card_places,
    chance_due,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    sample_chance,
    time_up,
    to_act,
)
from game.records import loads_record, referee
from game.simulate import play_game
from tests.rat_helpers import END_MODES, GAME, PEEK, SWAP, Table, playout

SOAK = os.environ.get("SOAK") == "1"
PLAYOUTS = 10_000 if SOAK else 500
ALL_CARDS = Counter(map(str, DECK))


# ---------------------------------------------------------------- A1


def _check_invariants(state, where: str) -> None:
    assert Counter(map(str, card_places(state))) == ALL_CARDS, f"{where}: a card is lost or doubled"
    acting = to_act(state)
    for seat in range(state.players):
        legal = legal_actions(state, seat)
        if seat in acting:
            assert legal, f"{where}: seat {seat} must act but has no legal action"
            assert not state.out[seat], f"{where}: seat {seat} is out but acts"
        else:
            assert not legal, f"{where}: seat {seat} may not act but has legal actions"
        if state.out[seat] and state.phase not in (Phase.DEAL, Phase.OVER) and not state.replacing:
            assert state.lines[seat] == [], f"{where}: seat {seat} is out but holds cards"
    assert (chance_due(state) is None) or not acting, f"{where}: chance is due while a seat acts"


def _game_setting(seed: int) -> tuple[int, dict]:
    """Return the player count and options of playout `seed`: every count meets every end mode."""
    return 2 + seed % 5, END_MODES[(seed // 5) % len(END_MODES)]


def test_random_playouts_keep_every_card_in_one_place_and_turns_consistent__A1():
    seen = set()
    for seed in range(PLAYOUTS):
        players, options = _game_setting(seed)
        seen.add((players, options["end"]["mode"], options["kids"]))
        steps = 0

        def step(state, seat, action, events) -> None:
            nonlocal steps
            steps += 1
            _check_invariants(state, f"{players}p {options} seed {seed} step {steps} ({seat}, {action})")

        try:
            for state in playout(players, seed, options, step):
                pass
        except AssertionError:
            raise
        except Exception as exc:  # noqa: BLE001  (any exception is the failure being hunted)
            pytest.fail(f"{players}p {options} seed {seed} step {steps} raised {exc!r}")
        result = outcome(state)
        assert result is not None and result["winners"], f"seed {seed}"
        assert len(result["round_scores"]) == state.round
    assert len(seen) == 25 or PLAYOUTS < 25


# ---------------------------------------------------------------- A2

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
NUMBERS = st.integers(-2, 7) | st.sampled_from([2**63, True, 1.0, math.nan, "1"])
ACTION_DICTS = st.fixed_dictionaries(
    {"type": st.sampled_from([t.value for t in ActionType] + ["fold", "DRAW", ""]) | JSONISH},
    optional={"source": st.sampled_from(["pile", "discard", "deck"]) | JSONISH, "position": NUMBERS | JSONISH,
              "other_seat": NUMBERS | JSONISH, "other_position": NUMBERS | JSONISH,
              "skip": st.booleans() | JSONISH, "seat": JSONISH},
)
WELL_FORMED = st.builds(
    Action, type=st.sampled_from(list(ActionType)), source=st.none() | st.sampled_from(list(Source)),
    position=st.none() | st.integers(0, 5), other_seat=st.none() | st.integers(-1, 6),
    other_position=st.none() | st.integers(0, 5), skip=st.booleans(),
)
RAW_ACTIONS = st.builds(Action, type=st.sampled_from(list(ActionType)) | JSONISH, source=JSONISH,
                        position=JSONISH | NUMBERS, other_seat=JSONISH | NUMBERS, other_position=JSONISH | NUMBERS,
                        skip=JSONISH)
SEATS = st.integers(-2, 7) | st.booleans() | st.none() | st.floats() | st.text(max_size=2)
CARDS = st.sampled_from([0, 5, 9, "peek", "swap", "draw2", 10, -1, "Peek", True, 3.0, None])
CHANCE = st.fixed_dictionaries({"type": st.sampled_from(["deal", "reshuffle", "shuffle"]) | JSONISH},
                               optional={"deck": st.lists(CARDS, max_size=60) | JSONISH,
                                         "pile": st.lists(CARDS, max_size=40) | JSONISH})


class RatMachine(RuleBasedStateMachine):
    """Legal, illegal-but-well-formed and arbitrary actions and chance entries, mixed; a refusal
    must change nothing."""

    @initialize(players=st.integers(2, 6), seed=st.integers(0, 2**32), mode=st.integers(0, len(END_MODES) - 1))
    def deal(self, players: int, seed: int, mode: int) -> None:
        self.rng = random.Random(seed)
        self.state = new_game(players, self.rng, END_MODES[mode])
        self._chance()

    def _chance(self) -> None:
        while chance_due(self.state):
            apply_chance(self.state, sample_chance(self.state, self.rng))

    def _refused(self, attempt) -> None:
        before = self.state.serialize()
        try:
            attempt()
        except GameError as exc:
            assert self.state.serialize() == before, "refused, but the state changed"
            assert exc.key and exc.message
            json.dumps(exc.to_dict(), allow_nan=False)
            return
        self._chance()

    def _playing(self) -> bool:
        return outcome(self.state) is None

    @precondition(_playing)
    @rule(data=st.data())
    def legal_move(self, data) -> None:
        seat = data.draw(st.sampled_from(sorted(to_act(self.state))))
        apply(self.state, seat, data.draw(st.sampled_from(legal_actions(self.state, seat))))
        self._chance()

    @precondition(_playing)
    @rule(moves=st.integers(1, 60))
    def advance(self, moves: int) -> None:
        for _ in range(moves):
            if outcome(self.state) is not None:
                return
            seat = self.rng.choice(sorted(to_act(self.state)))
            apply(self.state, seat, self.rng.choice(legal_actions(self.state, seat)))
            self._chance()

    @rule(seat=st.integers(-1, 6), action=WELL_FORMED)
    def well_formed_move(self, seat, action) -> None:
        self._refused(lambda: apply(self.state, seat, action))

    @rule(seat=SEATS, data=ACTION_DICTS | JSONISH)
    def arbitrary_move(self, seat, data) -> None:
        try:
            action = parse_action(data)
        except BadAction as exc:
            assert exc.key and exc.message
            return
        self._refused(lambda: apply(self.state, seat, action))

    @rule(seat=SEATS, action=RAW_ACTIONS)
    def raw_action_object(self, seat, action) -> None:
        self._refused(lambda: apply(self.state, seat, action))

    @rule(entry=CHANCE | JSONISH)
    def arbitrary_chance(self, entry) -> None:
        self._refused(lambda: apply_chance(self.state, entry))

    @rule()
    def time_runs_out(self) -> None:
        time_up(self.state)
        self._chance()

    @invariant()
    def nothing_lost(self) -> None:
        if hasattr(self, "state"):
            assert Counter(map(str, card_places(self.state))) == ALL_CARDS


RatMachine.TestCase.settings = settings(
    max_examples=40 if not SOAK else 600, stateful_step_count=50, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_rejected_actions_and_chance_leave_the_state_byte_identical__A2 = RatMachine.TestCase


# ---------------------------------------------------------------- A3


def _bot_game(seed: int, players: int, options: dict, disturb: bool = False):
    """Play random bots through the platform from `seed`; return the game and the state after its deal
    and after every action."""
    states: list[str] = []

    def observe(state) -> None:
        if disturb:
            random.seed(len(states))  # someone else using the global generator must not matter
        states.append(state.serialize())

    game = play_game(GAME, ["random"] * players, seed, 1, observe=observe, options=options)
    return game, states


@pytest.mark.parametrize("players, options", [(2, END_MODES[0]), (4, END_MODES[2]), (6, END_MODES[4]),
                                              (3, END_MODES[3])])
def test_same_seed_same_record_even_with_global_random_disturbed__A3(players, options):
    first, states = _bot_game(11, players, options)
    random.seed(12345)
    [random.random() for _ in range(100)]
    second, disturbed = _bot_game(11, players, options, disturb=True)
    assert first.record.to_json() == second.record.to_json() and states == disturbed
    assert _bot_game(12, players, options)[0].record.to_json() != first.record.to_json()


@pytest.mark.parametrize("players, options", [(2, END_MODES[0]), (5, END_MODES[2]), (3, END_MODES[4]),
                                              (6, END_MODES[1])])
def test_replaying_a_record_reproduces_every_intermediate_state__A3(players, options):
    """The platform referee passes, entry by entry, through the states the live game passed through.

    The live game is seen after its deal and every action, chance already drawn; the replay after
    every recorded entry, implied moves (memorised, end_turn) not yet made: so every replayed state
    with no chance due must be met, in order, among the live ones.
    """
    game, states = _bot_game(40 + players, players, options)
    replayed: list[str] = []
    rules = GAMES[GAME]

    def observe(index, state) -> None:
        if rules.chance_due(state) is None:  # not the empty table, nor a pile run dry before its reshuffle
            replayed.append(state.serialize())

    record = loads_record(game.record.to_json())
    verdict = referee(record, observe)
    assert verdict.ok and verdict.result == game.record.result
    if options["end"]["mode"] == "time":
        # a record does not say when in its last round time ran out: the referee notes it at the
        # round's start, so only that flag may differ (and its time_up entry changes nothing else)
        replayed, states = _without_time_up(replayed), _without_time_up(states)
        replayed = [s for i, s in enumerate(replayed) if i == 0 or s != replayed[i - 1]]
    actions = [a for rnd in record.body["rounds"] for a in rnd["actions"] if "seat" in a]
    assert len(replayed) >= len(actions) + 1
    live = iter(states)
    assert all(any(s == t for t in live) for s in replayed), "a replayed state the live game never had"
    assert replayed[0] == states[0]


def _without_time_up(states: list[str]) -> list[str]:
    return [json.dumps({k: v for k, v in json.loads(s).items() if k != "time_up"}) for s in states]


# ---------------------------------------------------------------- A4

JUNK = [math.nan, math.inf, -math.inf, True, "1", 1.0, 2**63, None, [], {}]
KEYS = {2**63: ("no_such_position", IllegalAction)}


def _expect(exc_info, value, field: str) -> None:
    err = exc_info.value
    if value == 2**63 and type(value) is int:
        assert isinstance(err, IllegalAction) and err.key in ("no_such_position", "bad_swap_seat")
    else:
        assert isinstance(err, BadAction) and err.key == "not_a_whole_number"
        assert err.params == {"field": field}
    assert err.message and len(err.message) < 80
    json.dumps(err.to_dict(), allow_nan=False)


@pytest.mark.parametrize("value", JUNK, ids=[repr(v) for v in JUNK])
def test_junk_positions_get_a_clear_error_and_change_nothing__A4(value):
    t = Table(3, pile=[PEEK, SWAP, 4])
    t.act(1, DRAW_PILE)  # the Peek: replace, peek and discard are all possible now
    before = t.state.serialize()
    for kind in ("replace", "peek"):
        with pytest.raises(GameError) as info:
            apply(t.state, 1, parse_action({"type": kind, "position": value}))
        _expect(info, value, "position")
        with pytest.raises(GameError) as info:
            apply(t.state, 1, Action(ActionType(kind), position=value))
        _expect(info, value, "position")
        assert t.state.serialize() == before
    t.turn(1, Action(ActionType.PEEK, position=1))
    t.act(2, DRAW_PILE)  # the Swap
    before = t.state.serialize()
    for field in ("position", "other_seat", "other_position"):
        wire = {"type": "swap", "position": 1, "other_seat": 0, "other_position": 1, field: value}
        with pytest.raises(GameError) as info:
            apply(t.state, 2, parse_action(wire))
        _expect(info, value, field)
        with pytest.raises(GameError) as info:
            apply(t.state, 2, Action(ActionType.SWAP, **{k: v for k, v in wire.items() if k != "type"}))
        _expect(info, value, field)
        assert t.state.serialize() == before


@pytest.mark.parametrize("value", JUNK + [-1, 3, 99], ids=[repr(v) for v in JUNK + [-1, 3, 99]])
def test_junk_seats_are_refused_and_change_nothing__A4(value):
    t = Table(3)
    before = t.state.serialize()
    with pytest.raises(BadAction) as info:
        apply(t.state, value, DRAW_PILE)
    assert info.value.key == "bad_seat"
    assert t.state.serialize() == before


@pytest.mark.parametrize("data", [{"type": "draw"}, {"type": "draw", "source": "deck"}, {"type": "draw", "source": 1},
                                  {"type": "swap", "skip": False}, {"type": "swap", "skip": "yes"},
                                  {"type": "Draw"}, {"type": None}, [], "draw", None])
def test_malformed_wire_actions_get_a_clear_error__A4(data):
    with pytest.raises(BadAction) as info:
        parse_action(data)
    assert info.value.key in ("unknown_action", "bad_action", "not_a_whole_number")


@pytest.mark.parametrize("text", ['{"type": "replace", "position": NaN}', '{"type": "peek", "position": Infinity}',
                                  '{"type": "replace", "position": 1e999}', '{"type": "replace", "position": 1.5}'])
def test_numbers_from_decoded_json_text_are_refused__A4(text):
    with pytest.raises(BadAction) as info:
        parse_action(json.loads(text))
    assert info.value.key == "not_a_whole_number"


def test_a_power_card_is_written_as_its_name_on_the_wire():
    assert str(Power.DRAW2) == "draw2" and Source("pile") is Source.PILE
