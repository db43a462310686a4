"""The household's history (game/history.py, game/kept.py): the leaderboard and last results per game,
the `history` of the lobby's updates, the games kept by the save as they end, the import of the
records folder, and the history surviving --fresh and a damaged save (issue 11)."""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from game import kept
from game import protocol as P
from game.bots import make_bot
from game.engine import GAMES
from game.history import KeptGame, KeptSeat, leaders, recent, summary
from game.protocol import Stage
from game.records import Record, RecordPlayer, check_record, loads_record, write_record
from game.server.thread import ServerThread
from game.session import Out, Session
from game.simulate import play_game
from game.store import FILE_NAME, SCHEMA_VERSION, Store, open_store

ROOT = Path(__file__).resolve().parent.parent

SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"


def rigged(game: str, ended: int, *seats: tuple[str, str | None, int, int | None, bool]) -> KeptGame:
    """Return a kept game of `game` with (name, bot kind, total, best, won) per seat."""
    return KeptGame(game, ended, None, tuple(KeptSeat(i, *s) for i, s in enumerate(seats)), {}, {}, "",
                    f"digest-{game}-{ended}")


# Five finished games of each game. Names differ in case, spaces and Unicode form (é as one
# code point or e + combining accent) but are one person; Felix and Luna are bots.
HOUSEHOLD = [
    rigged(SACK, 100, ("Ana", None, 58, 58, True), ("Béla", None, 40, 40, False), ("Felix", "heuristic", 61, 61, False)),
    rigged(SACK, 200, ("ana ", None, 30, 30, False), ("Be\u0301la", None, 45, 45, True), ("Felix", "heuristic", 20, 20, False)),
    rigged(SACK, 300, (" ANA", None, 50, 50, True), ("béla", None, 50, 50, True), ("Luna", "random", 49, 49, False)),
    rigged(SACK, 400, ("Cleo", None, 70, 70, True), ("Dan", None, 10, 10, False), ("Felix", "heuristic", 90, 90, False)),
    rigged(SACK, 500, ("Eve", None, 33, 33, False), ("Felix", "heuristic", 80, 80, True), ("Ana", None, 31, 31, False)),
    # Rat-a-Tat Cat: lowest wins, best is the lowest round score
    rigged(RAT, 150, ("Ana", None, 20, 4, True), ("Béla", None, 31, 2, False)),
    rigged(RAT, 250, ("ANA", None, 40, 9, False), ("Béla", None, 12, 3, True)),
    rigged(RAT, 350, ("Dan", None, 15, 5, True), ("Felix", "heuristic", 15, 0, True)),
]


def test_the_leaderboard_counts_people_by_name_keeps_bots_apart_and_shares_wins():
    board = leaders(HOUSEHOLD, SACK)
    # Ana: 4 games (ana , " ANA", Ana), wins at 100 and the shared one at 300; best 58 (highest)
    # Béla: 3 games, wins at 200 and the shared one at 300; best 50
    # Cleo: 1 game, 1 win; Dan: 1 game; Eve: 1 game. Felix (bot) won at 500: not on the board.
    # Ranked: wins, then fewer games, then best: Béla before Ana; Eve's 33 beats Dan's 10.
    assert board == [{"name": "béla", "wins": 2, "games": 3, "best": 50},
                     {"name": "Ana", "wins": 2, "games": 4, "best": 58},
                     {"name": "Cleo", "wins": 1, "games": 1, "best": 70},
                     {"name": "Eve", "wins": 0, "games": 1, "best": 33},
                     {"name": "Dan", "wins": 0, "games": 1, "best": 10}]
    assert all(row["name"] not in ("Felix", "Luna") for row in board)


