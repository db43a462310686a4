"""Rat-a-Tat Cat: the pure rules engine — setup, deals and reshuffles, the look, turns, powers, knocking.

The end of a round and of the game (turning up, R-END-3, scoring, R-GAME-*) is in `ending`,
the options in `options`.

Rulings are named by their ids from shared/rules/rat-a-tat-cat.md. The engine is pure: every
random choice is a chance entry the caller samples with its own random.Random (`chance_due`,
`sample_chance`, `apply_chance`), and it never logs, sleeps, reads a clock or does I/O.
`apply` mutates the state it is given, but only after `check` has accepted the action.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.engine.common import BadAction, IllegalAction, require_int
from game.engine.rat_a_tat_cat.cards import (
    DECK,
    DECK_COUNTS,
    INNER_POSITIONS,
    LINE_SIZE,
    OUTER_POSITIONS,
    POSITIONS,
    Card,
    Power,
    card_to_json,
    is_power,
    parse_card,
)
from game.engine.rat_a_tat_cat.ending import end_round, replace_powers, time_up
from game.engine.rat_a_tat_cat.options import normalize_options
from game.engine.rat_a_tat_cat.state import (
    DISCARD,
    DRAW2,
    DRAW_DISCARD,
    DRAW_PILE,
    END_TURN,
    KNOCK,
    MEMORISED,
    SWAP_SKIP,
    Action,
    ActionType,
    Event,
    Phase,
    Source,
    State,
    end_mode,
    ev,
    kids,
    next_in,
    order_from_dealer,
    peek,
    replace,
    swap,
)

GAME_ID = "rat-a-tat-cat"
MIN_PLAYERS = 2
MAX_PLAYERS = 6


# ---------------------------------------------------------------- setup


def new_game(players: int, rng: random.Random, options: dict[str, Any] | None = None,
             dealer: int | None = None) -> State:
    """Return a new game waiting for its first deal; the first dealer is drawn with `rng` when None.

    Raises ValueError for a bad seat count, BadAction for bad options.
    """
    _require_players(players)
    normal = normalize_options(options)
    first = rng.randrange(players) if dealer is None else dealer
    return from_setup({"players": players, "options": normal, "dealer": first})


def setup(state: State) -> dict[str, Any]:
    """Return what rebuilds this game before any chance: the seat count, the options, the first dealer."""
    return {"players": state.players, "options": {"end": dict(state.options["end"]), "kids": kids(state)},
            "dealer": state.first_dealer}


def from_setup(data: dict[str, Any]) -> State:
    """Return the game a `setup` dict describes, waiting for its first deal; raise ValueError if it is bad."""
    if not isinstance(data, dict):
        raise ValueError("setup must be an object")
    players, dealer = data.get("players"), data.get("dealer")
    if type(players) is not int:
        raise ValueError("setup.players must be a whole number")
    _require_players(players)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise ValueError("setup.dealer must be a seat")
    try:
        options = normalize_options(data.get("options"))
    except BadAction as exc:
        raise ValueError(f"setup.options: {exc.message}") from None
    return State(
        players=players, options=options, first_dealer=dealer, dealer=dealer, box=list(DECK),
        lines=[[] for _ in range(players)], looking=[False] * players, had_turn=[False] * players,
        out=[False] * players, totals=[0] * players,
    )


def _require_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Rat-a-Tat Cat is for {MIN_PLAYERS}-{MAX_PLAYERS} players")


# ---------------------------------------------------------------- chance


def chance_due(state: State) -> str | None:
    """Return "deal" at a round's start, "reshuffle" when a card must come from the empty pile, else None."""
    if state.phase is Phase.DEAL:
        return "deal"
    if state.phase is Phase.RESHUFFLE:
        return "reshuffle"
    return None


def sample_chance(state: State, rng: random.Random) -> dict[str, Any]:
    """Return the chance entry due now, shuffled with `rng`; raise IllegalAction if none is due.

    A deal is written as dealt, after R-DEAL-1's putting back: the cards of the lines, then the
    first discard (a number card), then the draw pile top first.
    """
    kind = chance_due(state)
    if kind == "deal":
        deck = list(DECK)
        rng.shuffle(deck)
        dealt = LINE_SIZE * len(order_from_dealer(state))
        lines, pile = deck[:dealt], deck[dealt:]
        while is_power(pile[0]):  # R-DEAL-1: back into the deck at a random place, turn another
            card = pile.pop(0)
            pile.insert(rng.randrange(len(pile) + 1), card)
        return {"type": "deal", "dealer": state.dealer, "deck": [card_to_json(c) for c in lines + pile]}
    if kind == "reshuffle":
        pile = list(state.discard[:-1])  # R-PILE-1: the top discard stays
        rng.shuffle(pile)
        return {"type": "reshuffle", "pile": [card_to_json(c) for c in pile]}
    raise IllegalAction("no_chance_due", "Nothing is left to chance now.")


