"""The autosave: one table kept in `<data>/couchcats.sqlite` (WAL) so a restarted app resumes it.

What is stored: the table (join code, port, game, options, stage, version, seats with their
name, colour, symbol, bot kind, language, `last_acted` and the SHA-256 of their token — never
the token itself — and the late joiners), and the current game as its seed, records-style setup,
options and players plus every applied action with the version it was made against. The server
calls `save` once per accepted change, before it sends anybody the change: one transaction, with
one small INSERT per new action. `load` rebuilds the engine state by replaying the actions
through the engine (`from_setup` + `apply`), which validates them too.

A save that cannot be used (not sqlite, truncated, corrupt, another schema version, or actions
the engine refuses) is moved aside — never deleted — and the caller gets a clear notice.

The same file keeps the household's history (game/kept.py): a finished game is kept in the very
transaction that saves its end, once (a resume never keeps it again). The history survives a
new table: after `--fresh` or a bad save is moved aside, the games it kept are carried over
to the new file, and the records folder is imported once per file.

One app per save: a lock on `couchcats.lock` beside it (held while the store is open, dropped
by the OS if the process dies) keeps a second copy out, while anyone may read the file (WAL),
e.g. `main.py history` beside a running table.
"""

from __future__ import annotations

import json
import logging
import os
import random
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game import kept
from game.engine import GAMES
from game.history import KeptGame, kept_game, played, summary
from game.protocol import Stage
from game.records import GameRecorder, RecordPlayer
from game.savelock import FILE_NAME, LOCK_NAME, SaveLock
from game.seats import Seat, token_digest
from game.session import Session

log = logging.getLogger(__name__)

SCHEMA_VERSION = 4
_SUFFIXES = ("", "-wal", "-shm")

_SCHEMA = """
CREATE TABLE tablestate (id INTEGER PRIMARY KEY CHECK (id = 1), saved_at REAL NOT NULL, data TEXT NOT NULL);
CREATE TABLE game (id INTEGER PRIMARY KEY CHECK (id = 1), serial INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE actions (idx INTEGER PRIMARY KEY, seat INTEGER, version INTEGER NOT NULL,
                      timeout INTEGER NOT NULL, action TEXT NOT NULL);
""" + kept.SCHEMA
# save format 1 -> 2: an entry may have no seat (chance after the deal: a new deal, a reshuffle;
# or the time limit running out). SQLite cannot drop NOT NULL in place, so the table is rebuilt.
_MIGRATIONS = {
    1: """
CREATE TABLE actions_v2 (idx INTEGER PRIMARY KEY, seat INTEGER, version INTEGER NOT NULL,
                         timeout INTEGER NOT NULL, action TEXT NOT NULL);
INSERT INTO actions_v2 SELECT idx, seat, version, timeout, action FROM actions;
DROP TABLE actions;
ALTER TABLE actions_v2 RENAME TO actions;
""",
    # 2 -> 3: the kept games (the household's history); the table and its game stay as they are
    2: kept.SCHEMA_V3,
    # 3 -> 4: a kept seat says whether the coach helped it
    3: kept.COACHED,
}


