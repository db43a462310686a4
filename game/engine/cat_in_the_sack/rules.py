"""Cat in the Sack (Filou): the pure rules engine — setup, choosing, auction, dogs, scoring.

Rulings are named by their ids from shared/rules/cat-in-the-sack.md. The engine is pure: all
randomness comes from the injected random.Random, and it never logs, sleeps or does I/O.
`apply` mutates the state it is given, but only after `check` has accepted the action.
The nouns it works on (actions, the state, events) are in `state`, the cards
in `cards`; both are re-exported here.
"""

from __future__ import annotations

import json
import random
from typing import Any

from game.engine.cat_in_the_sack.cards import (
    CAT_VALUES,
    DOGS,
    PLAYER_SET,
    Card,
    Special,
    card_to_json,
    card_value,
    chase,
    is_card,
    parse_card,
)
from game.engine.cat_in_the_sack.state import (
    BUY,
    PASS,
    Action,
    ActionType,
    Event,
    FinalScores,
    MouseCard,
    Phase,
    RowCard,
    Score,
    State,
    bid,
    parse_action,
    play,
)
from game.engine.common import BadAction, Course, IllegalAction, Outcome, OptionSpec, require_int

__all__ = [
    "BUY", "CAT_VALUES", "DOGS", "GAME_ID", "HAND_SIZE", "MAX_PLAYERS", "MIN_PLAYERS",
    "MONEY_TOTAL", "MOUSE_CARDS", "OFFER_PRICE", "PASS", "PLAYER_SET", "ROUNDS", "START_MICE",
    "OPTIONS", "Action", "ActionType", "Card", "Event", "FinalScores", "MouseCard", "Phase", "RowCard", "Score", "Special", "State",
    "apply", "bid", "card_places", "card_to_json", "card_value", "chase", "check", "from_setup",
    "final_scores", "highest_bid", "is_card", "legal_actions", "max_bid", "money_in_play", "new_game", "outcome",
    "parse_action", "parse_card", "pass_takes", "play", "timeout_action", "timer_key", "to_act",
]

GAME_ID = "cat-in-the-sack"
MIN_PLAYERS = 3
MAX_PLAYERS = 5
ROUNDS = 9
HAND_SIZE = 9

# players -> (mouse cards used, total money in play) (Setup table, F-MONEY-2)
MOUSE_CARDS = {3: (3, 6), 4: (2, 4, 6), 5: (2, 3, 4, 6)}
MONEY_TOTAL = {3: 66, 4: 87, 5: 108}
START_MICE = 15
OFFER_PRICE = 1  # F-OFFER-1: the row for 1 mouse

# the game's options (design.md: declared by the game, validated and rendered by the platform)
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("open_piles", "bool", False),  # F-SECRET-2: the TV shows everyone's won cats
)


def _ev(kind: str, to: int | None = None, **data: Any) -> Event:
    return Event(kind, to, data)


# ---------------------------------------------------------------- setup


def new_game(players: int, rng: random.Random, options: dict[str, Any] | None = None,
             start_player: int | None = None) -> State:
    """Return a new game dealt with `rng` (F-SETUP-1..4); raise ValueError for a bad seat count."""
    _require_players(players)
    hands: list[list[Card]] = []
    removed: list[Card] = []
    for _ in range(players):
        cards = list(PLAYER_SET)
        rng.shuffle(cards)
        removed.append(cards.pop())
        hands.append(sorted(cards, key=_hand_order))
    setup: dict[str, Any] = {
        "start_player": rng.randrange(players) if start_player is None else start_player,
        "hands": [[card_to_json(c) for c in h] for h in hands],
        "removed": [card_to_json(c) for c in removed],
    }
    if players == 3:
        deck = list(PLAYER_SET)
        rng.shuffle(deck)
        gone = deck.pop()
        # key order as docs/records.md writes it, so a record's setup reads the same everywhere
        setup["neutral_deck"] = [card_to_json(c) for c in deck]
        setup["neutral_removed"] = card_to_json(gone)
    return from_setup(players, setup, options)


