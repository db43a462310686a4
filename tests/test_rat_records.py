"""Rat-a-Tat Cat records: the exact shape of issue 8, byte-identical round trips, and the platform's
referee (game/records.py) naming the round, the action index and the reason of the first fault."""

from __future__ import annotations

import copy
import json

import pytest

from game.bots.rat_a_tat_cat import HeuristicBot
from game.engine.rat_a_tat_cat import DECK, card_to_json, is_power, parse_card
from game.records import FORMAT, RecordError, check_record, dumps_record, loads_record, parse_record, referee
from game.simulate import play_game
from tests.rat_helpers import END_MODES, GAME, PATIENT, play_bots

ACTION_KEYS = {
    "draw": ["seat", "type", "source"], "replace": ["seat", "type", "position"], "discard": ["seat", "type"],
    "peek": ["seat", "type", "position"], "draw2": ["seat", "type"], "knock": ["seat", "type"],
}


def _game(players: int, options: dict, seed: int = 3, kinds=("random", "heuristic")):
    """Return the last state and the record data of one simulated game."""
    last: list = []
    game = play_game(GAME, [kinds[s % len(kinds)] for s in range(players)], seed, 1,
                     observe=last.append, options=options)
    return last[-1], game.record.to_dict()


def _checked(data):
    """Return the platform's check of record data, read as its file would be."""
    return check_record(loads_record(json.dumps(data)))


def _refereed(data):
    """Return the platform referee's verdict on record data, read as its file would be."""
    return referee(loads_record(json.dumps(data)))


@pytest.fixture(scope="module")
def games():
    """Return one finished game per end mode (and kids), over several player counts."""
    return [_game(2 + i, options, seed=i) for i, options in enumerate(END_MODES)]


def test_record_has_exactly_the_documented_shape(games, monkeypatch):
    reshuffles = 0
    for state, data in games + [_reshuffled_game(monkeypatch)]:
        n = state.players
        assert list(data) == ["format", "game", "seed", "players", "options", "rounds", "result"]
        assert data["format"] == FORMAT and data["game"] == "rat-a-tat-cat"
        assert [list(p) for p in data["players"]] == [["seat", "name", "bot"]] * n
        assert [p["seat"] for p in data["players"]] == list(range(n))
        assert list(data["options"]) == ["end", "kids"] and list(data["options"]["end"])[0] == "mode"
        for r, rnd in enumerate(data["rounds"]):
            assert list(rnd) == ["dealer", "deck", "actions", "scores"]
            assert sorted(map(str, rnd["deck"])) == sorted(str(card_to_json(c)) for c in DECK)
            assert all(type(c) is int or c in ("peek", "swap", "draw2") for c in rnd["deck"])
            assert len(rnd["scores"]) == n and rnd["scores"] == state.round_scores[r]
            for action in rnd["actions"]:
                if "seat" not in action:
                    assert list(action) == ["type", "pile"] and action["type"] == "reshuffle"
                    reshuffles += 1
                elif action["type"] == "swap":
                    assert list(action) in (["seat", "type", "skip"],
                                            ["seat", "type", "position", "other_seat", "other_position"])
                    assert action.get("skip", True) is True
                else:
                    assert list(action) == ACTION_KEYS[action["type"]]  # never memorised nor end_turn
        assert data["result"] == {"totals": state.totals, "winners": state.winners, "eliminated": state.eliminated}
    assert reshuffles, "the shape of a reshuffle entry must be met"


def _reshuffles(data) -> int:
    return sum(1 for rnd in data["rounds"] for a in rnd["actions"] if a.get("type") == "reshuffle")


def _reshuffled_game(monkeypatch):
    """Return a 6-player game of patient heuristics: eight turns each run the 29-card pile dry."""
    last: list = []
    game, _ = play_bots(monkeypatch, [lambda rng: HeuristicBot(rng, PATIENT)] * 6, 8, 1, END_MODES[1],
                        observe=last.append)
    return last[-1], game.record.to_dict()


