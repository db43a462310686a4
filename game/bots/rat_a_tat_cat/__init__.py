"""Rat-a-Tat Cat bots: `random` (a random kind of legal move) and `heuristic` (a player with a good memory).

Both are fed every view and event their seat receives (`observe`), in order, and pick a move from
their seat's view (`act`); they never read the State. A bot-only game is the platform's
`game.simulate.play_game`, which feeds each bot its seat's stream through `game.bots.BotFeeder`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.bots import register
from game.engine.rat_a_tat_cat import (
    DECK,
    DISCARD,
    DRAW2,
    DRAW_DISCARD,
    DRAW_PILE,
    END_TURN,
    KNOCK,
    MEMORISED,
    SWAP_SKIP,
    Action,
    Card,
    Event,
    Power,
    SeatView,
    parse_card,
    peek,
    replace,
    swap,
)

GAME = "rat-a-tat-cat"


@register(GAME, "random")
class RandomBot:
    """Picks a kind of legal move uniformly (draw from pile or discard, replace, discard, a power,
    knock or not), then its details uniformly. Remembers nothing."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def observe(self, view: SeatView, events: Sequence[Event]) -> None:
        """Take in the seat's latest view and events (a random bot ignores them)."""

    def act(self, view: SeatView) -> Action:
        """Return a random legal action for the view's seat."""
        legal, rng = view.legal, self.rng
        kinds: list[Callable[[], Action]] = []
        if legal.memorised:
            kinds.append(lambda: MEMORISED)
        if legal.draw_pile:
            kinds.append(lambda: DRAW_PILE)
        if legal.draw_discard:
            kinds.append(lambda: DRAW_DISCARD)
        if legal.replace:
            kinds.append(lambda: replace(rng.choice(legal.replace)))
        if legal.discard:
            kinds.append(lambda: DISCARD)
        if legal.peek:
            kinds.append(lambda: peek(rng.choice(legal.peek)))
        if legal.swap_seats:
            kinds.append(lambda: swap(rng.choice(legal.swap_positions), rng.choice(legal.swap_seats),
                                      rng.choice(legal.swap_positions)))
        if legal.swap_skip:
            kinds.append(lambda: SWAP_SKIP)
        if legal.draw2:
            kinds.append(lambda: DRAW2)
        if legal.knock:
            kinds.append(lambda: KNOCK)
        if legal.end_turn:
            kinds.append(lambda: END_TURN)
        return rng.choice(kinds)()


# ---------------------------------------------------------------- heuristic

NUMBER_COUNTS: Counter[int] = Counter(c for c in DECK if isinstance(c, int))
Belief = Card | None  # a card the bot knows, or None for one it does not


@dataclass(frozen=True)
class Tuning:
    """The heuristic's knobs: set by hand from how a careful player plays, and measured with
    bench/rat_engine.py (not swept)."""

    take_discard_gain: float = 2.0   # take the top discard when it lowers a position by this much
    replace_gain: float = 0.5        # keep a drawn card when it lowers a position by this much
    draw2_first_gain: float = 2.5    # ... the first card of a Draw 2 (a second draw may come)
    unknown_bonus: float = 0.4       # an unknown card is worth replacing a little more (it may be a rat)
    dumped_worth: float = 7.0        # a card another player gave me with a Swap: most likely one they
    #                                  wanted rid of (what the strong bot's games showed it missed)
    swap_gain: float = 2.0           # swap when it moves this many points away from me
    knock_margin: float = 2.0        # knock when my estimate is this far under everyone else's
    knock_per_unknown: float = 1.5   # ... and a little further for each of my cards I do not know
    knock_anyway: float = 6.0        # knock whatever the others hold at or under this estimate
    patience: int = 12               # knock after this many own turns in a round if leading at all
    give_up: int = 40                # knock after this many own turns whatever (a round must end)


@dataclass
class _Memory:
    """What the seat has seen this round: every card it knows in every line, and the discards."""

    seat: int
    players: int
    round: int
    lines: dict[int, list[Belief]] = field(default_factory=dict)
    discards: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    dumped: set[int] = field(default_factory=set)  # my positions (0-3) holding a card swapped onto me


