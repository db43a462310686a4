"""Lone High on the TV: one panel per seat (picked or not, its total, its card of the last round shown) and the
round's headline, all from the public view; its part of the score screen. No animations (the platform's default
Animator); its texts are its locale files (controller_web/js/games/lone-high/locales/)."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.games import GameScreens, ResultsDetail
from game.tv.i18n import number
from game.tv.render import GOLD, INK, INK_DIM, PANEL, draw_symbol, panel, parse_colour, shadow_text
from game.tv.scenes.base import Part, TableScene

HEAD = pygame.Rect(layout.SAFE.left, layout.SAFE.top, layout.SAFE.width, 90)
NEWS = pygame.Rect(layout.SAFE.left, layout.SAFE.bottom - 90, layout.SAFE.width, 80)


def seat_rect(seat: int, players: int) -> pygame.Rect:
    """Return seat's panel: three a row, two rows under the headline."""
    cols = 3
    w, h = (layout.SAFE.width - 2 * 40) // cols, 300
    return pygame.Rect(layout.SAFE.left + (seat % cols) * (w + 40), HEAD.bottom + 60 + (seat // cols) * (h + 50), w, h)


class LoneTableScene(TableScene):
    """The table while a game of Lone High runs: drawn from the public view only."""

    def rest_parts(self) -> list[Part]:
        view = self.ctx.model.view
        if not view:
            return []
        t = self.ctx.texts
        history = view.get("history") or []
        parts = [Part(HEAD, self._paint_head, (t("lh.round", n=view.get("round"), of=view.get("rounds")),
                                               t("tv.lh.everyone")))]
        last = history[-1] if history else None
        if last is not None:
            scorer = _lone_seat(last)
            news = (t("tv.lh.nobody") if scorer is None
                    else t("tv.lh.scored", name=self.ctx.model.name(scorer), n=number(last[scorer])))
            parts.append(Part(NEWS, self._paint_news, (news,)))
        players = int(view.get("players") or 0)
        for seat in range(players):
            info = self.ctx.model.seat_info(seat)
            parts.append(Part(seat_rect(seat, players), self._paint_seat, (
                seat, players, self.ctx.model.name(seat), str(info.get("colour", "")), str(info.get("symbol", "circle")),
                bool((view.get("picked") or [False] * players)[seat]), int((view.get("totals") or [0] * players)[seat]),
                None if last is None else last[seat], tuple(self.seat_tags(seat, info)))))
        return parts

    def _paint_head(self, canvas: pygame.Surface, round_text: str, ask: str) -> None:
        self.ctx.tc.blit(canvas, round_text, layout.TEXT_LARGE, INK, midleft=(HEAD.left, HEAD.centery))
        shadow_text(self.ctx.tc, canvas, ask, layout.TEXT_LARGE, GOLD, center=HEAD.center)

    def _paint_news(self, canvas: pygame.Surface, news: str) -> None:
        shadow_text(self.ctx.tc, canvas, news, layout.TEXT_LARGE, INK, max_width=NEWS.width, center=NEWS.center)

    def _paint_seat(self, canvas: pygame.Surface, seat: int, players: int, name: str, colour_text: str, symbol: str,
                    picked: bool, total: int, last: int | None, tags: tuple[tuple[str, Any], ...]) -> None:
        t, tc = self.ctx.texts, self.ctx.tc
        rect = seat_rect(seat, players)
        colour = parse_colour(colour_text)
        panel(canvas, rect, PANEL, colour, 6 if picked else 3, 20)
        draw_symbol(canvas, symbol, (rect.left + 36, rect.top + 36), 40, colour)
        r = tc.blit(canvas, name, layout.TEXT_LARGE, INK, max_width=rect.width - 200, midleft=(rect.left + 70, rect.top + 36))
        self.draw_tags(canvas, list(tags), r.right + 14, rect.top + 38, 12)
        tc.blit(canvas, t("lh.ready") if picked else t("lh.thinking"), layout.TEXT_BODY, GOLD if picked else INK_DIM,
                midleft=(rect.left + 24, rect.top + 110))
        if last is not None:
            card = pygame.Rect(rect.right - 130, rect.top + 80, 100, 140)
            panel(canvas, card, (245, 241, 230), colour, 4, 12)
            tc.blit(canvas, number(last), layout.TEXT_HUGE, (30, 30, 36), center=card.center)
        tc.blit(canvas, t("lh.total", n=number(total)), layout.TEXT_LARGE, INK, midleft=(rect.left + 24, rect.bottom - 44))


def _lone_seat(picks: list[int]) -> int | None:
    lone = [c for c in picks if picks.count(c) == 1]
    return picks.index(max(lone)) if lone else None


class LoneDetail(ResultsDetail):
    """The score screen's column: how many rounds each seat won with a lone card."""

    def columns(self, texts: Callable[..., str]) -> list[str]:
        return [texts("lh.over.lone")]

    def cells(self, detail: dict[str, Any], seat: int) -> list[str]:
        lone = detail.get("lone") or []
        return [number(int(lone[seat]) if 0 <= seat < len(lone) else 0)]


def check_view(view: dict[str, Any]) -> str | None:
    """Return why a view is not public (a hand or this round's pick in it), else None."""
    return "a seat's hand is shown" if "hand" in view or "my_pick" in view else None


SCREENS = GameScreens(table_scene=LoneTableScene, detail=LoneDetail(),
                      private_view_keys=frozenset({"hand", "my_pick", "legal"}),
                      private_event_types=frozenset({"my_pick"}), check_view=check_view)
"""The TV screens of this game."""
