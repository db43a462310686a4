"""A game's how-to: a short script of captioned steps over a demo table, made of public updates.

A game that has one brings the module `game/engine/<pkg>/howto.py` (pure, like its engine): it
declares its demo table (`PLAYERS`, `SEED`, optionally `OPTIONS` and `chance`, a stacked deal) and
`script(demo)`, which plays real moves on a `DemoTable` (each one checked by the engine) and
closes each step with `demo.step(caption, ...)`. The demo is a seeded game of made-up players,
never the real table: its updates are shaped by the same whitelists (`game.protocol`) as the
public updates the session sends the TV, and a step's inset (what a demo player's phone shows)
holds only that made-up game's data. The TV plays the steps in its lobby (game.tv.howto); the
server offers the host's "How to play" for the games that have a script (`has_how_to`).

The platform names no game here: it finds the script module by the game id, as the TV finds a
game's scenes; the captions are keys of the game's own text table (`tv.howto.step.<name>`).
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable

from game import protocol as P
from game.engine import GAMES
from game.seats import PALETTE, SYMBOLS  # the seats' colours and symbols, as a real table deals them

DEMO_NAMES = ("Mia", "Leo", "Zoé", "Sam", "Ivy", "Kai")  # made up: the demo table is nobody's
MAX_SECONDS = 60.0  # a how-to never runs longer
MIN_STEPS, MAX_STEPS = 6, 9
STEP_SECONDS = 7.0
CAPTION_PREFIX = "tv.howto.step."  # a game's caption keys, in its own text table


@dataclass(frozen=True)
class HowToStep:
    """One step: a caption (a key of the game's text table), the demo table's updates, an optional inset.

    `updates` are public updates of the demo game, shown one after the other (each move's
    animation plays). `inset`: data the game's TV paints over the demo table once the moves have
    settled, `{"kind": <the game's inset name>, ...}` (a demo seat's phone: made-up cards).
    `results`: the step shows the demo game's score screen.
    """

    caption: str
    updates: tuple[dict[str, Any], ...]
    seconds: float = STEP_SECONDS
    inset: dict[str, Any] | None = None
    results: bool = False


class DemoTable:
    """A seeded engine game of `game_id` with made-up players, giving its public updates as the session does.

    `play` checks and applies one real move (then any chance the game says is due) and keeps the
    public update it makes; `step` gathers the updates made since the last step into a `HowToStep`.
    `chance` may stack the deck: it returns the chance entry to apply (checked by the engine like
    any other), or None for the seeded draw.
    """

    def __init__(self, game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
                 chance: Callable[[Any, random.Random], dict[str, Any] | None] | None = None) -> None:
        self.game_id = game_id
        self.rules = GAMES[game_id]
        self.rng = random.Random(seed)
        self.arrange = chance
        values = self.rules.option_values(options or {})
        self.state = self.rules.new_game(players, self.rng, self.rules.engine_options(values))
        self.players = players
        self.version = 1
        self.steps: list[HowToStep] = []
        self._table = P.table_to_wire(demo_table_part(game_id, players, values))
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
        """Make a real move (checked first: a script with an illegal move fails loudly); keep its update if `show`."""
        self.rules.check(self.state, seat, action)
        events = list(self.rules.apply(self.state, seat, action)) + self._chance()
        self.version += 1
        if show:
            self._made.append(self.public_update(events))

    @property
    def last_events(self) -> list[dict[str, Any]]:
        """Return the public events of the last update kept (what the last move shown did)."""
        return list(self._made[-1].get("events") or ()) if self._made else []

    def snapshot(self) -> None:
        """Keep the picture as it stands now (after quiet moves), without events."""
        self._made.append(self.public_update([]))

    def public_update(self, events: list[Any]) -> dict[str, Any]:
        """Return the demo game's public `update` now, with the public ones of `events`, shaped as the session does."""
        rules, over = self.rules, self.rules.outcome(self.state) is not None
        wire = [e for e in (P.event_to_wire(self.game_id, ev.to_dict()) for ev in events if ev.to is None) if e]
        view = P.view_to_wire(self.game_id, rules.public_view(self.state), seat_view=False)
        you = {"seat": None, "role": str(P.Role.WATCHER), "host": False, "name": None, "colour": None, "symbol": None}
        # the moment the room sees at the real table (game/table/moments.py), at the normal pace: the how-to shows
        # a round's outcome with the very pictures the game's table draws for it
        found = rules.moment_of(wire) if wire else None
        moment = None if found is None else P.moment(kind=found.kind, since=self.version, seconds=found.seconds,
                                                     left=found.seconds, tells=found.tells, events=wire)
        return P.update(version=self.version, stage=P.Stage.OVER if over else P.Stage.PLAYING, table=self._table,
                        you=you, view=view, events=wire, timer=None,
                        acting=[] if over else sorted(rules.to_act(self.state)),
                        outcome=P.outcome_to_wire(self.game_id, rules.outcome(self.state)) if over else None,
                        moment=moment)

    def seat_view(self, seat: int) -> dict[str, Any]:
        """Return what demo seat `seat`'s phone shows now (made-up cards: for an inset), as its wire view."""
        return P.view_to_wire(self.game_id, self.rules.view_for(self.state, seat), seat_view=True) or {}

    def step(self, caption: str, seconds: float = STEP_SECONDS, inset: dict[str, Any] | None = None,
             results: bool = False) -> None:
        """Close a step showing the updates made since the last one (or the picture as it stands)."""
        made, self._made = self._made or [self.public_update([])], []
        last = made[-1].get("moment")
        if last is not None:  # a step that ends on a moment plays it for the whole step (read at the caption's pace)
            stretched = max(float(last["seconds"]), seconds)
            made[-1] = {**made[-1], "moment": {**last, "seconds": stretched, "seconds_left": stretched}}
        self.steps.append(HowToStep(caption, tuple(made), seconds, inset, results))


def demo_table_part(game_id: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Return the `table` part of the demo's updates: the game, made-up players, no join code."""
    return {"game": game_id, "options": dict(options), "games": [], "table_options": [], "join_code": "",
            "host_seat": None, "watchers": 0, "waiting": [],
            "seats": [{"seat": i, "name": DEMO_NAMES[i], "colour": PALETTE[i], "symbol": SYMBOLS[i],
                       "bot": None, "level": None, "connected": True, "host": False} for i in range(players)]}


def script_module(game_id: str) -> ModuleType | None:
    """Return the game's how-to script module (`game.engine.<pkg>.howto`), or None when it has none."""
    if game_id not in GAMES:
        return None
    name = f"game.engine.{game_id.replace('-', '_')}.howto"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if not exc.name or not name.startswith(exc.name):  # a missing module the script itself imports
            raise
        return None  # no script (or a game with no engine package of its own)


@lru_cache(maxsize=None)
def has_how_to(game_id: str) -> bool:
    """Return True if the game has a how-to (the host's phone then offers "How to play")."""
    return script_module(game_id) is not None


def build(game_id: str) -> list[HowToStep]:
    """Return the game's how-to, its steps played on a fresh demo table ([] for a game without one)."""
    module = script_module(game_id)
    if module is None:
        return []
    demo = DemoTable(game_id, module.PLAYERS, module.SEED, getattr(module, "OPTIONS", None),
                     getattr(module, "chance", None))
    module.script(demo)
    return list(demo.steps)


def total_seconds(steps: list[HowToStep]) -> float:
    """Return how long a how-to plays."""
    return sum(s.seconds for s in steps)