def test_the_best_score_goes_the_way_the_game_declares():
    assert GAMES[SACK].best_lowest is False and GAMES[RAT].best_lowest is True
    board = leaders(HOUSEHOLD, RAT)
    # Ana and Béla: one win in two games each; Béla's best round (2) beats Ana's (4): Béla first.
    # Dan shared his win with a bot: it counts for him. The bot is not on the board.
    assert board == [{"name": "Dan", "wins": 1, "games": 1, "best": 5},
                     {"name": "Béla", "wins": 1, "games": 2, "best": 2},
                     {"name": "ANA", "wins": 1, "games": 2, "best": 4}]


def test_the_last_results_are_the_newest_five_with_bots_marked():
    last = recent(HOUSEHOLD, SACK)
    assert [r["ended"] for r in last] == [500, 400, 300, 200, 100]
    assert last[0] == {"ended": 500, "winners": ["Felix"],
                       "seats": [{"name": "Eve", "total": 33, "bot": False},
                                 {"name": "Felix", "total": 80, "bot": True},
                                 {"name": "Ana", "total": 31, "bot": False}]}
    assert last[2]["winners"] == ["ANA", "béla"]  # names as the lobby writes them: no spaces around
    more = HOUSEHOLD + [rigged(SACK, 600 + i, ("Zoe", None, i, i, True)) for i in range(3)]
    assert [r["ended"] for r in recent(more, SACK)] == [602, 601, 600, 500, 400]
    assert len(leaders(more, SACK)) == 5


def test_each_games_best_score_from_its_record__R_GAME_3():
    sack = play_game(SACK, ["random"] * 4, seed=3, game_index=1).record.to_dict()
    assert GAMES[SACK].best_scores(sack) == [s["total"] for s in sack["result"]["scores"]]  # the final total
    rounds = play_game(RAT, ["random"] * 3, seed=3, game_index=2, options={"rounds": 4}).record.to_dict()
    columns = list(zip(*(r["scores"] for r in rounds["rounds"])))
    assert len(columns[0]) == 4 and GAMES[RAT].best_scores(rounds) == [min(c) for c in columns]  # lowest round
    # elimination at 20: seats 0 and 1 go out after round 1 (24, 23) and "score" 0 in round 2, which
    # is not theirs; seat 3 goes out after round 2, seat 2 wins
    out = play_game(RAT, ["random"] * 4, seed=3, game_index=1,
                    options={"end": "elimination", "limit": 20}).record.to_dict()
    assert out["result"]["eliminated"] == [0, 1, 3]
    assert [r["scores"] for r in out["rounds"]] == [[24, 23, 17, 17], [0, 0, 21, 31]]
    assert GAMES[RAT].best_scores(out) == [24, 23, 17, 17]


def _lobby(game: str = SACK) -> tuple[Session, int]:
    s = Session("HISTRY", random.Random(3), game=game)
    s.handle(1, P.Join("Ana"))
    for _ in range(2):
        s.host_command(P.parse_host({"cmd": "add_bot"}))
    return s, 1


def test_the_lobby_updates_carry_the_history_of_every_offered_game_and_nothing_else():
    s, ana = _lobby()
    s.set_history(summary(HOUSEHOLD))
    seat = next(o.message for o in s.host_command(P.parse_host({"cmd": "set_option", "name": "turn_timer",
                                                                   "value": 30}))
                if isinstance(o, Out) and o.to == ana)
    public = s.public_update()
    offered = [g["id"] for g in public["table"]["games"]]
    assert sorted(public["history"]) == sorted(offered)
    assert public["history"][SACK] == {"leaders": leaders(HOUSEHOLD, SACK), "recent": recent(HOUSEHOLD, SACK)}
    assert seat["history"] is public["history"]  # one object for every update: its text is made once
    text = json.loads(P.encode_update(seat, P.SharedText()))
    assert text["history"] == json.loads(json.dumps(public["history"]))
    # exactly the documented shape, and nothing else of a kept game (no record, no digest)
    game = public["history"][SACK]
    assert set(game) == {"leaders", "recent"}
    assert all(set(row) == {"name", "wins", "games", "best"} for row in game["leaders"])
    assert all(set(row) == {"ended", "winners", "seats"} for row in game["recent"])
    assert all(set(seat_row) in ({"name", "total", "bot"}, {"name", "total", "bot", "coached"})
               for row in game["recent"] for seat_row in row["seats"])


