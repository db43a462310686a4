"""Cat in the Sack bots: `random` (uniform among legal moves) and `heuristic` (plays like a decent human)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from game.bots import register
from game.engine.cat_in_the_sack import (
    BUY,
    HAND_SIZE,
    MONEY_TOTAL,
    PASS,
    PLAYER_SET,
    ROUNDS,
    Special,
    Action,
    Card,
    bid,
    card_value,
    chase,
    parse_card,
    play,
)
from game.engine.cat_in_the_sack.views import SeatView


@register("cat-in-the-sack", "random")
class RandomBot:
    """Picks uniformly among the kinds of legal move, then a bid total biased towards small raises."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: SeatView) -> Action:
        """Return a random legal action for the view's seat."""
        legal = view.legal
        if legal.play:
            return play(parse_card(self.rng.choice(legal.play)))
        options: list[str] = []
        if legal.bid_min is not None:
            options.append("bid")
        if legal.can_pass:
            options.append("pass")
        if legal.buy:
            options.append("buy")
        pick = self.rng.choice(options)
        if pick == "bid":
            assert legal.bid_min is not None and legal.bid_max is not None
            # raise by a small step most of the time, sometimes jump: sampled like a person bids
            span = legal.bid_max - legal.bid_min
            step = min(span, int(self.rng.expovariate(1 / 2.5)))
            return bid(legal.bid_min + step)
        return BUY if pick == "buy" else PASS


# ---------------------------------------------------------------- heuristic

Owner = int | None  # a seat, or None for the neutral deck (3 players)
Pool = tuple[tuple[Card, float], ...]  # what a face-down card may be, with probabilities


@dataclass(frozen=True)
class Tuning:
    """The heuristic's knobs; defaults picked by sweeps of one variant against three default
    heuristics and against random bots (only `tilt` helped beyond noise; spending less early
    hurt)."""

    # Letting a rival take a rich row cheaply costs me in the race too (roughly its profit
    # spread over the n-1 rivals), so outbidding to deny it is worth this share of that profit.
    deny: float = 0.15
    # Early in the game mice buy options later (a broke player must pass first for 2 mice), so
    # only part of one's money goes into one row; the share grows to all of it by the last round.
    spend_first: float = 0.55
    spend_last: float = 1.0
    # How strongly being richer than the table pushes the choice towards a good cat.
    intent_gain: float = 0.9
    samples: int = 40
    # A rival who bids on a row probably laid a good card in it, one who passed a bad one.
    tilt: float = 0.8


@dataclass
class _Memory:
    """What the bot has seen in this game so far: everything a human at the table could remember."""

    seat: int
    players: int
    last_round: int = 0
    # (round, row index) -> (owner, card): every row card the bot has seen face up or laid itself
    seen: dict[tuple[int, int], tuple[Owner, Card]] = field(default_factory=dict)
    # round -> the owner of each row position (public even while the card is face down)
    owners: dict[int, tuple[Owner, ...]] = field(default_factory=dict)
    # cards that showed up in an open won pile without being seen in the row: each lay at one
    # of the row positions the bot did not see, so it belongs to one of these owners
    learnt: list[tuple[tuple[Owner, ...], Card]] = field(default_factory=list)
    piles: tuple[tuple[Card, ...], ...] | None = None
    piles_round: int = 0