def from_setup(players: int, setup: dict[str, Any], options: dict[str, Any] | None = None) -> State:
    """Return the game a records `setup` describes; raise ValueError if the setup is inconsistent."""
    _require_players(players)
    try:
        hands = [[parse_card(c) for c in h] for h in setup["hands"]]
        removed = [parse_card(c) for c in setup["removed"]]
        start = setup["start_player"]
        neutral = [parse_card(c) for c in setup.get("neutral_deck", [])]
        raw_neutral_removed = setup.get("neutral_removed")
        neutral_removed = None if raw_neutral_removed is None else parse_card(raw_neutral_removed)
    except (KeyError, TypeError, AttributeError, BadAction) as exc:
        raise ValueError(f"bad setup: {exc}") from None
    if len(hands) != players or len(removed) != players:
        raise ValueError("setup needs one hand and one removed card per seat")
    for hand, gone in zip(hands, removed):
        if len(hand) != HAND_SIZE or sorted(map(str, hand + [gone])) != sorted(map(str, PLAYER_SET)):
            raise ValueError("each hand plus its removed card must be one full set")
    if players == 3:
        if len(neutral) != HAND_SIZE or neutral_removed is None:
            raise ValueError("3 players need a 9-card neutral deck and its removed card")
        if sorted(map(str, neutral + [neutral_removed])) != sorted(map(str, PLAYER_SET)):
            raise ValueError("the neutral deck plus its removed card must be one full set")
    elif neutral or neutral_removed is not None:
        raise ValueError("only 3 players use a neutral deck")
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
        raise ValueError("start_player must be a seat")
    mouse_cards = [MouseCard(v, v) for v in MOUSE_CARDS[players]]  # F-SETUP-2
    bank = MONEY_TOTAL[players] - START_MICE * players - sum(m.value for m in mouse_cards)
    state = State(
        players=players,
        options=dict(options or {}),
        setup=json.loads(json.dumps(setup)),
        hands=hands,
        neutral_deck=neutral,
        mouse_cards=mouse_cards,
        bank=bank,
        mice=[START_MICE] * players,
        start_player=start,
        chosen=[None] * players,
        bids=[0] * players,
        passed=[False] * players,
        won_piles=[[] for _ in range(players)],
    )
    return state


def _require_players(players: int) -> None:
    if players not in MOUSE_CARDS:
        raise ValueError(f"Cat in the Sack is for {MIN_PLAYERS}-{MAX_PLAYERS} players")


def _hand_order(card: Card) -> tuple[int, int]:
    order = {Special.RABBIT: 0, Special.SMALL_DOG: 1, Special.BIG_DOG: 2}
    return (1, order[card]) if isinstance(card, Special) else (0, card)


# ---------------------------------------------------------------- queries


def to_act(state: State) -> frozenset[int]:
    """Return the seats that may act now."""
    if state.phase is Phase.CHOOSE:
        return frozenset(s for s in range(state.players) if state.chosen[s] is None)
    if state.phase in (Phase.AUCTION, Phase.OFFER) and state.turn is not None:
        return frozenset({state.turn})
    return frozenset()


def highest_bid(state: State) -> int:
    """Return the highest total on the table (0 if no one has bid)."""
    return max(state.bids)


def max_bid(state: State, seat: int) -> int:
    """Return the largest total `seat` could bid: its mice plus the bid already in front of it."""
    return state.mice[seat] + state.bids[seat]


def pass_takes(state: State) -> int:
    """Return the mice a pass would take from the mouse cards now (F-PASS-1)."""
    card = _lowest_filled_mouse_card(state)
    return card.mice if card else 0


def legal_actions(state: State, seat: int) -> list[Action]:
    """Return every action `seat` may take now (bids enumerated one per legal total)."""
    if seat not in to_act(state):
        return []
    if state.phase is Phase.CHOOSE:
        return [play(c) for c in state.hands[seat]]
    if state.phase is Phase.OFFER:
        return ([BUY] if state.mice[seat] >= OFFER_PRICE else []) + [PASS]
    low = highest_bid(state) + 1
    return [bid(t) for t in range(low, max_bid(state, seat) + 1)] + [PASS]


