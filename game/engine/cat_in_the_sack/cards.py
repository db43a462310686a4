"""Cat in the Sack cards: the player set, how a card is written, its worth, and how dogs chase."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Union

from game.engine.common import BadAction


class Special(StrEnum):
    """The cards of a set that are not cats."""

    RABBIT = "rabbit"
    BIG_DOG = "big_dog"
    SMALL_DOG = "small_dog"


Card = Union[int, Special]
CAT_VALUES: tuple[int, ...] = (-8, -5, 3, 5, 8, 11, 15)
PLAYER_SET: tuple[Card, ...] = (*CAT_VALUES, Special.RABBIT, Special.BIG_DOG, Special.SMALL_DOG)
DOGS = (Special.BIG_DOG, Special.SMALL_DOG)


def card_to_json(card: Card) -> int | str:
    """Return the records/wire form of a card: an int for a cat, a string otherwise."""
    return str(card) if isinstance(card, Special) else card


def parse_card(value: Any) -> Card:
    """Return the card named by a records/wire value; raise BadAction if there is no such card."""
    if isinstance(value, bool):
        raise BadAction("unknown_card", "There is no such card.")
    if isinstance(value, int) and value in CAT_VALUES:
        return value
    if isinstance(value, str):
        try:
            return Special(value)
        except ValueError:
            pass
    raise BadAction("unknown_card", "There is no such card.")


def is_card(value: Any) -> bool:
    """Return True only for a real card: an int cat value (not bool, not float) or a Special."""
    return isinstance(value, Special) or (type(value) is int and value in CAT_VALUES)


def card_value(card: Card) -> int:
    """Return a card's worth for chasing and scoring: cats their value, the rabbit 0 (F-DOG-2)."""
    return card if isinstance(card, int) else 0


def chase(row: list[Card]) -> tuple[list[Card], list[dict[str, Any]]]:
    """Return the cards the winner keeps and what the dogs did (F-DOG-1..3)."""
    dogs = [c for c in row if c in DOGS]
    cats = [c for c in row if c not in DOGS]
    if len(dogs) >= 2:  # F-DOG-3
        return cats, [{"dogs": [card_to_json(d) for d in dogs], "chased": None}]
    if not dogs or not cats:
        return cats, ([{"dogs": [card_to_json(dogs[0])], "chased": None}] if dogs else [])
    pick = max if dogs[0] == Special.BIG_DOG else min  # F-DOG-1, rabbit = 0 (F-DOG-2)
    target = pick(cats, key=card_value)
    kept = list(cats)
    kept.remove(target)
    return kept, [{"dogs": [card_to_json(dogs[0])], "chased": card_to_json(target)}]
