"""Rat-a-Tat Cat cards: the 54-card deck (R-DECK-1), how a card is written, and its points."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Any, Union

from game.engine.common import BadAction


class Power(StrEnum):
    """The power cards (R-POWER-1..3): they carry no points and work only when drawn from the pile."""

    PEEK = "peek"
    SWAP = "swap"
    DRAW2 = "draw2"


Card = Union[int, Power]
LINE_SIZE = 4
POSITIONS: tuple[int, ...] = (1, 2, 3, 4)
OUTER_POSITIONS: tuple[int, ...] = (1, 4)
INNER_POSITIONS: tuple[int, ...] = (2, 3)

# R-DECK-1: four each of 0..8, nine 9s (28 cats 0-6, 17 rats 7-9), three of each power card
_NUMBER_COUNTS = {**{v: 4 for v in range(9)}, 9: 9}
DECK: tuple[Card, ...] = tuple(
    [v for v, n in _NUMBER_COUNTS.items() for _ in range(n)] + [p for p in Power for _ in range(3)]
)
DECK_COUNTS: Counter[str] = Counter(str(c) for c in DECK)


def card_to_json(card: Card) -> int | str:
    """Return the records/wire form of a card: an int 0-9 for a number card, a string otherwise."""
    return str(card) if isinstance(card, Power) else card


def is_card(value: Any) -> bool:
    """Return True only for a real card: an int 0-9 (not bool, not float) or a Power."""
    return isinstance(value, Power) or (type(value) is int and 0 <= value <= 9)


def parse_card(value: Any) -> Card:
    """Return the card named by a records/wire value; raise BadAction if there is no such card."""
    if type(value) is int and 0 <= value <= 9:
        return value
    if isinstance(value, str):
        try:
            return Power(value)
        except ValueError:
            pass
    raise BadAction("unknown_card", "There is no such card.")


def is_power(card: Card | None) -> bool:
    """Return True if `card` is a power card."""
    return isinstance(card, Power)


def points(card: Card) -> int:
    """Return a number card's points (R-SCORE-1); a power card is never scored (R-END-3)."""
    if isinstance(card, Power):
        raise ValueError("a power card has no points: it is replaced before scoring (R-END-3)")
    return card


def is_deck(cards: Any) -> bool:
    """Return True if `cards` is a list holding exactly the 54 cards of R-DECK-1."""
    return (isinstance(cards, list) and len(cards) == len(DECK) and all(is_card(c) for c in cards)
            and Counter(str(c) for c in cards) == DECK_COUNTS)
