"""A knock and a round's end as the room must see them: Rat-a-Tat Cat's moments on the TV.

While the table holds for a moment (`update.moment`, game/table/moments.py; the engine's
game/engine/rat_a_tat_cat/moments.py names them):

- `knock`: a big banner over the table's middle, in the knocker's colour: who knocked, and that
  everyone else gets one last turn (with its sound);
- `reveal`: the lines of the `revealed` event turn up one seat at a time, card by card; each power
  card in a line is then replaced by its `power_replaced` card, flying in from the draw pile; each
  line's sum counts up beside its name as its cards show; last, the round's scores (`round_scored`)
  are added to the totals, counted up. The next deal (or, after the last round, the score screen)
  comes when the moment is over.

Everything is read from the moment's own public events: the view has moved on by then (a new deal
follows a reveal in the same change). The steps are shares of the moment's length, so the host's
pace only scales them. `Plan` is the moment read once; `Plan.look_at(t)` is what the resting table
shows at second t (compared by ==: a new value repaints it), `Plan.moving_at(t)` what moves over it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

# the moments' nominal lengths, as the engine names them (game/engine/rat_a_tat_cat/moments.py; the TV draws from the
# public updates only and imports no engine: tests/test_tv_rat_moment.py holds the two equal). The wire gives the
# paced length; the TV splits it in the same shares.
KNOCK_SECONDS, REVEAL_SECONDS, LINE_SECONDS = 2.5, 3.0, 1.2

Card = Any  # an int 0-9 or a power's name ("peek", "swap", "draw2"), as on the wire

# the shares of a line's time (LINE_SECONDS, paced): its four cards turn up one after another, then its power
# cards are replaced one after another
FLIP_EVERY = 0.13  # a card turns up this long after the one before it
FLIP_TIME = 0.12  # a card's turning
REPLACE_FROM = 0.55  # the replacements begin here ...
REPLACE_SHARE = 0.85  # ... each one flying for this part of its share of the rest of the line's time
COUNT_SHARE = 0.4  # the part of the scoring step the totals count up in (the rest: they stand)
COUNT_MAX = 1.5  # seconds at most

BACK = ("back",)  # a line's card still face down
GAP = ("gap",)  # a card turning over (drawn moving)


def is_number(card: Any) -> bool:
    """Return True for a number card (0-9)."""
    return isinstance(card, int) and not isinstance(card, bool)


@dataclass(frozen=True)
class Line:
    """One seat's line as the reveal turns it up: its cards, then the cards that replace its power cards."""

    seat: int
    cards: tuple[Card, ...]
    replaced: tuple[tuple[int, Card], ...]  # (position 1..4, its card from the pile), in the order they come


