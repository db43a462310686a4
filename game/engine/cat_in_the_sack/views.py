"""Cat in the Sack views: what the TV/watchers (public) and each seat's phone may see.

Built field by field from the state, following the visibility table of the rules file: a
public view holds no hand, no face-down card, no removed card, no neutral deck card and no
player's mice (F-SECRET-1/2); a seat view adds only that seat's own secrets and legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from game.engine.cat_in_the_sack import (
    GAME_ID,
    OFFER_PRICE,
    ROUNDS,
    Phase,
    State,
    card_to_json,
    final_scores,
    highest_bid,
    max_bid,
    pass_takes,
    to_act,
)


@dataclass(frozen=True)
class RowCardView:
    """A row position: its owner (None: neutral deck) and its card, None while face down."""

    index: int
    owner: int | None
    face_up: bool
    card: int | str | None
    mine: bool = False


@dataclass(frozen=True)
class SeatInfo:
    """What everyone sees of a seat."""

    seat: int
    hand_count: int
    bid: int
    passed: bool
    chosen: bool
    won_count: int
    won_cards: tuple[int | str, ...] | None  # only with the "open piles" option (F-SECRET-2)


@dataclass(frozen=True)
class Legal:
    """The moves a seat may make now, in the compact form a phone renders buttons from."""

    play: tuple[int | str, ...] = ()
    bid_min: int | None = None
    bid_max: int | None = None
    can_pass: bool = False
    pass_takes: int = 0
    buy: bool = False
    buy_price: int = 1


@dataclass(frozen=True)
class PublicView:
    """The table as the TV and watchers see it."""

    game: str
    players: int
    round: int
    rounds: int
    phase: str
    start_player: int
    turn: int | None
    waiting_for: tuple[int, ...]
    row: tuple[RowCardView, ...]
    mouse_cards: tuple[tuple[int, int], ...]
    bank: int
    highest_bid: int
    seats: tuple[SeatInfo, ...]
    neutral_left: int
    open_piles: bool
    result: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """Return the view as plain JSON-ready data (what dataclasses.asdict gives, several times faster)."""
        return _plain(self)


@dataclass(frozen=True)
class SeatView(PublicView):
    """One seat's view: the public view plus its own hand, mice, won pile, chosen card, moves."""

    seat: int = 0
    hand: tuple[int | str, ...] = ()
    mice: int = 0
    won_pile: tuple[int | str, ...] = ()
    chosen_card: int | str | None = None
    legal: Legal = Legal()


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _plain(value: Any) -> Any:
    # dataclasses.asdict deep-copies every leaf; views hold only immutable leaves, so skip that
    kind = type(value)
    if kind in (int, str, bool, float) or value is None:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES.get(kind)
        if names is None:
            names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(value))
        return {name: _plain(getattr(value, name)) for name in names}
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _row(state: State, seat: int | None) -> tuple[RowCardView, ...]:
    out = []
    for i, rc in enumerate(state.row):
        mine = seat is not None and rc.owner == seat
        shown = rc.face_up or mine  # my own face-down card: only on my phone
        out.append(RowCardView(i, rc.owner, rc.face_up, card_to_json(rc.card) if shown else None, mine))
    return tuple(out)


def _public_fields(state: State, seat: int | None) -> dict[str, Any]:
    open_piles = bool(state.options.get("open_piles"))
    seats = tuple(
        SeatInfo(
            seat=s,
            hand_count=len(state.hands[s]),
            bid=state.bids[s],
            passed=state.passed[s],
            chosen=state.chosen[s] is not None,
            won_count=len(state.won_piles[s]),
            won_cards=tuple(card_to_json(c) for c in state.won_piles[s]) if open_piles else None,
        )
        for s in range(state.players)
    )
    result = final_scores(state)
    return dict(
        game=GAME_ID,
        players=state.players,
        round=state.round,
        rounds=ROUNDS,
        phase=str(state.phase),
        start_player=state.start_player,
        turn=state.turn,
        waiting_for=tuple(sorted(to_act(state))) if state.phase is Phase.CHOOSE else (),
        row=_row(state, seat),
        mouse_cards=tuple((m.value, m.mice) for m in state.mouse_cards),
        bank=state.bank,
        highest_bid=highest_bid(state),
        seats=seats,
        neutral_left=len(state.neutral_deck),
        open_piles=open_piles,
        result=result.to_dict() if result else None,
    )


