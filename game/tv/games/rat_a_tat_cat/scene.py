"""Rat-a-Tat Cat on the TV: its table scene, its part of the score screen (its texts: its locale files).

The platform finds this module by the game id (game.tv.games.screens_for) and uses `SCREENS`.
The scene draws the public view only: a face-down card is a back (the view has no value for
it), the card a seat drew from the pile is a back in its hand, and every line shows once the
round is over.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.games import GameScreens, ResultsDetail
from game.tv.i18n import number
from game.tv.render import (GOLD, GREY, INK, INK_DARK, INK_DIM, PANEL, RED, draw_symbol, grey_out,
                            ink_on, panel, parse_colour, shadow_text)
from game.tv.scenes.base import Context, Part, TableScene, draw_toast
from game.tv.games.rat_a_tat_cat.anim import RatAnimator
from game.tv.games.rat_a_tat_cat.cards import CARD_TEXT_PAIRS, FACES, RatCards, cards_for, prepare
from game.tv.games.rat_a_tat_cat.layout import NAME_ROW, RAT, Plan, plan
from game.tv.games.rat_a_tat_cat.howto import INSETS as HOWTO_INSETS


# ------------------------------------------------------------------ the table


class RatTableScene(TableScene):
    """The table while a Rat-a-Tat Cat game runs; animations come from the update's public events."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cards = cards_for(ctx)
        self.anim: RatAnimator = RatAnimator(ctx.texts, ctx.model.name, self.cards.paint, self.cards.eye, ctx.tc)
        self._to_write = ""  # the news line to write ahead as the story's next earlier line
        self._written = ""

    def update(self, dt: float) -> None:
        """Advance the table. The news line of the frame before is written ahead as the story's next earlier line,
        so the frame an update arrives in renders only that update's own news (a new text), not both lines."""
        if self._to_write and self._to_write != self._written:
            width = plan(int((self.ctx.model.view or {}).get("players") or 0)).earlier.width - 20
            for ink in (EARLIER, (0, 0, 0)):  # the line and its shadow, as shadow_text writes them
                self.ctx.tc.fit(self._to_write, layout.TEXT_BODY, width, ink)
            self._written = self._to_write
        super().update(dt)
        self._to_write = self.anim.news

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
                 Part(_hand_area(at), self._paint_hand, (at, *self._hand_look(view))),
                 Part(at.knock, self._paint_knock, (at, *self._knock_look(view)))]
        flying = self.anim.hidden()  # slots a card is on its way to: drawn by the animation, not twice
        for seat in range(players):
            parts.append(Part(_seat_area(seat, players), self._paint_seat,
                              (seat, players, *self._seat_look(view, seat, players, flying))))
        return parts

    def draw_moving(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Paint the story's earlier lines, the animations, the news line and the toast over the resting table; return
        where."""
        ctx = self.ctx
        if not ctx.model.view:
            return []
        at = plan(int(ctx.model.view.get("players") or 0))
        painted: list[pygame.Rect | None] = []
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
        """Return the countdowns on show, and whether the story's earlier lines still show."""
        return (*super().frame_key(), bool(self.anim.story()))

    def next_change(self) -> float:
        """Return the seconds until a countdown drops or the story's earlier lines go."""
        return min(super().next_change(), self.anim.story_left())

    def _round_text(self, view: dict[str, Any]) -> str:
        """Return the header's left label: the round of the end mode, the time left, or that time is up."""
        end = view.get("end") or {}
        mode = str(end.get("mode") or "rounds")
        ended = self.anim.round_end()
        shown_round = ended["round"] if ended is not None and ended.get("round") else view.get("round")
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
        if self.anim.round_end() is not None:
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

    def _paint_seat(self, canvas: pygame.Surface, seat: int, players: int, name: str, colour_text: str,
                    symbol: str, connected: bool, out: bool, is_turn: bool, looking: bool,
                    tags: tuple[tuple[str, Any], ...], cards: tuple[Any, ...], total: int,
                    this_round: int | None) -> None:
        """Paint a seat panel: its name row (symbol, name, tags; the total and the round's score at the right),
        then its line (empty where a card is flying)."""
        t, tc = self.ctx.texts, self.ctx.tc
        rect = RAT.seat(seat, players)
        colour = parse_colour(colour_text)
        shown = colour if connected and not out else grey_out(colour)
        if is_turn:
            pygame.draw.rect(canvas, shown, rect.inflate(18, 18), border_radius=26)
        panel(canvas, rect, (30, 34, 36) if out or not connected else PANEL, shown,
              6 if is_turn or looking else 3, 20)
        row_y = rect.top + NAME_ROW // 2 + 1
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
        for p, card in enumerate(cards, start=1):
            spot = RAT.card(seat, players, p)
            if card is _FLYING:
                pygame.draw.rect(canvas, INK_DIM, spot, 2, border_radius=10)
            else:
                self.cards.paint(canvas, card, spot)


EARLIER = (214, 224, 216)  # the story's earlier lines: dimmer than the news, AA on the lightest felt
_FLYING = "flying"  # a line's slot a card is on its way to: an outline until it lands


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


def _seat_area(seat: int, players: int) -> pygame.Rect:
    """Return where a seat panel (with the turn's glow) may paint."""
    return RAT.seat(seat, players).inflate(18, 18)


# ------------------------------------------------------------------ the score screen


class RatDetail(ResultsDetail):
    """The rounds played and each seat's best (lowest) round; eliminated seats marked by their name.

    The rules break no tie: seats of equal total share their place (no `tie_key`).
    """

    def columns(self, texts: Callable[..., str]) -> list[str]:
        """Return the 'Rounds' and 'Best' headings."""
        return [texts("tv.results.rounds"), texts("tv.results.best")]

    def cells(self, detail: dict[str, Any], seat: int) -> list[str]:
        """Return the seat's round scores (the last three, 'a·b·c') and its lowest round."""
        mine = _rounds_of(detail, seat)
        shown = "·".join(number(v) for v in mine[-3:])
        return [("…" if len(mine) > 3 else "") + shown, number(min(mine)) if mine else "–"]

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

SCREENS = GameScreens(table_scene=RatTableScene, detail=RatDetail(),
                      private_view_keys=PRIVATE_VIEW_KEYS, private_event_types=PRIVATE_EVENT_TYPES,
                      check_view=check_view, prepare=prepare, howto_insets=HOWTO_INSETS)


__all__ = ["CARD_TEXT_PAIRS", "FACES", "RatCards", "RatTableScene", "SCREENS", "cards_for"]