def test_a_round_deck_is_written_as_dealt_with_a_number_card_as_first_discard(games):
    for state, data in games:
        limit = data["options"]["end"].get("limit")
        totals = [0] * state.players
        for r, rnd in enumerate(data["rounds"]):
            out = {s for s in range(state.players) if limit is not None and totals[s] >= limit}
            first_discard = parse_card(rnd["deck"][4 * (state.players - len(out))])
            assert not is_power(first_discard), (r, rnd["deck"])
            assert all(rnd["scores"][s] == 0 for s in out)  # a seat out is dealt nothing and scores 0
            totals = [t + sc for t, sc in zip(totals, rnd["scores"])]


def test_records_round_trip_byte_identical_and_pass_the_referee(games, tmp_path):
    for state, data in games:
        text = dumps_record(data)
        path = tmp_path / "g.json"
        path.write_text(text, encoding="utf-8")
        again = loads_record(path.read_text(encoding="utf-8"))
        assert again.to_dict() == data and again.to_json() == text
        verdict = check_record(again)
        assert verdict.ok, verdict.error
        assert verdict.result == data["result"]
        assert verdict.outcome.detail["round_scores"] == [r["scores"] for r in data["rounds"]]


def test_the_same_seed_writes_the_same_bytes():
    assert dumps_record(_game(3, END_MODES[2], seed=9)[1]) == dumps_record(_game(3, END_MODES[2], seed=9)[1])
    assert dumps_record(_game(3, END_MODES[2], seed=9)[1]) != dumps_record(_game(3, END_MODES[2], seed=10)[1])


def test_a_time_limited_record_ends_with_the_round_in_which_time_ran_out():
    state, data = _game(2, {"end": {"mode": "time", "minutes": 10}, "kids": False}, seed=5)
    assert state.time_up and len(data["rounds"]) == state.round >= 2
    assert _checked(data).ok
    longer = copy.deepcopy(data)
    longer["rounds"].append(copy.deepcopy(data["rounds"][-1]))
    verdict = _refereed(longer)
    assert verdict.error.key == "bad_chance" and verdict.error.round == len(longer["rounds"])


# ---------------------------------------------------------------- tampering


@pytest.fixture()
def record():
    """Return a finished 3-player, 3-round record with a fresh copy for each test."""
    return copy.deepcopy(_game(3, END_MODES[0], seed=21, kinds=("heuristic",))[1])


def _first(record, predicate):
    """Return (round number, index, entry) of the first action that `predicate` accepts."""
    for r, rnd in enumerate(record["rounds"], start=1):
        for i, entry in enumerate(rnd["actions"]):
            if predicate(entry):
                return r, i, entry
    raise AssertionError("no such action in the record")


def test_an_action_moved_to_an_impossible_position_is_named_by_round_and_index(record):
    r, i, entry = _first(record, lambda e: e.get("type") == "replace")
    entry["position"] = 7
    verdict = _checked(record)
    assert not verdict.ok
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (r, i, "no_such_position")
    assert verdict.error.describe().startswith(f"round {r}, action {i} (seat {entry['seat']}, ")


def test_an_action_by_the_wrong_seat_is_named(record):
    rnd = record["rounds"][1]
    i = next(i for i, e in enumerate(rnd["actions"]) if e.get("type") == "draw")
    rnd["actions"][i]["seat"] = (rnd["actions"][i]["seat"] + 1) % 3
    verdict = _refereed(record)
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (2, i, "not_your_turn")


def test_a_knock_out_of_turn_is_refused(record):
    rnd = record["rounds"][0]
    rnd["actions"].insert(2, {"seat": rnd["actions"][0]["seat"], "type": "knock"})
    verdict = _refereed(record)
    assert verdict.error.round == 1 and verdict.error.index == 2
    assert verdict.error.key == "not_your_turn"  # the first turn passed on by itself: nobody may knock yet


def test_a_deck_with_a_power_card_as_first_discard_is_named_by_round(record):
    deck = record["rounds"][2]["deck"]
    j = deck.index("swap")
    deck[12], deck[j] = deck[j], deck[12]
    verdict = _refereed(record)
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (3, -1, "bad_chance")  # -1: the round's deal
    assert "first discard cannot be a power card" in verdict.error.message


