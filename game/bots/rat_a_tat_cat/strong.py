"""Rat-a-Tat Cat's `strong` bot: determinized Monte Carlo search from what its seat has seen.

Fair by construction: the bot keeps a belief built only from its seat's views and the events its
phone gets (`observe`) — where every card it has seen is, what each seat can know of its own line
(the look at cards 1 and 4, its peeks and the cards it placed; a swap blinds both seats), the whole
discard pile (every discard is public), the seats' turns. To choose, it samples the hidden cards
(the deck minus every card it has seen where it still is) into the face-down places it does not
know and the draw pile, builds an engine State for that sample, and plays each candidate move
there (with the real engine's `apply`) and then the rest of the round (with `_step`, the engine's
transitions without their checks and events: a test compares it with `apply` move by move; the
round's end is the engine's own, without its events). In the playouts every other seat follows the
heuristic bot's own rules (`_heuristic`: its draws, keeps, peeks, swaps and its knock rule with its
margins and patience, from what that seat remembers in the sample: its own cards it knows, the
cards of other lines it saw taken from the discard pile or put there itself, the cards swapped onto
it, reckoned high; a test checks it makes the heuristic's move at every decision of whole games),
and its own seat the same rules with numbers tuned against the heuristic (`OWN`: a better player
to value a move by; bench/rat_tuning.py). Every candidate meets the same samples (common random
numbers), the weaker half is dropped halfway, and the best weighted mean value wins: the game's
win in its last round, else an estimate of the chance to win from the totals and the rounds left.
A candidate is played out together with each line of my own moves that follow it before anything
new is seen (`follow_ups`: knocking and not, after a play that ends my turn when I may knock;
each place worth putting a card taken from the discard pile): each line has its own mean, and a
candidate is worth its best line (a move the playouts' fixed rules would have made for me there
is one I will search when I get to it).

What the other seats did shapes the samples, as a careful player reads a table: a card a seat
kept from the pile is most likely lower than the one it gave up; a seat that left a low discard,
threw a drawn card away or gave up a card as its worst most likely holds no card it knows much
above that (`SeatBelief.capped`): the samples are drawn so. Then every choice another seat made
this round from what it knew (`Choice`: where it drew from, where it put a card, a number it
threw away, its Swap, a knock or not) is made again in the sample by the heuristic's rules, knowing what
that seat knew then with the cards the sample puts there (the cards are named, so a choice still
speaks of a card that has since moved or left the line); a sample in which the heuristic would
have chosen otherwise weighs `MISFIT_WEIGHT` less for each such choice (`sample_weight`), and a
search draws a sample again (up to `SAMPLE_TRIES` times) until one fits every choice. Against
the heuristic the true deal always fits (a test checks it over whole games).

It never reads a State it is not given: the only States it touches are the ones it builds.
The search is a fixed number of playouts per move (deterministic given the bot's rng), with a
cap on the CPU time it spends (`time.thread_time`: other work on the machine does not cut it
short) so that a slow machine cannot make a person wait.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.bots import register, seen_seed
from game.bots.rat_a_tat_cat import GAME, NUMBER_COUNTS, HeuristicBot, Tuning, _event_fields
from game.engine.rat_a_tat_cat import (
    DECK,
    DISCARD,
    DRAW2,
    DRAW_DISCARD,
    DRAW_PILE,
    END_TURN,
    KNOCK,
    MEMORISED,
    OUTER_POSITIONS,
    SWAP_SKIP,
    Action,
    ActionType,
    Card,
    card_to_json,
    Event,
    Phase,
    Power,
    SeatView,
    Source,
    State,
    apply,
    apply_chance,
    legal_actions,
    may_knock,
    next_in,
    normalize_options,
    parse_card,
    peek,
    replace,
    sample_chance,
    swap,
)
from game.engine.rat_a_tat_cat.ending import end_round

Known = Card | None  # a card the seat knows, or None


HINT_CAP = (0.15, 0.22)  # a coach's hint: CPU seconds, seconds of the clock (p95 of an answer <= 300 ms)


@dataclass(frozen=True)
class Budget:
    """How hard the bot thinks: playouts per move (split over the candidates) and a time cap."""

    playouts: int = 1500         # playouts per move, over all candidates (fewer once half are dropped)
    min_samples: int = 12        # samples every candidate gets at least, however many there are
    seconds: float = 0.23        # stop sampling after this much CPU time (a slow machine), keeping what is done
    max_candidates: int = 9      # moves searched at most (the rest pruned by a quick estimate)
    wall: float = 1e9            # stop sampling after this many seconds of the clock (a coach's hint: a person waits)


@dataclass(frozen=True)
class Choice:
    """A choice another seat made from what it knew: enough to make the heuristic's choice again in a
    sample (`_fits`) and see whether it is the same. The cards are named (`SeatBelief.ids`): a sample
    says which card each name is."""

    seat: int
    phase: Phase                        # DRAW, DECIDE or END_TURN
    action: Action                      # what it chose
    ids: tuple[tuple[int, ...], ...]    # the names of the cards in every line then (() for a seat out)
    mind: tuple[tuple[bool, ...], ...]  # what it knew of every line then (of its own: `SeatBelief.knows`)
    onto: frozenset[int]                # its positions holding a card swapped onto it
    discard: tuple[Card, ...]           # the discard pile then
    draws_left: int
    held: Card | None                   # the card it held (DECIDE), if I saw it ...
    held_id: int | None                 # ... else the name of the card it kept
    source: Source | None               # where the card it held came from
    turns: int                          # its turns this round


@dataclass
class SeatBelief:
    """What the seat knows in the current round (names: seats, 0-based positions)."""

    seat: int
    players: int
    round: int
    lines: dict[int, list[Known]] = field(default_factory=dict)   # cards I know, wherever they are
    knows: dict[int, list[bool]] = field(default_factory=dict)     # what each seat knows of its own line
    kept_under: dict[int, list[float | None]] = field(default_factory=dict)  # a hidden card its owner kept
    #   from the pile over a card worth this much: it is most likely lower (None: nothing is known)
    dumped: dict[int, list[bool]] = field(default_factory=dict)    # a hidden card another seat gave
    #   away with a Swap, knowing it: most likely high
    capped: dict[int, list[float | None]] = field(default_factory=dict)  # a hidden card its owner knew
    #   when its play showed it held nothing above this (it left a low discard, threw away a drawn
    #   card, replaced a card worth this much as its worst): most likely at most this
    told: dict[int, dict[int, list[bool]]] = field(default_factory=dict)  # observer -> seat -> position:
    #   the observer knows that card of another seat's line (taken from the discard pile in sight of
    #   all, face up, or its own card it swapped there), as a heuristic player remembers it
    ids: dict[int, list[int]] = field(default_factory=dict)         # a name for the card in each place,
    #   that follows it (a Swap) until it leaves the line face up: a past choice names the cards it saw
    shown: dict[int, Card] = field(default_factory=dict)            # cards that left a line face up, by name
    next_id: int = 0
    choices: list[Choice] = field(default_factory=list)             # the other seats' choices this round
    #   that can show what they knew (`Choice`): a sample in which the heuristic would have chosen
    #   otherwise weighs less (`sample_weight`)
    taken: Card | None = None                                       # the card the seat to act took from
    #   the discard pile this turn (its choice where to put it is a Choice too)
    onto: dict[int, set[int]] = field(default_factory=dict)        # a seat's positions holding a card another
    #   seat swapped onto it, since (the heuristic reckons such a card high: `Tuning.dumped_worth`)
    draws_left: int = 0                                            # the current turn's Draw 2 draws left
    discard: list[Card] = field(default_factory=list)              # the discard pile, top last
    had_turn: set[int] = field(default_factory=set)                # R-END-1: seats whose turn ended
    turns: Counter[int] = field(default_factory=Counter)           # turns begun this round, per seat
    current: int | None = None                                     # the seat whose turn it is
    holding: Card | None = None                                    # the card I drew and still hold
    time_up: bool = False


def _new_round(belief: SeatBelief, seats: Sequence[int], discard: Any) -> None:
    """Start a round's belief: nothing known but the first discard; every seat looked at its cards 1 and 4."""
    belief.lines = {s: [None] * 4 for s in seats}
    belief.knows = {s: [p in OUTER_POSITIONS for p in (1, 2, 3, 4)] for s in seats}
    belief.kept_under = {s: [None] * 4 for s in seats}
    belief.dumped = {s: [False] * 4 for s in seats}
    belief.capped = {s: [None] * 4 for s in seats}
    belief.ids = {s: [4 * k + i for i in range(4)] for k, s in enumerate(seats)}
    belief.shown, belief.next_id, belief.choices, belief.taken = {}, 4 * len(seats), [], None
    belief.told = {x: {s: [False] * 4 for s in seats if s != x} for x in seats}
    belief.onto = {s: set() for s in seats}
    belief.draws_left = 0
    belief.discard = [parse_card(discard)]
    belief.had_turn, belief.turns, belief.current, belief.holding = set(), Counter(), None, None


