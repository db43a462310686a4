"""The phone's tips (issue 24): each decision explained once per game, in the seat's own update only.

Which decision a seat faces is its game's (`GameRules.tips_for`, from the seat's view); when a
player gets tips, and each kind only once, is the session's; the texts are each game's `tip.<kind>`.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game import protocol as P
from game.engine import GAMES, GameRules
from game.engine.cat_in_the_sack.plugin import FIELDS as SACK_FIELDS
from game.history import played, summary
from game.locales import LANGS
from game.session import PUBLIC, Out, Session
from game.simulate import play_game
from game.store import Store
from tests.household import RAT, SACK, household, kept_game
from tests.rat_helpers import wire_move
from tests.server_kit import Phone, Wire, app_for_test, autoplay, hub_of, pick_action

ROOT = Path(__file__).resolve().parent.parent
NOW = 1_800_000_000


def to(outs: list[Any], conn: int) -> list[dict[str, Any]]:
    return [o.message for o in outs if isinstance(o, Out) and o.to == conn]


def last_update(outs: list[Any], conn: int) -> dict[str, Any] | None:
    ups = [m for m in to(outs, conn) if m["type"] == "update"]
    return ups[-1] if ups else None


class Table:
    """A session whose phones are conns 0..n-1; `you[conn]` is the `you` of each phone's latest update."""

    def __init__(self, names: tuple[str, ...], game: str = SACK, played_by: dict[str, frozenset[str]] | None = None,
                 seed: int = 3) -> None:
        self.s = Session("ABCDEF", random.Random(seed), game=game)
        if played_by is not None:
            self.s.set_history(summary([]), played_by)
        self.tokens: list[str] = []
        self.updates: dict[int, dict[str, Any]] = {}
        self.public: list[dict[str, Any]] = []
        for i, name in enumerate(names):
            outs = self.take(self.s.handle(i, P.Join(name)))
            self.tokens.append(to(outs, i)[0]["token"])

    def take(self, outs: list[Any]) -> list[Any]:
        for out in outs:
            if isinstance(out, Out) and out.message.get("type") == "update":
                if out.to is PUBLIC:
                    self.public.append(out.message)
                else:
                    self.updates[out.to] = out.message
        return outs

    def start(self) -> None:
        self.take(self.s.handle(0, P.Host(P.HostCmd.START)))
        assert self.s.stage == "playing"

    def tip(self, conn: int) -> dict[str, Any] | None:
        return self.updates[conn]["you"]["tip"]

    def act(self, seat: int, action: Any) -> list[Any]:
        outs = self.take(self.s.submit(seat, self.s.version, action, conn=seat))
        assert not [m for m in to(outs, seat) if m["type"] == "error"], to(outs, seat)
        return outs

    def act_wire(self, seat: int, action: dict[str, Any]) -> None:
        self.act(seat, self.s.rules.parse_action(action))


def kinds_shown(t: Table, rng: random.Random, pick: Any, steps: int = 5000) -> dict[int, list[str | None]]:
    """Play the game out from the phones' views; return per seat the tips its updates showed, in order."""
    seen: dict[int, list[str | None]] = {c: [] for c in t.updates}

    def note() -> None:
        for conn, update in t.updates.items():
            tip = update["you"].get("tip")
            kind = tip["kind"] if tip else None
            if not seen[conn] or seen[conn][-1] != kind:
                seen[conn].append(kind)

    note()
    for _ in range(steps):
        if t.s.stage != "playing":
            return seen
        for seat in sorted(t.s.rules.to_act(t.s.state)):
            view = t.updates[seat]["view"]
            action = pick(view, rng)
            if action is not None:
                t.act_wire(seat, action)
                note()
                break
    assert t.s.stage == "over"
    return seen


# ---------------------------------------------------------------- Cat in the Sack


