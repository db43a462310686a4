"""Rat-a-Tat Cat views: what the TV/watchers (public) and each seat's phone may see right now.

Built field by field from the state, following the visibility table of the rules file: the
public view holds no face-down card (the kids variant's outer cards lie face up; after a round
every line is turned up), no card drawn from the pile (it shows once used as a power or
discarded, as the discard top) and no pile order. A seat's view adds only what that player may
see at this moment: the card it drew while it decides, its cards 1 and 4 while it looks
(R-LOOK-1), and the card it peeked at until its turn ends (R-POWER-1).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.engine.rat_a_tat_cat.cards import OUTER_POSITIONS, POSITIONS, Power, card_to_json
from game.engine.rat_a_tat_cat.ending import outcome
from game.engine.rat_a_tat_cat.rules import (
    GAME_ID,
    discard_dead,
    discard_takeable,
    face_up_positions,
    may_knock,
    swap_positions,
    to_act,
)
from game.engine.rat_a_tat_cat.state import Phase, Source, State, end_mode, kids, next_in

CardJson = int | str


@dataclass(frozen=True)
class SeatInfo:
    """What everyone sees of a seat: its line (None for a face-down card), and whether it is out."""

    seat: int
    out: bool
    line: tuple[CardJson | None, ...]
    looking: bool

    def to_dict(self) -> dict[str, Any]:
        """Return the seat as plain JSON-ready data."""
        return {"seat": self.seat, "out": self.out, "line": list(self.line), "looking": self.looking}


@dataclass(frozen=True)
class Glimpse:
    """One of the seat's own face-down cards that it may see now (its look, or its peek)."""

    position: int
    card: CardJson

    def to_dict(self) -> dict[str, Any]:
        """Return the glimpse as plain JSON-ready data."""
        return {"position": self.position, "card": self.card}


@dataclass(frozen=True)
class Legal:
    """The moves a seat may make now, in the compact form a phone renders buttons from.

    `replace` and `peek` are positions; a Swap takes one of `swap_positions` of the seat's own
    line and one of the same positions of a seat in `swap_seats`.
    """

    memorised: bool = False
    draw_pile: bool = False
    draw_discard: bool = False
    replace: tuple[int, ...] = ()
    discard: bool = False
    peek: tuple[int, ...] = ()
    swap_positions: tuple[int, ...] = ()
    swap_seats: tuple[int, ...] = ()
    swap_skip: bool = False
    draw2: bool = False
    knock: bool = False
    end_turn: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the moves as plain JSON-ready data."""
        out: dict[str, Any] = {}
        for name in _LEGAL_FIELDS:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class PublicView:
    """The table as the TV and watchers see it."""

    game: str
    players: int
    round: int
    dealer: int
    phase: str
    turn: int | None
    looking: tuple[int, ...]
    seats: tuple[SeatInfo, ...]
    pile: int
    discard_top: CardJson | None
    discard_dead: bool
    discard_size: int
    drawn_from: str | None          # where the card in the hand of the seat to act came from
    drawn_card: CardJson | None     # only when it came from the discard pile: everyone saw it
    draws_left: int                 # R-POWER-3
    knocker: int | None
    last_turns: int                 # R-END-2: turns left after the knock
    last_to_play: tuple[int, ...]   # R-END-2: the seats that still have their last turn, in turn order
    had_turn: tuple[int, ...]       # R-END-1: the seats that have had a turn this round
    end: dict[str, Any]
    kids: bool
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    eliminated: tuple[int, ...]
    result: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """Return the view as plain JSON-ready data (lists for tuples), field by field."""
        return {
            "game": self.game, "players": self.players, "round": self.round, "dealer": self.dealer,
            "phase": self.phase, "turn": self.turn, "looking": list(self.looking),
            "seats": [s.to_dict() for s in self.seats], "pile": self.pile, "discard_top": self.discard_top,
            "discard_dead": self.discard_dead, "discard_size": self.discard_size,
            "drawn_from": self.drawn_from, "drawn_card": self.drawn_card, "draws_left": self.draws_left,
            "knocker": self.knocker, "last_turns": self.last_turns,
            "last_to_play": list(self.last_to_play), "had_turn": list(self.had_turn),
            "end": dict(self.end), "kids": self.kids,
            "totals": list(self.totals), "round_scores": [list(r) for r in self.round_scores],
            "eliminated": list(self.eliminated),
            "result": None if self.result is None else {k: list(v) for k, v in self.result.items()},
        }


@dataclass(frozen=True)
class SeatView(PublicView):
    """One seat's view: the public view plus what only that seat may see now, and its moves."""

    seat: int = 0
    drawn: CardJson | None = None
    look: tuple[Glimpse, ...] = ()
    peek: Glimpse | None = None
    legal: Legal = Legal()

    def to_dict(self) -> dict[str, Any]:
        """Return the view as plain JSON-ready data: the public part, then the seat's own."""
        out = super().to_dict()
        out.update(seat=self.seat, drawn=self.drawn, look=[g.to_dict() for g in self.look],
                   peek=None if self.peek is None else self.peek.to_dict(), legal=self.legal.to_dict())
        return out


