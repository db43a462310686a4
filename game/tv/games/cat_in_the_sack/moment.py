"""The outcome of a round as the room must see it: Cat in the Sack's moments on the TV.

While the table holds for a moment (`update.moment`, game/table/moments.py: `sack` when a sack is
won, `void` when a round is voided), the TV shows a big panel over the mouse cards and the row:
one sentence saying what happened, the whole row turned up, the dogs' chase step by step (one
step per `dogs` event: the dog jumps on the cat it chases, both leave for the 'out of the game'
tray; two dogs chase each other off), what the winner keeps and paid, what the last passer took.

Everything is read from the moment's own public events (the view has moved on to the next round
by then): `sack_won.cards` are the kept cats, `dogs` events name the dogs and the chased card,
`round_void.cards` is the whole voided row, `passed` events say what a passer took.

The panel is part of the table's resting picture (painted once per step into its layer); only
the chase's moving cards are drawn per frame. `Plan` is the moment read once; `phase_at` says
which step plays at a given second of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.anim import ease_in_out, ease_out, hop, lerp
from game.tv.i18n import Texts, number
from game.tv.render import GOLD, INK, INK_DARK, INK_DIM, RED, panel, wrap
from game.tv.games.cat_in_the_sack.cards import GAME, CardArt
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE

Card = Any  # an int for a cat, "rabbit", "big_dog", "small_dog" (the wire form)
Point = tuple[float, float]

# the nominal lengths of the engine's moments (game/engine/cat_in_the_sack/moments.py): the steps are shares of
# them, so a paced moment (relaxed, quick) plays the same steps slower or faster
SACK_SECONDS, DOG_SECONDS, VOID_SECONDS = 5.0, 1.2, 4.5
ROW_SECONDS = 1.2  # the row turned up, before anything happens to it
CHASE_SHARE = 0.8  # the part of a dog's step its cards move (the rest: they lie in the tray)

PANEL_RECT = pygame.Rect(layout.SAFE.left, 146, layout.SAFE.width, 552)  # over the news, mouse cards and row
SENTENCE_RECT = pygame.Rect(PANEL_RECT.left + 36, PANEL_RECT.top + 8, PANEL_RECT.width - 72, 150)
CARDS_TOP = SENTENCE_RECT.bottom + 48  # room for the tray's label above its cards
TRAY_LABEL = 44
FACTS_RECT = pygame.Rect(PANEL_RECT.left + 48, CARDS_TOP + CARD_SIZE[1] + 14, PANEL_RECT.width - 96,
                         PANEL_RECT.bottom - 8 - (CARDS_TOP + CARD_SIZE[1] + 14))
CARD_GAP = 24
TRAY_GAP = 70  # between the row and the 'out of the game' tray
TRAY_STEP_MIN = 70  # the tray's cards overlap no more than this leaves of each
TRAY_PAD = 20
CHIP_GAP = 24
MOMENT_BG = (14, 30, 26)
TRAY_BG = (60, 22, 24)
EMPTY_EDGE = (70, 104, 92)  # where a chased card lay


def card_name(t: Texts, card: Card) -> str:
    """Return a card's name in the TV's language: '11 cat', 'rabbit', 'big dog'."""
    if isinstance(card, int) and not isinstance(card, bool):
        return t("card.in_text.cat", value=number(card))
    return t(f"card.in_text.{card}")


@dataclass(frozen=True)
class Chase:
    """One dogs event: the row places of its dogs and of the card they chased (None: none)."""

    dogs: tuple[int, ...]
    chased: int | None


@dataclass(frozen=True)
class Plan:
    """A moment read once from its public events: the row, the chase steps, who won and what changed hands."""

    kind: str  # "sack" or "void"
    since: int
    seconds: float
    cards: tuple[Card, ...]  # the row, as the panel lays it out
    kept: tuple[int, ...]  # the places of the cards the winner keeps
    chases: tuple[Chase, ...]
    winner: int | None
    paid: int
    value: int
    passers: tuple[tuple[int, int], ...]  # (seat, mice taken) of this change's passes
    void_seat: int | None
    next_start: int | None  # who starts the next round (None: the game is over)

    @property
    def gone(self) -> tuple[int, ...]:
        """Return the places of the cards the dogs took out of the game, in the order they leave."""
        out: list[int] = []
        for c in self.chases:
            out += [i for i in ((c.chased,) if c.chased is not None else ()) + c.dogs if i not in out]
        return tuple(out)

    def phases(self) -> list[tuple[str, int, float, float]]:
        """Return the steps as (name, chase index, start, end) in seconds of the paced moment."""
        nominal = VOID_SECONDS if self.kind == "void" else SACK_SECONDS + DOG_SECONDS * len(self.chases)
        k = self.seconds / nominal if nominal > 0 else 1.0
        at = ROW_SECONDS * k
        out = [("row", -1, 0.0, at)]
        if self.kind == "void":
            return out + [("void", -1, at, self.seconds)]
        for i, _ in enumerate(self.chases):
            out.append(("chase", i, at, at + DOG_SECONDS * CHASE_SHARE * k))
            out.append(("chased", i, at + DOG_SECONDS * CHASE_SHARE * k, at + DOG_SECONDS * k))
            at += DOG_SECONDS * k
        return out + [("takes", -1, at, max(at, self.seconds))]

    def phase_at(self, elapsed: float) -> tuple[int, str, int, float]:
        """Return (step number, name, chase index, progress 0..1 within it) at `elapsed` seconds."""
        steps = self.phases()
        for n, (name, i, start, end) in enumerate(steps):
            if elapsed < end or n == len(steps) - 1:
                p = 1.0 if end <= start else min(1.0, max(0.0, (elapsed - start) / (end - start)))
                return n, name, i, p
        raise AssertionError("unreachable")

    def next_step_in(self, elapsed: float) -> float:
        """Return the seconds until the next step starts (inf: none)."""
        ends = [end for _, _, _, end in self.phases()[:-1] if end > elapsed]
        return min(ends) - elapsed if ends else float("inf")

    def out_count(self, step: int) -> int:
        """Return how many of the gone cards lie in the tray once step `step` has begun (chases done before it)."""
        done = sum(1 for n, (name, _, _, _) in enumerate(self.phases()) if name == "chased" and n <= step)
        return len({i for c in self.chases[:done] for i in ((c.chased,) if c.chased is not None else ()) + c.dogs})


def plan_of(moment: dict[str, Any] | None) -> Plan | None:
    """Read a moment (update.moment) into a Plan; None if it is not one of this game's or says too little."""
    if not isinstance(moment, dict) or moment.get("kind") not in ("sack", "void"):
        return None
    events = [e for e in moment.get("events") or () if isinstance(e, dict)]
    won = next((e for e in events if e.get("type") == "sack_won"), None)
    void = next((e for e in events if e.get("type") == "round_void"), None)
    dogs_evs = [e for e in events if e.get("type") == "dogs"]
    started = next((e for e in events if e.get("type") == "round_started"), None)
    next_start = started.get("start_player") if started and isinstance(started.get("start_player"), int) else None
    seconds = float(moment.get("seconds") or 0)
    since = int(moment.get("since") or 0)
    if moment["kind"] == "void" and void is not None:
        cards = tuple(c for c in void.get("cards") or ())
        seat = void.get("seat") if isinstance(void.get("seat"), int) else None
        return Plan("void", since, seconds, cards, (), (), None, 0, 0, (), seat, next_start)
    if won is None:
        return None
    # the row as the panel lays it out: the kept cats in the row's order, then each chase's prey and dogs
    cards: list[Card] = list(won.get("cards") or ())
    kept = tuple(range(len(cards)))
    chases: list[Chase] = []
    for ev in dogs_evs:
        chased = None
        if ev.get("chased") is not None:
            chased = len(cards)
            cards.append(ev["chased"])
        dogs = []
        for d in ev.get("dogs") or ():
            dogs.append(len(cards))
            cards.append(d)
        chases.append(Chase(tuple(dogs), chased))
    passers = tuple((int(e["seat"]), int(e.get("took") or 0)) for e in events
                    if e.get("type") == "passed" and isinstance(e.get("seat"), int))
    winner = won.get("seat") if isinstance(won.get("seat"), int) else None
    return Plan("sack", since, seconds, tuple(cards), kept, tuple(chases), winner, int(won.get("paid") or 0),
                int(won.get("value") or 0), passers, None, next_start)


