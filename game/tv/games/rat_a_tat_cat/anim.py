"""Rat-a-Tat Cat animations and news: built from an update's public events, drawn over the table.

The table scene draws the latest public view at rest; this module adds short moving pictures on
top and the news line, so that someone who only watches the TV can tell a round's story: a card
leaves the pile or the discard for the hand, goes into a line or onto the discard; a power card
played flies from the hand to the discard; a Swap marks the two places (each seat's name and place
number over it) and their two cards cross; a Peek lifts the card looked at, still face down, an
eye over it (R-SEE-1: everyone sees which card is picked up, never its face); a Draw 2's two draws
are numbered 1 and 2 as they fly; a ring round the panel of the seat whose turn begins; the knock.
Card values come from the events only where those are public: a drawn pile card stays a back until
it is used or discarded.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from game.tv.anim import Timeline, ease_in_out, ease_out, hop
from game.tv.i18n import Texts
from game.tv import layout
from game.tv.render import GOLD, INK_DARK, TextCache, ring
from game.tv.games.rat_a_tat_cat.layout import RAT, plan
from game.tv.games.rat_a_tat_cat.sounds import KNOCK
from game.tv.scenes.base import Animator
from game.tv.sound import Sfx

Point = tuple[float, float]
ROUND_END_SECONDS = 4.0  # every line face up with the round's scores, before the next deal
STORY_SECONDS = 6.0  # the news lines before the latest stay this long after it (at rest the latest view alone shows)
Paint = Callable[[pygame.Surface, Any, pygame.Rect], pygame.Rect]  # (canvas, card or None for a back, where)
Eye = Callable[[int], pygame.Surface]  # (width) -> the Peek's eye, from the art cache


def card_name(t: Texts, card: Any) -> str:
    """Return a card's name in the TV's language: '7', 'Peek', 'Swap', 'Draw 2'."""
    if isinstance(card, int) and not isinstance(card, bool):
        return str(card)
    return "" if card is None else t(f"rt.card.{card}")  # (None: a card drawn face down, never named)


class RatAnimator(Animator):
    """Turns each update's public events into timed animations and news lines; draws them with `paint`."""

    def __init__(self, texts: Texts, name_of: Callable[[int | None], str], paint: Paint,
                 eye: Eye | None = None, tc: TextCache | None = None) -> None:
        self.texts = texts
        self.name_of = name_of
        self.paint = paint
        self.eye = eye
        self.tc = tc
        self.timeline = Timeline()
        self._draw2: dict[int, int] = {}  # seat -> which of its Draw 2's draws comes next (1 or 2)
        self.earlier: list[str] = []  # the news lines before the one shown, oldest first: the story so far
        self._story_left = 0.0  # seconds the earlier lines still show

    def reset(self) -> None:
        """Forget every animation and news line (a fresh table)."""
        self.timeline.clear()
        self._draw2.clear()
        self.earlier.clear()
        self._story_left = 0.0

    @property
    def news(self) -> str:
        """Return the news line: what the latest event shown so far did."""
        return self.timeline.caption

    def start(self, update: dict[str, Any], previous: dict[str, Any] | None = None) -> None:
        """Schedule the animations and news lines of `update`'s public events."""
        view = update.get("view") or {}
        n = int(view.get("players") or 2)
        tl, t = self.timeline, self.texts
        lay = plan(n)
        pile, discard, hand = lay.pile.center, lay.discard.center, lay.hand.center
        size, big = lay.card, lay.pile_card  # a line's card, and a card on the piles or in hand at this table
        at = tl.open_beat()
        said = len(tl.captions)
        new_turn: tuple[int, bool] | None = None  # a turn that begins in this update: (seat, a last turn)
        shown: dict[str, Any] | None = None  # this update's round end: the turned-up lines, then the scores
        shown_until = at
        moment = update.get("moment")
        held = None  # a round end the table holds for (its moment, moment.py, shows it): the deal comes after it
        if isinstance(moment, dict) and moment.get("kind") == "reveal" and moment.get("since") == update.get("version"):
            held = float(moment.get("seconds_left") or 0)
        for ev in update.get("events") or ():
            if not isinstance(ev, dict):
                continue
            kind, seat = ev.get("type"), ev.get("seat")
            name = self.name_of(seat) if isinstance(seat, int) else ""
            if kind == "round_dealt":
                for s in range(n):
                    for p in range(1, 5):
                        tl.add("fly", at + 0.04 * (s + p), 0.35, Sfx.PLAY if s == p == 1 else None, size=size,
                               card=None, src=pile, dst=RAT.card(s, n, p).center)
                tl.say(at, t("tv.ev.round_dealt", n=ev.get("round")))
                at += 0.3
            elif kind == "turn" and isinstance(seat, int):  # the seat whose turn begins: a ring round its panel
                tl.add("turn", at, 0.6, None, rect=RAT.seat(seat, n))
                new_turn = (seat, bool(ev.get("last")))
            elif kind == "look":
                tl.say(at, t("tv.ev.look"))
            elif kind == "drew" and isinstance(seat, int):
                from_discard = ev.get("source") == "discard"
                step = 0 if from_discard else self._draw2.pop(seat, 0)  # 1 or 2: a Draw 2's draw
                if step == 1:
                    self._draw2[seat] = 1  # until it is discarded (then the second comes) or kept
                tl.add("fly", at, 0.5 if step else 0.4, Sfx.PLAY, size=big,
                       card=ev.get("card") if from_discard else None,
                       src=discard if from_discard else pile, dst=hand, to_hand=True, badge=step or None)
                key = f"tv.ev.draw2_{step}" if step else ("tv.ev.drew_discard" if from_discard else "tv.ev.drew_pile")
                tl.say(at, t(key, name=name, card=card_name(t, ev.get("card"))))
                at += 0.4 if step else 0.3
            elif kind == "replaced" and isinstance(seat, int):
                position = int(ev.get("position") or 1)
                slot = RAT.card(seat, n, position).center
                self._draw2.pop(seat, None)
                tl.add("fly", at, 0.4, Sfx.PLAY, size=size, card=ev.get("card"), src=hand, dst=slot,
                       hide=(seat, position))
                tl.add("fly", at + 0.15, 0.4, None, size=size, card=ev.get("discarded"), src=slot, dst=discard)
                tl.say(at, t("tv.ev.replaced", name=name, pos=ev.get("position"),
                             card=card_name(t, ev.get("discarded"))))
                at += 0.4
            elif kind == "discarded" and isinstance(seat, int):
                tl.add("fly", at, 0.4, Sfx.PLAY, size=big, card=ev.get("card"), src=hand, dst=discard,
                       badge=1 if self._draw2.get(seat) == 1 else None)
                tl.say(at, t("tv.ev.discarded", name=name, card=card_name(t, ev.get("card"))))
                at += 0.3
            elif kind == "power_used" and isinstance(seat, int):  # the power card leaves the hand, face up
                tl.add("fly", at, 0.45, Sfx.PLAY, size=big, card=ev.get("power"), src=hand, dst=discard)
                tl.say(at, t("tv.ev.power_used", name=name, card=card_name(t, ev.get("power"))))
                at += 0.35
            elif kind == "peeked" and isinstance(seat, int):  # the card is picked up, still face down (R-SEE-1)
                position = int(ev.get("position") or 1)
                tl.add("glance", at, 1.6, None, rect=RAT.card(seat, n, position), hide=(seat, position))
                tl.say(at, t("tv.ev.peeked", name=name, pos=position))
                at += 1.2
            elif kind == "swapped" and isinstance(seat, int) and isinstance(ev.get("other_seat"), int):
                mine = (seat, int(ev.get("position") or 1))
                theirs = (int(ev["other_seat"]), int(ev.get("other_position") or 1))
                ra, rb = RAT.card(mine[0], n, mine[1]), RAT.card(theirs[0], n, theirs[1])
                tl.add("mark", at, 1.9, None, spots=[(ra, f"{name} · {mine[1]}"),
                                                   (rb, f"{self.name_of(theirs[0])} · {theirs[1]}")])
                tl.add("fly", at + 0.35, 1.0, Sfx.PLAY, size=size, card=None, src=ra.center, dst=rb.center,
                       hide=theirs, high=140)
                tl.add("fly", at + 0.35, 1.0, None, size=size, card=None, src=rb.center, dst=ra.center, hide=mine,
                       high=-140)
                tl.say(at, t("tv.ev.swapped", name=name, pos=mine[1], other=self.name_of(theirs[0]),
                             other_pos=theirs[1]))
                at += 1.4
            elif kind == "swap_skipped" and isinstance(seat, int):
                tl.say(at, t("tv.ev.swap_skipped", name=name))
            elif kind == "draw_again" and isinstance(seat, int):
                self._draw2[seat] = 1 if ev.get("draws_left") == 2 else 2
                tl.say(at, t("tv.ev.draw_again", name=name, n=ev.get("draws_left")))
            elif kind == "knocked" and isinstance(seat, int):
                tl.add("knock", at, 0.9, KNOCK, rect=RAT.seat(seat, n))
                tl.say(at, t("tv.ev.knocked", name=name))
                at += 0.5
            elif kind == "reshuffled":
                tl.say(at, t("tv.ev.reshuffled", n=ev.get("pile")))
            elif kind == "revealed":
                lines = [list(line) if isinstance(line, list) else [] for line in ev.get("lines") or ()]
                # held: the deal comes as the moment ends (a frame early: the moment hides it meanwhile)
                length = ROUND_END_SECONDS if held is None else max(0.0, held - at - 0.1)
                shown = tl.add("round_end", at, length, Sfx.PLAY if held is None else None, lines=lines, round=None,
                               scores=None, totals=None, held=held is not None).data
                tl.say(at, t("tv.ev.revealed"))
                shown_until = at + length
                at += 0.4
            elif kind == "power_replaced" and isinstance(seat, int):
                position = int(ev.get("position") or 1)
                slot = RAT.card(seat, n, position).center
                if held is None:  # (the moment replaces it in view)
                    tl.add("fly", at, 0.35, None, size=size, card=ev.get("power"), src=slot, dst=discard)
                tl.say(at, t("tv.ev.power_replaced", name=name, card=card_name(t, ev.get("power"))))
                if shown is not None and seat < len(shown["lines"]) and position <= len(shown["lines"][seat]):
                    shown["lines"][seat][position - 1] = ev.get("card")
                at += 0.2
            elif kind == "round_scored":
                if shown is not None:
                    shown.update(round=ev.get("round"), scores=list(ev.get("scores") or ()),
                                 totals=list(ev.get("totals") or ()))
                tl.say(at + 0.6, t("tv.ev.round_scored", n=ev.get("round")))
                at = max(at, shown_until)  # the next deal once the table had time to read the lines
            elif kind == "eliminated":
                out = [self.name_of(s) for s in ev.get("seats") or () if isinstance(s, int)]
                if out:
                    tl.say(at, t("tv.ev.eliminated", names=", ".join(out)))
            elif kind == "time_up":
                tl.say(at, t("tv.ev.time_up"))
            elif kind == "game_over":
                tl.say(at, t("tv.ev.game_over"))
        if new_turn is not None and len(tl.captions) == said:
            # an update that only passes the turn (its seat ended it without knocking) says whose it is now
            key = "rt.ev.last_turn" if new_turn[1] else "rt.status.turn"
            tl.say(at, t(key, name=self.name_of(new_turn[0])).rstrip("."))
        tl.close_beat()

    def round_end(self) -> dict[str, Any] | None:
        """Return the round end being shown ({lines, scores, totals} from the public events), or None."""
        pending = self.timeline.pending("round_end")
        return pending[-1].data if pending else None

    def update(self, dt: float) -> list[str]:
        """Advance the animations and the news line (the line it replaces goes to `earlier`); return the sounds
        that start now. Every line said joins the story, however fast the updates came."""
        tl = self.timeline
        due = [c.text for c in tl.captions if c.at <= tl.now + dt]
        self._story_left = max(0.0, self._story_left - dt)
        if due:
            self.earlier = [line for line in (*self.earlier, tl.caption, *due[:-1]) if line][-2:]
            self._story_left = STORY_SECONDS
        return tl.advance(dt)

    def story(self) -> list[str]:
        """Return the earlier news lines to show under the latest (oldest first), for STORY_SECONDS after it came."""
        return self.earlier if self._story_left > 0 else []

    def story_left(self) -> float:
        """Return the seconds until the earlier lines go (inf while none show)."""
        return self._story_left if self._story_left > 0 and self.earlier else math.inf

    def hidden(self) -> set[tuple[int, int]]:
        """Return the (seat, position) slots a card is flying into or lifted from: the table leaves them empty."""
        return {tuple(a.data["hide"]) for kind in ("fly", "glance") for a in self.timeline.pending(kind)
                if a.data.get("hide")}

    @property
    def running(self) -> bool:
        """Return True while an animation or a news line is still to come."""
        return self.timeline.busy

    def in_hand(self) -> bool:
        """Return True while a drawn card is still flying to the hand: the table leaves the hand empty."""
        return any(a.data.get("to_hand") for a in self.timeline.pending("fly"))

    def rest_state(self) -> Any:
        """Return what the resting table leaves to the animations: the round end on show, the slots cards fly to."""
        return self.round_end(), self.hidden(), self.in_hand()

    def draw(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Draw every running animation over the table (reads only); return where it painted."""
        paint = self.paint
        tl = self.timeline
        painted: list[pygame.Rect] = []
        marks = tl.running("mark")  # a Swap's two places, each named (whose, which) over the cards crossing
        for a, p in marks:
            for rect, _label in a.data["spots"]:
                painted.append(pygame.draw.rect(canvas, GOLD, rect.inflate(14, 14), 6, border_radius=14))
        for a, p in tl.running("glance"):  # the card picked up, still face down, an eye over it
            rect = a.data["rect"]
            lift = int(rect.height * 0.4 * min(1.0, 4 * p, 4 * (1 - p)))
            up = rect.move(0, -lift)
            painted.append(pygame.draw.rect(canvas, GOLD, up.inflate(12, 12), 6, border_radius=14))
            painted.append(paint(canvas, None, up))
            if self.eye is not None:
                eye = self.eye(max(40, int(rect.width * 0.8)))
                painted.append(canvas.blit(eye, eye.get_rect(center=(up.centerx, up.centery))))
        for a, p in tl.running("fly"):
            x, y = hop(a.data["src"], a.data["dst"], ease_in_out(p), a.data.get("high", 60))
            rect = pygame.Rect((0, 0), a.data["size"])
            rect.center = (int(x), int(y))
            painted.append(paint(canvas, a.data.get("card"), rect))
            if a.data.get("badge"):  # a Draw 2's first or second draw
                painted.append(self._badge(canvas, str(a.data["badge"]), rect.topright))
        for a, p in marks:
            for rect, label in a.data["spots"]:
                painted.append(self._tag(canvas, label, (rect.centerx, rect.bottom - 8)))
        for a, p in tl.running("turn"):
            rect = a.data["rect"].inflate(int(22 * ease_out(p)), int(22 * ease_out(p)))
            painted += ring(canvas, GOLD, rect, max(1, int(6 * (1 - p))), 24)  # (a thin frame round a whole panel)
        for a, p in tl.running("knock"):
            rect = a.data["rect"].inflate(int(60 * ease_out(p)), int(60 * ease_out(p)))
            painted += ring(canvas, GOLD, rect, max(1, int(10 * (1 - p))), 30)
        return painted

    def _tag(self, canvas: pygame.Surface, text: str, midbottom: tuple[int, int]) -> pygame.Rect:
        """Write a short gold label (a seat's name and a place) over a card."""
        if self.tc is None:
            return pygame.Rect(midbottom, (0, 0))
        surf = self.tc.fit(text, layout.TEXT_BODY, 320, INK_DARK, min_size=20)
        box = surf.get_rect(midbottom=midbottom).inflate(20, 8)
        box.clamp_ip(canvas.get_rect())
        pygame.draw.rect(canvas, GOLD, box, border_radius=12)
        canvas.blit(surf, surf.get_rect(center=box.center))
        return box

    def _badge(self, canvas: pygame.Surface, text: str, center: tuple[int, int]) -> pygame.Rect:
        """Draw a gold disc with a number (a Draw 2's draw) at a flying card's corner."""
        disc = pygame.draw.circle(canvas, GOLD, center, 28)
        pygame.draw.circle(canvas, INK_DARK, center, 28, 3)
        if self.tc is not None:
            self.tc.blit(canvas, text, layout.TEXT_LARGE, INK_DARK, center=center)
        return disc