_LEGAL_FIELDS = tuple(f.name for f in fields(Legal))


def lines_turned_up(state: State) -> bool:
    """Return True once the round's lines are turned up (R-END-2): until the next deal."""
    return state.replacing or (state.phase in (Phase.DEAL, Phase.OVER) and state.round > 0)


def _line(state: State, seat: int) -> tuple[CardJson | None, ...]:
    line = state.lines[seat]
    if lines_turned_up(state):
        return tuple(card_to_json(c) for c in line)
    shown = face_up_positions(state)
    return tuple(card_to_json(c) if p in shown else None for p, c in zip(POSITIONS, line))


def _public_fields(state: State) -> dict[str, Any]:
    result = outcome(state)
    if result is not None:
        result = {k: result[k] for k in ("totals", "winners", "eliminated")}
    deciding = state.phase is Phase.DECIDE
    from_discard = deciding and state.drawn_from is Source.DISCARD
    return dict(
        game=GAME_ID,
        players=state.players,
        round=state.round,
        dealer=state.dealer,
        phase=str(state.phase),
        turn=state.turn,
        looking=tuple(s for s in range(state.players) if state.phase is Phase.LOOK and state.looking[s]),
        seats=tuple(SeatInfo(s, state.out[s], _line(state, s), state.phase is Phase.LOOK and state.looking[s])
                    for s in range(state.players)),
        pile=len(state.pile),
        discard_top=card_to_json(state.discard[-1]) if state.discard else None,
        discard_dead=discard_dead(state),
        discard_size=len(state.discard),
        drawn_from=str(state.drawn_from) if deciding and state.drawn_from else None,
        drawn_card=card_to_json(state.drawn) if from_discard and state.drawn is not None else None,
        draws_left=state.draws_left,
        knocker=state.knocker,
        last_turns=state.last_turns if state.knocker is not None else 0,
        last_to_play=_last_to_play(state),
        had_turn=tuple(s for s in range(state.players) if state.had_turn[s]),
        end={"mode": end_mode(state), **{k: v for k, v in state.options["end"].items() if k != "mode"}},
        kids=kids(state),
        totals=tuple(state.totals),
        round_scores=tuple(tuple(r) for r in state.round_scores),
        eliminated=tuple(state.eliminated),
        result=result,
    )


def public_view(state: State) -> PublicView:
    """Return what the TV and watchers may see."""
    return PublicView(**_public_fields(state))


def legal_for(state: State, seat: int) -> Legal:
    """Return the compact legal moves of `seat` (empty when it may not act)."""
    if seat not in to_act(state):
        return Legal()
    if state.phase is Phase.LOOK:
        return Legal(memorised=True)
    if state.phase is Phase.DRAW:
        return Legal(draw_pile=True, draw_discard=discard_takeable(state))
    if state.phase is Phase.END_TURN:
        return Legal(knock=may_knock(state), end_turn=True)
    if state.drawn_from is Source.DISCARD:
        return Legal(replace=POSITIONS)
    drawn = state.drawn
    swapping = drawn is Power.SWAP
    return Legal(
        replace=POSITIONS,
        discard=True,
        peek=POSITIONS if drawn is Power.PEEK else (),
        swap_positions=swap_positions(state) if swapping else (),
        swap_seats=tuple(s for s in state.seats_in() if s != seat) if swapping else (),
        swap_skip=swapping,
        draw2=drawn is Power.DRAW2,
    )