# ---------------------------------------------------------------- words


def _mice(t: Texts, key_many: str, key_one: str, n: int, **kw: Any) -> str:
    """Return the text of `key_one` for one mouse, else of `key_many`."""
    return t(key_one, **kw) if n == 1 else t(key_many, **kw)


def _listed(t: Texts, items: list[str]) -> str:
    """Return 'a, b and c' in the TV's language."""
    if len(items) <= 1:
        return "".join(items)
    return t("tv.moment.list", items=", ".join(items[:-1]), last=items[-1])


def kept_words(t: Texts, cards: list[Card]) -> str:
    """Return the kept cards said as one phrase: 'cats 11 and 5', 'cat 8 and the rabbit', 'the rabbit'."""
    cats = [number(c) for c in cards if isinstance(c, int) and not isinstance(c, bool)]
    rabbit = any(c == "rabbit" for c in cards)
    said = (t("tv.moment.cats.one", list=cats[0]) if len(cats) == 1 else
            t("tv.moment.cats", list=_listed(t, cats)) if cats else "")
    if rabbit:
        said = t("tv.moment.with_rabbit", cats=said) if said else t("tv.moment.rabbit")
    return said


def chase_words(t: Texts, plan: Plan, chase: Chase) -> str:
    """Return what one dogs event did: 'the big dog chased the 15 cat away', 'the two dogs chased each other off'."""
    if len(chase.dogs) >= 2:
        return t("tv.moment.dogs_fight")
    dog = card_name(t, plan.cards[chase.dogs[0]]) if chase.dogs else ""
    if chase.chased is None:
        return t("tv.moment.dog_alone", dog=dog)
    return t("tv.moment.chased", dog=dog, card=card_name(t, plan.cards[chase.chased]))


