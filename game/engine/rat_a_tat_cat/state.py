"""Rat-a-Tat Cat's vocabulary: phases, actions (and reading them from wire dicts), the state, events.

The rules that move a game from one state to the next live in `rules` (turns) and `ending`
(the round's and the game's end); the package re-exports every public name here.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from game.engine.common import BadAction, Event, require_int  # Event: re-exported (every game shares it)
from game.engine.rat_a_tat_cat.cards import Card, card_to_json


class Phase(StrEnum):
    """Where a round stands."""

    DEAL = "deal"            # chance: the next round must be dealt
    LOOK = "look"            # R-LOOK-1: every seat still in looks at its cards 1 and 4
    DRAW = "draw"            # the seat to act draws (from the pile only during Draw 2)
    DECIDE = "decide"        # the seat holds the card it drew and decides what to do with it
    END_TURN = "end_turn"    # the seat ends its turn: knock or not (R-END-1), or after its peek
    RESHUFFLE = "reshuffle"  # chance: a card must be drawn from the empty pile (R-PILE-1)
    OVER = "over"


class ActionType(StrEnum):
    """What a seat can do. `memorised` and `end_turn` are never written into a record."""

    MEMORISED = "memorised"
    DRAW = "draw"
    REPLACE = "replace"
    DISCARD = "discard"
    PEEK = "peek"
    SWAP = "swap"
    DRAW2 = "draw2"
    KNOCK = "knock"
    END_TURN = "end_turn"


class Source(StrEnum):
    """Where a card is drawn from (R-TURN-1/2)."""

    PILE = "pile"
    DISCARD = "discard"


UNRECORDED = frozenset({ActionType.MEMORISED, ActionType.END_TURN})


@dataclass(frozen=True)
class Action:
    """One seat's action. `source` for draw; `position` (1-4) for replace, peek and swap;
    `other_seat`/`other_position` for swap; `skip` for a Swap used without exchanging."""

    type: ActionType
    source: Source | None = None
    position: int | None = None
    other_seat: int | None = None
    other_position: int | None = None
    skip: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the action as the records format writes it (without the seat)."""
        d: dict[str, Any] = {"type": str(self.type)}
        if self.type is ActionType.DRAW:
            d["source"] = str(self.source)
        elif self.type in (ActionType.REPLACE, ActionType.PEEK):
            d["position"] = self.position
        elif self.type is ActionType.SWAP:
            if self.skip:
                d["skip"] = True
            else:
                d.update(position=self.position, other_seat=self.other_seat,
                         other_position=self.other_position)
        return d


def draw(source: Source | str) -> Action:
    """Return the action of drawing from the pile or the discard pile."""
    return Action(ActionType.DRAW, source=Source(source))


def replace(position: int) -> Action:
    """Return the action of putting the drawn card at `position` (the old card is discarded)."""
    return Action(ActionType.REPLACE, position=position)


def peek(position: int) -> Action:
    """Return the action of using a drawn Peek on one's own card at `position`."""
    return Action(ActionType.PEEK, position=position)


def swap(position: int, other_seat: int, other_position: int) -> Action:
    """Return the action of using a drawn Swap: own `position` with `other_seat`'s `other_position`."""
    return Action(ActionType.SWAP, position=position, other_seat=other_seat, other_position=other_position)


MEMORISED = Action(ActionType.MEMORISED)
DRAW_PILE = Action(ActionType.DRAW, source=Source.PILE)
DRAW_DISCARD = Action(ActionType.DRAW, source=Source.DISCARD)
DISCARD = Action(ActionType.DISCARD)
SWAP_SKIP = Action(ActionType.SWAP, skip=True)
DRAW2 = Action(ActionType.DRAW2)
KNOCK = Action(ActionType.KNOCK)
END_TURN = Action(ActionType.END_TURN)
_PLAIN = {ActionType.MEMORISED: MEMORISED, ActionType.DISCARD: DISCARD, ActionType.DRAW2: DRAW2,
          ActionType.KNOCK: KNOCK, ActionType.END_TURN: END_TURN}