def _look(state: State, seat: int) -> tuple[Glimpse, ...]:
    if state.phase is not Phase.LOOK or not state.looking[seat]:
        return ()
    return tuple(Glimpse(p, card_to_json(state.lines[seat][p - 1])) for p in OUTER_POSITIONS)


def _peek(state: State, seat: int) -> Glimpse | None:
    if state.peeked is None or state.turn != seat:
        return None
    return Glimpse(state.peeked, card_to_json(state.lines[seat][state.peeked - 1]))


def view_for(state: State, seat: int) -> SeatView:
    """Return what `seat`'s phone (and a bot in that seat) may see now."""
    mine = state.phase is Phase.DECIDE and state.turn == seat and state.drawn is not None
    return SeatView(
        **_public_fields(state),
        seat=seat,
        drawn=card_to_json(state.drawn) if mine else None,  # type: ignore[arg-type]
        look=_look(state, seat),
        peek=_peek(state, seat),
        legal=legal_for(state, seat),
    )


# ---------------------------------------------------------------- the wire schema
# Field whitelists of this game's views and events (game/protocol/ shapes every outbound
# message with them): a key maps to None (a JSON leaf) or to a nested schema.

_GLIMPSE = {"position": None, "card": None}
PUBLIC_SCHEMA: dict[str, Any] = {
    "game": None, "players": None, "round": None, "dealer": None, "phase": None, "turn": None,
    "looking": None, "seats": {"seat": None, "out": None, "line": None, "looking": None},
    "pile": None, "discard_top": None, "discard_dead": None, "discard_size": None, "drawn_from": None,
    "drawn_card": None, "draws_left": None, "knocker": None, "last_turns": None, "last_to_play": None,
    "had_turn": None,
    "end": {"mode": None, "rounds": None, "minutes": None, "limit": None}, "kids": None,
    "totals": None, "round_scores": None, "eliminated": None,
    "result": {"totals": None, "winners": None, "eliminated": None},
}
SEAT_SCHEMA: dict[str, Any] = {
    **PUBLIC_SCHEMA,
    "seat": None, "drawn": None, "look": _GLIMPSE, "peek": _GLIMPSE,
    "legal": {name: None for name in _LEGAL_FIELDS},
}
EVENT_SCHEMAS: dict[str, dict[str, Any]] = {
    "round_dealt": {"round": None, "dealer": None, "seats": None, "discard": None, "pile": None},
    "look": {"seats": None},
    "memorised": {"seat": None},
    "turn": {"seat": None, "last": None},
    "drew": {"seat": None, "source": None, "card": None},
    "you_drew": {"card": None},
    "replaced": {"seat": None, "position": None, "discarded": None, "card": None},
    "you_placed": {"position": None, "card": None},
    "discarded": {"seat": None, "card": None},
    "draw_again": {"seat": None, "draws_left": None},
    "power_used": {"seat": None, "power": None},
    "peeked": {"seat": None, "position": None},
    "you_peeked": {"position": None, "card": None},
    "swapped": {"seat": None, "position": None, "other_seat": None, "other_position": None},
    "swap_skipped": {"seat": None},
    "turn_end": {"seat": None, "may_knock": None},
    "knocked": {"seat": None},
    "pile_empty": {"seat": None},
    "reshuffled": {"pile": None},
    "revealed": {"lines": None},
    "power_drawn": {"seat": None, "position": None, "card": None},
    "power_replaced": {"seat": None, "position": None, "power": None, "card": None},
    "round_scored": {"round": None, "scores": None, "totals": None},
    "eliminated": {"seats": None},
    "next_dealer": {"seat": None},
    "time_up": {"round": None},
    "game_over": {"totals": None, "winners": None, "eliminated": None, "round_scores": None},
}


def _last_to_play(state: State) -> tuple[int, ...]:
    """Return the seats that still have their last turn after a knock (R-END-2), the one to act first."""
    if state.knocker is None or state.phase not in (Phase.DRAW, Phase.DECIDE, Phase.END_TURN, Phase.RESHUFFLE):
        return ()
    seats, seat = [], state.turn
    for _ in range(state.last_turns):
        seats.append(seat)
        seat = next_in(state, seat)
    return tuple(seats)
