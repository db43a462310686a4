"""`main.py history` and `main.py export` as real subprocesses, also beside a running table (issue 11)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.engine import GAMES
from game.history import summary
from game.records import write_record
from game.server.thread import ServerThread
from game.store import open_store
from test_history import RAT, SACK, _wait, kept_count, people_record

ROOT = Path(__file__).resolve().parent.parent
TIMES = ("20261128-190000", "20261129-201500", "20261130-183000", "20261130-213000")


def run(*argv: str) -> subprocess.CompletedProcess:
    """Run `python main.py ARGV` in a fresh interpreter and return the finished process."""
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def household(folder: Path) -> list:
    """Fill a data folder's save with four finished games (three Rat-a-Tat Cat, one Cat in the
    Sack) played by Ana, Bea and Cy; return the kept games."""
    (folder / "records").mkdir(parents=True)
    names = [("Ana", "Bea"), ("ana ", "Bea", "Cy"), ("Cy", "Bea"), ("Ana", "Bea", "Cy")]
    for i, (stamp, who) in enumerate(zip(TIMES, names)):
        game = SACK if i == 3 else RAT
        write_record(folder / "records" / f"{stamp}-{game}-00000{i}.json", people_record(game, i + 1, who))
    opened = open_store(folder)  # imports the folder, once
    games = list(opened.store.kept)
    opened.store.close()
    assert len(games) == 4
    return games


def test_history_json_is_the_lobbys_history_of_the_kept_games(tmp_path):
    games = household(tmp_path)
    done = run("history", "--json", "--data", str(tmp_path))
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed == json.loads(json.dumps(summary(games)))
    assert list(printed) == [g for g, rules in GAMES.items() if rules.on_table]  # every offered game, registry order
    assert {SACK, RAT} <= set(printed)
    rat = printed[RAT]
    assert {row["name"]: (row["games"], row["wins"]) for row in rat["leaders"]} == {
        "ana": (2, sum(r["winners"].count("Ana") + r["winners"].count("ana") for r in rat["recent"])),
        "Bea": (3, sum(r["winners"].count("Bea") for r in rat["recent"])),
        "Cy": (2, sum(r["winners"].count("Cy") for r in rat["recent"]))}
    assert [r["ended"] for r in rat["recent"]] == sorted((r["ended"] for r in rat["recent"]), reverse=True)
    only = run("history", "--json", "--game", SACK, "--data", str(tmp_path))
    assert json.loads(only.stdout) == {SACK: printed[SACK]}
    unknown = run("history", "--game", "chess", "--data", str(tmp_path))
    assert unknown.returncode == 2 and "unknown game 'chess'" in unknown.stderr


def test_history_prints_the_leaders_and_the_last_results_for_a_person(tmp_path):
    games = household(tmp_path)
    done = run("history", "--game", RAT, "--data", str(tmp_path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == RAT and "wins" in lines[1] and "games" in lines[1] and "best" in lines[1]
    board = summary(games)[RAT]["leaders"]
    for i, row in enumerate(board, start=1):
        assert lines[1 + i].split() == [f"{i}.", row["name"], str(row["wins"]), str(row["games"]), str(row["best"])]
    assert lines[2 + len(board)].strip() == "Last results"
    assert len(lines) == 3 + len(board) + 3 and all(" won by " in line for line in lines[-3:])
    empty = run("history", "--data", str(tmp_path / "nothing here"))
    offered = [g for g, rules in GAMES.items() if rules.on_table]
    assert empty.returncode == 0 and empty.stdout.count("No finished games kept yet.") == len(offered)  # one each


def test_export_writes_every_kept_game_as_a_record_that_replay_accepts(tmp_path):
    games = household(tmp_path / "data")
    out = tmp_path / "exported"
    done = run("export", str(out), "--data", str(tmp_path / "data"))
    assert done.returncode == 0, done.stderr
    files = sorted(out.glob("*.json"))
    assert len(files) == 4 and "Exported 4 game record(s)" in done.stdout
    assert sorted(p.read_text(encoding="utf-8") for p in files) == sorted(g.record for g in games)
    # named like the server's files: the end's UTC stamp first, so an import gets the same time
    assert sorted(p.name[:15] for p in files) == sorted(TIMES)
    replayed = run("replay", *map(str, files))
    assert replayed.returncode == 0, replayed.stderr
    assert len(replayed.stdout.splitlines()) == 4
    only = run("export", str(tmp_path / "sack only"), "--game", SACK, "--data", str(tmp_path / "data"))
    assert only.returncode == 0 and [p.name.split("-")[2] for p in (tmp_path / "sack only").glob("*.json")] == ["cat"]


def test_history_and_export_work_beside_a_running_table_which_keeps_its_save(tmp_path):
    games = household(tmp_path)
    server = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
    server.start()
    try:
        lobby = _wait(server.updates, lambda u: True)
        assert lobby["history"] == json.loads(json.dumps(summary(games)))  # the table shows them too
        done = run("history", "--json", "--data", str(tmp_path))
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == lobby["history"]
        exported = run("export", str(tmp_path / "out"), "--data", str(tmp_path))
        assert exported.returncode == 0 and len(list((tmp_path / "out").glob("*.json"))) == 4
        # the table still saves, and plays a game the next `history` sees
        server.host_command({"cmd": "set_game", "game": RAT})
        for _ in range(2):
            server.host_command({"cmd": "add_bot"})
        server.host_command({"cmd": "start"})
        _wait(server.updates, lambda u: u["stage"] == "over")
        after = json.loads(run("history", "--json", "--game", RAT, "--data", str(tmp_path)).stdout)
        assert len(after[RAT]["recent"]) == 4
        # and it is still the only copy allowed to write
        second = ServerThread(port=0, host_ip="127.0.0.1", data_dir=tmp_path, bot_delay=0)
        second.start()
        try:
            assert second.notice is not None and "will not survive a restart" in second.notice
        finally:
            second.stop()
    finally:
        server.stop()
    assert kept_count(tmp_path) == 5