@register(GAME, "strong", slow=True, level="hard")
class StrongBot:
    """Determinized Monte Carlo search over the seat's belief (see the module docstring)."""

    def __init__(self, rng: random.Random, budget: Budget | None = None) -> None:
        self.rng = rng
        self.budget = budget or Budget()
        self.belief: SeatBelief | None = None
        self.fallbacks = 0          # moves the belief could not explain (a bug): the heuristic chose
        self.hint_cap: tuple[float, float] | None = HINT_CAP  # a hint's think time (`hint`)
        self._hint_kept: tuple[int, Action, str, dict[str, Any]] | None = None  # the last hint, by its seed
        self.last_values: dict[str, tuple[float, int]] = {}  # the last search: each move's mean value, samples
        self._backup = HeuristicBot(random.Random(0))
        self._tables: dict[tuple[int, int], dict[Card, float] | None] | None = None  # during a search
        self._informative: list[tuple[Choice, tuple[int, ...]]] | None = None  # during a search
        self._fits: dict[tuple[int, tuple[Card | None, ...]], bool] = {}  # during a search: `_fits` of a choice

    # ---------------------------------------------------------- belief

    def observe(self, view: SeatView, events: Sequence[Event | Mapping[str, Any]]) -> None:
        """Take in what this view and these events (engine Events or their wire dicts) show the seat."""
        self._backup.observe(view, events)
        b = self.belief
        if b is None or b.seat != view.seat or b.players != view.players:
            b = self.belief = self._fresh(view)
        for event in events:
            self._event(b, view, event)
        if b.round != view.round:  # a round it did not see dealt (a seat taken over): only the view
            b = self.belief = self._fresh(view, b.time_up)
        self._view(b, view)

    @staticmethod
    def _fresh(view: SeatView, time_up: bool = False) -> SeatBelief:
        b = SeatBelief(view.seat, view.players, view.round, time_up=time_up)
        _new_round(b, [s.seat for s in view.seats if not s.out],
                   view.discard_top if view.discard_top is not None else 0)
        return b

    def _event(self, b: SeatBelief, view: SeatView, event: Event | Mapping[str, Any]) -> None:
        d, kind = _event_fields(event)
        if kind in _CHOICE_EVENTS and d.get("seat") != b.seat and d.get("seat") in b.lines:
            _note(b, kind, d)
        if kind == "round_dealt":
            b.round = d["round"]
            _new_round(b, d["seats"], d["discard"])
        elif kind == "turn":
            if b.current is not None:
                b.had_turn.add(b.current)
            b.current = d["seat"]
            b.turns[d["seat"]] += 1
            b.draws_left = 0
            b.taken = None
        elif kind == "drew" and d["source"] == "pile":
            top = b.discard[-1] if b.discard else None
            if b.draws_left:
                b.draws_left -= 1
            elif isinstance(top, int):  # it left the top discard: it had no known card much above it
                _cap(b, d["seat"], top + 1)
        elif kind == "drew" and d["source"] == "discard":
            b.taken = b.discard.pop()
            if d["seat"] == b.seat:
                b.holding = parse_card(d["card"])
        elif kind == "you_drew":
            b.holding = parse_card(d["card"])
        elif kind == "replaced":
            s, i = d["seat"], d["position"] - 1
            b.discard.append(parse_card(d["discarded"]))
            if s in b.lines:
                b.lines[s][i] = parse_card(d["card"]) if "card" in d else (b.holding if s == b.seat else None)
                old = parse_card(d["discarded"])
                b.shown[b.ids[s][i]] = old
                b.ids[s][i], b.next_id = b.next_id, b.next_id + 1
                worth = float(old) if b.knows[s][i] and isinstance(old, int) else UNKNOWN_WORTH
                b.kept_under[s][i] = worth if b.lines[s][i] is None else None
                if not b.dumped[s][i]:  # it gave up its worst card: the others it knows are no higher
                    _cap(b, s, worth + (0.0 if b.knows[s][i] else UNKNOWN_BONUS))
                b.dumped[s][i] = False
                b.capped[s][i] = None
                b.knows[s][i] = True
                for x, told in b.told.items():
                    if s in told:
                        told[s][i] = "card" in d  # in sight of all, or seen by its owner only
                b.onto[s].discard(i)
            if s == b.seat:
                b.holding = None
        elif kind == "you_placed" and b.seat in b.lines:
            b.lines[b.seat][d["position"] - 1] = parse_card(d["card"])
        elif kind == "discarded":
            card = parse_card(d["card"])
            b.discard.append(card)
            if isinstance(card, int):  # it threw a drawn card away: it held no known card above it
                _cap(b, d["seat"], card + (DRAW2_FIRST_SLACK if b.draws_left else 0.0))
            if d["seat"] == b.seat:
                b.holding = None
        elif kind == "power_used":
            card = parse_card(d["power"])
            b.discard.append(card)
            if card is Power.DRAW2:
                b.draws_left = 2
            if d["seat"] == b.seat:
                b.holding = None
        elif kind == "peeked":
            if d["seat"] in b.knows:
                b.knows[d["seat"]][d["position"] - 1] = True
                b.capped[d["seat"]][d["position"] - 1] = None
                b.onto[d["seat"]].discard(d["position"] - 1)
        elif kind == "you_peeked" and b.seat in b.lines:
            b.lines[b.seat][d["position"] - 1] = parse_card(d["card"])
        elif kind == "swapped":
            s, o, i, j = d["seat"], d["other_seat"], d["position"] - 1, d["other_position"] - 1
            if s in b.lines and o in b.lines:
                gets = b.told[s][o][j], b.told[o][s][i]  # each knows the card it gets if it had seen it there
                _swap_told(b.told, b.knows, s, i, o, j)
                b.onto[s].discard(i)
                b.onto[o].add(j)
                gave_known = s != b.seat and b.knows[s][i]  # it chose to give a card it knew: a high one
                b.dumped[s][i], b.dumped[o][j] = b.dumped[o][j], gave_known or b.dumped[s][i]
                b.lines[s][i], b.lines[o][j] = b.lines[o][j], b.lines[s][i]
                b.ids[s][i], b.ids[o][j] = b.ids[o][j], b.ids[s][i]
                b.knows[s][i], b.knows[o][j] = gets  # blind, both ways (R-POWER-2): only what it saw before
                b.kept_under[s][i], b.kept_under[o][j] = b.kept_under[o][j], b.kept_under[s][i]
                b.capped[s][i] = b.capped[o][j] = None  # (what their old owners' play showed of them)
        elif kind == "reshuffled":
            b.discard = b.discard[-1:]
        elif kind == "time_up":
            b.time_up = True

    def _view(self, b: SeatBelief, view: SeatView) -> None:
        """Add what the view shows: face-up cards (kids), my look and my peek."""
        for info in view.seats:
            line = b.lines.get(info.seat)
            if line is None:
                continue
            for i, card in enumerate(info.line):
                if card is not None:
                    line[i] = parse_card(card)
                    b.knows[info.seat][i] = True
                    for x, told in b.told.items():  # face up: every seat sees it
                        if info.seat in told:
                            told[info.seat][i] = True
        for glimpse in view.look + ((view.peek,) if view.peek else ()):
            b.lines[b.seat][glimpse.position - 1] = parse_card(glimpse.card)
            b.knows[b.seat][glimpse.position - 1] = True
        if view.drawn is not None:
            b.holding = parse_card(view.drawn)
        elif view.drawn_card is not None and view.turn == b.seat:
            b.holding = parse_card(view.drawn_card)

    def hidden_cards(self, view: SeatView) -> list[Card] | None:
        """Return the cards the seat has not seen where they now are (a fixed order), or None if the
        belief does not add up (then the bot falls back on the heuristic)."""
        b = self.belief
        assert b is not None
        left = Counter(str(c) for c in DECK)
        seen: list[Card] = [c for s, line in b.lines.items() for c in line if c is not None] + b.discard
        if b.holding is not None and view.phase == "decide" and view.turn == b.seat:
            seen.append(b.holding)
        left.subtract(str(c) for c in seen)
        if any(n < 0 for n in left.values()):
            return None
        holes = sum(1 for s, line in b.lines.items() if not view.seats[s].out for c in line if c is None)
        if sum(left.values()) != holes + view.pile or len(b.discard) != view.discard_size:
            return None
        return [parse_card(name) if not name.isdigit() else int(name)
                for name in sorted(left) for _ in range(left[name])]

    # ---------------------------------------------------------- a sample of the hidden truth

    def sample(self, view: SeatView, hidden: Sequence[Card], rng: random.Random) -> tuple[State, list[list[bool]]]:
        """Return an engine State for one sample of the hidden cards, and what each seat knows of its line."""
        b = self.belief
        assert b is not None
        cards = list(hidden)
        rng.shuffle(cards)
        lines: list[list[Card]] = []
        knows: list[list[bool]] = []
        for s in range(view.players):
            mine = b.lines.get(s)
            if view.seats[s].out or mine is None:
                lines.append([])
                knows.append([False] * 4)
                continue
            lines.append(list(mine))  # type: ignore[arg-type]  (the holes are filled below)
            knows.append([c is not None for c in mine] if s == b.seat else list(b.knows[s]))
        holes = [(s, i) for s in range(view.players) if lines[s] for i in range(4) if lines[s][i] is None]
        tables = {si: self._table(si, view, hidden) for si in holes}
        for s, i in sorted(holes, key=lambda si: tables[si] is None):
            table = tables[(s, i)]
            if table is None:
                lines[s][i] = cards.pop()
            else:
                k = rng.choices(range(len(cards)), [table[c] for c in cards])[0]
                cards[k], cards[-1] = cards[-1], cards[k]
                lines[s][i] = cards.pop()
        deciding = view.phase == "decide"
        options = normalize_options({"end": dict(view.end), "kids": view.kids})
        had = [s in b.had_turn for s in range(view.players)]
        if view.turn is not None and view.phase == "end_turn":
            had[view.turn] = True
        state = State(
            players=view.players, options=options, first_dealer=view.dealer, dealer=view.dealer,
            round=view.round, phase=Phase(view.phase), lines=lines, pile=cards, discard=list(b.discard),
            turn=view.turn, drawn=b.holding if deciding else None,
            drawn_from=Source(view.drawn_from) if deciding and view.drawn_from else None,
            draws_left=view.draws_left, peeked=view.peek.position if view.peek else None,
            looking=[False] * view.players, had_turn=had, knocker=view.knocker, last_turns=view.last_turns,
            out=[s.out for s in view.seats], eliminated=list(view.eliminated), totals=list(view.totals),
            round_scores=[list(r) for r in view.round_scores], time_up=b.time_up,
        )
        return state, knows

    def _table(self, place: tuple[int, int], view: SeatView, hidden: Sequence[Card]) -> dict[Card, float] | None:
        """Return `_weighted`'s weights of the hidden cards for a place, kept for the search's samples."""
        cache = self._tables
        if cache is not None and place in cache:
            return cache[place]
        weight = self._weighted(place, view)
        table = None if weight is None else {c: weight(c) for c in set(hidden)}
        if cache is not None:
            cache[place] = table
        return table

    def _weighted(self, place: tuple[int, int], view: SeatView) -> Any:
        """Return how likely each card is in another seat's hidden place, as a weight function of the
        card, or None for "as likely as any": a card its owner kept from the pile over a card worth w
        is most likely under w (a careful player keeps only better cards, never a power card); a
        card its owner knew when its play showed nothing above a worth is most likely at most that;
        a card another seat gave away knowing it is most likely high."""
        b = self.belief
        assert b is not None
        s, i = place
        dumped = b.dumped[s][i]
        if s == b.seat:
            under, cap = None, None
        else:
            under = b.kept_under[s][i]
            cap = b.capped[s][i] if b.knows[s][i] else None
        if under is None and not dumped and cap is None:
            return None
        mean = _unknown_mean(b)

        def weight(card: Card) -> float:
            if isinstance(card, Power):
                w = 0.05 if under is not None else 0.5
                return w * CAP_WEIGHT if cap is not None and mean > cap + 0.5 else w
            w = 1.0 if under is None or card <= under - 0.5 else 0.12
            if cap is not None and card > cap + 0.5:
                w *= CAP_WEIGHT
            if dumped:
                w *= math.exp(0.35 * card)
            return w

        return weight

    def sample_weight(self, state: State) -> float:
        """Return how likely a sample is given the other seats' choices this round (`SeatBelief.choices`):
        each choice the heuristic would not have made, knowing what that seat knew with the cards the
        sample puts there, makes it `MISFIT_WEIGHT` times less likely (a careful player's choices show
        what it holds)."""
        searching = self._informative is not None
        choices = self._informative if searching else self.informative()
        if not choices:
            return 1.0
        value = self._names(state)
        kids = state.options["kids"]
        fits = self._fits if searching else {}  # (a search's choices are fixed: their fits are kept)
        weight = 1.0
        for k, (c, hidden) in enumerate(choices):
            if not _fit_kept(fits, k, c, hidden, value, kids):
                weight *= MISFIT_WEIGHT
        return weight

    def _names(self, state: State) -> dict[int, Card]:
        """Return which card each name is in a sample: the cards shown, and every card in a line now."""
        b = self.belief
        assert b is not None
        value = dict(b.shown)
        for s, ids in b.ids.items():
            line = state.lines[s]
            if line:
                value.update(zip(ids, line))
        return value

    def explainable(self, view: SeatView, hidden: Sequence[Card]) -> list[tuple[Choice, tuple[int, ...]]]:
        """Return the informative choices less those that no sample of a probe (`PROBES`) explains: a seat
        that does not play by the heuristic's rules (a person) is not read by them where they cannot
        say why it chose so."""
        choices = self.informative()
        fits: dict[tuple[int, tuple[Card | None, ...]], bool] = {}
        explained = [False] * len(choices)
        kids = view.kids
        for _ in range(PROBES if choices else 0):
            state, _ = self.sample(view, hidden, random.Random(self.rng.getrandbits(32)))
            value = self._names(state)
            for k, (c, names) in enumerate(choices):
                explained[k] = explained[k] or _fit_kept(fits, k, c, names, value, kids)
            if all(explained):
                break
        return [choice for choice, ok in zip(choices, explained) if ok]

    def informative(self) -> list[tuple[Choice, tuple[int, ...]]]:
        """Return the choices that can tell one sample from another, each with the names of the cards
        its seat knew (or kept) that I do not know: the others the heuristic made in every sample alike."""
        b = self.belief
        assert b is not None
        mine = set(b.shown)
        for s, ids in b.ids.items():
            mine.update(n for n, c in zip(ids, b.lines[s]) if c is not None)
        out = []
        for c in b.choices:
            hidden = {n for ids, seen in zip(c.ids, c.mind) for n, k in zip(ids, seen) if k and n not in mine}
            if c.held_id is not None and c.held_id not in mine:
                hidden.add(c.held_id)
            if hidden:
                out.append((c, tuple(sorted(hidden))))
        return out

    # ---------------------------------------------------------- choosing

    def act(self, view: SeatView) -> Action:
        """Return the move with the best mean value over the sampled playouts (from `view.legal`)."""
        legal = view.legal
        if legal.memorised:
            return MEMORISED
        if legal.end_turn and not legal.knock:
            return END_TURN
        if self.belief is None or self.belief.round != view.round:
            self.observe(view, ())
        if legal.knock and self.belief.turns[view.seat] >= GIVE_UP_TURNS:
            return KNOCK  # a round must end, whatever a short search made of it
        hidden = self.hidden_cards(view)
        if hidden is None:
            self.fallbacks += 1
            return self._backup.act(view)
        first, knows = self.sample(view, hidden, self.rng)
        candidates = self.candidates(view, first, knows)
        if len(candidates) == 1:
            return candidates[0]
        return self.search(view, hidden, candidates)

    # ---------------------------------------------------------- coaching

    def hint(self, view: SeatView) -> tuple[Action, str, dict[str, Any]]:
        """Return the move it would make for this seat and one short reason (`hint.<reason>` in the
        game's texts, its params exactly the text's placeholders), from its belief alone: the coach of
        a seat (game.server.bots). A person waits for it, so it thinks at most `hint_cap` (CPU seconds,
        seconds of the clock; None: as `act`).

        Its search is seeded from what the seat has seen (`seen_seed` of the view and the belief), not
        from the bot's own random stream: one view with one memory gets one hint, whatever the hidden
        cards and however often it is asked (the answer to the last question is kept, so an ask again
        gets it even if a loaded machine cut the first search short)."""
        cpu, clock = time.thread_time(), time.perf_counter()
        if self.belief is None or self.belief.round != view.round:
            self.observe(view, ())
        seed = seen_seed(view, self.belief)
        kept = self._hint_kept
        if kept is not None and kept[0] == seed:
            return kept[1], kept[2], dict(kept[3])
        full, own = self.budget, self.rng
        if self.hint_cap is not None:  # (less the time the seed took)
            cpu, clock = time.thread_time() - cpu, time.perf_counter() - clock
            self.budget = dataclasses.replace(full, seconds=min(full.seconds, self.hint_cap[0] - cpu),
                                              wall=self.hint_cap[1] - clock)
        self.rng = random.Random(seed)
        try:
            action = self.act(view)
        finally:
            self.budget, self.rng = full, own
        reason, params = self._reason(view, action)
        self._hint_kept = (seed, action, reason, dict(params))
        return action, reason, params

    def _reason(self, view: SeatView, action: Action) -> tuple[str, dict[str, Any]]:
        """Return the reason of a hint's move (`hint.<reason>`, its placeholders), from the belief."""
        b = self.belief
        me = view.seat
        mean = _unknown_mean(b)
        line: list[Known] = list(b.lines.get(me) or [None] * 4) if b is not None else [None] * 4

        def worth(card: Known) -> float:
            return mean if card is None or isinstance(card, Power) else float(card)

        kind = action.type
        if kind is ActionType.MEMORISED:
            return "hint.look", {}
        if kind is ActionType.DRAW:
            top = None if view.discard_top is None else parse_card(view.discard_top)
            if action.source is Source.DISCARD:  # the reason speaks of the move it lights up: the discard
                gain = round(max(worth(c) for c in line) - top) if type(top) is int else 0
                if gain >= 1:
                    return "hint.take", {"card": top, "gain": gain}
                return "hint.take_plain", {"card": card_to_json(top)}
            if view.legal.draw_discard and top is not None:
                return "hint.draw_not_top", {"card": card_to_json(top)}
            if view.draws_left:  # R-POWER-3: a Draw 2's draws come from the pile
                return "hint.draw_draw2", {}
            if top is not None:  # R-POWER-4: a power card on the discard pile is used up
                return "hint.draw_dead", {"card": card_to_json(top)}
            return "hint.draw", {}  # (no discard at all)
        held = view.drawn if view.drawn is not None else view.drawn_card
        card = None if held is None else parse_card(held)
        shown = None if card is None else card_to_json(card)
        if kind is ActionType.REPLACE:
            place = action.position
            if type(card) is int:
                told = _placement(line, place, card, mean)
                if told is not None:
                    return told
            gain = round(worth(line[place - 1]) - worth(card)) if type(card) is int else 0
            if gain >= 1:
                return "hint.replace", {"card": shown, "place": place, "gain": gain}
            return "hint.replace_plain", {"card": shown, "place": place}
        if kind is ActionType.DISCARD:
            return "hint.discard", {"card": shown}
        if kind is ActionType.PEEK:
            return "hint.peek", {"place": action.position}
        if kind is ActionType.SWAP:
            if action.skip:
                return "hint.swap_skip", {}
            theirs = (b.lines.get(action.other_seat) or [None] * 4)[action.other_position - 1] if b else None
            gain = round(worth(line[action.position - 1]) - worth(theirs))
            params = {"place": action.position, "seat": action.other_seat, "other": action.other_position}
            return ("hint.swap", {**params, "gain": gain}) if gain >= 1 else ("hint.swap_plain", params)
        if kind is ActionType.DRAW2:
            return "hint.draw2", {}
        points = round(sum(worth(c) for c in line))
        return ("hint.knock" if kind is ActionType.KNOCK else "hint.wait"), {"points": points}

    def candidates(self, view: SeatView, state: State, knows: list[list[bool]]) -> list[Action]:
        """Return the moves worth searching: every legal one but dominated replacements and the
        swaps a quick estimate ranks low."""
        me = view.seat
        actions = legal_actions(state, me)
        mean = _unknown_mean(self.belief)
        line = self.belief.lines[me]
        worth = [mean + 0.4 if c is None else (mean if isinstance(c, Power) else float(c)) for c in line]
        drawn = state.drawn
        keep: list[Action] = []
        swaps: list[tuple[float, Action]] = []
        for a in actions:
            if a.type is ActionType.REPLACE and drawn is not None:
                value = mean if isinstance(drawn, Power) else float(drawn)
                if worth[a.position - 1] < value - 0.5:  # a known lower card: never worth giving up
                    continue
                if isinstance(drawn, Power) and worth[a.position - 1] < 6:
                    continue
            if a.type is ActionType.PEEK and line[a.position - 1] is not None:
                continue
            if a.type is ActionType.SWAP and not a.skip:
                theirs = self.belief.lines[a.other_seat][a.other_position - 1]
                gain = worth[a.position - 1] - (mean if theirs is None or isinstance(theirs, Power) else theirs)
                swaps.append((gain, a))
                continue
            keep.append(a)
        swaps.sort(key=lambda ga: -ga[0])
        keep += [a for gain, a in swaps[:4] if gain > 0]
        peeks = [a for a in keep if a.type is ActionType.PEEK]
        keep = [a for a in keep if a.type is not ActionType.PEEK] + peeks[:1]
        if peeks and not state.draws_left:  # a look is worth more than the playouts see: a Peek drawn
            #   while a card of mine is unknown is used (or put in the line), not thrown away
            keep = [a for a in keep if a.type is not ActionType.DISCARD]
        if not keep:  # every replacement pruned, none other allowed: the worst card goes
            keep = [replace(max(range(4), key=worth.__getitem__) + 1)]
        return keep[:self.budget.max_candidates]

    def follow_ups(self, view: SeatView, hidden: Sequence[Card], action: Action) -> list[tuple[Action, ...]]:
        """Return the moves of mine that follow `action` before anything new is seen, each searched as
        its own line: after a play that ends my turn when I may knock, knocking and not; after taking
        the top discard, each place worth putting it. (A move after a draw from the pile depends on
        the card drawn: the playouts make it.)"""
        probe, _ = self.sample(view, hidden, random.Random(0))  # (what follows is the same in every sample)
        return self._follow_ups(view, probe, action)

    def _fitting_sample(self, view: SeatView, hidden: Sequence[Card]) -> tuple[int, State, list[list[bool]], float]:
        """Return a sample's seed, State, knowledge and weight: drawn again (up to `SAMPLE_TRIES` times)
        while the other seats' choices rule it out, the best kept."""
        best: tuple[int, State, list[list[bool]], float] | None = None
        for _ in range(SAMPLE_TRIES):
            seed = self.rng.getrandbits(32)
            state, knows = self.sample(view, hidden, random.Random(seed))
            w = self.sample_weight(state)
            if best is None or w > best[3]:
                best = (seed, state, knows, w)
            if w == 1.0:
                break
        assert best is not None
        return best

    def _follow_ups(self, view: SeatView, probe: State, action: Action) -> list[tuple[Action, ...]]:
        """`follow_ups`, found by playing `action` on a sample (`probe`, changed)."""
        apply(probe, view.seat, action)
        if probe.turn != view.seat:
            return [()]
        if probe.phase is Phase.END_TURN and may_knock(probe):
            return [(KNOCK,), (END_TURN,)]
        if probe.phase is Phase.DECIDE and probe.drawn_from is Source.DISCARD and type(probe.drawn) is int:
            line = self.belief.lines[view.seat]
            places = [p for p in range(1, 5) if not (type(line[p - 1]) is int and line[p - 1] < probe.drawn - 0.5)]
            return [(replace(p),) for p in places] or [()]
        return [()]

    def search(self, view: SeatView, hidden: Sequence[Card], candidates: list[Action]) -> Action:
        """Play every candidate, each with every line of moves that follows it (`follow_ups`), from the
        same samples; drop the worse half halfway; return the candidate of the best line."""
        budget = self.budget
        me = view.seat
        mean = _unknown_mean(self.belief)
        probe, _ = self.sample(view, hidden, random.Random(0))
        lines = [(a, *then) for a in candidates for then in self._follow_ups(view, _copy(probe), a)]
        totals = {m: 0.0 for m in lines}
        counts = {m: 0 for m in lines}
        weights = {m: 0.0 for m in lines}
        alive = list(lines)
        half = max(1, budget.min_samples // 2, budget.playouts // (2 * len(lines)))  # (after one sample at least)
        started = time.thread_time()  # its own CPU: a busy machine does not make it think less
        clock = time.perf_counter()
        self._tables = {}  # the belief does not change during a search: its sampling weights neither
        self._informative, self._fits = self.explainable(view, hidden), {}
        spent = sample = 0
        while True:
            if sample == half and len(alive) > 2:  # the worse half is dropped
                alive.sort(key=lambda m: (-totals[m] / weights[m], lines.index(m)))
                alive = alive[:max(2, len(alive) // 2)]
            if sample >= budget.min_samples and spent + len(alive) > budget.playouts:
                break
            if sample > 0 and (time.thread_time() - started > budget.seconds or time.perf_counter() - clock > budget.wall):
                break
            seed, base, knows, w = self._fitting_sample(view, hidden)
            minds = _minds(base.players, knows, self.belief.told)  # (what each seat remembers: the same for every candidate)
            means = [_mind_mean(base, s, minds[s]) if s != me and not base.out[s] else mean for s in range(base.players)]
            for m in alive:
                know = [k[:] for k in knows]
                totals[m] += w * _playout(_copy(base), me, m[0], know, mean, _LazyRandom(seed + 1), self.belief.turns,
                                          told=self.belief.told, onto=self.belief.onto, means=means, then=m[1:])
                counts[m] += 1
                weights[m] += w
            spent += len(alive)
            sample += 1
        self._tables, self._informative, self._fits = None, None, {}
        for m in lines:
            if m[0].type is ActionType.PEEK and counts[m]:  # on a tie, knowing beats not knowing
                totals[m] += PEEK_BONUS * weights[m]
        self.last_values = {" then ".join(str(a.to_dict()) for a in m): (round(totals[m] / weights[m], 3), counts[m])
                            for m in lines if counts[m]}
        return max(alive, key=lambda m: (totals[m] / weights[m], -lines.index(m)))[0]


# ---------------------------------------------------------------- playouts (on sampled States only)


def _unknown_mean(b: SeatBelief | None) -> float:
    """Return the expected points of a card the seat has not seen (a power card: the number card that
    replaces it at the round's end)."""
    left = list(_NUMBERS)
    if b is not None:
        for line in b.lines.values():
            for c in line:
                if isinstance(c, int):
                    left[c] -= 1
        for c in b.discard:
            if isinstance(c, int):
                left[c] -= 1
    return _left_mean(left, 4.5)


def _placement(line: Sequence[Known], place: int, card: int, mean: float) -> tuple[str, dict[str, Any]] | None:
    """Return the reason of putting the number `card` in `place` when it prefers a card the seat does
    not know to one it knows, or the reverse, or None when there was no such choice: a place unknown
    while a known card elsewhere is higher than `card` (the highest such one is named), or a known
    place while a place is unknown. `worth`: what a card the seat does not know is worth on average
    (`mean`), rounded as the text shows it; the text says why by comparing it with the known card
    when that settles it, else that the coach's playouts did (a card swapped onto the seat, for one,
    is likely higher than the average)."""
    target = line[place - 1]
    shown = round(mean)
    if target is None:
        higher = [(c, p) for p, c in enumerate(line, 1) if p != place and type(c) is int and c > card]
        if not higher:
            return None
        known, known_place = max(higher, key=lambda cp: (cp[0], -cp[1]))
        params = {"card": card, "place": place, "known": known, "known_place": known_place}
        if shown > known:
            return "hint.replace_unknown", {**params, "worth": shown}
        return "hint.replace_unknown_played", params
    if type(target) is not int or target <= card or not any(c is None for p, c in enumerate(line, 1) if p != place):
        return None
    params = {"card": card, "place": place, "known": target, "gain": target - card, "worth": shown}
    return ("hint.replace_known" if target > shown else "hint.replace_known_sure"), params


def _copy(s: State) -> State:
    """Return a copy of a sampled State, deep enough for `apply` (options are never written)."""
    return State(
        players=s.players, options=s.options, first_dealer=s.first_dealer, dealer=s.dealer, round=s.round,
        phase=s.phase, box=[], lines=[line[:] for line in s.lines], pile=s.pile[:], discard=s.discard[:],
        turn=s.turn, drawn=s.drawn, drawn_from=s.drawn_from, draws_left=s.draws_left, peeked=s.peeked,
        looking=s.looking[:], had_turn=s.had_turn[:], knocker=s.knocker, last_turns=s.last_turns,
        replacing=s.replacing, out=s.out[:], eliminated=s.eliminated[:], totals=s.totals[:],
        round_scores=[r[:] for r in s.round_scores], time_up=s.time_up, winners=[],
    )


def _swap_told(told: Mapping[int, Mapping[int, list[bool]]], knows: Mapping[int, list[bool]],
               s: int, i: int, o: int, j: int) -> None:
    """Move what every observer knows of two cards a Swap exchanged (seat s's position i, seat o's j)
    with the cards, as a heuristic player's memory does: a seat knows the card it gave away."""
    for x, seen in told.items():
        before_si = knows[s][i] if x == s else seen[s][i]
        before_oj = knows[o][j] if x == o else seen[o][j]
        if x != s:
            seen[s][i] = before_oj
        if x != o:
            seen[o][j] = before_si


_CHOICE_EVENTS = frozenset({"drew", "replaced", "discarded", "swapped", "swap_skipped", "turn_end", "knocked"})


def _note(b: SeatBelief, kind: str, d: Mapping[str, Any]) -> None:
    """Keep another seat's choice (before its event changes the belief) if it can show what it knew:
    where it drew from (not in a Draw 2), where it put a card or that it threw a number away, and
    whom it swapped with (or that it did not), whether it knocked when it could."""
    seat = d["seat"]
    held: Card | None = None
    held_id = source = None
    if kind == "drew":
        if b.draws_left:
            return
        phase, action = Phase.DRAW, DRAW_DISCARD if d["source"] == "discard" else DRAW_PILE
    elif kind == "replaced":
        phase, action = Phase.DECIDE, replace(d["position"])
        if b.taken is not None:
            held, source = b.taken, Source.DISCARD
        else:
            held_id, source = b.next_id, Source.PILE  # the name the card it kept gets (`_event`)
    elif kind == "discarded":
        held = parse_card(d["card"])
        if not isinstance(held, int):
            return
        phase, action, source = Phase.DECIDE, DISCARD, Source.PILE
    elif kind == "swapped" or kind == "swap_skipped":
        phase, held, source = Phase.DECIDE, Power.SWAP, Source.PILE
        action = swap(d["position"], d["other_seat"], d["other_position"]) if kind == "swapped" else SWAP_SKIP
    elif kind == "knocked":  # its play ended with "turn_end": it chose then, to knock
        last = b.choices[-1] if b.choices else None
        if last is not None and last.seat == seat and last.phase is Phase.END_TURN:
            b.choices[-1] = dataclasses.replace(last, action=KNOCK)
        return
    else:
        if not d["may_knock"]:
            return
        phase, action = Phase.END_TURN, END_TURN  # (until it knocks)
    told = b.told[seat]
    b.choices.append(Choice(
        seat=seat, phase=phase, action=action,
        ids=tuple(tuple(b.ids[x]) if x in b.ids else () for x in range(b.players)),
        mind=tuple(tuple(b.knows[seat]) if x == seat else tuple(told.get(x, (False,) * 4)) for x in range(b.players)),
        onto=frozenset(b.onto[seat]), discard=tuple(b.discard), draws_left=b.draws_left,
        held=held, held_id=held_id, source=source, turns=b.turns[seat]))


class _Then:
    """The table as a past choice saw it: the fields of a State that `_heuristic` reads."""

    __slots__ = ("phase", "lines", "discard", "draws_left", "drawn", "drawn_from", "players", "out",
                 "options", "knocker", "had_turn", "_in")

    def __init__(self, c: Choice, lines: list[list[Card]], held: Card | None, kids: bool) -> None:
        self.phase, self.lines, self.discard, self.draws_left = c.phase, lines, c.discard, c.draws_left
        self.drawn, self.drawn_from, self.players = held, c.source, len(lines)
        self.out = [not line for line in lines]
        self.options = {"kids": kids}
        self.knocker, self.had_turn = None, [True] * len(lines)  # it could knock (END_TURN): `may_knock`
        self._in = [s for s, line in enumerate(lines) if line]

    def seats_in(self) -> list[int]:
        return self._in


def _fit_kept(fits: dict[tuple[int, tuple[Card | None, ...]], bool], k: int, c: Choice, names: tuple[int, ...],
              value: Mapping[int, Card], kids: bool) -> bool:
    """`_fits` of choice number k, kept in `fits` by the cards its seat knew that I do not (`names`):
    its fit depends on those only."""
    key = (k, tuple(value.get(n) for n in names))
    fit = fits.get(key)
    if fit is None:
        fit = fits[key] = _fits(c, value, kids)
    return fit


def _fits(c: Choice, value: Mapping[int, Card], kids: bool) -> bool:
    """Return True if the heuristic would make choice c again, knowing what c's seat knew then with the
    cards `value` names (a sample's: every card shown and every card in a line now, by name)."""
    get = value.get
    lines = [[get(n, 0) if k else 0 for n, k in zip(ids, seen)]  # (a card it did not know: never read)
             for ids, seen in zip(c.ids, c.mind)]
    held = c.held if c.held_id is None else get(c.held_id)
    then = _Then(c, lines, held, kids)
    mind = c.mind  # (read, never written, by both: as the lists a playout's minds are)
    mean = _mind_mean(then, c.seat, mind)  # type: ignore[arg-type]  (the fields it reads)
    return _heuristic(then, c.seat, mind, c.onto, mean, c.turns) == c.action  # type: ignore[arg-type]


def _cap(b: SeatBelief, seat: int, worth: float) -> None:
    """Note that `seat`'s play showed it held no card it knew worth more than `worth` (not mine:
    I know my own cards)."""
    if seat == b.seat or seat not in b.capped:
        return
    caps = b.capped[seat]
    for i in range(4):
        if b.knows[seat][i] and not b.dumped[seat][i]:
            caps[i] = worth if caps[i] is None else min(caps[i], worth)


HEURISTIC = Tuning()       # the heuristic's numbers, which the playouts' other seats follow (`_heuristic`)
OWN = Tuning(take_discard_gain=2.5, unknown_bonus=0.0, knock_margin=6.0)  # the numbers its own seat follows in
#   the playouts: the heuristic's rules, tuned against the heuristic itself (a heuristic with these wins about
#   53 % of 2-seat games against the default one: bench/README.md), a better player to value its moves by
GIVE_UP_TURNS = HEURISTIC.give_up  # own turns in a round after which it knocks, searched or not (as the heuristic)
MISFIT_WEIGHT = 0.05       # how likely a sample is, for each choice of another seat the heuristic would
#                            not have made in it (a person is not the heuristic: never ruled out)
SAMPLE_TRIES = 6           # samples drawn at most for one, until one fits every choice (`sample_weight`)
PROBES = 24                # samples a search first draws to find the choices none explains (`explainable`)
CAP_WEIGHT = 0.2           # how likely a card above what a seat's play showed (`SeatBelief.capped`) still is
DUMPED_WORTH = HEURISTIC.dumped_worth  # what the heuristic reckons a card swapped onto it is worth
UNKNOWN_BONUS = 0.4        # a careful player replaces a card it does not know a little before a known one
DRAW2_FIRST_SLACK = 2.0    # a careful player throws the first card of a Draw 2 away unless it gains this
PEEK_BONUS = 0.003         # what the playouts miss of knowing a card of one's own (a tie-break)
UNKNOWN_WORTH = 4.9       # what a careful player reckons a card of its own it does not know is worth
MAX_PLAYOUT_ACTIONS = 400  # a round that has not ended by then is scored as it lies
ROUND_SPREAD = 7.8         # the spread (sd) of one round's score difference between two players (bench games)


class _LazyRandom:
    """`random.Random(seed)`, made when first used: most playouts never reshuffle, so never draw."""

    __slots__ = ("_seed", "_rng")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return getattr(self._rng, name)


def _playout(state: State, me: int, first: Action, know: list[list[bool]], mean: float,
             rng: random.Random | _LazyRandom, turns: Counter[int], step: Any = None,
             told: Mapping[int, Mapping[int, list[bool]]] | None = None,
             onto: Mapping[int, set[int]] | None = None, means: Sequence[float] | None = None,
             then: Sequence[Action] = ()) -> float:
    """Apply `first` for `me` (with the engine), play the round out (with `step`: `_step`, or the
    engine's `apply` in the tests that compare them) with `_heuristic` for every seat, mine by `OWN`'s
    numbers, the others by the heuristic's (my moves `then` first, if given; what each remembers of the other lines: `told`, from the belief; the cards swapped
    onto it: `onto`; the worth each reckons a card it does not know: `means`, else from `told`); return my value."""
    step = step or _step
    turns = Counter(turns)
    minds = _minds(state.players, know, told or {})
    dumped = [set(onto.get(s, ())) if onto else set() for s in range(state.players)]
    if means is None:
        means = [_mind_mean(state, s, minds[s]) if s != me and not state.out[s] else mean for s in range(state.players)]
    _learn(state, me, first, know, minds, dumped)
    apply(state, me, first)
    for action in then:  # my next moves, searched with `first`
        _learn(state, me, action, know, minds, dumped)
        step(state, me, action, rng)
    for _ in range(MAX_PLAYOUT_ACTIONS):
        phase = state.phase
        if phase is Phase.DEAL or phase is Phase.OVER:
            break
        if phase is Phase.RESHUFFLE:
            apply_chance(state, sample_chance(state, rng))
            continue
        seat = state.turn
        assert seat is not None
        if phase is Phase.DRAW and state.draws_left == 0:
            turns[seat] += 1
        action = _heuristic(state, seat, minds[seat], dumped[seat], means[seat], turns[seat], OWN if seat == me else HEURISTIC)
        _learn(state, seat, action, know, minds, dumped)
        step(state, seat, action, rng)
    return _value(state, me, mean)


def _minds(players: int, know: list[list[bool]], told: Mapping[int, Mapping[int, list[bool]]]) -> list[list[list[bool]]]:
    """Return what each seat knows of every line: minds[x][s][i] (x's own line is `know[x]` itself)."""
    return [[know[x] if s == x else (list(told[x][s]) if x in told and s in told[x] else [False] * 4)
             for s in range(players)] for x in range(players)]


def _mind_mean(state: State, seat: int, mind: Sequence[Sequence[bool]]) -> float:
    """Return the expected points of a card `seat` does not know, from the cards it knows and the
    discard pile (the heuristic's `_unknown_value`)."""
    left = list(_NUMBERS)
    for line, seen in zip(state.lines, mind):
        for c, k in zip(line, seen):
            if k and type(c) is int:
                left[c] -= 1
    for c in state.discard:
        if type(c) is int:
            left[c] -= 1
    return _left_mean(left, 5.0)


_NUMBERS = tuple(NUMBER_COUNTS[v] for v in range(10))  # how many of each number card the deck holds, by number
assert set(NUMBER_COUNTS) == set(range(10))


def _left_mean(left: Sequence[int], empty: float) -> float:
    """Return the mean points of the number cards `left` counts (by number; a count below 0 as 0), or `empty`
    if none is left. (Integer sums, then one division: the very float a Counter's sums gave.)"""
    total = points = 0
    for v, n in enumerate(left):
        if n > 0:
            total += n
            points += v * n
    return points / total if total > 0 else empty


def _step(state: State, seat: int, action: Action, rng: random.Random | _LazyRandom) -> None:
    """Carry out a legal turn action on a sampled State as the engine's `apply` does (the same State
    after it, the same draws of `rng` for a reshuffle), without its checks and events: a playout's
    steps are many. The round's end is the engine's own (`end_round`)."""
    kind = action.type
    if kind is ActionType.DRAW:
        if action.source is Source.DISCARD:  # R-TURN-1
            state.drawn, state.drawn_from = state.discard.pop(), Source.DISCARD
        else:
            if state.draws_left:  # R-POWER-3
                state.draws_left -= 1
            if not state.pile:  # R-PILE-1: as `sample_chance` and `apply_chance` shuffle it
                pile = state.discard[:-1]
                rng.shuffle(pile)
                state.pile, state.discard = pile, state.discard[-1:]
            state.drawn, state.drawn_from = state.pile.pop(0), Source.PILE
        state.phase = Phase.DECIDE
        return
    if kind is ActionType.KNOCK or kind is ActionType.END_TURN:
        _step_end_turn(state, seat, kind is ActionType.KNOCK)
        return
    card, state.drawn, state.drawn_from = state.drawn, None, None
    if kind is ActionType.REPLACE:
        line = state.lines[seat]
        state.discard.append(line[action.position - 1])
        line[action.position - 1] = card
    elif kind is ActionType.DISCARD:
        state.discard.append(card)
        if state.draws_left:  # R-POWER-3: the first thrown away, the second drawn
            state.phase = Phase.DRAW
            return
    else:  # a power used (R-POWER-1..4): dead on the discard pile
        state.discard.append(card)
        if kind is ActionType.DRAW2:
            state.draws_left, state.phase = 2, Phase.DRAW
            return
        if kind is ActionType.PEEK:
            state.peeked = action.position
        elif not action.skip:
            mine, theirs = state.lines[seat], state.lines[action.other_seat]
            p, q = action.position - 1, action.other_position - 1
            mine[p], theirs[q] = theirs[q], mine[p]
    state.draws_left = 0  # the engine's _finish_turn
    state.had_turn[seat] = True
    if state.peeked is not None or may_knock(state):
        state.phase = Phase.END_TURN
    else:
        _step_end_turn(state, seat, False)


def _step_end_turn(state: State, seat: int, knock: bool) -> None:
    """The engine's end of a turn (R-END-1/2): a knock, the last turns, the next seat's turn."""
    state.peeked = None
    if knock:
        state.knocker, state.last_turns = seat, len(state.seats_in()) - 1
    elif state.knocker is not None:
        state.last_turns -= 1
        if state.last_turns == 0:
            end_round(state, quiet=True)
            return
    state.phase, state.turn = Phase.DRAW, next_in(state, seat)
    state.drawn, state.drawn_from, state.draws_left, state.peeked = None, None, 0, None


def _learn(state: State, seat: int, action: Action, know: list[list[bool]],
           minds: list[list[list[bool]]] | None = None, dumped: list[set[int]] | None = None) -> None:
    """Update what each seat knows of its own line for `action` (before it is applied); with `minds`,
    what every seat knows of every line too (a card taken from the discard pile or placed face up is
    seen by all; a Swap moves what each knows with the cards), and `dumped`, the cards swapped onto a seat."""
    kind = action.type
    if kind is ActionType.REPLACE or kind is ActionType.PEEK:
        i = action.position - 1
        know[seat][i] = True
        if minds is not None and dumped is not None:
            dumped[seat].discard(i)
            if kind is ActionType.REPLACE:
                public = state.drawn_from is Source.DISCARD or (state.options["kids"] and action.position in OUTER_POSITIONS)
                for x, mind in enumerate(minds):
                    if x != seat:
                        mind[seat][i] = public
    elif kind is ActionType.SWAP and not action.skip:
        p, q, other = action.position - 1, action.other_position - 1, action.other_seat
        if minds is not None and dumped is not None:
            for mind in minds:  # (a seat's own line is its `know` list itself)
                mine, theirs = mind[seat], mind[other]
                mine[p], theirs[q] = theirs[q], mine[p]
            dumped[seat].discard(p)
            dumped[other].add(q)
        else:
            know[seat][p] = False
            know[other][q] = False


def _heuristic(state: State, seat: int, mind: list[list[bool]], dumped: set[int], mean: float, turns: int,
               t: Tuning = HEURISTIC) -> Action:
    """The heuristic bot's move (`HeuristicBot.act` with the `Tuning` t, its default unless told), from
    what `seat` remembers in the sample: its own cards it knows, the other lines' cards it saw (`mind`),
    the cards swapped onto it (`dumped`, reckoned high), and its unknown card's worth `mean`."""
    phase = state.phase
    if phase is Phase.END_TURN and not may_knock(state):
        return END_TURN
    line, know = state.lines[seat], mind[seat]
    est = [c if k and type(c) is int else mean for c, k in zip(line, know)]
    high = max(mean, t.dumped_worth)
    worth = [high if not k and i in dumped else (e if k else e + t.unknown_bonus)
             for i, (e, k) in enumerate(zip(est, know))]
    worst = max(range(4), key=worth.__getitem__)
    if phase is Phase.DRAW:
        top = state.discard[-1] if state.discard else None
        if state.draws_left == 0 and type(top) is int and worth[worst] - top >= t.take_discard_gain:
            return DRAW_DISCARD
        return DRAW_PILE
    if phase is Phase.END_TURN:
        me = sum(high if not k and i in dumped else e for i, (e, k) in enumerate(zip(est, know)))
        others = [_seen_points(state.lines[s], mind[s], mean) for s in range(state.players) if s != seat and not state.out[s]]
        return KNOCK if _heuristic_knocks(me, 4 - sum(know), others, turns, t) else END_TURN
    if state.drawn is Power.SWAP and state.drawn_from is not Source.DISCARD:
        return _heuristic_swap(state, seat, mind, est, mean, t)
    return _use_drawn(state, worth, worst, know, t)


def _use_drawn(state: State, worth: list[float], worst: int, know: list[bool], t: Tuning) -> Action:
    """What the heuristic does with the card held (but a Swap): a card
    from the discard pile replaces the worst; a drawn number replaces it if it gains the heuristic's
    margin, else goes; a Draw 2 is used; a Peek looks at the first unknown card."""
    card = state.drawn
    if state.drawn_from is Source.DISCARD:
        return replace(worst + 1)
    if type(card) is int:
        need = t.draw2_first_gain if state.draws_left else t.replace_gain
        return replace(worst + 1) if worth[worst] - card >= need else DISCARD
    if card is Power.DRAW2:
        return DRAW2
    if card is Power.PEEK:
        for i in range(4):
            if not know[i]:
                return peek(i + 1)
    return DISCARD


def _seen_points(line: Sequence[Card], seen: Sequence[bool], mean: float) -> float:
    return sum(c if k and type(c) is int else mean for c, k in zip(line, seen))


def _heuristic_knocks(me: float, unknowns: int, others: Sequence[float], turns: int, t: Tuning = HEURISTIC) -> bool:
    """The heuristic's knock rule (`HeuristicBot._should_knock` with the `Tuning` t): my estimate
    `me` against its estimates of the other lines, `unknowns` of my cards unseen, `turns` turns of mine."""
    if not others:
        return True
    if me <= t.knock_anyway and unknowns == 0:
        return True
    low = min(others)
    if me + t.knock_margin + t.knock_per_unknown * unknowns <= low:
        return True
    return (turns >= t.patience and me < low) or turns >= t.give_up


def _heuristic_swap(state: State, seat: int, mind: list[list[bool]], est: list[float], mean: float,
                    t: Tuning) -> Action:
    """The heuristic's Swap (`HeuristicBot._swap`): its worst known card onto the line it believes lowest."""
    places = (2, 3) if state.options["kids"] else (1, 2, 3, 4)
    others = [s for s in range(state.players) if s != seat and not state.out[s]]
    totals = {s: _seen_points(state.lines[s], mind[s], mean) for s in others}
    if not totals:
        return SWAP_SKIP
    top = max(totals.values())
    best: tuple[float, int, int, int] | None = None
    for p in places:
        if not mind[seat][p - 1]:
            continue
        m = est[p - 1]
        for other, total in totals.items():
            theirs, seen = state.lines[other], mind[other]
            for q in places:
                c = theirs[q - 1]
                gain = m - (c if seen[q - 1] and type(c) is int else mean) + 0.05 * (top - total)
                if best is None or gain > best[0]:
                    best = (gain, p, other, q)
    if best is None or best[0] < t.swap_gain:
        return SWAP_SKIP
    return swap(best[1], best[2], best[3])


def _line_points(line: Sequence[Card], mean: float) -> float:
    return sum(mean if isinstance(c, Power) else c for c in line)


def _value(state: State, me: int, mean: float) -> float:
    """Return my value of a played-out round: my share of the win if the game is over, else the
    chance to win estimated from the totals (each rival's lead against the rounds left)."""
    if state.phase is Phase.OVER:
        return 1.0 / len(state.winners) if me in state.winners else 0.0
    if state.phase is Phase.DEAL:
        totals = state.totals
    else:  # cut short: score the lines as they lie
        totals = [t + (_line_points(line, mean) if line else 0) for t, line in zip(state.totals, state.lines)]
    if state.out[me]:
        return 0.0
    end = state.options["end"]
    if end["mode"] == "rounds":
        left = max(1, end["rounds"] - state.round)
    elif end["mode"] == "time":
        left = 1 if state.time_up else 2
    else:
        left = max(1.0, (end["limit"] - max(totals)) / 15.0)
    scale = ROUND_SPREAD * math.sqrt(left) / 1.7
    value = 1.0
    for s in range(state.players):
        if s != me and not state.out[s]:
            value *= 1.0 / (1.0 + math.exp(-(totals[s] - totals[me]) / scale))
    return value
