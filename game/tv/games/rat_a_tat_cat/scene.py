"""Rat-a-Tat Cat on the TV: its table scene, its part of the score screen (its texts: its locale files).

The platform finds this module by the game id (game.tv.games.screens_for) and uses `SCREENS`.
The scene draws the public view only: a face-down card is a back (the view has no value for
it), the card a seat drew from the pile is a back in its hand, and every line shows once the
round is over.
"""

from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Callable, Iterator

import pygame

from game.tv import layout
from game.tv.games import GameScreens, ResultsDetail
from game.tv.i18n import number
from game.tv.render import (GOLD, GREY, INK, INK_DARK, INK_DIM, PANEL, RED, display_ready, draw_symbol, grey_out,
                            ink_on, panel, parse_colour, shadow_text, wrap)
from game.tv.scenes.base import Context, Part, TableScene, draw_toast
from game.tv.sound import Sfx
from game.tv.games.rat_a_tat_cat.anim import RatAnimator
from game.tv.games.rat_a_tat_cat.cards import CARD_TEXT_PAIRS, FACES, RatCards, cards_for, prepare
from game.tv.games.rat_a_tat_cat.layout import NAME_ROW, RAT, Plan, plan
from game.tv.games.rat_a_tat_cat.layout import plan as table_plan  # (where a moment's plan shadows the name)
from game.tv.games.rat_a_tat_cat.howto import INSETS as HOWTO_INSETS
from game.tv.games.rat_a_tat_cat import moment as mo
from game.tv.games.rat_a_tat_cat.sounds import FLIP, SOUNDS, TALLY
from game.tv.anim import ease_in_out, ease_out, hop


# ------------------------------------------------------------------ the table


