"""Rat-a-Tat Cat's `strong` bot: fair (the same observation gives the same move whatever the hidden
cards), its belief is what its seat saw and never wrong, it plays whole games legally, and a seed
decides it. Small search budgets keep the tests' CPU low; its strength is bench/bots.py's."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from game.bots import BOT_KINDS, BotFeeder, make_bot
from game.bots.rat_a_tat_cat import HeuristicBot
from game.bots.rat_a_tat_cat import strong as rat_a_tat_cat_strong
from game.bots.rat_a_tat_cat.strong import HEURISTIC, OWN, Budget, StrongBot, _heuristic, _mind_mean, _minds, _step
from game.engine import GAMES
from game.engine.rat_a_tat_cat import (
    DECK,
    DISCARD,
    DRAW_DISCARD,
    DRAW_PILE,
    END_TURN,
    KNOCK,
    MEMORISED,
    ActionType,
    Phase,
    Power,
    apply,
    apply_chance,
    card_places,
    chance_due,
    legal_actions,
    new_game,
    replace,
    sample_chance,
    to_act,
    view_for,
)
from tests.rat_helpers import END_MODES, GAME, Table, play_bots
from tests.test_rat_bots import ViewOnly

SMALL = Budget(playouts=48, min_samples=6, seconds=60.0)  # the time cap never cuts a test's search
NOISY = Budget(playouts=6, min_samples=2, seconds=60.0)


def strong(seed: int, budget: Budget = SMALL) -> StrongBot:
    return StrongBot(random.Random(seed), budget)


def test_strong_is_registered_for_rat_a_tat_cat():
    assert "strong" in BOT_KINDS[GAME]
    assert isinstance(make_bot(GAME, "strong", random.Random(1)), StrongBot)


# ---------------------------------------------------------------- fairness


class Fed:
    """A rigged table whose seat 1 is the strong bot, fed exactly its phone's stream (BotFeeder)."""

    def __init__(self, lines: dict[int, list[Any]], pile: list[Any], seed: int) -> None:
        self.t = Table(players=2, lines=lines, discard=4, pile=pile, dealer=0, look=True)
        self.bot = strong(seed)
        self.feeder = BotFeeder(GAMES[GAME], [None, self.bot])
        self.stream: list[Any] = []
        self._feed(self.t.events)

    def _feed(self, events: list[Any]) -> None:
        view = view_for(self.t.state, 1)
        self.stream.append((view, [e.to_dict() for e in events if e.to in (None, 1)]))
        self.feeder.feed(self.t.state, events)

    def act(self, seat: int, action: Any) -> None:
        self._feed(self.t.act(seat, action))

    def play(self, *moves: tuple[int, Any]) -> None:
        for seat, action in moves:
            self.act(seat, action)

    def seen(self) -> tuple[Any, list[Any]]:
        """Return the strong bot's view and the cards it has not seen."""
        view = view_for(self.t.state, 1)
        hidden = self.bot.hidden_cards(view)
        assert hidden is not None
        return view, hidden


# both seats memorise; seat 1 (the strong bot) draws from the pile and throws the card away
OPENING = ((0, MEMORISED), (1, MEMORISED), (1, DRAW_PILE), (1, DISCARD))


def _opponent_move(state: Any) -> Any:
    """Seat 0's dull turn: memorise, draw from the pile, throw it away, end the turn."""
    if state.phase is Phase.LOOK:
        return MEMORISED
    if state.phase is Phase.DRAW:
        return DRAW_PILE
    if state.phase is Phase.END_TURN:
        return END_TURN
    return DISCARD