def test_the_history_is_sent_only_while_the_table_is_in_the_lobby():
    s, ana = _lobby()
    s.set_history(summary(HOUSEHOLD))
    outs = s.host_command(P.parse_host({"cmd": "start"}))
    updates = [o.message for o in outs if isinstance(o, Out) and o.message.get("type") == "update"]
    assert updates and all("history" not in u for u in updates)
    assert "history" not in s.public_update()
    outs = s.host_command(P.parse_host({"cmd": "to_lobby"}))
    assert s.stage is Stage.LOBBY
    assert all(o.message["history"][SACK]["leaders"] for o in outs
               if isinstance(o, Out) and o.message.get("type") == "update")


def test_a_table_with_nothing_kept_sends_empty_lists():
    s, _ = _lobby()
    assert s.public_update()["history"] == {g: {"leaders": [], "recent": []}
                                            for g, rules in GAMES.items() if rules.on_table}


# ---------------------------------------------------------------- kept by the table, as games end


def _wait(q, pred, timeout: float = 60.0) -> dict:
    """Return the first public update from the server's queue for which `pred` holds."""
    deadline = time.monotonic() + timeout
    while True:
        update = q.get(timeout=max(0.01, deadline - time.monotonic()))
        if pred(update):
            return update


def test_games_of_both_games_played_by_bots_through_the_table_are_kept_and_shown_in_the_lobby(tmp_path):
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
    server.start()
    try:
        first = _wait(server.updates, lambda u: True)
        assert first["history"] == {g: {"leaders": [], "recent": []} for g, rules in GAMES.items() if rules.on_table}
        finals = {}
        for game, seats in ((SACK, 3), (RAT, 3)):
            server.host_command({"cmd": "set_game", "game": game})
            while len(_wait(server.updates, lambda u: u["table"]["game"] == game)["table"]["seats"]) < seats:
                server.host_command({"cmd": "add_bot"})
            server.host_command({"cmd": "start"})
            over = finals[game] = _wait(server.updates, lambda u: u["stage"] == "over")
            assert "history" not in over
            server.host_command({"cmd": "to_lobby"})
            lobby = _wait(server.updates, lambda u: u["stage"] == "lobby")
            part = lobby["history"][game]
            names = [s["name"] for s in over["table"]["seats"]]
            assert part["leaders"] == []  # bots only: nobody of the household
            assert part["recent"] == [{
                "ended": part["recent"][0]["ended"],
                "winners": [names[w] for w in over["outcome"]["winners"]],
                "seats": [{"name": n, "total": t, "bot": True} for n, t in zip(names, over["outcome"]["totals"])]}]
        assert len(lobby["history"][SACK]["recent"]) == 1  # the first game is still there, once
        # readable while the table runs, each game once, its record the very file the server wrote
        with closing(kept.read_only(tmp_path / FILE_NAME)) as db:
            games = kept.read_kept(db, records=True)
        assert [g.game for g in games] == [SACK, RAT]
        files = _records_written(tmp_path, 2)
        assert sorted(g.record for g in games) == sorted(p.read_text(encoding="utf-8") for p in files)
        for g in games:
            assert check_record(loads_record(g.record)).ok
            assert g.started is not None and g.started <= g.ended
            assert all(s.bot == "heuristic" for s in g.seats)
            assert [s.total for s in g.seats] == finals[g.game]["outcome"]["totals"]
    finally:
        server.stop()


def _records_written(folder: Path, n: int) -> list[Path]:
    """Return the record files the server wrote, once there are `n` of them."""
    deadline = time.monotonic() + 10
    while len(found := sorted((folder / "records").glob("*.json"))) < n and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