class RatTableScene(TableScene):
    """The table while a Rat-a-Tat Cat game runs; animations come from the update's public events."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cards = cards_for(ctx)
        self.anim: RatAnimator = RatAnimator(ctx.texts, ctx.model.name, self.cards.paint, self.cards.eye, ctx.tc)
        self._to_write = ""  # the news line to write ahead as the story's next earlier line
        self._written = ""
        self.plan: mo.Plan | None = None  # the table's moment on show (a knock, a round's end), read from its events
        self._heard = 0.0  # the moment's second up to which its sounds were played
        # texts the turns and moments will write, written ahead one per frame (also while the table rests), so a
        # turn's or a moment's first frame renders nothing new: each seat's turn and knock banners, the reveal's
        # headline, the totals' counts, who still plays after a knock
        self._ahead: deque[Callable[[], object]] = deque()
        self._ahead_for: tuple[Any, ...] | None = None  # the round and seats they were written for
        self._grounds: dict[tuple[Any, ...], pygame.Surface] = {}  # the seat panels' frames and insides (`_ground`)

    # ---------------------------------------------------------------- the moments (a knock, a round's end)

    def on_update(self, update: dict[str, Any]) -> None:
        """Start the update's animations and follow its moment (read once into a plan)."""
        super().on_update(update)
        if self.moment is None:
            self.plan = None
        elif self.plan is None or self.plan.since != self.moment.get("since"):
            self.plan = mo.plan_of(self.moment)
            self._heard = self.moment_elapsed()
            if self.plan is not None:
                self._warm(self.plan)
        self._write_round_ahead()

    def moment_plan(self) -> mo.Plan | None:
        """Return the moment playing now, read from its events, or None."""
        return self.plan if self.plan is not None and self.in_moment else None

    def _reveal(self) -> mo.Plan | None:
        plan = self.moment_plan()
        return plan if plan is not None and plan.kind == "reveal" else None

    def _moment_look(self) -> Any:
        """Return what the moment shows at rest now (a new value: the table is painted again), or None."""
        plan = self.moment_plan()
        if plan is None:
            return None
        t = self.moment_elapsed()
        current = next((i for i in range(len(plan.lines)) if plan.line_start(i) <= t < plan.line_start(i + 1)), None)
        return plan.kind, plan.since, plan.look_at(t), current

    def _warm(self, plan: mo.Plan) -> None:
        """Write a moment's later texts ahead: after a knock, who still plays as each has played; in a reveal, the
        counting totals (they count once every line is up, seconds from now)."""
        tc, t = self.ctx.tc, self.ctx.texts
        view = self.ctx.model.view or {}
        players = int(view.get("players") or 0)
        if plan.kind == "knock":  # the line under the news while the others play (`_knock_look`)
            still = [self.ctx.model.name(s) for s in view.get("last_to_play") or ()]
            width = table_plan(players).knock.width - 30
            for k in range(len(still)):
                text = t("tv.last_turns", name=self.ctx.model.name(plan.knocker), names=t.names(still[k:]))
                self._ahead.append(lambda text=text: tc.fit(text, layout.TEXT_LARGE, width, GOLD))
        for line in plan.lines:
            old = plan.old_total(line.seat)
            if old is None:
                continue
            new = old + plan.score_of(line)
            for n in range(old, new + 1):
                self._ahead.append(lambda n=n: tc.render(t("rt.seat.total", n=number(n)), layout.TEXT_LARGE, GOLD))
            self._ahead.append(lambda seat=line.seat, old=old, new=new: _total_box(tc, t, seat, players, old, new))

    def _write_round_ahead(self) -> None:
        """Once a round (or its seats) is new, queue the texts its turns and moments will write: each seat's turn
        banner and knock banner (on its colour) and the reveal's headline, as `_paint_banner`,
        `_paint_knock_banner` and `_paint_reveal_head` write them; and the pictures of each seat panel's frame in
        the looks a round gives it (at rest, its turn, looking at its cards, its line turning up)."""
        view = self.ctx.model.view or {}
        players = int(view.get("players") or 0)
        model, t, tc = self.ctx.model, self.ctx.texts, self.ctx.tc
        infos = tuple((model.name(s), str(model.seat_info(s).get("colour"))) for s in range(players))
        key = (view.get("round"), players, infos, t.lang)
        if not players or key == self._ahead_for:
            return
        self._ahead_for = key
        box = moment_area(plan(players))
        room = box.right - 30 - (box.left + 176)
        banner = RAT.turn_banner.width - 130
        for seat, (name, colour_text) in enumerate(infos):
            colour = parse_colour(colour_text)
            ink = ink_on(colour)
            for glow, width in ((None, 3), (colour, 6), (None, 6), (GOLD, 6)):
                self._ahead.append(lambda seat=seat, glow=glow, colour=colour, width=width: [
                    self._frame_picture(seat, players, side, glow, PANEL, colour, width) for side in range(SIDES)])
            for phase in ("draw", "decide", "end_turn"):  # the turn banner, with and without a turn timer
                self._ahead.append(lambda text=t(f"tv.turn.{phase}", name=name), ink=ink: [
                    tc.fit(text, layout.TEXT_HUGE, room_, ink) for room_ in (banner, banner - 130)])
            self._ahead.append(lambda name=name, ink=ink: tc.fit(t("tv.ev.knocked", name=name), layout.TEXT_TITLE + 12,
                                                                 room, ink, min_size=layout.TEXT_LARGE))
            self._ahead.append(lambda ink=ink: tc.fit(t("tv.knock.last"), layout.TEXT_LARGE, room, ink,
                                                      min_size=layout.TEXT_SMALL))
        if isinstance(view.get("round"), int):
            head = box.width - 60
            self._ahead.append(lambda: tc.fit(t("tv.reveal.title", n=view["round"]), layout.TEXT_TITLE, head, GOLD,
                                              min_size=layout.TEXT_LARGE))
            for key_ in ("tv.reveal.lines", "tv.reveal.totals", "tv.reveal.final"):
                self._ahead.append(lambda key_=key_: [tc.fit(text, layout.TEXT_LARGE, head, INK)
                                                      for text in wrap(tc, t(key_), layout.TEXT_LARGE, head)[:2]])

    def update(self, dt: float) -> None:
        """Advance the table. The news line of the frame before is written ahead as the story's next earlier line,
        so the frame an update arrives in renders only that update's own news (a new text), not both lines.
        A line turning up and the totals counting up each have their sound."""
        if self._to_write and self._to_write != self._written:
            width = plan(int((self.ctx.model.view or {}).get("players") or 0)).earlier.width - 20
            for ink in (EARLIER, (0, 0, 0)):  # the line and its shadow, as shadow_text writes them
                self.ctx.tc.fit(self._to_write, layout.TEXT_BODY, width, ink)
            self._written = self._to_write
        elif self._ahead:
            self._ahead.popleft()()
        super().update(dt)
        self._to_write = self.anim.news
        reveal = self._reveal()
        if reveal is not None:
            now = self.moment_elapsed()
            for kind, _ in reveal.sounds_between(self._heard, now):
                self.ctx.play({"line": FLIP, "fly": Sfx.PLAY, "count": TALLY}[kind])
            self._heard = now

    @property
    def animating(self) -> bool:  # type: ignore[override]
        """Return True while the animations play, a card of the reveal turns or flies, or the totals count up."""
        reveal = self._reveal()
        return bool(self.anim.running) or (reveal is not None and reveal.moves_at(self.moment_elapsed()))

    def rest_state(self) -> Any:
        """Return what the resting table leaves to the animations, and what the moment shows now."""
        return self.anim.rest_state(), self._moment_look()

    def rest_parts(self) -> list[Part]:
        """Return the resting table's parts: the header, the two piles, the knock line, each seat."""
        view = self.ctx.model.view
        if not view:
            return []
        players = int(view.get("players") or 0)
        at = plan(players)
        parts = [Part(RAT.round_label, self._paint_round, (self._round_text(view),)),
                 Part(RAT.turn_banner, self._paint_banner, self._banner_look(view)),
                 Part(_pile_area(at), self._paint_pile, (at, int(view.get("pile") or 0))),
                 Part(_discard_area(at), self._paint_discard,
                      (at, view.get("discard_top"), bool(view.get("discard_dead")))),
                 Part(_hand_area(at), self._paint_hand, (at, *self._hand_look(view)))]
        moment = self.moment_plan()
        if moment is None:
            parts.append(Part(at.knock, self._paint_knock, (at, *self._knock_look(view))))
        elif moment.kind == "knock":  # a big banner over the news: who knocked, and that the others play once more
            info = self.ctx.model.seat_info(moment.knocker)
            parts.append(Part(moment_area(at), self._paint_knock_banner,
                              (at, self.ctx.model.name(moment.knocker), str(info.get("colour")),
                               str(info.get("symbol")))))
        else:
            parts.append(Part(moment_area(at), self._paint_reveal_head, (at, *self._reveal_head(view, moment))))
        flying = self.anim.hidden()  # slots a card is on its way to: drawn by the animation, not twice
        shown = self._reveal_looks(moment) if moment is not None and moment.kind == "reveal" else {}
        for seat in range(players):
            if seat in shown:
                parts += self._reveal_seat_parts(seat, players, *shown[seat])
            else:
                parts += self._seat_parts(seat, players, *self._seat_look(view, seat, players, flying))
        return parts

    def _reveal_head(self, view: dict[str, Any], moment: mo.Plan) -> tuple[str, str]:
        """Return the reveal's headline: the round that is over, and what happens now."""
        t = self.ctx.texts
        title = t("tv.reveal.title", n=moment.round if moment.round is not None else view.get("round"))
        stage = moment.look_at(self.moment_elapsed())[1]
        if stage == 0:
            return title, t("tv.reveal.lines")
        return title, t("tv.reveal.final") if moment.over else t("tv.reveal.totals")

    def _reveal_looks(self, moment: mo.Plan) -> dict[int, tuple[Any, ...]]:
        """Return each revealed seat's panel args now: name, colour, symbol, connected, its cards' looks, whether its
        line turns up now, the sum chip's text, the totals (before, after) and the scoring's stage."""
        model, t = self.ctx.model, self.ctx.texts
        looks, stage = moment.look_at(self.moment_elapsed())
        current = self._moment_look()[3]
        out: dict[int, tuple[Any, ...]] = {}
        for i, (line, (seat, cards, total)) in enumerate(zip(moment.lines, looks)):
            info = model.seat_info(seat)
            chip = None if total is None else number(total)
            if stage >= 1:
                chip = t("tv.reveal.added", n=number(moment.score_of(line)))
            old = moment.old_total(seat)
            new = None if old is None else old + moment.score_of(line)
            out[seat] = (str(info.get("name", "")), str(info.get("colour")), str(info.get("symbol")),
                         bool(info.get("connected", True)), cards, i == current, chip, old, new, stage)
        return out

    def draw_moving(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Paint the story's earlier lines, the animations, the news line and the toast over the resting table; return
        where."""
        ctx = self.ctx
        if not ctx.model.view:
            return []
        at = plan(int(ctx.model.view.get("players") or 0))
        moment = self.moment_plan()
        if moment is not None:  # the moment's banner lies over the news lines
            painted: list[pygame.Rect | None] = []
            if moment.kind == "reveal":
                painted += self._draw_reveal_moving(canvas, moment, int(ctx.model.view.get("players") or 0))
            else:
                painted += self.anim.draw(canvas)
            painted.append(draw_toast(ctx, canvas, at.toast))
            return [r for r in painted if r is not None]
        painted = []
        for k, line in enumerate(reversed(self.anim.story())):  # the line just before first, then the one before
            painted.append(shadow_text(ctx.tc, canvas, line, layout.TEXT_BODY, EARLIER, max_width=at.earlier.width - 20,
                                       midleft=(at.earlier.left + 10, at.earlier.top + 21 + 42 * k)))
        painted += self.anim.draw(canvas)  # the cards in the air pass over the story's earlier lines
        if self.anim.news:
            painted.append(shadow_text(ctx.tc, canvas, self.anim.news, layout.TEXT_LARGE, INK,
                                       max_width=at.news.width - 20, midleft=(at.news.left + 10, at.news.centery)))
        painted.append(draw_toast(ctx, canvas, at.toast))
        return [r for r in painted if r is not None]

    def frame_key(self) -> Any:
        """Return the countdowns on show, whether the story's earlier lines still show, and the moment's look."""
        return (*super().frame_key(), bool(self.anim.story()), self._moment_look())

    def next_change(self) -> float:
        """Return the seconds until a countdown drops, the story's earlier lines go or the moment's look changes."""
        later = min(super().next_change(), self.anim.story_left())
        moment = self.moment_plan()
        if moment is not None:
            later = min(later, moment.next_change(self.moment_elapsed()) + 1e-3)
        return later

    def _draw_reveal_moving(self, canvas: pygame.Surface, moment: mo.Plan, players: int) -> list[pygame.Rect]:
        """Draw what moves in the reveal: a card turning up, a card flying in from the pile, a total counting up."""
        t = self.moment_elapsed()
        at = plan(players)
        painted: list[pygame.Rect] = []
        for kind, i, pos, card, p in moment.moving_at(t):
            seat = moment.lines[i].seat
            slot = RAT.card(seat, players, pos)
            if kind == "flip":  # the back narrows, then the face widens
                face = self.cards.face(None if p < 0.5 else card, slot.size)
                w = max(2, int(slot.width * abs(1 - 2 * p)))
                squashed = pygame.transform.scale(face, (w, slot.height))
                painted.append(canvas.blit(squashed, squashed.get_rect(center=slot.center)))
            else:  # from the draw pile onto the power card it replaces
                x, y = hop(at.pile.center, slot.center, ease_in_out(p), 90)
                rect = pygame.Rect((0, 0), slot.size)
                rect.center = (int(x), int(y))
                painted.append(self.cards.paint(canvas, card, rect))
        p = moment.counting_at(t)
        if p is not None:
            for line in moment.lines:
                old = moment.old_total(line.seat)
                if old is None:
                    continue
                new = old + moment.score_of(line)
                box = _total_box(self.ctx.tc, self.ctx.texts, line.seat, players, old, new)
                info = self.ctx.model.seat_info(line.seat)
                pygame.draw.rect(canvas, PANEL if info.get("connected", True) else OFFLINE, box)
                shown = old + round((new - old) * ease_out(p))
                canvas.set_clip(box)
                try:
                    self.ctx.tc.blit(canvas, self.ctx.texts("rt.seat.total", n=number(shown)), layout.TEXT_LARGE,
                                     GOLD, midright=(box.right, box.centery))
                finally:
                    canvas.set_clip(None)
                painted.append(box)
        return painted

    def _round_text(self, view: dict[str, Any]) -> str:
        """Return the header's left label: the round of the end mode, the time left, or that time is up."""
        end = view.get("end") or {}
        mode = str(end.get("mode") or "rounds")
        ended = self.anim.round_end()
        shown_round = ended["round"] if ended is not None and ended.get("round") else view.get("round")
        reveal = self._reveal()
        if reveal is not None and reveal.round is not None:
            shown_round, ended = reveal.round, {"round": reveal.round}
        key = f"tv.hdr.{mode}"
        if mode == "time" and self.ctx.model.stage == "playing" and ended is None:
            key = "tv.hdr.time_left" if self.game_left is not None else "tv.hdr.time_up"  # no clock: time is up
        left = int(self.game_left + 0.999) if self.game_left is not None else 0
        return self.ctx.texts(key, n=shown_round, total=end.get("rounds"), minutes=end.get("minutes"),
                              limit=end.get("limit"), left=f"{left // 60}:{left % 60:02d}")

    def _banner_look(self, view: dict[str, Any]) -> tuple[Any, ...]:
        """Return the turn banner: (text, colour, symbol, seconds) on the seat's colour, or (text,) on a panel."""
        ctx, t = self.ctx, self.ctx.texts
        phase, turn = view.get("phase"), view.get("turn")
        if self.anim.round_end() is not None or self._reveal() is not None:
            phase = "deal"  # the lines of the round just over are still on show
        if phase in ("draw", "decide", "end_turn") and isinstance(turn, int):
            info = ctx.model.seat_info(turn)
            seconds = None if self.timer_left is None else int(self.timer_left + 0.999)
            return (t(f"tv.turn.{phase}", name=ctx.model.name(turn)), str(info.get("colour")),
                    str(info.get("symbol")), seconds)
        return (t({"look": "tv.turn.look", "over": "tv.turn.over"}.get(str(phase), "tv.turn.deal")),)

    def _knock_look(self, view: dict[str, Any]) -> tuple[Any, ...]:
        """Return the line under the news: who knocked and who still plays, or the draws left, or nothing."""
        ctx, t = self.ctx, self.ctx.texts
        knocker = view.get("knocker")
        if self.anim.round_end() is not None:
            return ()
        if isinstance(knocker, int) and view.get("phase") in ("draw", "decide", "end_turn"):
            still = t.names([ctx.model.name(s) for s in view.get("last_to_play") or ()])
            return ("knock", t("tv.last_turns", name=ctx.model.name(knocker), names=still))
        if int(view.get("draws_left") or 0) and view.get("phase") in ("draw", "decide"):
            return ("draws", t("tv.draws_left", n=view.get("draws_left")))
        return ()

    def _seat_look(self, view: dict[str, Any], seat: int, players: int,
                   flying: set[tuple[int, int]]) -> tuple[Any, ...]:
        """Return all a seat panel shows: name, colour, tags, its line (or the round's), the card in hand, scores."""
        t = self.ctx.texts
        info = self.ctx.model.seat_info(seat)
        seats = view.get("seats") or ()
        vseat = seats[seat] if seat < len(seats) else {}
        out = bool(vseat.get("out"))
        phase = view.get("phase")
        ended = self.anim.round_end()  # the round just over, from the public events: its lines and scores
        is_turn = phase in ("draw", "decide", "end_turn") and view.get("turn") == seat and ended is None
        tags: list[tuple[str, tuple[int, int, int]]] = []
        if out:
            tags.append((t("rt.seat.out"), GREY))
        if view.get("knocker") == seat:
            tags.append((t("tv.knocked"), GOLD))
        line = list(vseat.get("line") or ())
        if ended is not None:
            lines = ended["lines"]
            line = list(lines[seat]) if seat < len(lines) else []
        cards: tuple[Any, ...] = ()
        if not out and line:
            cards = tuple(_FLYING if (seat, p) in flying else (line[p - 1] if p - 1 < len(line) else None)
                          for p in range(1, 5))
        totals = (ended or {}).get("totals") or view.get("totals") or ()
        total = int(totals[seat]) if seat < len(totals) else 0
        last = (ended or {}).get("scores")
        if ended is None and phase in ("deal", "over") and view.get("round_scores"):
            last = view["round_scores"][-1]
        this_round = int(last[seat]) if last and seat < len(last) and not out else None
        return (str(info.get("name", "")), str(info.get("colour")), str(info.get("symbol")),
                bool(info.get("connected", True)), out, is_turn, bool(vseat.get("looking")),
                tuple(tags + self.seat_tags(seat, info)), cards, total, this_round)

    def _hand_look(self, view: dict[str, Any]) -> tuple[Any, ...]:
        """Return the card in hand of the seat whose turn it is: (card or None for a back, colour, symbol), or ()."""
        phase, turn = view.get("phase"), view.get("turn")
        if phase != "decide" or not isinstance(turn, int) or self.anim.round_end() is not None:
            return ()
        if self.anim.in_hand():
            return ()  # the card is still flying there
        info = self.ctx.model.seat_info(turn)
        card = view.get("drawn_card") if view.get("drawn_from") == "discard" else None  # a back from the pile
        return (card, str(info.get("colour")), str(info.get("symbol")), str(info.get("name", "")))

    def _paint_round(self, canvas: pygame.Surface, text: str) -> None:
        panel(canvas, RAT.round_label, PANEL, INK_DIM, 2)
        self.ctx.tc.blit(canvas, text, layout.TEXT_LARGE, INK, max_width=RAT.round_label.width - 30,
                         center=RAT.round_label.center)

    def _paint_banner(self, canvas: pygame.Surface, text: str, colour_text: str | None = None,
                      symbol: str | None = None, seconds: int | None = None) -> None:
        tc, banner = self.ctx.tc, RAT.turn_banner
        if colour_text is None:
            panel(canvas, banner, PANEL, INK_DIM, 2, 22)
            tc.blit(canvas, text, layout.TEXT_LARGE, INK, max_width=banner.width - 40, center=banner.center)
            return
        colour = parse_colour(colour_text)
        pygame.draw.rect(canvas, colour, banner, border_radius=22)
        pygame.draw.rect(canvas, (0, 0, 0), banner, 4, border_radius=22)
        draw_symbol(canvas, str(symbol), (banner.left + 50, banner.centery), 52, INK, INK_DARK)
        room = banner.width - 130 - (130 if seconds is not None else 0)
        tc.blit(canvas, text, layout.TEXT_HUGE, ink_on(colour), max_width=room,
                midleft=(banner.left + 96, banner.centery))
        if seconds is not None:
            tc.blit(canvas, self.ctx.texts("timer.seconds", s=seconds), layout.TEXT_LARGE, ink_on(colour),
                    midright=(banner.right - 24, banner.centery))

    def _paint_pile(self, canvas: pygame.Surface, at: Plan, pile: int) -> None:
        """Paint the draw pile (a thicker stack for a fuller pile) and its count."""
        if pile:
            for k in range(min(3, (pile + 9) // 10)):
                self.cards.paint(canvas, None, at.pile.move(-3 * k, -3 * k))
        else:
            pygame.draw.rect(canvas, INK_DIM, at.pile, 3, border_radius=14)
        badge = _pile_badge(at)
        panel(canvas, badge, INK_DARK, INK_DIM, 2, 14)
        self.ctx.tc.blit(canvas, self.ctx.texts("tv.pile", n=number(pile)), layout.TEXT_BODY, INK,
                         max_width=badge.width - 12, center=badge.center)

    def _paint_discard(self, canvas: pygame.Surface, at: Plan, top: Any, dead: bool) -> None:
        """Paint the discard pile's top card, marked when it is a power card that can no longer act."""
        if top is None:
            pygame.draw.rect(canvas, INK_DIM, at.discard, 3, border_radius=14)
            return
        self.cards.paint(canvas, top, at.discard, dead)
        if dead:
            tag = _dead_tag(at)
            panel(canvas, tag, INK_DARK, RED, 3, 14)
            self.ctx.tc.blit(canvas, self.ctx.texts("tv.dead"), layout.TEXT_BODY, INK, max_width=tag.width - 12,
                             center=tag.center)

    def _paint_hand(self, canvas: pygame.Surface, at: Plan, card: Any = None, colour_text: str | None = None,
                    symbol: str | None = None, name: str = "") -> None:
        """Paint the card the seat whose turn it is holds, framed in its colour, its symbol and name under it."""
        if colour_text is None:
            return
        colour = parse_colour(colour_text)
        pygame.draw.rect(canvas, colour, at.hand.inflate(16, 16), border_radius=18)
        self.cards.paint(canvas, card, at.hand)
        badge = _hand_badge(at)
        pygame.draw.rect(canvas, colour, badge, border_radius=14)
        pygame.draw.rect(canvas, INK_DARK, badge, 2, border_radius=14)
        draw_symbol(canvas, str(symbol), (badge.left + 24, badge.centery), 28, INK, INK_DARK)
        self.ctx.tc.blit(canvas, name, layout.TEXT_BODY, ink_on(colour), max_width=badge.width - 56,
                         midleft=(badge.left + 44, badge.centery))

    def _paint_knock(self, canvas: pygame.Surface, at: Plan, kind: str | None = None, text: str = "") -> None:
        if kind is None:
            return
        panel(canvas, at.knock, INK_DARK, GOLD if kind == "knock" else INK_DIM, 3 if kind == "knock" else 2, 20)
        self.ctx.tc.blit(canvas, text, layout.TEXT_LARGE, GOLD if kind == "knock" else INK,
                         max_width=at.knock.width - 30, center=at.knock.center)

    def _seat_parts(self, seat: int, players: int, name: str, colour_text: str, symbol: str, connected: bool,
                    out: bool, is_turn: bool, looking: bool, tags: tuple[tuple[str, Any], ...], cards: tuple[Any, ...],
                    total: int, this_round: int | None) -> list[Part]:
        """Return a seat panel's parts while the round plays: its frame (the turn's glow), its name row (symbol,
        name, tags; the total and the round's score at the right), then each card of its line (an outline where a
        card is flying)."""
        colour = parse_colour(colour_text)
        shown = colour if connected and not out else grey_out(colour)
        bg = OFFLINE if out or not connected else PANEL
        head = (name, shown, connected, out, tags, total, this_round)
        return [*_panel_parts(self._paint_frame, self._paint_inside, seat, players, shown if is_turn else None, bg,
                              shown, 6 if is_turn or looking else 3),
                Part(_head_area(seat, players), self._paint_head, (seat, players, symbol, *head)),
                *self._line_parts(seat, players, cards)]

    def _reveal_seat_parts(self, seat: int, players: int, name: str, colour_text: str, symbol: str, connected: bool,
                           cards: tuple[Any, ...], current: bool, chip: str | None, old: int | None,
                           new: int | None, stage: int) -> list[Part]:
        """Return a seat panel's parts while its line turns up: its frame (gold while its line turns), its name row
        (its name, its line's sum, then what it adds; its total) and its cards as far as they are turned up (a card
        turning over is drawn moving, over an outline)."""
        colour = parse_colour(colour_text)
        shown = colour if connected else grey_out(colour)
        looks = [None if look == mo.BACK else _FLYING if look == mo.GAP else look[1] for look in cards]
        return [*_panel_parts(self._paint_frame, self._paint_inside, seat, players, GOLD if current else None,
                              PANEL if connected else OFFLINE, shown, 6 if current else 3),
                Part(_head_area(seat, players), self._paint_reveal_row,
                     (seat, players, name, shown, connected, symbol, chip, old, new, stage)),
                *self._line_parts(seat, players, looks)]

    def _line_parts(self, seat: int, players: int, cards: Any) -> list[Part]:
        """Return a part per card of a seat's line: a card, None for its back, `_FLYING` for an outline."""
        return [Part(RAT.card(seat, players, p), self._paint_slot, (seat, players, p, card))
                for p, card in enumerate(cards, start=1)]

    def _paint_frame(self, canvas: pygame.Surface, seat: int, players: int, side: int, glow: Any, bg: Any,
                     border: Any, width: int) -> None:
        """Paint one side of a seat panel's frame (`_frame`): the felt, the glow round the panel, then the panel and
        its border, as a picture made once per look (a rounded rect costs as much clipped to a strip as whole)."""
        canvas.blit(self._frame_picture(seat, players, side, glow, bg, border, width), _frame(seat, players)[side])

    def _frame_picture(self, seat: int, players: int, side: int, glow: Any, bg: Any, border: Any,
                       width: int) -> pygame.Surface:
        """Return the picture of one side of a seat panel's frame in a look (`_ground`)."""
        return self._ground((seat, players, side, glow, bg, border, width), _frame(seat, players)[side],
                            RAT.seat(seat, players), glow, bg, border, width)

    def _paint_inside(self, canvas: pygame.Surface, seat: int, players: int, bg: Any) -> None:
        """Paint the inside of a seat panel, under its frame's parts: its colour (a picture of it, one for every seat:
        SDL's fill of a small rect is slow, `render.padded`)."""
        inside = _frame(seat, players)[SIDES]
        canvas.blit(self._ground(("inside", inside.size, bg), inside, None, None, bg, None, 0), inside)

    def _ground(self, key: tuple[Any, ...], area: pygame.Rect, rect: pygame.Rect | None, glow: Any, bg: Any,
                border: Any, width: int) -> pygame.Surface:
        """Return the picture of `area` of the seat panel at `rect` on the felt: its glow (None: none), its colour and
        its border (None: none); or (`rect` None) of its colour alone. Made once per `key` (all it depends on), the
        last GROUNDS of them kept."""
        pictures = self._grounds
        picture = pictures.pop(key, None)
        if picture is None:
            picture = display_ready(pygame.Surface(area.size), alpha=False)
            if rect is None:
                picture.fill(bg)
            else:
                self.ctx.background(picture, area)
                rect = rect.move(-area.left, -area.top)
                if glow is not None:
                    pygame.draw.rect(picture, glow, rect.inflate(2 * GLOW, 2 * GLOW), border_radius=26)
                panel(picture, rect, bg, border, width, CORNER)
            while len(pictures) >= GROUNDS:
                pictures.pop(next(iter(pictures)))
        pictures[key] = picture  # (the newest last)
        return picture

    def _paint_head(self, canvas: pygame.Surface, seat: int, players: int, symbol: str, name: str, shown: Any,
                    connected: bool, out: bool, tags: tuple[tuple[str, Any], ...], total: int,
                    this_round: int | None) -> None:
        """Paint a seat's name row while the round plays: symbol, name, tags; the total and the round's score."""
        t, tc = self.ctx.texts, self.ctx.tc
        rect = RAT.seat(seat, players)
        row_y = rect.top + NAME_ROW // 2 + 1
        with _clipped(canvas, _head_area(seat, players)):
            draw_symbol(canvas, symbol, (rect.left + 34, row_y), 40, shown)
            right = tc.blit(canvas, t("rt.seat.total", n=number(total)), layout.TEXT_LARGE, INK if not out else GREY,
                            midright=(rect.right - 18, row_y)).left
            if this_round is not None:
                right = tc.blit(canvas, t("tv.this_round", n=number(this_round)), layout.TEXT_BODY, GOLD,
                                midright=(right - 16, row_y)).left
            room = right - 24 - (rect.left + 64)
            r = tc.blit(canvas, name, layout.TEXT_LARGE, INK if connected and not out else GREY,
                        max_width=max(80, min(room, rect.width // 2)), midleft=(rect.left + 64, row_y))
            x = r.right + 14
            for text, ink in tags:  # as many tags as fit before the total
                surf = tc.render(text, layout.TEXT_SMALL, ink)
                if x + surf.get_width() > right - 12:
                    break
                x = tc.blit(canvas, text, layout.TEXT_SMALL, ink, midleft=(x, row_y + 2)).right + 12

    def _paint_slot(self, canvas: pygame.Surface, seat: int, players: int, position: int, card: Any) -> None:
        """Paint one card of a seat's line: its face, its back (None), or an outline where one is on its way."""
        spot = RAT.card(seat, players, position)
        if card is _FLYING:
            pygame.draw.rect(canvas, INK_DIM, spot, 2, border_radius=10)
        else:
            self.cards.paint(canvas, card, spot)

    def _paint_knock_banner(self, canvas: pygame.Surface, at: Plan, name: str, colour_text: str,
                            symbol: str) -> None:
        """Paint the knock's banner on the knocker's colour: 'Ana knocks!' and that the others play once more."""
        t, tc = self.ctx.texts, self.ctx.tc
        box = moment_area(at)
        colour = parse_colour(colour_text)
        ink = ink_on(colour)
        pygame.draw.rect(canvas, colour, box, border_radius=28)
        pygame.draw.rect(canvas, GOLD, box, 8, border_radius=28)
        pygame.draw.rect(canvas, INK_DARK, box.inflate(-16, -16), 3, border_radius=22)
        draw_symbol(canvas, symbol, (box.left + 96, box.centery), 104, INK, INK_DARK)
        left = box.left + 176
        room = box.right - 30 - left
        title = tc.fit(t("tv.ev.knocked", name=name), layout.TEXT_TITLE + 12, room, ink, min_size=layout.TEXT_LARGE)
        last = tc.fit(t("tv.knock.last"), layout.TEXT_LARGE, room, ink, min_size=layout.TEXT_SMALL)
        gap = 10
        top = box.centery - (title.get_height() + gap + last.get_height()) // 2
        canvas.blit(title, (left, top))
        canvas.blit(last, (left, top + title.get_height() + gap))

    def _paint_reveal_head(self, canvas: pygame.Surface, at: Plan, title: str, line: str) -> None:
        """Paint the reveal's headline over the news: the round that is over, and what happens now."""
        tc = self.ctx.tc
        box = moment_area(at)
        panel(canvas, box, MOMENT_BG, GOLD, 6, 28)
        room = box.width - 60
        big = tc.fit(title, layout.TEXT_TITLE, room, GOLD, min_size=layout.TEXT_LARGE)
        said = wrap(tc, line, layout.TEXT_LARGE, room)[:2]
        step = tc.render("Ag", layout.TEXT_LARGE).get_height()
        top = box.centery - (big.get_height() + 12 + step * len(said)) // 2
        canvas.blit(big, big.get_rect(midtop=(box.centerx, top)))
        for k, text in enumerate(said):
            tc.blit(canvas, text, layout.TEXT_LARGE, INK, max_width=room,
                    midtop=(box.centerx, top + big.get_height() + 12 + k * step))

    def _paint_reveal_row(self, canvas: pygame.Surface, seat: int, players: int, name: str, shown: Any,
                          connected: bool, symbol: str, chip: str | None, old: int | None, new: int | None,
                          stage: int) -> None:
        """Paint a seat's name row while its line turns up: its name, its line's sum (then what it adds), its total
        (while the totals count up, they are drawn moving)."""
        tc = self.ctx.tc
        t = self.ctx.texts
        rect = RAT.seat(seat, players)
        row_y = rect.top + NAME_ROW // 2 + 1
        with _clipped(canvas, _head_area(seat, players)):
            draw_symbol(canvas, symbol, (rect.left + 34, row_y), 40, shown)
            right = rect.right - 18
            if old is not None and new is not None:
                box = _total_box(tc, t, seat, players, old, new)
                if stage != 1:
                    tc.blit(canvas, t("rt.seat.total", n=number(new if stage == 2 else old)), layout.TEXT_LARGE,
                            GOLD if stage == 2 else INK, midright=(box.right, row_y))
                right = box.left
            if chip is not None:
                text = tc.render(chip, CHIP_TEXT, INK_DARK if stage else GOLD)
                pill = pygame.Rect(0, 0, max(72, text.get_width() + 30), NAME_ROW - 4)
                pill.midright = (right - 14, row_y)
                if stage:
                    pygame.draw.rect(canvas, GOLD, pill, border_radius=18)
                else:
                    panel(canvas, pill, INK_DARK, GOLD, 3, 18)
                canvas.blit(text, text.get_rect(center=pill.center))
                right = pill.left
            room = right - 20 - (rect.left + 64)
            tc.blit(canvas, name, layout.TEXT_LARGE, INK if connected else GREY, max_width=max(80, room),
                    midleft=(rect.left + 64, row_y))


EARLIER = (214, 224, 216)  # the story's earlier lines: dimmer than the news, AA on the lightest felt
_FLYING = "flying"  # a line's slot a card is on its way to: an outline until it lands


MOMENT_BG = (14, 30, 26)  # the reveal's headline
OFFLINE = (30, 34, 36)  # the panel of a seat away
CHIP_TEXT = 42  # a line's sum in its chip (the name row's height holds it whole)


def moment_area(at: Plan) -> pygame.Rect:
    """Return where a moment's banner lies: over the news lines, right of the piles and the hand."""
    return pygame.Rect(at.news.left, at.strip.top + 6, at.news.width, at.strip.height - 16)


def _total_box(tc: Any, texts: Any, seat: int, players: int, old: int, new: int) -> pygame.Rect:
    """Return where a seat's total stands in its name row while the reveal counts it from `old` up to `new`:
    wide enough for every count between (the sum's chip stands left of it)."""
    rect = RAT.seat(seat, players)
    width = max(tc.width(texts("rt.seat.total", n=number(n)), layout.TEXT_LARGE) for n in {old, new, new // 10 * 10 + 8})
    box = pygame.Rect(0, rect.top + 6, width + 8, NAME_ROW - 8)
    box.right = rect.right - 18
    return box


def _pile_badge(at: Plan) -> pygame.Rect:
    badge = pygame.Rect(0, 0, max(150, at.pile_card[0]), 44)
    badge.midtop = (at.pile.centerx, at.pile.bottom + 8)
    return badge


def _dead_tag(at: Plan) -> pygame.Rect:
    tag = pygame.Rect(0, 0, max(150, at.pile_card[0]), 44)
    tag.midtop = (at.discard.centerx, at.discard.bottom + 8)
    return tag


def _pile_area(at: Plan) -> pygame.Rect:
    """Return where the draw pile (its stack of up to three, its count) may paint."""
    return at.pile.union(at.pile.move(-6, -6)).union(_pile_badge(at))


def _discard_area(at: Plan) -> pygame.Rect:
    """Return where the discard pile (its top card, the 'dead' tag) may paint."""
    return at.discard.union(_dead_tag(at))


def _hand_badge(at: Plan) -> pygame.Rect:
    badge = pygame.Rect(0, 0, max(180, at.pile_card[0] + 16), 44)
    badge.midtop = (at.hand.centerx, at.hand.bottom + 12)
    return badge


def _hand_area(at: Plan) -> pygame.Rect:
    """Return where the card in hand (its frame in the seat's colour, the seat's name under it) may paint."""
    return at.hand.inflate(16, 16).union(_hand_badge(at))


GROUNDS = 128  # the pictures of seat panels' frames kept (a side per look, an inside per colour: ~6 MB at 1080p)
GLOW = 9  # how far the glow of a seat whose turn it is (or whose line turns up) reaches round its panel
CORNER = 20  # a seat panel's corner radius: its round corners lie this far inside its edge
BORDER = 6  # a seat panel's widest border
SIDES = 6  # the frame's parts (`_frame`)


@lru_cache(maxsize=None)
def _frame(seat: int, players: int) -> tuple[pygame.Rect, ...]:
    """Return a seat panel's frame as the rects holding every pixel its glow, its border and its round corners
    touch: a strip along the top (its name row lies under it anyway), the two bottom corners, and thin bands along
    the bottom and the sides (clear of the cards); then the inside (its colour only, under the frame's parts). A
    seat's turn or its line turning up so paints the frame again, not the whole panel with its cards."""
    rect = RAT.seat(seat, players)
    outer, edge, band = rect.inflate(2 * GLOW, 2 * GLOW), GLOW + CORNER, GLOW + BORDER
    return (pygame.Rect(outer.left, outer.top, outer.width, edge),
            pygame.Rect(outer.left, outer.bottom - edge, edge, edge),
            pygame.Rect(outer.right - edge, outer.bottom - edge, edge, edge),
            pygame.Rect(outer.left + edge, outer.bottom - band, outer.width - 2 * edge, band),
            pygame.Rect(outer.left, outer.top + edge, band, outer.height - 2 * edge),
            pygame.Rect(outer.right - band, outer.top + edge, band, outer.height - 2 * edge),
            rect.inflate(-2 * BORDER, -2 * BORDER))


def _panel_parts(frame: Callable[..., None], inside: Callable[..., None], seat: int, players: int, glow: Any, bg: Any,
                 border: Any, width: int) -> list[Part]:
    """Return the parts of a seat panel's inside (`inside` paints it) and its frame over it (`frame` paints each
    side)."""
    rects = _frame(seat, players)
    return [Part(pygame.Rect(rects[SIDES]), inside, (seat, players, bg), opaque=True),
            *(Part(pygame.Rect(rects[side]), frame, (seat, players, side, glow, bg, border, width), opaque=True)
              for side in range(SIDES))]


def _head_area(seat: int, players: int) -> pygame.Rect:
    """Return a seat panel's name row (all its texts and its symbol lie in it), clear of the frame's side bands."""
    rect = RAT.seat(seat, players)
    return pygame.Rect(rect.left + BORDER, rect.top + 3, rect.width - 2 * BORDER, NAME_ROW - 3)


@contextmanager
def _clipped(canvas: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Paint inside `rect` only (within the clip already set): a part never paints outside its own rect."""
    before = canvas.get_clip()
    canvas.set_clip(before.clip(rect))
    try:
        yield
    finally:
        canvas.set_clip(before)


# ------------------------------------------------------------------ the score screen


class RatDetail(ResultsDetail):
    """The rounds played and each seat's best (lowest) round; eliminated seats marked by their name.

    The rules break no tie: seats of equal total share their place (no `tie_key`).
    """

    def columns(self, texts: Callable[..., str]) -> list[str]:
        """Return the 'Rounds' and 'Best' headings."""
        return [texts("tv.results.rounds"), texts("tv.results.best")]

    def cells(self, detail: dict[str, Any], seat: int) -> list[str]:
        """Return the seat's round scores read plainly (the last three, '14 + 9 + 7') and its lowest round."""
        mine = _rounds_of(detail, seat)
        shown = " + ".join(number(v) for v in mine[-3:])
        return [("… + " if len(mine) > 3 else "") + shown, number(min(mine)) if mine else "–"]

    def note(self, texts: Callable[..., str], detail: dict[str, Any]) -> str | None:
        """Return that the lowest total wins."""
        return texts("tv.results.lowest")

    def draw_beside_name(self, ctx: Context, canvas: pygame.Surface, seat: int, x: int, y: int, height: int) -> None:
        """Mark a seat that went out at the elimination limit."""
        if seat in (ctx.model.outcome.get("detail") or {}).get("eliminated", ()):
            ctx.tc.blit(canvas, ctx.texts("rt.seat.out"), layout.TEXT_BODY, GREY, midleft=(x, y))


def _rounds_of(detail: dict[str, Any], seat: int) -> list[int]:
    """Return the scores of the rounds `seat` played: an eliminated seat's zeros after it went out are dropped.

    The round that took a seat over the limit scored more than 0, so its trailing zeros are the rounds it sat out.
    """
    scores = [int(r[seat]) for r in detail.get("round_scores") or () if isinstance(r, list) and seat < len(r)]
    if seat in (detail.get("eliminated") or ()):
        while scores and scores[-1] == 0:
            scores.pop()
    return scores


# ------------------------------------------------------------------ privacy


def check_view(view: dict[str, Any]) -> str | None:
    """Return why a view is not public (a face-down card's value shown during play), else None.

    While a round is played only the kids variant's outer cards (1 and 4) lie face up; at the
    deal/over phases every line is turned up (R-END-2) and may carry values.
    """
    if view.get("phase") not in ("look", "draw", "decide", "end_turn"):
        return None
    open_positions = {0, 3} if view.get("kids") else set()
    for s in view.get("seats") or ():
        for i, card in enumerate((s or {}).get("line") or ()):
            if card is not None and i not in open_positions:
                return "a face-down card is shown"
    if view.get("drawn_card") is not None and view.get("drawn_from") != "discard":
        return "a card drawn from the pile is shown"
    return None


PRIVATE_VIEW_KEYS = frozenset({"drawn", "look", "peek"})
PRIVATE_EVENT_TYPES = frozenset({"you_drew", "you_placed", "you_peeked"})

SCREENS = GameScreens(table_scene=RatTableScene, detail=RatDetail(), sounds=SOUNDS,
                      private_view_keys=PRIVATE_VIEW_KEYS, private_event_types=PRIVATE_EVENT_TYPES,
                      check_view=check_view, prepare=prepare, howto_insets=HOWTO_INSETS)


__all__ = ["CARD_TEXT_PAIRS", "FACES", "RatCards", "RatTableScene", "SCREENS", "cards_for"]
