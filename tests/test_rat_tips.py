"""Rat-a-Tat Cat's tips at their moments (issue 29): each kind on the seat's own phone at the first decision it
matters for, never on another seat's phone nor in the public updates.

Real sessions play whole games from the phones' wire views. At every update the test works out from each phone's
own view alone which tip it should show (`expected`: the moments as docs/games/rat-a-tat-cat.md's "Tips" table
states them, in the order a decision lists them, the kinds seen so far left out) and holds the session's `you.tip`
to it. What a tip says is checked against the game too: after `no_knock_yet` the turn ends without the choice to
knock, `dead_discard` comes only when the discard cannot be taken, a power card's tip the first time it is drawn,
a last turn included (the Draw 2 tip used to be hidden there by `last_turn`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from game import protocol as P
from game.engine import GAMES
from game.engine.rat_a_tat_cat.state import order_from_dealer
from game.session import PUBLIC, Out, Session
from tests.household import RAT
from tests.rat_helpers import wire_move

NEW_KINDS = ("counts", "dead_discard", "no_knock_yet")
POWERS = ("peek", "swap", "draw2")


def expected(view: dict[str, Any], seen: set[str]) -> tuple[str, dict[str, Any]] | None:
    """Return the tip a phone with this wire `view` shows, its kinds in `seen` shown already (the Tips table)."""
    legal = view["legal"]
    me = view["seat"]
    shut = ["no_knock_yet"] if view["knocker"] is None and any(
        not s["out"] and s["seat"] != me and s["seat"] not in view["had_turn"] for s in view["seats"]) else []
    moments: list[str] = []
    if legal["memorised"]:
        moments = ["look"]
    elif legal["draw_pile"] and not view["draws_left"]:
        if view["knocker"] not in (None, me) and view["turn"] == me and view["last_turns"] > 0:
            moments.append("last_turn")
        moments.append("draw")
        if view["discard_dead"]:
            assert not legal["draw_discard"], "a dead discard cannot be taken"
            moments.append("dead_discard")
        moments.append("counts")
    elif legal["peek"]:
        moments = ["peek", *shut]
    elif legal["swap_positions"] or legal["swap_skip"]:
        moments = ["swap", *shut]
    elif legal["draw2"]:
        moments = ["draw2"]
    elif legal["replace"]:
        moments = ["replace", *shut, "counts"]
    elif legal["knock"]:
        moments = ["knock"]
    elif legal["end_turn"]:
        moments = shut
    return next(((k, {}) for k in moments if k not in seen), None)


def rigged(pile: Sequence[Any]) -> Any:
    """Return Rat-a-Tat Cat's rules with each deal's draw pile starting with `pile` (power names or numbers), the
    lines dealt number cards only."""
    real = GAMES[RAT]

    def sample(state: Any, rng: Any) -> dict[str, Any]:
        entry = real.sample_chance(state, rng)
        if entry.get("type") != "deal":
            return entry
        deck = list(entry["deck"])
        dealt = 4 * len(order_from_dealer(state))
        numbers = [c for c in deck if isinstance(c, int)]
        front: list[Any] = []
        for card in pile:
            rest = numbers if isinstance(card, int) else deck
            deck.remove(card)
            if rest is numbers:
                numbers.remove(card)
            front.append(card)
        lines = numbers[:dealt]
        for card in lines:
            deck.remove(card)
        first = next(c for c in deck if isinstance(c, int))
        deck.remove(first)
        return {**entry, "deck": lines + [first] + front + deck}

    return dataclasses.replace(real, sample_chance=sample)


class Game:
    """A session of new names (tips on) whose phones are conns 0..n-1, played from their own views."""

    def __init__(self, players: int, seed: int, rules: Any = None, monkeypatch: Any = None) -> None:
        if rules is not None:
            monkeypatch.setitem(GAMES, RAT, rules)
        self.s = Session("ABCDEF", random.Random(seed), game=RAT)
        self.updates: dict[int, dict[str, Any]] = {}
        self.seen: dict[int, set[str]] = {c: set() for c in range(players)}
        self.shown: dict[int, str | None] = {c: None for c in range(players)}
        # (conn, kind, its update, the other phones' tip kinds then, the public events so far), each time a tip came
        self.came: list[tuple[int, str, dict[str, Any], dict[int, str | None], int]] = []
        self.events: list[dict[str, Any]] = []  # the public events, in order
        self.public = 0
        for i in range(players):
            self.take(self.s.handle(i, P.Join(f"Player{i}")))
        self.take(self.s.handle(0, P.Host(P.HostCmd.START)))
        assert self.s.stage == "playing"
        self.check()

    def take(self, outs: list[Any]) -> None:
        for out in outs:
            if not isinstance(out, Out) or out.message.get("type") != "update":
                continue
            if out.to is PUBLIC:  # the TV's and the watchers': never a tip
                text = json.dumps(out.message, ensure_ascii=False)
                assert '"tip"' not in text and "tip." not in text, text[:300]
                self.public += 1
                self.events += out.message.get("events") or []
            else:
                self.updates[out.to] = out.message

    def check(self) -> None:
        """Hold every phone's tip to what its own view says it should be, and note the tips that came."""
        came = []
        for conn, update in self.updates.items():
            if update["stage"] != "playing":
                continue
            you = update["you"]
            assert you["seat"] == conn and you["tips"] is True
            want = expected(update["view"], self.seen[conn])
            tip = you["tip"]
            got = (tip["kind"], tip["params"]) if tip else None
            assert got == want, (conn, update["view"]["phase"], update["view"]["legal"], got, want, self.seen[conn])
            if tip is not None:
                assert tip["key"] == f"tip.{tip['kind']}"
                assert conn in update["acting"]  # only at a decision of this phone's own seat
            before = self.shown[conn]
            if before is not None and (got is None or got[0] != before):
                self.seen[conn].add(before)
            if got is not None and got[0] != before:
                came.append((conn, got[0], update))
            self.shown[conn] = got[0] if got else None
        for conn, kind, update in came:
            others = {c: (u["you"]["tip"] or {}).get("kind") for c, u in self.updates.items() if c != conn}
            self.came.append((conn, kind, update, others, len(self.events)))

    def act(self, seat: int, action: dict[str, Any]) -> None:
        outs = self.s.submit(seat, self.s.version, self.s.rules.parse_action(action), conn=seat)
        assert not [o for o in outs if isinstance(o, Out) and o.message.get("type") == "error"]
        self.take(outs)
        self.check()

    def play(self, rng: random.Random, knock_chance: float = 0.3, steps: int = 3000) -> None:
        """Play on from the phones' own views until the game is over."""
        for _ in range(steps):
            if self.s.stage != "playing":
                return
            seat = min(self.s.rules.to_act(self.s.state))
            self.act(seat, wire_move(self.updates[seat]["view"], rng, knock_chance=knock_chance))
        pytest.fail("the game did not end")

    def first(self, kind: str) -> list[tuple[int, dict[str, Any], dict[int, str | None], int]]:
        """Return each time `kind` came: (conn, its update, the other phones' tips then, the public events so far)."""
        return [(conn, update, others, n) for conn, k, update, others, n in self.came if k == kind]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (3, 5), (2, 8)])
