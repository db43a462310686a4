"""Cat in the Sack's won cats on the wire: public in the score detail once the game is over, never before.

The piles are turned up to count at the end (F-SCORE-1); while the game runs a won pile is face down
(F-SECRET-2) and only its count is public.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game import protocol as P
from game.bots import make_bot
from game.engine import cat_in_the_sack as sack
from game.engine.cat_in_the_sack.cards import card_value, parse_card
from game.engine.cat_in_the_sack.views import view_for
from game.session import PUBLIC, Out, Session


def played(players: int, seed: int, **options: Any) -> tuple[Session, list[tuple[Any, dict[str, Any]]]]:
    """Return a session after bots played one whole game, and every update it sent: (to, message as JSON gives it)."""
    s = Session("WONCAT", random.Random(seed))
    sent: list[tuple[Any, dict[str, Any]]] = []

    def keep(outs: list[Any]) -> None:
        sent.extend((o.to, json.loads(json.dumps(o.message))) for o in outs
                    if isinstance(o, Out) and o.message.get("type") == "update")

    for conn in range(players):
        keep(s.handle(conn, P.Join(f"P{conn}")))
    for name, value in options.items():
        keep(s.host_command(P.Host(P.HostCmd.SET_OPTION, name=name, value=value)))
    keep(s.host_command(P.Host(P.HostCmd.START)))
    bots = [make_bot("cat-in-the-sack", "heuristic", random.Random(seed * 10 + k)) for k in range(players)]
    while s.stage == "playing":
        seat = min(s.rules.to_act(s.state))
        keep(s.submit(seat, s.version, bots[seat].act(s.seat_view(seat))))
    return s, sent


def keys_in(value: Any) -> set[str]:
    """Return every key of every object in a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(keys_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_in(v) for v in value))
    return set()


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3)])
def test_a_finished_games_public_update_carries_each_seats_won_cats__F_SCORE_1(players: int, seed: int) -> None:
    s, sent = played(players, seed)
    assert s.stage == "over"
    last = [m for to, m in sent if to is PUBLIC][-1]
    assert last["stage"] == "over"
    scores = last["outcome"]["detail"]["scores"]
    assert [sc["seat"] for sc in scores] == list(range(players))
    seats = last["view"]["seats"]
    for sc in scores:
        won = sc["won"]
        cards = [parse_card(c) for c in won]  # every one a real card, written as the records write them
        assert all(c not in sack.DOGS for c in cards)  # dogs never stay (F-DOG-1)
        assert sum(card_value(c) for c in cards) == sc["cats"]  # the cats add up to the Cats column
        assert sc["total"] == sc["cats"] + sc["mice"]
        assert [card_value(c) for c in cards] == sorted((card_value(c) for c in cards), reverse=True)  # highest first
        assert sorted(won, key=str) == sorted((sack.card_to_json(c) for c in s.state.won_piles[sc["seat"]]), key=str)
        assert len(won) == seats[sc["seat"]]["won_count"]
        assert seats[sc["seat"]]["won_cards"] is None  # the view keeps F-SECRET-2's default; the detail has them
    assert sum(len(sc["won"]) for sc in scores) > 0
    # every seat's own final update carries the same outcome; the record's result does not change
    for to, m in sent:
        if to is not PUBLIC and m["stage"] == "over":
            assert m["outcome"] == last["outcome"]
    result = s.rules.outcome(s.state).result
    assert set(result) == {"scores", "winners"}
    assert all(set(sc) == {"seat", "cats", "mice", "total"} for sc in result["scores"])
    assert all("won" not in sc for sc in last["view"]["result"]["scores"])  # the view's result is the record's


@pytest.mark.parametrize("players,seed", [(3, 4), (5, 5)])
def test_no_won_cats_reach_any_update_before_the_game_is_over__F_SECRET_2(players: int, seed: int) -> None:
    s, sent = played(players, seed)
    before = [(to, m) for to, m in sent if m["stage"] != "over"]
    assert len(before) > 9 * players  # the whole game, the phones' updates too
    for to, m in before:
        assert m["outcome"] is None
        assert "won" not in keys_in(m)
        assert all(seat["won_cards"] is None for seat in (m["view"] or {}).get("seats") or ())
    over = [m for to, m in sent if m["stage"] == "over"]
    assert over and all("won" in keys_in(m["outcome"]) for m in over)


def test_the_outcome_exists_only_once_the_game_is_over() -> None:
    state = sack.new_game(4, random.Random(6), {"open_piles": False})
    bots = [make_bot("cat-in-the-sack", "heuristic", random.Random(60 + k)) for k in range(4)]
    while state.phase is not sack.Phase.OVER:
        assert sack.outcome(state) is None
        seat = min(sack.to_act(state))
        sack.apply(state, seat, bots[seat].act(view_for(state, seat)))
    detail = sack.outcome(state).detail
    assert [len(sc["won"]) for sc in detail["scores"]] == [len(p) for p in state.won_piles]
    shaped = P.outcome_to_wire("cat-in-the-sack", sack.outcome(state))["detail"]
    assert shaped["scores"] == json.loads(json.dumps(detail["scores"]))  # the schema lets `won` through
