"""The score screen: every player's place and total from the update's outcome, the winners celebrated.

What a game adds (its columns, a tie-break note, pictures beside a name) comes from its detail drawer;
the chart of how the game went (`outcome.course`) from game.tv.chart, under the lines.
"""

from __future__ import annotations

import copy
from typing import Any

import pygame

from game.tv import chart, layout
from game.tv.games import ResultsDetail, screens_for
from game.tv.i18n import number
from game.tv.intents import Intent
from game.tv.layout import RESULTS, RESULTS_CHART, ResultsLayout
from game.tv.render import GOLD, INK, INK_DIM, PANEL, display_ready, draw_symbol, panel, parse_colour, shadow_text
from game.tv.scenes.base import Context, Scene, draw_toast
from game.tv.sound import Sfx

CONFETTI = 90
PIECE = (14, 22)  # a piece of confetti, in canvas pixels
DETAIL_COLUMNS = ("detail0", "detail1")
BESIDE_GAP = 48  # between what a game draws beside a name and the next column's widest text


class ResultsScene(Scene):
    """Shows the final scores; Enter plays again with the same seats, L goes back to the lobby.

    The picture is the felt, the falling confetti, and over them everything else (the standing
    picture: banner, lines, chart, keys, toast), which is painted once per update on a transparent
    layer. A frame paints the whole picture on a canvas it has not painted last; on the one it did,
    only where confetti was or is now: the felt, the pieces there and the standing layer again.
    """

    keys_text = "tv.keys.results"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.confetti: list[list[float]] = []  # x, y, vx, vy, colour index
        self.colours: list[tuple[int, int, int]] = [GOLD]
        self._standing: pygame.Surface | None = None  # everything but the felt and the confetti (transparent)
        self._standing_key: Any = None
        self._standing_update: Any = None  # a copy of the update the standing layer shows
        self._shown_on: pygame.Surface | None = None  # the canvas the last frame went to
        self._shown_pieces: dict[int, pygame.Rect] = {}  # where that frame put each piece (by the piece's id)

    def enter(self) -> None:
        """Throw confetti in the winners' colours and play the fanfare."""
        rng = self.ctx.rng
        winners = self.ctx.model.outcome.get("winners") or []
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

    @property
    def animating(self) -> bool:  # type: ignore[override]
        """Return True while confetti is still falling."""
        return bool(self.confetti)

    def update(self, dt: float) -> None:
        """Let the confetti fall (it stops once it has left the screen)."""
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
        self.confetti = [c for c in self.confetti if c[1] < layout.CANVAS[1] + 20]

    def _detail(self) -> ResultsDetail:
        screens = screens_for(str(self.ctx.model.table.get("game") or ""))
        return screens.detail if screens is not None else ResultsDetail()

    def chart_lines(self) -> list[chart.ChartLine]:
        """Return the lines of the outcome's course in the seats' colours and symbols ([] if it has none)."""
        model = self.ctx.model
        lines = chart.lines_of(model.outcome.get("course"), model.seat_info, parse_colour)
        return lines if any(line.values for line in lines) else []

    def layout(self) -> ResultsLayout:
        """Return the screen's geometry: with the chart of the game's course under the lines when it has one."""
        return RESULTS_CHART if self.chart_lines() else RESULTS

    def ranking(self) -> list[dict[str, Any]]:
        """Return every seat best first with its place: winners, then by total, then the game's tie key.

        `lowest_wins` turns the totals' order round; seats equal on all of these share a place.
        """
        outcome = self.ctx.model.outcome
        totals = [int(t) for t in outcome.get("totals") or () if isinstance(t, (int, float))]
        winners = set(outcome.get("winners") or ())
        detail = outcome.get("detail") if isinstance(outcome.get("detail"), dict) else {}
        sign = 1 if outcome.get("lowest_wins") else -1
        game = self._detail()

        def key(seat: int) -> tuple[Any, ...]:
            return (seat not in winners, sign * totals[seat], *game.tie_key(detail, seat))

        seats = sorted(range(len(totals)), key=lambda seat: (*key(seat), seat))
        keys = [key(seat) for seat in seats]
        return [{"seat": seat, "total": totals[seat], "place": keys.index(keys[i]) + 1, "winner": seat in winners}
                for i, seat in enumerate(seats)]

    def forget_canvas(self) -> None:
        """Something else painted on the canvas: the next frame paints all of it."""
        self._shown_on = None

    def _pieces(self) -> dict[int, tuple[pygame.Rect, tuple[int, int, int]]]:
        """Return the confetti on show: each piece's rect and colour, by the piece's id, in painting order."""
        return {id(c): (pygame.Rect(int(c[0]), int(c[1]), *PIECE), self.colours[int(c[4]) % len(self.colours)])
                for c in self.confetti if c[1] > -10}

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the felt, the confetti and the standing picture over them (all, or only where confetti moved).

        The standing layer is a cache of pixels painted when the update or the toast changes; the
        picture is exactly the felt, every piece, then that layer, whichever way it is painted.
        """
        ctx = self.ctx
        toast = ctx.toast_text if ctx.toast_text and ctx.clock <= ctx.toast_until else ""
        key = (ctx.model.accepted, toast, self.keys_text)
        fresh = (self._standing is None or self._standing.get_size() != canvas.get_size() or key != self._standing_key
                 or ctx.model.update != self._standing_update)  # (by value: an update changed in place too)
        if fresh:
            if self._standing is None or self._standing.get_size() != canvas.get_size():
                self._standing = display_ready(pygame.Surface(canvas.get_size(), pygame.SRCALPHA))
            self._standing.fill((0, 0, 0, 0))
            self.draw_standing(self._standing)
            self._standing_key, self._standing_update = key, copy.deepcopy(ctx.model.update)
        standing = self._standing
        assert standing is not None
        pieces = self._pieces()
        if fresh or canvas is not self._shown_on:
            ctx.background(canvas)
            for rect, colour in pieces.values():
                canvas.fill(colour, rect)
            canvas.blit(standing, (0, 0))
            self.painted = None
        else:
            before = self._shown_pieces
            areas = [rect.union(before[pid]) if pid in before else rect for pid, (rect, _c) in pieces.items()]
            areas += [rect for pid, rect in before.items() if pid not in pieces]
            rects = [rect for rect, _c in pieces.values()]
            colours = [colour for _r, colour in pieces.values()]
            felt = ctx.felt
            for area in areas:
                if felt is not None:
                    canvas.blit(felt, area, area)
                else:
                    canvas.set_clip(area)
                    ctx.background(canvas)
                    canvas.set_clip(None)
                for i in area.collidelistall(rects):  # in painting order: a later piece lies over an earlier
                    canvas.fill(colours[i], rects[i].clip(area))
                canvas.blit(standing, area, area)
            self.painted = areas
        self._shown_on = canvas
        self._shown_pieces = {pid: rect for pid, (rect, _c) in pieces.items()}

    def draw_standing(self, canvas: pygame.Surface) -> None:
        """Paint the ranking from the update's outcome, with the game's own columns and note, then its
        course, the keys and the toast: everything in front of the confetti."""
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        outcome = ctx.model.outcome
        detail = outcome.get("detail") if isinstance(outcome.get("detail"), dict) else {}
        game = self._detail()
        lines, lay = self.chart_lines(), self.layout()
        names = [ctx.model.name(w) for w in outcome.get("winners") or ()]
        if not names:
            title = t("tv.results.over")
        elif len(names) == 1:
            title = t("over.winner", name=names[0])
        else:
            title = t("tv.results.share", names=t.names(names))
        shadow_text(tc, canvas, title, layout.TEXT_TITLE, GOLD, max_width=lay.banner.width,
                    center=lay.banner.center)
        note_text = game.note(t, detail)
        if note_text:
            note = tc.fit(note_text, layout.TEXT_BODY, lay.tie_note.width - 40)
            box = note.get_rect(center=lay.tie_note.center)
            panel(canvas, box.inflate(32, 8), PANEL, None, radius=14)
            canvas.blit(note, box)
        panel(canvas, lay.header.inflate(24, 4), PANEL, None, radius=14)  # the confetti falls behind it
        headings = [*game.columns(t)[:len(DETAIL_COLUMNS)], t("over.total")]
        for col, text in zip([*DETAIL_COLUMNS[:len(headings) - 1], "total"], headings):
            lo, hi = lay.column(col)
            tc.blit(canvas, text, layout.TEXT_BODY, INK_DIM, midright=(hi, lay.header.centery))
        ranking = self.ranking()[:layout.MAX_SEATS]
        beside_right = self._beside_right(lay, headings, ranking, game, detail)
        for i, entry in enumerate(ranking):
            self._draw_line(canvas, lay, i, entry, game, detail, beside_right)
        if lines:
            limit = chart.limit_of(outcome.get("course"))
            chart.draw(canvas, tc, lay.chart(len(ranking)), lines, title=t("over.chart"), limit=limit,
                       limit_label=t("over.chart_limit", n=limit) if limit is not None else "")
        panel(canvas, lay.keys, PANEL, None)
        tc.blit(canvas, t(self.keys_text), layout.TEXT_BODY, INK, max_width=lay.keys.width - 40,
                center=lay.keys.center)
        draw_toast(ctx, canvas)

    def _beside_right(self, lay: ResultsLayout, headings: list[str], ranking: list[dict[str, Any]],
                      game: ResultsDetail, detail: dict[str, Any]) -> int:
        """Return where the room beside the names ends: a gap before the widest text of the first column after them
        (the game's first, else the total), its heading or any line's value (they are right-aligned)."""
        tc = self.ctx.tc
        if len(headings) > 1:
            col = DETAIL_COLUMNS[0]
            cells = [(game.cells(detail, e["seat"])[:1] or [""])[0] for e in ranking]
            widths = [tc.width(text, layout.TEXT_LARGE) for text in cells]
        else:
            col = "total"
            widths = [tc.width(number(e["total"]), lay.place_size) for e in ranking]
        widths.append(tc.width(headings[0], layout.TEXT_BODY))
        return lay.column(col)[1] - max(widths) - BESIDE_GAP

    def _draw_line(self, canvas: pygame.Surface, lay: ResultsLayout, i: int, entry: dict[str, Any],
                   game: ResultsDetail, detail: dict[str, Any], beside_right: int) -> None:
        ctx, tc = self.ctx, self.ctx.tc
        seat, winner = entry["seat"], entry["winner"]
        line = lay.line(i)
        info = ctx.model.seat_info(seat)
        colour = parse_colour(info.get("colour"))
        if winner:
            pygame.draw.rect(canvas, colour, line.inflate(12, 12), border_radius=22)
        panel(canvas, line, PANEL, colour, 4, 18)
        lo, hi = lay.column("rank")
        tc.blit(canvas, str(entry["place"]), lay.place_size, GOLD if winner else INK_DIM,
                center=((lo + hi) // 2, line.centery))
        lo, hi = lay.column("name")
        draw_symbol(canvas, str(info.get("symbol")), (lo + 28, line.centery), lay.symbol_size, colour)
        r = tc.blit(canvas, str(info.get("name", "")), layout.TEXT_LARGE, INK, max_width=300,
                    midleft=(lo + 70, line.centery))
        # the room beside the name ends before the first column's texts: the game's drawer is clipped to it
        room = pygame.Rect(r.right + 20, line.top, beside_right - (r.right + 20), line.height)
        if room.width > 0:
            clip = canvas.get_clip()
            canvas.set_clip(room.clip(clip))
            game.draw_beside_name(ctx, canvas, seat, room.left, line.centery, line.height - 8)
            canvas.set_clip(clip)
        for col, text in zip(DETAIL_COLUMNS, game.cells(detail, seat)):
            lo, hi = lay.column(col)
            tc.blit(canvas, text, layout.TEXT_LARGE, INK, midright=(hi, line.centery))
        lo, hi = lay.column("total")
        tc.blit(canvas, number(entry["total"]), lay.place_size, GOLD if winner else INK,
                midright=(hi, line.centery))
