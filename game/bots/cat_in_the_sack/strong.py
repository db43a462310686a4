"""Cat in the Sack `strong` bot: determinized Monte Carlo search over what its seat has seen.

The bot keeps what its phone was told (`observe(view, events)`): every row card turned face up
and who laid it, every pass's takings and every payment. From that it knows exactly which cards
of each rival's set are still unseen (its hand, the card it may have laid face down, and the one
card removed at setup are among them) and exactly how many mice each seat holds (everyone starts
with 15; passes take and winners pay in public). For each sample it deals the unseen cards at
random (a face-down card leaning good for a rival who bids on its row, bad for one who passed),
builds an engine `State` of that world, and plays every candidate move in it to the end of the
game with the real engine (`apply`) and a fast policy for every seat. The move with the best
mean result over the samples wins; all candidates see the same samples and the same rollout
randomness, so their comparison is not noise. It never reads the engine state it is not given.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.bots import register, seen_seed
from game.bots.cat_in_the_sack import _GOODNESS, _INDEX, _expected_value
from game.engine.cat_in_the_sack import (
    BUY,
    HAND_SIZE,
    MONEY_TOTAL,
    OFFER_PRICE,
    PASS,
    PLAYER_SET,
    ROUNDS,
    START_MICE,
    Action,
    ActionType,
    Card,
    MouseCard,
    Phase,
    RowCard,
    State,
    apply,
    bid,
    final_scores,
    parse_card,
    play,
)
from game.engine.cat_in_the_sack.views import SeatView

Owner = int | None  # a seat, or None for the neutral deck (3 players)


HINT_CAP = (0.15, 0.22)  # a coach's hint: CPU seconds, seconds of the clock (p95 of an answer <= 300 ms)


@dataclass(frozen=True)
class StrongTuning:
    """The search's knobs."""

    # engine actions simulated per move (all candidates together; a rollout from the first
    # round takes about 120, from the last about 10), at least `min_samples` and at most
    # `max_samples` worlds per stage; the search stops sooner at `max_seconds` of its own CPU
    # time (a busy machine does not make it think less) or `max_wall` seconds of the clock (what
    # a person may wait). An action costs more with more seats, so 5 seats get 4/5 of it (p95 of
    # a move ~240 ms of CPU at 3-5 seats on a quiet core). The CPU cap binds the rest: on a core
    # shared with other work each action costs more CPU time (a loaded run's p95 was 324 ms with a
    # 0.6 s cap), and the move-time goal (p95 <= 250 ms) must hold there too.
    steps: int = 8000
    min_samples: int = 6
    max_samples: int = 300
    max_seconds: float = 0.23
    max_wall: float = 1.0
    # a face-down card of a rival who bid on its row leans good, of one who passed bad
    tilt: float = 0.8
    # the result of a rollout: a win (shared: 1/k) plus this much per point of lead
    margin: float = 0.01
    # jump bids tried besides the smallest raise
    jumps: tuple[int, ...] = (3,)


@dataclass
class _Seen:
    """What the seat was told so far: row cards with owners, and each seat's takings and payments."""

    seat: int
    players: int
    round: int = 1
    owners: tuple[Owner, ...] = ()
    cards: dict[tuple[int, int], tuple[Owner, Card]] = field(default_factory=dict)
    took: list[int] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    won: list[list[Card]] = field(default_factory=list)
    complete: bool = True  # fed from the first view of the game on

    def __post_init__(self) -> None:
        self.took = [0] * self.players
        self.paid = [0] * self.players
        self.won = [[] for _ in range(self.players)]


