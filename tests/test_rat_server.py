"""Rat-a-Tat Cat through the real websocket server: two phones and two bots play to the end in
each end mode and the kids variant, and every frame sent to the phones, a watcher and the TV is
checked against what its recipient may see at that version (tests/rat_wire.py): the visibility
table of the rules — the look only while looking (R-LOOK-1), a card drawn from the pile only to
its drawer (R-TURN-2), a peek only to its seat until its turn ends (R-POWER-1), the kids
variant's outer cards to everyone (R-KIDS-1), the pile's size but never its order (R-PILE-1),
and never the seed or the deck."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game.bots.rat_a_tat_cat import Tuning
from game.engine.rat_a_tat_cat import Phase, State
from game.records import check_record, read_record
from game.session import Session
from tests.rat_helpers import GAME, wire_move
from tests.rat_wire import Truth, check_frame
from tests.server_kit import KEY, Phone, Wire, app_for_test, autoplay, hub_of, seat_phones

LONG_ROUNDS = Tuning(knock_margin=99, knock_anyway=-1, patience=99, give_up=14)  # the pile runs dry
FAST = {"rate": 1000.0, "burst": 1000.0}  # bots at delay 0 make a quick game: the phones keep up


class Clock:
    """The table's simulated clock (the time limit never waits for real)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Played:
    """One finished game: its table, every frame each recipient got, and the server's truth."""

    session: Session
    truth: Truth
    wire: Wire
    tv: list[str]
    seats: dict[str, int | None]
    finals: list[dict[str, Any]]
    checked: dict[str, int] = field(default_factory=dict)

    @property
    def state(self) -> State:
        """Return the server's game state at the end."""
        return self.session.state

    def frames_of(self, label: str) -> list[dict[str, Any]]:
        """Return every frame one recipient got, decoded, in order."""
        return [json.loads(text) for who, _, text in self.wire.frames if who == label]

    def events(self, kind: str) -> list[dict[str, Any]]:
        """Return the events of one type the watcher saw."""
        return [e for f in self.frames_of("watcher") if f["type"] == "update" for e in f["events"]
                if e["type"] == kind]


async def play_to_the_end(aiohttp_client, tmp_path, options: dict[str, Any], seed: int, *, during=None,
                          monkeypatch=None, knock_chance: float = 0.3, phones_act: bool = True) -> Played:
    """Seat Ana and Bea (phones) and two heuristic bots, set `options` through the lobby, start,
    and let the phones play from their views until the game is over; check every frame.

    With `monkeypatch` the bots are patient (they knock after fourteen turns each: the pile runs dry);
    `during(hub, clock)` runs beside the game; without `phones_act` the phones only watch their
    views (their player walked away).
    """
    if monkeypatch is not None:
        from game.bots import BOT_KINDS, kinds
        from game.bots.rat_a_tat_cat import HeuristicBot

        kinds(GAME)  # the registry is loaded before it is patched
        monkeypatch.setitem(BOT_KINDS[GAME], "heuristic", lambda rng: HeuristicBot(rng, LONG_ROUNDS))
    clock = Clock()
    session = Session(KEY, random.Random(seed), clock=clock)
    client = await aiohttp_client(app_for_test(session=session, data_dir=tmp_path, **FAST))
    hub = hub_of(client)
    truth = Truth(session)
    wire = Wire()
    tv: list[str] = []
    hub.listeners.append(lambda message: tv.append(json.dumps(message)))  # the TV's queue of public updates
    ana, bea = await seat_phones(client, ["Ana", "Bea"], wire)
    watcher = await Phone.open(client, "watcher", wire=wire)
    await watcher.watch()
    await ana.host("set_game", game=GAME)
    for name, value in options.items():
        await ana.host("set_option", name=name, value=value)
    await ana.host("add_bot")
    await ana.host("add_bot")
    await bea.until_update(lambda u: len(u["table"]["seats"]) == 4
                           and all(u["table"]["options"][k] == v for k, v in options.items()))
    assert session.game_id == GAME and [s.bot for s in session.seats][:2] == [None, None]
    await ana.host("start")
    move = partial(wire_move, knock_chance=knock_chance) if phones_act else lambda view, rng: None
    plays = [autoplay(p, random.Random(seed * 10 + i), pick=move, timeout=20) for i, p in enumerate((ana, bea))]
    watching = watcher.until_update(lambda u: u["stage"] == "over", timeout=20)
    extra = [during(hub, clock)] if during else []
    *finals, _ = await asyncio.gather(*plays, watching, *extra)
    # every move offered was taken; a phone that acted again on an update sent before its own move
    # was applied (another seat's change came first) is told its view is stale, nothing else
    assert {e["key"] for e in ana.errors + bea.errors} <= {"stale_version"}, ana.errors + bea.errors
    played = Played(session, truth, wire, tv, {"Ana": ana.seat, "Bea": bea.seat, "watcher": None}, finals[:2])
    check_wire(played)
    await check_the_record(hub, played)
    return played


