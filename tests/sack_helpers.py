"""Test helpers for Cat in the Sack: rigged deals, a scripted table, and random playouts."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from game.engine.cat_in_the_sack import (
    BUY,
    PASS,
    PLAYER_SET,
    Action,
    ActionType,
    Card,
    Event,
    Phase,
    Special,
    State,
    apply,
    bid,
    card_to_json,
    from_setup,
    legal_actions,
    new_game,
    outcome,
    play,
    to_act,
)

RABBIT, BIG, SMALL = Special.RABBIT, Special.BIG_DOG, Special.SMALL_DOG


def rigged_setup(players: int, start: int = 0, removed: Sequence[Card] | None = None,
                 neutral_deck: Sequence[Card] | None = None) -> dict[str, Any]:
    """Return a setup where seat s holds its full set minus removed[s] (default: each loses the 15).

    With 3 players the neutral deck is `neutral_deck` (9 cards, top first) and its removed card is
    whatever card of the set is missing from it.
    """
    removed = list(removed) if removed is not None else [15] * players
    setup: dict[str, Any] = {
        "start_player": start,
        "hands": [[card_to_json(c) for c in PLAYER_SET if c != removed[s]] for s in range(players)],
        "removed": [card_to_json(c) for c in removed],
    }
    if players == 3:
        deck = list(neutral_deck) if neutral_deck is not None else [c for c in PLAYER_SET if c != 15]
        missing = [c for c in PLAYER_SET if c not in deck]
        assert len(deck) == 9 and len(missing) == 1, "a neutral deck is 9 different cards of one set"
        setup["neutral_deck"] = [card_to_json(c) for c in deck]
        setup["neutral_removed"] = card_to_json(missing[0])
    return setup


class Table:
    """A rigged game driven like a rulebook example: choose cards, bid, pass; events are kept."""

    def __init__(self, players: int, start: int = 0, removed: Sequence[Card] | None = None,
                 neutral_deck: Sequence[Card] | None = None, options: dict[str, Any] | None = None) -> None:
        self.state: State = from_setup(players, rigged_setup(players, start, removed, neutral_deck), options)
        self.events: list[Event] = []

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply one action and return its events (also kept in `self.events`)."""
        events = apply(self.state, seat, action)
        self.events += events
        return events

    def choose(self, cards: dict[int, Card]) -> list[Event]:
        """Every seat lays the given card (seat -> card), in seat order; return all events."""
        out: list[Event] = []
        for seat in sorted(cards):
            out += self.act(seat, play(cards[seat]))
        return out

    def bid(self, seat: int, total: int) -> list[Event]:
        """Seat bids a new total."""
        return self.act(seat, bid(total))

    def pass_(self, seat: int) -> list[Event]:
        """Seat passes (or declines the offer)."""
        return self.act(seat, PASS)

    def buy(self, seat: int) -> list[Event]:
        """Seat buys the row on offer for 1 mouse."""
        return self.act(seat, BUY)

    def everyone_passes_but(self, winner: int) -> list[Event]:
        """Everyone except `winner` passes in turn order (the winner must already lead or be last)."""
        out: list[Event] = []
        while self.state.turn is not None and self.state.turn != winner and self.state.phase is Phase.AUCTION:
            out += self.pass_(self.state.turn)
        return out

    def first_cards(self) -> dict[int, Card]:
        """Return each seat's first hand card (a quick way to play a round nobody cares about)."""
        return {s: self.state.hands[s][0] for s in range(self.state.players)}


def events_of(events: Sequence[Event], kind: str) -> list[Event]:
    """Return the events of one type."""
    return [e for e in events if e.type == kind]


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """Return a random legal action: first the kind of move, then a bid total biased to small raises."""
    legal = legal_actions(state, seat)
    bids = [a for a in legal if a.type is ActionType.BID]
    others = [a for a in legal if a.type is not ActionType.BID]
    if bids and rng.random() < 0.6:
        return bids[min(len(bids) - 1, int(rng.expovariate(1 / 2.0)))]
    return rng.choice(others)


def playout(players: int, seed: int,
            step: Callable[[State, int, Action, list[Event]], None] | None = None) -> Iterator[State]:
    """Yield the state after the deal and after every action of one random game (the same object)."""
    rng = random.Random(seed)
    state = new_game(players, rng)
    yield state
    while outcome(state) is None:
        seats = sorted(to_act(state))
        seat = rng.choice(seats)
        action = random_action(state, seat, rng)
        events = apply(state, seat, action)
        if step:
            step(state, seat, action, events)
        yield state
