"""The `hard` level (each game's `strong` search bot) plays whole games to the end with legal moves
only, at every table size and end mode, as the easy level does (tests/test_easy_bots.py).

A move's legality does not depend on how long the bot searches, so the search here is cut to a
few playouts a move: the very code chooses, from fewer samples. `play_game` raises on the first
move the engine refuses. Rat-a-Tat Cat plays 200 games; Cat in the Sack, whose every sample is
a whole game played out, 30 (200 with SOAK=1, about three minutes).
"""

from __future__ import annotations

import os

import pytest

import game.bots.cat_in_the_sack.strong as sack_strong
import game.bots.rat_a_tat_cat.strong as rat_strong
from game.bots import kind_for
from game.simulate import play_game

SOAK = os.environ.get("SOAK") == "1"
RAT_END_MODES = [{"end": "rounds", "rounds": 2}, {"end": "rounds", "rounds": 1}, {"kids": True, "rounds": 1}]


@pytest.fixture
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every strong bot search a few playouts a move instead of its full budget."""
    budget, tuning = rat_strong.Budget, sack_strong.StrongTuning
    monkeypatch.setattr(rat_strong, "Budget", lambda: budget(playouts=6, min_samples=2, seconds=60.0))
    monkeypatch.setattr(sack_strong, "StrongTuning", lambda: tuning(steps=1, min_samples=1, max_samples=1,
                                                                    max_seconds=60.0))


def test_hard_is_the_strong_bot_in_both_games() -> None:
    assert kind_for("rat-a-tat-cat", "hard") == "strong"
    assert kind_for("cat-in-the-sack", "hard") == "strong"


def test_hard_bots_play_two_hundred_rat_a_tat_cat_games_with_legal_moves_only(quick_search: None) -> None:
    for i in range(200):
        players = 2 + i % 5
        lineup = (["strong"] * players if i % 4 == 3
                  else ["strong", "heuristic", "strong", "easy", "strong", "random"][:players])
        game = play_game("rat-a-tat-cat", lineup, seed=31, game_index=i, options=RAT_END_MODES[i % 3])
        assert len(game.outcome.totals) == players


def test_hard_bots_play_whole_cat_in_the_sack_games_with_legal_moves_only(quick_search: None) -> None:
    for i in range(200 if SOAK else 30):
        players = 3 + i % 3
        lineup = ["strong"] * players if i % 2 else ["strong", "heuristic", "strong", "easy", "strong"][:players]
        game = play_game("cat-in-the-sack", lineup, seed=31, game_index=i, options={"open_piles": i % 4 == 1})
        assert game.outcome.winners


def test_a_rat_search_of_one_sample_a_move_still_plays_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    # the weaker half of the candidates is dropped halfway; with one sample a move "halfway" is
    # before any sample, which divided by zero
    budget = rat_strong.Budget
    monkeypatch.setattr(rat_strong, "Budget", lambda: budget(playouts=2, min_samples=1, seconds=60.0))
    for i in range(6):
        game = play_game("rat-a-tat-cat", ["strong", "strong", "heuristic"][: 2 + i % 2], seed=32, game_index=i,
                         options={"end": "rounds", "rounds": 1})
        assert game.outcome.winners


def test_rat_strong_bots_alone_still_end_every_round(quick_search: None) -> None:
    # cut to a few playouts, two searching bots once went 43,688 moves without a knock: each
    # knocks by its 40th turn of a round whatever its search says (`GIVE_UP_TURNS`), as the
    # heuristic does, so a round of two of them ends within ~2 x 41 turns of a few actions each
    longest = 0
    for i in range(8):
        rounds: dict[int, int] = {}

        def count(state: object) -> None:
            rounds[state.round] = rounds.get(state.round, 0) + 1  # type: ignore[attr-defined]

        game = play_game("rat-a-tat-cat", ["strong", "strong"], seed=33, game_index=i,
                         options={"end": "elimination", "limit": 100}, observe=count)
        assert game.outcome.winners
        longest = max(longest, *rounds.values())
    assert longest <= 2 * (rat_strong.GIVE_UP_TURNS + 1) * 5
