"""The `easy` level of both games: it plays every game to the end with legal moves only, and makes
the mistakes it is meant to make (Rat-a-Tat Cat: forgets; Cat in the Sack: over-bids)."""

from __future__ import annotations

import random

from game.bots import BotFeeder, make_bot
from game.bots.rat_a_tat_cat.easy import FORGET_AFTER
from game.engine import GAMES
from game.simulate import play_game


def test_easy_bots_play_two_hundred_games_of_each_game_with_legal_moves_only():
    # play_game raises SimulationError on the first move the engine refuses
    for i in range(200):
        players = 2 + i % 5
        lineup = ["easy"] * players if i % 2 else ["easy", "heuristic", "random", "easy", "random", "easy"][:players]
        game = play_game("rat-a-tat-cat", lineup, seed=12, game_index=i,
                         options={"end": "rounds", "rounds": 1 + i % 3})
        assert len(game.outcome.totals) == players
    for i in range(200):
        players = 3 + i % 3
        lineup = ["easy"] * players if i % 2 else ["easy", "random", "easy", "random", "easy"][:players]
        game = play_game("cat-in-the-sack", lineup, seed=12, game_index=i)
        assert game.outcome.winners


def _chance(rules, state, rng):
    events = []
    while rules.chance_due(state):
        events += rules.apply_chance(state, rules.sample_chance(state, rng))
    return events


def _rat_round(seed: int):
    """Play round 1 of a 2-seat game (easy in seat 0) until the easy bot has had FORGET_AFTER + 1
    turns; return (its look, the easy bot, a heuristic fed the same stream) or None if it ended first."""
    rules = GAMES["rat-a-tat-cat"]
    rng = random.Random(seed)
    state = rules.new_game(2, rng, rules.engine_options({"end": "rounds", "rounds": 1}))
    easy, sharp = make_bot(rules.id, "easy", random.Random(1)), make_bot(rules.id, "heuristic", random.Random(1))
    other = make_bot(rules.id, "heuristic", random.Random(2))
    feeder = BotFeeder(rules, [easy, other])
    watcher = BotFeeder(rules, [sharp, None])  # seat 0's stream again, to a bot that does not forget
    looked = None
    events = _chance(rules, state, rng)
    while True:
        feeder.feed(state, events)
        watcher.feed(state, events)
        if looked is None and easy.memory.lines[0].count(None) == 2:
            looked = list(easy.memory.lines[0])  # the look: cards 1 and 4 known
        if easy.memory.turns > FORGET_AFTER:
            return looked, easy, sharp
        if rules.outcome(state) is not None or state.round > 1:
            return None
        seat = min(rules.to_act(state))
        action = (easy if seat == 0 else other).act(rules.view_for(state, seat))
        events = rules.apply(state, seat, action) + _chance(rules, state, rng)


def test_the_easy_rat_bot_forgets_its_look_after_a_few_turns_where_the_heuristic_remembers():
    checked = 0
    for seed in range(40):
        played = _rat_round(seed)
        if played is None:
            continue
        looked, easy, sharp = played
        # what it saw and left in place, the heuristic still knows; the easy bot has forgotten it
        kept = [i for i, card in enumerate(looked) if card is not None and sharp.memory.lines[0][i] == card]
        for i in kept:
            assert easy.memory.lines[0][i] is None, f"seed {seed}: card {i + 1} still remembered"
        checked += len(kept)
    assert checked >= 5  # enough deals got that far with a looked-at card left in place


def test_the_easy_sack_bot_bids_on_where_the_heuristic_would_pass():
    # An easy shadow of seat 0 sees the very views of a heuristic seat 0 and is asked at every
    # auction turn: it over-bids, so it often bids where the heuristic passes, seldom the reverse
    rules = GAMES["cat-in-the-sack"]
    more = fewer = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = rules.new_game(4, rng, rules.engine_options({}))
        bots = [make_bot(rules.id, "heuristic", random.Random(seed * 10 + s)) for s in range(4)]
        shadow = make_bot(rules.id, "easy", random.Random(seed))
        while rules.outcome(state) is None:
            seat = min(rules.to_act(state))
            view = rules.view_for(state, seat)
            action = bots[seat].act(view)
            if seat == 0:
                mine = shadow.act(view)
                if view.legal.bid_min is not None:
                    more += mine.type.value == "bid" and action.type.value == "pass"
                    fewer += mine.type.value == "pass" and action.type.value == "bid"
            rules.apply(state, seat, action)
    assert more >= 10 and more > 4 * fewer, (more, fewer)