def play_to_the_end(s: Session, store: Store | None, seed: int = 5, port: int = 8765) -> None:
    """Let bots play every seat of a running game to its end, saving after each move as the hub does."""
    bots = [make_bot(s.game_id, "heuristic" if s.game_id == SACK else "random", random.Random(seed + i))
            for i in range(len(s.seats))]
    turn = 0
    while s.stage is Stage.PLAYING:
        acting = sorted(s.rules.to_act(s.state))
        seat = acting[turn % len(acting)]
        turn += 1
        s.submit(seat, s.version, bots[seat].act(s.seat_view(seat)))
        if store is not None:
            store.save(s, port)


def bot_table(game: str, names: tuple[str, ...] = ("Ana", "Bea"), bots: int = 1, seed: int = 1) -> Session:
    """Return a lobby of `game` with people `names` and `bots` bots."""
    s = Session("KEPT01", random.Random(seed), game=game)
    for i, name in enumerate(names):
        s.handle(i, P.Join(name))
    for _ in range(bots):
        s.host_command(P.parse_host({"cmd": "add_bot"}))
    return s


def kept_count(folder: Path) -> int:
    with closing(sqlite3.connect(folder / FILE_NAME)) as db:
        return db.execute("SELECT count(*) FROM kept_games").fetchone()[0]


def finished_in(folder: Path, game: str = RAT, seed: int = 1) -> Session:
    """Return a table whose game was played to its end, saved in `folder` (and the store closed)."""
    opened = open_store(folder)
    s = bot_table(game, seed=seed)
    s.host_command(P.parse_host({"cmd": "start"}))
    play_to_the_end(s, opened.store, seed=seed)
    opened.store.close()
    return s


def test_a_finished_game_is_kept_in_the_transaction_that_saves_its_end_and_once(tmp_path):
    opened = open_store(tmp_path)
    s = bot_table(RAT)
    s.host_command(P.parse_host({"cmd": "start"}))
    saves = []
    bots = [make_bot(RAT, "random", random.Random(i)) for i in range(3)]
    turn = 0
    while s.stage is Stage.PLAYING:
        assert kept_count(tmp_path) == 0  # nothing is kept before the end
        acting = sorted(s.rules.to_act(s.state))
        seat = acting[turn % len(acting)]
        turn += 1
        s.submit(seat, s.version, bots[seat].act(s.seat_view(seat)))
        saves.append(opened.store.save(s, 1))
    assert saves[-1] is True and not any(saves[:-1])  # the save of the end kept it
    assert opened.store.save(s, 1) is False  # saving the score screen again keeps nothing more
    with closing(sqlite3.connect(tmp_path / FILE_NAME)) as db:
        stage = json.loads(db.execute("SELECT data FROM tablestate").fetchone()[0])["stage"]
    assert stage == "over" and kept_count(tmp_path) == 1
    opened.store.close()


CRASH_AT_THE_END = """
import os, random, signal, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {tests!r})
from test_history import RAT, P, Stage, bot_table, make_bot, open_store
opened = open_store({folder!r})
s = bot_table(RAT)
s.host_command(P.parse_host({{"cmd": "start"}}))
bots = [make_bot(RAT, "random", random.Random(i)) for i in range(3)]
turn = 0
while True:
    acting = sorted(s.rules.to_act(s.state))
    seat = acting[turn % len(acting)]
    turn += 1
    s.submit(seat, s.version, bots[seat].act(s.seat_view(seat)))
    opened.store.save(s, 8765)
    if s.stage is Stage.OVER:
        os.kill(os.getpid(), signal.SIGKILL)  # right after the end was saved: no record file, no close
"""