async def check_the_record(hub, played: Played) -> None:
    """Assert the game's record was written, referees as legal and names the same winners."""
    async with asyncio.timeout(5):
        while not hub.records:
            await asyncio.sleep(0.01)
    record = read_record(hub.records[0])
    assert record.game == GAME and [p.name for p in record.players][:2] == ["Ana", "Bea"]
    assert check_record(record).ok, check_record(record)
    assert record.result["winners"] == played.state.winners and record.result["totals"] == played.state.totals


def check_wire(played: Played) -> None:
    """Check every frame of the game against what its recipient may see at its version."""
    for label, _, text in played.wire.frames:
        check_frame(text, played.seats[label], played.truth)
        played.checked[label] = played.checked.get(label, 0) + 1
    for text in played.tv:
        check_frame(text, None, played.truth)
    played.checked["tv"] = len(played.tv)
    assert all(played.checked[k] > 20 for k in ("Ana", "Bea", "watcher", "tv")), played.checked


def assert_over_for_everyone(played: Played) -> dict[str, Any]:
    """Assert both phones, the watcher and the TV ended on the same outcome; return it."""
    state = played.state
    if state.options["end"]["mode"] != "time":  # no clock on the wall without a time limit
        assert not any('"game_time"' in text for _, _, text in played.wire.frames)
    assert state.phase is Phase.OVER and played.session.stage == "over"
    outcome = played.finals[0]["outcome"]
    assert outcome is not None and all(f["outcome"] == outcome for f in played.finals)
    assert json.loads(played.tv[-1])["outcome"] == outcome
    assert played.frames_of("watcher")[-1]["outcome"] == outcome
    assert outcome["winners"] == state.winners and outcome["totals"] == state.totals
    return outcome


def lowest(totals: list[int], seats: list[int]) -> list[int]:
    low = min(totals[s] for s in seats)
    return [s for s in seats if totals[s] == low]


async def test_rounds_mode_two_long_rounds_to_the_end_hiding_every_secret_on_the_wire__R_GAME_1_R_GAME_4_R_PILE_1_R_TURN_2_R_POWER_1_R_POWER_2_R_POWER_3_R_LOOK_1(
        aiohttp_client, tmp_path, monkeypatch):
    played = await play_to_the_end(aiohttp_client, tmp_path, {"end": "rounds", "rounds": 2}, seed=2,
                                   monkeypatch=monkeypatch, knock_chance=0.02)
    outcome = assert_over_for_everyone(played)
    state = played.state
    assert state.round == 2 and len(state.round_scores) == 2
    assert state.totals == [sum(r[s] for r in state.round_scores) for s in range(4)]
    assert outcome["winners"] == lowest(state.totals, [0, 1, 2, 3])  # lowest total wins, ties share
    assert len(played.events("round_scored")) == 2 and len(played.events("knocked")) == 2
    # this seeded game passes every card-moving step over the wire, so the frame checks saw each:
    # a phone's peek (R-POWER-1), swaps and a declined one (R-POWER-2), Draw 2s (R-POWER-3), reshuffles
    seen = {e["type"] for who in ("Ana", "Bea") for f in played.frames_of(who) if f["type"] == "update"
            for e in f["events"]}
    assert {"you_peeked", "swapped", "swap_skipped", "draw_again", "reshuffled", "you_drew"} <= seen, seen


async def test_time_mode_ends_after_the_round_in_progress_when_the_simulated_clock_runs_out__R_GAME_2_R_LOOK_1_R_TURN_2(
        aiohttp_client, tmp_path):
    async def run_out_the_clock(hub, clock) -> None:
        session = hub.session
        async with asyncio.timeout(20):
            while session.state is None or sum(e["seat"] is not None for e in session.log) < 12:
                await asyncio.sleep(0.005)  # a few turns into the first round
        assert session.stage == "playing" and session.game_deadline == clock.now + 600  # R-GAME-2: 10 min from the start
        clock.now += 601  # ten minutes "pass"; the hub's timer is armed from the new time
        hub.clock_moved()

    played = await play_to_the_end(aiohttp_client, tmp_path, {"end": "time", "minutes": 10}, seed=2,
                                   during=run_out_the_clock)
    outcome = assert_over_for_everyone(played)
    state = played.state
    time_up = played.events("time_up")
    assert len(time_up) == 1 and state.time_up
    assert state.round == time_up[0]["round"]  # the round in progress was played out and was the last
    scored = played.events("round_scored")
    assert scored[-1]["round"] == state.round and len(played.events("knocked")) == state.round
    assert outcome["winners"] == lowest(state.totals, [0, 1, 2, 3])
    assert played.session.game_deadline is None
    # the time left is on every update while it runs (the TV counts it down), gone once it ran out
    for frames in (played.frames_of("watcher"), played.frames_of("Ana"), [json.loads(t) for t in played.tv]):
        updates = [f for f in frames if f["type"] == "update" and f["stage"] == "playing"]
        ran_out = next(i for i, f in enumerate(updates) if any(e["type"] == "time_up" for e in f["events"]))
        left = [f["game_time"]["seconds_left"] for f in updates[:ran_out]]
        # 600 until the simulated clock jumps, 0 in the moment before the hub's timer fires
        assert left[0] == 600 and left == sorted(left, reverse=True) and set(left) <= {600, 0}
        assert not any("game_time" in f for f in updates[ran_out:] + frames[-1:])