def test_same_observation_with_different_hidden_cards_gives_the_same_moves():
    # Seat 1 sees its outer cards 2 and 7 and the same public play in both games; its middle
    # cards, seat 0's whole line and the draw pile below its top 14 cards are different.
    top = [5, 8, 1, 9, 0, 6, 3, 9, 2, 7, 1, 8, 5, 6]
    a = Fed({1: [2, 0, 9, 7], 0: [3, 3, 6, 6]}, top, seed=11)
    b = Fed({1: [2, 9, 0, 7], 0: [9, 0, 4, 8]}, top, seed=11)
    assert a.t.state.pile[14:] != b.t.state.pile[14:]
    decisions = 0
    while a.stream[-1] == b.stream[-1] and a.t.state.phase not in (Phase.DEAL, Phase.OVER):
        seat = min(to_act(a.t.state))
        if seat == 1:
            move = a.bot.act(view_for(a.t.state, 1))
            assert b.bot.act(view_for(b.t.state, 1)) == move, f"decision {decisions}: the hidden cards changed it"
            decisions += a.t.state.phase is not Phase.LOOK
        else:
            move = _opponent_move(a.t.state)
        a.act(seat, move)
        b.act(seat, move)
    assert decisions >= 4, "the two games parted before the bot had decided much"
    assert a.t.state.lines != b.t.state.lines  # the truth was different all along


# ---------------------------------------------------------------- belief


class Checked(ViewOnly):
    """A strong bot fed through play_game whose belief is checked against the live game before each
    of its moves: every card it believes it knows is there, its discard pile is the real one, and a
    sample of the hidden cards is a whole deck that its seat could not tell from the real game."""

    def act(self, view: Any) -> Any:
        self.check_belief(view)
        return super().act(view)

    def check_belief(self, view: Any) -> None:
        state, b = self.table["state"], self.bot.belief
        if state.phase is Phase.LOOK:
            return
        for seat, line in b.lines.items():
            for i, card in enumerate(line):
                assert card is None or state.lines[seat][i] == card, (seat, i + 1, card, state.lines[seat])
        assert b.discard == state.discard
        hidden = self.bot.hidden_cards(view)
        assert hidden is not None, "the belief did not add up"
        sample, _ = self.bot.sample(view, hidden, random.Random(0))
        assert Counter(map(str, card_places(sample))) == Counter(map(str, DECK))
        assert view_for(sample, self.seat) == view  # a sample is a game the seat cannot tell apart
        self.checked = getattr(self, "checked", 0) + 1


@pytest.mark.parametrize(("players", "mode"), [(2, 0), (3, 1), (4, 2), (2, 3), (5, 4)])
def test_plays_whole_games_legally_with_a_belief_that_is_never_wrong(monkeypatch, players, mode):
    table: dict[str, Any] = {}
    makers = [lambda rng, seat=seat: Checked(StrongBot(rng, SMALL), seat, table) if seat % 2 == 0
              else ViewOnly(make_bot(GAME, "heuristic", rng), seat, table) for seat in range(players)]
    game, bots = play_bots(monkeypatch, makers, 40 + players, mode, END_MODES[mode],
                           observe=lambda state: table.update(state=state))
    assert game.outcome.winners
    assert all(b.bot.fallbacks == 0 and b.checked >= 3 for b in bots if isinstance(b, Checked))


def test_the_bots_seed_decides_its_game(monkeypatch):
    def game(bot_seed: int) -> str:  # the same deal every time; only the strong bot's own rng changes
        makers = [lambda rng: strong(bot_seed, NOISY), lambda rng: make_bot(GAME, "heuristic", random.Random(0))]
        return play_bots(monkeypatch, makers, 5, 0, END_MODES[0])[0].record.to_json()

    first = game(1)
    random.seed(99)  # the global random is not what it uses
    assert game(1) == first
    assert any(game(seed) != first for seed in (2, 3, 4))  # with so few samples, another rng thinks otherwise