def test_a_restart_after_a_crash_right_at_the_end_does_not_keep_the_game_twice(tmp_path):
    script = CRASH_AT_THE_END.format(root=str(ROOT), tests=str(ROOT / "tests"), folder=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()
    assert kept_count(tmp_path) == 1
    # the real start: resume the score screen and save it at once (the hub's first save)
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
    server.start()
    try:
        update = _wait(server.updates, lambda u: True)
        assert update["stage"] == "over"
        server.host_command({"cmd": "to_lobby"})
        lobby = _wait(server.updates, lambda u: u["stage"] == "lobby")
        assert len(lobby["history"][RAT]["recent"]) == 1
    finally:
        server.stop()
    assert kept_count(tmp_path) == 1


# ---------------------------------------------------------------- the records folder, --fresh, damage


def people_record(game: str, index: int, names: tuple[str, ...]) -> Record:
    """Return a finished bot game's record with people's names in its seats (names are not refereed)."""
    played = play_game(game, ["random"] * len(names), seed=11, game_index=index)
    return replace(played.record, players=tuple(RecordPlayer(i, n, None) for i, n in enumerate(names)))


def test_the_records_folder_is_imported_once_and_a_broken_record_is_reported_and_skipped(tmp_path, caplog):
    folder = tmp_path / "records"
    folder.mkdir()
    good = {"20261130-201500-rat-a-tat-cat-a1b2c3.json": people_record(RAT, 1, ("Ana", "Bea")),
            "20261130-203000-rat-a-tat-cat-d4e5f6.json": people_record(RAT, 2, ("ana", "Bea", "Cy")),
            "my game.json": people_record(SACK, 3, ("Ana", "Bea", "Cy"))}
    for name, record in good.items():
        write_record(folder / name, record)
    os.utime(folder / "my game.json", (1_700_000_000, 1_700_000_000))  # no stamp: its time is the file's
    (folder / "20261130-210000-cat-in-the-sack-0a0a0a.json").write_text("{not json", encoding="utf-8")
    tampered = people_record(SACK, 4, ("Ana", "Bea", "Cy")).to_dict()
    tampered["actions"][0]["card"] = "no such card"
    (folder / "20261130-211500-cat-in-the-sack-1b1b1b.json").write_text(json.dumps(tampered), encoding="utf-8")
    unfinished = people_record(RAT, 5, ("Ana", "Bea")).to_dict()
    unfinished["rounds"][-1]["actions"] = unfinished["rounds"][-1]["actions"][:3]
    (folder / "20261130-213000-rat-a-tat-cat-2c2c2c.json").write_text(json.dumps(unfinished), encoding="utf-8")

    with caplog.at_level(logging.WARNING, logger="game.kept"):
        opened = open_store(tmp_path)
    assert opened.session is None and opened.notice is None  # the start goes on as ever
    reported = [r.getMessage() for r in caplog.records if r.name == "game.kept"]
    assert len(reported) == 3
    assert any("210000-cat-in-the-sack-0a0a0a.json" in line and "not valid JSON" in line for line in reported)
    assert any("211500-cat-in-the-sack-1b1b1b.json" in line and "action 0" in line for line in reported)
    assert any("213000-rat-a-tat-cat-2c2c2c.json" in line for line in reported)
    games = opened.store.kept
    assert sorted(g.ended for g in games) == [1_700_000_000,
                                              int(datetime(2026, 11, 30, 20, 15, tzinfo=timezone.utc).timestamp()),
                                              int(datetime(2026, 11, 30, 20, 30, tzinfo=timezone.utc).timestamp())]
    assert sorted(g.record for g in games) == sorted(r.to_json() for r in good.values())
    board = {row["name"]: row["games"] for row in opened.store.history()[RAT]["leaders"]}
    assert board == {"ana": 2, "Bea": 2, "Cy": 1}  # "Ana" and "ana" are one person
    opened.store.close()

    # once: a later start imports nothing again, not even a file that came since
    write_record(folder / "20261201-100000-rat-a-tat-cat-3d3d3d.json", people_record(RAT, 6, ("Dan", "Eve")))
    again = open_store(tmp_path)
    assert len(again.store.kept) == 3 and kept_count(tmp_path) == 3
    again.store.close()


def test_the_server_imports_the_records_folder_after_it_listens_and_the_lobby_then_shows_them(tmp_path, caplog):
    folder = tmp_path / "records"
    folder.mkdir()
    write_record(folder / "20261130-201500-rat-a-tat-cat-a1b2c3.json", people_record(RAT, 1, ("Ana", "Bea")))
    write_record(folder / "20261130-203000-rat-a-tat-cat-d4e5f6.json", people_record(RAT, 2, ("Ana", "Cy")))
    (folder / "20261130-210000-rat-a-tat-cat-0a0a0a.json").write_text("[]", encoding="utf-8")
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
    with caplog.at_level(logging.WARNING, logger="game.kept"):
        server.start()
        try:
            first = _wait(server.updates, lambda u: True)
            assert first["history"][RAT]["recent"] == []  # the table opened without waiting for it
            later = _wait(server.updates, lambda u: len(u["history"][RAT]["recent"]) == 2)
            assert later["version"] == first["version"] + 1
            assert {row["name"]: row["games"] for row in later["history"][RAT]["leaders"]} == {"Ana": 2, "Bea": 1, "Cy": 1}
        finally:
            server.stop()
    assert [r.getMessage() for r in caplog.records if "0a0a0a" in r.getMessage()] == [
        f"history: not imported {folder / '20261130-210000-rat-a-tat-cat-0a0a0a.json'}: "
        "not a record: the top level must be an object"]
    assert kept_count(tmp_path) == 2


def test_an_import_stopped_half_way_writes_nothing_and_is_done_at_the_next_start(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    for i in range(3):
        write_record(folder / f"20261130-20000{i}-rat-a-tat-cat-00000{i}.json", people_record(RAT, i + 1, ("Ana", "Bea")))
    opened = open_store(tmp_path, import_records=False)
    asked = []
    assert opened.store.import_due()
    done = opened.store.import_apart(folder, stop=lambda: asked.append(1) or len(asked) > 2)
    assert done is None and opened.store.kept == [] and kept_count(tmp_path) == 0 and opened.store.import_due()
    opened.store.close()
    again = open_store(tmp_path)
    assert len(again.store.kept) == 3 and not again.store.import_due()
    again.store.close()


def _hub_record(folder: Path, s: Session) -> Path:
    """Write the finished game's record as the server does (its name stamped with the end, UTC)."""
    (folder / "records").mkdir(exist_ok=True)
    return write_record(folder / "records" / f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}-{s.game_id}-abcdef.json",
                        s.recorder.record)


def test_fresh_starts_a_new_table_and_the_history_goes_on(tmp_path):
    s = finished_in(tmp_path)  # kept, but its record file never got written (no records folder)
    before = (tmp_path / FILE_NAME).read_bytes()
    fresh = open_store(tmp_path, fresh=True)
    assert fresh.session is None and "--fresh" in (fresh.notice or "") and "history" in (fresh.notice or "")
    assert [g.record for g in fresh.store.kept] == [s.recorder.record.to_json()]
    assert fresh.store.history()[RAT]["leaders"][0]["games"] == 1
    fresh.store.close()
    aside = [p for p in tmp_path.iterdir() if "-fresh-" in p.name and p.suffix == ".sqlite"]
    assert len(aside) == 1 and aside[0].read_bytes() == before  # the old save as it was
    assert kept_count(tmp_path) == 1
    finished_in(tmp_path, seed=2)  # and the new table keeps its own games beside
    assert kept_count(tmp_path) == 2


@pytest.mark.parametrize("damage", ["garbage", "bad json"])
def test_after_a_damaged_save_is_moved_aside_the_history_comes_back(tmp_path, damage):
    s = finished_in(tmp_path)
    _hub_record(tmp_path, s)
    path = tmp_path / FILE_NAME
    if damage == "garbage":  # nothing of the file can be read: the records folder brings it back
        path.write_bytes(b"this is not a database at all" * 50)
    else:  # the table cannot be resumed, its kept games can: carried over, not doubled by the import
        with closing(sqlite3.connect(path)) as db, db:
            db.execute("UPDATE tablestate SET data = '{\"join_code\": 5'")
    opened = open_store(tmp_path)
    assert opened.session is None and "could not be resumed" in (opened.notice or "")
    assert [g.record for g in opened.store.kept] == [s.recorder.record.to_json()]
    opened.store.close()
    assert kept_count(tmp_path) == 1


def test_a_second_copy_cannot_move_the_running_tables_save_aside(tmp_path):
    first = open_store(tmp_path)
    s = bot_table(RAT)
    first.store.save(s, 1)
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(OSError, match="another Couch Cats"):
        open_store(tmp_path, fresh=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing renamed under the first
    first.store.close()


# ---------------------------------------------------------------- today's saves (format 2)

FIXTURES = ROOT / "tests" / "fixtures" / "save-format-2"
FACTS = json.loads((FIXTURES / "facts.json").read_text(encoding="utf-8"))


def _fixture(tmp_path: Path, name: str, to: str | None = None) -> Path:
    """Return a copy of the fixture save `name` in its own folder (`to`, default its name)."""
    folder = tmp_path / (to or name)
    shutil.copytree(FIXTURES / name, folder)
    with closing(sqlite3.connect(folder / FILE_NAME)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2  # what main wrote before format 3
    return folder


def test_a_game_saved_in_format_2_migrates_resumes_and_is_kept_when_it_ends(tmp_path):
    folder = _fixture(tmp_path, "sack-playing")
    facts = FACTS["sack-playing"]
    opened = open_store(folder)
    s = opened.session
    assert s is not None and opened.port == facts["port"] and opened.notice.startswith("Resumed the game")
    assert (s.game_id, str(s.stage), s.version, len(s.log), s.join_code) == (
        facts["game"], facts["stage"], facts["version"], facts["actions"], facts["join_code"])
    assert [[x.name, x.bot] for x in s.seats] == facts["seats"]
    assert s.public_update()["view"]["round"] == facts["round"]
    welcome = s.handle(9, P.Resume(facts["tokens"][1]))[0].message
    assert (welcome["type"], welcome["seat"], welcome["name"]) == ("welcome", 1, "Bea")
    with closing(sqlite3.connect(folder / FILE_NAME)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        assert db.execute("SELECT count(*) FROM kept_games").fetchone()[0] == 0
    play_to_the_end(s, opened.store)
    assert s.stage is Stage.OVER
    board = opened.store.history()[SACK]["leaders"]
    assert sorted(row["name"] for row in board) == ["Ana", "Bea"]
    (game,) = opened.store.kept
    assert game.started is None  # the game began before its start time was saved
    opened.store.close()
    with closing(sqlite3.connect(folder / FILE_NAME)) as db:
        assert check_record(loads_record(kept.read_kept(db, records=True)[0].record)).ok
    assert not [p for p in folder.iterdir() if "-bad-" in p.name]


def test_a_score_screen_saved_in_format_2_is_kept_once_beside_its_record_file(tmp_path):
    facts = FACTS["rat-over"]
    look = open_store(_fixture(tmp_path, "rat-over", to="look"))  # the record the server wrote back then
    assert look.session is not None and look.session.stage is Stage.OVER
    record = look.session.recorder.record
    look.store.close()
    folder = _fixture(tmp_path, "rat-over")
    (folder / "records").mkdir()
    write_record(folder / "records" / "20261201-152400-rat-a-tat-cat-0f0f0f.json", record)
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=folder, bot_delay=0)
    server.start()  # resumes the score screen, imports the folder, saves at once
    try:
        update = _wait(server.updates, lambda u: True)
        assert update["stage"] == "over" and update["outcome"]["totals"] == facts["result"]["totals"]
        server.host_command({"cmd": "to_lobby"})
        lobby = _wait(server.updates, lambda u: u["stage"] == "lobby")
    finally:
        server.stop()
    (last,) = lobby["history"][RAT]["recent"]
    assert [s["name"] for s in last["seats"]] == [n for n, _ in facts["seats"]]
    assert last["winners"] == ["Ana"]
    assert kept_count(folder) == 1
