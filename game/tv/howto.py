"""A game's how-to on the TV: a short script of captioned steps played over a demo table in the lobby.

A game that has one gives `GameScreens.howto`: a function returning its steps (`HowToStep`), built
with a `DemoTable`, a seeded engine game with made-up players advanced by real, checked moves whose
public updates are shaped exactly as the session shapes the real ones. The lobby plays the steps
with a `HowToPlayer`, which draws the game's own table scene from those updates in a context of
its own (its own `TableModel`): nothing of the real table is ever read. Where a step shows what a
demo player's phone shows (their made-up hand), the game paints it as an inset with `phone_frame`.

The platform names no game here: the captions are keys of the game's own text table
(`tv.howto.step.<name>`), the pictures its own scene and art.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game import protocol as P
from game.engine import GAMES
from game.tv import layout
from game.tv.model import TableModel
from game.tv.render import GOLD, INK, INK_DIM, PANEL, draw_symbol, panel, parse_colour

from game.tv.scenes.base import Context, Scene
from game.tv.scenes.results import ResultsScene

DEMO_NAMES = ("Mia", "Leo", "Zoé", "Sam", "Ivy", "Kai")  # made up: the demo table is nobody's
DEMO_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00")
DEMO_SYMBOLS = ("triangle", "circle", "square", "diamond", "star", "cross")
MAX_SECONDS = 60.0  # a how-to never runs longer
STEP_SECONDS = 7.0
BEAT = 1.1  # seconds between two moves shown in one step (once the previous one's animation ended)
CAPTION_LINES = 3
CAPTION_PREFIX = "tv.howto.step."  # a game's caption keys; the server offers a how-to when its table has one


@dataclass(frozen=True)
class HowToStep:
    """One step: a caption (a key of the game's text table), the demo table's updates, an optional inset.

    `updates` are shown one after the other (each move's animation plays), the first at once;
    `inset(ctx, canvas)` paints over the demo table at canvas scale once the moves have settled (a demo
    seat's phone: made-up cards); `results`: the step shows the platform's score screen of the demo game.
    """

    caption: str
    updates: tuple[dict[str, Any], ...]
    seconds: float = STEP_SECONDS
    inset: Callable[[Context, pygame.Surface], None] | None = None
    results: bool = False


class DemoTable:
    """A seeded engine game of `game_id` with made-up players, giving its public updates as the session does.

    `play` checks and applies one real move (then any chance the game says is due) and keeps the
    public update it makes; `step` gathers the updates made since the last step into a `HowToStep`.
    """

    def __init__(self, game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
                 chance: Callable[[Any, random.Random], dict[str, Any] | None] | None = None) -> None:
        self.game_id = game_id
        self.arrange = chance  # the script's own chance entries (a stacked deal), else the seeded draw
        self.rules = GAMES[game_id]
        self.rng = random.Random(seed)
        values = self.rules.option_values(options or {})
        self.options = dict(values)
        self.state = self.rules.new_game(players, self.rng, self.rules.engine_options(values))
        self.players = players
        self.version = 1
        self._table = P.table_to_wire(demo_table_part(game_id, players, self.options))
        self._made: list[dict[str, Any]] = []
        self._chance()
        self._made.append(self.public_update([]))

    @property
    def names(self) -> tuple[str, ...]:
        """Return the demo players' names, by seat."""
        return DEMO_NAMES[:self.players]

    def _chance(self) -> list[Any]:
        events: list[Any] = []
        while self.rules.outcome(self.state) is None and self.rules.chance_due(self.state) is not None:
            entry = self.arrange(self.state, self.rng) if self.arrange is not None else None
            events += self.rules.apply_chance(self.state, entry or self.rules.sample_chance(self.state, self.rng))
        return events

    def legal(self, seat: int) -> list[Any]:
        """Return the moves `seat` may make now."""
        return list(self.rules.legal_actions(self.state, seat))

    def play(self, seat: int, action: Any, *, show: bool = True) -> None:
        """Make a real move (checked first: an illegal script fails loudly) and keep its public update (`show`)."""
        self.rules.check(self.state, seat, action)
        events = list(self.rules.apply(self.state, seat, action)) + self._chance()
        self.version += 1
        update = self.public_update(events)
        if show:
            self._made.append(update)

    @property
    def last_events(self) -> list[dict[str, Any]]:
        """Return the public events of the last update kept (what the last move shown did)."""
        return list(self._made[-1].get("events") or ()) if self._made else []

    def snapshot(self) -> None:
        """Keep the picture as it stands now (after quiet moves), without events."""
        self._made.append(self.public_update([]))

    def public_update(self, events: list[Any]) -> dict[str, Any]:
        """Return the public `update` of the demo game now, with the public ones of `events`."""
        rules, over = self.rules, self.rules.outcome(self.state) is not None
        wire = [e for e in (P.event_to_wire(self.game_id, ev.to_dict()) for ev in events if ev.to is None) if e]
        view = P.view_to_wire(self.game_id, rules.public_view(self.state), seat_view=False)
        you = {"seat": None, "role": str(P.Role.WATCHER), "host": False, "name": None, "colour": None, "symbol": None}
        return P.update(version=self.version, stage=P.Stage.OVER if over else P.Stage.PLAYING, table=self._table,
                        you=you, view=view, events=wire, timer=None,
                        acting=[] if over else sorted(rules.to_act(self.state)),
                        outcome=P.outcome_to_wire(self.game_id, rules.outcome(self.state)) if over else None)

    def seat_view(self, seat: int) -> dict[str, Any]:
        """Return what demo seat `seat`'s phone shows now (made-up cards), as its wire view."""
        return P.view_to_wire(self.game_id, self.rules.view_for(self.state, seat), seat_view=True) or {}

    def step(self, caption: str, seconds: float = STEP_SECONDS,
             inset: Callable[[Context, pygame.Surface], None] | None = None, results: bool = False) -> HowToStep:
        """Return a step showing the updates made since the last step (or the picture as it stands);
        `results`: on the score screen (a finished demo game's)."""
        made, self._made = self._made or [{**self.public_update([]), "events": []}], []
        return HowToStep(caption, tuple(made), seconds, inset, results)


def demo_table_part(game_id: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Return the `table` part of the demo's updates: the game, made-up players, no join code."""
    return {"game": game_id, "options": dict(options), "games": [], "table_options": [], "join_code": "",
            "host_seat": None, "watchers": 0, "waiting": [],
            "seats": [{"seat": i, "name": DEMO_NAMES[i], "colour": DEMO_COLOURS[i], "symbol": DEMO_SYMBOLS[i],
                       "bot": None, "level": None, "connected": True, "host": False} for i in range(players)]}


def total_seconds(steps: list[HowToStep]) -> float:
    """Return how long a how-to plays."""
    return sum(s.seconds for s in steps)


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
                 table_scene: Callable[[Context], Scene]) -> None:
        self.game_id = game_id
        self.steps = steps
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
            if self.step.inset is not None and not self.animating:  # once the move has settled
                self.step.inset(self.demo, self._full)
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
