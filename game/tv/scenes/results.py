"""The score screen: every player's cats, mice and total, the tie-break if used, the winner celebrated."""

from __future__ import annotations

from typing import Any

import pygame

from game.tv import layout
from game.tv.i18n import number
from game.tv.intents import Intent
from game.tv.layout import RESULTS
from game.tv.render import GOLD, INK, INK_DIM, PANEL, draw_symbol, panel, parse_colour, shadow_text
from game.tv.scenes.base import Context, Scene, draw_toast
from game.tv.sound import Sfx

CONFETTI = 90
MINI = (44, 62)


class ResultsScene(Scene):
    """Shows the final scores; Enter plays again with the same seats, L goes back to the lobby."""

    keys_text = "keys.results"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.confetti: list[list[float]] = []  # x, y, vx, vy, colour index
        self.colours: list[tuple[int, int, int]] = [GOLD]

    def enter(self) -> None:
        """Throw confetti in the winners' colours and play the fanfare."""
        rng = self.ctx.rng
        result = (self.ctx.model.view or {}).get("result") or {}
        winners = result.get("winners") or []
        self.colours = [parse_colour(self.ctx.model.seat_info(w).get("colour")) for w in winners] or [GOLD]
        self.colours += [GOLD, INK]
        self.confetti = [[rng.uniform(0, layout.CANVAS[0]), rng.uniform(-900, -20), rng.uniform(-40, 40),
                          rng.uniform(140, 300), float(rng.randrange(len(self.colours)))] for _ in range(CONFETTI)]
        self.ctx.play(Sfx.WIN)

    def handle(self, intent: Intent) -> None:
        """Enter: play again; L: back to the lobby."""
        if intent is Intent.PRIMARY:
            self.ctx.host({"cmd": "play_again"})
        elif intent is Intent.LOBBY:
            self.ctx.host({"cmd": "to_lobby"})

    def update(self, dt: float) -> None:
        """Let the confetti fall (it stops once it has left the screen)."""
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
        self.confetti = [c for c in self.confetti if c[1] < layout.CANVAS[1] + 20]

    def ranking(self) -> list[dict[str, Any]]:
        """Return the scores best first (total, then cat points, as F-SCORE-2 ranks them)."""
        result = (self.ctx.model.view or {}).get("result") or {}
        scores = [s for s in result.get("scores") or () if isinstance(s, dict)]
        return sorted(scores, key=lambda s: (-int(s.get("total", 0)), -int(s.get("cats", 0)), s.get("seat", 0)))

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the scores from the final public view."""
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        ctx.background(canvas)
        for x, y, _vx, _vy, ci in self.confetti:
            if y > -10:
                pygame.draw.rect(canvas, self.colours[int(ci) % len(self.colours)], (int(x), int(y), 14, 22))
        view = ctx.model.view or {}
        result = view.get("result") or {}
        winners = list(result.get("winners") or [])
        names = [ctx.model.name(w) for w in winners]
        if not names:
            title = t("turn.over")
        elif len(names) == 1:
            title = t("results.wins", name=names[0])
        else:
            title = t("results.share", names=t.names(names))
        shadow_text(tc, canvas, title, layout.TEXT_TITLE, GOLD, max_width=RESULTS.banner.width,
                    center=RESULTS.banner.center)
        if result.get("tie_break"):
            note = tc.fit(t("results.tie_break"), layout.TEXT_BODY, RESULTS.tie_note.width - 40)
            box = note.get_rect(center=RESULTS.tie_note.center)
            panel(canvas, box.inflate(32, 8), PANEL, None, radius=14)
            canvas.blit(note, box)
        panel(canvas, RESULTS.header.inflate(24, 4), PANEL, None, radius=14)  # the confetti falls behind it
        for col, key in (("cats", "results.cats"), ("mice", "results.mice"), ("total", "results.total")):
            lo, hi = RESULTS.column(col)
            tc.blit(canvas, t(key), layout.TEXT_BODY, INK_DIM, midright=(hi, RESULTS.header.centery))
        seats = view.get("seats") or ()
        ranked = self.ranking()[:layout.MAX_SEATS]
        keys = [(score.get("total"), score.get("cats")) for score in ranked]
        for i, score in enumerate(ranked):
            place = keys.index(keys[i]) + 1  # equal total and cat points share a place
            seat = score.get("seat")
            line = RESULTS.line(i)
            info = ctx.model.seat_info(seat)
            colour = parse_colour(info.get("colour"))
            winner = seat in winners
            if winner:
                pygame.draw.rect(canvas, colour, line.inflate(12, 12), border_radius=22)
            panel(canvas, line, PANEL, colour, 4, 18)
            lo, hi = RESULTS.column("rank")
            tc.blit(canvas, str(place), layout.TEXT_HUGE, GOLD if winner else INK_DIM,
                    center=((lo + hi) // 2, line.centery))
            lo, hi = RESULTS.column("name")
            draw_symbol(canvas, str(info.get("symbol")), (lo + 28, line.centery), 48, colour)
            r = tc.blit(canvas, str(info.get("name", "")), layout.TEXT_LARGE, INK, max_width=300,
                        midleft=(lo + 70, line.centery))
            won_cards = seats[seat].get("won_cards") if isinstance(seat, int) and seat < len(seats) else None
            if won_cards:
                x = r.right + 20
                for card in list(won_cards)[:8]:
                    face = ctx.art.face(card, MINI)
                    canvas.blit(face, face.get_rect(midleft=(x, line.centery)))
                    x += MINI[0] - 10
            for col in ("cats", "mice"):
                lo, hi = RESULTS.column(col)
                tc.blit(canvas, number(int(score.get(col, 0))), layout.TEXT_LARGE, INK, midright=(hi, line.centery))
            lo, hi = RESULTS.column("total")
            tc.blit(canvas, number(int(score.get("total", 0))), layout.TEXT_HUGE, GOLD if winner else INK,
                    midright=(hi, line.centery))
        panel(canvas, RESULTS.keys, PANEL, None)
        tc.blit(canvas, t(self.keys_text), layout.TEXT_BODY, INK, max_width=RESULTS.keys.width - 40,
                center=RESULTS.keys.center)
        draw_toast(ctx, canvas)