def test_every_phone_shows_the_tip_its_own_view_calls_for_at_every_update(players: int, seed: int) -> None:
    game = Game(players, seed)
    game.play(random.Random(seed))
    assert game.public > 20
    kinds = {kind for _, kind, _, _, _ in game.came}
    assert {"look", "draw", "replace", "counts", "knock"} <= kinds, kinds


def test_each_new_tip_comes_at_its_moment_on_its_own_phone_only() -> None:
    met: set[str] = set()
    for seed in range(1, 12):
        game = Game(3, seed)
        game.play(random.Random(seed), knock_chance=0.15)
        for kind in NEW_KINDS + POWERS:
            for conn, update, others, _ in game.first(kind):
                met.add(kind)
                view = update["view"]
                assert view["seat"] == conn and view["turn"] == conn and conn in update["acting"]
                assert not any(others.values()), "on its own seat's phone only, at its own decision"
                if kind == "dead_discard":
                    assert view["discard_dead"] and not view["legal"]["draw_discard"] and view["legal"]["draw_pile"]
                if kind == "counts":
                    assert view["legal"]["draw_pile"] or (view["legal"]["replace"] and view["drawn"] not in POWERS)
                if kind == "no_knock_yet":
                    assert view["knocker"] is None and not view["legal"]["knock"]
                    assert any(not s["out"] and s["seat"] != conn and s["seat"] not in view["had_turn"]
                               for s in view["seats"])
                if kind in POWERS:
                    assert view["drawn"] == kind and view["drawn_from"] == "pile"
        if met >= set(NEW_KINDS + POWERS):
            return
    pytest.fail(f"not every new tip came: {set(NEW_KINDS + POWERS) - met}")


def test_after_no_knock_yet_that_turn_ends_without_the_choice_to_knock() -> None:
    checked = 0
    for seed in range(1, 10):
        game = Game(3, seed)
        game.play(random.Random(seed), knock_chance=0.1 if seed % 2 else 0.3)
        for conn, update, _, n in game.first("no_knock_yet"):
            # that turn ends without the choice to knock: its turn_end, if any, says so, before the next turn
            for event in game.events[n:]:
                if event.get("type") == "turn" and event.get("seat") != conn:
                    break
                if event.get("type") == "turn_end":
                    assert event["seat"] == conn and event["may_knock"] is False, (update["view"]["round"], event)
            checked += 1
    assert checked