def _event_fields(event: Event | Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """Return an event's fields and type, from an engine Event or its wire dict (the server feeds those)."""
    if isinstance(event, Event):
        return event.data, event.type
    return event, str(event.get("type"))


@register(GAME, "heuristic", level="normal")
class HeuristicBot:
    """Remembers its look, its peeks, what it put where, every discard and every swap; replaces its
    known high cards, takes low discards, peeks at unknown cards, dumps a known high card onto the
    player it believes lowest with Swap, and knocks when it believes it is lowest by a margin."""

    def __init__(self, rng: random.Random, tuning: Tuning | None = None) -> None:
        self.rng = rng
        self.tuning = tuning or Tuning()
        self.memory: _Memory | None = None

    # ---------------------------------------------------------- memory

    def observe(self, view: SeatView, events: Sequence[Event | Mapping[str, Any]]) -> None:
        """Remember what this view and these events (engine Events or their wire dicts) show the seat."""
        mem = self.memory
        if mem is None or mem.round != view.round or mem.seat != view.seat or mem.players != view.players:
            mem = self.memory = _Memory(view.seat, view.players, view.round)
            for info in view.seats:  # a seat that just went out shows no line, but played this batch
                mem.lines[info.seat] = [None] * 4
            if view.discard_top is not None:
                mem.discards[str(view.discard_top)] = 1
        for event in events:
            self._event(mem, event)
        if any(_event_fields(e)[1] == "reshuffled" for e in events):  # the discards went back into the pile
            mem.discards = Counter({str(view.discard_top): 1})
        for info in view.seats:  # face-up cards (the kids variant, the round's end)
            line = mem.lines.setdefault(info.seat, [None] * 4)
            for i, card in enumerate(info.line):
                if card is not None and i < len(line):
                    line[i] = parse_card(card)
        for glimpse in view.look + ((view.peek,) if view.peek else ()):
            mem.lines[view.seat][glimpse.position - 1] = parse_card(glimpse.card)

    def _event(self, mem: _Memory, event: Event | Mapping[str, Any]) -> None:
        d, kind = _event_fields(event)
        if kind == "round_dealt":
            mem.lines = {s: [None] * 4 for s in d["seats"]}
            mem.discards = Counter({str(d["discard"]): 1})
            mem.turns = 0
            mem.dumped = set()
        elif kind == "you_placed":
            mem.lines[mem.seat][d["position"] - 1] = parse_card(d["card"])
            mem.dumped.discard(d["position"] - 1)
        elif kind == "you_peeked":
            mem.lines[mem.seat][d["position"] - 1] = parse_card(d["card"])
            mem.dumped.discard(d["position"] - 1)
        elif kind == "replaced":
            mem.discards[str(d["discarded"])] += 1
            line = mem.lines.get(d["seat"])
            if line is not None and d["seat"] != mem.seat:
                line[d["position"] - 1] = parse_card(d["card"]) if "card" in d else None
        elif kind == "drew" and d["source"] == "discard":
            mem.discards[str(d["card"])] -= 1
        elif kind == "discarded":
            mem.discards[str(d["card"])] += 1
        elif kind == "power_used":
            mem.discards[str(d["power"])] += 1
        elif kind == "swapped":
            a, b = mem.lines.get(d["seat"]), mem.lines.get(d["other_seat"])
            if a is not None and b is not None:
                p, q = d["position"] - 1, d["other_position"] - 1
                a[p], b[q] = b[q], a[p]
                if d["seat"] == mem.seat:
                    mem.dumped.discard(p)
                elif d["other_seat"] == mem.seat:
                    mem.dumped.add(q)
        elif kind == "turn" and d["seat"] == mem.seat:
            mem.turns += 1

    # ---------------------------------------------------------- estimates

    def _unknown_value(self, mem: _Memory) -> float:
        """Return the expected points of a card the bot does not know (a power card counts as the
        number card that replaces it at the round's end)."""
        left = Counter(NUMBER_COUNTS)
        for line in mem.lines.values():
            for card in line:
                if isinstance(card, int):
                    left[card] -= 1
        for name, n in mem.discards.items():
            if n > 0 and name.isdigit():
                left[int(name)] -= n
        total = sum(max(0, n) for n in left.values())
        if total <= 0:
            return 5.0
        return sum(v * max(0, n) for v, n in left.items()) / total

    def _estimate(self, card: Belief, unknown: float) -> float:
        if card is None or isinstance(card, Power):
            return unknown
        return float(card)

    def _own_worth(self, mem: _Memory, mine: list[Belief], unknown: float) -> list[float]:
        """Return what each of my cards is worth replacing: its points, or a guess for one I do not know."""
        t = self.tuning
        return [max(unknown, t.dumped_worth) if c is None and i in mem.dumped
                else self._estimate(c, unknown) + (t.unknown_bonus if c is None else 0.0)
                for i, c in enumerate(mine)]

    def _line_estimates(self, mem: _Memory, seat: int, unknown: float) -> list[float]:
        return [self._estimate(c, unknown) for c in mem.lines.get(seat, [])]

    # ---------------------------------------------------------- entry point

    def act(self, view: SeatView) -> Action:
        """Return a legal action for the view's seat, chosen from `view.legal` and its memory only."""
        if self.memory is None or self.memory.round != view.round:
            self.observe(view, ())
        mem = self.memory
        assert mem is not None
        legal = view.legal
        if legal.memorised:
            return MEMORISED
        unknown = self._unknown_value(mem)
        mine = mem.lines[view.seat]
        worth = self._own_worth(mem, mine, unknown)
        worst = max(range(4), key=lambda i: worth[i])
        if legal.end_turn:
            return KNOCK if legal.knock and self._should_knock(view, mem, unknown) else END_TURN
        if legal.draw_pile:
            top = view.discard_top
            if legal.draw_discard and isinstance(top, int) and worth[worst] - top >= self.tuning.take_discard_gain:
                return DRAW_DISCARD
            return DRAW_PILE
        drawn = parse_card(view.drawn if view.drawn is not None else view.drawn_card)
        if not legal.discard:  # taken from the discard pile: it must replace a card
            return replace(worst + 1)
        if isinstance(drawn, int):
            need = self.tuning.draw2_first_gain if view.draws_left else self.tuning.replace_gain
            return replace(worst + 1) if worth[worst] - drawn >= need else DISCARD
        if drawn is Power.DRAW2 and legal.draw2:
            return DRAW2
        if drawn is Power.PEEK and legal.peek:
            unseen = [p for p in legal.peek if mine[p - 1] is None]
            return peek(unseen[0]) if unseen else DISCARD
        if drawn is Power.SWAP and legal.swap_seats:
            return self._swap(view, mem, unknown)
        return DISCARD

    def _swap(self, view: SeatView, mem: _Memory, unknown: float) -> Action:
        """Move my worst card onto the player believed lowest, taking their best card I know of."""
        mine = mem.lines[view.seat]
        totals = {s: sum(self._line_estimates(mem, s, unknown)) for s in view.legal.swap_seats if s in mem.lines}
        best: tuple[float, int, int, int] | None = None
        for p in view.legal.swap_positions:
            if mine[p - 1] is None:
                continue  # a card I do not know is worth the same as theirs on average
            m = self._estimate(mine[p - 1], unknown)
            for other, total in totals.items():
                for q in view.legal.swap_positions:
                    gain = m - self._estimate(mem.lines[other][q - 1], unknown)
                    gain += 0.05 * (max(totals.values()) - total)  # prefer hurting the leader
                    if best is None or gain > best[0]:
                        best = (gain, p, other, q)
        if best is None or best[0] < self.tuning.swap_gain:
            return SWAP_SKIP
        return swap(best[1], best[2], best[3])

    def _should_knock(self, view: SeatView, mem: _Memory, unknown: float) -> bool:
        mine = mem.lines[view.seat]
        me = sum(max(unknown, self.tuning.dumped_worth) if c is None and i in mem.dumped else self._estimate(c, unknown)
                 for i, c in enumerate(mine))
        others = [sum(self._line_estimates(mem, s, unknown)) for s in mem.lines
                  if s != view.seat and not view.seats[s].out]
        if not others:
            return True
        unknowns = sum(1 for c in mine if c is None)
        t = self.tuning
        if me <= t.knock_anyway and unknowns == 0:
            return True
        if me + t.knock_margin + t.knock_per_unknown * unknowns <= min(others):
            return True
        return (mem.turns >= t.patience and me < min(others)) or mem.turns >= t.give_up