@dataclass(frozen=True)
class Plan:
    """A moment read once from its public events."""

    kind: str  # "knock" or "reveal"
    since: int
    seconds: float
    knocker: int | None = None
    lines: tuple[Line, ...] = ()  # the lines turned up, in seat order (a seat out of the game has none)
    count: int = 0  # the lines of the `revealed` event (the moment's nominal length counts them all)
    round: int | None = None
    scores: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None  # after this round
    over: bool = False  # the game is over: the score screen comes next

    @cached_property
    def scale(self) -> float:
        """Return the paced length over the nominal one (the host's pace, the server's scale)."""
        nominal = KNOCK_SECONDS if self.kind == "knock" else REVEAL_SECONDS + LINE_SECONDS * self.count
        return self.seconds / nominal if nominal > 0 else 1.0

    @cached_property
    def line_time(self) -> float:
        """Return how long one line takes to turn up, at the moment's pace."""
        return LINE_SECONDS * self.scale

    def line_start(self, i: int) -> float:
        return i * self.line_time

    def flip(self, i: int, position: int) -> tuple[float, float]:
        """Return when card `position` (1..4) of line i begins and ends turning up."""
        start = self.line_start(i) + FLIP_EVERY * (position - 1) * self.line_time
        return start, start + FLIP_TIME * self.line_time

    def replace(self, i: int, k: int) -> tuple[float, float]:
        """Return when the k-th replacement of line i leaves the pile and lands."""
        line = self.lines[i]
        share = (1 - REPLACE_FROM) * self.line_time / max(1, len(line.replaced))
        start = self.line_start(i) + REPLACE_FROM * self.line_time + k * share
        return start, start + REPLACE_SHARE * share

    @property
    def scoring(self) -> tuple[float, float]:
        """Return when the round's scores begin and end counting into the totals."""
        start = len(self.lines) * self.line_time
        return start, start + min(COUNT_MAX * self.scale, COUNT_SHARE * max(0.0, self.seconds - start))

    def old_total(self, seat: int) -> int | None:
        """Return seat's total before this round (None: not known)."""
        if self.totals is None or self.scores is None or seat >= len(self.totals) or seat >= len(self.scores):
            return None
        return int(self.totals[seat]) - int(self.scores[seat])

    def score_of(self, line: Line) -> int:
        """Return the round's score of a line: the event's, else the sum of its cards once replaced."""
        if self.scores is not None and line.seat < len(self.scores):
            return int(self.scores[line.seat])
        return sum(c for c in final_cards(line) if is_number(c))

    # ---------------------------------------------------------------- what shows at second t

    def look_at(self, t: float) -> tuple[Any, ...]:
        """Return what the resting table shows at second `t`: per line (its seat, its four cards' looks, the sum
        shown or None), then the scoring's stage (0 before, 1 counting, 2 counted). Compared by ==."""
        if self.kind != "reveal":
            return ()
        memo = self.__dict__.get("_look")  # (the scene asks several times a frame, at one t)
        if memo is not None and memo[0] == t:
            return memo[1]
        looks = []
        for i, line in enumerate(self.lines):
            cards: list[Any] = []
            landed = {pos: card for k, (pos, card) in enumerate(line.replaced) if t >= self.replace(i, k)[1]}
            shown = False
            for pos in range(1, len(line.cards) + 1):
                start, end = self.flip(i, pos)
                if t < start:
                    cards.append(BACK)
                elif t < end:
                    cards.append(GAP)
                else:
                    cards.append(("face", landed.get(pos, line.cards[pos - 1])))
                    shown = True
            total = sum(c[1] for c in cards if c[0] == "face" and is_number(c[1])) if shown else None
            looks.append((line.seat, tuple(cards), total))
        start, end = self.scoring
        stage = 0 if t < start else 1 if t < end else 2
        self.__dict__["_look"] = (t, (tuple(looks), stage))  # (not a field: equality and hashing ignore it)
        return (tuple(looks), stage)

    def moving_at(self, t: float) -> list[tuple[str, int, int, Card, float]]:
        """Return what moves at second `t`: ("flip", line, position, card, progress) while a card turns up,
        ("fly", line, position, card, progress) while a replacement flies in from the pile."""
        out: list[tuple[str, int, int, Card, float]] = []
        if self.kind != "reveal":
            return out
        for i, line in enumerate(self.lines):
            if t < self.line_start(i) or t > self.line_start(i + 1) + self.line_time:
                continue
            for pos in range(1, len(line.cards) + 1):
                start, end = self.flip(i, pos)
                if start <= t < end:
                    out.append(("flip", i, pos, line.cards[pos - 1], (t - start) / (end - start)))
            for k, (pos, card) in enumerate(line.replaced):
                start, end = self.replace(i, k)
                if start <= t < end:
                    out.append(("fly", i, pos, card, (t - start) / (end - start)))
        return out

    def counting_at(self, t: float) -> float | None:
        """Return how far the totals have counted up (0..1) while they count, else None."""
        start, end = self.scoring
        if self.kind != "reveal" or not start <= t < end or self.totals is None:
            return None
        return (t - start) / (end - start)

    def moves_at(self, t: float) -> bool:
        """Return True while something moves at second `t` (each frame then differs)."""
        return bool(self.moving_at(t)) or self.counting_at(t) is not None

    def next_change(self, t: float) -> float:
        """Return the seconds from `t` until the resting picture changes by itself (inf: never)."""
        later = [b for b in boundaries(self) if b > t]
        return min(later) - t if later else float("inf")

    def sounds_between(self, a: float, b: float) -> list[tuple[str, int]]:
        """Return the sounds whose time comes in (a, b]: ("line", i) as line i begins, ("fly", i) as a card leaves
        the pile, ("count", 0) as the totals count up."""
        out: list[tuple[str, int]] = []
        if self.kind != "reveal":
            return out
        for i, line in enumerate(self.lines):
            if a < self.line_start(i) <= b or (i == 0 and a <= 0 < b):
                out.append(("line", i))
            for k, _ in enumerate(line.replaced):
                if a < self.replace(i, k)[0] <= b:
                    out.append(("fly", i * 4 + k))
        if self.totals is not None and a < self.scoring[0] <= b:
            out.append(("count", 0))
        return out


