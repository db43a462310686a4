"""The coach through the real server: the host turns it on per seat in the lobby; a coached seat's
phone asks for a hint and gets, alone, a legal move and its reason, thought by the game's hard bot
in the bots' worker; anyone else is refused with a clear error and nothing changes; a stale hint is
dropped; no other phone, watcher or the TV ever receives one; the record marks coached seats and the
household's board does not count their wins."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from contextlib import closing
from typing import Any

from game import protocol as P
from game.bots import coach_kind
from game.history import KeptGame, KeptSeat, leaders, recent
import pytest

from game.records import RecordError, check_record, loads_record, read_record
from game.simulate import play_game
from game.store import FILE_NAME, open_store
from game import kept
from game.session import HintAsk, Session
from server_kit import Phone, Wire, app_for_test, hub_of, pick_action, seat_phones

SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"


async def coached_table(client: Any, wire: Wire) -> tuple[list[Phone], Phone, list[str]]:
    """Three phones (Ana hosts), Bea coached, a watcher, and the TV's public frames."""
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"], wire)
    watcher = await Phone.open(client, "watcher", wire=wire)
    await watcher.watch()
    tv: list[str] = []
    hub = hub_of(client)
    hub.frame_listeners.append(lambda text, frame, version: tv.append(text))
    hub.error_listeners.append(lambda message: tv.append(json.dumps(message)))
    await phones[0].host("set_coach", seat=1, on=True)
    await phones[1].until_update(lambda u: u["table"]["seats"][1]["coached"])
    return phones, watcher, tv


async def hint_for(phone: Phone, **fields: Any) -> dict[str, Any]:
    """Ask for a hint on the phone's latest update; return the answer (a hint or an error)."""
    await phone.send({"type": "hint", "version": phone.version, **fields})
    return await phone.until(lambda m: m["type"] in ("hint", "error"), timeout=20)


