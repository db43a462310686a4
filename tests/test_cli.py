"""The `simulate` and `replay` commands, in-process and as real subprocesses, and engine purity."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from main import DEFAULT_PORT, build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str) -> subprocess.CompletedProcess:
    """Run `python main.py ARGV` in a fresh interpreter and return the finished process."""
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def simulate(capsys, tmp: Path, *extra: str, players: int = 4, games: int = 6, seed: int = 5) -> tuple[int, str, str]:
    code = main(["simulate", "--players", str(players), "--games", str(games), "--seed", str(seed),
                 "--records", str(tmp), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv, port, windowed", [
    ([], DEFAULT_PORT, False),
    (["--port", "9000", "--windowed"], 9000, True),
    (["--port", "9000", "--windowed", "play"], 9000, True),  # used to fall back to 8765 and full screen
    (["play", "--port", "9001", "--windowed"], 9001, True),
    (["--port", "9000", "play", "--port", "9001"], 9001, False),  # the later one wins
    (["serve"], DEFAULT_PORT, False),
    (["--port", "9000", "serve"], 9000, False),  # used to fall back to 8765
    (["serve", "--port", "9001"], 9001, False),
])
def test_an_option_counts_before_or_after_the_play_and_serve_commands(argv, port, windowed):
    args = build_parser().parse_args(argv)
    assert (args.port, args.windowed) == (port, windowed)
    assert args.port_given is ("--port" in argv)  # a typed port wins over a saved table's (issue 11)
    assert args.fresh is False and args.data is None and args.bot_delay is None and args.lang is None


def test_simulate_then_replay_in_process(capsys, tmp_path):
    code, out, _ = simulate(capsys, tmp_path, "--bots", "random,random,random,random")
    assert code == 0
    assert "6 game(s), 4 players" in out and "games/s" in out and "mean score" in out
    assert re.search(r"^random\s+4\s+6\.0\s", out, re.M), out  # wins per bot kind add up to the games
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"game-{i:05d}.json" for i in range(1, 7)]
    assert main(["replay", *map(str, files)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["file"] for line in lines] == list(map(str, files))
    for line, f in zip(lines, files):
        stored = json.loads(f.read_text(encoding="utf-8"))["result"]
        assert line == {"file": str(f), **stored}


@pytest.mark.parametrize("players", [3, 5])
def test_simulate_with_mixed_bots_and_every_player_count(capsys, tmp_path, players):
    bots = ",".join(["heuristic"] + ["random"] * (players - 1))
    code, out, _ = simulate(capsys, tmp_path, "--bots", bots, players=players, games=3)
    assert code == 0 and "heuristic" in out
    assert main(["replay", str(tmp_path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_same_seed_gives_byte_identical_records(capsys, tmp_path):
    simulate(capsys, tmp_path / "a", "--bots", "random")
    simulate(capsys, tmp_path / "b", "--bots", "random")
    simulate(capsys, tmp_path / "c", "--bots", "random", seed=6)
    a = [p.read_bytes() for p in sorted((tmp_path / "a").iterdir())]
    assert a == [p.read_bytes() for p in sorted((tmp_path / "b").iterdir())]
    assert a != [p.read_bytes() for p in sorted((tmp_path / "c").iterdir())]


@pytest.mark.parametrize("argv, words", [
    (["--players", "2"], "--players must be 3-5"),
    (["--players", "6"], "--players must be 3-5"),
    (["--games", "0"], "--games must be at least 1"),
    (["--bots", "random,wizard,random,random"], "unknown bot kind 'wizard'"),
    (["--bots", "random,random"], "names 2 bots for 4 players"),
    (["--game", "chess"], "unknown game 'chess'"),
])
def test_simulate_refuses_bad_arguments_with_exit_2(capsys, argv, words):
    assert main(["simulate", "--players", "4", "--games", "2", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_replay_reports_the_first_illegal_action_and_exits_1(capsys, tmp_path):
    simulate(capsys, tmp_path, "--bots", "random", games=2)
    bad = tmp_path / "game-00002.json"
    data = json.loads(bad.read_text(encoding="utf-8"))
    index = next(i for i, a in enumerate(data["actions"]) if a["type"] == "bid")
    data["actions"][index]["total"] = 500
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(tmp_path / "game-00001.json"), str(bad)]) == 1
    out = capsys.readouterr()
    good_line, bad_line = map(json.loads, out.out.splitlines())
    assert "winners" in good_line
    assert bad_line == {"file": str(bad), "error": {"index": index, "key": "bid_too_high",
                                                     "message": bad_line["error"]["message"]}}
    assert f"game-00002.json: action {index}" in out.err


def test_replay_rejects_a_changed_result(capsys, tmp_path):
    simulate(capsys, tmp_path, "--bots", "random", games=1)
    path = tmp_path / "game-00001.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["result"]["winners"] = [w + 1 for w in data["result"]["winners"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "result_mismatch" in capsys.readouterr().out


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ('{"format": "couchcats.record/1", "game": "cat-in-the-sack"}', "missing field 'players'"),
    ("", "not valid JSON"),
])
def test_replay_gives_a_clear_message_for_a_broken_file(capsys, tmp_path, content, words):
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path), str(tmp_path / "missing.json")]) == 1
    out = capsys.readouterr()
    assert words in out.err and "cannot read the file" in out.err and "Traceback" not in out.err
    assert [json.loads(line)["error"]["key"] for line in out.out.splitlines()] == ["bad_record", "bad_record"]


def test_real_processes_simulate_then_replay(tmp_path):
    sim = run("simulate", "--game", "cat-in-the-sack", "--players", "4", "--games", "4", "--seed", "8",
              "--bots", "heuristic,random,random,random", "--records", str(tmp_path))
    assert sim.returncode == 0, sim.stderr
    assert "4 game(s)" in sim.stdout
    files = sorted(str(p) for p in tmp_path.glob("*.json"))
    assert len(files) == 4
    rep = run("replay", *files)
    assert rep.returncode == 0, rep.stderr
    assert [json.loads(line)["file"] for line in rep.stdout.splitlines()] == files

    Path(files[0]).write_text("{\"format\": ", encoding="utf-8")
    bad = run("replay", *files)
    assert bad.returncode == 1
    assert "not valid JSON" in bad.stderr and "Traceback" not in bad.stderr + bad.stdout

    refused = run("simulate", "--players", "9")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr


ENGINE_MODULES = ["game.engine", "game.engine.common", "game.engine.cat_in_the_sack.cards",
                  "game.engine.cat_in_the_sack.state", "game.engine.cat_in_the_sack",
                  "game.engine.cat_in_the_sack.views"]
FRAMEWORKS = {"pygame", "aiohttp", "asyncio", "threading", "socket", "selectors", "logging", "sqlite3",
              "subprocess", "datetime", "concurrent"}


def test_importing_the_engine_pulls_in_no_framework_threads_or_clocks():
    code = (
        "import sys, json\n"
        "before = set(sys.modules)\n"
        f"for name in {ENGINE_MODULES!r}: __import__(name)\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    imported = set(json.loads(proc.stdout))
    assert "game.engine.cat_in_the_sack" in imported
    roots = {name.split(".")[0] for name in imported}
    assert not roots & FRAMEWORKS, roots & FRAMEWORKS
    assert "time" not in roots  # `time` may be preloaded by the interpreter, but the engine must not load it


def test_engine_sources_import_nothing_banned():
    banned = re.compile(r"^\s*(?:import|from)\s+(pygame|aiohttp|asyncio|threading|time|datetime|socket|"
                        r"logging|subprocess|os|sqlite3|secrets)\b", re.M)
    for path in sorted((ROOT / "game" / "engine").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not banned.findall(text), f"{path.name} imports {banned.findall(text)}"
        assert "random.seed(" not in text and "random.random(" not in text, f"{path.name} uses the global random"
