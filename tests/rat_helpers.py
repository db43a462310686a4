"""Test helpers for Rat-a-Tat Cat: rigged decks, a scripted table, random playouts, bot games
through the platform's `game.simulate.play_game`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from game.bots.rat_a_tat_cat import Tuning
from game.engine.rat_a_tat_cat import (
    DECK,
    DISCARD,
    DRAW_PILE,
    END_TURN,
    KNOCK,
    MEMORISED,
    Action,
    Card,
    Event,
    Phase,
    Power,
    State,
    apply,
    apply_chance,
    card_to_json,
    chance_due,
    legal_actions,
    new_game,
    order_from_dealer,
    outcome,
    public_view,
    sample_chance,
    to_act,
    view_for,
)

PEEK, SWAP, DRAW2 = Power.PEEK, Power.SWAP, Power.DRAW2


def rig_deck(state: State, lines: Mapping[int, Sequence[Card]], discard: Card = 9,
             pile: Sequence[Card] = ()) -> list[int | str]:
    """Return a deal's deck (wire form) giving each seat still in its line, then the first discard,
    then `pile` on top of the draw pile; the cards not named follow in the deck's own order."""
    seats = order_from_dealer(state)
    rest = Counter(str(c) for c in DECK)
    named: list[Card] = [c for s in seats for c in lines[s]] + [discard] + list(pile)
    rest.subtract(Counter(str(c) for c in named))
    assert all(n >= 0 for n in rest.values()), f"more cards than the deck holds: {+rest}"
    deck: list[Card] = [lines[s][k] for k in range(4) for s in seats] + [discard] + list(pile)
    for card in DECK:
        if rest[str(card)] > 0:
            rest[str(card)] -= 1
            deck.append(card)
    return [card_to_json(c) for c in deck]


class Table:
    """A rigged game driven like a rulebook example; every event is kept in `events`.

    Without `lines`, the i-th seat from the dealer's left holds i, i+1, i+2, i+3 (mod 9).
    """

    def __init__(self, players: int, lines: Mapping[int, Sequence[Card]] | None = None, discard: Card = 9,
                 pile: Sequence[Card] = (), options: dict[str, Any] | None = None, dealer: int = 0,
                 look: bool = False) -> None:
        self.state = new_game(players, random.Random(0), options, dealer=dealer)
        self.events: list[Event] = []
        self.deal(lines, discard, pile, look=look)

    def deal(self, lines: Mapping[int, Sequence[Card]] | None = None, discard: Card = 9,
             pile: Sequence[Card] = (), look: bool = False) -> list[Event]:
        """Deal the next round from a rigged deck; unless `look`, everyone memorises at once."""
        seats = order_from_dealer(self.state)
        lines = lines or {s: [(i + k) % 9 for k in range(4)] for i, s in enumerate(seats)}
        events = self.chance({"type": "deal", "deck": rig_deck(self.state, lines, discard, pile)})
        if not look:
            while self.state.phase is Phase.LOOK:
                events += self.act(min(to_act(self.state)), MEMORISED)
        return events

    def chance(self, entry: dict[str, Any]) -> list[Event]:
        """Apply one chance entry and return its events."""
        events = apply_chance(self.state, entry)
        self.events += events
        return events

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply one action and return its events (also kept in `self.events`)."""
        events = apply(self.state, seat, action)
        self.events += events
        return events

    def turn(self, seat: int, *actions: Action) -> list[Event]:
        """Play a whole turn for `seat`; end it without knocking if the engine asks."""
        events: list[Event] = []
        for action in actions:
            events += self.act(seat, action)
        if self.state.phase is Phase.END_TURN and self.state.turn == seat:
            events += self.act(seat, END_TURN)
        return events

    def quiet_turn(self, seat: int) -> list[Event]:
        """Draw from the pile and discard it (the dullest turn there is)."""
        return self.turn(seat, DRAW_PILE, DISCARD)

    def view(self, seat: int) -> dict[str, Any]:
        """Return the seat's view as wire data."""
        return view_for(self.state, seat).to_dict()

    def public(self) -> dict[str, Any]:
        """Return the public view as wire data."""
        return public_view(self.state).to_dict()


def events_of(events: Sequence[Event], kind: str) -> list[Event]:
    """Return the events of one type."""
    return [e for e in events if e.type == kind]


GAME = "rat-a-tat-cat"
PATIENT = Tuning(knock_margin=99, knock_anyway=-1, patience=99, give_up=8)  # eight turns a round each

