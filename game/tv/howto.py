"""A game's how-to on the TV: its steps (game.howto) played over the demo table in the lobby.

The steps are public updates of a made-up demo game (built by game.howto from the game's script),
so the TV draws them as it draws any public update: a `HowToPlayer` feeds them to the game's own
table scene (and, for the last step, the platform's score screen) in a context of its own, with
its own `TableModel`, which checks each update is public like the real one does. Nothing of the
real table is ever read. A step's inset (what a demo player's phone shows: made-up cards) is
painted by the game's own painter of that kind (`GameScreens.howto_insets`), over a `phone_frame`.

The platform names no game here: the captions are keys of the game's own text table
(`tv.howto.step.<name>`), the pictures its own scene and art.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.tv import layout
from game.tv.model import TableModel
from game.tv.render import GOLD, INK, INK_DIM, PANEL, display_ready, draw_symbol, parse_colour

from game.tv.scenes.base import Context, Scene, changed_areas, outermost, rest_cost
from game.tv.scenes.results import ResultsScene

if TYPE_CHECKING:
    from game.howto import HowToStep  # (the engines' side: imported when a how-to is built, not with the TV)

BEAT = 1.1  # seconds between two moves shown in one step (once the previous one's animation ended)
# A game's painter of a step's inset data; it may return the rect it painted in (else: the phone
# frames it drew, else anywhere), so the picture is rescaled and later restored only there.
Inset = Callable[[Context, pygame.Surface, dict[str, Any]], "pygame.Rect | None"]
# The picture is the demo table at 8/15 of the canvas (layout.LOBBY.howto_picture, 1024x576): 15
# canvas pixels make exactly 8 of its pixels, so a part of the canvas whose edges fall on that grid
# scales (smoothscale) to exactly the pixels the whole would give there. A frame that moves scales
# only the parts the demo table painted over, each widened to that grid.
SCALE_FROM, SCALE_TO = 15, 8
SMALL_UNION = 100  # grid cells (150x150 canvas pixels): meeting rects within one are scaled as one
# A change that would cost a frame more than BUDGET_US (reckoned: base.rest_cost for the demo table's
# resting picture, SCALE_NS_PER_PX for each canvas pixel scaled, DRAW_US for copying the table and
# drawing what moves) is painted over a few frames while the picture on show holds still (a new step:
# a new deal, a reveal), each frame working on it for BUDGET_US of this thread's CPU, so a slow box
# still draws every frame in time; the demo holds its clock meanwhile (a few frames, 50-150 ms) and
# nothing on show is ever half painted. The reckoning sets how long it holds (the same every time);
# the clock only where each frame stops.
BUDGET_US = 2500.0
SCALE_NS_PER_PX = 2.0
DRAW_US = 2000.0
BAND_CELLS = 9  # grid rows of a band when all of the picture is scaled (135 canvas rows, 72 of the picture)
_framed: list[pygame.Rect] = []  # the phone frames painted since the how-to player last looked (its insets')


# ---------------------------------------------------------------- the inset: "what the phone shows"


def phone_frame(ctx: Context, canvas: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
    """Paint a phone (a dark rounded frame with `title` on top) at `rect`; return the screen area inside."""
    _framed.append(pygame.Rect(rect))
    pygame.draw.rect(canvas, (8, 12, 12), rect, border_radius=36)
    pygame.draw.rect(canvas, INK_DIM, rect, 4, border_radius=36)
    screen = rect.inflate(-36, -36)
    pygame.draw.rect(canvas, (24, 40, 36), screen, border_radius=20)
    ctx.tc.blit(canvas, title, layout.TEXT_BODY, GOLD, max_width=screen.width - 24,
                midtop=(screen.centerx, screen.top + 14))
    return pygame.Rect(screen.left, screen.top + 64, screen.width, screen.height - 64)


# ---------------------------------------------------------------- playing it in the lobby


class HowToPlayer:
    """Plays a how-to: feeds each step's demo updates to the game's table scene in a context of its own,
    counts the steps down, and paints the picture scaled into the lobby's how-to area.

    The picture is painted again only while the demo's animations run or when a step or an update
    changes (`frame_key`); at rest the lobby draws nothing new until the next step is due. The demo
    table paints on a canvas of its own, only what changed (`Scene.painted`), and only the tiles it
    painted over are scaled into the picture again (`damage` says which, for the lobby to copy).
    """

    def __init__(self, ctx: Context, game_id: str, steps: list[HowToStep],
                 table_scene: Callable[[Context], Scene], insets: dict[str, Inset] | None = None) -> None:
        self.game_id = game_id
        self.steps = steps
        self.insets = dict(insets or {})
        self.demo = Context(texts=ctx.texts, tc=ctx.tc, art=ctx.art, model=TableModel(), host=_no_host,
                            felt=ctx.felt, wall=ctx.wall)
        self.scene = table_scene(self.demo)
        self.scene.enter()
        self.index = 0
        self.at = 0.0  # seconds into the current step
        self.fed = 0  # updates of the current step shown so far
        self._fed_at = 0.0
        self.done = not steps
        self._full: pygame.Surface | None = None  # the demo table at canvas size (the scene's own canvas)
        self._bare: pygame.Surface | None = None  # a copy of it without the inset, taken as the inset came
        self._inset: pygame.Rect | None = None  # where an inset is on _full
        self._drawn_by: Scene | None = None  # the scene that painted _full last
        self._picture: pygame.Surface | None = None
        self._painted: Any = None
        self.damage: list[pygame.Rect] | None = None  # picture rects that changed in the last `picture` (None: all)
        self.shown = 0  # the step the picture on show belongs to (behind `index` while a new step is painted)
        self._hold = 0  # frames the demo holds still while a big change is painted ahead
        self._quiet = False  # the hold began this frame (its tick fed the change: this frame paints nothing)
        self._ticked: tuple[Any, list[Any]] | None = None  # the demo table's rest key and parts at the last tick
        self._scaling: list[tuple[pygame.Rect, pygame.Rect]] = []  # (canvas rect, picture rect) still to scale
        self._news: list[pygame.Rect] | None = []  # picture rects scaled since `damage` last said (None: all)
        if steps:
            self._feed()
            self._reckon()

    @property
    def step(self) -> HowToStep:
        """Return the step on screen."""
        return self.steps[min(self.index, len(self.steps) - 1)]

    def _feed(self) -> None:
        """Show the step's next update (the score screen's, for a results step)."""
        update = self.step.updates[self.fed]
        if self.demo.model.accept(update):
            if self.step.results and not isinstance(self.scene, ResultsScene):
                self.scene = ResultsScene(self.demo)  # the score screen, as the real table ends
                self.scene.keys_text = "tv.howto.skip"  # its keys line says the lobby's
                self.scene.enter()
            self.scene.on_update(update)
        self.fed += 1
        self._fed_at = self.at

    @property
    def animating(self) -> bool:
        """Return True while the demo table's animations run (every frame then differs), or a change is painted."""
        return not self.done and (self._hold > 0 or bool(getattr(self.scene, "animating", False)))

    @property
    def shown_step(self) -> HowToStep:
        """Return the step of the picture on show (its caption goes with it)."""
        return self.steps[min(self.shown, len(self.steps) - 1)]

    def _next_feed_in(self) -> float:
        if self.fed >= len(self.step.updates) or getattr(self.scene, "animating", False):
            return math.inf
        return max(0.0, self._fed_at + BEAT - self.at)

    def update(self, dt: float) -> None:
        """Move on by `dt` seconds: the demo's animations, the next move of the step, the next step."""
        if self.done:
            return
        self._quiet = False
        if self._hold > 0:  # a change is being painted: the demo holds still till it shows (the step's time runs on)
            self.at += dt
            self._hold -= 1
            if self._hold == 0:
                self.shown = self.index
            return
        index = self.index
        self.at += dt
        self.demo.clock += dt
        self.scene.update(dt)
        while self._next_feed_in() <= 0:
            self._feed()
        if self.at >= self.step.seconds:
            self.index += 1
            self.at, self.fed = 0.0, 0
            if self.index >= len(self.steps):
                self.done = True
                return
            self._feed()
        self._reckon(new_step=self.index != index)
        if self._hold == 0:
            self.shown = self.index

    def _reckon(self, new_step: bool = False) -> None:
        """Reckon what the demo table's resting picture changed since the last tick costs to paint and scale;
        hold the demo still for as many frames as that takes at BUDGET_US a frame, after this frame (its
        tick fed the change). A new step holds at least for one frame of painting, so its caption, title
        and dots come on a frame of their own, with the picture.

        Only the table's state decides (its rest key and parts from tick to tick), never what was painted
        or when: the same how-to holds at the same frames every time.
        """
        cost = 0.0
        scene = self.scene
        planned = getattr(scene, "planned_parts", None)
        if planned is None:  # (the score screen paints itself: all of it, the first time)
            if self._ticked is not None or new_step:
                cost = layout.CANVAS[0] * layout.CANVAS[1] * SCALE_NS_PER_PX / 1000
            self._ticked = None
        else:
            key = scene.rest_key()
            before = self._ticked
            if before is None or before[0] != key:
                parts = planned(key)
                self._ticked = (key, parts)
                if before is not None:
                    areas = changed_areas(before[1], parts)
                    areas = None if areas is None else outermost(areas)
                    w, h = layout.CANVAS
                    scaled = w * h if areas is None else min(w * h, sum(a.width * a.height for a in areas))
                    cost = rest_cost(parts, areas) + scaled * SCALE_NS_PER_PX / 1000
        if cost > BUDGET_US or new_step:
            self._hold, self._quiet = math.ceil((cost + DRAW_US) / BUDGET_US) + 1, True

    def stop(self) -> None:
        """End it now (a key, a Start)."""
        self.done = True

    def frame_key(self) -> Any:
        """Return what the how-to shows at rest: the step, how many of its moves are on the table, and what
        the demo table shows at rest by the time (its own `frame_key`: a line that fades, a countdown)."""
        return None if self.done else (self.index, self.fed, self.scene.frame_key())

    def next_change(self) -> float:
        """Return the seconds until the next move or step is due, or the demo table's picture changes at rest."""
        if self.done:
            return math.inf
        if self._hold > 0:
            return 0.0
        return max(0.0, min(self.step.seconds - self.at, self._next_feed_in(), self.scene.next_change()) + 1e-3)

    def picture(self, size: tuple[int, int]) -> pygame.Surface:
        """Return the demo table (and the step's inset) scaled to `size`, painted again only when it changed.

        A cache of pixels, not state: the same step, moves and animation frame give the same picture.
        Afterwards `damage` holds the picture's rects that differ from the last call's ([]: none;
        None: all of it). At 8/15 of the canvas (1024x576) only the parts that changed are scaled.
        While the demo holds still for a big change (`update`), each call works on it for BUDGET_US of
        this thread's CPU and the picture on show stays as it was (damage []); the call after the hold
        shows it whole.
        """
        moving = not self.done and bool(getattr(self.scene, "animating", False))
        key = (self.index, self.fed, self.demo.clock if moving else None, self.scene.frame_key(), size)
        if self._hold == 0:
            until = math.inf
        elif self._quiet:  # (the frame a hold begins: its tick fed the change)
            self.damage = []
            return self._picture if self._picture is not None else self._new_picture(size)
        else:
            until = time.thread_time() + BUDGET_US / 1e6
        if self._picture is not None and self._painted == key and self._picture.get_size() == size:
            return self._show(until)
        if self._scaling:  # (a change held before this one: finish it first)
            self._scale_some(math.inf)
        if self._picture is None or self._picture.get_size() != size:
            self._new_picture(size)
        full = self._full
        assert full is not None
        ahead = getattr(self.scene, "paint_rest_ahead", None)
        if until != math.inf and ahead is not None:
            half = until - BUDGET_US / 2e6
            if not ahead(full, until) or time.thread_time() > half:  # the rest on the next frames
                self.damage = []
                return self._picture  # type: ignore[return-value]
        areas: list[pygame.Rect] | None = []
        inset = self.step.inset
        paint = self.insets.get(str(inset.get("kind"))) if inset else None
        wanted = paint is not None and not moving  # once the move has settled
        if self._inset is not None:  # the table under the inset comes back (the inset is painted again after)
            assert self._bare is not None and areas is not None
            full.blit(self._bare, self._inset, self._inset)
            areas.append(self._inset)
            self._inset = None
        if self.scene is not self._drawn_by:
            self.scene.forget_canvas()  # a new scene (the score screen), or a new picture: paint it all
            self._drawn_by = self.scene
        self.scene.draw(full)
        painted = self.scene.painted
        areas = None if painted is None or areas is None else areas + painted
        if paint is not None and wanted:
            if self._bare is None:
                self._bare = pygame.Surface(layout.CANVAS, 0, full)
            self._bare.blit(full, (0, 0))
            _framed.clear()
            said = paint(self.demo, full, inset)  # type: ignore[arg-type]
            rect = said if isinstance(said, pygame.Rect) else _union(_framed) or full.get_rect()
            self._inset = rect.clip(full.get_rect())
            if areas is not None:
                areas.append(self._inset)
        self._plan_scale(areas, size)
        self._painted = key
        return self._show(until)

    def _new_picture(self, size: tuple[int, int]) -> pygame.Surface:
        """Make the canvas the demo table paints on (once) and a picture of `size` (all of it scaled next)."""
        if self._full is None:
            self._full = display_ready(pygame.Surface(layout.CANVAS), alpha=False)
        self._picture = pygame.Surface(size, 0, self._full)
        self._drawn_by = None  # a new picture: scale all of it
        return self._picture

    def _show(self, until: float) -> pygame.Surface:
        """Scale what is left to scale till this thread's CPU clock passes `until`; say what changed once all
        of it is scaled and the demo no longer holds (till then the picture on show stays as it was: damage [])."""
        assert self._picture is not None
        if self._scaling:
            self._scale_some(until)
        if self._scaling or self._hold > 0:
            self.damage = []
        else:
            self.damage, self._news = self._news, []
        return self._picture

    def _plan_scale(self, areas: list[pygame.Rect] | None, size: tuple[int, int]) -> None:
        """Plan scaling the canvas into the picture: all of it (areas None, most of the canvas, or a size off
        the 8/15 grid), or `areas` widened to the grid (those that meet, merged); all of it goes in bands
        of the grid, so it too can be spread over frames."""
        full, picture = self._full, self._picture
        assert full is not None and picture is not None
        w, h = layout.CANVAS
        exact = size[0] * SCALE_FROM == w * SCALE_TO and size[1] * SCALE_FROM == h * SCALE_TO
        if not exact:
            pygame.transform.smoothscale(full, size, picture)
            self._scaling, self._news = [], None
            return
        g = SCALE_FROM
        cells: list[pygame.Rect] = []  # in grid cells of g canvas pixels, each area's, merged where they meet
        for area in areas if areas is not None else ():
            left, top = max(0, area.left) // g, max(0, area.top) // g
            right, bottom = -(-min(w, area.right) // g), -(-min(h, area.bottom) // g)
            if right <= left or bottom <= top:
                continue
            cell = pygame.Rect(left, top, right - left, bottom - top)
            # a moving picture's rect where it was and where it is: one rect; but not the strips of an outline
            # round a panel (they meet at its corners, and their union is the whole panel)
            hits = [k for k in cell.collidelistall(cells) if _worth_merging(cell, cells[k])]
            while hits:
                for k in reversed(hits):
                    cell.union_ip(cells.pop(k))
                hits = [k for k in cell.collidelistall(cells) if _worth_merging(cell, cells[k])]
            cells.append(cell)
        whole = areas is None or sum(c.width * c.height for c in cells) * g * g > w * h // 2
        if whole:  # most of it: all of it, a band of the grid at a time
            rows = BAND_CELLS
            cells = [pygame.Rect(0, y, w // g, min(rows, h // g - y)) for y in range(0, h // g, rows)]
        jobs = [(pygame.Rect(c.x * g, c.y * g, c.width * g, c.height * g),
                 pygame.Rect(c.x * SCALE_TO, c.y * SCALE_TO, c.width * SCALE_TO, c.height * SCALE_TO)) for c in cells]
        self._scaling = jobs
        self._news = None if whole or self._news is None else self._news + [dst for _src, dst in jobs]

    def _scale_some(self, until: float) -> None:
        """Scale what is planned till this thread's CPU clock passes `until`."""
        full, picture = self._full, self._picture
        assert full is not None and picture is not None
        while self._scaling and (until == math.inf or time.thread_time() < until):
            src, dst = self._scaling.pop(0)
            pygame.transform.smoothscale(full.subsurface(src), dst.size, picture.subsurface(dst))


def _worth_merging(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Return True if two meeting rects (in grid cells) are better scaled as one: their union is small (a scale's
    call costs more than its few pixels), or it adds little they do not cover."""
    union = a.union(b)  # (they meet: collidelistall found them)
    area = union.width * union.height
    return area <= SMALL_UNION or area <= 1.25 * (a.width * a.height + b.width * b.height)


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    """Return the smallest rect holding all of `rects` (None for none)."""
    return rects[0].unionall(rects[1:]) if rects else None


def _no_host(cmd: dict[str, Any]) -> None:
    """The demo table takes no commands."""


def draw_players_strip(ctx: Context, canvas: pygame.Surface, rect: pygame.Rect, seats: list[dict[str, Any]],
                       title: str) -> None:
    """Write the real table's players in one line (symbol, name) while the how-to covers their list."""
    x = ctx.tc.blit(canvas, title, layout.TEXT_BODY, INK, midleft=(rect.left, rect.centery)).right + 24
    if not seats:
        return
    room = (rect.right - x) // len(seats)
    for seat in seats:
        colour = parse_colour(seat.get("colour"))
        draw_symbol(canvas, str(seat.get("symbol")), (x + 18, rect.centery), 34, colour)
        ctx.tc.blit(canvas, str(seat.get("name", "")), layout.TEXT_BODY,
                    INK if seat.get("connected", True) else INK_DIM, max_width=room - 56,
                    midleft=(x + 42, rect.centery))
        x += room


def draw_progress(canvas: pygame.Surface, rect: pygame.Rect, count: int, at: int) -> pygame.Rect:
    """Draw one dot per step (the steps done and the one on screen gold); return where they are."""
    gap = 34
    left = rect.left
    for i in range(count):
        centre = (left + i * gap + 10, rect.centery)
        if i <= at:
            pygame.draw.circle(canvas, GOLD, centre, 11 if i == at else 8)
        else:
            pygame.draw.circle(canvas, PANEL, centre, 8)
            pygame.draw.circle(canvas, INK_DIM, centre, 8, 2)
    return pygame.Rect(left, rect.top, count * gap, rect.height)
