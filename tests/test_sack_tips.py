"""Cat in the Sack's tips at their moments (issue 29): each kind on the seat's own phone at the first decision
it matters for, never on another seat's phone nor in the public updates.

Real sessions play whole games from the phones' views. At every update the test works out from each phone's
own wire view alone which tip that phone should show (`expected`: the moments as docs/games/cat-in-the-sack.md's
"Tips" table states them, in the order a decision lists them, the kinds seen so far left out) and holds the
session's `you.tip` to it. What a tip says is checked against the game too: after a refused offer the next round
has the same start player and empty mouse cards, the sack's winner starts the next round, and so on.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game import protocol as P
from game.engine import GAMES
from game.session import PUBLIC, Out, Session
from tests.household import SACK

DOGS = {"big_dog", "small_dog"}
NEW_KINDS = ("void", "dogs", "rabbit", "reveal", "neutral", "short_bank", "winner_starts", "tie")


def expected(view: dict[str, Any], seen: set[str]) -> tuple[str, dict[str, Any]] | None:
    """Return the tip a phone with this wire `view` shows, its kinds in `seen` shown already (the Tips table)."""
    legal = view["legal"]
    last = view["round"] == view["rounds"]
    up = {c["card"] for c in view["row"] if c["face_up"]}
    moments: list[tuple[str, dict[str, Any]]] = []
    if legal["play"]:
        moments.append(("choose", {}))
        if last:
            moments.append(("tie", {}))
        if view["round"] > 1 and view["players"] == 3:
            moments.append(("neutral", {}))
        if view["round"] > 1 and "rabbit" in view["hand"]:
            moments.append(("rabbit", {}))
    elif view["phase"] == "offer" and legal["can_pass"]:
        moments.append(("void", {}))
        if legal["buy"]:
            moments.append(("offer", {"price": legal["buy_price"]}))
    elif legal["can_pass"]:
        need = sum(value for value, _ in view["mouse_cards"])
        empty = all(mice == 0 for _, mice in view["mouse_cards"])
        if legal["bid_min"] is not None:
            moments.append(("bid", {}))
        if legal["pass_takes"] > 0:
            moments.append(("pass", {"takes": legal["pass_takes"]}))
        if up & DOGS:
            moments.append(("dogs", {}))
        if empty and view["bank"] < need:
            assert legal["pass_takes"] == 0
            moments.append(("short_bank", {"bank": view["bank"], "need": need}))
        if last:
            moments.append(("tie", {}))
        if any(s["passed"] for s in view["seats"]):
            moments.append(("reveal", {}))
        if "rabbit" in up:
            moments.append(("rabbit", {}))
        if view["players"] == 3:
            assert view["row"][0]["owner"] is None and view["row"][0]["face_up"]  # the neutral deck's card leads
            moments.append(("neutral", {}))
        if legal["bid_min"] is not None and not last:
            moments.append(("winner_starts", {}))
    return next(((k, p) for k, p in moments if k not in seen), None)


class Game:
    """A session of new names (tips on) whose phones are conns 0..n-1, played from their own views."""

    def __init__(self, players: int, seed: int) -> None:
        self.s = Session("ABCDEF", random.Random(seed), game=SACK)
        self.updates: dict[int, dict[str, Any]] = {}
        self.seen: dict[int, set[str]] = {c: set() for c in range(players)}
        self.shown: dict[int, tuple[str, dict[str, Any]] | None] = {c: None for c in range(players)}
        # (conn, kind, params, its update, the other phones' tip kinds then), each time a tip came to a phone
        self.log: list[tuple[int, str, dict[str, Any], dict[str, Any], dict[int, str | None]]] = []
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
            assert got == want, (conn, update["view"]["round"], update["view"]["phase"], got, want, self.seen[conn])
            if tip is not None:
                assert tip["key"] == f"tip.{tip['kind']}"
                assert conn in update["acting"]  # only at a decision of this phone's own seat
            before = self.shown[conn]
            if before is not None and (got is None or got[0] != before[0]):
                self.seen[conn].add(before[0])
            if got is not None and (before is None or before[0] != got[0]):
                came.append((conn, got[0], got[1], update))
            self.shown[conn] = got
        for conn, kind, params, update in came:
            others = {c: (self.shown[c] or (None,))[0] for c in self.shown if c != conn}
            self.log.append((conn, kind, params, update, others))

    def act(self, seat: int, action: dict[str, Any]) -> None:
        outs = self.s.submit(seat, self.s.version, self.s.rules.parse_action(action), conn=seat)
        assert not [o for o in outs if isinstance(o, Out) and o.to == seat and o.message["type"] == "error"]
        self.take(outs)
        self.check()

    def play(self, pick: Any, rng: random.Random) -> None:
        while self.s.stage == "playing":
            seat = min(self.s.rules.to_act(self.s.state))
            self.act(seat, pick(self.updates[seat]["view"], rng))
        assert self.s.stage == "over"


def pick(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A first-timer's move: any card; bid now and then, else pass; an offer bought or refused."""
    legal = view["legal"]
    if legal["play"]:
        return {"type": "play", "card": rng.choice(legal["play"])}
    if legal["buy"] and rng.random() < 0.5:
        return {"type": "buy"}
    if legal["bid_min"] is not None and rng.random() < 0.5:
        return {"type": "bid", "total": min(legal["bid_max"], legal["bid_min"] + rng.randrange(3))}
    return {"type": "pass"}


