"""The Cat in the Sack table: mouse cards, the row, bids and seats, drawn from the public view only."""

from __future__ import annotations

from typing import Any

import pygame

from game.tv import layout
from game.tv.i18n import number
from game.tv.render import (GOLD, GREY, INK, INK_DARK, INK_DIM, PANEL, draw_coins, draw_symbol, grey_out,
                            ink_on, panel, parse_colour, shadow_text)
from game.tv.scenes.base import Context, TableScene, draw_toast
from game.tv.scenes.sack_anim import SackAnimator, row_len_for
from game.tv.scenes.sack_layout import CARD_SIZE, MOUSE_CARD_SIZE, SACK

MINI_CARD = (60, 84)
MARKER_SIZE = (58, 80)


class SackTableScene(TableScene):
    """The table while a Cat in the Sack game runs; animations come from the update's events."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.anim = SackAnimator(ctx.texts, ctx.model.name)

    def on_update(self, update: dict[str, Any]) -> None:
        """Schedule the animations of the update's events; keep the away hint and the turn timer."""
        self.anim.absorb(update, self.ctx.model.previous)
        self.track_table(update)

    # ---------------------------------------------------------------- drawing (reads only)

    def rest_state(self) -> Any:
        """Return what the animations take off the resting table: the row, row cards, the start marker."""
        return self.anim.rest_state()

    def draw_rest(self, canvas: pygame.Surface) -> None:
        """Paint the table from the latest public view (what the animations carry left out)."""
        ctx = self.ctx
        ctx.background(canvas)
        view = ctx.model.view
        if not view:
            return
        players = int(view.get("players") or 0)
        self._draw_header(canvas, view)
        self._draw_mouse_cards(canvas, view)
        self._draw_row(canvas, view)
        for seat in range(players):
            self._draw_bid(canvas, view, seat, players)
            self._draw_seat(canvas, view, seat, players)

    def draw_moving(self, canvas: pygame.Surface) -> None:
        """Paint the bid totals (they swell when made), the animations, the news line and the toast."""
        ctx = self.ctx
        view = ctx.model.view
        if view:
            players = int(view.get("players") or 0)
            for seat in range(players):
                self._draw_bid_total(canvas, view, seat, players)
        self.anim.draw(canvas, ctx.art, ctx.tc, self._draw_marker_at)
        if self.anim.news:
            shadow_text(ctx.tc, canvas, self.anim.news, layout.TEXT_LARGE, INK, max_width=SACK.news.width,
                        center=SACK.news.center)
        draw_toast(ctx, canvas)

    def _draw_header(self, canvas: pygame.Surface, view: dict[str, Any]) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        panel(canvas, SACK.round_label, PANEL, INK_DIM, 2)
        tc.blit(canvas, t("round", n=view.get("round"), total=view.get("rounds")), layout.TEXT_LARGE, INK,
                max_width=SACK.round_label.width - 30, center=SACK.round_label.center)
        panel(canvas, SACK.bank, PANEL, INK_DIM, 2)
        tc.blit(canvas, t("bank", n=view.get("bank")), layout.TEXT_LARGE, GOLD,
                max_width=SACK.bank.width - 30, center=SACK.bank.center)
        phase = view.get("phase")
        banner = SACK.turn_banner
        turn = view.get("turn")
        if phase in ("auction", "offer") and isinstance(turn, int):
            info = ctx.model.seat_info(turn)
            colour = parse_colour(info.get("colour"))
            ink = ink_on(colour)  # dark on a light seat colour, light on a dark one: always AA
            pygame.draw.rect(canvas, colour, banner, border_radius=22)
            pygame.draw.rect(canvas, (0, 0, 0), banner, 4, border_radius=22)
            draw_symbol(canvas, str(info.get("symbol")), (banner.left + 50, banner.centery), 52, INK, INK_DARK)
            key = "turn.offer" if phase == "offer" else "turn.bid"
            text = t(key, name=ctx.model.name(turn))
            room = banner.width - 120 - (130 if self.timer_left is not None else 0)
            tc.blit(canvas, text, layout.TEXT_HUGE, ink, max_width=room,
                    midleft=(banner.left + 96, banner.centery))
            if self.timer_left is not None:
                tc.blit(canvas, t("seconds", n=int(self.timer_left + 0.999)), layout.TEXT_LARGE,
                        ink, midright=(banner.right - 24, banner.centery))
        else:
            panel(canvas, banner, PANEL, INK_DIM, 2, 22)
            text = t("turn.over") if phase == "over" else t("turn.choose")
            tc.blit(canvas, text, layout.TEXT_LARGE, INK, max_width=banner.width - 40, center=banner.center)

    def _draw_mouse_cards(self, canvas: pygame.Surface, view: dict[str, Any]) -> None:
        ctx = self.ctx
        cards = view.get("mouse_cards") or ()
        for i, (value, mice) in enumerate(cards):
            rect = SACK.mouse_card(i, len(cards))
            canvas.blit(ctx.art.mouse_card(int(value), MOUSE_CARD_SIZE), rect)  # the card's value is its label
            # what lies on the card: a pile of mice on a dark tray, counted in light ink ('×4', as on the phones)
            tray = SACK.mouse_pile(i, len(cards))
            panel(canvas, tray, INK_DARK, GOLD if mice else GREY, 3, 14)
            count = ctx.tc.render(f"×{int(mice)}", layout.TEXT_LARGE, INK if mice else INK_DIM)
            canvas.blit(count, count.get_rect(midright=(tray.right - 14, tray.centery)))
            if mice:
                coins = pygame.Rect(tray.left + 8, tray.top + 4, tray.width - count.get_width() - 36, tray.height - 6)
                draw_coins(canvas, ctx.tc, ctx.art.coin(12), int(mice), coins, label_size=0)

    def _draw_row(self, canvas: pygame.Surface, view: dict[str, Any]) -> None:
        ctx = self.ctx
        row = view.get("row") or ()
        n = row_len_for(view)
        sack_slot = SACK.row_slot(0, n)
        canvas.blit(ctx.art.face("sack", CARD_SIZE), sack_slot)
        neutral = int(view.get("neutral_left") or 0)
        if int(view.get("players") or 0) == 3:  # the neutral deck lies under the sack card (F-SETUP-3)
            badge = pygame.Rect(0, 0, 84, 52)
            badge.midbottom = (sack_slot.centerx, sack_slot.bottom + 20)
            panel(canvas, badge, INK_DARK, INK_DIM, 2, 14)
            ctx.tc.blit(canvas, f"×{neutral}", layout.TEXT_BODY, INK, center=badge.center)
        if self.anim.hides_row():
            return
        for i in range(n):
            slot = SACK.row_slot(i + 1, n)
            if i >= len(row):
                if view.get("phase") != "over":  # where the chosen cards will lie; after the last round, nothing
                    pygame.draw.rect(canvas, (255, 255, 255), slot, 3, border_radius=16)
                continue
            rc = row[i]
            if self.anim.hides_slot(i):
                continue
            card = rc.get("card") if rc.get("face_up") else None
            canvas.blit(ctx.art.face(card if card is not None else "back", CARD_SIZE), slot)
            owner = rc.get("owner")
            if isinstance(owner, int):
                info = ctx.model.seat_info(owner)
                spot = (slot.centerx, slot.bottom)
                pygame.draw.circle(canvas, INK_DARK, spot, 24)
                draw_symbol(canvas, str(info.get("symbol")), spot, 34, parse_colour(info.get("colour")))

    def _draw_bid(self, canvas: pygame.Surface, view: dict[str, Any], seat: int, players: int) -> None:
        """Draw seat's bid, 'passed', or its choice on the tab joined to the top of its own panel."""
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        spot = SACK.bid_spot(seat, players)
        info = (view.get("seats") or ())[seat] if seat < len(view.get("seats") or ()) else {}
        phase = view.get("phase")
        colour = parse_colour(ctx.model.seat_info(seat).get("colour"))
        inside = spot.inflate(0, -18).move(0, -9)  # the part above the panel's top border
        if phase == "choose":
            panel(canvas, spot, PANEL, colour, 3, 18)
            if info.get("chosen"):
                mini = ctx.art.face("back", MINI_CARD)
                canvas.blit(mini, mini.get_rect(midleft=(inside.left + 14, inside.centery)))
                tc.blit(canvas, t("chosen"), layout.TEXT_SMALL, INK, max_width=inside.width - MINI_CARD[0] - 40,
                        midleft=(inside.left + MINI_CARD[0] + 28, inside.centery))
            else:
                tc.blit(canvas, t("choosing"), layout.TEXT_SMALL, INK_DIM, max_width=inside.width - 20,
                        center=inside.center)
            return
        if info.get("passed"):
            panel(canvas, spot, (50, 56, 58), GREY, 3, 18)
            tc.blit(canvas, t("passed"), layout.TEXT_BODY, INK, max_width=inside.width - 20, center=inside.center)
            return
        amount = int(info.get("bid") or 0)
        if amount:
            panel(canvas, spot, PANEL, colour, 3, 18)
            draw_coins(canvas, tc, ctx.art.coin(15), amount, SACK.bid_coins(seat, players), label_size=0)

    def _draw_bid_total(self, canvas: pygame.Surface, view: dict[str, Any], seat: int, players: int) -> None:
        """Write seat's bid total on its tab, swollen while the bid pops (drawn over the resting table)."""
        seats = view.get("seats") or ()
        info = seats[seat] if seat < len(seats) else {}
        amount = int(info.get("bid") or 0)
        if view.get("phase") == "choose" or info.get("passed") or not amount:
            return
        leading = amount >= int(view.get("highest_bid") or 0)  # gold for the bid to beat, dim once outbid
        size = layout.TEXT_HUGE + 8 * round(4 * (self.anim.pop_scale(seat) - 1))
        shadow_text(self.ctx.tc, canvas, str(amount), size, GOLD if leading else INK_DIM,
                    center=SACK.bid_label(seat, players).center)

    def _draw_seat(self, canvas: pygame.Surface, view: dict[str, Any], seat: int, players: int) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        rect = SACK.seat(seat, players)
        info = ctx.model.seat_info(seat)
        vseat = (view.get("seats") or ())[seat] if seat < len(view.get("seats") or ()) else {}
        connected = info.get("connected", True)
        colour = parse_colour(info.get("colour"))
        shown = colour if connected else grey_out(colour)
        phase = view.get("phase")
        is_turn = phase in ("auction", "offer") and view.get("turn") == seat
        waiting = phase == "choose" and seat in (view.get("waiting_for") or ())
        if is_turn:
            pygame.draw.rect(canvas, shown, rect.inflate(22, 22), border_radius=26)
        panel(canvas, rect, (30, 34, 36) if not connected else PANEL, shown, 6 if (is_turn or waiting) else 3, 20)
        draw_symbol(canvas, str(info.get("symbol")), (rect.left + 38, rect.top + 40), 46, shown)
        name_col = INK if connected else GREY
        tc.blit(canvas, str(info.get("name", "")), layout.TEXT_LARGE, name_col, max_width=rect.width - 84,
                midleft=(rect.left + 72, rect.top + 40))
        self.draw_tags(canvas, self.seat_tags(seat, info), rect.left + 20, rect.top + 92, 16)
        # won cards: the count always, the values only with open piles (F-SECRET-2)
        won = int(vseat.get("won_count") or 0)
        won_cards = vseat.get("won_cards")
        base_y = rect.bottom - 12  # low enough that the stacked cards leave the 'bot'/'away' tag readable
        mini = ctx.art.face("back", MINI_CARD)
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
        if seat == view.get("start_player") and not self.anim.moving_marker():
            self._draw_marker_at(canvas, SACK.marker(seat, players))

    def _draw_marker_at(self, canvas: pygame.Surface, center: tuple[float, float]) -> None:
        """Draw the start-player marker (a little sack with 'start' under it) at `center`."""
        ctx = self.ctx
        face = ctx.art.face("sack", MARKER_SIZE)
        rect = face.get_rect(center=(int(center[0]), int(center[1]) - 8))
        canvas.blit(face, rect)
        ctx.tc.blit(canvas, ctx.texts("start"), layout.TEXT_SMALL, GOLD, midtop=(rect.centerx, rect.bottom - 4))
