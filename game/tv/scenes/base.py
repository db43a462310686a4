"""What every scene shares: the context it draws with and the lifecycle hooks the app calls."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.art import ArtCache
from game.tv.games import sound_name
from game.tv.i18n import Texts
from game.tv.intents import Intent
from game.tv.model import TableModel
from game.tv.render import (COACH, FELT, FELT_DARK, GOLD, INK, INK_DIM, WARN, TextCache, display_ready, padded, panel,
                            shadow_text)
from game.tv.sound import Sfx, SoundBoard


PLATFORM_SOUNDS = frozenset(str(sfx) for sfx in Sfx)


def make_felt() -> pygame.Surface:
    """Return the table background: green felt darkening towards the edges, drawn once, in the screen's pixel
    format (once there is a screen), its rows 8 bytes off a multiple of 16 (`render.padded`: the felt under a
    small rect is copied with plain stores)."""
    w, h = layout.CANVAS
    surf = pygame.Surface((w, h))
    surf.fill(FELT_DARK)
    steps = 24
    for i in range(steps):
        f = i / (steps - 1)
        c = tuple(int(FELT_DARK[k] + (FELT[k] + 14 - FELT_DARK[k]) * f) for k in range(3))
        r = pygame.Rect(0, 0, int(w * (1.25 - 0.75 * f)), int(h * (1.25 - 0.75 * f)))
        r.center = (w // 2, h // 2 + 40)
        pygame.draw.ellipse(surf, c, r)
    ready = display_ready(surf, alpha=False)
    felt = padded((w, h), ready, 8)
    felt.blit(ready, (0, 0))
    return felt


@dataclass
class Context:
    """Everything a scene draws with or acts through; owned by the app, shared by the scenes."""

    texts: Texts
    tc: TextCache
    art: ArtCache
    model: TableModel
    host: Callable[[dict[str, Any]], None]
    join_url: str = ""
    join_code: str = ""
    lan_warning: str | None = None
    port_note: str | None = None
    notice: str | None = None  # about the save: resumed, or why it could not be
    demo: bool = False
    sound: SoundBoard | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    felt: pygame.Surface | None = None
    toast_text: str = ""
    toast_until: float = 0.0
    clock: float = 0.0
    wall: Callable[[], float] = time.time  # the date and time of day (when kept games ended is said from it)

    def play(self, name: Sfx | str) -> None:
        """Play a platform effect (`Sfx`) or, by its own name, one of the current game's; nothing if unknown or muted."""
        if self.sound is not None:
            self.sound.play(name if name in PLATFORM_SOUNDS else sound_name(str(self.model.table.get("game") or ""), name))

    def toast(self, text: str, seconds: float = 2.5) -> None:
        """Show a short message near the bottom of the screen for a few seconds."""
        self.toast_text, self.toast_until = text, self.clock + seconds

    def end_toast(self, text: str) -> None:
        """Take the toast down now if it still says `text` (what it said is no longer true)."""
        if self.toast_text == text:
            self.toast_text, self.toast_until = "", self.clock

    def background(self, canvas: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """Draw the felt (made once, on first use); `area`: only the felt under that rect of the canvas, at (0, 0)."""
        if self.felt is None:
            self.felt = make_felt()
        canvas.blit(self.felt, (0, 0), area)


class Scene:
    """A screen of the TV. Hooks, in the order the app calls them:

    - `enter()`: when the scene becomes the active one;
    - `on_update(update)`: when a new public update was accepted while the scene is active
      (right after `enter` too, with the latest one);
    - `handle(intent)`: for each intent read from the keyboard/window;
    - `update(dt)`: once per frame, before drawing: advance animations, timers;
    - `draw(canvas)`: paint the 1920x1080 canvas; NEVER changes any state.

    The app draws only when something changed: a scene whose picture moves by itself says so
    with `animating` (every frame is drawn meanwhile, and one after), and one whose picture
    changes with time at rest (a countdown) returns what is shown from `frame_key` and the
    seconds until that changes from `next_change`.
    """

    animating = False
    # where the last `draw` painted on its canvas, in canvas pixels; None: anywhere (a scene that
    # paints only what changed says where, so a copy of its canvas, scaled, can follow in parts)
    painted: list[pygame.Rect] | None = None

    def frame_key(self) -> Any:
        """Return what of the picture changes with time at rest (a new value: a frame is drawn)."""
        return None

    def next_change(self) -> float:
        """Return the seconds until `frame_key` changes by itself (inf: never)."""
        return math.inf

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def enter(self) -> None:
        """Called when the scene becomes active."""

    def on_update(self, update: dict[str, Any]) -> None:
        """Called with each new public update while active."""

    def handle(self, intent: Intent) -> None:
        """Called for each intent the app reads while this scene is active."""

    def update(self, dt: float) -> None:
        """Called once per frame before draw, with the seconds since the previous frame."""

    def draw(self, canvas: pygame.Surface) -> None:
        """Called to paint the scene; must not change state."""

    def forget_canvas(self) -> None:
        """Called when something else painted on the canvas since this scene's last frame (a scene that
        paints only what changed must then paint it all)."""


def draw_toast(ctx: Context, canvas: pygame.Surface, where: pygame.Rect = layout.TOAST) -> pygame.Rect | None:
    """Draw the current toast, if any, centred in `where` (a scene puts it clear of its names); return its box."""
    if not ctx.toast_text or ctx.clock > ctx.toast_until:
        return None
    surf = ctx.tc.fit(ctx.toast_text, layout.TEXT_BODY, where.width - 40)
    box = surf.get_rect(center=where.center).inflate(56, 28)
    panel(canvas, box, (12, 20, 18), INK_DIM, 2, 24)
    canvas.blit(surf, surf.get_rect(center=box.center))
    return box


def draw_confirm_quit(ctx: Context, canvas: pygame.Surface) -> None:
    """Draw the 'quit?' question over the scene."""
    canvas.fill((105, 105, 105), special_flags=pygame.BLEND_MULT)  # darken in place: no 8 MB layer per frame
    panel(canvas, layout.CONFIRM, (20, 34, 30), INK, 4, 28)
    shadow_text(ctx.tc, canvas, ctx.texts("tv.quit.title"), layout.TEXT_HUGE, INK,
                center=(layout.CONFIRM.centerx, layout.CONFIRM.top + 110))
    ctx.tc.blit(canvas, ctx.texts("tv.quit.keys"), layout.TEXT_BODY, INK_DIM,
                center=(layout.CONFIRM.centerx, layout.CONFIRM.bottom - 90))


_NOTHING = object()  # a rest key no picture was painted for


@dataclass(frozen=True, eq=False)
class Part:
    """A piece of a table's resting picture: `paint(canvas, *args)` paints it, inside `rect` only.

    `args` must hold everything the painting reads besides the context's fixed tools (texts,
    text cache, art cache): the part is painted again exactly when its args (compared with ==),
    its paint function or its rect change. An `opaque` part paints every pixel of its rect (a
    picture as big as it): where such parts cover an area, the felt under it is not painted.
    """

    rect: pygame.Rect
    paint: Callable[..., None]
    args: tuple[Any, ...] = ()
    opaque: bool = False

    def same_as(self, other: Part) -> bool:
        """Return True if `other` paints exactly what this part paints."""
        return self.paint == other.paint and self.rect == other.rect and self.args == other.args


def changed_areas(before: list[Part] | None, now: list[Part]) -> list[pygame.Rect] | None:
    """Return where `now` differs from `before`; None: everywhere (nothing to compare with).

    Parts are matched by their paint function and rect (a row card, a seat), so a part that came
    or went (a row laid or collected) is one area, not a reason to paint everything again.
    """
    if before is None:
        return None
    old = {(p.paint, tuple(p.rect)): p for p in before}
    new = {(p.paint, tuple(p.rect)): p for p in now}
    if len(old) != len(before) or len(new) != len(now):
        return None  # two parts at one place: compare nothing, paint all
    areas = [part.rect for key, part in new.items() if key not in old or not old[key].same_as(part)]
    return areas + [part.rect for key, part in old.items() if key not in new]


# What painting the resting picture is reckoned to cost, in microseconds of this machine's CPU (measured
# over both how-tos' tables: the felt about 1.5 ns a pixel; a part about 2.5 ns a pixel of its rect inside
# the area, and 60 us a call). A reckoning, not a clock: the same change costs the same on every run, so
# how long the how-to holds still for it is the same every time (game.tv.howto).
FELT_NS_PER_PX = 1.5
PART_NS_PER_PX = 2.5
PART_US = 60.0
BAND = 135  # the rows of a whole repaint spread over frames (a multiple of the how-to's 15-pixel grid)


def rest_cost(parts: list[Part], areas: list[pygame.Rect] | None, size: tuple[int, int] = layout.CANVAS) -> float:
    """Return the reckoned microseconds of painting the felt and `parts` in `areas` (None: everywhere)."""
    total = 0.0
    for area in areas if areas is not None else [pygame.Rect((0, 0), size)]:
        total += area.width * area.height * FELT_NS_PER_PX / 1000
        for part in parts:
            if part.rect.colliderect(area):
                clip = part.rect.clip(area)
                total += PART_US + clip.width * clip.height * PART_NS_PER_PX / 1000
    return total


def bands(area: pygame.Rect) -> list[pygame.Rect]:
    """Return `area` cut into bands of at most `BAND` rows (a big repaint in slices)."""
    return [pygame.Rect(area.x, y, area.width, min(BAND, area.bottom - y)) for y in range(area.top, area.bottom, BAND)]


def outermost(areas: list[pygame.Rect]) -> list[pygame.Rect]:
    """Return `areas` without those inside another (painting an area paints all of it: once is enough)."""
    kept: list[pygame.Rect] = []
    for k, area in enumerate(areas):
        for j in area.collidelistall(areas):  # (those it meets, found in C: a frame can bring 40 areas)
            other = areas[j]
            if j != k and other.contains(area) and (other != area or j < k):
                break
        else:
            kept.append(area)
    return kept


@dataclass
class _RestPlan:
    """The resting layer being brought up to `key`'s picture, area by area (`TableScene.paint_rest_ahead`)."""

    key: Any
    parts: list[Part]
    areas: list[pygame.Rect] | None  # what changed (None: all of it)
    todo: list[pygame.Rect]  # the areas still to paint
    done: list[pygame.Rect] = field(default_factory=list)


def covered(area: pygame.Rect, rects: list[pygame.Rect]) -> bool:
    """Return True if `rects` together cover every pixel of `area`."""
    left = [area]
    for rect in rects:
        rest: list[pygame.Rect] = []
        for piece in left:
            common = piece.clip(rect)
            if not common.width or not common.height:
                rest.append(piece)
                continue
            if piece.top < common.top:  # what `rect` leaves of the piece: above, below, left and right of it
                rest.append(pygame.Rect(piece.left, piece.top, piece.width, common.top - piece.top))
            if common.bottom < piece.bottom:
                rest.append(pygame.Rect(piece.left, common.bottom, piece.width, piece.bottom - common.bottom))
            if piece.left < common.left:
                rest.append(pygame.Rect(piece.left, common.top, common.left - piece.left, common.height))
            if common.right < piece.right:
                rest.append(pygame.Rect(common.right, common.top, piece.right - common.right, common.height))
        left = rest
        if not left:
            return True
    return False


def paint_parts(ctx: Context, canvas: pygame.Surface, parts: list[Part], areas: list[pygame.Rect] | None) -> None:
    """Paint the felt and `parts` on `canvas`: everywhere (areas None), or only inside each of `areas` (the felt
    only where no opaque part lies: it would be painted over)."""
    if areas is None:
        ctx.background(canvas)
        for part in parts:
            part.paint(canvas, *part.args)
        return
    for area in areas:
        canvas.set_clip(area)
        try:
            under = [part for part in parts if part.rect.colliderect(area)]
            if not covered(area, [part.rect for part in under if part.opaque]):
                ctx.background(canvas)
            for part in under:
                part.paint(canvas, *part.args)
        finally:
            canvas.set_clip(None)


def _to_next_second(left: float | None) -> float:
    """Return the seconds until a countdown showing `left` (rounded up) shows one less (inf: none running)."""
    if left is None or left <= 0:
        return math.inf
    return left - math.ceil(left - 1) + 1e-3


class Animator:
    """What a table scene's animations give it. This base has none: a game without animations needs no code.

    A game's animator overrides what it has:
    - `start(update, previous)`: schedule the pictures of a newly accepted update's public events
      (`previous` is the update before it, or None);
    - `update(dt)`: move on by `dt` seconds; return the names of the sounds that start now (a
      platform `Sfx`, or one of the game's own `GameScreens.sounds`);
    - `running`: True while a picture moves or is still to come (every frame is drawn meanwhile,
      and the score screen waits for it);
    - `draw(canvas)`: paint what moves over the resting table (reads only); return every rect it
      painted (the next frame puts the resting table back there);
    - `rest_state()`: what the resting table leaves to the animations now (the cards in flight and
      the slots they will land in are hidden at rest), compared by ==: a change repaints the table;
    - `news`: the line saying what the latest event shown did ("" for none);
    - `reset()`: forget every animation (a fresh table).
    """

    @property
    def news(self) -> str:
        """Return the line saying what the latest event shown did ("" for none)."""
        return ""

    @property
    def running(self) -> bool:
        """Return True while a picture moves or is still to come."""
        return False

    def reset(self) -> None:
        """Forget every animation and news line."""

    def start(self, update: dict[str, Any], previous: dict[str, Any] | None) -> None:
        """Schedule the animations of `update`'s public events."""

    def update(self, dt: float) -> list[str]:
        """Advance the animations by `dt` seconds; return the sounds of those that start now."""
        return []

    def draw(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Paint the running animations over the table; return where they painted."""
        return []

    def rest_state(self) -> Any:
        """Return what the resting table leaves to the animations now (the cards they hide), compared by ==."""
        return None


class TableScene(Scene):
    """What every game's table does beside its own picture: the 'X is away' hint, B handing an away
    player's seat to a bot, and the turn timer's countdown (from the update's public `timer`).

    A game's table may set `self.anim` to its animator (an `Animator`: the default has no
    animations); `on_update` starts the animations of each update's events and keeps the away
    hint and the turn timer (`track_table`).

    It paints in two parts: the resting picture of the latest view, as `rest_parts` (felt,
    panels, cards, names, the seconds on show; each `Part` with the arguments it reads), and
    `draw_moving` (the animations, the news line, the toast) over it. The resting picture is kept
    in a layer of the canvas's own pixel format and brought up to date only when `rest_key`
    changes (a new update, a second shown, a card the animations hide or give back: the game's
    `rest_state`), part by part; a frame copies back from it only where the last frame painted
    over it, then paints what moves. See `draw`.
    """

    anim: Animator

    def enter(self) -> None:
        """Start with a clean animation timeline."""
        self.anim.reset()

    def on_update(self, update: dict[str, Any]) -> None:
        """Start the animations of the update's events; keep the away hint and the turn timer."""
        self.anim.start(update, self.ctx.model.previous)
        self.track_table(update)

    def update(self, dt: float) -> None:
        """Advance the animations, play their sounds, count the turn timer down."""
        for sound in self.anim.update(dt):
            self.ctx.play(sound)
        self.tick_timer()

    @property
    def busy(self) -> bool:
        """Return True while animations or a moment are still playing (the app waits before leaving the table)."""
        return bool(self.anim.running) or self.in_moment

    @property
    def animating(self) -> bool:  # type: ignore[override]
        """Return True while the animations play (each frame then differs)."""
        return bool(self.anim.running)

    def frame_key(self) -> Any:
        """Return the whole seconds on show (the turn timer's with its seat, a time-limited game's) and whether a moment plays."""
        turn = None if self.timer_left is None else (self.timer_seat, int(self.timer_left + 0.999))
        game = None if self.game_left is None else int(self.game_left + 0.999)
        return turn, game, self.in_moment

    def next_change(self) -> float:
        """Return the seconds until a shown countdown (turn timer, game clock) drops by one."""
        ends = math.inf if not self.in_moment or self.moment_until is None else self.moment_until - self.ctx.clock + 1e-3
        return min(_to_next_second(self.timer_left), _to_next_second(self.game_left), ends)

    def rest_state(self) -> Any:
        """Return what the resting picture takes from the animations (the slots they hide...), compared by ==."""
        return self.anim.rest_state()

    def rest_key(self) -> Any:
        """Return everything the resting picture depends on: a new value paints it again."""
        return self.ctx.model.accepted, self.frame_key(), self.rest_state()

    def rest_parts(self) -> list[Part]:
        """Return the parts of the resting picture of the latest view, in painting order (reads only)."""
        return []

    def draw_rest(self, canvas: pygame.Surface) -> None:
        """Paint the resting picture of the latest view: the felt, then every part (reads only)."""
        paint_parts(self.ctx, canvas, self.rest_parts(), None)

    def draw_moving(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Paint what moves over the resting picture (animations, news, toast); return every rect it painted.

        The next frame puts the resting picture back in those rects only, so a missing one would
        leave a trace (tests compare every frame with a fresh paint). This one paints the
        animations, then the toast.
        """
        painted = list(self.anim.draw(canvas))
        toast = draw_toast(self.ctx, canvas)
        return painted if toast is None else [*painted, toast]

    def draw(self, canvas: pygame.Surface) -> None:
        """Copy the resting picture (brought up to date when `rest_key` changed), then paint what moves over it.

        The layer is a cache of `draw_rest`'s pixels, not state: the picture is exactly
        `draw_rest` then `draw_moving` on the canvas (tests compare the two pixel for pixel).
        When the key changes, only the parts that changed, came or went are painted again, with
        the felt and every part under them, clipped to their rects. When the canvas is
        the one the last frame went to, only the rects that frame painted over and the changed
        areas are copied back from the layer; otherwise the whole layer is.
        """
        layer = self._layer_for(canvas)
        self.paint_rest_ahead(canvas)  # what is left of it
        changed, self._fresh = self._fresh, []
        if canvas is self._shown_on and changed is not None:
            # the canvas still holds the last frame: put the table back only where things moved or changed
            restored = self._moved + changed
            for area in restored:
                canvas.blit(layer, area, area)
            self._moved = list(self.draw_moving(canvas) or ())
            self.painted = restored + self._moved
        else:
            canvas.blit(layer, (0, 0))
            self._moved = list(self.draw_moving(canvas) or ())
            self.painted = None
        self._shown_on = canvas

    def forget_canvas(self) -> None:
        """Something else painted on the canvas since the last frame (or the window changed): copy all next time."""
        self._shown_on = None

    def _layer_for(self, canvas: pygame.Surface) -> pygame.Surface:
        """Return the resting layer for `canvas` (its size and pixel format: a plain memcpy), new if it changed."""
        layer = self._rest_layer
        if layer is None or layer.get_size() != canvas.get_size() or layer.get_bitsize() != canvas.get_bitsize():
            layer = self._rest_layer = padded(canvas.get_size(), canvas)  # (copied back in small rects)
            self._rest_drawn, self._rest_parts, self._shown_on = _NOTHING, None, None
            self._plan, self._fresh = None, None
        return layer

    def planned_parts(self, key: Any) -> list[Part]:
        """Return `rest_parts()` for the rest key `key` (the current one), made once per key."""
        memo = self._parts_memo
        if memo is None or memo[0] != key:
            memo = self._parts_memo = (key, self.rest_parts())
        return memo[1]

    def paint_rest_ahead(self, canvas: pygame.Surface, until: float = math.inf) -> bool:
        """Bring the resting layer (for `canvas`) up to date with the current view, area by area, till this
        thread's CPU clock (`time.thread_time`) passes `until` (one area at least); return True once it is
        up to date.

        A big change (a new deal) can so be painted over a few frames while the picture on show holds
        (the how-to's player does); `draw` paints whatever is left. Painting an area is painting the
        felt and every part under it, clipped to it, as `draw` always does: the same pixels, however
        the work was cut.
        """
        layer = self._layer_for(canvas)
        key = self.rest_key()
        if key == self._rest_drawn:
            return True
        plan = self._plan
        if plan is None or plan.key != key:
            parts = self.planned_parts(key)
            areas = changed_areas(self._rest_parts, parts)
            if plan is not None and plan.done and areas is not None:
                areas = areas + plan.done  # an older change half painted there: paint those areas again too
            todo = [layer.get_rect()] if areas is None else outermost(areas)
            if until != math.inf:  # in slices: no area taller than a band
                todo = [band for area in todo for band in bands(area)]
            plan = self._plan = _RestPlan(key, parts, areas, todo)
        first = True  # (one area at least: each call gets on)
        while plan.todo and (first or until == math.inf or time.thread_time() < until):
            first = False
            self._rest_drawn = _NOTHING  # (the layer is half way to the plan's picture now)
            area = plan.todo.pop(0)
            paint_parts(self.ctx, layer, plan.parts, None if plan.areas is None and not plan.done and not plan.todo
                        else [area])
            plan.done.append(area)
        if plan.todo:
            return False
        self._rest_drawn, self._rest_parts, self._plan = key, plan.parts, None
        self._fresh = None if self._fresh is None or plan.areas is None else self._fresh + plan.areas
        return True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.anim = Animator()  # a game's table sets its own after this
        self.timer_left: float | None = None
        self.timer_seat: int | None = None
        self._timer_base: tuple[float, float] | None = None  # (seconds_left, clock when received)
        self._last_tick = -1
        self._away_hint: tuple[int, str] | None = None  # (seat, text) of the 'X is away' toast
        self.game_left: float | None = None  # a time-limited game's time left, counted down between updates
        self._game_base: tuple[float, float] | None = None
        self.moment: dict[str, Any] | None = None  # the table's moment playing (update.moment), as it began here
        self.moment_until: float | None = None  # when it ends on the TV's clock (the TV finishes it first)
        self._rest_layer: pygame.Surface | None = None  # draw_rest's picture, painted for _rest_drawn
        self._rest_drawn: Any = _NOTHING
        self._rest_parts: list[Part] | None = None  # the parts the layer shows
        self._shown_on: pygame.Surface | None = None  # the canvas the last frame went to (it still holds it)
        self._moved: list[pygame.Rect] = []  # where that frame painted over the layer
        self._parts_memo: tuple[Any, list[Part]] | None = None  # (rest key, its parts)
        self._plan: _RestPlan | None = None  # the layer's change being painted ahead
        self._fresh: list[pygame.Rect] | None = None  # the layer's areas painted since the last frame (None: all)

    def track_table(self, update: dict[str, Any]) -> None:
        """Say who dropped or came back and restart the turn timer countdown."""
        self._hint_away(update, self.ctx.model.previous)
        timer = update.get("timer")
        if isinstance(timer, dict) and isinstance(timer.get("seconds_left"), (int, float)):
            self.timer_seat = timer.get("seat")
            self._timer_base = (float(timer["seconds_left"]), self.ctx.clock)
        else:
            self.timer_seat, self._timer_base, self.timer_left = None, None, None
        clock = update.get("game_time")
        if isinstance(clock, dict) and isinstance(clock.get("seconds_left"), (int, float)):
            self._game_base = (float(clock["seconds_left"]), self.ctx.clock)
            self.game_left = self._game_base[0]
        else:
            self._game_base, self.game_left = None, None
        moment = update.get("moment")
        if isinstance(moment, dict) and isinstance(moment.get("seconds_left"), (int, float)):
            if self.moment is None or self.moment.get("since") != moment.get("since"):
                self.moment, self.moment_until = moment, self.ctx.clock + float(moment["seconds_left"])
        elif self.moment is not None:
            # the table says the moment is over (its clock ran out, a new game, a TV catching up): it ends here too
            self.moment, self.moment_until = None, None

    @property
    def in_moment(self) -> bool:
        """Return True while the table's moment plays on the TV: its length from when it came, until the table
        says it is over (people's moves meanwhile do not cut it short; the score screen waits for it)."""
        return self.moment_until is not None and self.ctx.clock < self.moment_until

    def moment_elapsed(self) -> float:
        """Return the seconds the moment on show has played (0 for none)."""
        if self.moment is None or self.moment_until is None:
            return 0.0
        return max(0.0, float(self.moment.get("seconds") or 0) - (self.moment_until - self.ctx.clock))

    def seat_tags(self, seat: int, info: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        """Return the table's tags of a seat panel: away (or bot), then its turn timer's seconds."""
        t = self.ctx.texts
        tags: list[tuple[str, tuple[int, int, int]]] = []
        if not info.get("connected", True):
            tags.append((t("seat.offline"), WARN))
        elif info.get("bot"):
            tags.append((t("seat.bot"), INK_DIM))
        if info.get("coached"):  # everyone at the table sees who plays with the coach
            tags.append((t("coach.badge"), COACH))
        if seat == self.timer_seat and self.timer_left is not None:
            tags.append((t("timer.seconds", s=int(self.timer_left + 0.999)), GOLD))
        return tags

    def draw_tags(self, canvas: pygame.Surface, tags: list[tuple[str, tuple[int, int, int]]], x: int, y: int,
                  gap: int) -> None:
        """Write `tags` left to right from (x, y: their middle), `gap` apart."""
        for text, colour in tags:
            x = self.ctx.tc.blit(canvas, text, layout.TEXT_SMALL, colour, midleft=(x, y)).right + gap

    def tick_timer(self) -> None:
        """Count the turn timer (and a time-limited game's clock) down; tick over the turn's last five seconds."""
        if self._game_base is not None:
            left, since = self._game_base
            self.game_left = max(0.0, left - (self.ctx.clock - since))
        if self._timer_base is not None:
            left, since = self._timer_base
            self.timer_left = max(0.0, left - (self.ctx.clock - since))
            whole = int(self.timer_left + 0.999)
            if whole <= 5 and whole != self._last_tick and whole > 0:
                self.ctx.play(Sfx.TICK)
            self._last_tick = whole

    def _hint_away(self, update: dict[str, Any], previous: dict[str, Any] | None) -> None:
        """Say who just dropped (B lets a bot play for them); take the hint down once they are back."""
        def away(u: dict[str, Any] | None) -> dict[int, str]:
            return {s.get("seat"): str(s.get("name", "")) for s in ((u or {}).get("table") or {}).get("seats") or ()
                    if not s.get("connected", True) and not s.get("bot")}

        now, before = away(update), away(previous)
        for seat, name in now.items():
            if seat not in before:
                self._away_hint = (seat, self.ctx.texts("tv.hint_away", name=name))
                self.ctx.toast(self._away_hint[1], seconds=6)
        if self._away_hint is not None and self._away_hint[0] not in now:
            self.ctx.end_toast(self._away_hint[1])
            self._away_hint = None
            for seat, name in now.items():  # someone else is still away: say that instead
                self._away_hint = (seat, self.ctx.texts("tv.hint_away", name=name))
                self.ctx.toast(self._away_hint[1], seconds=6)
                break

    def handle(self, intent: Intent) -> None:
        """B hands a disconnected player's seat to a bot (the player takes it back by reconnecting)."""
        if intent is not Intent.ADD_BOT:
            return
        away = [s for s in self.ctx.model.table.get("seats") or () if not s.get("connected", True) and not s.get("bot")]
        if away:
            self.ctx.host({"cmd": "seat_to_bot", "seat": away[0]["seat"]})
        else:
            self.ctx.toast(self.ctx.texts("tv.no_away_seat"))