@lru_cache(maxsize=16)
def boundaries(plan: Plan) -> tuple[float, ...]:
    """Return every second of the moment at which its resting picture changes."""
    out: list[float] = []
    for i, line in enumerate(plan.lines):
        for pos in range(1, len(line.cards) + 1):
            out += plan.flip(i, pos)
        for k, _ in enumerate(line.replaced):
            out += plan.replace(i, k)
    if plan.kind == "reveal":
        out += plan.scoring
    return tuple(sorted(set(out)))


def final_cards(line: Line) -> tuple[Card, ...]:
    """Return a line's cards once its power cards are replaced."""
    cards = list(line.cards)
    for pos, card in line.replaced:
        if 1 <= pos <= len(cards):
            cards[pos - 1] = card
    return tuple(cards)


def plan_of(moment: dict[str, Any] | None) -> Plan | None:
    """Read a moment (update.moment) into a Plan; None if it is not one of this game's or says too little."""
    if not isinstance(moment, dict) or moment.get("kind") not in ("knock", "reveal"):
        return None
    events = [e for e in moment.get("events") or () if isinstance(e, dict)]
    seconds = float(moment.get("seconds") or 0)
    since = int(moment.get("since") or 0)
    if moment["kind"] == "knock":
        knocked = next((e for e in events if e.get("type") == "knocked" and isinstance(e.get("seat"), int)), None)
        return None if knocked is None else Plan("knock", since, seconds, knocker=int(knocked["seat"]))
    revealed = next((e for e in events if e.get("type") == "revealed"), None)
    if revealed is None:
        return None
    raw = [line if isinstance(line, list) else [] for line in revealed.get("lines") or ()]
    replaced: dict[int, list[tuple[int, Card]]] = {}
    for e in events:
        if e.get("type") == "power_replaced" and isinstance(e.get("seat"), int) and isinstance(e.get("position"), int):
            replaced.setdefault(int(e["seat"]), []).append((int(e["position"]), e.get("card")))
    lines = tuple(Line(seat, tuple(cards), tuple(replaced.get(seat, ())))
                  for seat, cards in enumerate(raw) if cards)
    scored = next((e for e in events if e.get("type") == "round_scored"), None)
    scores = totals = None
    rnd = None
    if scored is not None:
        scores = tuple(int(v) for v in scored.get("scores") or ())
        totals = tuple(int(v) for v in scored.get("totals") or ())
        rnd = scored.get("round") if isinstance(scored.get("round"), int) else None
    over = any(e.get("type") == "game_over" for e in events)
    return Plan("reveal", since, seconds, lines=lines, count=len(raw), round=rnd, scores=scores, totals=totals,
                over=over)