def _chance_cards(entry: dict[str, Any], key: str) -> list[Card]:
    raw = entry.get(key)
    if not isinstance(raw, list):
        raise BadAction("bad_chance", "That deal or shuffle is not allowed.")
    return [parse_card(c) for c in raw]


def apply_chance(state: State, entry: Any) -> list[Event]:
    """Check the chance entry against what is due (the right cards, each once; a number card as
    the first discard; the dealer, when the entry names one), then carry it out; return its events.

    {"type": "time_up"} is the table telling a time-limited game that the time ran out (R-GAME-2);
    it is taken at any moment. Raises and changes nothing when the entry is bad.
    """
    if isinstance(entry, dict) and entry.get("type") == "time_up" and end_mode(state) == "time" \
            and not state.time_up and state.phase is not Phase.OVER:
        return time_up(state)
    kind = chance_due(state)
    if kind is None:
        raise IllegalAction("no_chance_due", "Nothing is left to chance now.")
    if not isinstance(entry, dict):
        raise BadAction("bad_chance", "That deal or shuffle is not allowed.")
    if entry.get("type") != kind:
        raise IllegalAction("bad_chance", "That is not the deal or shuffle due now.")
    if kind == "deal" and "dealer" in entry and entry["dealer"] != state.dealer:
        raise IllegalAction("bad_chance", "The deal passes to the left: seat {dealer} deals.",
                            dealer=state.dealer)
    if kind == "deal":
        deck = _chance_cards(entry, "deck")
        if Counter(str(c) for c in deck) != DECK_COUNTS:
            raise IllegalAction("bad_chance", "A deal must hold the 54 cards of the game, each once.")
        if is_power(deck[LINE_SIZE * len(order_from_dealer(state))]):
            raise IllegalAction("bad_chance", "The first discard cannot be a power card.")
        return _deal(state, deck)
    pile = _chance_cards(entry, "pile")
    if Counter(str(c) for c in pile) != Counter(str(c) for c in state.discard[:-1]):
        raise IllegalAction("bad_chance", "A reshuffle must hold the discard pile's cards under its top card, each once.")
    return _reshuffle(state, pile)


def _deal(state: State, deck: list[Card]) -> list[Event]:
    """R-DEAL-1/2: the k-th pass fills position k, from the dealer's left; then discard, then pile."""
    seats = order_from_dealer(state)
    n = len(seats)
    state.round += 1
    state.lines = [[] for _ in range(state.players)]
    for k in range(LINE_SIZE):
        for i, seat in enumerate(seats):
            state.lines[seat].append(deck[k * n + i])
    state.discard = [deck[LINE_SIZE * n]]
    state.pile = deck[LINE_SIZE * n + 1:]
    state.box = []
    state.turn, state.drawn, state.drawn_from = None, None, None
    state.draws_left, state.peeked, state.knocker, state.last_turns = 0, None, None, 0
    state.replacing = False
    state.had_turn = [False] * state.players
    events = [ev("round_dealt", round=state.round, dealer=state.dealer, seats=seats,
                  discard=card_to_json(state.discard[-1]), pile=len(state.pile))]
    if kids(state):  # R-KIDS-1: the outer cards lie face up, so there is nothing to memorise
        return events + _start_turns(state)
    state.phase = Phase.LOOK  # R-LOOK-1
    state.looking = [not out for out in state.out]
    return events + [ev("look", seats=seats)]


def _start_turns(state: State) -> list[Event]:
    state.looking = [False] * state.players
    return _begin_turn(state, next_in(state, state.dealer))


def _reshuffle(state: State, pile: list[Card]) -> list[Event]:
    state.discard = state.discard[-1:]
    state.pile = pile
    events = [ev("reshuffled", pile=len(pile))]
    if state.replacing:
        return events + replace_powers(state)
    assert state.turn is not None
    return events + _take_from_pile(state, state.turn)


# ---------------------------------------------------------------- queries