async def test_elimination_mode_plays_until_one_is_left_and_the_out_get_no_cards__R_GAME_3_R_LOOK_1_R_TURN_2(aiohttp_client, tmp_path):
    limit = 30
    played = await play_to_the_end(aiohttp_client, tmp_path, {"end": "elimination", "limit": limit}, seed=3)
    outcome = assert_over_for_everyone(played)
    state = played.state
    assert state.round >= 2 and state.eliminated
    assert all(state.totals[s] >= limit for s in state.eliminated)
    standing = [s for s in range(4) if s not in state.eliminated]
    if len(standing) == 1:
        assert outcome["winners"] == standing
    else:  # everyone left went over in the same round: the lowest of them stay in and win
        assert outcome["winners"] == lowest(state.totals, standing) and all(
            state.totals[s] >= limit for s in standing)
    # a seat out is dealt no cards: every later view shows it out with an empty line
    for label in ("Ana", "Bea", "watcher"):
        out_since: dict[int, int] = {}
        for f in played.frames_of(label):
            if f["type"] != "update" or not f["view"]:
                continue
            rnd = f["view"]["round"]
            for info in f["view"]["seats"]:
                if info["out"]:
                    out_since.setdefault(info["seat"], rnd)
                    if rnd > out_since[info["seat"]]:
                        assert info["line"] == [], (label, info)
        assert set(out_since) == set(state.eliminated)


async def test_kids_variant_shows_every_outer_card_to_everyone_and_swaps_only_inner_ones__R_KIDS_1_R_TURN_2(
        aiohttp_client, tmp_path, monkeypatch):
    played = await play_to_the_end(aiohttp_client, tmp_path, {"end": "rounds", "rounds": 1, "kids": True}, seed=4,
                                   monkeypatch=monkeypatch, knock_chance=0.05)
    assert_over_for_everyone(played)
    assert played.state.round == 1 and not played.events("look")  # nothing to memorise
    playing = [f for f in played.frames_of("watcher") if f["type"] == "update" and f["view"]
               and f["view"]["phase"] in ("draw", "decide", "end_turn")]
    assert playing
    for f in playing:  # the outer two of every line lie face up, the inner two face down
        for info in f["view"]["seats"]:
            assert None not in (info["line"][0], info["line"][3]) and info["line"][1:3] == [None, None]
    assert played.events("swapped")
    for e in played.events("swapped"):
        assert e["position"] in (2, 3) and e["other_position"] in (2, 3)


async def test_phones_whose_players_walked_away_are_played_by_the_turn_timer_to_the_end__R_LOOK_1_R_TURN_2(
        aiohttp_client, tmp_path):
    """The turn timer (30 s, on the simulated clock) makes the phones' moves: memorised in the look,
    then draw from the pile and throw the card away; the bots knock and the round ends."""
    expired: list[int] = []

    async def let_the_timer_run_out(hub, clock) -> None:
        session = hub.session
        async with asyncio.timeout(20):
            while session.stage != "over":
                await asyncio.sleep(0.002)
                acting = session.rules.to_act(session.state) if session.state is not None else set()
                if session.stage == "playing" and session.deadline is not None and acting <= {0, 1} and acting:
                    clock.now = session.deadline + 0.5  # the phone on the clock lets it run out
                    expired.append(session.version)
                    hub.clock_moved()
                    version = session.version
                    while session.version == version:
                        await asyncio.sleep(0.001)

    played = await play_to_the_end(aiohttp_client, tmp_path, {"end": "rounds", "rounds": 1, "turn_timer": 30},
                                   seed=5, during=let_the_timer_run_out, phones_act=False)
    assert_over_for_everyone(played)
    timeouts = played.events("timeout")
    assert timeouts and {e["seat"] for e in timeouts} == {0, 1}  # every move of a phone was the timer's
    ana = played.frames_of("Ana")
    timed = [f for f in ana if f["type"] == "update" and "timer" in f and f["stage"] == "playing"]
    assert timed and all(f["timer"]["seconds_left"] <= 30 for f in timed)
    mine = [e for f in ana if f["type"] == "update" for e in f["events"] if e["type"] in ("drew", "discarded")
            and e["seat"] == 0]
    assert {e["type"] for e in mine} == {"drew", "discarded"}  # draw from the pile, throw it away
    assert all(e["source"] == "pile" for e in mine if e["type"] == "drew")