def test_cat_in_the_sack_tips_come_at_each_first_decision_with_what_passing_pays_now():
    t = Table(("Ana", "Bea", "Cy"))
    t.start()
    for conn in range(3):  # the first decision: everyone chooses a card
        assert t.tip(conn) == {"kind": "choose", "key": "tip.choose", "params": {}}
        assert t.updates[conn]["you"]["tips"] is True
    for seat in range(3):
        t.act_wire(seat, {"type": "play", "card": t.updates[seat]["view"]["legal"]["play"][0]})
        assert t.tip(seat) is None  # chosen: that decision is made
    first = t.updates[0]["view"]["turn"]
    assert t.tip(first) == {"kind": "bid", "key": "tip.bid", "params": {}}
    assert all(t.tip(c) is None for c in range(3) if c != first)  # only the seat that decides
    legal = t.updates[first]["view"]["legal"]
    t.act_wire(first, {"type": "bid", "total": legal["bid_min"]})
    assert t.tip(first) is None
    second = t.updates[0]["view"]["turn"]
    assert t.tip(second)["kind"] == "bid"
    t.act_wire(second, {"type": "bid", "total": t.updates[second]["view"]["legal"]["bid_min"]})
    # around the table again: the bid was explained, so now what passing pays, as the view says it
    while t.updates[0]["view"]["turn"] != first:
        turn = t.updates[0]["view"]["turn"]
        t.act_wire(turn, {"type": "bid", "total": t.updates[turn]["view"]["legal"]["bid_min"]})
    legal = t.updates[first]["view"]["legal"]
    assert legal["can_pass"] and legal["pass_takes"] > 0
    assert t.tip(first) == {"kind": "pass", "key": "tip.pass", "params": {"takes": legal["pass_takes"]}}


def test_each_kind_comes_once_per_game_for_each_player_and_again_in_the_next_game():
    t = Table(("Ana", "Bea", "Cy", "Dan"))
    t.start()
    shown = kinds_shown(t, random.Random(5), pick_action)
    for conn, kinds in shown.items():
        tips = [k for k in kinds if k is not None]
        assert len(tips) == len(set(tips)), f"seat {conn} saw a kind twice: {kinds}"
        assert tips[0] == "choose" and {"choose", "bid"} <= set(tips) <= set(GAMES[SACK].tip_kinds)
    t.take(t.s.handle(0, P.Host(P.HostCmd.PLAY_AGAIN)))
    assert all(t.tip(c)["kind"] == "choose" for c in range(4))  # a new game explains again


def test_the_offer_tip_says_its_price():
    t = Table(("Ana", "Bea", "Cy"))
    t.start()
    for n in range(2):  # the first offer says what refusing does (void); the next one, the price
        for seat in range(3):
            t.act_wire(seat, {"type": "play", "card": t.updates[seat]["view"]["legal"]["play"][0]})
        for _ in range(2):  # everyone but the last passes without a bid
            t.act_wire(t.updates[0]["view"]["turn"], {"type": "pass"})
        last = t.updates[0]["view"]["turn"]
        assert t.updates[last]["view"]["phase"] == "offer"
        if n == 0:
            assert t.tip(last) == {"kind": "void", "key": "tip.void", "params": {}}
            t.act_wire(last, {"type": "pass"})  # void: the same start player, so the same seat is offered again
    assert t.tip(last) == {"kind": "offer", "key": "tip.offer", "params": {"price": 1}}


# ---------------------------------------------------------------- Rat-a-Tat Cat


def test_rat_a_tat_cat_tips_the_look_then_the_first_draw_then_what_the_card_drawn_asks():
    t = Table(("Ana", "Bea"), game=RAT, seed=4)
    t.start()
    for conn in range(2):
        assert t.tip(conn) == {"kind": "look", "key": "tip.look", "params": {}}
    t.act_wire(0, {"type": "memorised"})
    assert t.tip(0) is None and t.tip(1)["kind"] == "look"
    t.act_wire(1, {"type": "memorised"})
    turn = t.updates[0]["view"]["turn"]
    assert t.tip(turn)["kind"] == "draw" and t.tip(1 - turn) is None
    t.act_wire(turn, {"type": "draw", "source": "pile"})
    drawn = t.updates[turn]["view"]["drawn"]
    expected = {"peek": "peek", "swap": "swap", "draw2": "draw2"}.get(drawn, "replace")
    assert t.tip(turn)["kind"] == expected, drawn