class SaveError(Exception):
    """A save file that cannot be resumed; `reason` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Opened:
    """What `open_store` found: the store to keep saving to, a resumed table, and what to tell people."""

    store: Store
    session: Session | None = None
    port: int | None = None
    saved_at: float | None = None
    notice: str | None = None


class Store:
    """The open save file; `save` writes one accepted change in one transaction.

    It also holds the household's kept games (without their record text) and their `history`,
    worked out when the file opens and again only when a game is kept.
    """

    def __init__(self, path: Path, *, wall: Callable[[], float] = time.time, lock: SaveLock | None = None) -> None:
        self.path = path
        self.wall = wall  # wall-clock time (unix seconds) for saved_at and the kept games' times
        self.lock = lock or SaveLock(path.with_name(LOCK_NAME))  # (a lock already held: game.server.early)
        self.kept: list[KeptGame] = []
        self._db: sqlite3.Connection | None = None
        self._game_key = -1  # the game serial whose setup is in the file (0: no game)
        self._written = 0  # how many of that game's actions are in the file
        self._kept_key = -1  # the game serial this store saw kept (or already kept) at its end
        self._history: dict[str, Any] | None = None
        self._played: dict[str, frozenset[str]] | None = None

    # ------------------------------------------------------------ opening

    def connect(self) -> None:
        """Open (or create) the file; raise SaveError if it is not a usable save of this version.

        Raise OSError if another app holds the save (or the file cannot be opened at all).
        """
        if not self.lock.acquire():
            raise OSError(f"cannot use {self.path}: it is in use (is another Couch Cats using it?)")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None, timeout=2.0)
        try:
            db.execute("PRAGMA journal_mode=WAL")  # readers (main.py history) never block the table
            # NORMAL in WAL mode: a commit survives the process being killed (the OS has the
            # pages); only a power cut may lose the last few commits, never corrupt the file
            db.execute("PRAGMA synchronous=NORMAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if version == 0 and tables == 0:
                # one transaction with the version stamp: a file is either a whole save or empty
                db.execute("BEGIN IMMEDIATE")
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                db.execute("COMMIT")
            elif version != SCHEMA_VERSION and version not in _MIGRATIONS:
                raise SaveError(f"it was made by another version of Couch Cats (save format {version})")
            else:
                check = db.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise SaveError(f"the file is damaged ({check})")
                if version != SCHEMA_VERSION:
                    _migrate(db, version)  # an older save still resumes
            self.kept = kept.read_kept(db)
        except sqlite3.OperationalError as exc:  # cannot be opened: the file may be fine
            db.close()
            self.lock.release()
            raise OSError(f"cannot use {self.path}: {exc} (is another Couch Cats using it?)") from None
        except sqlite3.DatabaseError as exc:
            db.close()
            raise SaveError(f"the file is damaged or not a save ({exc})") from None
        except SaveError:
            db.close()
            raise
        self._db = db
        self._history = None
        self._played = None

    def load(self, *, rng: random.Random, clock: Callable[[], float] = time.monotonic
             ) -> tuple[Session, int, float] | None:
        """Return (the saved table, its port, when it was saved), or None when nothing is saved.

        Raise SaveError if the saved table cannot be rebuilt.
        """
        db = self._need()
        try:
            row = db.execute("SELECT saved_at, data FROM tablestate WHERE id = 1").fetchone()
            if row is None:
                return None
            game = db.execute("SELECT serial, data FROM game WHERE id = 1").fetchone()
            actions = db.execute("SELECT seat, version, timeout, action FROM actions ORDER BY idx").fetchall()
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"the file is damaged ({exc})") from None
        try:
            table = json.loads(row[1])
            session = _rebuild(table, game, actions, rng, clock)
            port = int(table.get("port") or 0)
        except SaveError:
            raise
        except Exception as exc:  # whatever is wrong inside, the answer is the same: a new table
            raise SaveError(f"the saved game does not add up ({type(exc).__name__}: {exc})") from None
        self._game_key = game[0] if game is not None else 0
        self._written = len(actions) if game is not None else 0
        return session, port, float(row[0])

    # ------------------------------------------------------------ the history

    def history(self) -> dict[str, Any]:
        """Return the household's history (`game.history.summary`) of the kept games."""
        if self._history is None:
            self._history = summary(self.kept)
        return self._history

    def played(self) -> dict[str, frozenset[str]]:
        """Return, per game, who finished one of the kept games (`game.history.played`)."""
        if self._played is None:
            self._played = played(self.kept)
        return self._played

    def import_records(self, folder: Path) -> kept.Imported | None:
        """Import the record files of `folder` if this file never did (see `kept.import_records`)."""
        done = kept.import_records(self._need(), folder, now=self.wall)
        self.add_imported(done, folder)
        return done

    def import_due(self) -> bool:
        """Return True if this file has not imported the records folder yet."""
        return self._db is not None and not kept.is_marked(self._db, kept.IMPORTED)

    def import_apart(self, folder: Path, stop: Callable[[], bool]) -> kept.Imported | None:
        """Import the records folder on a connection of its own: for a worker thread, while the
        table saves on its own thread (WAL; the import's one write transaction is short). Hand
        the result to `add_imported` on the store's thread. None: done before, or stopped."""
        db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        try:
            return kept.import_records(db, folder, now=self.wall, stop=stop)
        finally:
            db.close()

    def add_imported(self, done: kept.Imported | None, folder: Path) -> None:
        """Take in the games an import kept (the history changes if there are any)."""
        if done is not None and done.kept:
            self._add_kept(done.kept)
            log.info("history: imported %d finished game(s) from %s", len(done.kept), folder)

    def carry_over(self, old: Path) -> None:
        """Keep here the games kept in the moved-aside save `old` (it is only read)."""
        added = kept.carry_over(self._need(), old)
        if added:
            self._add_kept(added)
            log.info("history: carried %d kept game(s) over from %s", len(added), old.name)

    def _add_kept(self, games: list[KeptGame]) -> None:
        self.kept.extend(games)
        self._history = None
        self._played = None

    # ------------------------------------------------------------ saving

    def save(self, session: Session, port: int) -> bool:
        """Write the table and the actions not yet written, in one transaction (raise sqlite3.Error).

        A finished game is kept in the same transaction (once: a game kept before is not kept
        again). Return True if a game was kept now (the history changed).
        """
        db = self._db
        if db is None:
            return False  # closed at shutdown: the last change was already written
        key = session.game_serial if session.state is not None and session.recorder is not None else 0
        written = self._written if key == self._game_key else 0
        new = session.log[written:]
        ending = key != 0 and key != self._kept_key and session.stage is Stage.OVER
        added: KeptGame | None = None
        db.execute("BEGIN")
        try:
            if key != self._game_key:
                db.execute("DELETE FROM actions")
                db.execute("DELETE FROM game")
                if key:
                    db.execute("INSERT INTO game (id, serial, data) VALUES (1, ?, ?)",
                               (key, json.dumps({**_game_data(session), "started_at": self.wall()})))
            if new:
                db.executemany(
                    "INSERT INTO actions (idx, seat, version, timeout, action) VALUES (?, ?, ?, ?, ?)",
                    [(written + i, e["seat"], e["version"], int(bool(e.get("timeout"))), json.dumps(e["action"]))
                     for i, e in enumerate(new)])
            db.execute("INSERT OR REPLACE INTO tablestate (id, saved_at, data) VALUES (1, ?, ?)",
                       (self.wall(), json.dumps(_table_data(session, port))))
            if ending:
                added = kept.keep(db, self._finished(db, session), "table")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        self._game_key, self._written = key, written + len(new)
        if ending:
            self._kept_key = key
        if added is not None:
            self._add_kept([added])
        return added is not None

    def _finished(self, db: sqlite3.Connection, session: Session) -> KeptGame:
        """Return the session's finished game as kept (its start from the game row, its end now)."""
        assert session.recorder is not None
        row = db.execute("SELECT data FROM game WHERE id = 1").fetchone()
        started = json.loads(row[0]).get("started_at") if row is not None else None
        outcome = session.rules.outcome(session.state)
        assert outcome is not None
        return kept_game(session.recorder.record, outcome, ended=self.wall(), started=started)

    def disconnect(self) -> None:
        """Close the file but keep the lock (the file is about to be moved aside and made anew)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def close(self) -> None:
        """Close the file and let go of the save (later `save` calls do nothing)."""
        self.disconnect()
        self.lock.release()

    @property
    def connection(self) -> sqlite3.Connection:
        """Return the open file (raise SaveError if it is not open): for reading the kept games."""
        return self._need()

    def _need(self) -> sqlite3.Connection:
        if self._db is None:
            raise SaveError("the save is not open")
        return self._db


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring a save of an older format up to SCHEMA_VERSION, one step per transaction."""
    while version != SCHEMA_VERSION:
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in _MIGRATIONS[version].split(";"):
                if statement.strip():
                    db.execute(statement)
            version += 1
            db.execute(f"PRAGMA user_version={version}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


# ---------------------------------------------------------------- open, move aside

def open_store(data_dir: Path, *, fresh: bool = False, rng: random.Random | None = None,
               clock: Callable[[], float] = time.monotonic, wall: Callable[[], float] = time.time,
               import_records: bool = True, lock: SaveLock | None = None) -> Opened:
    """Open `<data_dir>/couchcats.sqlite` and resume its table (unless `fresh`).

    A save that cannot be used, or that `fresh` asks to ignore, is renamed aside and a new one
    started; the games it kept are carried over. Then the records folder is imported, once per
    file (`import_records` False: the caller does it later, e.g. the server once it listens).
    Raise OSError if another app holds the save, or if even a new save file cannot be made.
    `lock`: the save's lock, already taken (the server takes it before its heavy imports).
    """
    path = Path(data_dir) / FILE_NAME
    rng = rng or random.Random(secrets.randbits(64))
    store = Store(path, wall=wall, lock=lock)
    if not store.lock.acquire():
        raise OSError(f"cannot use {path}: it is in use (is another Couch Cats using it?)")
    try:
        opened, aside = _open(store, fresh=fresh, rng=rng, clock=clock)
    except BaseException:
        store.close()
        raise
    try:  # the history is worth having, but never at the cost of the table
        if aside is not None:
            store.carry_over(aside)
        if import_records:
            store.import_records(Path(data_dir) / kept.RECORDS_FOLDER)
    except (sqlite3.Error, OSError) as exc:
        log.error("the history could not be brought into %s: %s", path, exc)
    return opened


def _open(store: Store, *, fresh: bool, rng: random.Random, clock: Callable[[], float]
          ) -> tuple[Opened, Path | None]:
    """Return what the save holds (a new table for `fresh` or a bad save) and the file moved aside."""
    path = store.path
    if fresh and path.exists():
        aside = move_aside(path, "fresh")
        _connect_new(store)
        return Opened(store, notice=(f"Started a new table (--fresh); the old save was kept as {aside.name} "
                                     "(the history goes on).")), aside
    try:
        store.connect()
        loaded = store.load(rng=rng, clock=clock)
    except SaveError as exc:
        store.disconnect()
        aside = move_aside(path, "bad")
        log.warning("the saved game in %s cannot be resumed: %s; moved it to %s", path, exc.reason, aside)
        _connect_new(store)
        return Opened(store, notice=(f"The saved game could not be resumed: {exc.reason}. "
                                     f"It was moved to {aside.name}; this is a new table.")), aside
    if loaded is None:
        return Opened(store), None
    session, port, saved_at = loaded
    return Opened(store, session, port, saved_at, notice=resumed_notice(session, saved_at)), None


def resumed_notice(session: Session, saved_at: float) -> str | None:
    """Return what was resumed, in words: a game (and its round), a score screen, a lobby with its
    seats and join code; None for a lobby nobody sat at (that just starts, on the same join code)."""
    at = time.strftime("%H:%M", time.localtime(saved_at))
    if session.stage is Stage.LOBBY:
        if not session.seats:
            return None
        n = len(session.seats)
        return f"Resumed the lobby saved at {at}: {n} seat{'s' if n != 1 else ''}, join code {session.join_code}."
    if session.stage is Stage.OVER:
        return f"Resumed the score screen saved at {at}."
    view = session.public_update().get("view") or {}
    round_ = view.get("round")
    return f"Resumed the game saved at {at}" + (f", round {round_}." if isinstance(round_, int) else ".")


def _connect_new(store: Store) -> None:
    try:
        store.connect()
    except SaveError as exc:  # only if something re-created a bad file under us
        raise OSError(f"cannot make a new save file at {store.path}: {exc.reason}") from None


def move_aside(path: Path, why: str) -> Path:
    """Rename the save (and its WAL files) to `couchcats-<why>-<stamp>.sqlite`; return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = path.with_name(f"{path.stem}-{why}-{stamp}{path.suffix}")
    n = 1
    while any(Path(f"{base}{s}").exists() for s in _SUFFIXES):
        base = path.with_name(f"{path.stem}-{why}-{stamp}-{n}{path.suffix}")
        n += 1
    for suffix in _SUFFIXES:
        src = Path(f"{path}{suffix}")
        if src.exists():
            src.rename(f"{base}{suffix}")  # the WAL keeps its pairing with the renamed file
    return base


# ---------------------------------------------------------------- to and from the file

def _seat_data(seat: Seat) -> dict[str, Any]:
    digest = token_digest(seat.token) if seat.token is not None else seat.token_hash
    seen = seat.tips_seen | ({seat.tip[0]} if seat.tip is not None else set())  # shown now: seen after a restart
    return {"name": seat.name, "colour": seat.colour, "symbol": seat.symbol, "bot": seat.bot,
            "lang": seat.lang, "last_acted": seat.last_acted, "token_sha256": digest,
            "tips": seat.tips, "tips_seen": sorted(seen), **({"coached": True} if seat.coached else {})}


def _seat_from(d: dict[str, Any]) -> Seat:
    digest = d.get("token_sha256")
    if digest is not None and (not isinstance(digest, str) or len(digest) != 64):
        raise ValueError("bad token hash")
    seat = Seat(name=str(d["name"]), colour=str(d["colour"]), symbol=str(d["symbol"]), token=None,
                bot=d.get("bot"), lang=str(d.get("lang") or "en"), last_acted=int(d.get("last_acted", -1)),
                coached=d.get("coached") is True)  # (a save from before the coach has none)
    seat.token_hash = digest
    tips, seen = d.get("tips"), d.get("tips_seen", [])  # (saves before the tips have neither)
    if (tips is not None and not isinstance(tips, bool)) or not isinstance(seen, list) \
            or not all(isinstance(k, str) for k in seen):
        raise ValueError("bad tips")
    seat.tips, seat.tips_seen = tips, set(seen)
    return seat


def _table_data(session: Session, port: int) -> dict[str, Any]:
    return {"join_code": session.join_code, "port": port, "game": session.game_id,
            "options": dict(session.options), "stage": str(session.stage), "version": session.version,
            "host": session.host_seat, "game_serial": session.game_serial, "game_version": session.game_version,
            "seats": [_seat_data(s) for s in session.seats],
            "pending": [_seat_data(s) for s in session.pending],
            # a game's time limit: what was left (the clock is monotonic, so not its reading)
            "time_left": (None if session.game_deadline is None
                          else max(0.0, session.game_deadline - session.clock())),
            # the moment the table holds for, with its time left (game/table/moments.py)
            "moment": session.moment_to_save()}


def _game_data(session: Session) -> dict[str, Any]:
    rec = session.recorder
    assert rec is not None
    return {"game": rec.game, "seed": rec.seed, "options": rec.options, "setup": rec.setup,
            "players": [p.to_dict() for p in rec.players]}


def _rebuild(table: dict[str, Any], game: tuple[int, str] | None, actions: list[tuple[Any, ...]],
             rng: random.Random, clock: Callable[[], float]) -> Session:
    session = Session(str(table["join_code"]), rng, clock=clock, game=str(table["game"]))
    if session.game_id not in GAMES:
        raise SaveError(f"it is a game this version does not have ({session.game_id})")
    session.options = {**session.options, **table["options"]}  # (a save from before an option: its default)
    session.stage = Stage(table["stage"])
    session.version = int(table["version"])
    session.seats = [_seat_from(d) for d in table["seats"]]
    session.pending = [_seat_from(d) for d in table.get("pending", [])]
    session.game_serial = int(table["game_serial"])
    session.game_version = int(table["game_version"])
    left = table.get("time_left")
    session.game_deadline = None if left is None else clock() + float(left)
    # nobody is connected yet: like a live table whose phones all left, the first back is host
    session.host = None
    if game is not None and session.stage is not Stage.LOBBY:
        _replay(session, json.loads(game[1]), actions)
    elif session.stage is not Stage.LOBBY:
        raise SaveError("the saved game is missing")
    session.restore_moment(table.get("moment") if session.stage is not Stage.LOBBY else None)
    session.restored()
    return session


def _replay(session: Session, data: dict[str, Any], actions: list[tuple[Any, ...]]) -> None:
    rules = GAMES[str(data["game"])]
    players = [RecordPlayer(int(p["seat"]), p.get("name"), p.get("bot"), p.get("coached") is True)
               for p in data["players"]]
    if len(players) != len(session.seats):
        raise SaveError("the saved game and the saved seats do not match")
    state = rules.from_setup(len(players), data["setup"], data["options"])
    recorder = GameRecorder(state, players, game=str(data["game"]), seed=data.get("seed"), options=data["options"])
    for seat, version, timeout, text in actions:
        if seat is None:  # chance, or the time running out: the engine checks it is due
            entry = json.loads(text)
            rules.apply_chance(state, entry)
            recorder.add_chance(entry)
            session.log.append({"seat": None, "action": entry, "version": int(version)})
            continue
        action = rules.parse_action(json.loads(text))
        rules.apply(state, int(seat), action)  # checks it too: a tampered log fails here
        recorder.add(int(seat), action)
        session.log.append({"seat": int(seat), "action": action.to_dict(), "version": int(version),
                            **({"timeout": True} if timeout else {})})
    outcome = rules.outcome(state)
    if (outcome is not None) != (session.stage is Stage.OVER):
        raise SaveError("the saved stage and the saved game do not match")
    if outcome is not None:
        recorder.finish(outcome)
    session.state, session.recorder = state, recorder