def test_a_deck_missing_a_card_or_a_wrong_dealer_is_refused(record):
    short = copy.deepcopy(record)
    short["rounds"][1]["deck"][5] = 9 if short["rounds"][1]["deck"][5] != 9 else 0
    error = _refereed(short).error
    assert (error.key, error.round) == ("bad_chance", 2) and "54 cards" in error.message
    record["rounds"][1]["dealer"] = record["rounds"][0]["dealer"]  # the deal must pass left
    verdict = _refereed(record)
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (2, -1, "bad_chance")
    assert "passes to the left" in verdict.error.message


def test_unrecorded_actions_in_a_record_are_refused(record):
    record["rounds"][0]["actions"].insert(0, {"seat": 0, "type": "memorised"})
    verdict = _refereed(record)
    assert (verdict.error.round, verdict.error.index) == (1, 0) and verdict.error.key == "not_now"
    assert verdict.error.describe().startswith('round 1, action 0 (seat 0, {"type": "memorised"})')


def test_changed_scores_or_result_are_caught(record):
    scores = copy.deepcopy(record)
    scores["rounds"][0]["scores"][0] += 1
    assert _refereed(scores).ok  # the referee plays the entries; what the body says of them is check_record's
    error = _checked(scores).error
    assert error.key == "body_mismatch" and error.message.startswith("rounds[0].scores[0] differs")
    record["result"]["winners"] = [w for w in range(3) if w not in record["result"]["winners"]][:1]
    verdict = _checked(record)
    assert verdict.error.key == "result_mismatch" and verdict.error.round is None


def test_a_missing_round_or_bad_options_are_caught(record):
    short = copy.deepcopy(record)
    short["rounds"].pop()
    short.pop("result")
    assert _refereed(short).error.key == "unfinished"
    record["options"] = {"end": {"mode": "rounds"}, "kids": False}
    with pytest.raises(RecordError, match="in full"):
        loads_record(json.dumps(record))


def test_a_missing_reshuffle_is_named_at_the_action_that_needed_it(monkeypatch):
    _, data = _reshuffled_game(monkeypatch)
    r, i, _ = _first(data, lambda e: e.get("type") == "reshuffle")
    del data["rounds"][r - 1]["actions"][i]
    verdict = _refereed(data)
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (r, i, "not_now")


def test_a_reshuffle_is_written_right_after_the_draw_that_found_the_pile_empty_and_only_there(monkeypatch):
    # docs/records.md: the entry follows the `draw` from the pile that found it empty (or, during R-END-3's
    # replacement, the round's last turn); the referee refuses it one entry earlier and one entry later.
    _, data = _reshuffled_game(monkeypatch)
    during_turns = 0
    for rnd in data["rounds"]:
        for i, entry in enumerate(rnd["actions"]):
            if entry["type"] == "reshuffle" and i + 1 < len(rnd["actions"]):
                assert rnd["actions"][i - 1]["type"] == "draw" and rnd["actions"][i - 1]["source"] == "pile", rnd
                during_turns += 1
    assert during_turns, "a reshuffle in the middle of a turn must be met"
    r, i, _ = _first(data, lambda e: e.get("type") == "reshuffle")
    actions = data["rounds"][r - 1]["actions"]
    assert actions[i - 1] == {"seat": actions[i - 1]["seat"], "type": "draw", "source": "pile"}
    assert _checked(data).ok

    early = copy.deepcopy(data)  # before the draw: the pile is not empty yet, so nothing is left to chance
    moved = early["rounds"][r - 1]["actions"]
    moved[i - 1], moved[i] = moved[i], moved[i - 1]
    verdict = _refereed(early)
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (r, i - 1, "no_chance_due")

    late = copy.deepcopy(data)  # after the drawer's next move: that move waits for the shuffle
    moved = late["rounds"][r - 1]["actions"]
    moved[i], moved[i + 1] = moved[i + 1], moved[i]
    verdict = _refereed(late)
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (r, i, "not_now")


@pytest.mark.parametrize("junk", [None, [], "x", {"format": FORMAT, "game": "rat-a-tat-cat"},
                                  {"format": FORMAT, "game": "rat-a-tat-cat", "players": [{"seat": 0}] * 2}])
def test_junk_records_get_a_reason_not_a_traceback(junk):
    with pytest.raises(RecordError) as info:
        parse_record(junk)
    assert info.value.message