def test_after_a_knock_every_other_seat_is_told_it_is_its_last_turn():
    for seed in range(1, 40):
        t = Table(("Ana", "Bea", "Cy"), game=RAT, seed=seed)
        t.start()
        rng = random.Random(seed)
        knocked_by = None
        for _ in range(400):
            seat = t.updates[0]["view"]["turn"]
            phase = t.updates[0]["view"]["phase"]
            if phase == "look":
                for c in range(3):
                    if t.updates[c]["view"]["legal"]["memorised"]:
                        t.act_wire(c, {"type": "memorised"})
                continue
            if seat is None:
                break
            view = t.updates[seat]["view"]
            if view["legal"]["knock"]:
                assert t.tip(seat)["kind"] == "knock"  # the first chance to knock
                t.act_wire(seat, {"type": "knock"})
                knocked_by = seat
                break
            t.act_wire(seat, wire_move(view, rng, knock_chance=0.0))
        if knocked_by is None:
            continue
        nxt = t.updates[0]["view"]["turn"]
        assert nxt != knocked_by
        assert t.tip(nxt) == {"kind": "last_turn", "key": "tip.last_turn", "params": {}}
        assert t.tip(knocked_by) is None
        return
    pytest.fail("no seed knocked at its first chance")


def test_every_kind_a_game_gives_is_declared_and_every_declared_kind_comes_up():
    for game, rules in GAMES.items():
        if not rules.tip_kinds:
            continue
        met: set[str] = set()

        def look(state: Any) -> None:
            for seat in range(state.players):
                met.update(kind for kind, _ in rules.tips_for(rules.view_for(state, seat)))

        for seed in range(1, 7):
            play_game(game, ["random"] * rules.min_players, seed, 1, observe=look)
        assert met == set(rules.tip_kinds), (game, met ^ set(rules.tip_kinds))


# ---------------------------------------------------------------- who gets tips


def test_a_returning_name_gets_no_tips_in_that_game_and_a_new_name_does():
    games = household(NOW) + [kept_game(SACK, NOW, (" ANA", None, 10, 10, True), ("Felix", "heuristic", 5, 5, False))]
    by_game = played(games)
    assert "felix" not in by_game[SACK]  # bots are never people
    t = Table(("ana", "Zoltán", "Felix"), played_by=by_game)
    assert [t.updates[c]["you"]["tips"] for c in range(3)] == [False, True, True]  # the lobby's switch says so
    t.start()
    assert t.tip(0) is None and t.updates[0]["you"]["tips"] is False
    assert t.tip(1)["kind"] == "choose" and t.tip(2)["kind"] == "choose"
    # the same name is new to Rat-a-Tat Cat: tips on there
    t2 = Table(("Chloé", "Béla"), game=RAT, played_by=by_game)
    assert "chloé" in by_game[SACK] and "chloé" not in by_game[RAT]
    assert [t2.updates[c]["you"]["tips"] for c in range(2)] == [True, False]


def test_a_game_finished_at_this_table_makes_its_players_returning_for_the_next_one():
    t = Table(("Ana", "Bea", "Cy"))
    t.start()
    kinds_shown(t, random.Random(2), pick_action)
    record = t.s.recorder.record
    from game.history import kept_game as keep

    kept = keep(record, t.s.rules.outcome(t.s.state), ended=NOW, started=None)
    t.take(t.s.set_history(summary([kept]), played([kept])))
    t.take(t.s.handle(0, P.Host(P.HostCmd.PLAY_AGAIN)))
    assert all(t.tip(c) is None and not t.updates[c]["you"]["tips"] for c in range(3))


def test_no_more_tips_turns_them_off_for_that_player_and_it_survives_a_resume_and_a_restart(tmp_path):
    t = Table(("Ana", "Bea", "Cy"))
    t.start()
    outs = t.take(t.s.handle(1, P.parse_message({"type": "tips", "on": False}, SACK)))
    assert last_update(outs, 1)["you"] == {**last_update(outs, 1)["you"], "tips": False, "tip": None}
    assert t.tip(0)["kind"] == "choose"  # the others keep theirs
    version = t.s.version
    assert t.s.handle(1, P.SetTips(False)) == [] and t.s.version == version  # the same choice again: nothing
    t.take(t.s.disconnect(1))
    t.take(t.s.handle(9, P.Resume(t.tokens[1])))
    assert t.updates[9]["you"]["tips"] is False and t.updates[9]["you"]["tip"] is None
    store = Store(tmp_path / "couchcats.sqlite")
    store.connect()
    store.save(t.s, 8000)
    loaded = store.load(rng=random.Random(1))
    store.close()
    assert loaded is not None
    again = loaded[0]
    outs = again.handle(5, P.Resume(t.tokens[1]))
    assert last_update(outs, 5)["you"]["tips"] is False
    outs = again.handle(5, P.parse_message({"type": "tips", "on": True}, SACK))  # the menu's switch
    # on again: the choice's tip was on her phone when she said no more, so the next kind comes next
    assert last_update(outs, 5)["you"]["tips"] is True and last_update(outs, 5)["you"]["tip"] is None
    assert again.seats[1].tips is True and again.seats[1].tips_seen == {"choose"}