def to_act(state: State) -> frozenset[int]:
    """Return the seats that may act now (empty while chance is due or the game is over)."""
    if state.phase is Phase.LOOK:
        return frozenset(s for s in range(state.players) if state.looking[s])
    if state.phase in (Phase.DRAW, Phase.DECIDE, Phase.END_TURN) and state.turn is not None:
        return frozenset((state.turn,))
    return frozenset()


def discard_takeable(state: State) -> bool:
    """Return True if the top discard may be taken: not during Draw 2, and not a dead power card."""
    return state.draws_left == 0 and bool(state.discard) and not is_power(state.discard[-1])


def discard_dead(state: State) -> bool:
    """Return True if the top discard is a power card, which can never be used again (R-POWER-4)."""
    return bool(state.discard) and is_power(state.discard[-1])


def may_knock(state: State) -> bool:
    """Return True if the seat ending its turn may knock (R-END-1: once a round, after everyone's turn)."""
    return state.knocker is None and all(state.had_turn[s] for s in state.seats_in())


def swap_positions(state: State) -> tuple[int, ...]:
    """Return the positions a Swap may exchange, on both sides (R-KIDS-1: the face-down ones only)."""
    return INNER_POSITIONS if kids(state) else POSITIONS


def face_up_positions(state: State) -> tuple[int, ...]:
    """Return the positions that lie face up during a round (R-KIDS-1: the outer two)."""
    return OUTER_POSITIONS if kids(state) else ()


def legal_actions(state: State, seat: int) -> list[Action]:
    """Return every action `seat` may take now (every swap enumerated)."""
    if seat not in to_act(state):
        return []
    if state.phase is Phase.LOOK:
        return [MEMORISED]
    if state.phase is Phase.DRAW:
        return [DRAW_PILE, DRAW_DISCARD] if discard_takeable(state) else [DRAW_PILE]
    if state.phase is Phase.END_TURN:
        return [END_TURN, KNOCK] if may_knock(state) else [END_TURN]
    actions = [replace(p) for p in POSITIONS]
    if state.drawn_from is Source.DISCARD:  # R-TURN-1: it must replace a card
        return actions
    actions.append(DISCARD)
    if state.drawn is Power.PEEK:
        actions += [peek(p) for p in POSITIONS]
    elif state.drawn is Power.SWAP:
        places = swap_positions(state)
        actions += [swap(p, other, q) for p in places for other in state.seats_in() if other != seat
                    for q in places]
        actions.append(SWAP_SKIP)
    elif state.drawn is Power.DRAW2:
        actions.append(DRAW2)
    return actions


def _position(value: Any, allowed: tuple[int, ...], what: str = "position") -> int:
    p = require_int(value, what)
    if p not in allowed:
        if allowed == INNER_POSITIONS:
            raise IllegalAction("swap_face_down_only", "Only the two middle cards can be swapped.")
        raise IllegalAction("no_such_position", "Choose a position from 1 to 4.")
    return p


def _check_turn_phase(state: State, want: Phase) -> None:
    if state.phase is want:
        return
    if state.phase is Phase.DRAW:
        raise IllegalAction("not_now", "Draw a card first.")
    if state.phase is Phase.DECIDE:
        raise IllegalAction("not_now", "Decide what to do with the card you drew.")
    raise IllegalAction("not_now", "Your turn is over: end it (or knock).")