async def test_the_host_turns_the_coach_on_for_a_person_and_everyone_sees_it(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    wire = Wire()
    phones, watcher, _tv = await coached_table(client, wire)
    lobby = await watcher.until_update(lambda u: u["table"]["seats"][1]["coached"])
    assert [s["coached"] for s in lobby["table"]["seats"]] == [False, True, False]  # public: a badge for all
    offered = {g["id"]: g["coach"] for g in lobby["table"]["games"]}
    assert offered == {g: coach_kind(g) is not None for g in offered}  # a game offers it if its hard bot coaches
    assert offered[SACK] and offered[RAT]  # (both shipped games' hard bots can; a game without a hard bot cannot)
    await phones[0].host("add_bot")
    await phones[0].until_update(lambda u: len(u["table"]["seats"]) == 4)
    await phones[0].host("set_coach", seat=3, on=True)
    err = await phones[0].until(lambda m: m["type"] == "error")
    assert err["key"] == "coach_person_only"
    await phones[1].host("set_coach", seat=1, on=False)  # not the host
    assert (await phones[1].until(lambda m: m["type"] == "error"))["key"] == "not_host"
    await phones[0].host("set_coach", seat=1, on="yes")
    assert (await phones[0].until(lambda m: m["type"] == "error"))["key"] == "bad_field"
    assert hub_of(client).session.seats[1].coached and not hub_of(client).session.seats[3].coached


async def test_only_the_coached_seat_gets_hints_and_only_on_its_own_phone(aiohttp_client, tmp_path):
    store = open_store(tmp_path).store
    client = await aiohttp_client(app_for_test(data_dir=tmp_path, store=store))
    wire = Wire()
    (ana, bea, cy), watcher, tv = await coached_table(client, wire)
    hub = hub_of(client)
    await ana.host("start")
    await bea.until_update(lambda u: u["stage"] == "playing" and bea.seat in u["acting"])

    version = hub.session.version
    refused = await hint_for(ana)  # a seat without the coach
    assert refused["type"] == "error" and refused["key"] == "not_coached"
    refused = await hint_for(bea, seat=0)  # another seat's hint
    assert refused["type"] == "error" and refused["key"] == "hint_other_seat"
    await bea.send({"type": "hint"})
    assert (await bea.until(lambda m: m["type"] == "error"))["key"] == "bad_field"
    assert hub.session.version == version  # nothing changed

    # Bea plays the whole game by her coach's hints; Ana and Cy play on their own
    others = [asyncio.create_task(_play(p, random.Random(i))) for i, p in enumerate((ana, cy))]
    hints = await _play_by_hints(bea)
    await asyncio.gather(*others)
    assert hints >= 12, hints

    # no one else ever received a hint (nor its reason)
    for label, seat, text in wire.frames:
        if label != "Bea":
            assert '"type":"hint"' not in text and '"hint.' not in text, (label, text[:200])
    assert tv and not any('"type":"hint"' in t or '"hint.' in t for t in tv)
    assert any('"type":"hint"' in text for label, _s, text in wire.frames if label == "Bea")

    # the record marks the coached seat
    for _ in range(200):
        if hub.records:
            break
        await asyncio.sleep(0.02)
    record = read_record(hub.records[0])
    assert [p.coached for p in record.players] == [False, True, False]
    data = json.loads(record.to_json())
    assert data["players"][1]["coached"] is True and "coached" not in data["players"][0]
    with closing(sqlite3.connect(tmp_path / FILE_NAME)) as db:  # and so does the kept game
        assert db.execute("SELECT seat FROM kept_seats WHERE coached = 1").fetchall() == [(1,)]
    assert [s.coached for s in kept.read_kept(store.connection)[0].seats] == [False, True, False]
    store.close()


async def _play(phone: Phone, rng: random.Random) -> None:
    """Play legal moves from the phone's views until the game is over (no hints)."""
    acted = -1
    async with asyncio.timeout(120):
        while phone.update is None or phone.update["stage"] != "over":
            u = phone.update
            if u and u["stage"] == "playing" and u["version"] != acted and phone.seat in u["acting"]:
                move = pick_action(u["view"], rng)
                if move is not None:
                    acted = u["version"]
                    await phone.act(move)
            try:
                await phone.recv(0.5)
            except TimeoutError:
                acted = -1


async def _play_by_hints(phone: Phone) -> int:
    """Ask for a hint at every decision and make its move; return how many hints came."""
    hints = 0
    async with asyncio.timeout(240):
        while phone.update is None or phone.update["stage"] != "over":
            u = phone.update
            if u and u["stage"] == "playing" and phone.seat in u["acting"] and any_legal(u["view"]["legal"]):
                answer = await hint_for(phone)
                if answer["type"] == "hint":
                    assert answer["version"] <= phone.version
                    assert answer["reason"]["key"].startswith("hint.")
                    hints += 1
                    await phone.act(answer["action"])
                    answer = await phone.until(lambda m: m["type"] in ("update", "error"))
                    assert answer["type"] == "update", answer  # the coach's move was taken
                    continue
                assert answer["key"] == "hint_not_now", answer  # (the turn passed meanwhile)
            try:
                await phone.recv(0.5)
            except TimeoutError:
                pass
    return hints


def any_legal(legal: dict[str, Any]) -> bool:
    return any(v not in (None, False, [], 0) for k, v in legal.items() if k not in ("pass_takes", "buy_price"))


async def test_a_hint_that_went_stale_is_dropped(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    wire = Wire()
    (ana, bea, cy), _watcher, _tv = await coached_table(client, wire)
    hub = hub_of(client)
    await ana.host("start")
    u = await bea.until_update(lambda u: u["stage"] == "playing" and bea.seat in u["acting"])
    await bea.send({"type": "hint", "version": u["version"]})
    await bea.act(pick_action(u["view"], random.Random(1)))  # she chose before the coach answered
    await bea.until(lambda m: m["type"] == "update" and m["view"]["chosen_card"] is not None)
    for _ in range(500):
        if hub.bots.hints_dropped:
            break
        await asyncio.sleep(0.01)
    assert hub.bots.hints_dropped == 1
    await asyncio.sleep(0.3)
    assert not [m for m in bea.frames if m["type"] == "hint"]


def test_a_hint_for_an_older_decision_is_not_even_thought() -> None:
    s = Session("K7MQ2X", random.Random(3))
    for conn, name in enumerate(["Ana", "Bea", "Cy"]):
        s.handle(conn, P.Join(name))
    s.host_command(P.parse_host({"cmd": "set_coach", "seat": 1, "on": True}))
    s.host_command(P.parse_host({"cmd": "start"}))
    ask = s.handle(1, P.Hint(s.version))
    assert len(ask) == 1 and isinstance(ask[0], HintAsk) and ask[0].seat == 1
    card = s.seat_view(1).legal.play[0]
    s.handle(1, P.parse_message({"type": "act", "version": s.version, "action": {"type": "play", "card": card}}, SACK))
    assert s.handle(1, P.Hint(s.version - 1)) == []  # it acted since: that decision is gone
    assert not s.hint_current(ask[0])
    refused = s.handle(1, P.Hint(s.version))[0].message  # (it has chosen: no decision now)
    assert refused["key"] == "hint_not_now"


def test_the_board_counts_a_coached_game_as_played_but_not_its_win() -> None:
    def game(ended: int, coached: bool) -> KeptGame:
        seats = (KeptSeat(0, "Ana", None, 60, 60, True, coached), KeptSeat(1, "Bea", None, 40, 40, False))
        return KeptGame(SACK, ended, None, seats, {}, {}, "", f"d{ended}")

    board = leaders([game(1, True), game(2, False)], SACK)
    assert board[0] == {"name": "Ana", "wins": 1, "games": 2, "best": 60}
    board = leaders([game(1, True)], SACK)
    assert {"name": "Ana", "wins": 0, "games": 1, "best": None} in board
    last = recent([game(1, True)], SACK)[0]
    assert last["winners"] == ["Ana"] and last["seats"][0]["coached"] is True and "coached" not in last["seats"][1]
    assert P.history_to_wire({SACK: {"leaders": [], "recent": [last]}})[SACK]["recent"][0]["seats"][0]["coached"]


def test_a_record_without_the_mark_reads_as_before_and_one_with_it_referees() -> None:
    game = play_game(SACK, ["random"] * 3, seed=5, game_index=0)
    text = game.record.to_json()
    assert "coached" not in text  # a game without the coach writes what it always wrote
    assert not any(p.coached for p in loads_record(text).players)
    data = json.loads(text)
    data["players"][2]["coached"] = True
    marked = loads_record(json.dumps(data))
    assert [p.coached for p in marked.players] == [False, False, True]
    assert check_record(marked).ok
    data["players"][2]["coached"] = "yes"
    with pytest.raises(RecordError):
        loads_record(json.dumps(data))


def _lobby(coached_seat: int = 1) -> Session:
    s = Session("K7MQ2X", random.Random(3))
    for conn, name in enumerate(["Ana", "Bea", "Cy"]):
        s.handle(conn, P.Join(name))
    s.host_command(P.parse_host({"cmd": "set_coach", "seat": coached_seat, "on": True}))
    return s


def test_the_coach_is_saved_with_its_seat_and_an_old_save_without_it_loads(tmp_path) -> None:
    opened = open_store(tmp_path)
    s = _lobby()
    opened.store.save(s, 8765)
    opened.store.close()
    back = open_store(tmp_path)
    assert back.session is not None and [x.coached for x in back.session.seats] == [False, True, False]
    back.store.close()
    from game.store import _seat_from  # a seat saved before the coach existed has no such field

    assert _seat_from({"name": "Old", "colour": "#E69F00", "symbol": "triangle", "bot": None}).coached is False


def test_a_game_whose_hard_bot_cannot_coach_offers_no_coach(monkeypatch) -> None:
    from game.bots import LEVEL_KINDS, coach_kind

    s = _lobby()
    assert s.coached(1)
    coach_kind(SACK)
    monkeypatch.delitem(LEVEL_KINDS[SACK], "hard")  # as the third game: no hard bot
    assert not s.coached(1)
    from game.engine import GAMES
    from game.table.updates import _game_entry

    assert _game_entry(GAMES[SACK])["coach"] is False  # the lobbies offer no coach switch
    out = s.host_command(P.parse_host({"cmd": "set_coach", "seat": 0, "on": True}), by=s.seats[0], conn=0)
    assert out[0].message["key"] == "no_coach"


async def test_a_phone_that_floods_the_coach_keeps_one_hint_in_the_worker(aiohttp_client, monkeypatch):
    # the bots think in the same worker: a phone sending hint after hint must not queue seconds of thought
    client = await aiohttp_client(app_for_test())
    wire = Wire()
    (ana, bea, cy), _watcher, _tv = await coached_table(client, wire)
    hub = hub_of(client)
    asked: list[int] = []
    think = hub.bots.thinker.hint

    async def counted(key: Any, view: Any) -> Any:
        asked.append(view.seat)
        return await think(key, view)

    monkeypatch.setattr(hub.bots.thinker, "hint", counted)
    await ana.host("start")
    u = await bea.until_update(lambda u: u["stage"] == "playing" and bea.seat in u["acting"])
    for _ in range(30):
        await bea.send({"type": "hint", "version": u["version"]})
    answer = await bea.until(lambda m: m["type"] == "hint", timeout=20)
    assert answer["version"] == u["version"]
    await asyncio.sleep(0.5)
    assert asked == [bea.seat], "one hint thought for thirty asks of the same decision"
    assert len([m for m in bea.frames if m["type"] == "hint"]) == 1
    assert hub.bots.hints_dropped == 29


async def test_a_hint_for_a_version_the_table_never_had_is_refused_with_the_fresh_update(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    (ana, bea, cy), _watcher, _tv = await coached_table(client, Wire())
    await ana.host("start")
    u = await bea.until_update(lambda u: u["stage"] == "playing" and bea.seat in u["acting"])
    await bea.send({"type": "hint", "version": u["version"] + 50})
    refused = await bea.until(lambda m: m["type"] in ("hint", "error"))
    assert refused["type"] == "error" and refused["key"] == "stale_version"
    assert bea.version == hub_of(client).session.version, "the phone holds the table's latest update"
    await asyncio.sleep(0.3)
    assert not [m for m in bea.frames if m["type"] == "hint"]
