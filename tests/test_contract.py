"""The game plug-in contract (quality-bar A5), run over every game in the registry.

Whole games through the session, every seat played by the game's own bots fed their seat's
stream (views and events, as the phones get them): `check` never changes the state, every view
fits its wire schema, an event meant for one seat reaches that seat only, records round-trip
and referee to the same result, and a save resumes to the same table.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from game import protocol as P
from game.bots import kinds as bot_kinds
from game.bots import make_bot
from game.engine import GAMES, GameError, GameRules
from game.records import check_record, loads_record
from game.session import PUBLIC, Out, RecordReady, Session
from game.store import open_store

CASES = [(gid, n) for gid, rules in GAMES.items() for n in sorted({rules.min_players, rules.max_players})]


def _ids(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def schema_misses(value: Any, schema: dict[str, Any], path: str = "") -> list[str]:
    """Return the paths of fields in `value` that `schema` does not name (they would never reach the wire)."""
    if isinstance(value, (list, tuple)):
        return [m for v in value for m in schema_misses(v, schema, path + "[]")]
    if not isinstance(value, dict):
        return []
    misses = []
    for key, sub in value.items():
        if key not in schema:
            misses.append(path + key)
        elif isinstance(schema[key], dict):
            misses += schema_misses(sub, schema[key], path + key + ".")
    return misses


class Table:
    """A table of `n` phones, every seat played by a bot of the game that sees only its seat's stream."""

    def __init__(self, game_id: str, n: int, seed: int) -> None:
        self.rules: GameRules = GAMES[game_id]
        self.session = Session("CONTRA", random.Random(seed), game=game_id)
        kinds = bot_kinds(game_id)
        self.bots = [make_bot(game_id, kinds[(seat + seed) % len(kinds)], random.Random(seed * 10 + seat))
                     for seat in range(n)]
        self.changes: list[list[dict[str, Any]]] = []
        self.session.change_listeners.append(self.changes.append)
        for conn in range(n):
            self.session.handle(conn, P.Join(f"P{conn}"))
        self.session.host_command(P.Host(P.HostCmd.SET_GAME, game=game_id))
        self.outs = self.session.host_command(P.Host(P.HostCmd.START))
        assert self.session.stage == "playing", self.outs

    def feed(self, outs: list[Any]) -> None:
        """Give each bot the update its phone just got (the session sends every seat an update per change)."""
        for out in outs:
            if isinstance(out, Out) and out.to is not PUBLIC and out.message.get("type") == "update":
                seat = out.message["you"]["seat"]
                bot = self.bots[seat]
                if hasattr(bot, "observe"):
                    bot.observe(self.session.seat_view(seat), out.message["events"])


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_whole_games_through_the_session_keep_the_contract__A5(case, tmp_path):
    game_id, n = case
    for seed in range(3):
        table = Table(game_id, n, seed)
        s, rules = table.session, table.rules
        rng = random.Random(seed)
        record = None
        outs = table.outs
        steps = 0
        saved_at = rng.randrange(5, 60)
        resumed = False
        while s.stage == "playing":
            _check_outs(s, rules, outs, table.changes[-1] if table.changes else [])
            table.feed(outs)
            steps += 1
            assert steps < 20_000, "the game does not end"
            acting = sorted(rules.to_act(s.state))
            assert acting, "a running game always has someone to act"
            seat = acting[0]
            _check_never_mutates(s, rules, seat, rng)
            action = table.bots[seat].act(s.seat_view(seat))
            if not resumed and (steps == saved_at or _ends_the_game(rules, s.state, seat, action)):
                _resume_gives_the_same_table(s, tmp_path / f"{game_id}-{n}-{seed}")  # (a short game: before its end)
                resumed = True
            outs = s.submit(seat, s.version, action)
            assert not [o for o in outs if isinstance(o, Out) and o.message["type"] == "error"], \
                f"{game_id}: the bot's move was refused"
            record = next((o.record for o in outs if isinstance(o, RecordReady)), record)
        assert s.stage == "over" and record is not None and resumed
        text = record.to_json()
        back = loads_record(text)
        assert back.to_json() == text
        verdict = check_record(back)
        assert verdict.ok, verdict.error
        outcome = rules.outcome(s.state)
        assert outcome is not None and verdict.result == outcome.result
        assert len(outcome.totals) == n and set(outcome.winners) <= set(range(n)) and outcome.winners


def _check_outs(s: Session, rules: GameRules, outs: list[Any], raw_events: list[dict[str, Any]]) -> None:
    """Every update of this change: views that fit their schemas, and only the events meant for it."""
    updates = {o.to: o.message for o in outs if isinstance(o, Out) and o.message.get("type") == "update"}
    assert not schema_misses(rules.public_view(s.state).to_dict(), rules.public_schema)

    def wire_events(audience: int | None) -> list[dict[str, Any]]:
        out = []
        for ev in raw_events:
            if ev.get("_to") is None or ev.get("_to") == audience:
                wire = P.event_to_wire(s.game_id, {k: v for k, v in ev.items() if k != "_to"})
                assert wire is not None, f"event {ev.get('type')!r} has no wire schema"
                out.append(wire)
        return out

    assert updates[PUBLIC]["events"] == wire_events(None)
    for seat in range(len(s.seats)):
        assert not schema_misses(s.seat_view(seat).to_dict(), rules.seat_schema)
        assert updates[seat]["events"] == wire_events(seat)


def _ends_the_game(rules: GameRules, state: Any, seat: int, action: Any) -> bool:
    """Return True if `seat`'s `action` would end the game (tried on a copy of the state)."""
    after = copy.deepcopy(state)
    rules.apply(after, seat, action)
    return rules.outcome(after) is not None


def _check_never_mutates(s: Session, rules: GameRules, seat: int, rng: random.Random) -> None:
    before = s.state.serialize()
    candidates = list(rules.legal_actions(s.state, seat))
    others = [x for x in range(len(s.seats)) if x != seat]
    for action in rng.sample(candidates, min(3, len(candidates))):
        rules.check(s.state, seat, action)  # legal: accepted, and still nothing changes
        for other in others[:1]:
            try:
                rules.check(s.state, other, action)
            except GameError:
                pass
    assert s.state.serialize() == before


def _resume_gives_the_same_table(s: Session, folder) -> None:
    opened = open_store(folder)
    opened.store.save(s, 9999)
    opened.store.close()
    back = open_store(folder)
    back.store.close()
    assert back.session is not None
    r = back.session
    assert (r.game_id, r.stage, r.version, r.options, r.log) == (s.game_id, s.stage, s.version, s.options, s.log)
    assert r.state.serialize() == s.state.serialize()
    for seat in range(len(s.seats)):
        assert r.seat_view(seat) == s.seat_view(seat)
