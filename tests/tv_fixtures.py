"""Fixture PUBLIC updates for the TV tests, built from the engine and bots like the server builds them.

The TV test kit (`TV_GAMES`, `session_updates`, `kit_updates`, `table_frames`, `turn_seat`) gives
every game the lobby offers the same fixtures: the public updates a real `Session` sends the TV
while bots play a whole seeded game, so a generic TV test parametrised over `TV_GAMES` covers a
newly registered game by itself. `game_updates`, `pick` and `rig_scores` are Cat in the Sack's.
"""

from __future__ import annotations

import json
import queue
import random
from functools import lru_cache
from typing import Any

from game.bots import make_bot
from game.bots import levels
from game.engine import GAMES
from game.engine import cat_in_the_sack as sack
from game.engine.cat_in_the_sack.views import public_view, view_for
from game.protocol import TABLE_OPTIONS, outcome_to_wire

COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00"]
SYMBOLS = ["triangle", "circle", "square", "diamond", "star", "cross"]
NAMES = ["Ana", "Béla", "Chloé", "Dániel", "Élodie", "Ferran"]
JOIN_URL = "http://192.168.1.23:8765/?k=K7MQ2X"


def table(players: int, *, open_piles: bool = False, timer: int = 0, disconnected: tuple[int, ...] = (),
          bots: tuple[int, ...] = (1, 2)) -> dict[str, Any]:
    """Return a `table` part with `players` seats (seat 0 the host), the registry's games and options."""
    return {"game": "cat-in-the-sack", "options": {"open_piles": open_piles, "turn_timer": timer},
            "games": [{"id": r.id, "min_players": r.min_players, "max_players": r.max_players,
                       "options": [o.to_dict() for o in r.options], "bot_levels": levels(r.id)}
                      for r in GAMES.values() if r.on_table],
            "table_options": [o.to_dict() for o in TABLE_OPTIONS],
            "join_code": "K7MQ2X", "host_seat": 0, "watchers": 1,
            "seats": [{"seat": i, "name": NAMES[i], "colour": COLOURS[i], "symbol": SYMBOLS[i],
                       "bot": "heuristic" if i in bots else None, "level": "normal" if i in bots else None,
                       "connected": i not in disconnected,
                       "host": i == 0} for i in range(players)]}