def test_a_tip_seen_before_a_reconnect_or_a_restart_does_not_come_again(tmp_path):
    t = Table(("Ana", "Bea", "Cy"))
    t.start()
    assert t.tip(0)["kind"] == "choose"
    t.take(t.s.disconnect(0))
    outs = t.take(t.s.handle(7, P.Resume(t.tokens[0])))
    assert last_update(outs, 7)["you"]["tip"] is None  # it was on this phone already
    assert t.tip(1)["kind"] == "choose"
    store = Store(tmp_path / "couchcats.sqlite")
    store.connect()
    store.save(t.s, 8000)  # Bea's tip is on her phone as the table stops
    again = store.load(rng=random.Random(1))[0]
    store.close()
    outs = again.handle(3, P.Resume(t.tokens[1]))
    assert last_update(outs, 3)["you"]["tips"] is True and last_update(outs, 3)["you"]["tip"] is None
    outs = again.handle(4, P.Resume(t.tokens[2]))
    assert last_update(outs, 4)["you"]["tip"] is None  # Cy's phone had it too
    assert [sorted(seat.tips_seen) for seat in again.seats] == [["choose"]] * 3


def test_a_save_without_tips_still_loads_with_tips_by_the_history(tmp_path):
    from game.store import _seat_from

    seat = _seat_from({"name": "Ana", "colour": "#E69F00", "symbol": "triangle", "bot": None, "lang": "es",
                       "last_acted": -1, "token_sha256": "0" * 64})
    assert seat.tips is None and seat.tips_seen == set()
    with pytest.raises(ValueError):
        _seat_from({"name": "Ana", "colour": "", "symbol": "", "tips": "yes"})


def test_a_seat_a_bot_plays_gets_no_tip_and_a_game_without_tips_gives_none():
    t = Table(("Ana", "Bea", "Cy"))
    t.start()
    t.take(t.s.disconnect(2))
    t.take(t.s.host_command(P.parse_host({"cmd": "seat_to_bot", "seat": 2})))
    assert t.s.seats[2].tip is None
    bare = GameRules(**{k: v for k, v in SACK_FIELDS.items() if k not in ("tips_for", "tip_kinds")})
    assert bare.tip_kinds == () and list(bare.tips_for(t.s.seat_view(0))) == []


# ---------------------------------------------------------------- bad messages


@pytest.mark.parametrize("frame", [{"type": "tips"}, {"type": "tips", "on": "no"}, {"type": "tips", "on": 0},
                                   {"type": "tips", "on": None}])
def test_a_bad_tips_message_is_refused_clearly(frame):
    with pytest.raises(P.ProtocolError) as err:
        P.parse_message(frame, SACK)
    assert err.value.key == "bad_field" and err.value.params == {"field": "on"}


def test_tips_from_a_watcher_or_before_joining_change_nothing():
    t = Table(("Ana", "Bea", "Cy"))
    t.start()
    version = t.s.version
    outs = t.s.handle(50, P.SetTips(False))
    assert [m["key"] for m in to(outs, 50)] == ["join_first"]
    t.s.handle(51, P.Watch())
    outs = t.s.handle(51, P.SetTips(False))
    assert [m["key"] for m in to(outs, 51)] == ["not_seated"]
    assert t.s.version == version and all(s.tips is None for s in t.s.seats)


# ---------------------------------------------------------------- the wire


def _tip_free(message: dict[str, Any]) -> None:
    text = json.dumps(message, ensure_ascii=False)
    assert '"tip"' not in text and '"tips"' not in text and "tip." not in text, text[:300]