def public_view(state: State) -> PublicView:
    """Return what the TV and watchers may see."""
    return PublicView(**_public_fields(state, None))


def legal_for(state: State, seat: int) -> Legal:
    """Return the compact legal moves of `seat` (empty when it may not act)."""
    if seat not in to_act(state):
        return Legal()
    if state.phase is Phase.CHOOSE:
        return Legal(play=tuple(card_to_json(c) for c in state.hands[seat]))
    if state.phase is Phase.OFFER:
        return Legal(can_pass=True, buy=state.mice[seat] >= OFFER_PRICE, buy_price=OFFER_PRICE)
    low, high = highest_bid(state) + 1, max_bid(state, seat)
    return Legal(
        bid_min=low if low <= high else None,
        bid_max=high if low <= high else None,
        can_pass=True,
        pass_takes=pass_takes(state),
    )


def view_for(state: State, seat: int) -> SeatView:
    """Return what `seat`'s phone (and a bot in that seat) may see."""
    chosen = state.chosen[seat]
    return SeatView(
        **_public_fields(state, seat),
        seat=seat,
        hand=tuple(card_to_json(c) for c in state.hands[seat]),
        mice=state.mice[seat],
        won_pile=tuple(card_to_json(c) for c in state.won_piles[seat]),
        chosen_card=card_to_json(chosen) if chosen is not None else None,
        legal=legal_for(state, seat),
    )


# ---------------------------------------------------------------- the wire schema
# Field whitelists of this game's views and events (game/protocol/ shapes every outbound
# message with them): a key maps to None (a JSON leaf) or to a nested schema. A field added to
# a view does not reach the wire until it is named here.

_RESULT = {"scores": {"seat": None, "cats": None, "mice": None, "total": None},
           "winners": None, "tie_break": None}
PUBLIC_SCHEMA: dict[str, Any] = {
    "game": None, "players": None, "round": None, "rounds": None, "phase": None,
    "start_player": None, "turn": None, "waiting_for": None,
    "row": {"index": None, "owner": None, "face_up": None, "card": None, "mine": None},
    "mouse_cards": None, "bank": None, "highest_bid": None,
    "seats": {"seat": None, "hand_count": None, "bid": None, "passed": None, "chosen": None,
              "won_count": None, "won_cards": None},
    "neutral_left": None, "open_piles": None, "result": _RESULT,
}
SEAT_SCHEMA: dict[str, Any] = {
    **PUBLIC_SCHEMA,
    "seat": None, "hand": None, "mice": None, "won_pile": None, "chosen_card": None,
    "legal": {"play": None, "bid_min": None, "bid_max": None, "can_pass": None,
              "pass_takes": None, "buy": None, "buy_price": None},
}
EVENT_SCHEMAS: dict[str, dict[str, Any]] = {
    "card_chosen": {"seat": None},
    "my_card_chosen": {"seat": None, "card": None},
    "row_laid": {"owners": None},
    "card_revealed": {"index": None, "card": None},
    "turn": {"seat": None},
    "bid": {"seat": None, "total": None},
    "passed": {"seat": None, "returned": None, "took": None, "mouse_card": None},
    "offer": {"seat": None, "price": None},
    "round_void": {"seat": None, "cards": None},
    "dogs": {"dogs": None, "chased": None},
    "sack_won": {"seat": None, "paid": None, "cards": None, "value": None},
    "start_player": {"seat": None},
    "round_started": {"round": None, "start_player": None, "refill": None, "mouse_cards": None},
    "game_over": {"scores": _RESULT["scores"], "winners": None, "tie_break": None},
}
DETAIL_SCHEMA: dict[str, Any] = {"scores": {**_RESULT["scores"], "won": None}, "tie_break": None}
# `to_dict` methods that return exactly the dataclass's fields, recursively: the protocol may
# shape such a view straight from its objects (the same output at about half the cost).
FIELD_TO_DICTS = frozenset({PublicView.to_dict})