@register("cat-in-the-sack", "heuristic", level="normal")
class HeuristicBot:
    """Values the row from what it has seen, bids up to that value less what a pass would bring,
    dumps bad cats and the big dog into rows it expects to lose and plays good cats when it can
    afford to win them. Sees only its seat's view; deterministic given its rng and the views."""

    def __init__(self, rng: random.Random, tuning: Tuning | None = None) -> None:
        self.rng = rng
        self.tuning = tuning or Tuning()
        self.memory: _Memory | None = None

    # ---------------------------------------------------------- entry point

    def act(self, view: SeatView) -> Action:
        """Return a legal action for the view's seat, chosen from `view.legal` only."""
        self._remember(view)
        legal = view.legal
        if legal.play:
            return play(self._choose(view))
        if legal.buy:  # F-OFFER-1: the whole row is face up, so its value is exact
            return BUY if self._row_value(view) > legal.buy_price else PASS
        return self._bid_or_pass(view)

    # ---------------------------------------------------------- memory

    def _remember(self, view: SeatView) -> None:
        mem = self.memory
        new_game = (mem is None or mem.seat != view.seat or mem.players != view.players
                    or view.round < mem.last_round
                    or (view.round == 1 and len(view.hand) == HAND_SIZE and view.chosen_card is None))
        if new_game:
            mem = self.memory = _Memory(view.seat, view.players)
        assert mem is not None
        mem.last_round = view.round
        if view.row:
            mem.owners[view.round] = tuple(rc.owner for rc in view.row)
        for rc in view.row:
            if rc.card is not None:
                mem.seen[(view.round, rc.index)] = (rc.owner, parse_card(rc.card))
        if view.open_piles:
            self._read_piles(view, mem)

    def _read_piles(self, view: SeatView, mem: _Memory) -> None:
        """Learn the cards of the last row the bot did not see turned up from the open piles."""
        piles = tuple(tuple(parse_card(c) for c in (s.won_cards or ())) for s in view.seats)
        last = view.round - 1
        if mem.piles is not None and mem.piles_round == last and last in mem.owners:
            for before, now in zip(mem.piles, piles):
                won = Counter(now)
                won.subtract(Counter(before))
                seen = Counter(card for (r, _), (_, card) in mem.seen.items() if r == last)
                unseen = tuple(o for i, o in enumerate(mem.owners[last]) if (last, i) not in mem.seen)
                for card, n in won.items():
                    for _ in range(max(0, n - seen[card])):
                        if unseen:
                            mem.learnt.append((unseen, card))
        mem.piles, mem.piles_round = piles, view.round

    def _pool(self, owner: Owner) -> Pool:
        """Return what a face-down card laid by `owner` may be: its set minus the cards seen of it."""
        mem = self.memory
        assert mem is not None
        left: dict[Card, float] = {c: 1.0 for c in PLAYER_SET}
        for seen_owner, card in mem.seen.values():
            if seen_owner == owner:
                left[card] -= 1
        for owners, card in mem.learnt:
            if owner in owners:
                left[card] -= 1 / len(owners)
        weights = {c: n for c, n in left.items() if n > 1e-9}
        total = sum(weights.values())
        if not total:
            return tuple((c, 1 / len(PLAYER_SET)) for c in PLAYER_SET)
        return tuple((c, w / total) for c, w in weights.items())

    # ---------------------------------------------------------- valuing

    def _row_value(self, view: SeatView) -> float:
        """Return the expected worth of the row to its winner after the dogs (F-DOG-1..3)."""
        known: list[Card] = []
        pools: list[Pool] = []
        for rc in view.row:
            if rc.card is not None:
                known.append(parse_card(rc.card))
            else:
                pools.append(self._tilted(self._pool(rc.owner), view, rc.owner))
        return _expected_value(known, pools)

    def _tilted(self, pool: Pool, view: SeatView, owner: Owner) -> Pool:
        if owner is None or not self.tuning.tilt:
            return pool
        info = view.seats[owner]
        sign = 1.0 if info.bid > 0 else (-1.0 if info.passed else 0.0)
        if not sign:
            return pool
        weights = [(c, p * max(0.05, 1 + sign * self.tuning.tilt * _GOODNESS[c] / 10)) for c, p in pool]
        total = sum(w for _, w in weights)
        return tuple((c, w / total) for c, w in weights)

    def _money(self, view: SeatView) -> tuple[int, float]:
        """Return my mice (with my bid) and the average of the others', which the table can count."""
        mine = view.mice + view.seats[view.seat].bid
        on_cards = sum(mice for _, mice in view.mouse_cards)
        others = MONEY_TOTAL[view.players] - view.bank - on_cards - mine
        return mine, others / (view.players - 1)

    # ---------------------------------------------------------- choosing a card

    def _choose(self, view: SeatView) -> Card:
        hand = [parse_card(c) for c in view.legal.play]
        distinct = sorted(set(hand), key=str)
        if len(distinct) == 1:
            return distinct[0]
        # the other cards of this row, sampled once and shared by every candidate so that the
        # comparison between candidates is not noise
        owners: list[Owner] = [s for s in range(view.players) if s != view.seat]
        if view.players == 3:
            owners.append(None)
        pools = [self._pool(o) for o in owners]
        samples = [[_draw(pool, self.rng) for pool in pools] for _ in range(self.tuning.samples)]
        worth = {c: sum(_kept_value([c, *others]) for others in samples) / len(samples)
                 for c in distinct}
        ranked = sorted(distinct, key=lambda c: (worth[c], str(c)))
        # where in the ranking to pick: the richer I am than the table, the likelier I win this
        # row, so the better the card I lay in it
        mine, others = self._money(view)
        ratio = mine / max(1.0, others)
        share = ratio ** 2 / (ratio ** 2 + view.players - 1)
        fair = 1 / view.players
        target = 0.5 + self.tuning.intent_gain * (share - fair) / fair
        target = min(1.0, max(0.0, target))
        return ranked[round(target * (len(ranked) - 1))]

    # ---------------------------------------------------------- the auction

    def _bid_or_pass(self, view: SeatView) -> Action:
        legal = view.legal
        if legal.bid_min is None or legal.bid_max is None:
            return PASS
        value = self._row_value(view)
        mine, _ = self._money(view)
        rounds_left = ROUNDS - view.round
        tune = self.tuning
        spend = tune.spend_last - (tune.spend_last - tune.spend_first) * rounds_left / (ROUNDS - 1)
        highest = view.highest_bid
        # what a pass takes now is the price of staying in: the winner takes no mouse card.
        # (Counting the richer passes later as the cost too made it measurably weaker.)
        limit = value - legal.pass_takes + tune.deny * max(0.0, value - highest)
        limit = min(limit, mine * spend)
        if legal.bid_min <= limit:
            return bid(legal.bid_min)
        return PASS