async def test_tips_go_only_to_their_own_phone_never_to_the_tv_watchers_or_other_seats(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    tv: list[dict[str, Any]] = []
    hub.listeners.append(tv.append)
    wire = Wire()
    phones = [await Phone.open(client, name, wire=wire) for name in ("Ana", "Bea", "Cy")]
    for phone in phones:
        await phone.join(phone.label)
    watcher = await Phone.open(client, "watcher", wire=wire)
    await watcher.watch()
    await phones[0].host("start")
    finals = await asyncio.gather(*(autoplay(p, random.Random(i)) for i, p in enumerate(phones)),
                                  watcher.until_update(lambda u: u["stage"] == "over", timeout=30))
    assert all(f["stage"] == "over" for f in finals)
    shown: dict[str, set[str]] = {}
    for label, seat, text in wire.frames:
        msg = json.loads(text)
        if label == "watcher":
            _tip_free(msg)
            continue
        if msg["type"] != "update":
            continue
        you = msg["you"]
        assert you["seat"] == seat and you["name"] == label
        tip = you.get("tip")
        if tip is not None:  # only while this phone's own seat has a decision
            assert msg["stage"] == "playing" and seat in msg["acting"], msg
            shown.setdefault(label, set()).add(tip["kind"])
    for message in tv:
        _tip_free(message)
    assert len(tv) > 20
    assert all({"choose", "bid"} <= shown.get(p.label, set()) for p in phones), shown


# ---------------------------------------------------------------- texts and pages


def _table(game: str, lang: str) -> dict[str, str]:
    return json.loads((ROOT / "controller_web" / "js" / "games" / game / "locales" / f"{lang}.json").read_text("utf-8"))


def test_every_tip_has_its_text_in_every_language_and_no_text_is_left_over():
    for game, rules in GAMES.items():
        if not rules.on_table:
            continue
        for lang in LANGS:
            strings = _table(game, lang)
            keys = {k for k in strings if k.startswith(P.TIP_PREFIX)}
            assert keys == {P.TIP_PREFIX + kind for kind in rules.tip_kinds}, (game, lang)
            for key in keys:
                assert 20 <= len(strings[key]) <= 140, f"{game}/{lang}:{key} is not one or two short lines"
    platform = json.loads((ROOT / "controller_web" / "locales" / "en.json").read_text("utf-8"))
    assert not [k for k in platform if k.startswith(P.TIP_PREFIX)]  # the platform's own are tips.*


def test_each_games_page_lists_its_tips():
    for game, rules in GAMES.items():
        text = (ROOT / "docs" / "games" / f"{game}.md").read_text("utf-8")
        if not rules.tip_kinds:
            assert "## Tips" not in text
            continue
        part = text.split("## Tips", 1)[1].split("\n## ", 1)[0]
        rows = [line.split("|")[1].strip().strip("`") for line in part.splitlines()
                if line.startswith("| `")]
        assert rows == list(rules.tip_kinds), (game, rows)


async def test_the_server_reads_who_finished_a_game_from_the_save_and_turns_their_tips_off(aiohttp_client, tmp_path):
    from game.store import open_store
    from tests.household import seed

    seed(tmp_path, household(NOW))  # Ana finished Cat in the Sack; Zsófi only Rat-a-Tat Cat
    opened = open_store(tmp_path, import_records=False)
    try:
        client = await aiohttp_client(app_for_test(store=opened.store))
        ana, zsofi = (await Phone.open(client, "Ana"), await Phone.open(client, "Zsófi"))
        await ana.join("ana ")
        await zsofi.join("Zsófi")
        lobby = await zsofi.until_update(lambda u: len(u["table"]["seats"]) == 2)
        assert lobby["you"]["tips"] is True
        assert (await ana.until_update(lambda u: len(u["table"]["seats"]) == 2))["you"]["tips"] is False
        await ana.host("set_game", game=RAT)
        assert (await ana.until_update(lambda u: u["table"]["game"] == RAT))["you"]["tips"] is True
        assert (await zsofi.until_update(lambda u: u["table"]["game"] == RAT))["you"]["tips"] is False
    finally:
        opened.store.close()
