"""The Cat in the Sack table: mouse cards, the row, bids and seats, drawn from the public view only."""

from __future__ import annotations

from typing import Any

import pygame

from game.tv import layout
from game.tv.i18n import number
from game.tv.render import (GOLD, GREY, INK, INK_DARK, INK_DIM, PANEL, draw_symbol, grey_out,
                            ink_on, panel, parse_colour, shadow_text)
from game.tv.scenes.base import Context, Part, TableScene, draw_toast
from game.tv.games.cat_in_the_sack.cards import draw_coins, sack_art
from game.tv.games.cat_in_the_sack.anim import SackAnimator, row_len_for
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE, MOUSE_CARD_SIZE, SACK
from game.tv.games.cat_in_the_sack.moment import (FACTS_RECT, PANEL_RECT, SENTENCE_RECT, MomentPainter, Plan, facts,
                                                  plan_of, row_slots, sentence, tray_spot)
from game.tv.games.cat_in_the_sack.sounds import BARK, MEOW

MINI_CARD = (60, 84)
MARKER_SIZE = (58, 80)


class SackTableScene(TableScene):
    """The table while a Cat in the Sack game runs; animations come from the update's events."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.art = sack_art(ctx)
        self.anim: SackAnimator = SackAnimator(ctx.texts, ctx.model.name, self.art, ctx.tc, self._draw_marker_at)
        self.painter = MomentPainter(self.art, ctx.texts, ctx.tc)
        self.plan: Plan | None = None  # the moment on show, read from its events (moment.py)
        self._sounded: tuple[int, int] | None = None  # the moment's step whose sound was played

    # ---------------------------------------------------------------- the moment (a round's outcome)

    def on_update(self, update: dict[str, Any]) -> None:
        """Start the update's animations and follow its moment (read once into a plan)."""
        super().on_update(update)
        if self.moment is None:
            self.plan = None
        elif self.plan is None or self.plan.since != self.moment.get("since"):
            self.plan = plan_of(self.moment)
            if self.plan is not None:  # the facts of its last step are written now, not in the middle of it
                self.painter.chip_texts(self._chips(self.plan, True))

    def moment_step(self) -> tuple[Plan, int, str, int, float] | None:
        """Return the moment's plan and its step now: (plan, step number, name, chase index, progress), or None."""
        plan = self.plan
        if plan is None or not self.in_moment:
            return None
        return (plan, *plan.phase_at(self.moment_elapsed()))

    def _step_key(self) -> tuple[int, int] | None:
        step = self.moment_step()
        return None if step is None else (step[0].since, step[1])

    def update(self, dt: float) -> None:
        """Advance the animations and timers; bark as a dog's chase starts, meow as the sack is taken."""
        super().update(dt)
        step = self.moment_step()
        key = self._step_key()
        if step is not None and key != self._sounded:
            self._sounded = key
            name = step[2]
            if name == "chase":
                self.ctx.play(BARK)
            elif name == "takes":
                self.ctx.play(MEOW if step[0].value >= 0 else BARK)

    @property
    def animating(self) -> bool:  # type: ignore[override]
        """Return True while the animations play or a dog's chase moves."""
        step = self.moment_step()
        return bool(self.anim.running) or (step is not None and step[2] == "chase")

    def frame_key(self) -> Any:
        """Return the platform's frame key and the moment's step (a new step: a frame)."""
        return super().frame_key(), self._step_key()

    def next_change(self) -> float:
        """Return the seconds until a countdown's second drops or the moment's next step starts."""
        step = self.moment_step()
        later = super().next_change()
        if step is None:
            return later
        return min(later, step[0].next_step_in(self.moment_elapsed()) + 1e-3)

    def rest_state(self) -> Any:
        """Return what the resting table leaves to the animations, and the moment's step."""
        return self.anim.rest_state(), self._step_key()

    def _moment_parts(self, step: tuple[Plan, int, str, int, float]) -> list[Part]:
        """Return the moment panel's parts at this step: panel, sentence, the row's places, the tray, the facts."""
        plan, n, name, chase_index, _ = step
        ctx, painter = self.ctx, self.painter
        parts = [Part(PANEL_RECT, painter.paint_panel, (plan.kind,)),
                 Part(SENTENCE_RECT, painter.paint_sentence, (sentence(ctx.texts, ctx.model.name, plan),))]
        slots, tray = row_slots(plan)
        out = plan.gone[:plan.out_count(n)]
        moving: set[int] = set()
        if name == "chase":
            c = plan.chases[chase_index]
            moving = set(c.dogs) | ({c.chased} if c.chased is not None else set())
        for i, (card, rect) in enumerate(zip(plan.cards, slots)):
            if i in out or i in moving:
                look = "empty"
            elif name == "void":
                look = "gone"
            elif name == "takes" and i in plan.kept:
                look = "kept"
            else:
                look = "face"
            parts.append(Part(rect.inflate(12, 12), painter.paint_card, (i, rect, card, look)))
        if tray is not None:
            parts.append(Part(tray, painter.paint_tray, (tray, tuple((plan.cards[g], tray_spot(plan, tray, g))
                                                                     for g in out))))
        if name == "void" and slots:
            row = slots[0].unionall(slots)
            parts.append(Part(painter.void_stamp_rect(row), painter.paint_void_stamp, (row,)))
        parts.append(Part(FACTS_RECT, painter.paint_facts, (self._chips(plan, name == "takes"),)))
        return parts

    def _chips(self, plan: Plan, takes: bool) -> tuple[tuple[str, tuple[int, int, int] | None], ...]:
        """Return the moment's facts, each with its seat's colour (None: no seat's)."""
        ctx = self.ctx
        return tuple((text, None if seat is None else parse_colour(ctx.model.seat_info(seat).get("colour")))
                     for text, seat in facts(ctx.texts, ctx.model.name, plan, takes))

    # ---------------------------------------------------------------- drawing (reads only)

    def rest_parts(self) -> list[Part]:
        """Return the resting table's parts: header, mouse cards, the row, each seat with its bid tab."""
        view = self.ctx.model.view
        if not view:
            return []
        model = self.ctx.model
        players = int(view.get("players") or 0)
        phase, turn = view.get("phase"), view.get("turn")
        parts = [Part(SACK.round_label, self._paint_round, (view.get("round"), view.get("rounds"))),
                 Part(SACK.bank, self._paint_bank, (view.get("bank"),))]
        if phase in ("auction", "offer") and isinstance(turn, int):
            info = model.seat_info(turn)
            seconds = None if self.timer_left is None else int(self.timer_left + 0.999)
            banner = (phase, model.name(turn), str(info.get("colour")), str(info.get("symbol")), seconds)
        else:
            banner = (phase, None, None, None, None)
        parts.append(Part(SACK.turn_banner, self._paint_banner, banner))
        step = self.moment_step()
        if step is not None:  # the round's outcome over the mouse cards and the row (they show the next round)
            parts += self._moment_parts(step)
            for seat in range(players):
                parts.append(Part(_seat_area(seat, players), self._paint_seat,
                                  (seat, players, *self._seat_look(view, seat))))
            return parts
        cards = view.get("mouse_cards") or ()
        for i, (value, mice) in enumerate(cards):
            parts.append(Part(SACK.mouse_card(i, len(cards)), self._paint_mouse_card,
                              (i, len(cards), int(value), int(mice))))
        n = row_len_for(view)
        parts.append(Part(_sack_area(n), self._paint_sack_slot, (n, players == 3, int(view.get("neutral_left") or 0))))
        if not self.anim.hides_row():
            row = view.get("row") or ()
            for i in range(n):
                parts.append(Part(_slot_area(i, n), self._paint_row_card, (i, n, self._row_card(view, row, i))))
        for seat in range(players):
            parts.append(Part(_seat_area(seat, players), self._paint_seat,
                              (seat, players, *self._seat_look(view, seat))))
        return parts

    def _row_card(self, view: dict[str, Any], row: Any, i: int) -> tuple[Any, ...] | None:
        """Return how row slot i looks at rest: ('outline',), (face, owner symbol, owner colour) or None."""
        if i >= len(row):
            return ("outline",) if view.get("phase") != "over" else None  # after the last round, nothing
        if self.anim.hides_slot(i):
            return None
        rc = row[i]
        card = rc.get("card") if rc.get("face_up") else None
        owner = rc.get("owner")
        if not isinstance(owner, int):
            return (card if card is not None else "back", None, None)
        info = self.ctx.model.seat_info(owner)
        return (card if card is not None else "back", str(info.get("symbol")), str(info.get("colour")))

    def _seat_look(self, view: dict[str, Any], seat: int) -> tuple[Any, ...]:
        """Return all a seat's panel and bid tab show: bid, name, colour, tags, turn, won cards, start marker."""
        info = self.ctx.model.seat_info(seat)
        seats = view.get("seats") or ()
        vseat = seats[seat] if seat < len(seats) else {}
        phase = view.get("phase")
        bid = ("choose", bool(vseat.get("chosen"))) if phase == "choose" else \
            ("passed",) if vseat.get("passed") else ("bid", int(vseat.get("bid") or 0))
        is_turn = phase in ("auction", "offer") and view.get("turn") == seat
        waiting = phase == "choose" and seat in (view.get("waiting_for") or ())
        marker = seat == view.get("start_player") and not self.anim.moving_marker()
        return (bid, str(info.get("name", "")), str(info.get("colour")), str(info.get("symbol")),
                bool(info.get("connected", True)), tuple(self.seat_tags(seat, info)), is_turn, waiting,
                int(vseat.get("won_count") or 0), tuple(vseat.get("won_cards") or ()), marker)

    def draw_moving(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Paint the bid totals (they swell when made), the animations, the news line and the toast; return where."""
        ctx = self.ctx
        view = ctx.model.view
        painted: list[pygame.Rect | None] = []
        if view:
            players = int(view.get("players") or 0)
            painted += [self._draw_bid_total(canvas, view, seat, players) for seat in range(players)]
        step = self.moment_step()
        painted += self.anim.draw(canvas, row=step is None)  # cards laid during a moment would cross its panel
        if step is not None:
            if step[2] == "chase":
                painted += self.painter.draw_moving(canvas, step[0], step[3], step[4])
        elif self.anim.news:
            painted.append(shadow_text(ctx.tc, canvas, self.anim.news, layout.TEXT_LARGE, INK,
                                       max_width=SACK.news.width, center=SACK.news.center))
        painted.append(draw_toast(ctx, canvas))
        return [r for r in painted if r is not None]

    def _paint_round(self, canvas: pygame.Surface, round_no: Any, rounds: Any) -> None:
        panel(canvas, SACK.round_label, PANEL, INK_DIM, 2)
        self.ctx.tc.blit(canvas, self.ctx.texts("head.round", n=round_no, total=rounds), layout.TEXT_LARGE, INK,
                         max_width=SACK.round_label.width - 30, center=SACK.round_label.center)

    def _paint_bank(self, canvas: pygame.Surface, bank: Any) -> None:
        panel(canvas, SACK.bank, PANEL, INK_DIM, 2)
        self.ctx.tc.blit(canvas, self.ctx.texts("tv.bank", n=bank), layout.TEXT_LARGE, GOLD,
                         max_width=SACK.bank.width - 30, center=SACK.bank.center)

    def _paint_banner(self, canvas: pygame.Surface, phase: Any, name: str | None, colour_text: str | None,
                      symbol: str | None, seconds: int | None) -> None:
        """Paint whose turn it is on their colour (with the timer's seconds), or what everyone does."""
        t, tc, banner = self.ctx.texts, self.ctx.tc, SACK.turn_banner
        if name is not None:
            colour = parse_colour(colour_text)
            ink = ink_on(colour)  # dark on a light seat colour, light on a dark one: always AA
            pygame.draw.rect(canvas, colour, banner, border_radius=22)
            pygame.draw.rect(canvas, (0, 0, 0), banner, 4, border_radius=22)
            draw_symbol(canvas, str(symbol), (banner.left + 50, banner.centery), 52, INK, INK_DARK)
            key = "tv.turn.offer" if phase == "offer" else "tv.turn.bid"
            room = banner.width - 120 - (130 if seconds is not None else 0)
            tc.blit(canvas, t(key, name=name), layout.TEXT_HUGE, ink, max_width=room,
                    midleft=(banner.left + 96, banner.centery))
            if seconds is not None:
                tc.blit(canvas, t("timer.seconds", s=seconds), layout.TEXT_LARGE, ink,
                        midright=(banner.right - 24, banner.centery))
        else:
            panel(canvas, banner, PANEL, INK_DIM, 2, 22)
            text = t("tv.turn.over") if phase == "over" else t("tv.turn.choose")
            tc.blit(canvas, text, layout.TEXT_LARGE, INK, max_width=banner.width - 40, center=banner.center)

    def _paint_mouse_card(self, canvas: pygame.Surface, i: int, count: int, value: int, mice: int) -> None:
        ctx = self.ctx
        rect = SACK.mouse_card(i, count)
        canvas.blit(self.art.mouse_card(value, MOUSE_CARD_SIZE), rect)  # the card's value is its label
        # what lies on the card: a pile of mice on a dark tray, counted in light ink ('×4', as on the phones)
        tray = SACK.mouse_pile(i, count)
        panel(canvas, tray, INK_DARK, GOLD if mice else GREY, 3, 14)
        label = ctx.tc.render(f"×{mice}", layout.TEXT_LARGE, INK if mice else INK_DIM)
        canvas.blit(label, label.get_rect(midright=(tray.right - 14, tray.centery)))
        if mice:
            coins = pygame.Rect(tray.left + 8, tray.top + 4, tray.width - label.get_width() - 36, tray.height - 6)
            draw_coins(canvas, ctx.tc, self.art.coin(12), mice, coins, label_size=0)

    def _paint_sack_slot(self, canvas: pygame.Surface, n: int, three: bool, neutral: int) -> None:
        """Paint the cat-in-the-sack card at the row's head, and at three players the neutral deck's count."""
        ctx = self.ctx
        sack_slot = SACK.row_slot(0, n)
        canvas.blit(self.art.face("sack", CARD_SIZE), sack_slot)
        if three:  # the neutral deck lies under the sack card (F-SETUP-3)
            badge = _neutral_badge(sack_slot)
            panel(canvas, badge, INK_DARK, INK_DIM, 2, 14)
            ctx.tc.blit(canvas, f"×{neutral}", layout.TEXT_BODY, INK, center=badge.center)

    def _paint_row_card(self, canvas: pygame.Surface, i: int, n: int, look: tuple[Any, ...] | None) -> None:
        """Paint row slot i: where a chosen card will lie, or its card (face or back) with its owner's symbol."""
        slot = SACK.row_slot(i + 1, n)
        if look is None:
            return
        if look == ("outline",):
            pygame.draw.rect(canvas, (255, 255, 255), slot, 3, border_radius=16)
            return
        face, symbol, colour = look
        canvas.blit(self.art.face(face, CARD_SIZE), slot)
        if symbol is not None:
            spot = (slot.centerx, slot.bottom)
            pygame.draw.circle(canvas, INK_DARK, spot, OWNER_SPOT)
            draw_symbol(canvas, symbol, spot, 34, parse_colour(colour))

    def _paint_seat(self, canvas: pygame.Surface, seat: int, players: int, bid: tuple[Any, ...], name: str,
                    colour_text: str, symbol: str, connected: bool, tags: tuple[tuple[str, Any], ...],
                    is_turn: bool, waiting: bool, won: int, won_cards: tuple[Any, ...], marker: bool) -> None:
        """Paint seat's bid tab (its bid, 'passed' or its choice) and then its panel joined under it."""
        tc = self.ctx.tc
        colour = parse_colour(colour_text)
        self._paint_bid(canvas, seat, players, bid, colour)
        rect = SACK.seat(seat, players)
        shown = colour if connected else grey_out(colour)
        if is_turn:
            pygame.draw.rect(canvas, shown, rect.inflate(22, 22), border_radius=26)
        panel(canvas, rect, (30, 34, 36) if not connected else PANEL, shown, 6 if (is_turn or waiting) else 3, 20)
        draw_symbol(canvas, symbol, (rect.left + 38, rect.top + 40), 46, shown)
        tc.blit(canvas, name, layout.TEXT_LARGE, INK if connected else GREY, max_width=rect.width - 84,
                midleft=(rect.left + 72, rect.top + 40))
        self.draw_tags(canvas, list(tags), rect.left + 20, rect.top + 92, 16)
        # won cards: the count always, the values only with open piles (F-SECRET-2)
        base_y = rect.bottom - 12  # low enough that the stacked cards leave the 'bot'/'away' tag readable
        mini = self.art.face("back", MINI_CARD)
        slot = mini.get_rect(bottomleft=(rect.left + 18, base_y))
        if won == 0:
            pygame.draw.rect(canvas, INK_DIM, slot, 2, border_radius=6)
        for k in range(min(won, 4)):
            canvas.blit(mini, slot.move(k * 8, -k * 2))
        tc.blit(canvas, f"×{won}", layout.TEXT_LARGE, INK if won else INK_DIM,
                midleft=(slot.right + 34, slot.centery))
        if won_cards:
            text = "  ".join(number(c) if isinstance(c, int) else ("0" if c == "rabbit" else "?") for c in won_cards)
            tc.blit(canvas, text, layout.TEXT_SMALL, GOLD, max_width=rect.width - 110,
                    midright=(rect.right - 14, rect.top + 92))
        if marker:
            self._draw_marker_at(canvas, SACK.marker(seat, players))

    def _paint_bid(self, canvas: pygame.Surface, seat: int, players: int, bid: tuple[Any, ...],
                   colour: tuple[int, int, int]) -> None:
        """Paint seat's bid tab: its choice, 'passed', or its bid's coins (the total is written over the table)."""
        t, tc = self.ctx.texts, self.ctx.tc
        spot = SACK.bid_spot(seat, players)
        inside = spot.inflate(0, -18).move(0, -9)  # the part above the panel's top border
        if bid[0] == "choose":
            panel(canvas, spot, PANEL, colour, 3, 18)
            if bid[1]:
                mini = self.art.face("back", MINI_CARD)
                canvas.blit(mini, mini.get_rect(midleft=(inside.left + 14, inside.centery)))
                tc.blit(canvas, t("seat.chosen"), layout.TEXT_SMALL, INK, max_width=inside.width - MINI_CARD[0] - 40,
                        midleft=(inside.left + MINI_CARD[0] + 28, inside.centery))
            else:
                tc.blit(canvas, t("seat.choosing"), layout.TEXT_SMALL, INK_DIM, max_width=inside.width - 20,
                        center=inside.center)
        elif bid[0] == "passed":
            panel(canvas, spot, (50, 56, 58), GREY, 3, 18)
            tc.blit(canvas, t("seat.passed"), layout.TEXT_BODY, INK, max_width=inside.width - 20, center=inside.center)
        elif bid[1]:
            panel(canvas, spot, PANEL, colour, 3, 18)
            draw_coins(canvas, tc, self.art.coin(15), bid[1], SACK.bid_coins(seat, players), label_size=0)

    def _draw_bid_total(self, canvas: pygame.Surface, view: dict[str, Any], seat: int,
                        players: int) -> pygame.Rect | None:
        """Write seat's bid total on its tab, swollen while the bid pops (over the resting table); return where."""
        seats = view.get("seats") or ()
        info = seats[seat] if seat < len(seats) else {}
        amount = int(info.get("bid") or 0)
        if view.get("phase") == "choose" or info.get("passed") or not amount:
            return None
        leading = amount >= int(view.get("highest_bid") or 0)  # gold for the bid to beat, dim once outbid
        size = layout.TEXT_HUGE + 8 * round(4 * (self.anim.pop_scale(seat) - 1))
        return shadow_text(self.ctx.tc, canvas, str(amount), size, GOLD if leading else INK_DIM,
                           center=SACK.bid_label(seat, players).center)

    def _draw_marker_at(self, canvas: pygame.Surface, center: tuple[float, float]) -> pygame.Rect:
        """Draw the start-player marker (a little sack with 'start' under it) at `center`; return where."""
        ctx = self.ctx
        face = self.art.face("sack", MARKER_SIZE)
        rect = face.get_rect(center=(int(center[0]), int(center[1]) - 8))
        canvas.blit(face, rect)
        label = ctx.tc.blit(canvas, ctx.texts("seat.start"), layout.TEXT_SMALL, GOLD,
                            midtop=(rect.centerx, rect.bottom - 4))
        return rect.union(label)


OWNER_SPOT = 24  # the radius of the owner's symbol disc on a row card's bottom edge


def _neutral_badge(sack_slot: pygame.Rect) -> pygame.Rect:
    """Return the badge of the neutral deck's count, straddling the sack card's bottom edge."""
    badge = pygame.Rect(0, 0, 84, 52)
    badge.midbottom = (sack_slot.centerx, sack_slot.bottom + 20)
    return badge


def _sack_area(n: int) -> pygame.Rect:
    """Return where the row's head (the sack card and the neutral deck's badge) may paint."""
    slot = SACK.row_slot(0, n)
    return slot.union(_neutral_badge(slot))


def _slot_area(i: int, n: int) -> pygame.Rect:
    """Return where row card i (its outline, its face, its owner's disc) may paint."""
    slot = SACK.row_slot(i + 1, n)
    return slot.union(pygame.Rect(slot.centerx - OWNER_SPOT, slot.bottom - OWNER_SPOT, 2 * OWNER_SPOT, 2 * OWNER_SPOT))


def _seat_area(seat: int, players: int) -> pygame.Rect:
    """Return where a seat (its bid tab, its panel with the turn's glow) may paint."""
    return SACK.bid_spot(seat, players).union(SACK.seat(seat, players).inflate(22, 22))
