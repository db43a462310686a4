"""Rat-a-Tat Cat bots: they get only their seat's views and events, make legal moves, remember what
they saw, and the heuristic beats random bots."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.bots import BOT_KINDS, make_bot
from game.bots.rat_a_tat_cat import HeuristicBot, RandomBot
from game.engine.rat_a_tat_cat import (
    DISCARD,
    DRAW_DISCARD,
    DRAW_PILE,
    END_TURN,
    KNOCK,
    MEMORISED,
    Action,
    ActionType,
    Event,
    SeatView,
    legal_actions,
    replace,
    swap,
    view_for,
)
from game.simulate import play_game
from tests.rat_helpers import END_MODES, GAME, PEEK, SWAP, Table, play_bots

PRIVATE = ("you_drew", "you_placed", "you_peeked")  # each follows the public event of its seat's move


class ViewOnly:
    """Wraps a bot: asserts it is fed only its own seat's views and events, and its moves are legal.

    `table["state"]` is the live game (set by play_game's `observe`), never given to the bot."""

    def __init__(self, bot: Any, seat: int, table: dict[str, Any]) -> None:
        self.bot, self.seat, self.table = bot, seat, table
        self.views = self.events = 0

    def _check(self, view: Any) -> None:
        assert type(view) is SeatView and view.seat == self.seat

    def observe(self, view: Any, events: list[dict[str, Any]]) -> None:
        self._check(view)
        mover = None
        for event in events:  # the wire form, as the phones get it
            assert isinstance(event, dict) and "to" not in event
            if event["type"] in PRIVATE:
                assert mover == self.seat, (self.seat, events)  # another seat's card is never shown
            mover = event.get("seat", mover)
        self.views += 1
        self.events += len(events)
        self.bot.observe(view, events)

    def act(self, view: Any) -> Action:
        self._check(view)
        action = self.bot.act(view)
        assert action in legal_actions(self.table["state"], self.seat), (self.seat, action)
        return action


def _play(monkeypatch, kinds: list[str], seed: int, options: dict) -> tuple[Any, list[ViewOnly]]:
    """Play one game of wrapped bots through the platform's play_game; return its last state and the bots."""
    table: dict[str, Any] = {}
    makers = [lambda rng, kind=kind, seat=seat: ViewOnly(make_bot(GAME, kind, rng), seat, table)
              for seat, kind in enumerate(kinds)]
    _, bots = play_bots(monkeypatch, makers, seed, 0, options, observe=lambda state: table.update(state=state))
    return table["state"], bots


def test_both_bots_are_registered():
    assert {"random", "heuristic"} <= set(BOT_KINDS[GAME])
    assert isinstance(make_bot(GAME, "heuristic", random.Random(1)), HeuristicBot)
    assert isinstance(make_bot(GAME, "random", random.Random(1)), RandomBot)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_get_only_their_seats_views_and_events_and_move_legally(monkeypatch, players):
    for seed in range(12):
        kinds = ["heuristic" if (s + seed) % 2 else "random" for s in range(players)]
        if seed % 4 == 0:
            kinds = ["heuristic"] * players
        state, bots = _play(monkeypatch, kinds, 100 * players + seed, END_MODES[seed % len(END_MODES)])
        assert state.winners
        assert all(b.views > 0 and b.events > 0 for b in bots)


def test_bots_are_deterministic_given_their_rng_and_stream(monkeypatch):
    first, _ = _play(monkeypatch, ["heuristic", "random", "heuristic"], 7, END_MODES[0])
    second, _ = _play(monkeypatch, ["heuristic", "random", "heuristic"], 7, END_MODES[0])
    assert first.serialize() == second.serialize()


# ---------------------------------------------------------------- memory, in rigged situations


class Fed:
    """A rigged table whose seat `seat` is played by a heuristic fed every view and event it gets."""

    def __init__(self, seat: int = 1, **table: Any) -> None:
        self.t = Table(look=True, **table)
        self.seat = seat
        self.bot = HeuristicBot(random.Random(0))
        self._feed(self.t.events)

    def _feed(self, events: list[Event]) -> None:
        self.bot.observe(view_for(self.t.state, self.seat), [e for e in events if e.to in (None, self.seat)])

    def act(self, seat: int, action: Action) -> None:
        """Apply an action by any seat and feed the bot what its seat gets."""
        self._feed(self.t.act(seat, action))

    def bot_moves(self) -> Action:
        """Let the bot choose and apply its move; return it."""
        action = self.bot.act(view_for(self.t.state, self.seat))
        self.act(self.seat, action)
        return action

    def everyone_memorises(self) -> None:
        for s in sorted(self.t.state.seats_in()):
            if self.t.state.looking[s]:
                self.act(s, MEMORISED)


def test_heuristic_remembers_its_look_and_takes_a_low_discard_for_its_known_rat():
    f = Fed(players=2, lines={1: [9, 5, 5, 0], 0: [4, 4, 4, 4]}, discard=1)
    assert f.bot_moves() == MEMORISED
    f.everyone_memorises()
    assert f.t.view(1)["look"] == []  # from here on only its memory knows the 9
    assert f.bot_moves() == DRAW_DISCARD
    assert f.bot_moves() == replace(1)
    assert f.bot.memory.lines[1] == [1, None, None, 0]


def test_heuristic_throws_away_a_high_card_and_keeps_a_low_one():
    f = Fed(players=2, lines={1: [3, 5, 5, 2], 0: [4, 4, 4, 4]}, pile=[8, 9, 0])
    f.everyone_memorises()
    assert f.bot_moves() == DRAW_PILE and f.bot_moves() == DISCARD  # an 8 helps nowhere
    f.act(0, DRAW_PILE)
    f.act(0, DISCARD)
    f.act(0, END_TURN)
    assert f.bot_moves() == DRAW_PILE
    move = f.bot_moves()
    assert move.type is ActionType.REPLACE and move.position in (2, 3)  # the 0 goes where it knows nothing


def test_heuristic_peeks_at_a_card_it_does_not_know():
    f = Fed(players=2, lines={1: [1, 5, 5, 2], 0: [4, 4, 4, 4]}, pile=[PEEK])
    f.everyone_memorises()
    f.bot_moves()
    move = f.bot_moves()
    assert move.type is ActionType.PEEK and move.position in (2, 3)
    assert f.bot.memory.lines[1][move.position - 1] == 5


def test_heuristic_dumps_a_known_rat_on_the_other_player_with_swap():
    f = Fed(players=2, lines={1: [9, 3, 3, 1], 0: [4, 4, 4, 4]}, pile=[SWAP])
    f.everyone_memorises()
    f.bot_moves()
    move = f.bot_moves()
    assert move.type is ActionType.SWAP and not move.skip and (move.position, move.other_seat) == (1, 0)
    assert f.bot.memory.lines[0][move.other_position - 1] == 9  # it knows where its rat went
    assert f.bot.memory.lines[1][0] is None


def test_heuristic_follows_a_swap_another_player_made_with_its_cards():
    f = Fed(players=2, lines={0: [0, 4, 4, 4], 1: [8, 5, 5, 9]}, pile=[SWAP], dealer=1)
    f.everyone_memorises()
    assert f.bot.memory.lines[1] == [8, None, None, 9]
    f.act(0, DRAW_PILE)
    f.act(0, swap(2, 1, 4))  # seat 0 gives the bot a card and takes its 9
    assert f.bot.memory.lines[0][1] == 9 and f.bot.memory.lines[1][3] is None


def test_heuristic_knocks_when_it_believes_it_is_lowest_and_not_otherwise():
    low = Fed(players=2, lines={1: [0, 1, 1, 0], 0: [6, 7, 7, 6]}, pile=[9, 9, 9])
    low.everyone_memorises()
    assert low.bot_moves() == DRAW_PILE and low.bot_moves() == DISCARD
    low.act(0, DRAW_PILE)
    low.act(0, DISCARD)
    low.act(0, END_TURN)
    low.bot_moves(), low.bot_moves()
    assert low.bot.act(view_for(low.t.state, 1)) == KNOCK

    high = Fed(players=2, lines={1: [9, 1, 1, 9], 0: [6, 7, 7, 6]}, pile=[9, 9, 9])
    high.everyone_memorises()
    high.bot_moves(), high.bot_moves()
    high.act(0, DRAW_PILE)
    high.act(0, DISCARD)
    high.act(0, END_TURN)
    high.bot_moves(), high.bot_moves()
    assert high.bot.act(view_for(high.t.state, 1)) == END_TURN


# ---------------------------------------------------------------- strength


def test_heuristic_beats_random_in_most_two_player_games():
    games, wins = 240, 0.0
    for g in range(games):
        hero = g % 2  # seats rotated
        winners = play_game(GAME, ["heuristic" if s == hero else "random" for s in range(2)], 5000, g).outcome.winners
        if hero in winners:
            wins += 1 / len(winners)
    assert wins / games > 0.8


def test_heuristic_remembers_the_same_from_wire_events_as_from_engine_events(monkeypatch):
    """The platform feeds bots the wire form of events (dicts); memory must not depend on the form."""

    class EngineEvents:
        """A heuristic fed each event as the engine's Event instead of its wire dict."""

        def __init__(self, rng: random.Random) -> None:
            self.inner = HeuristicBot(rng)

        def observe(self, view, events):
            self.inner.observe(view, [Event(e["type"], None, {k: v for k, v in e.items() if k != "type"})
                                      for e in events])

        def act(self, view):
            return self.inner.act(view)

    def run(maker) -> list:
        return play_bots(monkeypatch, [maker, RandomBot], 3, 1, END_MODES[0])[0].record.body["rounds"]

    assert run(HeuristicBot) == run(EngineEvents)


def test_heuristic_reckons_a_card_swapped_onto_it_high_and_replaces_it_first():
    # seat 0 gives the bot its 9 (blind to the bot) for the bot's outer 5; the bot then draws a 4:
    # the card it was given is the one to replace (a careful player swaps away a card it wants rid of)
    f = Fed(players=2, lines={0: [9, 4, 4, 4], 1: [5, 6, 6, 6]}, pile=[SWAP, 4], dealer=1)
    f.everyone_memorises()
    f.act(0, DRAW_PILE)
    f.act(0, swap(1, 1, 1))
    assert f.bot.memory.lines[1][0] is None
    assert f.bot_moves() == DRAW_PILE
    assert f.bot_moves() == replace(1)