def test_a_card_kept_from_the_pile_over_a_known_9_is_sampled_low():
    # seat 0 replaces its outer 9 (which it looked at) with a card from the pile: a careful player
    # keeps only a lower card, so the bot's samples put mostly low cards there
    f = Fed({1: [2, 0, 9, 7], 0: [9, 3, 6, 5]}, [1, 8, 8], seed=5)
    f.act(0, MEMORISED)
    f.act(1, MEMORISED)
    f.act(1, DRAW_PILE)
    f.act(1, DISCARD)  # the 1: seat 1 throws it away
    f.act(0, DRAW_PILE)
    f.act(0, replace(1))  # seat 0 keeps the 8, its 9 is discarded
    view = view_for(f.t.state, 1)
    hidden = f.bot.hidden_cards(view)
    assert hidden is not None
    drawn = [f.bot.sample(view, hidden, random.Random(i))[0].lines[0][0] for i in range(300)]
    low = sum(1 for c in drawn if isinstance(c, int) and c <= 8) / len(drawn)
    uniform = sum(1 for c in hidden if isinstance(c, int) and c <= 8) / len(hidden)
    assert low > uniform + 0.1
    assert sum(1 for c in drawn if not isinstance(c, int)) < 0.05 * len(drawn)  # a power card is never kept


def _samples_at(f: Fed, seat: int, position: int, n: int = 300) -> list[Any]:
    view = view_for(f.t.state, 1)
    hidden = f.bot.hidden_cards(view)
    assert hidden is not None
    return [f.bot.sample(view, hidden, random.Random(i))[0].lines[seat][position - 1] for i in range(n)]


def test_cards_a_seat_showed_it_had_nothing_above_are_sampled_low():
    # seat 0 knows its outer cards (its look). It leaves a 1 on the discard pile and throws away a
    # drawn 8: a careful player does that only when none of the cards it knows is much above the 1,
    # so the bot's samples put mostly low cards there; its middle cards (which it does not know) stay
    # as likely as any card
    f = Fed({1: [2, 0, 9, 7], 0: [1, 3, 6, 2]}, [1, 8, 8], seed=5)
    f.act(0, MEMORISED)
    f.act(1, MEMORISED)
    f.act(1, DRAW_PILE)
    f.act(1, DISCARD)  # the 1 lies on top
    f.act(0, DRAW_PILE)  # seat 0 leaves it there
    f.act(0, DISCARD)  # and throws the 8 away
    hidden = f.bot.hidden_cards(view_for(f.t.state, 1))
    assert hidden is not None
    uniform = sum(1 for c in hidden if isinstance(c, int) and c <= 2) / len(hidden)
    for position in (1, 4):
        outer = _samples_at(f, 0, position)
        assert sum(1 for c in outer if isinstance(c, int) and c <= 2) / len(outer) > uniform + 0.2
    middle = _samples_at(f, 0, 2)
    assert sum(1 for c in middle if isinstance(c, int) and c <= 2) / len(middle) < uniform + 0.1


def test_a_seat_that_could_knock_and_did_not_is_believed_to_hold_more():
    # after both seats had a turn, seat 0 may knock and ends its turn instead: the samples in which
    # the cards it knows (its outer two) are low enough for the heuristic to knock weigh less
    f = Fed({1: [2, 0, 9, 7], 0: [1, 3, 6, 2]}, [5, 8, 8, 6], seed=5)
    f.play(*OPENING, (0, DRAW_PILE), (0, DISCARD))
    assert f.t.state.phase is Phase.END_TURN
    f.act(0, END_TURN)
    view, hidden = f.seen()
    low, high = [], []
    for i in range(400):
        state, knows = f.bot.sample(view, hidden, random.Random(i))
        outer = [c for c in (state.lines[0][0], state.lines[0][3]) if isinstance(c, int)]
        if len(outer) == 2 and max(outer) <= 6:  # (what its draw from the pile showed: nothing it knew above 6)
            (low if sum(outer) <= 2 else high if sum(outer) >= 7 else []).append(f.bot.sample_weight(state))
    assert low and high
    assert sum(low) / len(low) < 0.2 * sum(high) / len(high)