def parse_action(data: Any) -> Action:
    """Return the Action described by a decoded JSON object; raise BadAction if it is malformed.

    A record's `seat` key is ignored (the caller reads it); the other keys a type does not use
    are ignored too, as for Cat in the Sack.
    """
    if not isinstance(data, dict):
        raise BadAction("bad_action", "An action must be an object.")
    kind = data.get("type")
    try:
        action_type = ActionType(kind) if isinstance(kind, str) else None
    except ValueError:
        action_type = None
    if action_type is None:
        raise BadAction("unknown_action", "Unknown action.")
    if action_type in _PLAIN:
        return _PLAIN[action_type]
    if action_type is ActionType.DRAW:
        source = data.get("source")
        if source not in ("pile", "discard") or not isinstance(source, str):
            raise BadAction("bad_action", "Draw from the pile or the discard pile.")
        return draw(source)
    if action_type is ActionType.SWAP and "skip" in data:
        if data["skip"] is not True:
            raise BadAction("bad_action", "That swap is not understood.")
        return SWAP_SKIP
    position = require_int(data.get("position"), "position")
    if action_type is ActionType.REPLACE:
        return replace(position)
    if action_type is ActionType.PEEK:
        return peek(position)
    return swap(position, require_int(data.get("other_seat"), "other_seat"),
                require_int(data.get("other_position"), "other_position"))


@dataclass
class State:
    """The whole game, secrets included. Never sent anywhere: views are built from it.

    Piles are lists: `pile[0]` is the top of the draw pile, `discard[-1]` the top of the
    discard pile. `lines[s][p - 1]` is seat s's card at position p (an empty list when out).
    """

    players: int
    options: dict[str, Any]
    first_dealer: int
    dealer: int
    round: int = 0                     # the round dealt last (1-based); 0 before the first deal
    phase: Phase = Phase.DEAL
    box: list[Card] = field(default_factory=list)        # cards gathered, waiting for the next deal
    lines: list[list[Card]] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    turn: int | None = None
    drawn: Card | None = None
    drawn_from: Source | None = None
    draws_left: int = 0                # R-POWER-3: draws left in a Draw 2 sequence
    peeked: int | None = None          # the position the seat to act peeked at this turn
    looking: list[bool] = field(default_factory=list)     # R-LOOK-1: still looking
    had_turn: list[bool] = field(default_factory=list)    # R-END-1: has had a turn this round
    knocker: int | None = None
    last_turns: int = 0                # R-END-2: turns left after the knock
    replacing: bool = False            # R-END-3 in progress (a reshuffle may interrupt it)
    out: list[bool] = field(default_factory=list)
    eliminated: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)
    time_up: bool = False
    winners: list[int] = field(default_factory=list)

    def serialize(self) -> str:
        """Return the whole state as canonical JSON (for byte-identical comparisons)."""
        return json.dumps(asdict(self), sort_keys=True, default=str)

    def seats_in(self) -> list[int]:
        """Return the seats still in the game, in seat order."""
        return [s for s in range(self.players) if not self.out[s]]


# ---------------------------------------------------------------- small queries every rules module shares


def ev(kind: str, to: int | None = None, **data: Any) -> Event:
    """Return an event of `kind` for everyone (`to` None) or for one seat."""
    return Event(kind, to, data)


def line_json(line: list[Card]) -> list[int | str]:
    """Return a line of cards in wire form."""
    return [card_to_json(c) for c in line]


def end_mode(state: State) -> str:
    """Return how the game ends: "rounds", "time" or "elimination"."""
    return state.options["end"]["mode"]


def kids(state: State) -> bool:
    """Return True with the younger players' variant (R-KIDS-1)."""
    return bool(state.options["kids"])


def next_in(state: State, seat: int) -> int:
    """Return the next seat to the left (clockwise) that is still in."""
    for step in range(1, state.players + 1):
        nxt = (seat + step) % state.players
        if not state.out[nxt]:
            return nxt
    return seat


def order_from_dealer(state: State) -> list[int]:
    """Return the seats still in, from the dealer's left round to the dealer."""
    seats = [(state.dealer + step) % state.players for step in range(1, state.players + 1)]
    return [s for s in seats if not state.out[s]]