def test_each_power_card_gets_its_own_tip_the_first_time_it_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    # the first player draws a Peek, the second a Swap, then the first a Draw 2
    game = Game(2, 4, rigged(["peek", "swap", "draw2"]), monkeypatch)
    for _ in range(4):  # the look
        for conn in range(2):
            if game.updates[conn]["view"]["legal"]["memorised"]:
                game.act(conn, {"type": "memorised"})
    order = [game.updates[0]["view"]["turn"]]
    order.append(1 - order[0])
    first, second = order
    game.act(first, {"type": "draw", "source": "pile"})
    assert game.updates[first]["you"]["tip"]["kind"] == "peek"
    assert game.updates[second]["you"]["tip"] is None
    game.act(first, {"type": "peek", "position": 2})
    # "End my turn" alone: not everyone has had a turn
    assert game.updates[first]["view"]["legal"]["end_turn"] and not game.updates[first]["view"]["legal"]["knock"]
    assert game.updates[first]["you"]["tip"]["kind"] == "no_knock_yet"
    game.act(first, {"type": "end_turn"})
    game.act(second, {"type": "draw", "source": "pile"})
    assert game.updates[second]["you"]["tip"]["kind"] == "swap"
    game.act(second, {"type": "swap", "skip": True})
    assert game.updates[second]["view"]["legal"]["knock"]
    assert game.updates[second]["you"]["tip"]["kind"] == "knock"
    game.act(second, {"type": "knock"})
    # the first player's last turn: said at its draw, and the Draw 2 it draws still gets its own tip
    assert game.updates[first]["you"]["tip"]["kind"] == "last_turn"
    game.act(first, {"type": "draw", "source": "pile"})
    assert game.updates[first]["view"]["drawn"] == "draw2"
    assert game.updates[first]["you"]["tip"] == {"kind": "draw2", "key": "tip.draw2", "params": {}}
    assert game.updates[second]["you"]["tip"] is None


async def test_on_the_wire_each_phone_gets_the_tips_its_own_view_calls_for_and_nobody_else_does(aiohttp_client):
    from tests.server_kit import Phone as WirePhone
    from tests.server_kit import Wire, app_for_test, autoplay, hub_of

    client = await aiohttp_client(app_for_test())
    tv: list[dict[str, Any]] = []
    hub_of(client).listeners.append(tv.append)
    wire = Wire()
    phones = [await WirePhone.open(client, name, wire=wire) for name in ("Ana", "Bea", "Cy")]
    for phone in phones:
        await phone.join(phone.label)
    await phones[0].host("set_game", game=RAT)
    await phones[0].until_update(lambda u: u["table"]["game"] == RAT)
    watcher = await WirePhone.open(client, "watcher", wire=wire)
    await watcher.watch()
    await phones[0].host("start")
    finals = await asyncio.gather(
        *(autoplay(p, random.Random(i), pick=lambda v, r: wire_move(v, r, knock_chance=0.3), timeout=60)
          for i, p in enumerate(phones)),
        watcher.until_update(lambda u: u["stage"] == "over", timeout=60))
    assert all(f["stage"] == "over" for f in finals)
    seen: dict[str, set[str]] = {p.label: set() for p in phones}
    shown: dict[str, str | None] = {p.label: None for p in phones}
    came: dict[str, list[str]] = {p.label: [] for p in phones}
    for label, seat, text in wire.frames:
        msg = json.loads(text)
        if label == "watcher" or msg["type"] != "update":
            assert '"tip"' not in text and "tip." not in text, text[:300]
            continue
        if msg["stage"] != "playing":
            continue
        you = msg["you"]
        assert you["seat"] == seat and you["name"] == label
        tip = you.get("tip")
        got = tip["kind"] if tip else None
        want = expected(msg["view"], seen[label])
        assert got == (want[0] if want else None), (label, msg["view"]["phase"], got, want)
        if tip is not None:
            assert seat in msg["acting"] and msg["view"]["seat"] == seat  # its own decision, its own phone
        if shown[label] is not None and got != shown[label]:
            seen[label].add(shown[label])
        if got is not None and got != shown[label]:
            came[label].append(got)
        shown[label] = got
    for message in tv:
        text = json.dumps(message, ensure_ascii=False)
        assert '"tip"' not in text and "tip." not in text, text[:300]
    assert all({"look", "draw", "counts"} <= set(kinds) for kinds in came.values()), came