def check(state: State, seat: int, action: Action) -> None:
    """Raise BadAction or IllegalAction if `seat` may not take `action` now; never mutate."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise BadAction("bad_seat", "There is no such seat.")
    if not isinstance(action, Action) or not isinstance(action.type, ActionType):
        raise BadAction("bad_action", "An action must be an object.")
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", "The game is over.")
    if state.out[seat]:
        raise IllegalAction("you_are_out", "You are out of the game.")
    if state.phase in (Phase.DEAL, Phase.RESHUFFLE):
        raise IllegalAction("not_now", "Wait: the cards are being dealt or shuffled.")
    kind = action.type
    if kind is ActionType.MEMORISED:
        if state.phase is not Phase.LOOK:
            raise IllegalAction("not_now", "The look at your cards is over.")
        if not state.looking[seat]:
            raise IllegalAction("not_now", "You have memorised your cards already.")
        return
    if state.phase is Phase.LOOK:
        raise IllegalAction("not_now", "Everyone looks at their outer cards first.")
    if state.turn != seat:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if kind is ActionType.DRAW:
        _check_turn_phase(state, Phase.DRAW)
        if not isinstance(action.source, Source):
            raise BadAction("bad_action", "Draw from the pile or the discard pile.")
        if action.source is Source.DISCARD:
            if state.draws_left:
                raise IllegalAction("not_now", "With Draw 2 you draw from the pile.")
            if discard_dead(state):
                raise IllegalAction("not_now", "A power card on the discard pile is dead: draw from the pile.")
        return
    if kind in (ActionType.KNOCK, ActionType.END_TURN):
        _check_turn_phase(state, Phase.END_TURN)
        if kind is ActionType.KNOCK:
            if state.knocker is not None:
                raise IllegalAction("not_now", "Someone has knocked already this round.")
            if not may_knock(state):
                raise IllegalAction("not_now", "Knock only after everyone has had a turn.")
        return
    _check_turn_phase(state, Phase.DECIDE)
    if kind is ActionType.REPLACE:
        _position(action.position, POSITIONS)
        return
    if state.drawn_from is Source.DISCARD:
        raise IllegalAction("not_now", "A card from the discard pile must replace one of yours.")
    if kind is ActionType.DISCARD:
        return
    power = {ActionType.PEEK: Power.PEEK, ActionType.SWAP: Power.SWAP, ActionType.DRAW2: Power.DRAW2}[kind]
    if state.drawn is not power:
        raise IllegalAction("not_now", "You did not draw that power card.")
    if kind is ActionType.PEEK:
        _position(action.position, POSITIONS)
    elif kind is ActionType.SWAP:
        if type(action.skip) is not bool:
            raise BadAction("bad_action", "That swap is not understood.")
        if action.skip:
            return
        places = swap_positions(state)
        _position(action.position, places)
        other = require_int(action.other_seat, "other_seat")
        if other == seat or not 0 <= other < state.players or state.out[other]:
            raise IllegalAction("bad_swap_seat", "Swap with another player still in the game.")
        _position(action.other_position, places, "other_position")


def timeout_action(state: State, seat: int) -> Action:
    """Return what the turn timer does for `seat`: memorised, draw from the pile, discard the drawn
    card (a card taken from the discard pile goes to position 1), end the turn without knocking.

    Raises IllegalAction when `seat` may not act now.
    """
    if seat not in to_act(state):
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if state.phase is Phase.LOOK:
        return MEMORISED
    if state.phase is Phase.DRAW:
        return DRAW_PILE
    if state.phase is Phase.END_TURN:
        return END_TURN
    return replace(1) if state.drawn_from is Source.DISCARD else DISCARD


# ---------------------------------------------------------------- transitions


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Check `action`, then carry it out on `state`; return the events it caused."""
    check(state, seat, action)
    kind = action.type
    if kind is ActionType.MEMORISED:
        return _memorised(state, seat)
    if kind is ActionType.DRAW:
        return _draw(state, seat, action.source)  # type: ignore[arg-type]
    if kind is ActionType.REPLACE:
        return _replace(state, seat, action.position)  # type: ignore[arg-type]
    if kind is ActionType.DISCARD:
        return _discard_drawn(state, seat)
    if kind is ActionType.PEEK:
        return _peek(state, seat, action.position)  # type: ignore[arg-type]
    if kind is ActionType.SWAP:
        return _swap(state, seat, action)
    if kind is ActionType.DRAW2:
        return _draw2(state, seat)
    return _end_turn(state, seat, knock=kind is ActionType.KNOCK)


def _memorised(state: State, seat: int) -> list[Event]:
    state.looking[seat] = False
    events = [ev("memorised", seat=seat)]
    if not any(state.looking):  # R-LOOK-1: the first turn waits for every seat still in
        events += _start_turns(state)
    return events


def _begin_turn(state: State, seat: int) -> list[Event]:
    state.phase = Phase.DRAW
    state.turn = seat
    state.drawn, state.drawn_from, state.draws_left, state.peeked = None, None, 0, None
    return [ev("turn", seat=seat, last=state.knocker is not None)]


def _draw(state: State, seat: int, source: Source) -> list[Event]:
    if source is Source.DISCARD:  # R-TURN-1
        state.drawn = state.discard.pop()
        state.drawn_from = Source.DISCARD
        state.phase = Phase.DECIDE
        return [ev("drew", seat=seat, source="discard", card=card_to_json(state.drawn))]
    if state.draws_left:  # R-POWER-3: one of the Draw 2's draws
        state.draws_left -= 1
    if not state.pile:  # R-PILE-1: shuffle only now that a card must be drawn
        state.phase = Phase.RESHUFFLE
        return [ev("pile_empty", seat=seat)]
    return _take_from_pile(state, seat)


