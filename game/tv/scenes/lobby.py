"""The lobby: a big join QR code, the URL and code, the players as they arrive, game and options."""

from __future__ import annotations

from typing import Any

import pygame

from game.tv import layout
from game.tv.intents import Intent
from game.tv.layout import LOBBY
from game.tv.qr import qr_surface
from game.tv.render import (GOLD, GREY, INK, INK_DIM, PANEL, WARN, blit_lines, draw_symbol, grey_out, panel,
                            parse_colour, shadow_text)
from game.tv.scenes.base import GAME_IDS, GAME_SEATS, Context, Scene
from game.tv.sound import Sfx

TIMER_STEPS = (0, 30, 60, 120)


class LobbyScene(Scene):
    """Shows how to join and who has joined; Enter/B/Del/G/O/T do what the host phone can."""

    keys_text = "keys.lobby"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._qr: pygame.Surface | None = None
        self._qr_url = ""
        self._seat_count = 0
        self._mascot: pygame.Surface | None = None

    def enter(self) -> None:
        """Make the QR code for the current join URL (once per URL) and the title mascot."""
        if self._qr is None or self._qr_url != self.ctx.join_url:
            self._qr = qr_surface(self.ctx.join_url or "http://127.0.0.1/", LOBBY.qr.width)
            self._qr_url = self.ctx.join_url
        if self._mascot is None:
            self._mascot = self.ctx.art.face("sack", (64, 90))
        self._seat_count = len(self.ctx.model.table.get("seats") or ())

    def on_update(self, update: dict[str, Any]) -> None:
        """Chime when someone sits down."""
        count = len((update.get("table") or {}).get("seats") or ())
        if count > self._seat_count:
            self.ctx.play(Sfx.JOIN)
        self._seat_count = count

    # ---------------------------------------------------------------- intents -> host commands

    def handle(self, intent: Intent) -> None:
        """Turn the host's keys into host commands for the server."""
        table = self.ctx.model.table
        options = table.get("options") or {}
        if intent is Intent.PRIMARY:
            self.ctx.host({"cmd": "start"})
        elif intent is Intent.ADD_BOT:
            self.ctx.host({"cmd": "add_bot", "kind": "heuristic"})
        elif intent is Intent.REMOVE_BOT:
            bots = [s for s in table.get("seats") or () if s.get("bot")]
            if bots:
                self.ctx.host({"cmd": "remove_seat", "seat": bots[-1]["seat"]})
            else:
                self.ctx.toast(self.ctx.texts("no_bot"))
        elif intent is Intent.NEXT_GAME:
            current = table.get("game", GAME_IDS[0])
            if len(GAME_IDS) == 1:
                self.ctx.toast(self.ctx.texts("only_game"))
            else:
                i = GAME_IDS.index(current) if current in GAME_IDS else -1
                self.ctx.host({"cmd": "set_game", "game": GAME_IDS[(i + 1) % len(GAME_IDS)]})
        elif intent is Intent.OPEN_PILES:
            self.ctx.host({"cmd": "set_option", "name": "open_piles", "value": not options.get("open_piles")})
        elif intent is Intent.TURN_TIMER:
            now = options.get("turn_timer", 0)
            nxt = TIMER_STEPS[(TIMER_STEPS.index(now) + 1) % len(TIMER_STEPS)] if now in TIMER_STEPS else 0
            self.ctx.host({"cmd": "set_option", "name": "turn_timer", "value": nxt})

    # ---------------------------------------------------------------- drawing

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the lobby from the latest update."""
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        ctx.background(canvas)
        if self._mascot is not None:
            canvas.blit(self._mascot, self._mascot.get_rect(midleft=(LOBBY.title.left, LOBBY.title.centery)))
        shadow_text(tc, canvas, t("title"), layout.TEXT_TITLE, GOLD,
                    midleft=(LOBBY.title.left + 84, LOBBY.title.centery))
        if ctx.demo:
            tc.blit(canvas, t("demo"), layout.TEXT_BODY, WARN, midright=(LOBBY.title.right, LOBBY.title.centery))
        self._draw_join(canvas)
        self._draw_players(canvas)
        self._draw_settings(canvas)
        panel(canvas, LOBBY.keys, PANEL, None)
        parts = t(self.keys_text).split(" · ")
        half = (len(parts) + 1) // 2
        for k, line in enumerate((" · ".join(parts[:half]), " · ".join(parts[half:]))):
            tc.blit(canvas, line, layout.TEXT_SMALL, INK, max_width=LOBBY.keys.width - 40,
                    center=(LOBBY.keys.centerx, LOBBY.keys.top + 30 + k * 48))

    def _draw_join(self, canvas: pygame.Surface) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        frame = LOBBY.qr.inflate(16, 16)
        pygame.draw.rect(canvas, (255, 255, 255), frame, border_radius=12)
        if self._qr is not None:
            canvas.blit(self._qr, LOBBY.qr)
        tc.blit(canvas, ctx.join_url, layout.TEXT_BODY, INK, max_width=LOBBY.url.width,
                midleft=(LOBBY.url.left, LOBBY.url.centery))
        code = f"{t('code')}: {ctx.join_code or (ctx.model.table.get('join_code') or '')}"
        shadow_text(tc, canvas, code, layout.TEXT_HUGE, GOLD, midleft=(LOBBY.code.left, LOBBY.code.centery))
        blit_lines(tc, canvas, t("join_hint"), layout.TEXT_SMALL, INK, LOBBY.hint)  # light ink: read from the couch
        notes = []
        if ctx.lan_warning:
            notes.append(t("lan_warning"))
        if ctx.port_note:
            notes.append(ctx.port_note)
        if ctx.notice:
            notes.append(ctx.notice)
        if notes:
            blit_lines(tc, canvas, " ".join(notes), layout.TEXT_SMALL, WARN, LOBBY.warning)

    def _draw_players(self, canvas: pygame.Surface) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        table = ctx.model.table
        seats = list(table.get("seats") or ())
        watchers = table.get("watchers") or 0
        title = f"{t('players')} ({len(seats)})"
        shadow_text(tc, canvas, title, layout.TEXT_LARGE, INK,
                    midleft=(LOBBY.players_title.left, LOBBY.players_title.centery))
        if watchers:
            tc.blit(canvas, t("watchers", n=watchers), layout.TEXT_SMALL, INK_DIM,
                    midright=(LOBBY.players_title.right, LOBBY.players_title.centery))
        if not seats:
            row = LOBBY.player_row(0)
            tc.blit(canvas, t("waiting_players"), layout.TEXT_BODY, INK_DIM, midleft=(row.left + 24, row.centery))
            return
        for i, seat in enumerate(seats[:layout.MAX_SEATS]):
            row = LOBBY.player_row(i)
            connected = seat.get("connected", True)
            colour = parse_colour(seat.get("colour"))
            shown = colour if connected else grey_out(colour)
            panel(canvas, row, PANEL, shown, 4, 16)
            draw_symbol(canvas, str(seat.get("symbol")), (row.left + 50, row.centery), 52, shown)
            name_col = INK if connected else GREY
            tc.blit(canvas, str(seat.get("name", "")), layout.TEXT_LARGE, name_col, max_width=row.width - 420,
                    midleft=(row.left + 100, row.centery))
            tags = []
            if seat.get("host"):
                tags.append((t("host"), GOLD))
            if seat.get("bot"):
                kind = str(seat["bot"])
                label = t(f"bot_kind.{kind}")
                tags.append((f"{t('bot')} · {kind if label.startswith('bot_kind.') else label}", INK_DIM))
            if not connected:
                tags.append((t("away"), WARN))
            x = row.right - 24
            for text, col in reversed(tags):
                r = tc.blit(canvas, text, layout.TEXT_SMALL, col, midright=(x, row.centery))
                x = r.left - 24

    def _draw_settings(self, canvas: pygame.Surface) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        table = ctx.model.table
        box = LOBBY.settings
        panel(canvas, box, PANEL, INK_DIM, 2)
        game = table.get("game") or GAME_IDS[0]
        lo, hi = GAME_SEATS.get(game, (3, 5))
        tc.blit(canvas, t(f"game.{game}"), layout.TEXT_LARGE, GOLD, topleft=(box.left + 28, box.top + 16))
        tc.blit(canvas, t("needs_players", min=lo, max=hi), layout.TEXT_SMALL, INK_DIM,
                topright=(box.right - 28, box.top + 26))
        options = table.get("options") or {}
        piles = t("on") if options.get("open_piles") else t("off")
        timer = options.get("turn_timer") or 0
        timer_text = t("seconds", n=timer) if timer else t("off")
        line = f"{t('opt.open_piles')}: {piles}      {t('opt.turn_timer')}: {timer_text}"
        tc.blit(canvas, line, layout.TEXT_BODY, INK, max_width=box.width - 56, topleft=(box.left + 28, box.top + 70))
        count = len(table.get("seats") or ())
        if lo <= count <= hi:
            tc.blit(canvas, t("ready"), layout.TEXT_SMALL, GOLD, bottomright=(box.right - 28, box.bottom - 12))