def update(version: int, stage: str, tab: dict[str, Any], view: dict[str, Any] | None,
           events: list[dict[str, Any]] | None = None, timer: dict[str, Any] | None = None,
           acting: list[int] | None = None, outcome: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return an `update` message as the server sends the TV."""
    return {"type": "update", "version": version, "stage": stage, "table": tab,
            "you": {"seat": None, "role": "watcher", "host": False, "name": None, "colour": None, "symbol": None},
            "view": view, "events": events or [], "timer": timer, "acting": acting or [], "outcome": outcome}


def game_updates(players: int, seed: int = 3, *, open_piles: bool = False,
                 bot_kind: str = "heuristic") -> list[dict[str, Any]]:
    """Return every public update of one bot game: the lobby, each action, the final scores."""
    rng = random.Random(seed)
    state = sack.new_game(players, rng, {"open_piles": open_piles})
    bots = [make_bot("cat-in-the-sack", bot_kind, random.Random(seed * 10 + s)) for s in range(players)]
    tab = table(players, open_piles=open_piles)
    out = [update(1, "lobby", tab, None)]
    version = 1
    while state.phase is not sack.Phase.OVER:
        seat = min(sack.to_act(state))
        action = bots[seat].act(view_for(state, seat))
        events = sack.apply(state, seat, action)
        version += 1
        stage = "over" if state.phase is sack.Phase.OVER else "playing"
        out.append(update(version, stage, tab, public_view(state).to_dict(),
                          [e.to_dict() for e in events if e.to is None], acting=sorted(sack.to_act(state)),
                          outcome=outcome_to_wire("cat-in-the-sack", sack.outcome(state))))
    return out


# ---------------------------------------------------------------- the kit: every game the lobby offers

TV_GAMES: list[str] = [game for game, rules in GAMES.items() if rules.on_table]


def player_counts(game: str) -> list[int]:
    """Return the smallest and the largest table of `game` (one count if they are the same)."""
    rules = GAMES[game]
    return sorted({rules.min_players, rules.max_players})


def games_and_players() -> list[tuple[str, int]]:
    """Return (game, players) for each game the lobby offers at its smallest and its largest table."""
    return [(game, n) for game in TV_GAMES for n in player_counts(game)]


def session_updates(game: str, players: int, seed: int = 1, **options: Any) -> list[dict[str, Any]]:
    """Return every public update (Out to PUBLIC) a session sends while bots play one whole game of `game`.

    The updates are the TV's very messages: table, view, events, acting, timer, outcome, as JSON
    gives them. Each call returns fresh copies (a test may change them).
    """
    return json.loads(_session_updates(game, players, seed, json.dumps(options, sort_keys=True)))


@lru_cache(maxsize=32)
def _session_updates(game: str, players: int, seed: int, options_json: str) -> str:
    from game import protocol as P
    from game.session import PUBLIC, Out, Session

    now = [0.0]  # the table's clock: each move takes ten seconds (a time-limited game runs out)
    s = Session("TVKIT1", random.Random(seed), game=game, clock=lambda: now[0])
    ups: list[dict[str, Any]] = []
    bots = [make_bot(game, "heuristic", random.Random(seed * 10 + k)) for k in range(players)]

    def keep(outs: list[Any]) -> None:
        for o in outs:
            if not isinstance(o, Out) or o.message.get("type") != "update":
                continue
            if o.to is PUBLIC:
                ups.append(o.message)
            elif s.state is not None and hasattr(bots[o.message["you"]["seat"]], "observe"):
                seat = o.message["you"]["seat"]  # each bot that remembers gets its seat's stream
                bots[seat].observe(s.seat_view(seat), o.message["events"])

    for conn in range(players):
        s.handle(conn, P.Join(f"P{conn}"))
    keep(s.host_command(P.Host(P.HostCmd.SET_GAME, game=game)))
    for name, value in json.loads(options_json).items():
        keep(s.host_command(P.Host(P.HostCmd.SET_OPTION, name=name, value=value)))
    keep(s.host_command(P.Host(P.HostCmd.START)))
    steps = 0
    while s.stage == "playing":
        seat = min(s.rules.to_act(s.state))
        keep(s.submit(seat, s.version, bots[seat].act(s.seat_view(seat))))
        now[0] += 10.0
        if s.deadline is not None and now[0] >= s.deadline:  # a time-limited game runs out, a moment ends
            keep(s.expire_timer())
        steps += 1
        if steps >= 20_000:
            raise RuntimeError(f"{game}: a bot game of {players} did not end")
    if s.deadline is not None:  # the last round's moment, longer than a move's ten seconds, ends as the server ends it
        now[0] = max(now[0], s.deadline)
        keep(s.expire_timer())
    return json.dumps(ups)


def typical_players(game: str) -> int:
    """Return a table of four where `game` allows it, else its nearest size."""
    rules = GAMES[game]
    return min(max(4, rules.min_players), rules.max_players)


def with_seats(tab: dict[str, Any], *, disconnected: tuple[int, ...] = (), bots: tuple[int, ...] = ()) -> dict[str, Any]:
    """Return a copy of the `table` part `tab` whose seats in `disconnected` are away and those in `bots` are bots."""
    out = json.loads(json.dumps(tab))
    for s in out["seats"]:
        s.update(connected=s["seat"] not in disconnected, bot="heuristic" if s["seat"] in bots else None,
                 level="normal" if s["seat"] in bots else None)
    return out


def kit_updates(game: str, players: int | None = None, seed: int = 3) -> list[dict[str, Any]]:
    """Return the public updates of a seeded bot game of `game` (its smallest table by default), with its defaults."""
    return session_updates(game, players or GAMES[game].min_players, seed)


def table_frames(ups: list[dict[str, Any]], count: int = 6) -> list[dict[str, Any]]:
    """Return `count` updates spread evenly over the game's table (its first and last included), then its end."""
    playing = [u for u in ups if u["stage"] == "playing" and u.get("view")]
    step = max(1, (len(playing) - 1) / max(1, count - 1))
    picked = [playing[min(len(playing) - 1, round(k * step))] for k in range(count)]
    return [*picked, ups[-1]]


def turn_seat(u: dict[str, Any]) -> int | None:
    """Return the one seat to act in update `u` (where a turn timer would run), or None."""
    acting = u.get("acting") or []
    return acting[0] if len(acting) == 1 else None


def first_turn(ups: list[dict[str, Any]], after: float = 0.2) -> dict[str, Any]:
    """Return the first update, past `after` of the game, in which one seat is to act."""
    start = int(len(ups) * after)
    return next(u for u in ups[start:] + ups[:start] if u["stage"] == "playing" and turn_seat(u) is not None)


def rig_scores(over: dict[str, Any], points: list[tuple[int, int]], winners: list[int],
               tie_break: bool) -> dict[str, Any]:
    """Give a final update these (cats, mice) per seat, winners and tie-break, in its view and its outcome."""
    scores = [{"seat": seat, "cats": cats, "mice": mice, "total": cats + mice}
              for seat, (cats, mice) in enumerate(points)]
    over["view"]["result"].update(scores=scores, winners=winners, tie_break=tie_break)
    over["outcome"] = {"winners": winners, "totals": [s["total"] for s in scores], "lowest_wins": False,
                       "detail": {"scores": [dict(s) for s in scores], "tie_break": tie_break}}
    return over


def json_round_trip(u: dict[str, Any]) -> dict[str, Any]:
    """Return `u` as it looks after JSON (tuples become lists)."""
    import json

    return json.loads(json.dumps(u))


def pick(updates: list[dict[str, Any]], phase: str, *, min_face_up: int = 0, bids: bool = False) -> dict[str, Any]:
    """Return the first update in `phase` with at least `min_face_up` turned cards (and a bid, if asked)."""
    for u in updates:
        v = u["view"]
        if not v or v["phase"] != phase:
            continue
        up = sum(1 for rc in v["row"] if rc["face_up"])
        if up >= min_face_up and (not bids or any(s["bid"] for s in v["seats"])):
            return u
    raise LookupError(phase)


class FakeServer:
    """A stand-in for ServerThread that replays prepared public updates and records host commands."""

    def __init__(self, updates: list[dict[str, Any]] | None = None) -> None:
        self.updates: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.errors: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.join_url = JOIN_URL
        self.join_code = "K7MQ2X"
        self.lan_warning: str | None = None
        self.port_note: str | None = None
        self.commands: list[dict[str, Any]] = []
        for u in updates or ():
            self.updates.put(json_round_trip(u))

    def host_command(self, cmd: dict[str, Any]) -> None:
        self.commands.append(dict(cmd))
