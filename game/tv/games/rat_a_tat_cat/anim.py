"""Rat-a-Tat Cat animations and news: built from an update's public events, drawn over the table.

The table scene draws the latest public view at rest; this module adds short moving pictures on
top (a card leaves the pile or the discard, goes into a line, two cards cross between seats, a
glance at a face-down card, the knock) and the news line. Card values come from the events only
where those are public: a drawn pile card stays a back until it is used or discarded.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.tv.anim import Timeline, ease_in_out, ease_out, hop
from game.tv.i18n import Texts
from game.tv.render import GOLD
from game.tv.games.rat_a_tat_cat.layout import RAT, plan
from game.tv.scenes.base import Animator
from game.tv.sound import Sfx

Point = tuple[float, float]
ROUND_END_SECONDS = 4.0  # every line face up with the round's scores, before the next deal
Paint = Callable[[pygame.Surface, Any, pygame.Rect], pygame.Rect]  # (canvas, card or None for a back, where)


def card_name(t: Texts, card: Any) -> str:
    """Return a card's name in the TV's language: '7', 'Peek', 'Swap', 'Draw 2'."""
    if isinstance(card, int) and not isinstance(card, bool):
        return str(card)
    return "" if card is None else t(f"rt.card.{card}")  # (None: a card drawn face down, never named)


class RatAnimator(Animator):
    """Turns each update's public events into timed animations and news lines; draws them with `paint`."""

    def __init__(self, texts: Texts, name_of: Callable[[int | None], str], paint: Paint) -> None:
        self.texts = texts
        self.name_of = name_of
        self.paint = paint
        self.timeline = Timeline()

    def reset(self) -> None:
        """Forget every animation and news line (a fresh table)."""
        self.timeline.clear()

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
        shown: dict[str, Any] | None = None  # this update's round end: the turned-up lines, then the scores
        shown_until = at
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
            elif kind == "look":
                tl.say(at, t("tv.ev.look"))
            elif kind == "drew" and isinstance(seat, int):
                from_discard = ev.get("source") == "discard"
                tl.add("fly", at, 0.4, Sfx.PLAY, size=big, card=ev.get("card") if from_discard else None,
                       src=discard if from_discard else pile, dst=hand, to_hand=True)
                tl.say(at, t("tv.ev.drew_discard" if from_discard else "tv.ev.drew_pile", name=name,
                             card=card_name(t, ev.get("card"))))
                at += 0.3
            elif kind == "replaced" and isinstance(seat, int):
                position = int(ev.get("position") or 1)
                slot = RAT.card(seat, n, position).center
                tl.add("fly", at, 0.4, Sfx.PLAY, size=size, card=ev.get("card"), src=hand, dst=slot,
                       hide=(seat, position))
                tl.add("fly", at + 0.15, 0.4, None, size=size, card=ev.get("discarded"), src=slot, dst=discard)
                tl.say(at, t("tv.ev.replaced", name=name, pos=ev.get("position"),
                             card=card_name(t, ev.get("discarded"))))
                at += 0.4
            elif kind == "discarded" and isinstance(seat, int):
                tl.add("fly", at, 0.4, Sfx.PLAY, size=big, card=ev.get("card"), src=hand, dst=discard)
                tl.say(at, t("tv.ev.discarded", name=name, card=card_name(t, ev.get("card"))))
                at += 0.3
            elif kind == "power_used" and isinstance(seat, int):
                tl.say(at, t("tv.ev.power_used", name=name, card=card_name(t, ev.get("power"))))
            elif kind == "peeked" and isinstance(seat, int):
                tl.add("glance", at, 0.8, None, rect=RAT.card(seat, n, int(ev.get("position") or 1)))
                tl.say(at, t("tv.ev.peeked", name=name, pos=ev.get("position")))
                at += 0.5
            elif kind == "swapped" and isinstance(seat, int) and isinstance(ev.get("other_seat"), int):
                mine = (seat, int(ev.get("position") or 1))
                theirs = (int(ev["other_seat"]), int(ev.get("other_position") or 1))
                a, b = RAT.card(mine[0], n, mine[1]).center, RAT.card(theirs[0], n, theirs[1]).center
                tl.add("fly", at, 0.6, Sfx.PLAY, size=size, card=None, src=a, dst=b, hide=theirs)
                tl.add("fly", at, 0.6, None, size=size, card=None, src=b, dst=a, hide=mine)
                tl.say(at, t("tv.ev.swapped", name=name, pos=ev.get("position"),
                             other=self.name_of(ev["other_seat"]), other_pos=ev.get("other_position")))
                at += 0.5
            elif kind == "swap_skipped" and isinstance(seat, int):
                tl.say(at, t("tv.ev.swap_skipped", name=name))
            elif kind == "draw_again" and isinstance(seat, int):
                tl.say(at, t("tv.ev.draw_again", name=name, n=ev.get("draws_left")))
            elif kind == "knocked" and isinstance(seat, int):
                tl.add("knock", at, 0.9, Sfx.CALL, rect=RAT.seat(seat, n))
                tl.say(at, t("tv.ev.knocked", name=name))
                at += 0.5
            elif kind == "reshuffled":
                tl.say(at, t("tv.ev.reshuffled", n=ev.get("pile")))
            elif kind == "revealed":
                lines = [list(line) if isinstance(line, list) else [] for line in ev.get("lines") or ()]
                shown = tl.add("round_end", at, ROUND_END_SECONDS, Sfx.PLAY, lines=lines, round=None,
                               scores=None, totals=None).data
                tl.say(at, t("tv.ev.revealed"))
                shown_until = at + ROUND_END_SECONDS
                at += 0.4
            elif kind == "power_replaced" and isinstance(seat, int):
                position = int(ev.get("position") or 1)
                slot = RAT.card(seat, n, position).center
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
        tl.close_beat()

    def round_end(self) -> dict[str, Any] | None:
        """Return the round end being shown ({lines, scores, totals} from the public events), or None."""
        pending = self.timeline.pending("round_end")
        return pending[-1].data if pending else None

    def update(self, dt: float) -> list[str]:
        """Advance the animations and the news line; return the sounds that start now."""
        return self.timeline.advance(dt)

    def hidden(self) -> set[tuple[int, int]]:
        """Return the (seat, position) slots a card is still flying into: the table leaves them empty."""
        return {tuple(a.data["hide"]) for a in self.timeline.pending("fly") if a.data.get("hide")}

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
        for a, p in tl.running("glance"):  # an eye-gold glow lifts the face-down card a little
            rect = a.data["rect"].move(0, -int(18 * (1 - abs(2 * p - 1))))
            painted.append(paint(canvas, None, rect))
            painted.append(pygame.draw.rect(canvas, GOLD, rect.inflate(10, 10), 5, border_radius=12))
        for a, p in tl.running("fly"):
            x, y = hop(a.data["src"], a.data["dst"], ease_in_out(p), 60)
            rect = pygame.Rect((0, 0), a.data["size"])
            rect.center = (int(x), int(y))
            painted.append(paint(canvas, a.data.get("card"), rect))
        for a, p in tl.running("knock"):
            rect = a.data["rect"].inflate(int(60 * ease_out(p)), int(60 * ease_out(p)))
            painted.append(pygame.draw.rect(canvas, GOLD, rect, max(1, int(10 * (1 - p))), border_radius=30))
        return painted
