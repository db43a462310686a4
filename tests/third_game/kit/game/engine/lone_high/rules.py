"""Lone High's rules: 3 to 6 players each hold the cards 1 to 8. Each round everyone secretly picks one of
their cards at once; then all are shown, and the highest card that only one player picked scores its
number for that player (no lone card: nobody scores). Played cards are gone. After ROUNDS rounds the
highest total wins (equal totals share the win). No chance: the deal is always the same.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field
from typing import Any

from game.engine.common import BadAction, Event, IllegalAction, require_int

GAME_ID = "lone-high"
MIN_PLAYERS, MAX_PLAYERS = 3, 6
CARDS = tuple(range(1, 9))
ROUNDS = 8  # every card is played: a game is 8 moves a seat (24 at 3 seats)


@dataclass(frozen=True)
class Pick:
    """A seat's one move: pick `card` from its hand."""

    card: int
    type: str = "pick"

    def to_dict(self) -> dict[str, Any]:
        """Return the move as the wire, the log and the records write it."""
        return {"type": "pick", "card": self.card}


@dataclass
class State:
    """The whole game: hands, this round's picks (None: not yet), every round's picks and the totals."""

    players: int
    hands: list[list[int]]
    picks: list[int | None]
    history: list[list[int]] = field(default_factory=list)  # each finished round's picks, by seat
    totals: list[int] = field(default_factory=list)

    @property
    def round(self) -> int:
        """Return the round being played (ROUNDS + 1 once the game is over)."""
        return len(self.history) + 1

    @property
    def over(self) -> bool:
        return len(self.history) >= ROUNDS

    def serialize(self) -> str:
        """Return the state as canonical JSON (byte-identical comparisons)."""
        return json.dumps(asdict(self), sort_keys=True)


def new_game(players: int, rng: random.Random, options: dict[str, Any]) -> State:
    """Return a fresh game of `players` (`rng` is not used: nothing is left to chance)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"{GAME_ID} is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return State(players, [list(CARDS) for _ in range(players)], [None] * players, [], [0] * players)


def setup(state: State) -> dict[str, Any]:
    """Return what rebuilds the game: only the number of players."""
    return {"players": state.players}


def from_setup(players: int, data: dict[str, Any], options: dict[str, Any]) -> State:
    """Return the game a record's setup describes; raise ValueError if it is not for `players`."""
    if not isinstance(data, dict) or data.get("players") != players:
        raise ValueError(f"the setup is not for {players} players")
    return new_game(players, random.Random(0), options)


def parse_action(raw: Any) -> Pick:
    """Return the move a phone sent; raise BadAction for any other shape."""
    if not isinstance(raw, dict) or raw.get("type") != "pick":
        raise BadAction("unknown_action", "Unknown action.")
    return Pick(require_int(raw.get("card"), "card"))


def to_act(state: State) -> frozenset[int]:
    """Return the seats that still have to pick this round."""
    if state.over:
        return frozenset()
    return frozenset(s for s in range(state.players) if state.picks[s] is None)


def legal_actions(state: State, seat: int) -> list[Pick]:
    """Return every move `seat` may make now."""
    return [Pick(c) for c in state.hands[seat]] if seat in to_act(state) else []


def check(state: State, seat: int, action: Any) -> None:
    """Raise BadAction/IllegalAction unless `seat` may make `action` now; never changes the state."""
    if not isinstance(action, Pick):
        raise BadAction("unknown_action", "Unknown action.")
    if not 0 <= seat < state.players or seat not in to_act(state):
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if action.card not in state.hands[seat]:
        raise IllegalAction("card_not_held", "You do not hold the card {card}.", card=action.card)


def lone_high(picks: list[int]) -> int | None:
    """Return the seat whose card is the highest one nobody else picked, or None."""
    lone = [c for c in picks if picks.count(c) == 1]
    return picks.index(max(lone)) if lone else None


def apply(state: State, seat: int, action: Pick) -> list[Event]:
    """Make the (checked) move; when the last seat has picked, show the round and score it."""
    check(state, seat, action)
    state.hands[seat].remove(action.card)
    state.picks[seat] = action.card
    events = [Event("picked", None, {"seat": seat}), Event("my_pick", seat, {"card": action.card})]
    if all(p is not None for p in state.picks):
        picks = [int(p) for p in state.picks]  # type: ignore[arg-type]
        winner = lone_high(picks)
        if winner is not None:
            state.totals[winner] += picks[winner]
        state.history.append(picks)
        state.picks = [None] * state.players
        events.append(Event("revealed", None, {"round": len(state.history), "picks": picks, "scorer": winner,
                                               "points": picks[winner] if winner is not None else 0}))
        if state.over:
            events.append(Event("game_over", None, {}))
    return events


def timeout_action(state: State, seat: int, rng: random.Random) -> Pick:
    """Return the turn timer's move: the lowest card left."""
    return Pick(min(state.hands[seat]))


def timer_key(state: State) -> tuple[Any, ...]:
    """Return what identifies one decision on the clock: the round (everyone picks at once)."""
    return (state.round,)


def winners(state: State) -> tuple[int, ...]:
    """Return the seats with the highest total."""
    best = max(state.totals)
    return tuple(s for s, t in enumerate(state.totals) if t == best)
