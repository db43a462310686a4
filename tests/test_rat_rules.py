"""Rat-a-Tat Cat rules, named tests per ruling id of shared/rules/rat-a-tat-cat.md: rig, act, assert."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine.common import BadAction, IllegalAction
from game.engine.rat_a_tat_cat import (
    DECK,
    DISCARD,
    DRAW2,
    DRAW_DISCARD,
    DRAW_PILE,
    END_TURN,
    KNOCK,
    MEMORISED,
    OPTIONS,
    SWAP_SKIP,
    Phase,
    apply_chance,
    card_places,
    chance_due,
    from_setup,
    check,
    is_power,
    legal_actions,
    new_game,
    normalize_options,
    outcome,
    parse_card,
    peek,
    replace,
    sample_chance,
    setup,
    swap,
    time_up,
    timeout_action,
    to_act,
)
from tests.rat_helpers import DRAW2 as D2, PEEK as PK, SWAP as SW, Table, events_of, rig_deck


# Refusals that share a translated key (the phone says "Not now.", a bad deal "is not allowed")
# are told apart by their English message; these names are what the tests below expect.
REASONS = {
    "Draw a card first.": "draw_first",
    "Decide what to do with the card you drew.": "decide_drawn",
    "Your turn is over: end it (or knock).": "end_your_turn",
    "The look at your cards is over.": "no_look",
    "You have memorised your cards already.": "already_memorised",
    "Everyone looks at their outer cards first.": "look_first",
    "With Draw 2 you draw from the pile.": "draw2_from_pile",
    "A power card on the discard pile is dead: draw from the pile.": "discard_dead",
    "Someone has knocked already this round.": "already_knocked",
    "Knock only after everyone has had a turn.": "knock_too_early",
    "A card from the discard pile must replace one of yours.": "must_replace",
    "You did not draw that power card.": "not_that_power",
    "That is not the deal or shuffle due now.": "wrong_chance",
    "The deal passes to the left: seat {dealer} deals.": "wrong_dealer",
    "A deal must hold the 54 cards of the game, each once.": "not_the_deck",
    "The first discard cannot be a power card.": "power_first_discard",
    "A reshuffle must hold the discard pile's cards under its top card, each once.": "not_the_discards",
}


def reason(error) -> str:
    """Return why the engine refused: the rule behind a shared key (by its message), or the key."""
    if error.key in ("not_now", "bad_chance") and error.template in REASONS:
        return REASONS[error.template]
    return error.key


def refused(state, seat, action) -> str:
    """Return why the engine refuses this action with an IllegalAction (failing if it accepts)."""
    before = state.serialize()
    with pytest.raises(IllegalAction) as info:
        check(state, seat, action)
    assert state.serialize() == before
    return reason(info.value)


def cards_json(cards) -> list:
    return [c if isinstance(c, int) else str(c) for c in cards]


# ---------------------------------------------------------------- components and setup


def test_the_deck_has_28_cats_17_rats_and_9_power_cards__R_DECK_1():
    numbers = Counter(c for c in DECK if isinstance(c, int))
    assert len(DECK) == 54
    assert sum(n for v, n in numbers.items() if v <= 6) == 28 and all(numbers[v] == 4 for v in range(9))
    assert sum(n for v, n in numbers.items() if v >= 7) == 17 and numbers[9] == 9
    assert Counter(str(c) for c in DECK if is_power(c)) == {"peek": 3, "swap": 3, "draw2": 3}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_deal_uses_the_54_cards_four_to_each_seat__R_DECK_1__R_DEAL_1(players):
    for seed in range(30):
        rng = random.Random(seed)
        state = new_game(players, rng)
        apply_chance(state, sample_chance(state, rng))
        assert [len(line) for line in state.lines] == [4] * players
        assert Counter(map(str, card_places(state))) == Counter(map(str, DECK))
        assert len(state.discard) == 1 and len(state.pile) == 54 - 4 * players - 1


def test_a_power_card_turned_as_first_discard_goes_back_into_the_deck__R_DEAL_1():
    """The deal's deck is written after the putting back: the lines as shuffled, a number card
    as first discard, and the power card that was turned somewhere in the draw pile."""
    put_back = 0
    for seed in range(300):
        state = new_game(3, random.Random(0), dealer=0)
        shuffled = list(DECK)
        random.Random(seed).shuffle(shuffled)
        entry = sample_chance(state, random.Random(seed))
        deck = [parse_card(c) for c in entry["deck"]]
        assert cards_json(deck[:12]) == cards_json(shuffled[:12])
        assert not is_power(deck[12])
        if is_power(shuffled[12]):
            put_back += 1
            assert Counter(map(str, deck[12:])) == Counter(map(str, shuffled[12:]))
            assert str(shuffled[12]) in map(str, deck[13:])
    assert put_back >= 20, "the test must meet power cards turned as first discard"


def test_a_deal_with_a_power_card_as_first_discard_or_not_the_deck_is_refused__R_DEAL_1():
    state = new_game(2, random.Random(0), dealer=0)
    before = state.serialize()
    good = rig_deck(state, {1: [0, 1, 2, 3], 0: [4, 5, 6, 7]}, discard=8)
    power_first = list(good)
    i = power_first.index("peek")
    power_first[8], power_first[i] = power_first[i], power_first[8]
    for deck, key in [(power_first, "power_first_discard"), (good[:-1], "not_the_deck"),
                      (good[:-1] + [9], "not_the_deck"), (good[:-1] + [True], "unknown_card")]:
        with pytest.raises((IllegalAction, BadAction)) as info:
            apply_chance(state, {"type": "deal", "deck": deck})
        assert reason(info.value) == key
        assert state.serialize() == before
    with pytest.raises(IllegalAction) as info:
        apply_chance(state, {"type": "reshuffle", "pile": []})
    assert reason(info.value) == "wrong_chance" and info.value.key == "bad_chance"
    with pytest.raises(IllegalAction) as info:
        apply_chance(state, {"type": "deal", "dealer": 1, "deck": good})
    assert reason(info.value) == "wrong_dealer" and info.value.params["dealer"] == 0


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left_into_lines_of_four__R_DEAL_2():
    state = new_game(3, random.Random(0), dealer=1)
    deck = [parse_card(c) for c in sample_chance(state, random.Random(4))["deck"]]
    apply_chance(state, {"type": "deal", "deck": [c if isinstance(c, int) else str(c) for c in deck]})
    # dealer 1: seat 2 gets the 1st card, seat 0 the 2nd, seat 1 the 3rd; the k-th pass fills position k
    for i, seat in enumerate([2, 0, 1]):
        assert cards_json(state.lines[seat]) == cards_json([deck[k * 3 + i] for k in range(4)])
    assert cards_json(state.discard) == cards_json([deck[12]])
    assert cards_json(state.pile) == cards_json(deck[13:])
    t = Table(3, dealer=1)
    assert all(info["line"] == [None] * 4 for info in t.public()["seats"])


# ---------------------------------------------------------------- the look


def test_each_seat_sees_only_its_own_outer_cards_until_it_has_memorised__R_LOOK_1():
    t = Table(3, {1: [0, 9, 9, 1], 2: [2, 8, 8, 3], 0: [4, 7, 7, 5]}, look=True)
    assert t.state.phase is Phase.LOOK and to_act(t.state) == {0, 1, 2}
    view = t.view(1)
    assert view["look"] == [{"position": 1, "card": 0}, {"position": 4, "card": 1}]
    assert view["seats"][1]["line"] == [None] * 4 and view["drawn"] is None
    assert t.view(2)["look"] == [{"position": 1, "card": 2}, {"position": 4, "card": 3}]
    assert "look" not in t.public() and t.public()["looking"] == [0, 1, 2]
    assert refused(t.state, 1, DRAW_PILE) == "look_first"
    t.act(1, MEMORISED)
    assert t.view(1)["look"] == [] and t.view(2)["look"] != []
    assert refused(t.state, 1, MEMORISED) == "already_memorised"
    assert t.state.phase is Phase.LOOK and to_act(t.state) == {0, 2}
    t.act(2, MEMORISED)
    events = t.act(0, MEMORISED)
    # the first turn starts only when every seat has memorised: the dealer's left (seat 1)
    assert t.state.phase is Phase.DRAW and to_act(t.state) == {1}
    assert events_of(events, "turn")[0].data["seat"] == 1
    assert all(t.view(s)["look"] == [] for s in range(3))
    assert refused(t.state, 0, MEMORISED) == "no_look"


def test_the_look_is_timed_out_as_memorised__R_LOOK_1():
    t = Table(2, look=True)
    assert timeout_action(t.state, 0) == MEMORISED and timeout_action(t.state, 1) == MEMORISED


def test_the_player_left_of_the_dealer_goes_first_and_play_runs_clockwise__R_DEAL_2():
    t = Table(4, dealer=2)
    order = []
    for _ in range(6):
        order.append(t.state.turn)
        t.quiet_turn(t.state.turn)
    assert order == [3, 0, 1, 2, 3, 0]


def test_a_power_card_dealt_into_a_line_has_no_power_there__R_POWER_0():
    t = Table(2, {1: [PK, 9, 9, SW], 0: [D2, 1, 1, 1]}, pile=[4])
    legal = legal_actions(t.state, 1)
    assert legal == [DRAW_PILE, DRAW_DISCARD]  # nothing else: the Peek and the Swap in its line do nothing
    t.act(1, DRAW_PILE)
    t.turn(1, replace(1))  # the 4 replaces the Peek, which goes onto the discard pile, dead
    assert t.public()["discard_top"] == "peek" and t.public()["discard_dead"]
    assert DRAW_DISCARD not in legal_actions(t.state, 0)


# ---------------------------------------------------------------- turns


def test_a_card_taken_from_the_discard_pile_must_replace_one_of_yours__R_TURN_1():
    t = Table(2, {1: [9, 8, 7, 6], 0: [1, 1, 1, 1]}, discard=0)
    t.act(1, DRAW_DISCARD)
    assert t.public()["drawn_from"] == "discard" and t.public()["drawn_card"] == 0  # everyone saw it
    assert legal_actions(t.state, 1) == [replace(p) for p in (1, 2, 3, 4)]
    assert refused(t.state, 1, DISCARD) == "must_replace"
    assert refused(t.state, 1, DRAW_PILE) == "decide_drawn"
    events = t.turn(1, replace(1))
    assert t.state.lines[1][0] == 0 and t.public()["discard_top"] == 9  # the old card, face up
    assert events_of(events, "replaced")[0].data == {"seat": 1, "position": 1, "discarded": 9, "card": 0}
    assert t.state.turn == 0


def test_a_card_drawn_from_the_pile_is_seen_only_by_its_drawer__R_TURN_2():
    t = Table(3, pile=[2, 9])
    events = t.act(1, DRAW_PILE)
    assert t.view(1)["drawn"] == 2
    assert t.view(0)["drawn"] is None and t.view(2)["drawn"] is None
    assert t.public()["drawn_from"] == "pile" and t.public()["drawn_card"] is None
    assert [(e.type, e.to, e.data) for e in events] == [("drew", None, {"seat": 1, "source": "pile"}),
                                                       ("you_drew", 1, {"card": 2})]
    assert set(legal_actions(t.state, 1)) == {replace(1), replace(2), replace(3), replace(4), DISCARD}
    placed = t.turn(1, replace(3))
    public = events_of(placed, "replaced")[0]
    assert public.to is None and "card" not in public.data  # nobody else learns the 2
    assert events_of(placed, "you_placed")[0].to == 1
    t.act(2, DRAW_PILE)
    t.turn(2, DISCARD)  # a discarded card is shown to all
    assert t.public()["discard_top"] == 9


# ---------------------------------------------------------------- powers


def test_peek_shows_one_own_card_privately_until_the_turn_ends__R_POWER_1():
    t = Table(3, {1: [0, 7, 1, 2], 2: [3, 3, 3, 3], 0: [4, 4, 4, 4]}, pile=[PK])
    t.act(1, DRAW_PILE)
    assert t.view(1)["drawn"] == "peek"
    assert peek(2) in legal_actions(t.state, 1)
    events = t.act(1, peek(2))
    assert t.view(1)["peek"] == {"position": 2, "card": 7}
    assert t.view(0)["peek"] is None and t.view(2)["peek"] is None and "peek" not in t.public()
    assert [e.data for e in events if e.to is None and e.type == "peeked"] == [{"seat": 1, "position": 2}]
    assert all("card" not in e.data for e in events if e.to is None and e.type != "power_used")
    assert t.public()["discard_top"] == "peek" and t.public()["discard_dead"]
    # the turn is over but stays on screen until the seat ends it (knocking is not yet allowed)
    assert legal_actions(t.state, 1) == [END_TURN]
    t.act(1, END_TURN)
    assert t.view(1)["peek"] is None and t.state.turn == 2


def test_swap_exchanges_two_cards_blind_and_is_optional__R_POWER_2():
    t = Table(3, {1: [9, 1, 1, 1], 2: [0, 2, 2, 2], 0: [3, 3, 3, 3]}, pile=[SW, SW])
    t.act(1, DRAW_PILE)
    assert refused(t.state, 1, swap(1, 1, 2)) == "bad_swap_seat"
    assert refused(t.state, 1, swap(5, 2, 1)) == "no_such_position"
    events = t.turn(1, swap(1, 2, 1))
    assert t.state.lines[1][0] == 0 and t.state.lines[2][0] == 9
    assert events_of(events, "swapped")[0].data == {"seat": 1, "position": 1, "other_seat": 2, "other_position": 1}
    assert all(not set(e.data) & {"card", "cards"} for e in events if e.type in ("swapped",))
    for seat in range(3):  # nobody looks at either card
        assert t.view(seat)["seats"][1]["line"] == [None] * 4 and t.view(seat)["peek"] is None
    assert t.public()["discard_top"] == "swap" and t.state.turn == 2
    t.act(2, DRAW_PILE)
    assert SWAP_SKIP in legal_actions(t.state, 2)
    events = t.turn(2, SWAP_SKIP)
    assert events_of(events, "swap_skipped") and t.state.lines[2] == [9, 2, 2, 2]


def test_everyone_sees_which_places_a_peek_and_a_swap_touch_never_their_faces__R_SEE_1():
    from game.engine.rat_a_tat_cat.views import EVENT_SCHEMAS

    t = Table(3, {1: [0, 7, 1, 2], 2: [3, 5, 6, 8], 0: [4, 4, 4, 4]}, pile=[PK, SW])
    t.act(1, DRAW_PILE)
    peeked = events_of(t.turn(1, peek(3)), "peeked")
    t.act(2, DRAW_PILE)
    swapped = events_of(t.turn(2, swap(2, 1, 3)), "swapped")
    # to everyone (the TV and every phone), with the places, and with no field that could carry a face
    assert [(e.to, e.data) for e in peeked] == [(None, {"seat": 1, "position": 3})]
    assert [(e.to, e.data) for e in swapped] == [(None, {"seat": 2, "position": 2, "other_seat": 1,
                                                         "other_position": 3})]
    assert set(EVENT_SCHEMAS["peeked"]) == {"seat", "position"}
    assert set(EVENT_SCHEMAS["swapped"]) == {"seat", "position", "other_seat", "other_position"}


def test_swap_never_reaches_a_player_who_is_out__R_POWER_2__R_GAME_3():
    t = Table(3, options={"end": "elimination", "limit": 100})
    t.state.out[2] = True  # as if seat 2 had gone out in an earlier round
    t.state.lines[2] = []
    t.state.pile.insert(0, t.state.pile.pop(t.state.pile.index(SW)))
    t.act(1, DRAW_PILE)
    assert {a.other_seat for a in legal_actions(t.state, 1) if a.other_seat is not None} == {0}
    assert refused(t.state, 1, swap(1, 2, 1)) == "bad_swap_seat"


def test_draw2_draws_from_the_pile_use_the_first_and_the_turn_ends__R_POWER_3():
    t = Table(2, {1: [9, 9, 9, 9], 0: [1, 1, 1, 1]}, discard=0, pile=[D2, 3, 8])
    t.act(1, DRAW_PILE)
    events = t.act(1, DRAW2)
    assert events_of(events, "power_used")[0].data == {"seat": 1, "power": "draw2"}
    assert t.public()["discard_top"] == "draw2" and t.public()["draws_left"] == 2
    assert refused(t.state, 1, DRAW_DISCARD) in ("draw2_from_pile", "discard_dead")
    t.act(1, DRAW_PILE)
    assert t.view(1)["drawn"] == 3
    t.turn(1, replace(2))  # using the first card ends the turn: the 8 is never drawn
    assert t.state.lines[1] == [9, 3, 9, 9] and t.state.turn == 0 and t.state.pile[0] == 8


def test_draw2_throw_the_first_away_and_draw_a_second_then_the_turn_ends__R_POWER_3():
    t = Table(2, {1: [9, 9, 9, 9], 0: [1, 1, 1, 1]}, pile=[D2, 7, 8, 2])
    t.act(1, DRAW_PILE)
    t.act(1, DRAW2)
    t.act(1, DRAW_PILE)
    t.act(1, DISCARD)
    assert t.state.phase is Phase.DRAW and t.state.turn == 1 and t.public()["draws_left"] == 1
    assert refused(t.state, 1, DRAW_DISCARD) == "draw2_from_pile"  # the 7 on the discard pile is not for taking
    t.act(1, DRAW_PILE)
    assert t.view(1)["drawn"] == 8
    t.turn(1, DISCARD)
    assert t.state.turn == 0 and t.state.pile[0] == 2 and t.state.lines[1] == [9, 9, 9, 9]


def test_a_draw2_drawn_during_draw2_and_used_starts_the_sequence_again__R_POWER_3():
    t = Table(2, {1: [9, 9, 9, 9], 0: [1, 1, 1, 1]}, pile=[D2, 7, D2, 8, 6, 0])
    t.act(1, DRAW_PILE)
    t.act(1, DRAW2)
    t.act(1, DRAW_PILE)
    t.act(1, DISCARD)  # the 7
    t.act(1, DRAW_PILE)  # the second card is another Draw 2: use it
    assert DRAW2 in legal_actions(t.state, 1)
    t.act(1, DRAW2)
    assert t.public()["draws_left"] == 2
    t.act(1, DRAW_PILE)
    t.act(1, DISCARD)  # the 8
    t.act(1, DRAW_PILE)
    t.turn(1, replace(1))  # the 6
    assert t.state.lines[1] == [6, 9, 9, 9] and t.state.turn == 0 and t.state.pile[0] == 0


def test_a_draw2_drawn_during_draw2_can_just_be_thrown_away__R_POWER_3():
    t = Table(2, {1: [9, 9, 9, 9], 0: [1, 1, 1, 1]}, pile=[D2, D2, 4])
    t.act(1, DRAW_PILE)
    t.act(1, DRAW2)
    t.act(1, DRAW_PILE)
    t.act(1, DISCARD)  # the second Draw 2, thrown away: one draw is left
    t.act(1, DRAW_PILE)
    t.turn(1, DISCARD)
    assert t.state.turn == 0


def test_a_discarded_power_card_is_dead_and_cannot_be_taken__R_POWER_4():
    t = Table(2, pile=[PK, 3])
    t.act(1, DRAW_PILE)
    t.turn(1, DISCARD)  # thrown away, not used
    assert t.public()["discard_top"] == "peek" and t.public()["discard_dead"]
    assert legal_actions(t.state, 0) == [DRAW_PILE]
    assert not t.view(0)["legal"]["draw_discard"]
    assert refused(t.state, 0, DRAW_DISCARD) == "discard_dead"


# ---------------------------------------------------------------- the pile


def _leave_pile(t: Table, cards: list) -> None:
    """Put all of the draw pile but `cards` under the top discard, as if the game had gone on a while."""
    top = t.state.discard.pop()
    rest = list(t.state.pile)
    for card in cards:
        rest.remove(card)
    t.state.discard += rest + [top]
    t.state.pile = list(cards)
    assert Counter(map(str, card_places(t.state))) == Counter(map(str, DECK))


def test_the_pile_is_reshuffled_only_when_a_card_must_be_drawn_and_the_top_discard_stays__R_PILE_1():
    t = Table(2, {1: [9, 9, 9, 9], 0: [8, 8, 8, 8]}, discard=0)
    _leave_pile(t, [7])
    last = t.state.pile[0]
    t.act(1, DRAW_PILE)
    t.turn(1, DISCARD)
    assert t.state.pile == [] and chance_due(t.state) is None  # not when the last card is taken
    top = t.state.discard[-1]
    assert top == last
    events = t.act(0, DRAW_PILE)
    assert chance_due(t.state) == "reshuffle" and to_act(t.state) == frozenset()
    assert events_of(events, "pile_empty")
    entry = sample_chance(t.state, random.Random(3))
    assert Counter(map(str, entry["pile"])) == Counter(map(str, t.state.discard[:-1]))
    wrong = {"type": "reshuffle", "pile": entry["pile"][:-1]}
    with pytest.raises(IllegalAction) as info:
        apply_chance(t.state, wrong)
    assert reason(info.value) == "not_the_discards"
    events = t.chance(entry)
    assert t.state.discard == [top]  # the top discard stays as the new discard pile
    assert t.view(0)["drawn"] == parse_card(entry["pile"][0])
    assert len(t.state.pile) == len(entry["pile"]) - 1
    assert events_of(events, "reshuffled")[0].data == {"pile": len(entry["pile"])}


# ---------------------------------------------------------------- the round's end


def test_knocking_waits_until_every_seat_has_had_a_turn__R_END_1():
    t = Table(3)
    t.act(1, DRAW_PILE)
    t.act(1, DISCARD)
    assert t.state.turn == 2 and t.state.phase is Phase.DRAW  # no knock yet: the turn passed on by itself
    t.quiet_turn(2)
    t.act(0, DRAW_PILE)
    t.act(0, DISCARD)
    # now everyone has had a turn: seat 0 chooses to knock or just end its turn
    assert t.state.phase is Phase.END_TURN and set(legal_actions(t.state, 0)) == {END_TURN, KNOCK}
    assert t.view(0)["legal"]["knock"] and t.view(0)["legal"]["end_turn"]
    assert refused(t.state, 0, DRAW_PILE) == "end_your_turn"
    assert timeout_action(t.state, 0) == END_TURN
    t.act(0, END_TURN)
    assert t.state.turn == 1 and t.state.knocker is None


def test_only_one_knock_per_round__R_END_1():
    t = Table(2)
    t.quiet_turn(1)
    t.act(0, DRAW_PILE)
    t.act(0, DISCARD)
    events = t.act(0, KNOCK)
    assert events_of(events, "knocked")[0].data == {"seat": 0}
    assert t.public()["knocker"] == 0 and t.public()["last_turns"] == 1
    t.act(1, DRAW_PILE)
    t.act(1, DISCARD)  # seat 1's last turn: no knock offered, the round ends at once
    assert t.state.round_scores and events_of(t.events, "knocked") == events_of(events, "knocked")


def test_after_a_knock_every_other_player_has_exactly_one_more_turn__R_END_2():
    t = Table(4, dealer=3)
    for seat in (0, 1, 2):
        t.quiet_turn(seat)
    t.act(3, DRAW_PILE)
    t.act(3, DISCARD)
    t.act(3, KNOCK)
    for seat in (0, 1):
        assert t.state.turn == seat and t.public()["knocker"] == 3
        assert t.public()["last_to_play"] == list(range(seat, 3))  # who still has a turn, the one to act first
        t.act(seat, DRAW_PILE)
        assert refused(t.state, seat, KNOCK) in ("decide_drawn",)
        t.act(seat, DISCARD)
    assert t.state.turn == 2 and t.public()["last_turns"] == 1 and t.public()["last_to_play"] == [2]
    t.quiet_turn(2)
    assert len(t.state.round_scores) == 1  # the knocker does not play again
    assert t.public()["last_to_play"] == []
    seats = t.public()["seats"]
    assert [s["line"] for s in seats] == [cards_json(t.state.lines[s]) for s in range(4)]  # turned up
    assert events_of(t.events, "revealed")


def test_a_peek_on_a_last_turn_ends_with_end_turn_only__R_END_2__R_POWER_1():
    t = Table(2, pile=[3, 3, PK])
    t.quiet_turn(1)
    t.act(0, DRAW_PILE)
    t.act(0, DISCARD)
    t.act(0, KNOCK)
    t.act(1, DRAW_PILE)
    t.act(1, peek(3))
    assert legal_actions(t.state, 1) == [END_TURN] and t.view(1)["peek"]["position"] == 3
    t.act(1, END_TURN)
    assert len(t.state.round_scores) == 1


def test_power_cards_left_in_lines_are_replaced_in_seat_order_from_the_dealers_left__R_END_3():
    # dealer 0: seat 1's line first, then seat 0's; positions 1-4
    t = Table(2, {1: [1, SW, 2, PK], 0: [D2, 0, 0, 0]}, discard=9, pile=[9, 9, PK, 4, D2, 5, 6])
    t.quiet_turn(1)  # draws a 9
    t.act(0, DRAW_PILE)
    t.act(0, DISCARD)  # another 9
    t.act(0, KNOCK)
    before = len(t.state.discard)
    t.quiet_turn(1)  # the Peek from the pile, thrown away
    assert t.state.lines == [[6, 0, 0, 0], [1, 4, 2, 5]]
    replaced = [(e.type, e.data) for e in t.events if e.type in ("power_drawn", "power_replaced")]
    assert replaced == [
        ("power_replaced", {"seat": 1, "position": 2, "power": "swap", "card": 4}),
        ("power_drawn", {"seat": 1, "position": 4, "card": "draw2"}),
        ("power_replaced", {"seat": 1, "position": 4, "power": "peek", "card": 5}),
        ("power_replaced", {"seat": 0, "position": 1, "power": "draw2", "card": 6}),
    ]
    # each drawn power card onto the discard pile as drawn, then the line's power card
    assert cards_json(t.state.discard[before:]) == ["peek", "swap", "draw2", "peek", "draw2"]
    assert t.state.round_scores == [[6, 12]]


def test_a_reshuffle_during_the_end_of_round_replacement_is_a_chance_entry__R_END_3__R_PILE_1():
    t = Table(2, {1: [PK, 1, 1, 1], 0: [2, 2, 2, 2]}, discard=3)
    t.quiet_turn(1)
    t.act(0, DRAW_PILE)
    t.act(0, DISCARD)
    t.act(0, KNOCK)
    _leave_pile(t, [D2])  # the pile runs dry right before the Peek in seat 1's line is replaced
    t.act(1, DRAW_PILE)  # the Draw 2: thrown away, then the round ends
    events = t.act(1, DISCARD)
    assert chance_due(t.state) == "reshuffle" and not t.state.round_scores
    assert t.public()["seats"][1]["line"][0] == "peek"  # turned up, still waiting for its number
    entry = sample_chance(t.state, random.Random(2))
    first_number = next(parse_card(c) for c in entry["pile"] if isinstance(c, int))
    t.chance(entry)
    assert t.state.lines[1][0] == first_number and len(t.state.round_scores) == 1
    assert events_of(events, "revealed")


def test_a_round_score_is_the_sum_of_the_four_cards__R_SCORE_1():
    t = Table(2, {1: [0, 1, 2, 9], 0: [9, 9, 9, 8]}, pile=[9, 9, 9])
    t.quiet_turn(1)
    t.act(0, DRAW_PILE)
    t.act(0, DISCARD)
    t.act(0, KNOCK)
    events = t.quiet_turn(1)
    scored = events_of(events, "round_scored")[0].data
    assert scored["scores"] == [35, 12] and scored["totals"] == [35, 12]
    assert t.public()["round_scores"] == [[35, 12]]


# ---------------------------------------------------------------- the game


def knock(t: Table, seat: int) -> None:
    """Seat draws from the pile, throws the card away and knocks."""
    t.act(seat, DRAW_PILE)
    t.act(seat, DISCARD)
    t.act(seat, KNOCK)


def _knock_round(t: Table, lines: dict) -> None:
    """Deal `lines`, let everyone draw and discard, the last seat knocks, last turns, score."""
    t.deal(lines)
    seats = []
    while t.state.knocker is None:
        seat = t.state.turn
        seats.append(seat)
        t.act(seat, DRAW_PILE)
        t.act(seat, DISCARD)
        if t.state.phase is Phase.END_TURN:
            t.act(seat, KNOCK)
    while t.state.phase is not Phase.DEAL and t.state.phase is not Phase.OVER:
        t.quiet_turn(t.state.turn)


def test_a_fixed_number_of_rounds_lowest_total_wins__R_GAME_1():
    t = Table(2, {1: [0, 0, 1, 1], 0: [5, 5, 5, 5]}, options={"end": "rounds", "rounds": 2})
    t.quiet_turn(1)
    knock(t, 0)
    t.quiet_turn(1)
    assert chance_due(t.state) == "deal" and t.state.dealer == 1  # the deal passes left
    _knock_round(t, {0: [0, 0, 1, 1], 1: [2, 2, 3, 3]})
    assert outcome(t.state) == {"totals": [22, 12], "winners": [1], "eliminated": [],
                                "round_scores": [[20, 2], [2, 10]]}
    assert t.public()["result"] == {"totals": [22, 12], "winners": [1], "eliminated": []}
    assert to_act(t.state) == frozenset() and not legal_actions(t.state, 0)
    assert refused(t.state, 0, DRAW_PILE) == "game_over"


def test_equal_totals_share_the_win__R_GAME_4():
    t = Table(3, {1: [1, 1, 1, 1], 2: [0, 0, 2, 2], 0: [3, 3, 0, 0]}, options={"end": "rounds", "rounds": 1})
    t.quiet_turn(1), t.quiet_turn(2)
    knock(t, 0)
    t.quiet_turn(1), t.quiet_turn(2)
    assert outcome(t.state)["totals"] == [6, 4, 4] and outcome(t.state)["winners"] == [1, 2]


def test_time_limit_makes_the_round_in_progress_the_last__R_GAME_2():
    t = Table(2, {1: [0, 0, 0, 0], 0: [1, 1, 1, 1]}, options={"end": "time", "minutes": 10})
    t.quiet_turn(1)
    events = time_up(t.state)
    assert events_of(events, "time_up") and outcome(t.state) is None
    assert time_up(t.state) == []  # once is enough
    knock(t, 0)
    t.quiet_turn(1)
    assert outcome(t.state)["totals"] == [4, 0] and outcome(t.state)["winners"] == [1]


def test_time_running_out_between_two_rounds_ends_the_game_at_once__R_GAME_2():
    t = Table(2, {1: [3, 3, 3, 3], 0: [1, 1, 1, 1]}, options={"end": "time", "minutes": 30})
    t.quiet_turn(1)
    knock(t, 0)
    t.quiet_turn(1)
    assert chance_due(t.state) == "deal"
    time_up(t.state)
    assert chance_due(t.state) is None and outcome(t.state)["winners"] == [0]


def test_time_up_means_nothing_in_the_other_end_modes__R_GAME_2():
    t = Table(2)
    before = t.state.serialize()
    assert time_up(t.state) == [] and t.state.serialize() == before


def test_elimination_a_player_reaching_the_limit_is_out_and_gets_no_cards__R_GAME_3():
    t = Table(3, {1: [9, 9, 9, 9], 2: [0, 0, 0, 1], 0: [1, 1, 2, 2]},
              options={"end": "elimination", "limit": 30})
    for s in (1, 2):
        t.quiet_turn(s)
    knock(t, 0)
    t.quiet_turn(1), t.quiet_turn(2)
    assert t.state.out == [False, True, False] and t.public()["eliminated"] == [1]
    assert events_of(t.events, "eliminated")[0].data == {"seats": [1]}
    assert t.state.dealer == 2  # the deal passes left: from 0 to 1, who is out, so to 2
    t.deal({0: [4, 4, 4, 4], 2: [5, 5, 5, 5]})
    assert t.state.lines[1] == [] and t.public()["seats"][1] == {"seat": 1, "out": True, "line": [], "looking": False}
    assert t.state.turn == 0 and to_act(t.state) == {0}
    assert not legal_actions(t.state, 1) and refused(t.state, 1, DRAW_PILE) == "you_are_out"
    t.quiet_turn(0)
    knock(t, 2)  # 2 knocks: everyone still in has had a turn
    t.quiet_turn(0)
    assert t.state.round_scores[-1] == [16, 0, 20] and t.state.totals == [22, 36, 21]
    assert t.state.dealer == 0 and outcome(t.state) is None
    _knock_round(t, {2: [9, 9, 0, 0], 0: [0, 0, 1, 1]})
    assert outcome(t.state) == {"totals": [24, 36, 39], "winners": [0], "eliminated": [1, 2],
                                "round_scores": [[6, 36, 1], [16, 0, 20], [2, 0, 18]]}


def test_elimination_when_everyone_left_would_go_out_the_lowest_stay_in_and_win__R_GAME_3():
    t = Table(3, {1: [9, 9, 9, 9], 2: [8, 8, 8, 7], 0: [9, 9, 9, 6]},
              options={"end": "elimination", "limit": 30})
    t.quiet_turn(1), t.quiet_turn(2)
    knock(t, 0)
    t.quiet_turn(1), t.quiet_turn(2)
    assert outcome(t.state) == {"totals": [33, 36, 31], "winners": [2], "eliminated": [0, 1],
                                "round_scores": [[33, 36, 31]]}


def test_elimination_tied_lowest_when_all_would_go_out_share_the_win__R_GAME_3__R_GAME_4():
    t = Table(2, {1: [9, 9, 9, 9], 0: [9, 9, 9, 9]}, options={"end": "elimination", "limit": 20})
    t.quiet_turn(1)
    knock(t, 0)
    t.quiet_turn(1)
    assert outcome(t.state) == {"totals": [36, 36], "winners": [0, 1], "eliminated": [],
                                "round_scores": [[36, 36]]}


# ---------------------------------------------------------------- younger players


def test_kids_outer_cards_lie_face_up_for_everyone_and_there_is_no_look__R_KIDS_1():
    t = Table(2, {1: [0, 9, 9, 1], 0: [2, 8, 8, 3]}, options={"kids": True}, look=True, pile=[4])
    assert t.state.phase is Phase.DRAW  # nothing to memorise
    assert t.public()["seats"][1]["line"] == [0, None, None, 1]
    assert t.view(0)["seats"][1]["line"] == [0, None, None, 1] and t.view(0)["seats"][0]["line"] == [2, None, None, 3]
    t.act(1, DRAW_PILE)
    events = t.turn(1, replace(4))  # a card replacing an outer card lies face up too
    assert t.public()["seats"][1]["line"] == [0, None, None, 4]
    assert events_of(events, "replaced")[0].data["card"] == 4


def test_kids_swap_only_the_face_down_cards_on_both_sides__R_KIDS_1():
    t = Table(2, {1: [0, 9, 9, 1], 0: [2, 8, 7, 3]}, options={"kids": True}, pile=[SW])
    t.act(1, DRAW_PILE)
    swaps = [a for a in legal_actions(t.state, 1) if a.type == "swap" and not a.skip]
    assert {(a.position, a.other_position) for a in swaps} == {(2, 2), (2, 3), (3, 2), (3, 3)}
    assert t.view(1)["legal"]["swap_positions"] == [2, 3]
    assert refused(t.state, 1, swap(1, 0, 2)) == "swap_face_down_only"
    assert refused(t.state, 1, swap(2, 0, 4)) == "swap_face_down_only"
    t.turn(1, swap(3, 0, 3))
    assert t.state.lines[1] == [0, 9, 7, 1] and t.state.lines[0] == [2, 8, 9, 3]


# ---------------------------------------------------------------- options and setup


def test_options_are_declared_as_data_for_the_lobbies__R_GAME_1__R_GAME_2__R_GAME_3__R_KIDS_1():
    specs = {spec.name: spec.to_dict() for spec in OPTIONS}
    assert specs["end"] == {"name": "end", "kind": "choice", "default": "rounds",
                            "choices": ["rounds", "time", "elimination"], "min": None, "max": None,
                            "shown_when": None}
    assert specs["rounds"] == {"name": "rounds", "kind": "int", "default": 3, "choices": [], "min": 1, "max": 10,
                               "shown_when": ["end", "rounds"]}
    assert specs["minutes"]["choices"] == [10, 20, 30, 45] and specs["minutes"]["shown_when"] == ["end", "time"]
    assert specs["limit"]["default"] == 100 and specs["limit"]["choices"] == [100, 200]  # or another number
    assert (specs["limit"]["min"], specs["limit"]["max"]) == (10, 1000)
    assert specs["kids"]["kind"] == "bool" and specs["kids"]["default"] is False


@pytest.mark.parametrize("raw, normal", [
    (None, {"end": {"mode": "rounds", "rounds": 3}, "kids": False}),
    ({}, {"end": {"mode": "rounds", "rounds": 3}, "kids": False}),
    ({"end": "time", "minutes": 45, "kids": True}, {"end": {"mode": "time", "minutes": 45}, "kids": True}),
    ({"end": "elimination"}, {"end": {"mode": "elimination", "limit": 100}, "kids": False}),
    ({"end": "elimination", "limit": 250, "rounds": 4}, {"end": {"mode": "elimination", "limit": 250}, "kids": False}),
    ({"end": {"mode": "rounds", "rounds": 10}, "kids": False}, {"end": {"mode": "rounds", "rounds": 10}, "kids": False}),
    ({"end": {"mode": "time"}}, {"end": {"mode": "time", "minutes": 20}, "kids": False}),
])
def test_options_normalise_to_the_records_shape(raw, normal):
    assert normalize_options(raw) == normal
    assert normalize_options(normal) == normal


@pytest.mark.parametrize("raw, name", [
    ({"end": "sudden death"}, "end"), ({"end": "rounds", "rounds": 11}, "rounds"),
    ({"end": "rounds", "rounds": True}, "rounds"), ({"end": "rounds", "rounds": 3.0}, "rounds"),
    ({"end": "time", "minutes": 25}, "minutes"), ({"end": "time", "minutes": 20.0}, "minutes"),
    ({"end": "elimination", "limit": 5}, "limit"), ({"end": "elimination", "limit": "100"}, "limit"),
    ({"kids": "yes"}, "kids"), ({"kids": 1}, "kids"), ({"open_piles": True}, "open_piles"),
    ({"end": {"mode": "time", "rounds": 3}}, "rounds"), ({"end": {"mode": "rounds"}, "rounds": 3}, "end"),
    ([], "options"),
])
def test_bad_options_are_refused_with_the_options_name(raw, name):
    with pytest.raises(BadAction) as info:
        normalize_options(raw)
    assert info.value.key == "bad_option" and info.value.params == {"name": name}
    with pytest.raises(BadAction):
        new_game(2, random.Random(0), raw)


def test_setup_rebuilds_the_game_before_any_chance():
    state = new_game(4, random.Random(3), {"end": "elimination", "limit": 200, "kids": True})
    data = setup(state)
    assert data == {"players": 4, "options": {"end": {"mode": "elimination", "limit": 200}, "kids": True},
                    "dealer": state.dealer}
    assert from_setup(data).serialize() == state.serialize()
    for bad in [{"players": 7, "options": {}, "dealer": 0}, {"players": 2, "options": {}, "dealer": 2},
                {"players": 2, "options": {"kids": 2}, "dealer": 0}, {"players": "2", "dealer": 0}, []]:
        with pytest.raises(ValueError):
            from_setup(bad)
    assert new_game(3, random.Random(0), dealer=2).dealer == 2
    assert {new_game(3, random.Random(seed)).dealer for seed in range(30)} == {0, 1, 2}


def test_the_turn_timer_draws_from_the_pile_discards_and_ends_the_turn_without_knocking():
    t = Table(2, discard=0, pile=[7])
    assert timeout_action(t.state, 1) == DRAW_PILE
    with pytest.raises(IllegalAction):
        timeout_action(t.state, 0)  # not its turn
    t.act(1, DRAW_PILE)
    assert timeout_action(t.state, 1) == DISCARD  # a card from the pile is thrown away
    t.act(1, DISCARD)
    t.act(0, DRAW_DISCARD)
    assert timeout_action(t.state, 0) == replace(1)  # a taken discard must go somewhere: position 1
    t.act(0, replace(1))
    assert timeout_action(t.state, 0) == END_TURN and KNOCK in legal_actions(t.state, 0)