def _draw(pool: Pool, rng: random.Random) -> Card:
    x = rng.random()
    for card, p in pool:
        x -= p
        if x <= 0:
            return card
    return pool[-1][0]


def _kept_value(row: list[Card]) -> int:
    return _kept_value_of(tuple(sorted(_INDEX[c] for c in row)))


# how welcome a card is in the row one wins: its value, the dogs by what they usually chase
_GOODNESS: dict[Card, float] = {c: float(card_value(c)) for c in PLAYER_SET} | {
    Special.BIG_DOG: -8.0, Special.SMALL_DOG: 3.0}
_INDEX: dict[Card, int] = {card: i for i, card in enumerate(PLAYER_SET)}


# A pure function of a multiset of at most 5 of the 10 kinds of card (a few thousand rows), so
# the memo stays small; it spares re-running the engine's chase a million times per benchmark.
@lru_cache(maxsize=8192)
def _kept_value_of(row: tuple[int, ...]) -> int:
    kept, _ = chase([PLAYER_SET[i] for i in row])
    return sum(card_value(c) for c in kept)


def _expected_value(known: list[Card], pools: list[Pool]) -> float:
    """Return the expected kept value of a row of `known` cards plus one card from each pool."""
    # rows are multisets, so summing probabilities per multiset as the pools are added keeps
    # the work at a few hundred rows instead of every ordered combination
    dist: dict[tuple[int, ...], float] = {tuple(sorted(_INDEX[c] for c in known)): 1.0}
    for pool in pools:
        grown: dict[tuple[int, ...], float] = {}
        for row, p in dist.items():
            for card, q in pool:
                key = tuple(sorted((*row, _INDEX[card])))
                grown[key] = grown.get(key, 0.0) + p * q
        dist = grown
    return sum(p * _kept_value_of(row) for row, p in dist.items())

