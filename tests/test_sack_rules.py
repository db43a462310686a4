"""Cat in the Sack rules, one test per ruling id of shared/rules/cat-in-the-sack.md: rig, act, assert."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine.cat_in_the_sack import (
    BUY,
    MONEY_TOTAL,
    PASS,
    PLAYER_SET,
    Phase,
    bid,
    card_value,
    chase,
    check,
    from_setup,
    legal_actions,
    money_in_play,
    new_game,
    final_scores,
    outcome,
    parse_card,
    play,
    to_act,
)
from game.engine.cat_in_the_sack.views import public_view, view_for
from game.engine.common import IllegalAction
from tests.sack_helpers import BIG, RABBIT, SMALL, Table, events_of, rigged_setup

FULL_SET = Counter(map(str, PLAYER_SET))


def refused(state, seat, action) -> str:
    """Return the key of the IllegalAction the engine raises for this action (failing if it accepts)."""
    with pytest.raises(IllegalAction) as info:
        check(state, seat, action)
    return info.value.key


def face_up(table: Table) -> list[bool]:
    return [rc.face_up for rc in table.state.row]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_gets_a_set_minus_one_card_removed_at_random__F_SETUP_1(players):
    removed_seen = set()
    for seed in range(60):
        state = new_game(players, random.Random(seed))
        for seat in range(players):
            assert len(state.hands[seat]) == 9
            gone = parse_card(state.setup["removed"][seat])
            assert Counter(map(str, state.hands[seat] + [gone])) == FULL_SET
            removed_seen.add(str(gone))
    assert removed_seen == set(FULL_SET), "any card of a set can be the one removed"


def test_a_setup_whose_hand_is_not_a_set_minus_one_is_refused__F_SETUP_1():
    setup = rigged_setup(4)
    setup["hands"][1][0] = 11  # two 11s and no -8 in seat 1's hand
    with pytest.raises(ValueError):
        from_setup(4, setup)


@pytest.mark.parametrize("players, mouse_cards, bank_after_dealing, total", [
    (3, [3, 6], 21, 66),
    (4, [2, 4, 6], 27, 87),
    (5, [2, 3, 4, 6], 33, 108),
])
def test_mouse_cards_per_player_count_are_filled_from_the_bank__F_SETUP_2(
        players, mouse_cards, bank_after_dealing, total):
    state = new_game(players, random.Random(7))
    assert [m.value for m in state.mouse_cards] == mouse_cards
    assert [m.mice for m in state.mouse_cards] == mouse_cards
    assert state.mice == [15] * players
    assert state.bank + sum(mouse_cards) == bank_after_dealing
    assert money_in_play(state) == total == MONEY_TOTAL[players]
    assert public_view(state).mouse_cards == tuple((v, v) for v in mouse_cards)


def test_three_players_get_a_neutral_deck_of_one_set_minus_one__F_SETUP_3():
    for seed in range(20):
        state = new_game(3, random.Random(seed))
        deck = state.neutral_deck + [parse_card(state.setup["neutral_removed"])]
        assert len(state.neutral_deck) == 9 and Counter(map(str, deck)) == FULL_SET
    for players in (4, 5):
        state = new_game(players, random.Random(1))
        assert state.neutral_deck == [] and "neutral_deck" not in state.setup


def test_the_neutral_deck_top_card_leads_every_row__F_SETUP_3():
    t = Table(3, start=1, neutral_deck=[8, -5, 3, 5, 11, -8, RABBIT, BIG, SMALL])
    t.choose({0: 3, 1: 5, 2: 8})
    assert t.state.row[0].card == 8 and t.state.row[0].owner is None
    assert public_view(t.state).neutral_left == 8
    t.everyone_passes_but(0)  # seat 0 acts last after 1 and 2
    t.buy(0)
    t.choose({0: 11, 1: -8, 2: RABBIT})
    assert t.state.row[0].card == -5 and t.state.row[0].owner is None


def test_the_start_player_is_given_or_drawn_at_random__F_SETUP_4():
    assert new_game(4, random.Random(3), start_player=2).start_player == 2
    drawn = {new_game(4, random.Random(seed)).start_player for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    with pytest.raises(ValueError):
        from_setup(4, rigged_setup(4, start=4))


# ---------------------------------------------------------------- secrecy and money


def test_money_is_secret_only_the_owner_sees_their_mice__F_SECRET_1():
    t = Table(4)
    t.choose(t.first_cards())
    t.bid(0, 4)
    t.pass_(1)  # seat 1 takes the 2: now every seat's money differs from seat 0's
    public = public_view(t.state).to_dict()
    assert "mice" not in public and public["result"] is None
    assert all("mice" not in seat for seat in public["seats"])
    for seat in range(4):
        view = view_for(t.state, seat).to_dict()
        assert view["mice"] == t.state.mice[seat]
        assert all("mice" not in info for info in view["seats"])


@pytest.mark.parametrize("open_piles", [False, True])
def test_won_piles_show_only_a_count_unless_piles_are_open__F_SECRET_2(open_piles):
    t = Table(4, options={"open_piles": True} if open_piles else None)
    t.choose({0: 11, 1: 8, 2: 5, 3: -5})
    t.bid(0, 1)
    t.everyone_passes_but(0)
    info = public_view(t.state).seats[0]
    assert info.won_count == 4
    assert info.won_cards == ((11, 8, 5, -5) if open_piles else None)
    assert view_for(t.state, 0).won_pile == (11, 8, 5, -5)
    assert view_for(t.state, 1).won_pile == ()
    assert view_for(t.state, 1).seats[0].won_cards == info.won_cards


def test_money_is_a_plain_count_any_total_can_be_bid__F_MONEY_1():
    t = Table(4)
    t.choose(t.first_cards())
    t.bid(0, 7)
    assert t.state.mice[0] == 8 and t.state.bids[0] == 7
    t.bid(1, 13)
    assert t.state.mice[1] == 2
    assert all(type(m) is int for m in t.state.mice + t.state.bids + [t.state.bank])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_money_in_play_never_changes__F_MONEY_2(players):
    t = Table(players)
    total = MONEY_TOTAL[players]
    for _ in range(3):
        for seat, card in t.first_cards().items():
            t.act(seat, play(card))
            assert money_in_play(t.state) == total
        leader = t.state.turn
        t.bid(leader, 3)
        assert money_in_play(t.state) == total
        while t.state.phase is Phase.AUCTION and t.state.turn != leader:
            t.pass_(t.state.turn)
            assert money_in_play(t.state) == total
    assert t.state.round == 4


# ---------------------------------------------------------------- filling the mouse cards


def test_every_mouse_card_gets_its_face_value_each_new_round__F_FILL_1():
    t = Table(4)
    t.choose(t.first_cards())
    t.bid(0, 5)
    t.everyone_passes_but(0)  # seats 1, 2, 3 empty the 2, 4 and 6
    events = events_of(t.events, "round_started")
    assert events[-1].data["refill"] == "filled"
    assert [(m.value, m.mice) for m in t.state.mouse_cards] == [(2, 2), (4, 4), (6, 6)]
    assert t.state.bank == 15 + 5 - 12


def test_no_mouse_card_gets_mice_when_the_bank_is_short__F_FILL_2():
    t = Table(4)
    # two rounds sold for 1 mouse each drain the bank: 15 -> 16 -> 4 (refill) -> 5
    for _ in range(2):
        t.choose(t.first_cards())
        last = (t.state.start_player - 1) % 4
        t.everyone_passes_but(last)
        t.buy(last)
    assert t.state.round == 3 and t.state.bank == 5
    assert events_of(t.events, "round_started")[-1].data["refill"] == "bank_short"
    # 5 mice would fill the 2 and the 4, but the rule is all or nothing
    assert [m.mice for m in t.state.mouse_cards] == [0, 0, 0]
    t.choose(t.first_cards())
    passer = t.state.turn
    before = t.state.mice[passer]
    (passed,) = events_of(t.pass_(passer), "passed")
    assert passed.data["took"] == 0 and t.state.mice[passer] == before
    # a winning bid of 7 brings the bank back to 12: the next round is filled again
    bidder = t.state.turn
    t.bid(bidder, 7)
    t.everyone_passes_but(bidder)
    assert events_of(t.events, "round_started")[-1].data["refill"] == "filled"
    assert [m.mice for m in t.state.mouse_cards] == [2, 4, 6] and t.state.bank == 0


# ---------------------------------------------------------------- choosing and revealing


def test_cards_are_chosen_at_once_and_laid_from_the_start_player__F_PLAY_1():
    t = Table(4, start=2)
    assert to_act(t.state) == {0, 1, 2, 3}
    assert refused(t.state, 2, bid(1)) == "choose_first"
    events = t.act(3, play(11))
    assert [e.to for e in events_of(events, "card_chosen")] == [None]
    assert "card" not in events_of(events, "card_chosen")[0].data
    assert events_of(events, "my_card_chosen")[0].to == 3
    assert view_for(t.state, 3).chosen_card == 11 and public_view(t.state).seats[3].chosen
    assert refused(t.state, 3, play(8)) == "already_chosen"
    assert refused(t.state, 0, play(15)) == "card_not_in_hand"  # every seat lost its 15
    t.act(0, play(-8))
    t.act(2, play(RABBIT))
    t.act(1, play(5))
    assert [(rc.owner, rc.card) for rc in t.state.row] == [(2, RABBIT), (3, 11), (0, -8), (1, 5)]
    assert t.state.turn == 2 and 11 not in t.state.hands[3]


def test_three_players_lay_the_neutral_card_first__F_PLAY_2():
    t = Table(3, start=2, neutral_deck=[-5, 3, 5, 8, 11, -8, RABBIT, BIG, SMALL])
    t.choose({0: 3, 1: 5, 2: 8})
    assert [(rc.owner, rc.card) for rc in t.state.row] == [(None, -5), (2, 8), (0, 3), (1, 5)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_only_the_first_row_card_is_turned_up__F_REVEAL_1(players):
    t = Table(players, start=1)
    t.choose(t.first_cards())
    assert face_up(t) == [True] + [False] * (len(t.state.row) - 1)
    shown = [rc.card for rc in public_view(t.state).row]
    assert shown[0] is not None and shown[1:] == [None] * (len(shown) - 1)
    expected_owner = None if players == 3 else 1
    assert t.state.row[0].owner == expected_owner


@pytest.mark.parametrize("players", [4, 5])
def test_after_the_kth_pass_card_k_plus_1_is_turned_up__F_REVEAL_2(players):
    t = Table(players)
    t.choose(t.first_cards())
    t.bid(0, 1)
    for k in range(1, players - 1):
        t.pass_(t.state.turn)
        assert face_up(t) == [True] * (k + 1) + [False] * (players - k - 1)
    revealed = events_of(t.pass_(t.state.turn), "card_revealed")
    assert [e.data["index"] for e in revealed] == [players - 1]


def test_three_players_turn_the_start_players_card_then_the_last_two__F_REVEAL_2():
    t = Table(3, start=0)
    t.choose(t.first_cards())
    t.bid(0, 2)
    t.pass_(1)
    assert face_up(t) == [True, True, False, False]  # the neutral card and the start player's
    assert t.state.row[1].owner == 0
    revealed = events_of(t.pass_(2), "card_revealed")
    assert [e.data["index"] for e in revealed] == [2, 3]
    assert events_of(t.events, "sack_won")[-1].data["seat"] == 0


# ---------------------------------------------------------------- the auction


def test_a_bid_is_a_new_total_above_the_highest_and_within_your_mice__F_BID_1():
    t = Table(4)
    t.choose(t.first_cards())
    assert refused(t.state, 0, bid(0)) == "bid_at_least_one"
    assert refused(t.state, 1, bid(3)) == "not_your_turn"
    t.bid(0, 3)
    assert (t.state.mice[0], t.state.bids[0]) == (12, 3)
    assert refused(t.state, 1, bid(3)) == "bid_too_low"
    assert refused(t.state, 1, bid(16)) == "bid_too_high"
    t.bid(1, 5)
    t.pass_(2)
    t.pass_(3)
    # the 3 already in front of seat 0 still counts: 12 more makes 15
    assert refused(t.state, 0, bid(16)) == "bid_too_high"
    t.bid(0, 15)
    assert (t.state.mice[0], t.state.bids[0]) == (0, 15)


def test_a_player_who_cannot_outbid_must_pass__F_BID_2():
    t = Table(4)
    t.choose(t.first_cards())
    t.bid(0, 15)
    assert legal_actions(t.state, 1) == [PASS]  # 15 mice cannot beat 15
    legal = view_for(t.state, 1).legal
    assert legal.bid_min is None and legal.can_pass and legal.pass_takes == 2
    t.everyone_passes_but(0)
    t.choose(t.first_cards())
    assert t.state.turn == 0 and t.state.mice[0] == 0
    assert legal_actions(t.state, 0) == [PASS]  # no mice at all
    assert refused(t.state, 0, bid(1)) == "bid_too_high"


def test_a_pass_takes_back_the_bid_and_the_lowest_mouse_card_with_mice__F_PASS_1():
    t = Table(4)
    t.choose(t.first_cards())
    t.bid(0, 3)
    t.bid(1, 5)
    (p2,) = events_of(t.pass_(2), "passed")
    assert p2.data == {"seat": 2, "returned": 0, "took": 2, "mouse_card": 2}
    (p3,) = events_of(t.pass_(3), "passed")
    assert (p3.data["took"], p3.data["mouse_card"]) == (4, 4)
    assert t.state.turn == 0
    t.bid(0, 6)
    assert t.state.turn == 1  # seats 2 and 3 may not bid again this round
    assert refused(t.state, 2, bid(7)) == "not_your_turn"
    (p1,) = events_of(t.pass_(1), "passed")
    assert p1.data == {"seat": 1, "returned": 5, "took": 6, "mouse_card": 6}
    assert t.state.mice[:4] == [15 - 6, 15 + 6, 15 + 2, 15 + 4]


def test_three_players_pass_for_the_3_then_the_6__F_PASS_1():
    t = Table(3)
    t.choose(t.first_cards())
    t.bid(0, 1)
    assert events_of(t.pass_(1), "passed")[0].data["took"] == 3
    assert events_of(t.pass_(2), "passed")[0].data["took"] == 6


def test_the_last_bidder_left_pays_the_bank_and_wins_the_sack__F_END_1():
    t = Table(4)
    t.choose({0: 11, 1: 8, 2: 3, 3: 5})
    t.bid(0, 2)
    t.bid(1, 9)
    bank = t.state.bank
    t.pass_(2)
    t.pass_(3)
    won = events_of(t.pass_(0), "sack_won")
    assert won[0].data["seat"] == 1 and won[0].data["paid"] == 9
    assert t.state.bank == bank + 9 - 12  # paid in, then the next round's refill
    assert t.state.mice[1] == 6 and t.state.bids == [0, 0, 0, 0]
    assert sorted(map(card_value, t.state.won_piles[1])) == [3, 5, 8, 11]


def test_when_everyone_passes_without_a_bid_the_last_may_buy_the_row_for_one__F_OFFER_1():
    t = Table(4)
    t.choose({0: 11, 1: 8, 2: 3, 3: 5})
    t.pass_(0)
    t.pass_(1)
    events = t.pass_(2)
    assert t.state.phase is Phase.OFFER and t.state.turn == 3
    assert face_up(t) == [True] * 4 and events_of(events, "offer")[0].data == {"seat": 3, "price": 1}
    assert legal_actions(t.state, 3) == [BUY, PASS]
    assert view_for(t.state, 3).legal.buy
    assert refused(t.state, 3, bid(1)) == "offer_buy_or_pass"
    bank = t.state.bank
    t.buy(3)
    assert t.state.mice[3] == 14 and t.state.won_piles[3] == [11, 8, 3, 5]
    assert t.state.bank == bank + 1 - 12


def test_a_player_with_no_mice_cannot_buy_the_row__F_OFFER_1():
    t = Table(4)
    # rigged: seat 3 starts broke (its 15 mice sit in the bank, so the total stays 87)
    t.state.bank += t.state.mice[3]
    t.state.mice[3] = 0
    t.choose(t.first_cards())
    t.everyone_passes_but(3)
    assert t.state.phase is Phase.OFFER
    assert legal_actions(t.state, 3) == [PASS]
    assert not view_for(t.state, 3).legal.buy
    assert refused(t.state, 3, BUY) == "cannot_afford"


def test_a_declined_offer_sends_the_whole_row_out_of_the_game__F_VOID_1():
    t = Table(4)
    t.choose({0: 11, 1: 8, 2: 3, 3: SMALL})
    t.everyone_passes_but(3)
    mice = list(t.state.mice)
    events = t.pass_(3)
    (void,) = events_of(events, "round_void")
    assert void.data["cards"] == [11, 8, 3, "small_dog"]
    assert t.state.mice == mice  # the mouse cards were already empty
    assert t.state.won_piles == [[], [], [], []]
    assert Counter(map(str, t.state.out_of_game)) == Counter(["11", "8", "3", "small_dog"])
    assert not events_of(events, "sack_won")


def test_after_a_void_round_the_same_start_player_and_empty_mouse_cards__F_VOID_2():
    t = Table(4, start=1)
    t.choose(t.first_cards())
    t.everyone_passes_but(0)
    t.pass_(0)  # round 1 is void
    assert t.state.round == 2 and t.state.start_player == 1
    assert events_of(t.events, "round_started")[-1].data["refill"] == "void"
    assert [m.mice for m in t.state.mouse_cards] == [0, 0, 0] and t.state.bank == 15
    t.choose(t.first_cards())
    assert t.state.turn == 1
    assert events_of(t.pass_(1), "passed")[0].data["took"] == 0
    t.bid(2, 1)
    t.everyone_passes_but(2)
    # round 2 was won, so round 3 is filled again and seat 2 starts
    assert t.state.start_player == 2
    assert [m.mice for m in t.state.mouse_cards] == [2, 4, 6] and t.state.bank == 15 + 1 - 12


# ---------------------------------------------------------------- dogs


def test_one_dog_chases_one_card_big_the_highest_small_the_lowest__F_DOG_1():
    assert chase([3, 11, BIG, 8]) == ([3, 8], [{"dogs": ["big_dog"], "chased": 11}])
    assert chase([3, 11, SMALL, 8]) == ([11, 8], [{"dogs": ["small_dog"], "chased": 3}])
    t = Table(4)
    t.choose({0: 3, 1: 11, 2: BIG, 3: 8})
    t.bid(0, 1)
    t.everyone_passes_but(0)
    assert t.state.won_piles[0] == [3, 8]
    assert Counter(map(str, t.state.out_of_game)) == Counter(["11", "big_dog"])


@pytest.mark.parametrize("row, kept, chased", [
    ([BIG, 3, 11, -5], [3, -5], 11),
    ([BIG, -5, RABBIT, -8], [-5, -8], "rabbit"),   # no positive cat: the rabbit goes
    ([BIG, -8, -5], [-8], -5),                     # no rabbit either: the least bad negative
    ([SMALL, -5, 11, -8], [-5, 11], -8),
    ([SMALL, 3, RABBIT, 11], [3, 11], "rabbit"),   # no negative cat: the rabbit goes
    ([SMALL, 11, 3], [11], 3),                     # no rabbit either: the lowest positive
])
def test_the_rabbit_counts_as_a_cat_worth_0_when_chasing__F_DOG_2(row, kept, chased):
    got_kept, what = chase(row)
    assert got_kept == kept
    assert what[0]["chased"] == chased


def test_small_dog_chases_rabbit_when_no_negative_cat__F_DOG_2():
    t = Table(4)
    t.choose({0: 8, 1: RABBIT, 2: SMALL, 3: 5})
    t.bid(0, 1)
    t.everyone_passes_but(0)
    assert events_of(t.events, "dogs")[0].data == {"dogs": ["small_dog"], "chased": "rabbit"}
    assert t.state.won_piles[0] == [8, 5]


def test_seed_example_11_minus5_small_dog__F_DOG_2():
    kept, what = chase([11, -5, SMALL])
    assert what[0]["chased"] == -5
    assert sum(map(card_value, kept)) == 11


def test_seed_example_11_minus5_big_dog__F_DOG_2():
    kept, what = chase([11, -5, BIG])
    assert what[0]["chased"] == 11
    assert sum(map(card_value, kept)) == -5


@pytest.mark.parametrize("dog, chased, kept, value", [
    (SMALL, -8, [11, -5, "rabbit"], 6),
    (BIG, 11, [-5, "rabbit", -8], -13),
])
def test_seed_example_11_minus5_dog_rabbit_minus8_won_in_a_five_player_game__F_DOG_2(dog, chased, kept, value):
    t = Table(5)
    t.choose({0: 11, 1: -5, 2: dog, 3: RABBIT, 4: -8})
    assert [rc.card for rc in t.state.row] == [11, -5, dog, RABBIT, -8]
    t.bid(0, 1)
    t.everyone_passes_but(0)
    assert events_of(t.events, "dogs")[0].data == {"dogs": [str(dog)], "chased": chased}
    won = events_of(t.events, "sack_won")[0].data
    assert won["cards"] == kept and won["value"] == value
    assert sum(map(card_value, t.state.won_piles[0])) == value


def test_two_dogs_chase_each_other_and_no_cat_is_chased__F_DOG_3():
    assert chase([11, BIG, SMALL, -8]) == ([11, -8], [{"dogs": ["big_dog", "small_dog"], "chased": None}])
    t = Table(4)
    t.choose({0: 11, 1: BIG, 2: SMALL, 3: -8})
    t.bid(0, 1)
    t.everyone_passes_but(0)
    assert t.state.won_piles[0] == [11, -8]
    assert Counter(map(str, t.state.out_of_game)) == Counter(["big_dog", "small_dog"])


# ---------------------------------------------------------------- winning and scoring


def test_the_winner_keeps_the_row_and_becomes_start_player__F_WIN_1():
    t = Table(4, start=0)
    t.choose({0: 3, 1: 5, 2: 8, 3: 11})
    t.bid(0, 1)
    t.bid(1, 2)
    t.bid(2, 3)
    t.pass_(3)
    t.pass_(0)
    t.pass_(1)
    assert t.state.won_piles[2] == [3, 5, 8, 11]
    assert t.state.start_player == 2
    assert events_of(t.events, "start_player")[0].data == {"seat": 2}
    assert public_view(t.state).seats[2].won_count == 4
    t.choose(t.first_cards())
    assert t.state.row[0].owner == 2 and t.state.turn == 2


def test_the_last_rounds_winner_starts_no_further_round__F_WIN_1():
    t = Table(4, start=0)
    for rnd in range(1, 10):
        t.choose(t.first_cards())
        # Seat (rnd % 4) wins every round, so the start player would change each time.
        winner = rnd % 4
        while t.state.turn != winner:
            t.pass_(t.state.turn)
        t.bid(winner, 1)
        round_events = t.everyone_passes_but(winner)
        starts = [e.data["seat"] for e in events_of(round_events, "start_player")]
        if rnd < 9:
            assert starts == [winner] and t.state.start_player == winner
    assert t.state.phase is Phase.OVER
    assert starts == [], "no 'new start player' once the game is over"
    assert t.state.start_player == 8 % 4, "the start player of the ninth round stays"
    assert [e.type for e in round_events][-2:] == ["sack_won", "game_over"]


def test_after_the_ninth_round_each_scores_cats_plus_mice__F_SCORE_1():
    t = Table(4, start=0)
    for rnd in range(1, 10):
        assert t.state.round == rnd and outcome(t.state) is None
        t.choose(t.first_cards())
        leader = t.state.turn
        t.bid(leader, 1)
        t.everyone_passes_but(leader)
    assert t.state.phase is Phase.OVER and all(h == [] for h in t.state.hands)
    assert len(events_of(t.events, "sack_won")) == 9
    result = final_scores(t.state)
    assert result is not None
    for score in result.scores:
        cats = sum(card_value(c) for c in t.state.won_piles[score.seat])
        assert (score.cats, score.mice, score.total) == (cats, t.state.mice[score.seat], cats + score.mice)
    assert events_of(t.events, "game_over")[0].data["scores"] == [s.to_dict() for s in result.scores]
    assert refused(t.state, 0, PASS) == "game_over"


def _over(piles: list[list], mice: list[int]) -> Table:
    """Return a finished 3-player table rigged with these won piles and mice."""
    t = Table(3)
    t.state.phase = Phase.OVER
    t.state.won_piles = piles
    t.state.mice = mice
    return t


def test_the_highest_score_wins__F_SCORE_2():
    result = final_scores(_over([[11], [3], [-5]], [20, 20, 20]).state)
    assert result.winners == (0,) and not result.tie_break


def test_a_tie_goes_to_the_higher_cat_total__F_SCORE_2():
    result = final_scores(_over([[11], [3, 5], [-5]], [20, 23, 40]).state)  # totals 31, 31, 35
    assert result.winners == (2,)
    result = final_scores(_over([[11], [3, 5], [-5]], [20, 23, 10]).state)  # 31, 31, 5
    assert result.winners == (0,) and result.tie_break


def test_players_still_tied_share_the_win__F_SCORE_2():
    result = final_scores(_over([[11], [8, 3], [-5]], [20, 20, 10]).state)
    assert result.winners == (0, 1) and not result.tie_break