def check(state: State, seat: int, action: Action) -> None:
    """Raise BadAction or IllegalAction if `seat` may not take `action` now; never mutate."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise BadAction("bad_seat", "There is no such seat.")
    if not isinstance(action, Action):
        raise BadAction("bad_action", "An action must be an object.")
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", "The game is over.")
    if action.type is ActionType.PLAY:
        if state.phase is not Phase.CHOOSE:
            raise IllegalAction("not_choosing", "Cards are chosen only at the start of a round.")
        if state.chosen[seat] is not None:
            raise IllegalAction("already_chosen", "You have already chosen your card this round.")
        # `in` compares with ==, so 3.0 or True would match a cat: only a real card may pass
        if not is_card(action.card) or action.card not in state.hands[seat]:
            raise IllegalAction("card_not_in_hand", "That card is not in your hand.")
        return
    if state.phase is Phase.CHOOSE:
        raise IllegalAction("choose_first", "First everyone chooses a card for the row.")
    if state.turn != seat:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if action.type is ActionType.BID:
        total = require_int(action.total, "total")
        if state.phase is Phase.OFFER:
            raise IllegalAction("offer_buy_or_pass", "Buy the row for 1 mouse, or pass.")
        if total < 1:
            raise IllegalAction("bid_at_least_one", "A bid must be at least 1 mouse.")
        if total <= highest_bid(state):
            raise IllegalAction("bid_too_low", "Bid more than {highest}.", highest=highest_bid(state))
        if total > max_bid(state, seat):
            raise IllegalAction("bid_too_high", "You have only {mice} mice.", mice=max_bid(state, seat))
    elif action.type is ActionType.BUY:
        if state.phase is not Phase.OFFER:
            raise IllegalAction("no_offer", "The row is not on offer.")
        if state.mice[seat] < OFFER_PRICE:
            raise IllegalAction("cannot_afford", "You have no mouse to pay with.")
    elif action.type is not ActionType.PASS:
        raise BadAction("unknown_action", "Unknown action.")


# ---------------------------------------------------------------- transitions


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Check `action`, then carry it out on `state`; return the events it caused."""
    check(state, seat, action)
    if action.type is ActionType.PLAY:
        return _choose(state, seat, action.card)  # type: ignore[arg-type]
    if state.phase is Phase.OFFER:
        return _buy(state, seat) if action.type is ActionType.BUY else _void(state, seat)
    if action.type is ActionType.BID:
        return _bid(state, seat, action.total)  # type: ignore[arg-type]
    return _pass(state, seat)


def _choose(state: State, seat: int, card: Card) -> list[Event]:
    state.hands[seat].remove(card)
    state.chosen[seat] = card
    events = [_ev("card_chosen", seat=seat), _ev("my_card_chosen", to=seat, seat=seat, card=card_to_json(card))]
    if all(c is not None for c in state.chosen):
        events += _lay_row(state)
    return events


def _lay_row(state: State) -> list[Event]:
    """Lay the row in seat order from the start player (F-PLAY-1/2) and turn its first card."""
    row: list[RowCard] = []
    if state.players == 3:
        row.append(RowCard(state.neutral_deck.pop(0), None))
    for i in range(state.players):
        seat = (state.start_player + i) % state.players
        row.append(RowCard(state.chosen[seat], seat))  # type: ignore[arg-type]
    state.row = row
    state.chosen = [None] * state.players
    state.phase = Phase.AUCTION
    state.turn = state.start_player
    events = [_ev("row_laid", owners=[rc.owner for rc in row])]
    events += _reveal(state, 0)  # F-REVEAL-1
    events.append(_ev("turn", seat=state.turn))
    return events


def _reveal(state: State, *indexes: int) -> list[Event]:
    events = []
    for i in indexes:
        if i < len(state.row) and not state.row[i].face_up:
            state.row[i].face_up = True
            events.append(_ev("card_revealed", index=i, card=card_to_json(state.row[i].card)))
    return events