GAMES_PLAYED = [(players, seed) for players in (3, 4, 5) for seed in range(1, 7)]


@pytest.fixture(scope="module")
def games() -> list[Game]:
    out = []
    for players, seed in GAMES_PLAYED:
        game = Game(players, seed)
        game.play(pick, random.Random(seed * 7 + players))
        out.append(game)
    return out


def moments(games: list[Game], kind: str) -> list[tuple[int, dict[str, Any], dict[str, Any], dict[int, Any]]]:
    """Return (conn, params, that phone's update, the others' tip kinds) for each time a `kind` tip came."""
    return [(conn, params, update, others) for g in games for conn, k, params, update, others in g.log if k == kind]


def test_every_phone_shows_exactly_the_tip_its_own_view_calls_for_at_every_update(games: list[Game]) -> None:
    # Game.check ran at every update of every phone: the tip is the first of its decision's list not yet seen,
    # on that seat's phone only, and the public updates never had one
    assert all(g.public > 50 for g in games)
    for g in games:
        for conn in range(len(g.seen)):
            kinds = [k for c, k, *_ in g.log if c == conn]
            assert kinds[0] == "choose" and len(kinds) == len(set(kinds)), kinds  # each kind once per game


@pytest.mark.parametrize("kind", NEW_KINDS)
def test_each_new_tip_comes_on_its_own_seats_phone_at_its_moment(games: list[Game], kind: str) -> None:
    found = moments(games, kind)
    assert found, f"no game reached the moment of {kind!r}"
    for conn, params, update, others in found:
        view = update["view"]
        assert view["seat"] == conn and conn in update["acting"]
        if view["phase"] != "choose":  # one seat decides: on no other phone (choosing, each phone its own)
            assert kind not in others.values(), others
        assert set(params) == {"bank", "need"} if kind == "short_bank" else not params
        if kind == "void":
            assert view["phase"] == "offer" and view["turn"] == conn
        elif kind == "dogs":
            assert view["phase"] == "auction" and {c["card"] for c in view["row"] if c["face_up"]} & DOGS
        elif kind == "rabbit":
            if view["legal"]["play"]:  # choosing, the rabbit in hand
                assert view["round"] > 1 and "rabbit" in view["hand"]
            else:  # bidding, the rabbit face up
                assert "rabbit" in [c["card"] for c in view["row"] if c["face_up"]]
        elif kind == "reveal":
            assert view["phase"] == "auction" and any(s["passed"] for s in view["seats"])
        elif kind == "neutral":
            assert view["players"] == 3
            if not view["legal"]["play"]:  # bidding: the deck's card leads the row, face up
                assert view["row"][0]["owner"] is None and view["row"][0]["face_up"]
        elif kind == "short_bank":
            assert view["phase"] == "auction" and view["legal"]["pass_takes"] == 0
            assert params == {"bank": view["bank"], "need": sum(v for v, _ in view["mouse_cards"])}
            assert params["bank"] < params["need"] and all(m == 0 for _, m in view["mouse_cards"])
        elif kind == "winner_starts":
            assert view["phase"] == "auction" and view["legal"]["bid_min"] is not None and view["round"] < 9
        elif kind == "tie":
            assert view["round"] == view["rounds"] == 9