def sentence(t: Texts, name_of: Callable[[int | None], str], plan: Plan) -> str:
    """Return the moment's one sentence: who took the sack for how much, with what, and what the dogs did."""
    if plan.kind == "void":
        return t("tv.moment.void", name=name_of(plan.void_seat), count=len(plan.cards))
    kept = [plan.cards[i] for i in plan.kept]
    name = name_of(plan.winner)
    if kept:
        said = _mice(t, "tv.moment.sack", "tv.moment.sack.one", plan.paid, name=name, paid=plan.paid,
                     cats=kept_words(t, kept))
    else:
        said = _mice(t, "tv.moment.sack_empty", "tv.moment.sack_empty.one", plan.paid, name=name, paid=plan.paid)
    for chase in plan.chases:
        said = t("tv.moment.then", first=said, then=chase_words(t, plan, chase))
    return said


def facts(t: Texts, name_of: Callable[[int | None], str], plan: Plan, takes: bool) -> list[tuple[str, int | None]]:
    """Return the facts under the row, each with the seat it is about (its colour frames it): the winner's pile
    (once the sack is taken), what they paid, what each passer of this change took; for a void, who starts next."""
    if plan.kind == "void":
        if plan.next_start is None:
            return [(t("tv.moment.void_last"), None)]
        return [(t("tv.moment.void_next", name=name_of(plan.next_start)), plan.next_start)]
    out: list[tuple[str, int | None]] = []
    if takes:
        out.append((t("tv.moment.pile", name=name_of(plan.winner), value=number(plan.value)), plan.winner))
    out.append((_mice(t, "tv.moment.paid", "tv.moment.paid.one", plan.paid, name=name_of(plan.winner),
                      paid=plan.paid), plan.winner))
    for seat, took in plan.passers:
        if took:
            out.append((_mice(t, "tv.moment.took", "tv.moment.took.one", took, name=name_of(seat), took=took), seat))
        else:
            out.append((t("tv.moment.took_none", name=name_of(seat)), seat))
    return out


# ---------------------------------------------------------------- geometry


def row_slots(plan: Plan) -> tuple[list[pygame.Rect], pygame.Rect | None]:
    """Return the rect of each row place and the 'out of the game' tray's (None: no dogs, nothing goes there)."""
    w, h = CARD_SIZE
    n = len(plan.cards)
    gone = len(plan.gone)
    row_w = n * w + max(0, n - 1) * CARD_GAP
    tray_w = (w + (gone - 1) * tray_step(plan) + 2 * TRAY_PAD) if gone else 0
    total = row_w + (TRAY_GAP + tray_w if gone else 0)
    left = PANEL_RECT.centerx - total // 2
    slots = [pygame.Rect(left + i * (w + CARD_GAP), CARDS_TOP, w, h) for i in range(n)]
    tray = pygame.Rect(left + row_w + TRAY_GAP, CARDS_TOP - TRAY_LABEL, tray_w, h + TRAY_LABEL + 10) if gone else None
    return slots, tray