def _next_bidder(state: State, seat: int) -> int:
    for step in range(1, state.players + 1):
        nxt = (seat + step) % state.players
        if not state.passed[nxt]:
            return nxt
    return seat


def _bid(state: State, seat: int, total: int) -> list[Event]:
    state.mice[seat] -= total - state.bids[seat]
    state.bids[seat] = total
    state.turn = _next_bidder(state, seat)
    return [_ev("bid", seat=seat, total=total), _ev("turn", seat=state.turn)]


def _lowest_filled_mouse_card(state: State) -> MouseCard | None:
    return next((m for m in state.mouse_cards if m.mice > 0), None)


def _pass(state: State, seat: int) -> list[Event]:
    returned = state.bids[seat]
    state.mice[seat] += returned
    state.bids[seat] = 0
    card = _lowest_filled_mouse_card(state)  # F-PASS-1
    took = 0
    if card is not None:
        took, card.mice = card.mice, 0
        state.mice[seat] += took
    state.passed[seat] = True
    events = [_ev("passed", seat=seat, returned=returned, took=took,
                  mouse_card=card.value if card else None)]
    passes = sum(state.passed)
    left = [s for s in range(state.players) if not state.passed[s]]
    # F-REVEAL-2: 4-5 players turn card k+1 after the k-th pass; 3 players turn the start
    # player's card after the first pass and the last two when one player is left.
    if state.players == 3:
        events += _reveal(state, 1) if passes == 1 else _reveal(state, 2, 3)
    else:
        events += _reveal(state, passes)
    if len(left) > 1:
        state.turn = _next_bidder(state, seat)
        events.append(_ev("turn", seat=state.turn))
        return events
    last = left[0]
    if state.bids[last] > 0:  # F-END-1
        paid = state.bids[last]
        state.bids[last] = 0
        state.bank += paid
        return events + _win(state, last, paid)
    state.phase = Phase.OFFER  # F-OFFER-1
    state.turn = last
    events += _reveal(state, *range(len(state.row)))
    events += [_ev("offer", seat=last, price=OFFER_PRICE), _ev("turn", seat=last)]
    return events


def _buy(state: State, seat: int) -> list[Event]:
    state.mice[seat] -= OFFER_PRICE
    state.bank += OFFER_PRICE
    return _win(state, seat, OFFER_PRICE)


def _void(state: State, seat: int) -> list[Event]:
    """F-VOID-1/2: the row leaves the game; the start player stays; no refill next round."""
    state.passed[seat] = True
    state.out_of_game += [rc.card for rc in state.row]
    events = [_ev("passed", seat=seat, returned=0, took=0, mouse_card=None),
              _ev("round_void", seat=seat, cards=[card_to_json(rc.card) for rc in state.row])]
    state.row = []
    state.previous_round_void = True
    return events + _end_round(state)


def _win(state: State, seat: int, paid: int) -> list[Event]:
    row = [rc.card for rc in state.row]
    kept, chases = chase(row)
    events = [_ev("dogs", **c) for c in chases]
    gone = list(row)  # the dogs and the card they chased leave the game
    for c in kept:
        gone.remove(c)
    state.out_of_game += gone
    state.won_piles[seat] += kept  # F-WIN-1
    state.row = []
    # F-WIN-1: the winner starts the next round; after the last round there is none to start.
    moved = state.start_player != seat and state.round < ROUNDS
    if moved:
        state.start_player = seat
    state.previous_round_void = False
    events.append(_ev("sack_won", seat=seat, paid=paid, cards=[card_to_json(c) for c in kept],
                      value=sum(card_value(c) for c in kept)))
    if moved:
        events.append(_ev("start_player", seat=seat))
    return events + _end_round(state)


