"""The autosave (game/store.py): round trips, token hashing, bad saves moved aside, kill -9 while saving (E1, E4)."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

from game import protocol as P
from game.bots import make_bot
from game.protocol import Stage
from game.server.config import ServerConfig
from game.server.hub import Hub
from game.server.thread import ServerThread
from game.session import Out, Session
from game.store import FILE_NAME, SCHEMA_VERSION, Store, open_store


def seated(names=("Ana", "Bea"), bots=2, seed=1) -> tuple[Session, list[str]]:
    """Return a lobby with people (their tokens) and bots."""
    s = Session("QWERTY", random.Random(seed))
    tokens = []
    for i, name in enumerate(names):
        outs = s.handle(i, P.Join(name))
        tokens.append(next(o.message["token"] for o in outs if isinstance(o, Out) and o.to == i))
    for _ in range(bots):
        s.host_command(P.parse_host({"cmd": "add_bot"}))
    return s, tokens


def play(s: Session, store: Store | None, steps: int, seed: int = 5, port: int = 8765) -> None:
    """Let heuristic bots play every seat for `steps` actions, saving after each as the hub does."""
    bots = [make_bot(s.game_id, "heuristic", random.Random(seed + i)) for i in range(len(s.seats))]
    for _ in range(steps):
        if s.stage is not Stage.PLAYING:
            return
        seat = min(s.rules.to_act(s.state))
        s.submit(seat, s.version, bots[seat].act(s.seat_view(seat)))
        if store is not None:
            store.save(s, port)


def same_table(a: Session, b: Session) -> None:
    assert (b.join_code, b.game_id, b.options, b.stage, b.version) == (a.join_code, a.game_id, a.options, a.stage, a.version)
    assert (b.game_serial, b.game_version, b.log) == (a.game_serial, a.game_version, a.log)
    assert [(x.name, x.colour, x.symbol, x.bot, x.lang, x.last_acted, x.human) for x in b.seats] == \
           [(x.name, x.colour, x.symbol, x.bot, x.lang, x.last_acted, x.human) for x in a.seats]
    if a.state is not None:
        for seat in range(len(a.seats)):
            assert b.seat_view(seat) == a.seat_view(seat)
        assert b.recorder is not None and a.recorder is not None
        assert b.recorder.to_dict() == a.recorder.to_dict()


def reopen(folder: Path) -> Session | None:
    """Return the saved table, closing the file again (it is locked while open)."""
    opened = open_store(folder)
    opened.store.close()
    return opened.session


def file_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in folder.iterdir() if p.name.startswith("couchcats"))


def test_a_game_in_progress_round_trips_and_no_raw_token_is_stored(tmp_path):
    opened = open_store(tmp_path)
    assert opened.session is None and opened.notice is None
    s, tokens = seated()
    s.host_command(P.parse_host({"cmd": "set_option", "name": "turn_timer", "value": 60}))
    s.host_command(P.parse_host({"cmd": "start"}))
    play(s, opened.store, 25)
    opened.store.close()
    raw = file_bytes(tmp_path)
    for token in tokens:
        assert token.encode() not in raw
    assert b"Ana" in raw  # the scan would see plain text: the names are there, the tokens are not

    back = open_store(tmp_path)
    assert back.session is not None and back.port == 8765
    assert back.notice is not None and back.notice.startswith("Resumed the game saved at ")
    same_table(s, back.session)
    assert back.session.host is None  # nobody is connected yet
    assert back.session.deadline is not None  # the turn timer starts afresh


def _as_format_1(path: Path) -> None:
    """Turn a save into what format 1 wrote: an `actions` table whose seat may not be NULL, no kept games."""
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript("""
            DROP TABLE kept_seats; DROP TABLE kept_games; DROP TABLE marks;
            CREATE TABLE old (idx INTEGER PRIMARY KEY, seat INTEGER NOT NULL, version INTEGER NOT NULL,
                              timeout INTEGER NOT NULL, action TEXT NOT NULL);
            INSERT INTO old SELECT * FROM actions; DROP TABLE actions; ALTER TABLE old RENAME TO actions;
            PRAGMA user_version=1;""")


def test_a_table_saved_in_format_1_still_resumes_and_is_migrated(tmp_path):
    opened = open_store(tmp_path)
    s, _ = seated()
    s.host_command(P.parse_host({"cmd": "start"}))
    play(s, opened.store, 30)
    opened.store.close()
    _as_format_1(tmp_path / FILE_NAME)

    back = open_store(tmp_path)
    assert back.session is not None and back.notice is not None and back.notice.startswith("Resumed")
    same_table(s, back.session)
    back.store.close()
    with closing(sqlite3.connect(tmp_path / FILE_NAME)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        notnull = {row[1]: row[3] for row in db.execute("PRAGMA table_info(actions)")}
        assert notnull["seat"] == 0  # an entry without a seat (chance) can be stored now
    assert not [p for p in tmp_path.iterdir() if "-bad-" in p.name]


def test_a_seat_comes_back_with_its_token_only(tmp_path):
    opened = open_store(tmp_path)
    s, tokens = seated()
    s.host_command(P.parse_host({"cmd": "start"}))
    play(s, opened.store, 6)
    opened.store.close()
    r = reopen(tmp_path)
    assert r is not None
    bad = r.handle(7, P.Resume("not-the-token-at-all-xx"))
    assert bad[0].message["type"] == "error" and bad[0].message["key"] == "unknown_token"
    outs = r.handle(8, P.Resume(tokens[1]))
    welcome = outs[0].message
    assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["name"] == "Bea"
    assert welcome["token"] == tokens[1]
    assert r.seats[1].token == tokens[1]  # kept raw from now on, as a live seat
    assert r.host is r.seats[1]
    assert r.seat_view(1) == s.seat_view(1)


def test_the_resumed_table_refuses_stale_moves_like_the_live_one(tmp_path):
    opened = open_store(tmp_path)
    s, tokens = seated(bots=2)
    s.host_command(P.parse_host({"cmd": "start"}))
    view = s.seat_view(0)
    card = view.legal.play[0]
    from game.engine.cat_in_the_sack import play as play_card

    assert [o for o in s.submit(0, s.version, play_card(card)) if isinstance(o, Out)]
    acted_at = s.version - 1
    opened.store.save(s, 1)
    opened.store.close()
    r = reopen(tmp_path)
    assert r is not None
    again = r.submit(0, acted_at, play_card(card), conn=3)
    assert again[0].message["key"] == "stale_version"


def test_lobby_late_joiners_and_a_finished_game_round_trip(tmp_path):
    opened = open_store(tmp_path)
    s, tokens = seated()
    opened.store.save(s, 9000)
    opened.store.close()
    same_table(s, reopen(tmp_path))  # type: ignore[arg-type]

    opened = open_store(tmp_path)
    s.host_command(P.parse_host({"cmd": "start"}))
    late = s.handle(50, P.Join("Late"))
    late_token = late[0].message["token"]
    play(s, opened.store, 10_000)
    assert s.stage is Stage.OVER
    opened.store.save(s, 9000)
    opened.store.close()
    back = open_store(tmp_path)
    r = back.session
    assert r is not None and r.stage is Stage.OVER
    same_table(s, r)
    assert [p.name for p in r.pending] == ["Late"]
    assert r.handle(51, P.Resume(late_token))[0].message["name"] == "Late"
    # play again: the old game's actions make way for the new one's
    store = back.store
    r.host_command(P.parse_host({"cmd": "play_again"}))
    play(r, store, 3)
    store.close()
    again = reopen(tmp_path)
    assert again is not None and again.game_serial == 2 and len(again.log) == 3
    same_table(r, again)


def test_the_people_waiting_for_a_seat_keep_their_order_across_a_restart(tmp_path):
    s, _ = seated(names=("Ana", "Bea", "Cy", "Dan", "Eve"), bots=0)
    assert len(s.seats) == s.rules.max_players == 5
    tokens = {}
    for conn, name in ((10, "Zoe"), (11, "Fay"), (12, "Gus")):  # not alphabetical: the order they came
        tokens[name] = next(o.message["token"] for o in s.handle(conn, P.Join(name))
                            if isinstance(o, Out) and o.to == conn)
    opened = open_store(tmp_path)
    opened.store.save(s, 9000)
    opened.store.close()
    r = reopen(tmp_path)
    assert r is not None
    same_table(s, r)
    assert [p.name for p in r.pending] == ["Zoe", "Fay", "Gus"]
    # nobody is connected after a restart: each is listed again as its phone comes back, in the order they came
    assert r.public_update()["table"]["waiting"] == []
    back = r.handle(21, P.Resume(tokens["Fay"]))  # a waiting phone comes back: still waiting, in its place
    assert back[0].message["seat"] is None and back[0].message["name"] == "Fay"
    r.handle(20, P.Resume(tokens["Zoe"]))
    assert r.public_update()["table"]["waiting"] == ["Zoe", "Fay"]
    outs = r.host_command(P.parse_host({"cmd": "set_game", "game": "rat-a-tat-cat"}))
    # the first who came gets the sixth seat (a new welcome); Fay still waits (none), Gus's phone is not back
    assert [x.name for x in r.seats][-1] == "Zoe" and [p.name for p in r.pending] == ["Fay", "Gus"]
    assert not [o for o in outs if isinstance(o, Out) and o.to == 21]
    assert [o.message["seat"] for o in outs if isinstance(o, Out) and o.to == 20 and o.message["type"] == "welcome"] == [5]


def test_fresh_keeps_the_old_save_aside(tmp_path):
    opened = open_store(tmp_path)
    s, _ = seated()
    opened.store.save(s, 1)
    opened.store.close()
    before = (tmp_path / FILE_NAME).read_bytes()
    fresh = open_store(tmp_path, fresh=True)
    assert fresh.session is None and "--fresh" in (fresh.notice or "")
    kept = [p for p in tmp_path.iterdir() if "-fresh-" in p.name and p.suffix == ".sqlite"]
    assert len(kept) == 1 and kept[0].read_bytes() == before
    fresh.store.close()
    assert reopen(tmp_path) is None


def _saved_game(folder: Path) -> Session:
    opened = open_store(folder)
    s, _ = seated()
    s.host_command(P.parse_host({"cmd": "start"}))
    play(s, opened.store, 12)
    opened.store.close()
    return s


def _damage_garbage(path: Path) -> None:
    path.write_bytes(b"this is not a database at all" * 50)


def _damage_truncate(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _damage_old_version(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 7}")


def _damage_bad_action(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE actions SET seat = (seat + 1) % 4, action = '{\"type\": \"bid\", \"total\": 99}'")


def _damage_bad_json(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE tablestate SET data = '{\"join_code\": 5'")


@pytest.mark.parametrize("damage", [_damage_garbage, _damage_truncate, _damage_old_version,
                                    _damage_bad_action, _damage_bad_json])
def test_a_bad_save_is_moved_aside_with_a_clear_message_and_a_new_table_starts(tmp_path, damage):
    _saved_game(tmp_path)
    path = tmp_path / FILE_NAME
    damage(path)
    damaged = path.read_bytes()
    opened = open_store(tmp_path)
    assert opened.session is None
    assert opened.notice is not None and opened.notice.startswith("The saved game could not be resumed: ")
    assert "new table" in opened.notice
    aside = [p for p in tmp_path.iterdir() if "-bad-" in p.name and p.suffix == ".sqlite"]
    assert len(aside) == 1 and aside[0].name in opened.notice
    assert aside[0].read_bytes() == damaged  # kept as it was, never deleted
    s, _ = seated()  # and the new save works
    opened.store.save(s, 1)
    opened.store.close()
    assert reopen(tmp_path) is not None


def test_the_tv_gets_the_bad_save_notice_from_the_server_thread(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b"\x00garbage" * 100)
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
    server.start()
    try:
        assert server.notice and "could not be resumed" in server.notice
        update = server.updates.get(timeout=5)
        assert update["stage"] == "lobby" and update["table"]["seats"] == []
    finally:
        server.stop()
    import pygame

    from game.tv import layout
    from game.tv.app import TvApp
    from tests.tv_fixtures import FakeServer

    pygame.display.init()
    pygame.font.init()
    fake = FakeServer()
    fake.notice = server.notice  # type: ignore[attr-defined]
    fake.updates.put(update)
    app = TvApp(fake)
    assert app.ctx.notice == server.notice and server.notice in app.ctx.toast_text
    app.tick(1 / 60)
    app.draw(pygame.Surface(layout.CANVAS))  # the lobby lists it with the other notes


class FailingStore:
    """A store whose disk is full."""

    def __init__(self) -> None:
        self.calls = 0

    def save(self, session: Session, port: int) -> bool:
        self.calls += 1
        raise sqlite3.OperationalError("database or disk is full")

    def history(self) -> dict:
        return {}

    def played(self) -> dict:
        return {}


async def test_a_failed_save_is_logged_and_told_to_the_tv_once_and_play_goes_on(caplog):
    store = FailingStore()
    hub = Hub(ServerConfig(join_code="ABCDEF", bot_delay=0), store=store)  # type: ignore[arg-type]
    told: list[dict] = []
    seen: list[dict] = []
    hub.error_listeners.append(told.append)
    hub.listeners.append(seen.append)
    hub.host_command({"cmd": "add_bot"})
    hub.host_command({"cmd": "add_bot"})
    assert store.calls == 2
    assert [m["key"] for m in told] == ["save_failed"]
    assert len(seen) == 2 and len(hub.session.seats) == 2  # the table still changed and was sent
    assert "could not save the game" in caplog.text
    hub.bots.cancel()


# ---------------------------------------------------------------- E1: kill -9 while saving

def _child_saves_forever(folder: Path, report: int, seed: int) -> None:
    """In a forked child: resume the save (or start a table) and play bots, saving every action."""
    opened = open_store(folder, rng=random.Random(seed))
    s = opened.session
    if s is None or s.stage is Stage.LOBBY:
        s, _ = seated(seed=seed)
        s.host_command(P.parse_host({"cmd": "start"}))
        opened.store.save(s, 1)
    bots = [make_bot(s.game_id, "random", random.Random(seed + i)) for i in range(len(s.seats))]
    while True:
        if s.stage is Stage.OVER:
            s.host_command(P.parse_host({"cmd": "play_again"}))
        else:
            seat = min(s.rules.to_act(s.state))
            s.submit(seat, s.version, bots[seat].act(s.seat_view(seat)))
        opened.store.save(s, 1)
        os.write(report, f"{s.game_serial}:{s.version}\n".encode())  # only after the commit


def test_e1_kill_9_at_50_random_points_while_saving_always_leaves_a_save_that_loads(tmp_path):
    rng = random.Random(2024)
    resumed = 0
    last_acked = (0, 0)
    for point in range(50):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            try:
                os.close(r)
                _child_saves_forever(tmp_path, w, point)
            finally:
                os._exit(1)
        os.close(w)
        # the kill lands while it saves: after its first acknowledged save (opening the folder
        # takes a moment more on a busy machine), then at a random point among the next ones
        first = b""
        while not first.endswith(b"\n"):
            chunk = os.read(r, 64)
            if not chunk:
                break
            first += chunk
        time.sleep(rng.uniform(0.0, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with os.fdopen(r, "rb") as pipe:
            lines = (first + pipe.read()).decode().split()
        opened = open_store(tmp_path, rng=random.Random(point))
        assert opened.notice is None or opened.notice.startswith("Resumed"), opened.notice
        if lines:
            serial, version = (int(x) for x in lines[-1].split(":"))
            last_acked = (serial, version)
        if opened.session is not None:
            resumed += 1
            s = opened.session
            # every commit the child reported survived the kill (it may have committed one more)
            assert (s.game_serial, s.version) >= last_acked
            assert s.stage in (Stage.PLAYING, Stage.OVER)
        opened.store.close()
    assert resumed >= 40  # the kills landed mid-game, not only before the first save
    assert not [p for p in tmp_path.iterdir() if "-bad-" in p.name]


def test_a_second_copy_on_the_same_folder_leaves_the_save_to_the_first(tmp_path):
    first = open_store(tmp_path)
    s, _ = seated()
    first.store.save(s, 1)
    with pytest.raises(OSError, match="another Couch Cats"):
        open_store(tmp_path)
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
    server.start()
    try:
        assert server.notice is not None and "will not survive a restart" in server.notice
        assert server.updates.get(timeout=5)["table"]["seats"] == []  # a table of its own, unsaved
    finally:
        server.stop()
    assert not [p for p in tmp_path.iterdir() if "-bad-" in p.name]
    first.store.close()
    back = reopen(tmp_path)
    assert back is not None and [x.name for x in back.seats] == [x.name for x in s.seats]


def test_a_time_limited_game_resumes_with_the_time_it_had_left__R_GAME_2(tmp_path):
    now = [1000.0]
    s = Session("QWERTY", random.Random(2), clock=lambda: now[0], game="rat-a-tat-cat")
    for _ in range(2):
        s.host_command(P.parse_host({"cmd": "add_bot"}))
    s.host_command(P.parse_host({"cmd": "set_option", "name": "end", "value": "time"}))
    s.host_command(P.parse_host({"cmd": "set_option", "name": "minutes", "value": 10}))
    s.host_command(P.parse_host({"cmd": "start"}))
    assert s.game_deadline == 1000.0 + 600
    now[0] += 250  # 250 s of play, then the app stops
    opened = open_store(tmp_path)
    play(s, opened.store, 3)
    opened.store.close()
    now[0] = 5.0  # a new process: the monotonic clock starts elsewhere
    back = open_store(tmp_path, clock=lambda: now[0])
    back.store.close()
    assert back.session is not None and back.session.game_deadline == pytest.approx(5.0 + 350)
    assert back.session.log == s.log and any(e["seat"] is None for e in s.log)  # the deal is a chance entry


def test_the_resume_notice_says_what_was_resumed_and_an_empty_lobby_just_starts(tmp_path):
    # a lobby nobody sat at: no "Resumed the game" (there was none); it keeps its join code quietly
    opened = open_store(tmp_path / "empty")
    empty = Session("EMPTY1", random.Random(1))
    opened.store.save(empty, 8765)
    opened.store.close()
    back = open_store(tmp_path / "empty")
    assert back.notice is None and back.session is not None and back.session.join_code == "EMPTY1"
    back.store.close()
    # a lobby with seats: the lobby, its seats and its join code
    opened = open_store(tmp_path / "lobby")
    lobby, _ = seated()
    opened.store.save(lobby, 8765)
    opened.store.close()
    back = open_store(tmp_path / "lobby")
    assert back.notice is not None and back.notice.startswith("Resumed the lobby saved at ")
    assert back.notice.endswith(": 4 seats, join code QWERTY.") and "game" not in back.notice
    back.store.close()
    # a game in progress: its round
    opened = open_store(tmp_path / "game")
    s, _ = seated()
    s.host_command(P.parse_host({"cmd": "start"}))
    play(s, opened.store, 30)
    opened.store.close()
    back = open_store(tmp_path / "game")
    assert back.notice is not None and back.notice.startswith("Resumed the game saved at ")
    assert back.notice.endswith(f", round {s.public_update()['view']['round']}.")
    back.store.close()