def tray_step(plan: Plan) -> int:
    """Return how far apart the tray's cards lie: side by side, or overlapping when the row has no room."""
    w = CARD_SIZE[0]
    n, gone = len(plan.cards), len(plan.gone)
    if gone <= 1:
        return w + CARD_GAP
    room = PANEL_RECT.width - 80 - (n * w + (n - 1) * CARD_GAP) - TRAY_GAP - 2 * TRAY_PAD - w
    return max(TRAY_STEP_MIN, min(w + CARD_GAP, room // (gone - 1)))


def tray_spot(plan: Plan, tray: pygame.Rect, place: int) -> pygame.Rect:
    """Return where gone card `place` lies in the tray."""
    k = plan.gone.index(place)
    return pygame.Rect(tray.left + TRAY_PAD + k * tray_step(plan), CARDS_TOP, *CARD_SIZE)


# ---------------------------------------------------------------- pictures


def gone_face(art: CardArt, card: Card) -> pygame.Surface:
    """Return a card's face darkened: out of the game (drawn once per card)."""
    def draw() -> pygame.Surface:
        surf = art.face(card, CARD_SIZE).copy()
        surf.fill((170, 160, 160), special_flags=pygame.BLEND_MULT)
        w, h = surf.get_size()
        for a, b in (((50, 70), (w - 50, h - 70)), ((w - 50, 70), (50, h - 70))):  # the corners' values stay clear
            pygame.draw.line(surf, RED, a, b, 10)
        return surf
    return art.cache.picture((GAME, "moment-gone", card), CARD_SIZE, draw)


def moving_cards(plan: Plan, chase_index: int, p: float) -> list[tuple[Card, Point]]:
    """Return the cards of chase `chase_index` in motion at progress p (0..1) and their centres: the dogs jump on
    their prey (or at each other), the prey trembles, then all of them run into the tray."""
    slots, tray = row_slots(plan)
    if tray is None:
        return []
    chase = plan.chases[chase_index]
    out: list[tuple[Card, Point]] = []
    jump, run = min(1.0, p / 0.45), max(0.0, (p - 0.45) / 0.55)
    if chase.chased is not None:
        prey = slots[chase.chased].center
        target: Point = (prey[0] - 70, prey[1] + 18)
    else:
        xs = [slots[d].centerx for d in chase.dogs]
        target = (sum(xs) / len(xs), slots[chase.dogs[0]].centery + 18)
    moving = ([chase.chased] if chase.chased is not None else []) + list(chase.dogs)
    for k, place in enumerate(moving):
        home = slots[place].center
        end = tray_spot(plan, tray, place).center
        if place == chase.chased:
            shake = 0 if p >= 0.45 else 10 * ((int(p * 40) % 2) * 2 - 1)
            start: Point = (home[0] + shake, home[1])
        else:
            spread = (k - (len(moving) - 1) / 2) * 110 if chase.chased is None else 0
            start = hop(home, (target[0] + spread, target[1]), ease_out(jump), 110)
        pos = lerp(start, end, ease_in_out(run)) if run > 0 else start
        out.append((plan.cards[place], pos))
    return out


class MomentPainter:
    """Paints the moment's panel as resting parts (`paint_*`, reading only their args) and its moving cards."""

    def __init__(self, art: CardArt, texts: Texts, tc: Any) -> None:
        self.art, self.texts, self.tc = art, texts, tc

    def paint_panel(self, canvas: pygame.Surface, kind: str) -> None:
        """Paint the panel's background (red-edged for a void)."""
        panel(canvas, PANEL_RECT, MOMENT_BG, RED if kind == "void" else GOLD, 5, 28)

    def paint_sentence(self, canvas: pygame.Surface, text: str) -> None:
        """Paint the sentence in big type, on two lines at most (smaller only if it must)."""
        tc, rect = self.tc, SENTENCE_RECT
        size = layout.TEXT_HUGE
        lines = wrap(tc, text, size, rect.width)
        while len(lines) > 2 and size > layout.TEXT_BODY:
            size -= 4
            lines = wrap(tc, text, size, rect.width)
        lines = lines[:2]
        step = tc.render("Ag", size).get_height()
        top = rect.centery - step * len(lines) // 2
        for k, line in enumerate(lines):
            tc.blit(canvas, line, size, INK, max_width=rect.width, midtop=(rect.centerx, top + k * step))

    def paint_card(self, canvas: pygame.Surface, place: int, rect: pygame.Rect, card: Card, look: str) -> None:
        """Paint one row place: 'face', 'kept' (gold frame), 'gone' (crossed out in place), 'empty' (outline)."""
        if look == "empty":
            pygame.draw.rect(canvas, EMPTY_EDGE, rect.inflate(-8, -8), 2, border_radius=16)
            return
        if look == "gone":
            canvas.blit(gone_face(self.art, card), rect)
            return
        canvas.blit(self.art.face(card, CARD_SIZE), rect)
        if look == "kept":
            pygame.draw.rect(canvas, GOLD, rect.inflate(12, 12), 6, border_radius=20)

    def paint_tray(self, canvas: pygame.Surface, rect: pygame.Rect, cards: tuple[tuple[Card, pygame.Rect], ...]) -> None:
        """Paint the 'out of the game' tray with the cards the dogs took out so far."""
        panel(canvas, rect, TRAY_BG, RED, 3, 18)
        self.tc.blit(canvas, self.texts("tv.moment.out"), layout.TEXT_BODY, INK, max_width=rect.width - 20,
                     midtop=(rect.centerx, rect.top + 4))
        for card, spot in cards:
            canvas.blit(gone_face(self.art, card), spot)

    def void_stamp_rect(self, row: pygame.Rect) -> pygame.Rect:
        """Return where 'Out of the game' lies across the voided row `row`."""
        label = self.tc.fit(self.texts("tv.moment.out"), layout.TEXT_HUGE, PANEL_RECT.width - 200, INK)
        return label.get_rect(center=(row.centerx, row.bottom - 44)).inflate(56, 16)

    def paint_void_stamp(self, canvas: pygame.Surface, row: pygame.Rect) -> None:
        """Paint 'Out of the game' across the voided row."""
        label = self.tc.fit(self.texts("tv.moment.out"), layout.TEXT_HUGE, PANEL_RECT.width - 200, INK)
        box = self.void_stamp_rect(row)
        panel(canvas, box, TRAY_BG, RED, 5, 20)
        canvas.blit(label, label.get_rect(center=box.center))

    def chip_texts(self, chips: tuple[tuple[str, Any], ...]) -> list[pygame.Surface]:
        """Return the facts' texts as drawn (each fitted to its share of the line; made once, then cached)."""
        tc, size = self.tc, layout.TEXT_LARGE
        room = FACTS_RECT.width - CHIP_GAP * (len(chips) - 1) - 40 * len(chips)
        while size > layout.TEXT_SMALL and sum(tc.width(text, size) for text, _ in chips) > room:
            size -= 2  # all of them at one size, the largest at which they fit side by side
        if sum(tc.width(text, size) for text, _ in chips) <= room:
            return [tc.render(text, size, INK) for text, _ in chips]
        share = room // max(1, len(chips))  # (too long even so: each in its share of the line)
        return [tc.fit(text, size, share, INK) for text, _ in chips]

    def paint_facts(self, canvas: pygame.Surface, chips: tuple[tuple[str, tuple[int, int, int] | None], ...]) -> None:
        """Paint the facts as chips side by side, each framed in its seat's colour, centred under the row."""
        rect, gap = FACTS_RECT, CHIP_GAP
        surfs = self.chip_texts(chips)
        total = sum(s.get_width() + 40 for s in surfs) + gap * (len(chips) - 1)
        x = rect.centerx - total // 2
        for surf, (_, colour) in zip(surfs, chips):
            box = pygame.Rect(x, rect.top, surf.get_width() + 40, rect.height)
            panel(canvas, box, INK_DARK, colour or INK_DIM, 4, 20)
            canvas.blit(surf, surf.get_rect(center=box.center))
            x = box.right + gap

    def draw_moving(self, canvas: pygame.Surface, plan: Plan, chase_index: int, p: float) -> list[pygame.Rect]:
        """Draw the chase's cards in motion; return where."""
        painted = []
        for card, (x, y) in moving_cards(plan, chase_index, p):
            face = self.art.face(card, CARD_SIZE)
            painted.append(canvas.blit(face, face.get_rect(center=(int(x), int(y)))))
        return painted