def test_neutral_comes_only_in_three_player_games_and_to_every_first_timer_there(games: list[Game]) -> None:
    for g in games:
        got = {conn for conn, k, *_ in g.log if k == "neutral"}
        assert got == (set(range(3)) if g.s.state.players == 3 else set()), (g.s.state.players, got)


def test_the_tie_tip_comes_to_every_phone_in_the_last_round(games: list[Game]) -> None:
    for g in games:
        for conn in range(len(g.seen)):
            rounds = [u["view"]["round"] for c, k, _, u, _ in g.log if c == conn and k == "tie"]
            assert rounds == [9], (conn, rounds)


def test_a_refused_offer_does_what_the_void_tip_says() -> None:
    # everyone but the last passes twice over: the first offer's tip says what refusing does, and it happens
    g = Game(4, 2)
    rng = random.Random(1)
    for _ in range(g.s.state.players):
        g.act(min(g.s.rules.to_act(g.s.state)), {"type": "play", "card": rng.choice(
            g.updates[min(g.s.rules.to_act(g.s.state))]["view"]["legal"]["play"])})
    start = g.updates[0]["view"]["start_player"]
    while g.updates[0]["view"]["phase"] == "auction":
        g.act(g.updates[0]["view"]["turn"], {"type": "pass"})
    last = g.updates[0]["view"]["turn"]
    assert g.updates[last]["you"]["tip"]["kind"] == "void"
    assert all(g.updates[c]["you"]["tip"] is None for c in range(4) if c != last)
    g.act(last, {"type": "pass"})
    view = g.updates[0]["view"]
    assert view["round"] == 2 and view["start_player"] == start  # the same start player
    assert all(mice == 0 for _, mice in view["mouse_cards"])  # no mice on the mouse cards
    assert all(s["won_count"] == 0 for s in view["seats"])  # no one got the row


def test_the_sacks_winner_starts_the_next_round_as_the_winner_starts_tip_says() -> None:
    g = Game(3, 4)
    rng = random.Random(3)
    while g.s.stage == "playing":
        before = g.s.state.round
        won_before = [len(p) for p in g.s.state.won_piles]
        seat = min(g.s.rules.to_act(g.s.state))
        g.act(seat, pick(g.updates[seat]["view"], rng))
        if g.s.stage == "playing" and g.s.state.round == before + 1:
            winners = [s for s, p in enumerate(g.s.state.won_piles) if len(p) > won_before[s]]
            if winners:
                assert g.updates[0]["view"]["start_player"] == winners[0]


def test_the_choose_tip_no_longer_says_the_winner_keeps_the_dogs() -> None:
    from game.locales import LANGS, game_table

    said = {"en": "dogs", "es": "perros", "fr": "chiens", "hu": "kutyák"}
    for lang in LANGS:
        text = game_table(SACK, lang)["tip.choose"]
        assert said[lang] in text
    assert "dogs too" not in game_table(SACK, "en")["tip.choose"]
    assert set(NEW_KINDS) < set(GAMES[SACK].tip_kinds)