def test_a_choice_no_sample_explains_is_not_read():
    # seat 0 plays unlike the heuristic: it takes the 5 from the discard pile and puts it over its own
    # 1, where the heuristic puts a card over its worst; no sample explains that (the 1 is shown), so
    # the search does not weigh its samples by it, while its other choices are still read
    f = Fed({1: [2, 0, 9, 7], 0: [1, 3, 6, 2]}, [5, 8, 8, 6], seed=5)
    f.play(*OPENING, (0, DRAW_DISCARD), (0, replace(1)), (0, END_TURN))
    view, hidden = f.seen()
    read = [c.action for c, _ in f.bot.informative()]
    kept = [c.action for c, _ in f.bot.explainable(view, hidden)]
    assert replace(1) in read and replace(1) not in kept
    assert DRAW_DISCARD in kept and END_TURN in kept


def test_the_moves_of_its_own_that_follow_a_candidate_before_anything_new_is_seen_are_searched_with_it():
    # seat 1 (the strong bot) knows its outer 2 and 7; the top discard is a 4
    f = Fed({1: [2, 0, 9, 7], 0: [1, 3, 6, 2]}, [5, 8, 3, 6], seed=5)
    f.play(*OPENING[:2])
    view, hidden = f.seen()
    # taking the 4: each place worth putting it is a line of its own (never over the known 2)
    assert f.bot.follow_ups(view, hidden, DRAW_DISCARD) == [(replace(2),), (replace(3),), (replace(4),)]
    assert f.bot.follow_ups(view, hidden, DRAW_PILE) == [()]  # (what follows depends on the card drawn)
    f.act(1, DRAW_PILE)
    view, hidden = f.seen()
    assert f.bot.follow_ups(view, hidden, DISCARD) == [()]  # seat 0 has had no turn: no knock yet (R-END-1)
    f.play((1, DISCARD), (0, DRAW_PILE), (0, DISCARD), (0, END_TURN), (1, DRAW_PILE))
    view, hidden = f.seen()
    for move in (DISCARD, replace(4)):  # a play that ends its turn: knocking and not, each a line
        assert f.bot.follow_ups(view, hidden, move) == [(KNOCK,), (END_TURN,)]
    f.bot.act(view)  # (the 3 drawn: it searches where to put it, or throwing it away)
    assert any(key.endswith("then " + str(KNOCK.to_dict())) for key in f.bot.last_values), f.bot.last_values


def test_a_peek_drawn_while_a_card_of_its_own_is_unknown_is_never_thrown_away():
    # seat 1 knows its outer 2 and 7, not its middle cards, and draws a Peek: looking is worth more
    # than its playouts see (their later moves know only what the look told), so it looks or puts the
    # Peek in its line, whatever a few noisy samples make of throwing it away
    moves = set()
    for seed in range(16):
        f = Fed({1: [2, 0, 9, 7], 0: [1, 3, 6, 2]}, [Power.PEEK, 8, 8, 6], seed=seed)
        f.bot.budget = NOISY
        f.act(0, MEMORISED)
        f.act(1, MEMORISED)
        f.act(1, DRAW_PILE)
        view = view_for(f.t.state, 1)
        assert view.legal.discard and view.legal.peek
        move = f.bot.act(view)
        assert move.type is not ActionType.DISCARD, f"seed {seed}: the Peek was thrown away"
        moves.add(move.type)
    assert ActionType.PEEK in moves


# ---------------------------------------------------------------- the playouts' own steps