END_MODES: tuple[dict[str, Any], ...] = (
    {"end": {"mode": "rounds", "rounds": 3}, "kids": False},
    {"end": {"mode": "rounds", "rounds": 1}, "kids": True},
    {"end": {"mode": "elimination", "limit": 100}, "kids": False},
    {"end": {"mode": "elimination", "limit": 40}, "kids": True},
    {"end": {"mode": "time", "minutes": 10}, "kids": False},
)


def playout(players: int, seed: int, options: dict[str, Any] | None = None,
            step: Callable[[State, int | None, Action | None, list[Event]], None] | None = None,
            time_up_after: int = 120, knock_chance: float = 0.15) -> Iterator[State]:
    """Yield the state after every change of one game of random legal actions (the same object):
    uniform, except that a seat knocks only with `knock_chance` when it may.

    Chance is sampled from the same seeded rng; in the time mode time runs out after
    `time_up_after` actions. `step(state, seat, action, events)` sees every change first
    (seat and action None for chance and the time limit).
    """
    from game.engine.rat_a_tat_cat import time_up

    rng = random.Random(seed)
    state = new_game(players, rng, options)
    yield state
    actions = 0
    while outcome(state) is None:
        while chance_due(state):
            events = apply_chance(state, sample_chance(state, rng))
            if step:
                step(state, None, None, events)
            yield state
        if outcome(state) is not None:
            break
        seat = rng.choice(sorted(to_act(state)))
        legal = legal_actions(state, seat)
        if KNOCK in legal and rng.random() > knock_chance:
            legal.remove(KNOCK)  # long rounds, so the pile runs dry now and then
        action = rng.choice(legal)
        events = apply(state, seat, action)
        actions += 1
        if step:
            step(state, seat, action, events)
        yield state
        if actions == time_up_after:
            events = time_up(state)
            if events and step:
                step(state, None, None, events)
            yield state


def play_bots(monkeypatch: Any, makers: Sequence[Callable[[random.Random], Any]], seed: int, game_index: int,
              options: Mapping[str, Any] | None = None, observe: Callable[[State], None] | None = None
              ) -> tuple[Any, list[Any]]:
    """Play one game of the given bots through `game.simulate.play_game`; return it and the bots.

    `makers[seat](rng)` makes the bot of `seat` (a tuned heuristic, a wrapper that checks what it
    is fed): each is registered in the platform's bot registry for this test only (`monkeypatch`).
    """
    from game.bots import BOT_KINDS, kinds
    from game.simulate import play_game

    kinds(GAME)  # the registry is loaded before it is patched
    made: list[Any] = []
    for seat, maker in enumerate(makers):
        def factory(rng: random.Random, maker: Callable[[random.Random], Any] = maker) -> Any:
            made.append(maker(rng))
            return made[-1]

        monkeypatch.setitem(BOT_KINDS[GAME], f"test-{seat}", factory)
    game = play_game(GAME, [f"test-{seat}" for seat in range(len(makers))], seed, game_index,
                     observe=observe, options=dict(options or {}))
    return game, made


def wire_move(view: dict[str, Any], rng: random.Random, knock_chance: float = 0.3,
              power_chance: float = 0.8) -> dict[str, Any] | None:
    """Return a move chosen among the legal moves a seat view offers on the wire, or None when
    the seat may not act: like a phone's player, a kind of move first, then its details.

    A drawn power card is used with `power_chance` (so peeks, swaps and Draw 2s happen), and a
    seat that may knock does so with `knock_chance` (so rounds stay short).
    """
    legal = view["legal"]
    if legal["memorised"]:
        return {"type": "memorised"}
    if legal["knock"] and rng.random() < knock_chance:
        return {"type": "knock"}
    if legal["end_turn"]:
        return {"type": "end_turn"}
    powers: list[dict[str, Any]] = []
    if legal["peek"]:
        powers.append({"type": "peek", "position": rng.choice(legal["peek"])})
    if legal["swap_seats"]:
        powers.append({"type": "swap", "position": rng.choice(legal["swap_positions"]),
                       "other_seat": rng.choice(legal["swap_seats"]),
                       "other_position": rng.choice(legal["swap_positions"])})
    if legal["draw2"]:
        powers.append({"type": "draw2"})
    if powers and rng.random() < power_chance:
        return rng.choice(powers)
    kinds: list[dict[str, Any]] = []
    if legal["draw_pile"]:
        kinds.append({"type": "draw", "source": "pile"})
    if legal["draw_discard"]:
        kinds.append({"type": "draw", "source": "discard"})
    if legal["replace"]:
        kinds.append({"type": "replace", "position": rng.choice(legal["replace"])})
    if legal["discard"]:
        kinds.append({"type": "discard"})
    if legal["swap_skip"]:
        kinds.append({"type": "swap", "skip": True})
    return rng.choice(kinds) if kinds else None
