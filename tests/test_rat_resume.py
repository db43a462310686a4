"""Rat-a-Tat Cat survives `kill -9` mid-round: `main.py serve` started again on the same port
gives every phone its seat, what it may know of its cards, the card it held, and nothing more."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any, Callable

import aiohttp

from game.engine.rat_a_tat_cat import Phase, Source, card_to_json
from game.store import FILE_NAME, Store
from tests.rat_helpers import GAME
from tests.rat_wire import Still, check_frame
from tests.server_kit import Phone, Wire
from tests.test_resume import Serve, free_port, reader

NAMES = ("Ann", "Bob")
Target = Callable[[dict[str, Any]], bool]


def holding(view: dict[str, Any]) -> bool:
    """Return True when the seat holds a card it drew from the pile (not in a Draw 2)."""
    return view["drawn"] is not None and view["drawn_from"] == "pile" and view["draws_left"] == 0


def mid_draw2(view: dict[str, Any]) -> bool:
    """Return True when the seat holds the first card of a Draw 2 (one more draw to come)."""
    return view["drawn"] is not None and view["draws_left"] == 1


def step(view: dict[str, Any]) -> dict[str, Any] | None:
    """Return a phone's move that keeps a round going: memorise, draw from the pile, use a Draw 2,
    throw the drawn card away (a card from the discard goes to place 1), never knock."""
    legal = view["legal"]
    if legal["memorised"]:
        return {"type": "memorised"}
    if legal["draw_pile"]:
        return {"type": "draw", "source": "pile"}
    if legal["draw2"]:
        return {"type": "draw2"}
    if legal["discard"]:
        return {"type": "discard"}
    if legal["swap_skip"]:
        return {"type": "swap", "skip": True}
    if legal["replace"]:
        return {"type": "replace", "position": 1}
    if legal["end_turn"]:
        return {"type": "end_turn"}
    return None


async def drive_until(phones: list[Phone], target: Target, timeout: float = 60.0) -> Phone:
    """Play the phones' moves until one phone's view meets `target` and every phone has caught up
    with that version; nothing moves then (bots wait for that phone, no timer): return it."""
    acted: set[tuple[int, int]] = set()
    again: set[int] = set()  # the finished games' versions a new game was asked after
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "the game never reached the moment to kill it"
        await asyncio.sleep(0.005)
        for p in phones:
            u = p.update
            if u is not None and u["stage"] == "over" and p is phones[0] and u["version"] not in again:
                again.add(u["version"])  # ten rounds without the moment (the deal is the server's chance): play on
                await p.host("play_again")
            if u is None or u["stage"] != "playing" or not u["view"]:
                continue
            if target(u["view"]) and u["acting"] == [p.seat]:
                if all(q.version == u["version"] for q in phones):
                    return p
                continue
            if (p.seat, u["version"]) in acted:
                continue
            action = step(u["view"])
            if action is not None:
                acted.add((p.seat, u["version"]))  # type: ignore[arg-type]
                await p.act(action)


async def open_table(http: aiohttp.ClientSession, code: str, wire: Wire) -> tuple[list[Phone], list[str]]:
    """Seat Ann and Bob, choose Rat-a-Tat Cat for ten rounds, add two bots and start."""
    phones, tokens = [], []
    for name in NAMES:
        p = await Phone.open(http, name, key=code, wire=wire)
        tokens.append((await p.join(name))["token"])
        phones.append(p)
    await phones[0].host("set_game", game=GAME)
    await phones[0].host("set_option", name="rounds", value=10)
    for _ in range(2):
        await phones[0].host("add_bot")
    await phones[0].host("start")
    await phones[0].until_update(lambda u: u["stage"] == "playing" and u["table"]["game"] == GAME)
    return phones, tokens


def saved_table(data: Path) -> Still:
    """Return the table as the killed server saved it (read on the side, before the restart)."""
    store = Store(data / FILE_NAME)
    store.connect()
    try:
        loaded = store.load(rng=random.Random(0))
    finally:
        store.close()
    assert loaded is not None
    return Still(loaded[0])


async def come_back(http: aiohttp.ClientSession, code: str, tokens: list[str], wire: Wire) -> tuple[list[Phone], Phone]:
    """Resume both phones by their tokens alone and open a watcher; return them once caught up."""
    back = []
    for name, token in zip(NAMES, tokens):
        p = await Phone.open(http, name, key=code, wire=wire)
        welcome = await p.resume(token)
        assert welcome["name"] == name
        back.append(p)
    watcher = await Phone.open(http, "watcher", key=code, wire=wire)
    await watcher.watch()
    for p in back + [watcher]:
        await p.until_update(lambda u: u["version"] >= back[-1].version)
    return back, watcher


async def kill_and_restart(http: aiohttp.ClientSession, servers: list[Serve], phones: list[Phone], tokens: list[str],
                           data: Path) -> tuple[list[Phone], Phone, dict[int, dict[str, Any]], Still]:
    """kill -9 the server, read its save, start it again on the same port and bring the phones back.

    The new server joins `servers` (the test stops them all). Return the phones, a watcher, what
    each phone last saw acknowledged, and the saved truth; every frame after the restart is
    checked against that truth.
    """
    last = {p.seat: p.update for p in phones}
    server = servers[-1]
    server.kill()
    truth = saved_table(data)
    again = Serve(server.port, data)  # back once it says so (how fast is test_resume's E2)
    servers.append(again)
    assert again.port == server.port and again.code == server.code
    assert "Resumed the game saved at " in again.text
    wire = Wire()
    back, watcher = await come_back(http, again.code, tokens, wire)
    seats = {p.label: p.seat for p in back} | {"watcher": None}
    for label, _, text in wire.frames:
        check_frame(text, seats[label], truth)  # nothing anyone may not see, the drawn card included
    for p in back:
        before, now = last[p.seat], p.update
        assert now["stage"] == "playing" and now["version"] > before["version"]
        assert now["view"] == before["view"], p.label  # its cards as it may know them, its card in hand, its moves
    assert all(s["connected"] for s in back[0].update["table"]["seats"])
    return back, watcher, last, truth


def readers(*phones: Phone) -> list[asyncio.Task[None]]:
    """Start keeping each phone's latest update current."""
    return [asyncio.create_task(reader(p)) for p in phones]


