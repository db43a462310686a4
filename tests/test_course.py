"""The course of a finished game (`Outcome.course`): what the score screens' chart draws, round by round.

Its values must be the scores each game already reports as it goes: in Cat in the Sack every seat's
own view (its mice and its won cats) after each round, in Rat-a-Tat Cat the `round_scored` totals.
It goes out only in the outcome, i.e. once the game is over.
"""

from __future__ import annotations

from typing import Any

import pytest

from game import protocol as P
from game.engine import cat_in_the_sack as sack
from game.engine import rat_a_tat_cat as rat
from game.engine.common import Outcome
from game.engine.rat_a_tat_cat import plugin as rat_plugin
from game.engine.cat_in_the_sack.cards import card_value, parse_card
from game.engine.cat_in_the_sack.views import view_for
from tests import rat_helpers, sack_helpers
from tests.test_tv_rat import session_updates


def _points_in_own_view(state: sack.State, seat: int) -> int:
    """Return what a seat's phone shows it holds: the values of its won cats plus its mice (F-SCORE-1)."""
    view = view_for(state, seat)
    return sum(card_value(parse_card(c)) for c in view.won_pile) + view.mice


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sack_course_is_each_seats_cats_plus_mice_after_each_of_the_nine_rounds__F_SCORE_1(players: int) -> None:
    for seed in range(6):
        seen: list[list[int]] = []
        last_round = [1]

        def step(state: sack.State, seat: int, action: Any, events: list[Any]) -> None:
            if state.round != last_round[0] or state.phase is sack.Phase.OVER:  # a round just ended
                seen.append([_points_in_own_view(state, s) for s in range(players)])
                last_round[0] = state.round

        for state in sack_helpers.playout(players, seed, step=step):
            if state.phase is not sack.Phase.OVER:
                assert sack.outcome(state) is None  # no course (nobody's mice) before the end
        out = sack.outcome(state)
        assert out is not None and out.course is not None
        assert len(seen) == sack.ROUNDS
        assert out.course.values == tuple(tuple(r[s] for r in seen) for s in range(players))
        assert [v[-1] for v in out.course.values] == list(out.totals)  # the last round's points are the score
        assert out.course.limit is None


def test_sack_course_counts_a_void_round_too__F_VOID_1() -> None:
    for seed in range(40):  # a random game with a round nobody bought
        voids = []
        for state in sack_helpers.playout(4, seed, step=lambda st, seat, a, evs: voids.extend(
                e for e in evs if e.type == "round_void")):
            pass
        if voids:
            break
    assert voids
    out = sack.outcome(state)
    assert out is not None and out.course is not None
    assert all(len(v) == sack.ROUNDS for v in out.course.values)


def _rat_game(players: int, seed: int, options: dict[str, Any]) -> tuple[rat.State, list[list[int]]]:
    totals: list[list[int]] = []

    def step(state: rat.State, seat: Any, action: Any, events: list[Any]) -> None:
        totals.extend(list(e.data["totals"]) for e in events if e.type == "round_scored")

    for state in rat_helpers.playout(players, seed, options, step=step):
        if state.phase is not rat.Phase.OVER:
            assert rat_plugin.outcome(state) is None
    return state, totals


@pytest.mark.parametrize("players", [2, 4, 6])
def test_rat_course_is_every_seats_running_total_after_each_round__R_SCORE_1(players: int) -> None:
    state, scored = _rat_game(players, players, {"end": {"mode": "rounds", "rounds": 4}, "kids": False})
    out = rat_plugin.outcome(state)
    assert out is not None and out.course is not None
    assert len(scored) == 4
    assert out.course.values == tuple(tuple(r[s] for r in scored) for s in range(players))
    assert [v[-1] for v in out.course.values] == list(out.totals)
    assert out.course.limit is None


def test_rat_course_draws_the_elimination_limit_and_ends_a_line_where_its_seat_went_out__R_GAME_3() -> None:
    for seed in range(30):
        state, scored = _rat_game(4, seed, {"end": {"mode": "elimination", "limit": 60}, "kids": False})
        if len(state.eliminated) >= 2:
            break
    out = rat_plugin.outcome(state)
    assert out is not None and out.course is not None
    assert out.course.limit == 60
    for seat, values in enumerate(out.course.values):
        reported = [r[seat] for r in scored]
        assert list(values) == reported[:len(values)]
        if seat in state.eliminated:  # its line ends at the round that took it to the limit
            assert values[-1] >= 60 and all(v < 60 for v in values[:-1])
            assert len(values) < len(scored) or seat == state.eliminated[-1]
        else:
            assert len(values) == len(scored)
        assert values[-1] == out.totals[seat]


@pytest.mark.parametrize("game,players,options", [("cat-in-the-sack", 4, {}),
                                                  ("rat-a-tat-cat", 3, {"end": "elimination", "limit": 100})])
def test_the_course_is_sent_once_the_game_is_over_and_never_before(game: str, players: int,
                                                                   options: dict[str, Any]) -> None:
    ups = session_updates(players, 5, game, **options)
    playing = [u for u in ups if u["stage"] != "over"]
    assert playing and all(u["outcome"] is None for u in playing)
    final = ups[-1]
    assert final["stage"] == "over"
    course = final["outcome"]["course"]
    assert set(course) == {"values", "limit"}
    assert len(course["values"]) == players
    assert [v[-1] for v in course["values"]] == final["outcome"]["totals"]
    assert course["limit"] == (100 if options else None)
    P.encode(final)  # plain JSON: lists of whole numbers


def test_the_wire_course_is_whitelisted() -> None:
    state = next(s for s in sack_helpers.playout(3, 1) if s.phase is sack.Phase.OVER)
    out = sack.outcome(state)
    assert out is not None and out.course is not None
    wire = P.outcome_to_wire("cat-in-the-sack", out)
    assert wire["course"] == {"values": [list(v) for v in out.course.values], "limit": None}
    no_course = P.outcome_to_wire("cat-in-the-sack", Outcome(out.winners, out.totals, out.result, out.detail))
    assert no_course["course"] is None