@register("cat-in-the-sack", "strong", slow=True, level="hard")
class StrongBot:
    """Searches each decision by sampling the hidden cards its seat cannot see (see the module)."""

    def __init__(self, rng: random.Random, tuning: StrongTuning | None = None) -> None:
        self.rng = rng
        self.tuning = tuning or StrongTuning()
        self.seen: _Seen | None = None
        self.hint_cap: tuple[float, float] | None = HINT_CAP  # a hint's think time (`hint`)
        self._hint_kept: tuple[int, Action, str, dict[str, Any]] | None = None  # the last hint, by its seed

    # ---------------------------------------------------------- what the seat was told

    def observe(self, view: SeatView, events: list[dict[str, Any]]) -> None:
        """Remember what this seat's phone was just told: the view after a change and its events."""
        seen = self._game_of(view, events)
        for ev in events:
            kind = ev["type"]
            if kind == "row_laid":
                seen.owners = tuple(ev["owners"])
            elif kind == "card_revealed" and ev["index"] < len(seen.owners):
                seen.cards[(seen.round, ev["index"])] = (seen.owners[ev["index"]], parse_card(ev["card"]))
            elif kind == "passed":
                seen.took[ev["seat"]] += ev["took"]
            elif kind == "sack_won":
                seen.paid[ev["seat"]] += ev["paid"]
                seen.won[ev["seat"]] += [parse_card(c) for c in ev["cards"]]
            elif kind == "round_started":
                seen.round = ev["round"]
        self._read_view(view)

    def _game_of(self, view: SeatView, events: list[dict[str, Any]]) -> _Seen:
        """Return the memory of this game, starting a new one when the view shows a new game."""
        seen = self.seen
        # round 1, nothing laid yet: nothing has been seen, so starting afresh loses nothing
        fresh = view.round == 1 and len(view.hand) + (view.chosen_card is not None) == HAND_SIZE
        if (fresh or seen is None or seen.seat != view.seat or seen.players != view.players
                or view.round < seen.round):
            seen = self.seen = _Seen(view.seat, view.players)
            seen.round = max(1, view.round - sum(ev["type"] == "round_started" for ev in events))
            seen.complete = fresh  # fed from the start of the game, so the takings add up
        return seen

    def _read_view(self, view: SeatView) -> None:
        """Take the row as the view shows it (also all a bot that is never fed events sees)."""
        seen = self.seen
        assert seen is not None
        if view.round != seen.round:  # a view without its events: follow it
            seen.round, seen.complete = view.round, False
        if view.row:
            seen.owners = tuple(rc.owner for rc in view.row)
        for rc in view.row:
            if rc.card is not None and rc.owner != view.seat:
                seen.cards[(view.round, rc.index)] = (rc.owner, parse_card(rc.card))
        if view.open_piles:
            for s in view.seats:
                if s.won_cards is not None:
                    seen.won[s.seat] = [parse_card(c) for c in s.won_cards]

    # ---------------------------------------------------------- deciding

    def act(self, view: SeatView) -> Action:
        """Return the move with the best mean result over sampled worlds; only `view.legal` moves."""
        if self.seen is None or self.seen.seat != view.seat:
            self.observe(view, [])
        else:
            self._read_view(view)
        candidates = self._candidates(view)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, candidates)

    # ---------------------------------------------------------- coaching

    def hint(self, view: SeatView) -> tuple[Action, str, dict[str, Any]]:
        """Return the move it would make for this seat and one short reason (`hint.<reason>` in the
        game's texts, its params exactly the text's placeholders): the coach of a seat
        (game.server.bots). It reads only what `act` reads. A person waits for it, so it thinks at
        most `hint_cap` (CPU seconds, seconds of the clock; None: as `act`).

        Its search is seeded from what the seat has seen (`seen_seed` of the view and its memory), not
        from the bot's own random stream: one view with one memory gets one hint, whatever the hidden
        cards and however often it is asked (the answer to the last question is kept, so an ask again
        gets it even if a loaded machine cut the first search short)."""
        cpu, clock = time.thread_time(), time.perf_counter()
        if self.seen is None or self.seen.seat != view.seat:
            self.observe(view, [])
        else:
            self._read_view(view)
        seed = seen_seed(view, self.seen)
        kept = self._hint_kept
        if kept is not None and kept[0] == seed:
            return kept[1], kept[2], dict(kept[3])
        full, own = self.tuning, self.rng
        if self.hint_cap is not None:  # (less the time the seed took)
            cpu, clock = time.thread_time() - cpu, time.perf_counter() - clock
            self.tuning = dataclasses.replace(full, max_seconds=min(full.max_seconds, self.hint_cap[0] - cpu),
                                              max_wall=min(full.max_wall, self.hint_cap[1] - clock))
        self.rng = random.Random(seed)
        try:
            action = self.act(view)
        finally:
            self.tuning, self.rng = full, own
        reason, params = self._reason(view, action)
        self._hint_kept = (seed, action, reason, dict(params))
        return action, reason, params

    def _reason(self, view: SeatView, action: Action) -> tuple[str, dict[str, Any]]:
        """Return the reason of a hint's move (`hint.<reason>`, its placeholders)."""
        worth = round(self.sack_worth(view))
        legal = view.legal
        if action.type is ActionType.PLAY:
            return "hint.lay", {"card": action.to_dict()["card"]}
        if action.type is ActionType.BUY:
            return "hint.buy", {"worth": worth, "price": legal.buy_price}
        if action.type is ActionType.BID:  # above its worth: to stay in, since a later pass pays more
            return "hint.bid" if action.total <= worth else "hint.bid_stay", {"worth": worth, "total": action.total}
        if view.phase == str(Phase.OFFER):
            return "hint.refuse", {"worth": worth}
        if legal.pass_takes:
            return "hint.pass_pays", {"worth": worth, "takes": legal.pass_takes}
        if legal.bid_min is None:
            return "hint.pass_cannot", {"worth": worth}
        return "hint.pass", {"worth": worth, "total": legal.bid_min}

    def sack_worth(self, view: SeatView) -> float:
        """Return what the row looks worth to this seat: its face-up cards (and its own), the others
        drawn from the cards of their owners' sets it has not seen (the dogs applied)."""
        if self.seen is None or self.seen.seat != view.seat:
            self.observe(view, [])
        known: list[Card] = []
        pools: list[tuple[tuple[Card, float], ...]] = []
        for rc in view.row:
            if rc.card is not None:
                known.append(parse_card(rc.card))
                continue
            unseen = Counter(self._unseen(rc.owner) or PLAYER_SET)
            n = sum(unseen.values())
            pools.append(tuple((card, k / n) for card, k in sorted(unseen.items(), key=lambda ck: str(ck[0]))))
        return _expected_value(known, pools)

    def _candidates(self, view: SeatView) -> list[Action]:
        legal = view.legal
        if legal.play:
            return [play(c) for c in sorted({parse_card(c) for c in legal.play}, key=str)]
        if legal.buy:
            return [BUY, PASS]
        if legal.bid_min is None or legal.bid_max is None:
            return [PASS]
        totals = [legal.bid_min] + [legal.bid_min + j for j in self.tuning.jumps
                                    if legal.bid_min + j <= legal.bid_max]
        return [PASS] + [bid(t) for t in totals]

    def _search(self, view: SeatView, candidates: list[Action]) -> Action:
        """Successive halving: every stage gives the candidates left an equal share of the
        budget (engine actions simulated), all on the same worlds, and keeps the better half."""
        tune = self.tuning
        sums = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        stages = max(1, math.ceil(math.log2(len(candidates))))
        budget = tune.steps * min(1.0, 4 / view.players) / stages
        cpu_end, wall_end = time.thread_time() + tune.max_seconds, time.perf_counter() + tune.max_wall

        def out_of_time() -> bool:
            return time.thread_time() > cpu_end or time.perf_counter() > wall_end

        for stage in range(stages):
            spent, samples = 0, 0
            while (spent < budget or samples < tune.min_samples) and samples < tune.max_samples:
                world = self._sample(view)
                seed = self.rng.getrandbits(32)
                for i in alive:
                    state = _clone(world)
                    apply(state, view.seat, candidates[i])
                    result, steps = _rollout(state, view.seat, random.Random(seed), tune.margin)
                    sums[i] += result
                    counts[i] += 1
                    spent += steps + 1
                samples += 1
                if out_of_time():
                    break
            alive.sort(key=lambda i: (-sums[i] / counts[i], i))
            if out_of_time():
                break
            if stage < stages - 1:
                alive = alive[:max(2, math.ceil(len(alive) / 2))]
        return candidates[alive[0]]

    # ---------------------------------------------------------- sampling a world

    def _sample(self, view: SeatView) -> State:
        """Return an engine state that agrees with everything this seat has seen."""
        seen = self.seen
        assert seen is not None
        n, me, rng = view.players, view.seat, self.rng
        hands: list[list[Card]] = [[] for _ in range(n)]
        chosen: list[Card | None] = [None] * n
        row: list[RowCard] = [RowCard(parse_card(rc.card), rc.owner, rc.face_up) if rc.card is not None
                              else RowCard(PLAYER_SET[0], rc.owner, False) for rc in view.row]
        hands[me] = [parse_card(c) for c in view.hand]
        if view.chosen_card is not None:
            chosen[me] = parse_card(view.chosen_card)
        owners: list[Owner] = [s for s in range(n) if s != me] + ([None] if n == 3 else [])
        neutral: list[Card] = []
        for owner in owners:
            unseen = self._unseen(owner)
            rng.shuffle(unseen)
            for rc in row:
                if rc.owner == owner and not rc.face_up:
                    rc.card = self._face_down(unseen, view, owner)
            if owner is None:
                neutral = _take(unseen, view.neutral_left, rng)
            else:
                info = view.seats[owner]
                hands[owner] = _take(unseen, info.hand_count, rng)
                # a rival who has chosen this round has its card still to lay: the rollout lets
                # it choose again from its whole hand, which is the same ignorance
                if info.chosen and view.phase == str(Phase.CHOOSE):
                    hands[owner].append(_take(unseen, 1, rng)[0])
        mice = self._mice(view)
        won = [list(p) for p in seen.won]
        won[me] = [parse_card(c) for c in view.won_pile]
        return State(
            players=n, options={"open_piles": view.open_piles}, setup={}, hands=hands,
            neutral_deck=neutral, mouse_cards=[MouseCard(v, m) for v, m in view.mouse_cards],
            bank=view.bank, mice=mice, start_player=view.start_player, round=view.round,
            phase=Phase(view.phase), chosen=chosen, row=row,
            bids=[s.bid for s in view.seats], passed=[s.passed for s in view.seats], turn=view.turn,
            won_piles=won,
        )

    def _unseen(self, owner: Owner) -> list[Card]:
        """Return the cards of `owner`'s set not seen played (its hand, face-down and removed cards)."""
        seen = self.seen
        assert seen is not None
        left = Counter(PLAYER_SET)
        for who, card in seen.cards.values():
            if who == owner and left[card] > 0:
                left[card] -= 1
        return sorted(left.elements(), key=str)

    def _face_down(self, unseen: list[Card], view: SeatView, owner: Owner) -> Card:
        """Take from `unseen` the card `owner` laid face down, leaning on how it bid (shuffled pool)."""
        if not unseen:
            return self.rng.choice(PLAYER_SET)
        sign = 0.0
        if owner is not None:
            info = view.seats[owner]
            sign = 1.0 if info.bid > 0 else (-1.0 if info.passed else 0.0)
        weights = [max(0.05, 1 + sign * self.tuning.tilt * _GOODNESS[c] / 10) for c in unseen]
        x = self.rng.random() * sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x <= 0:
                return unseen.pop(i)
        return unseen.pop()

    def _mice(self, view: SeatView) -> list[int]:
        """Return each seat's mice in hand: exact from the takings and payments seen, else shared out."""
        seen = self.seen
        assert seen is not None
        n = view.players
        others_total = (MONEY_TOTAL[n] - view.bank - sum(m for _, m in view.mouse_cards)
                        - view.mice - sum(s.bid for s in view.seats))
        mice = [START_MICE + seen.took[s] - seen.paid[s] - view.seats[s].bid for s in range(n)]
        mice[view.seat] = view.mice
        rivals = [s for s in range(n) if s != view.seat]
        if seen.complete and all(mice[s] >= 0 for s in rivals) and sum(mice[s] for s in rivals) == others_total:
            return mice
        share, extra = divmod(max(0, others_total), len(rivals))
        for i, s in enumerate(rivals):
            mice[s] = share + (i < extra)
        return mice