def _take_from_pile(state: State, seat: int) -> list[Event]:
    state.drawn = state.pile.pop(0)
    state.drawn_from = Source.PILE
    state.phase = Phase.DECIDE
    return [ev("drew", seat=seat, source="pile"), ev("you_drew", to=seat, card=card_to_json(state.drawn))]


def _release_drawn(state: State) -> Card:
    card = state.drawn
    assert card is not None
    state.drawn, state.drawn_from = None, None
    return card


def _replace(state: State, seat: int, position: int) -> list[Event]:
    source = state.drawn_from
    card = _release_drawn(state)
    old = state.lines[seat][position - 1]
    state.lines[seat][position - 1] = card
    state.discard.append(old)
    public: dict[str, Any] = {"seat": seat, "position": position, "discarded": card_to_json(old)}
    if source is Source.DISCARD or position in face_up_positions(state):  # everyone saw that card
        public["card"] = card_to_json(card)
    events = [ev("replaced", **public), ev("you_placed", to=seat, position=position, card=card_to_json(card))]
    return events + _finish_turn(state, seat)


def _discard_drawn(state: State, seat: int) -> list[Event]:
    card = _release_drawn(state)
    state.discard.append(card)
    events = [ev("discarded", seat=seat, card=card_to_json(card))]
    if state.draws_left:  # R-POWER-3: throw the first away, draw the second
        state.phase = Phase.DRAW
        return events + [ev("draw_again", seat=seat, draws_left=state.draws_left)]
    return events + _finish_turn(state, seat)


def _use_power(state: State, seat: int) -> list[Event]:
    card = _release_drawn(state)
    state.discard.append(card)  # R-POWER-4: dead from now on
    return [ev("power_used", seat=seat, power=card_to_json(card))]


def _peek(state: State, seat: int, position: int) -> list[Event]:
    events = _use_power(state, seat)  # R-POWER-1
    state.peeked = position
    card = state.lines[seat][position - 1]
    events += [ev("peeked", seat=seat, position=position),
               ev("you_peeked", to=seat, position=position, card=card_to_json(card))]
    return events + _finish_turn(state, seat)


def _swap(state: State, seat: int, action: Action) -> list[Event]:
    events = _use_power(state, seat)  # R-POWER-2: blind, optional
    if action.skip:
        events.append(ev("swap_skipped", seat=seat))
    else:
        p, other, q = action.position, action.other_seat, action.other_position
        assert p is not None and other is not None and q is not None
        mine, theirs = state.lines[seat], state.lines[other]
        mine[p - 1], theirs[q - 1] = theirs[q - 1], mine[p - 1]
        events.append(ev("swapped", seat=seat, position=p, other_seat=other, other_position=q))
    return events + _finish_turn(state, seat)


def _draw2(state: State, seat: int) -> list[Event]:
    events = _use_power(state, seat)  # R-POWER-3: (again) two draws from the pile
    state.draws_left = 2
    state.phase = Phase.DRAW
    return events + [ev("draw_again", seat=seat, draws_left=2)]


def _finish_turn(state: State, seat: int) -> list[Event]:
    """The seat's play is done: it ends its turn itself when it may knock or has just peeked."""
    state.draws_left = 0
    state.had_turn[seat] = True
    if may_knock(state) or state.peeked is not None:
        state.phase = Phase.END_TURN
        return [ev("turn_end", seat=seat, may_knock=may_knock(state))]
    return _end_turn(state, seat, knock=False)


def _end_turn(state: State, seat: int, knock: bool) -> list[Event]:
    state.peeked = None
    events: list[Event] = []
    if knock:  # R-END-1
        state.knocker = seat
        state.last_turns = len(state.seats_in()) - 1
        events.append(ev("knocked", seat=seat))
    elif state.knocker is not None:  # R-END-2: one more turn each
        state.last_turns -= 1
        if state.last_turns == 0:
            return events + end_round(state)
    return events + _begin_turn(state, next_in(state, seat))


def card_places(state: State) -> list[Card]:
    """Return every card of the game wherever it lies: lines, draw pile, discard pile, in hand, box."""
    held = [state.drawn] if state.drawn is not None else []
    return [c for line in state.lines for c in line] + state.pile + state.discard + held + state.box
