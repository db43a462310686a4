"""Rat-a-Tat Cat through the platform's own contract (game/engine GameRules, records, simulate)."""

from __future__ import annotations

import json
import random

import pytest

from game.engine import GAMES
from game.records import check_record, loads_record, referee
from game.simulate import play_game

GAME = "rat-a-tat-cat"


@pytest.fixture
def registered():
    """Return Rat-a-Tat Cat's entry of the registry."""
    return GAMES[GAME]


OPTION_SETS = [{}, {"end": "elimination", "limit": 60}, {"kids": True, "rounds": 2},
               {"end": "rounds", "rounds": 1}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "elimination", "kids", "one-round"])
def test_simulated_records_have_issue_8s_shape_and_pass_the_referee(options):
    for index, bots in enumerate([["heuristic", "random"], ["random"] * 4, ["heuristic"] * 6]):
        game = play_game(GAME, bots, seed=3, game_index=index, options=options)
        data = json.loads(game.record.to_json())
        assert list(data) == ["format", "game", "seed", "players", "options", "rounds", "result"]
        assert all(list(r) == ["dealer", "deck", "actions", "scores"] for r in data["rounds"])
        assert all(a.get("type") not in ("memorised", "end_turn", "time_up", "deal")
                   for r in data["rounds"] for a in r["actions"])
        assert data["result"] == game.outcome.result and list(data["result"]) == ["totals", "winners", "eliminated"]
        verdict = check_record(loads_record(game.record.to_json()))  # every round's dealer and scores too
        assert verdict.ok, verdict.error
        assert game.outcome.lowest_wins and game.outcome.detail["round_scores"] == [r["scores"] for r in data["rounds"]]


def test_the_same_seed_gives_byte_identical_records_through_simulate():
    one = play_game(GAME, ["heuristic", "random", "random"], seed=8, game_index=2).record.to_json()
    random.seed(5)
    two = play_game(GAME, ["heuristic", "random", "random"], seed=8, game_index=2).record.to_json()
    assert one == two


def test_a_time_limited_game_records_time_up_by_the_rounds_it_played(registered):
    rng = random.Random(4)
    state = registered.new_game(2, rng, registered.engine_options({"end": "time", "minutes": 10}))
    entries = []

    def chance():
        while registered.chance_due(state):
            entry = registered.sample_chance(state, rng)
            registered.apply_chance(state, entry)
            entries.append(entry)

    chance()
    steps = 0
    while registered.outcome(state) is None:
        seat = min(registered.to_act(state))
        action = registered.timeout_action(state, seat, rng) if steps % 3 else rng.choice(
            registered.legal_actions(state, seat))
        registered.apply(state, seat, action)
        entries.append({"seat": seat, **action.to_dict()})
        steps += 1
        if steps == 60:
            registered.apply_chance(state, {"type": "time_up"})
            entries.append({"type": "time_up"})
        chance()
    body = registered.record_body(registered.setup(state), entries, state.options)
    assert len(body["rounds"]) == state.round
    data = {"format": "couchcats.record/1", "game": GAME, "players": [{"seat": 0, "name": None, "bot": None},
                                                                        {"seat": 1, "name": None, "bot": None}],
            "options": state.options, **body, "result": registered.outcome(state).result}
    assert check_record(loads_record(json.dumps(data))).ok


def test_the_platform_referee_names_the_round_and_action_of_a_tampered_record():
    game = play_game(GAME, ["heuristic", "heuristic"], seed=1, game_index=1)
    data = json.loads(game.record.to_json())
    rnd = data["rounds"][1]
    i = next(i for i, a in enumerate(rnd["actions"]) if a.get("type") == "replace")
    rnd["actions"][i]["position"] = 9
    verdict = referee(loads_record(json.dumps(data)))
    assert (verdict.error.round, verdict.error.index, verdict.error.key) == (2, i, "no_such_position")
    assert verdict.error.describe().startswith(f"round 2, action {i} (seat ")
    data["rounds"][1]["dealer"] = data["rounds"][0]["dealer"]
    error = referee(loads_record(json.dumps(data))).error
    assert (error.round, error.key) == (2, "bad_chance") and "passes to the left" in error.message


def test_options_are_the_platforms_option_specs(registered):
    assert [o.name for o in registered.options] == ["end", "rounds", "minutes", "limit", "kids"]
    assert registered.option_values({"end": "time", "minutes": 25})["minutes"] == 20  # not allowed: default
    assert registered.engine_options(registered.option_values({"end": "elimination", "limit": 200})) == \
        {"end": {"mode": "elimination", "limit": 200}, "kids": False}
    assert registered.time_limit({"end": {"mode": "time", "minutes": 30}, "kids": False}) == 30
    assert registered.time_limit({"end": {"mode": "rounds", "rounds": 3}, "kids": False}) is None


def test_simulated_elimination_games_with_remembering_bots_run_through_seats_going_out__R_GAME_3():
    """The heuristic remembers a seat's last moves in the batch where that seat goes out (it crashed)."""
    for index in range(1, 13):
        game = play_game(GAME, ["heuristic", "heuristic", "random"], 4, index,
                         options={"end": "elimination", "limit": 60})
        assert len(game.record.result["eliminated"]) >= 1
        assert check_record(loads_record(game.record.to_json())).ok


def test_simulated_time_limited_games_end_on_the_simulated_clock__R_GAME_2():
    for minutes in (10, 20):
        game = play_game(GAME, ["heuristic", "random"], 9, minutes, options={"end": "time", "minutes": minutes})
        assert game.record.options["end"] == {"mode": "time", "minutes": minutes}
        assert check_record(loads_record(game.record.to_json())).ok


def test_replay_refuses_a_record_whose_round_scores_or_dealer_were_changed__R_SCORE_1():
    game = play_game(GAME, ["heuristic", "random", "random"], 3, 1)
    data = game.record.to_dict()
    assert check_record(loads_record(json.dumps(data))).ok
    scores = json.loads(json.dumps(data))
    scores["rounds"][1]["scores"][0] += 1
    verdict = check_record(loads_record(json.dumps(scores)))
    assert verdict.error.key == "body_mismatch" and "rounds[1].scores[0]" in verdict.error.message
    dealer = json.loads(json.dumps(data))
    dealer["rounds"][0]["dealer"] = (dealer["rounds"][0]["dealer"] + 1) % 3
    assert not check_record(loads_record(json.dumps(dealer))).ok


def test_a_bad_deal_is_named_as_the_rounds_deal_not_as_an_action():
    data = play_game(GAME, ["random", "random"], 5, 1).record.to_dict()
    data["rounds"][1]["deck"][0], data["rounds"][1]["deck"][-1] = "peek", data["rounds"][1]["deck"][0]
    data["rounds"][1]["deck"] = data["rounds"][1]["deck"][:-1]  # 53 cards
    verdict = check_record(loads_record(json.dumps(data)))
    assert verdict.error.round == 2 and verdict.error.describe().startswith("round 2, the deal (")