def _take(pool: list[Card], k: int, rng: random.Random) -> list[Card]:
    """Pop `k` cards off the (shuffled) pool; if it runs short (a seat fed late), make up full-set cards."""
    out = [pool.pop() for _ in range(min(k, len(pool)))]
    while len(out) < k:
        out.append(rng.choice(PLAYER_SET))
    return out


def _clone(s: State) -> State:
    """Return a copy of a sampled state deep enough for `apply` (the fields it mutates)."""
    return State(
        players=s.players, options=s.options, setup=s.setup, hands=[list(h) for h in s.hands],
        neutral_deck=list(s.neutral_deck), mouse_cards=[MouseCard(m.value, m.mice) for m in s.mouse_cards],
        bank=s.bank, mice=list(s.mice), start_player=s.start_player, round=s.round, phase=s.phase,
        chosen=list(s.chosen), row=[RowCard(r.card, r.owner, r.face_up) for r in s.row],
        bids=list(s.bids), passed=list(s.passed), turn=s.turn, won_piles=[list(p) for p in s.won_piles],
        previous_round_void=s.previous_round_void,
    )


# ---------------------------------------------------------------- the rollout policy

def _rollout(state: State, me: int, rng: random.Random, margin: float) -> tuple[float, int]:
    """Play `state` to the end with the fast policy for every seat; return my result and the
    number of actions it took."""
    steps = 0
    while state.phase is not Phase.OVER:
        steps += 1
        if state.phase is Phase.CHOOSE:
            seat = state.chosen.index(None)
            apply(state, seat, play(_fast_choose(state, seat, rng)))
        else:
            seat = state.turn
            assert seat is not None
            apply(state, seat, _fast_bid(state, seat))
    final = final_scores(state)
    assert final is not None
    win = 1 / len(final.winners) if me in final.winners else 0.0
    totals = [sc.total for sc in final.scores]
    best_other = max(t for s, t in enumerate(totals) if s != me)
    return win + margin * (totals[me] - best_other), steps