@pytest.mark.parametrize(("players", "kids"), [(2, False), (3, True), (4, False)])
def test_a_playout_step_leaves_the_state_the_engines_apply_leaves(players, kids):
    # every legal action of every turn of whole games (long rounds, so that piles run out and are
    # reshuffled; knocks, last turns, the round's end and the game's end): `_step` on one copy, the
    # engine's `apply` (and its reshuffle, from the same random stream) on another: the same State
    rng = random.Random(players)
    state = new_game(players, rng, {"end": "rounds", "rounds": 2, "kids": kids})
    compared = reshuffles = ends = 0
    while state.phase is not Phase.OVER:
        if chance_due(state):
            apply_chance(state, sample_chance(state, rng))
            continue
        seat = min(to_act(state))
        actions = legal_actions(state, seat)
        if state.phase is not Phase.LOOK:
            for action in actions:
                seed = rng.getrandbits(32)
                ours, theirs = copy.deepcopy(state), copy.deepcopy(state)
                _step(ours, seat, action, random.Random(seed))
                apply(theirs, seat, action)
                if theirs.phase is Phase.RESHUFFLE and not theirs.replacing:
                    apply_chance(theirs, sample_chance(theirs, random.Random(seed)))
                    reshuffles += 1
                ends += theirs.phase in (Phase.DEAL, Phase.OVER) or theirs.replacing
                assert ours == theirs, (action, seat)
                compared += 1
        calm = [a for a in actions if a.type is not ActionType.KNOCK]
        apply(state, seat, rng.choice(actions if rng.random() < 0.02 or not calm else calm))
    assert compared > 500 and reshuffles > 0 and ends > 0


# ---------------------------------------------------------------- the other seats' playout policy


@pytest.mark.parametrize(("players", "kids", "tuning"), [(2, False, HEURISTIC), (2, True, HEURISTIC), (3, False, HEURISTIC),
                                                   (4, True, HEURISTIC), (2, False, OWN), (3, True, OWN)])
def test_the_playouts_seats_make_the_heuristics_move_from_what_it_remembers(players, kids, tuning):
    # whole games of heuristic bots (with the default numbers, or the strong bot's own seat's: OWN),
    # each shadowed by a strong bot fed the same seat's stream; some
    # moves are random legal ones but a knock (so cards are taken from the discard pile in sight of all, swapped
    # onto a seat, peeked at): at every decision, the playouts' model of that seat (`_heuristic`,
    # from the strong bot's belief of what the seat remembers) picks the heuristic's own move
    rng = random.Random(100 + players)
    state = new_game(players, rng, {"end": "elimination", "limit": 200, "kids": kids})
    heuristics = [HeuristicBot(random.Random(s), tuning) for s in range(players)]
    shadows = [strong(s, NOISY) for s in range(players)]
    feeders = [BotFeeder(GAMES[GAME], heuristics), BotFeeder(GAMES[GAME], shadows)]
    seen: Counter[str] = Counter()
    while state.phase is not Phase.OVER:
        if chance_due(state):
            events = apply_chance(state, sample_chance(state, rng))
        else:
            seat = min(to_act(state))
            move = heuristics[seat].act(view_for(state, seat))
            if state.phase is not Phase.LOOK:
                b = shadows[seat].belief
                know = [[c is not None for c in b.lines[s]] if s == seat else [False] * 4 for s in range(players)]
                mind = _minds(players, know, b.told)[seat]
                model = _heuristic(state, seat, mind, set(b.onto[seat]), _mind_mean(state, seat, mind), b.turns[seat], tuning)
                assert model == move, (seat, state.phase, heuristics[seat].memory, mind)
                seen[move.type] += 1
                calm = [a for a in legal_actions(state, seat) if a.type is not ActionType.KNOCK]
                if rng.random() < 0.3 and calm:  # (its own knocks only: rounds long enough to see every power)
                    move = rng.choice(calm)
            events = apply(state, seat, move)
        for feeder in feeders:
            feeder.feed(state, events)
    assert seen[ActionType.KNOCK] > 0 and seen[ActionType.SWAP] > 0 and seen[ActionType.PEEK] > 0


