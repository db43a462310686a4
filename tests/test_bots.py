"""Cat in the Sack bots: legal moves only, views only, determinism, strength, rigged situations."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from game.bots import kinds, make_bot
from game.bots.cat_in_the_sack import HeuristicBot
from game.engine import cat_in_the_sack as sack
from game.engine.cat_in_the_sack import BUY, PASS, ActionType, Special, apply, from_setup, legal_actions
from game.engine.cat_in_the_sack.views import SeatView, view_for

GAME = sack.GAME_ID
FULL = [-8, -5, 3, 5, 8, 11, 15, "rabbit", "big_dog", "small_dog"]


class ViewOnly:
    """Wraps a bot: asserts it is handed its own seat's SeatView and nothing else, and logs moves."""

    def __init__(self, bot: Any, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.moves: list[sack.Action] = []

    def act(self, view: Any) -> sack.Action:
        assert type(view) is SeatView, f"bot got {type(view).__name__}"
        assert view.seat == self.seat
        action = self.bot.act(view)
        self.moves.append(action)
        return action


def play_game(players: int, kinds_by_seat: list[str], seed: int,
         options: dict[str, Any] | None = None) -> tuple[sack.State, list[ViewOnly]]:
    """Play a whole game, checking every bot move against the engine's legal moves."""
    rng = random.Random(seed)
    bots = [ViewOnly(make_bot(GAME, kind, random.Random(rng.random())), s)
            for s, kind in enumerate(kinds_by_seat)]
    state = sack.new_game(players, random.Random(rng.random()), options)
    while state.phase is not sack.Phase.OVER:
        seat = min(sack.to_act(state))
        action = bots[seat].act(view_for(state, seat))
        assert action in legal_actions(state, seat), (seed, seat, action)
        sack.check(state, seat, action)
        apply(state, seat, action)
    return state, bots


def test_both_bots_are_registered() -> None:
    assert {"random", "heuristic"} <= set(kinds(GAME))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_bots_only_make_legal_moves(players: int) -> None:
    for seed in range(60):
        state, _ = play_game(players, ["random"] * players, seed)
        assert sack.outcome(state) is not None


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_bots_only_make_legal_moves(players: int) -> None:
    for seed in range(30):
        mix = ["heuristic" if (s + seed) % 2 else "random" for s in range(players)]
        play_game(players, mix, 1000 + seed, {"open_piles": seed % 3 == 0})
        play_game(players, ["heuristic"] * players, 2000 + seed)


def test_a_view_holds_no_reference_to_the_state() -> None:
    state = sack.new_game(4, random.Random(5))
    view = view_for(state, 0)
    stack: list[Any] = [view]
    seen: set[int] = set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        assert not isinstance(obj, sack.State)
        if isinstance(obj, (type, type(gc))):  # classes and modules are code, not game data
            continue
        stack.extend(gc.get_referents(obj))


def test_same_seed_same_moves_even_with_global_random_disturbed() -> None:
    _, first = play_game(4, ["heuristic", "random", "heuristic", "random"], 77)
    random.seed(12345)
    random.random()
    _, second = play_game(4, ["heuristic", "random", "heuristic", "random"], 77)
    assert [b.moves for b in first] == [b.moves for b in second]


def test_heuristic_decides_from_the_view_alone() -> None:
    """The same views to a fresh bot with the same seed give the same moves: no hidden input."""
    rng = random.Random(9)
    state = sack.new_game(4, rng)
    bots = [HeuristicBot(random.Random(s)) for s in range(4)]
    views: list[tuple[int, SeatView]] = []
    moves: list[sack.Action] = []
    while state.phase is not sack.Phase.OVER:
        seat = min(sack.to_act(state))
        view = view_for(state, seat)
        views.append((seat, view))
        moves.append(bots[seat].act(view))
        apply(state, seat, moves[-1])
    again = [HeuristicBot(random.Random(s)) for s in range(4)]
    assert [again[seat].act(view) for seat, view in views] == moves


def test_heuristic_clearly_beats_random_in_four_player_games() -> None:
    games, wins = 300, 0.0
    rng = random.Random(2024)
    for g in range(games):
        hero = g % 4
        state, _ = play_game(4, ["heuristic" if s == hero else "random" for s in range(4)],
                        rng.randrange(10**9))
        out = sack.outcome(state)
        assert out is not None
        if hero in out.winners:
            wins += 1 / len(out.winners)
    assert wins / games > 0.40  # fair share 25 %; bench/engine.py measures ~90 %


def test_heuristic_does_not_always_pass_against_itself() -> None:
    moves: list[sack.Action] = []
    for seed in range(10):
        _, bots = play_game(4, ["heuristic"] * 4, 300 + seed)
        moves += [m for b in bots for m in b.moves]
    bids = sum(m.type is ActionType.BID for m in moves)
    passes = sum(m.type is ActionType.PASS for m in moves)
    assert bids > 0.3 * passes and passes > 0


# ---------------------------------------------------------------- rigged situations


def rigged(hands: list[list[Any]], start: int = 0, options: dict[str, Any] | None = None) -> sack.State:
    """Return a 4-player game whose seats hold full sets minus one card, laid out as `hands` says.

    Each hand lists the card that seat will lay first; the rest of the set follows.
    """
    full_hands, removed = [], []
    for first in hands:
        rest = [c for c in FULL if c != first[0]]
        full_hands.append([first[0], *rest[:8]])
        removed.append(rest[8])
    return from_setup(4, {"start_player": start, "hands": full_hands, "removed": removed}, options)


def lay(state: sack.State, cards: list[Any]) -> None:
    for seat, card in enumerate(cards):
        apply(state, seat, sack.play(sack.parse_card(card)))


def test_buys_a_row_of_15_and_11_offered_for_one_mouse__F_OFFER_1() -> None:
    state = rigged([[15], [11], ["rabbit"], [3]])
    lay(state, [15, 11, "rabbit", 3])
    for seat in (0, 1, 2):
        apply(state, seat, PASS)
    view = view_for(state, 3)
    assert view.legal.buy
    assert HeuristicBot(random.Random(1)).act(view) == BUY


def test_declines_an_offered_row_of_negative_cats__F_OFFER_1() -> None:
    state = rigged([[-8], [-5], ["rabbit"], [3]])
    lay(state, [-8, -5, "rabbit", 3])
    for seat in (0, 1, 2):
        apply(state, seat, PASS)
    assert HeuristicBot(random.Random(1)).act(view_for(state, 3)) == PASS


def test_passes_on_a_row_of_minus_8_and_minus_5_rather_than_bid() -> None:
    state = rigged([[-8], [-5], ["rabbit"], [3]])
    lay(state, [-8, -5, "rabbit", 3])
    apply(state, 0, PASS)  # turns up the -5 (F-REVEAL-2)
    apply(state, 1, sack.bid(1))
    view = view_for(state, 2)
    assert [rc.card for rc in view.row[:2]] == [-8, -5]
    assert HeuristicBot(random.Random(1)).act(view) == PASS


def test_bids_on_a_row_of_15_and_11_with_its_own_8() -> None:
    state = rigged([[15], [11], [8], [3]])
    lay(state, [15, 11, 8, 3])
    apply(state, 0, PASS)
    apply(state, 1, sack.bid(2))
    action = HeuristicBot(random.Random(1)).act(view_for(state, 2))
    assert action.type is ActionType.BID and action.total == 3  # the smallest raise


def test_counts_the_big_dog_before_bidding__F_DOG_1() -> None:
    """15 and a big dog face up: the dog will chase the 15, so the row is worth little."""
    state = rigged([[15], ["big_dog"], [-5], [3]])
    lay(state, [15, "big_dog", -5, 3])
    apply(state, 0, PASS)
    apply(state, 1, sack.bid(3))
    assert HeuristicBot(random.Random(1)).act(view_for(state, 2)) == PASS


def test_poor_player_dumps_a_bad_card_and_a_rich_one_lays_a_good_one() -> None:
    def choice(my_mice: int) -> Any:
        state = rigged([[15], [15], [15], [15]])
        state.bank += state.mice[0] - my_mice  # keep the money total (F-MONEY-2)
        state.mice[0] = my_mice
        action = HeuristicBot(random.Random(3)).act(view_for(state, 0))
        return action.card

    poor, rich = choice(0), choice(30)
    assert poor in (-8, -5, Special.BIG_DOG)
    assert rich in (15, 11)


@pytest.mark.parametrize("open_piles", [False, True])
def test_remembers_cards_it_saw_only_in_an_open_won_pile__F_SECRET_2(open_piles: bool) -> None:
    state = rigged([[-5], [15], [11], [8]], options={"open_piles": open_piles})
    hero = HeuristicBot(random.Random(1))
    lay(state, [-5, 15, 11, 8])
    hero.act(view_for(state, 0))  # it sees its own -5 and three face-down cards...
    apply(state, 0, PASS)  # ...and passes, so it never sees them turned up
    for seat in (1, 2):
        apply(state, seat, PASS)
    apply(state, 3, BUY)
    hero.act(view_for(state, 0))  # round 2: the only view it gets of what seat 3 won
    pool = dict(hero._pool(1))
    if open_piles:  # the 15 lay in one of the three rows it did not see
        assert pool[15] == pytest.approx((2 / 3) / 9)  # 10 cards less 3 thirds of a card
        assert pool[15] < pool[5]
    else:
        assert pool[15] == pytest.approx(pool[5]) == pytest.approx(1 / 10)