_UNIFORM = tuple((c, 1 / len(PLAYER_SET)) for c in PLAYER_SET)


@lru_cache(maxsize=None)
def _row_worth(known: tuple[int, ...], hidden: int) -> float:
    """Return the expected kept value of a row of `known` cards plus `hidden` cards of a full set."""
    return _expected_value([PLAYER_SET[i] for i in known], [_UNIFORM] * hidden)


@lru_cache(maxsize=None)
def _card_rank(players: int) -> dict[Card, float]:
    """Return how much a card is worth in a row of `players` cards whose others are unknown."""
    return {c: _expected_value([c], [_UNIFORM] * (players - 1)) for c in PLAYER_SET}


def _fast_choose(state: State, seat: int, rng: random.Random) -> Card:
    """The heuristic's rule, cheaply: the richer than the table, the better the card laid."""
    hand = state.hands[seat]
    rank = _card_rank(state.players)
    distinct = sorted(set(hand), key=lambda c: (rank[c], str(c)))
    if len(distinct) == 1:
        return distinct[0]
    mine = state.mice[seat] + state.bids[seat]
    others = (sum(state.mice) + sum(state.bids) - mine) / (state.players - 1)
    ratio = mine / max(1.0, others)
    share = ratio ** 2 / (ratio ** 2 + state.players - 1)
    fair = 1 / state.players
    target = min(1.0, max(0.0, 0.5 + 0.9 * (share - fair) / fair + rng.uniform(-0.25, 0.25)))
    return distinct[round(target * (len(distinct) - 1))]


def _fast_bid(state: State, seat: int) -> Action:
    """The heuristic's bidding rule, with unseen cards drawn from a full set."""
    known = tuple(sorted(_INDEX[rc.card] for rc in state.row if rc.face_up or rc.owner == seat))
    value = _row_worth(known, len(state.row) - len(known))
    if state.phase is Phase.OFFER:
        return BUY if value > OFFER_PRICE and state.mice[seat] >= OFFER_PRICE else PASS
    highest = max(state.bids)
    low, high = highest + 1, state.mice[seat] + state.bids[seat]
    card = next((m for m in state.mouse_cards if m.mice > 0), None)
    takes = card.mice if card else 0
    spend = 1.0 - 0.45 * (ROUNDS - state.round) / (ROUNDS - 1)
    limit = min(value - takes + 0.15 * max(0.0, value - highest), high * spend)
    return bid(low) if low <= high and low <= limit else PASS
