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
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.tv import layout
from game.tv.model import TableModel
from game.tv.render import GOLD, INK, INK_DIM, PANEL, draw_symbol, parse_colour

from game.tv.scenes.base import Context, Scene
from game.tv.scenes.results import ResultsScene

if TYPE_CHECKING:
    from game.howto import HowToStep  # (the engines' side: imported when a how-to is built, not with the TV)

BEAT = 1.1  # seconds between two moves shown in one step (once the previous one's animation ended)
Inset = Callable[[Context, pygame.Surface, dict[str, Any]], None]  # a game's painter of a step's inset data


# ---------------------------------------------------------------- the inset: "what the phone shows"


def phone_frame(ctx: Context, canvas: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
    """Paint a phone (a dark rounded frame with `title` on top) at `rect`; return the screen area inside."""
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
    changes (`frame_key`); at rest the lobby draws nothing new until the next step is due.
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
        self._full: pygame.Surface | None = None
        self._picture: pygame.Surface | None = None
        self._painted: Any = None
        if steps:
            self._feed()

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
        """Return True while the demo table's animations run (every frame then differs)."""
        return not self.done and bool(getattr(self.scene, "animating", False))

    def _next_feed_in(self) -> float:
        if self.fed >= len(self.step.updates) or self.animating:
            return math.inf
        return max(0.0, self._fed_at + BEAT - self.at)

    def update(self, dt: float) -> None:
        """Move on by `dt` seconds: the demo's animations, the next move of the step, the next step."""
        if self.done:
            return
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

    def stop(self) -> None:
        """End it now (a key, a Start)."""
        self.done = True

    def frame_key(self) -> Any:
        """Return what the how-to shows at rest: the step and how many of its moves are on the table."""
        return None if self.done else (self.index, self.fed)

    def next_change(self) -> float:
        """Return the seconds until the next move or step is due."""
        if self.done:
            return math.inf
        return max(0.0, min(self.step.seconds - self.at, self._next_feed_in()) + 1e-3)

    def picture(self, size: tuple[int, int]) -> pygame.Surface:
        """Return the demo table (and the step's inset) scaled to `size`, painted again only when it changed.

        A cache of pixels, not state: the same step, moves and animation frame give the same picture.
        """
        key = (self.index, self.fed, self.demo.clock if self.animating else None, size)
        if self._picture is None or self._painted != key:
            if self._full is None:
                self._full = pygame.Surface(layout.CANVAS)
                self._picture = pygame.Surface(size)
            if self._picture is None or self._picture.get_size() != size:
                self._picture = pygame.Surface(size)
            self.scene.forget_canvas()
            self.scene.draw(self._full)
            inset = self.step.inset
            paint = self.insets.get(str(inset.get("kind"))) if inset else None
            if paint is not None and not self.animating:  # once the move has settled
                paint(self.demo, self._full, inset)
            pygame.transform.smoothscale(self._full, size, self._picture)
            self._painted = key
        return self._picture


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