@pytest.mark.parametrize(("players", "kids"), [(2, False), (3, False), (2, True), (4, False)])
def test_every_choice_it_reads_the_other_seats_by_is_what_the_heuristic_makes_of_the_true_cards(players, kids):
    # whole games of heuristic bots, each seat shadowed by a strong bot fed the same seat's stream:
    # at every decision, each choice of another seat a shadow weighs its samples by (`Choice`: where it
    # drew from, where it put a card, a number thrown away, its Swap, a knock or not) is the one the heuristic
    # makes with the true cards in the places that choice names, so the true deal is never ruled out;
    # and the choices do rule samples out (the shadows' own samples often do not fit)
    rng = random.Random(200 + players)
    state = new_game(players, rng, {"end": "elimination", "limit": 300, "kids": kids})
    heuristics = [HeuristicBot(random.Random(s)) for s in range(players)]
    shadows = [strong(s, NOISY) for s in range(players)]
    feeders = [BotFeeder(GAMES[GAME], heuristics), BotFeeder(GAMES[GAME], shadows)]
    checked: Counter[str] = Counter()
    misfits = 0
    while state.phase is not Phase.OVER:
        if chance_due(state):
            events = apply_chance(state, sample_chance(state, rng))
        else:
            seat = min(to_act(state))
            view = view_for(state, seat)
            if state.phase is not Phase.LOOK:
                bot = shadows[seat]
                b = bot.belief
                value = dict(b.shown)
                for s, ids in b.ids.items():
                    value.update(zip(ids, state.lines[s]))
                for c in b.choices:
                    assert rat_a_tat_cat_strong._fits(c, value, kids), (seat, c, state.lines)
                    checked[c.phase.value] += 1
                    checked[c.action.type.value] += 1
                hidden = bot.hidden_cards(view)
                assert hidden is not None
                sampled, _ = bot.sample(view, hidden, random.Random(len(checked)))
                misfits += bot.sample_weight(sampled) < 1.0
            events = apply(state, seat, heuristics[seat].act(view))
        for feeder in feeders:
            feeder.feed(state, events)
    assert checked["draw"] and checked["decide"] and checked["end_turn"], checked
    assert checked["replace"] and checked["discard"] and checked["swap"] and checked["knock"], checked
    assert misfits > 3


def test_in_the_playouts_its_own_seat_plays_by_the_tuned_numbers_and_the_others_by_the_heuristics(monkeypatch):
    # the search values its moves by its own seat playing the heuristic's rules with the numbers tuned
    # against the heuristic (OWN), every other seat by the heuristic's own numbers (what they are)
    used: dict[tuple[bool, Any], int] = Counter()
    model = rat_a_tat_cat_strong._heuristic

    def spy(state: Any, seat: int, *args: Any) -> Any:
        used[(seat == me, args[-1])] += 1
        return model(state, seat, *args)

    monkeypatch.setattr(rat_a_tat_cat_strong, "_heuristic", spy)
    f = Fed({1: [2, 0, 9, 7], 0: [1, 3, 6, 2]}, [5, 8, 8, 6], seed=5)
    me = 1
    f.act(0, MEMORISED)
    f.act(1, MEMORISED)
    f.bot.act(view_for(f.t.state, 1))
    assert used[(True, OWN)] > 0 and used[(False, HEURISTIC)] > 0
    assert used[(True, HEURISTIC)] == used[(False, OWN)] == 0
    assert OWN != HEURISTIC


def test_a_seat_that_knocked_is_believed_to_hold_a_line_the_heuristic_knocks_with():
    # seat 0 knocks at its first chance with cards 1 and 4 it knows: the samples in which the line it
    # knows (its outer two and two unknown cards) would not make the heuristic knock weigh less
    f = Fed({1: [2, 0, 9, 7], 0: [1, 3, 6, 2]}, [5, 8, 8, 6], seed=5)
    f.play(*OPENING, (0, DRAW_PILE), (0, DISCARD), (0, KNOCK))
    view, hidden = f.seen()
    fits = misfits = 0
    for i in range(200):
        state, knows = f.bot.sample(view, hidden, random.Random(i))
        outer = [c if isinstance(c, int) else 5.0 for c in (state.lines[0][0], state.lines[0][3])]
        w = f.bot.sample_weight(state)
        if sum(outer) + 2.0 + 1.5 * 2 + 2 * 4.6 > 4 * 4.6 + 1.0:  # plainly too high for its rule
            misfits += 1
            assert w < 1.0
        elif sum(outer) <= 4:
            fits += 1
            assert w == 1.0
    assert fits and misfits
