"""Rat-a-Tat Cat: the end of a round and of the game — turning up, replacing power cards, scoring,
the three ways a game ends (R-END-2/3, R-SCORE-1, R-GAME-1..4)."""

from __future__ import annotations

from typing import Any

from game.engine.rat_a_tat_cat.cards import LINE_SIZE, card_to_json, is_power, points
from game.engine.rat_a_tat_cat.state import Event, Phase, State, end_mode, ev, line_json, next_in, order_from_dealer


def end_round(state: State, quiet: bool = False) -> list[Event]:
    """R-END-2/3: turn every line up, replace its power cards, score.

    `quiet`: the same changes to the State, no events (a bot's playouts end many rounds)."""
    state.turn, state.phase = None, Phase.RESHUFFLE  # no seat acts until the round is scored
    state.drawn, state.drawn_from, state.draws_left, state.peeked = None, None, 0, None
    state.replacing = True
    events = [] if quiet else [ev("revealed", lines=[line_json(line) for line in state.lines])]
    return events + replace_powers(state, quiet)


def replace_powers(state: State, quiet: bool = False) -> list[Event]:
    """R-END-3, resumable after a reshuffle: from the dealer's left, positions 1-4."""
    events: list[Event] = []
    for seat in order_from_dealer(state):
        line = state.lines[seat]
        for i in range(LINE_SIZE):
            while is_power(line[i]):
                if not state.pile:
                    state.phase = Phase.RESHUFFLE
                    return events
                card = state.pile.pop(0)
                if is_power(card):
                    state.discard.append(card)
                    if not quiet:
                        events.append(ev("power_drawn", seat=seat, position=i + 1, card=card_to_json(card)))
                    continue
                old, line[i] = line[i], card
                state.discard.append(old)
                if not quiet:
                    events.append(ev("power_replaced", seat=seat, position=i + 1, power=card_to_json(old),
                                      card=card_to_json(card)))
    state.replacing = False
    return events + _score_round(state, quiet)


def _lowest(state: State, seats: list[int]) -> list[int]:
    low = min(state.totals[s] for s in seats)
    return [s for s in seats if state.totals[s] == low]


def _score_round(state: State, quiet: bool = False) -> list[Event]:
    """R-SCORE-1, then R-GAME-1..4: the game ends, or the deal passes left (skipping seats out)."""
    scores = [0 if state.out[s] else sum(points(c) for c in state.lines[s]) for s in range(state.players)]
    state.round_scores.append(scores)
    state.totals = [t + sc for t, sc in zip(state.totals, scores)]
    events = [] if quiet else [ev("round_scored", round=state.round, scores=scores, totals=list(state.totals))]
    mode = end_mode(state)
    winners: list[int] | None = None
    if mode == "elimination":  # R-GAME-3
        seats = state.seats_in()
        limit = state.options["end"]["limit"]
        reached = [s for s in seats if state.totals[s] >= limit]
        going = reached
        if reached and len(reached) == len(seats):  # all at once: the lowest among them stay in and win
            winners = _lowest(state, reached)
            going = [s for s in reached if s not in winners]
        for s in going:
            state.out[s] = True
            state.eliminated.append(s)
        if going and not quiet:
            events.append(ev("eliminated", seats=going))
        if winners is None and len(state.seats_in()) == 1:
            winners = state.seats_in()
    elif mode == "rounds" and state.round >= state.options["end"]["rounds"]:  # R-GAME-1
        winners = _lowest(state, list(range(state.players)))
    elif mode == "time" and state.time_up:  # R-GAME-2
        winners = _lowest(state, list(range(state.players)))
    if winners is not None:
        return events + _game_over(state, winners, quiet)
    state.dealer = next_in(state, state.dealer)
    state.phase = Phase.DEAL
    return events if quiet else events + [ev("next_dealer", seat=state.dealer)]


def _game_over(state: State, winners: list[int], quiet: bool = False) -> list[Event]:
    state.winners = list(winners)  # R-GAME-4: equal totals share the win
    state.phase = Phase.OVER
    state.turn = None
    if quiet:
        return []
    result = outcome(state)
    assert result is not None
    return [ev("game_over", **result)]


def time_up(state: State) -> list[Event]:
    """Note that the time limit ran out (R-GAME-2): the round in progress becomes the last.

    Between two rounds (a deal due after a scored round) the game ends at once. Does nothing
    outside the time mode or once noted.
    """
    if end_mode(state) != "time" or state.time_up or state.phase is Phase.OVER:
        return []
    state.time_up = True
    events = [ev("time_up", round=state.round)]
    if state.phase is Phase.DEAL and state.round >= 1:
        events += _game_over(state, _lowest(state, list(range(state.players))))
    return events


# ---------------------------------------------------------------- results


def outcome(state: State) -> dict[str, Any] | None:
    """Return {"totals", "winners", "eliminated", "round_scores"} once the game is over, else None."""
    if state.phase is not Phase.OVER:
        return None
    return {"totals": list(state.totals), "winners": list(state.winners), "eliminated": list(state.eliminated),
            "round_scores": [list(r) for r in state.round_scores]}


def elimination_limit(state: State) -> int | None:
    """Return the elimination limit (R-GAME-3) when the game ends that way, else None."""
    return state.options["end"]["limit"] if end_mode(state) == "elimination" else None


def running_totals(state: State) -> list[list[int]]:
    """Return every seat's total after each round it played (R-SCORE-1).

    A seat eliminated at the limit (R-GAME-3) played until the round its total first reached
    the limit; the rounds it sat out after that are not its.
    """
    limit = elimination_limit(state)
    out: list[list[int]] = []
    for seat in range(state.players):
        totals, total = [], 0
        for scores in state.round_scores:
            total += scores[seat]
            totals.append(total)
            if limit is not None and seat in state.eliminated and total >= limit:
                break
        out.append(totals)
    return out