def _end_round(state: State) -> list[Event]:
    state.passed = [False] * state.players
    state.turn = None
    state.points_by_round.append([_points(state, s) for s in range(state.players)])
    if state.round == ROUNDS:
        state.phase = Phase.OVER
        final = final_scores(state)
        assert final is not None
        return [_ev("game_over", **final.to_dict())]
    state.round += 1
    state.phase = Phase.CHOOSE
    need = sum(m.value for m in state.mouse_cards)
    if state.previous_round_void:  # F-VOID-2
        refill = "void"
    elif state.bank < need:  # F-FILL-2
        refill = "bank_short"
    else:  # F-FILL-1
        for m in state.mouse_cards:
            m.mice += m.value
        state.bank -= need
        refill = "filled"
    return [_ev("round_started", round=state.round, start_player=state.start_player, refill=refill,
                mouse_cards=[[m.value, m.mice] for m in state.mouse_cards])]


# ---------------------------------------------------------------- results


def _cat_points(state: State, seat: int) -> int:
    return sum(card_value(c) for c in state.won_piles[seat])


def _points(state: State, seat: int) -> int:
    """Return what `seat` would score now (F-SCORE-1): its won cats plus its mice (between rounds no bid is out)."""
    return _cat_points(state, seat) + state.mice[seat]


def final_scores(state: State) -> FinalScores | None:
    """Return the scores and winners once the 9 rounds are over (F-SCORE-1/2), else None."""
    if state.phase is not Phase.OVER:
        return None
    scores = []
    for s in range(state.players):
        cats = _cat_points(state, s)
        scores.append(Score(s, cats, state.mice[s], cats + state.mice[s]))
    best = max(sc.total for sc in scores)
    tied = [sc for sc in scores if sc.total == best]
    best_cats = max(sc.cats for sc in tied)
    winners = tuple(sc.seat for sc in tied if sc.cats == best_cats)
    return FinalScores(tuple(scores), winners, tie_break=len(tied) > 1 and len(winners) < len(tied))


def outcome(state: State) -> Outcome | None:
    """Return the platform's outcome (totals, winners, the record's result) once the game is over."""
    final = final_scores(state)
    if final is None:
        return None
    scores = [s.to_dict() for s in final.scores]
    # the points after each round hold every seat's mice: only now, the game over, may the table see them
    course = Course(tuple(tuple(r[s] for r in state.points_by_round) for s in range(state.players)))
    # the won piles are turned up to count once the game is over (F-SCORE-1): the score screens show them
    shown = [{**score, "won": _won_shown(state.won_piles[score["seat"]])} for score in scores]
    return Outcome(winners=final.winners, totals=tuple(s.total for s in final.scores),
                   result={"scores": scores, "winners": list(final.winners)},
                   detail={"scores": shown, "tie_break": final.tie_break}, course=course)


def _won_shown(pile: list[Card]) -> list[int | str]:
    """Return a won pile as the score screens show it: its cards highest first, the rabbit (0) among them."""
    return [card_to_json(c) for c in sorted(pile, key=card_value, reverse=True)]


def timeout_action(state: State, seat: int, rng: random.Random) -> Action:
    """Return what the turn timer does for `seat` (one that may act): pass, or a random card to choose."""
    if state.phase is Phase.CHOOSE:
        return play(rng.choice(state.hands[seat]))
    return PASS


def timer_key(state: State) -> tuple[Any, ...]:
    """Return what identifies one decision on the clock: the turn timer restarts when it changes."""
    return (state.round, str(state.phase), state.turn)


def money_in_play(state: State) -> int:
    """Return players' mice + bank + mice on mouse cards + bids (constant by F-MONEY-2)."""
    return sum(state.mice) + state.bank + sum(m.mice for m in state.mouse_cards) + sum(state.bids)


def card_places(state: State) -> list[Card]:
    """Return every card of every set wherever it lies (hands, row, piles, decks, removed, out)."""
    setup = state.setup
    removed = [parse_card(c) for c in setup["removed"]]
    if "neutral_removed" in setup:
        removed.append(parse_card(setup["neutral_removed"]))
    chosen = [c for c in state.chosen if c is not None]
    return ([c for h in state.hands for c in h] + chosen + [rc.card for rc in state.row]
            + [c for p in state.won_piles for c in p] + state.neutral_deck + state.out_of_game
            + removed)