def stop(tasks: list[asyncio.Task[None]]) -> None:
    """Stop the phones' readers (before their server is killed)."""
    for t in tasks:
        t.cancel()


async def test_kill_9_mid_round_brings_every_phone_back_with_what_it_may_see__R_LOOK_1_R_TURN_2_R_POWER_3(tmp_path):
    """Killed three times: in the look, while a phone holds a card it drew, and mid-Draw 2."""
    server = Serve(free_port(), tmp_path)
    servers = [server]
    try:
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{server.port}") as http:
            phones, tokens = await open_table(http, server.code, Wire())
            seats = sorted(p.seat for p in phones)
            # 1. the look (R-LOOK-1): the bots have memorised, both phones still see their cards 1 and 4
            tasks = readers(*phones)
            async with asyncio.timeout(10):
                while not all(p.update["view"] and sorted(p.update["view"]["looking"]) == seats
                              and p.version == phones[0].version for p in phones):
                    await asyncio.sleep(0.005)
            stop(tasks)
            phones, watcher, last, truth = await kill_and_restart(http, servers, phones, tokens, tmp_path)
            state = truth.state
            assert state.phase is Phase.LOOK
            for p in phones:
                look = p.update["view"]["look"]
                assert look == [{"position": q, "card": card_to_json(state.lines[p.seat][q - 1])} for q in (1, 4)]
            assert watcher.update["view"]["looking"] == seats and "look" not in watcher.update["view"]

            # 2. a card drawn from the pile in hand (R-TURN-2): the drawer gets it back, nobody else sees it
            tasks = readers(*phones, watcher)
            holder = await drive_until(phones, holding)
            stop(tasks)
            phones, watcher, last, truth = await kill_and_restart(http, servers, phones, tokens, tmp_path)
            state = truth.state
            assert state.phase is Phase.DECIDE and state.drawn_from is Source.PILE and state.turn == holder.seat
            mine = next(p for p in phones if p.seat == holder.seat)
            other = next(p for p in phones if p.seat != holder.seat)
            assert mine.update["view"]["drawn"] == card_to_json(state.drawn) == last[holder.seat]["view"]["drawn"]
            assert other.update["view"]["drawn"] is None and watcher.update["view"]["drawn_card"] is None
            assert watcher.update["view"]["drawn_from"] == "pile" and watcher.update["view"]["turn"] == holder.seat

            # 3. mid-Draw 2 (R-POWER-3): the first of its two cards in hand; after the restart the
            # drawer throws it away and draws the second, as the Draw 2 allows
            tasks = readers(*phones, watcher)
            holder = await drive_until(phones, mid_draw2)
            stop(tasks)
            phones, watcher, last, truth = await kill_and_restart(http, servers, phones, tokens, tmp_path)
            state = truth.state
            assert state.phase is Phase.DECIDE and state.draws_left == 1 and state.turn == holder.seat
            mine = next(p for p in phones if p.seat == holder.seat)
            other = next(p for p in phones if p.seat != holder.seat)
            view = mine.update["view"]
            assert view["drawn"] == card_to_json(state.drawn) and view["legal"]["discard"]
            assert other.update["view"]["drawn"] is None and watcher.update["view"]["drawn_card"] is None
            tasks = readers(*phones, watcher)
            await mine.act({"type": "discard"})
            async with asyncio.timeout(10):
                while not (mine.update["view"]["phase"] == "draw" and mine.update["view"]["turn"] == mine.seat):
                    await asyncio.sleep(0.005)
            legal = mine.update["view"]["legal"]
            assert legal["draw_pile"] and not legal["draw_discard"]  # the Draw 2's second draw, from the pile
            await mine.act({"type": "draw", "source": "pile"})
            async with asyncio.timeout(10):
                while mine.update["view"]["drawn"] is None:
                    await asyncio.sleep(0.005)
            assert mine.update["view"]["draws_left"] == 0 and not mine.errors
            stop(tasks)
    finally:
        for one in servers:
            if one.proc.poll() is None:
                one.kill()
