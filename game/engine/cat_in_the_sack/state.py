"""Cat in the Sack's vocabulary: phases, actions (and reading them from JSON), the state, events.

The rules that move a game from one state to the next live in `cat_in_the_sack`, which
re-exports every name here; import them from there.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from game.engine.cat_in_the_sack.cards import Card, card_to_json, parse_card
from game.engine.common import BadAction, Event, require_int  # Event: re-exported (every game shares it)


class Phase(StrEnum):
    """Where a round stands."""

    CHOOSE = "choose"
    AUCTION = "auction"
    OFFER = "offer"
    OVER = "over"


class ActionType(StrEnum):
    """The four things a player can do."""

    PLAY = "play"
    BID = "bid"
    PASS = "pass"
    BUY = "buy"


@dataclass(frozen=True)
class Action:
    """One player's action; `card` only for play, `total` (the new total in front) only for bid."""

    type: ActionType
    card: Card | None = None
    total: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the action as the records format writes it (without the seat)."""
        d: dict[str, Any] = {"type": str(self.type)}
        if self.type is ActionType.PLAY:
            d["card"] = card_to_json(self.card)  # type: ignore[arg-type]
        elif self.type is ActionType.BID:
            d["total"] = self.total
        return d


def play(card: Card) -> Action:
    """Return the action of choosing `card` for the row."""
    return Action(ActionType.PLAY, card=card)


def bid(total: int) -> Action:
    """Return the action of bidding a new total of `total` mice."""
    return Action(ActionType.BID, total=total)


PASS = Action(ActionType.PASS)
BUY = Action(ActionType.BUY)


def parse_action(data: Any) -> Action:
    """Return the Action described by a decoded JSON object; raise BadAction if it is malformed."""
    if not isinstance(data, dict):
        raise BadAction("bad_action", "An action must be an object.")
    kind = data.get("type")
    try:
        action_type = ActionType(kind) if isinstance(kind, str) else None
    except ValueError:
        action_type = None
    if action_type is None:
        raise BadAction("unknown_action", "Unknown action.")
    if action_type is ActionType.PLAY:
        return play(parse_card(data.get("card")))
    if action_type is ActionType.BID:
        return bid(require_int(data.get("total"), "total"))
    return PASS if action_type is ActionType.PASS else BUY


@dataclass
class RowCard:
    """A card in the row: who laid it (None: the neutral deck) and whether it is face up."""

    card: Card
    owner: int | None
    face_up: bool = False


@dataclass
class MouseCard:
    """A mouse card: its face value and the mice lying on it."""

    value: int
    mice: int = 0


@dataclass
class State:
    """The whole game, secrets included. Never sent anywhere: views are built from it."""

    players: int
    options: dict[str, Any]
    setup: dict[str, Any]
    hands: list[list[Card]]
    neutral_deck: list[Card]
    mouse_cards: list[MouseCard]
    bank: int
    mice: list[int]
    start_player: int
    round: int = 1
    phase: Phase = Phase.CHOOSE
    chosen: list[Card | None] = field(default_factory=list)
    row: list[RowCard] = field(default_factory=list)
    bids: list[int] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    turn: int | None = None
    won_piles: list[list[Card]] = field(default_factory=list)
    out_of_game: list[Card] = field(default_factory=list)
    previous_round_void: bool = False
    points_by_round: list[list[int]] = field(default_factory=list)  # every seat's cats + mice after each round

    def serialize(self) -> str:
        """Return the whole state as canonical JSON (for byte-identical comparisons)."""
        return json.dumps(asdict(self), sort_keys=True, default=str)


@dataclass(frozen=True)
class Score:
    """One seat's final score with its breakdown (F-SCORE-1)."""

    seat: int
    cats: int
    mice: int
    total: int

    def to_dict(self) -> dict[str, int]:
        """Return the score as the records format writes it."""
        return {"seat": self.seat, "cats": self.cats, "mice": self.mice, "total": self.total}


@dataclass(frozen=True)
class FinalScores:
    """The end of a Cat in the Sack game: every seat's score, the winners, whether the tie-break decided."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    tie_break: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the scores as the game_over event and the views carry them."""
        return {"scores": [s.to_dict() for s in self.scores], "winners": list(self.winners),
                "tie_break": self.tie_break}
