"""Every script in bench/ still runs: each in its quick mode (`--quick`: seconds, tiny counts).

A benchmark nobody runs rots silently (issue 10: `bench/server.py --tv` answered every phone with
403 for weeks). Here each one runs as a person would run it, in a child process, and must exit 0
and print every line of figures it always prints. The figures' values are never checked: tests
do not assert timings. A new script in bench/ is picked up by the glob and fails until its quick
mode and its lines are named in FIGURES below.

`bench/server.py` runs plain, with --profile, with --vs (against this very checkout), with --bots
(a table with bots against one of people; with --bot-delay 0: at its default of 0.3 s a bot's move,
and with the moments' holds any delay brings, the quick run's 30 samples waited some 100 s on idle
bots) and with --tv (the real arrangement of `main.py`: the server process watched by the TV
process). `bench/render.py` runs with the demo's normal bots and with hard ones (thinking in the
server's worker process while the TV draws).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py"))
TIMEOUT = 120  # seconds for one script; a quick run takes a few (a stuck one must not hang CI)

_MS = r"p50 -?[\d.]+ ms\s*,? p99 -?[\d.]+ ms"  # a latency pair, whatever its values
_SACK_LINES = [r"^== Cat in the Sack$", r"^Random playouts \(one core", r"^\s+3\s+\d+\s+[\d.]+\s+\d+",
               r"^\s+5\s+\d+\s+[\d.]+\s+\d+", r"^Heuristic in one seat",
               r"4p: 1 heuristic vs 3 random\s+\d+\s+[\d.]+%", r"4p: 1 heuristic vs 3 heuristic\s+\d+\s+[\d.]+%"]
_RAT_LINES = [r"^Random playouts, 3 rounds", r"^\s+2\s+[\d.]+\s+\d+\s+[\d.]+\s+\d+", r"^\s+6\s+[\d.]+\s+\d+\s+[\d.]+\s+\d+",
              r"2p: 1 heuristic vs 1 random\s+\d+\s+[\d.]+%\s+[\d.]+%-[\d.]+%",
              r"elimination 100\s+\d+\s+[\d.]+%", r"kids\s+\d+\s+[\d.]+%", r"4p: 1 heuristic vs 3 heuristic\s+\d+"]
_SERVER_LINES = [r"^phone page: [\d.]+ KiB in \d+ files \([\d.]+ KiB gzipped\)$",
                 rf"^5 phones \+ \d+ watchers \(1 reader process, \d+ actions\): action → every socket {_MS}, "
                 r"max [\d.]+ ms; server RSS \d+ MB \(idle \d+ MB\)",
                 rf"^    act sent → server handler starts: {_MS}$",
                 rf"^    server handler \(parse, rules, every update built, public frame written\): {_MS}$",
                 rf"^    handler done → last phone has it \(its writer task\): {_MS}$",
                 rf"^    handler done → last watcher has it \(kernel, our reading\): {_MS}$",
                 r"^    the server's own work per version \(\d+ versions; CPU time of the server.*\):$",
                 r"^      everything the server process did while measuring: [\d.]+ ms$",
                 rf"^      the act handler \(Hub.on_frame\): {_MS}$",
                 r"^      the phones' updates built \(Session._update_for, whitelisted\): [\d.]+ ms \([\d.]+ calls\)$",
                 r"^      JSON text of the (messages|updates) \(protocol.encode(_update)?\): [\d.]+ ms",
                 r"^      the watchers' fan-out \(Hub._publish: .*\): [\d.]+ ms \([\d.]+ calls\)$"]
_PROFILE_LINES = [r"^    server profile while measuring \(cProfile.*\d+ versions published, \d+ socket sends each\),$",
                  r"^      top 15 functions by own time", r"^\s+[\d.]+\s+[\d.]+\s+[\d.]+  \S+"]
_BOT_LINES = [r"^bot\s+seats\s+wins\s+win %\s+95% CI\s+fair\s+mean total\s+moves\s+mean ms\s+p95 ms\s+max ms\s+cpu p95\s+cpu max$",
              r"^A win shared by k players counts 1/k for each \(\d+ shared game\(s\)\)",
              r"^\d+ game\(s\) in [\d.]+ s \([\d.]+ s a game\); \d+ games would take ~[\d.]+ min"]
_BOT_ROW = r"^{}\s+{}\s+[\d.]+\s+[\d.]+%\s+[\d.]+-[\d.]+%\s+[\d.]+%\s+-?[\d.]+\s+\d+(\s+[\d.]+){{5}}$"
_LAG = r"p50 [\d.]+ s \(\d+ fr\)  p99 [\d.]+ s \(\d+ fr\)  max [\d.]+ s \(\d+ fr\)$"

# script -> the runs it gets: (extra arguments after --quick, the lines that run must print)
_RENDER_LINES = [*(rf"^{game}: frames \d+ \(\+\d+ warm-up, max [\d.]+ ms\)  updates \d+  games finished \d+"
                   for game in ("cat-in-the-sack", "rat-a-tat-cat")),
                 r"^  frame work at 1920x1080: p50 [\d.]+ ms  p99 [\d.]+ ms  max [\d.]+ ms",
                 r"^  same frames, CPU time of the TV thread only.*p50 [\d.]+ ms  p99 [\d.]+ ms",
                 r"^  frames that move \(\d+, those the lazy loop draws\), CPU time: p50 [\d.]+ ms  p99 [\d.]+ ms",
                 r"^  frames while a moment plays \(\d+\): p99 ([\d.]+|nan) ms",
                 r"^launch to first lobby frame: best [\d.]+ s  worst [\d.]+ s"]
FIGURES: dict[str, list[tuple[list[str], list[str]]]] = {
    "bots.py": [([], [r"^rat-a-tat-cat: 2 seats, lineup strong,heuristic, 1 deal\(s\) x 2 seatings",
                      _BOT_ROW.format("strong", 1), _BOT_ROW.format("heuristic", 1), *_BOT_LINES]),
                (["--lineup", "heuristic,random"],
                 [r"^rat-a-tat-cat: 2 seats, lineup heuristic,random, 1 deal\(s\) x 2 seatings",
                  _BOT_ROW.format("heuristic", 1), _BOT_ROW.format("random", 1), *_BOT_LINES]),
                (["--game", "cat-in-the-sack", "--seats", "4", "--lineup", "heuristic,random"],
                 [r"^cat-in-the-sack: 4 seats, lineup heuristic,random,random,random, 1 deal\(s\) x 4 seatings",
                  _BOT_ROW.format("heuristic", 1), _BOT_ROW.format("random", 3), *_BOT_LINES])],
    "engine.py": [([], _SACK_LINES + [r"^== Rat-a-Tat Cat$"] + _RAT_LINES)],
    "rat_engine.py": [([], _RAT_LINES)],
    "rat_choices.py": [([], [r"^1 game\(s\), \d+ move\(s\) where the strong bot differed from the heuristic$",
                             r"^strong vs heuristic\s+moves\s+round diff change \(95% CI\)\s+last-round win change$",
                             r"^(per game: [+-][\d.]+ points of round difference|[a-z_]+: [a-z0-9_ ]+ vs [a-z0-9_ ]+\s+\d+)"])],
    "rat_oracle.py": [([], [r"^strong \(told more\) vs heuristic, 2 seats, 2 game\(s\) a mode, seed \d+$",
                            r"^mode\s+games\s+win %\s+95% CI\s+mean totals$",
                            *(rf"^{mode}\s+2\s+[\d.]+%\s+[\d.]+-[\d.]+%\s+[\d.]+ vs [\d.]+$"
                              for mode in ("none", "opp-known", "opp", "all"))])],
    "rat_tuning.py": [([], [r"^8 games \(2 seats, 4 deals from both seats\), seed \d+: a heuristic with other numbers",
                            r"^OWN \(.+\)\s+[\d.]+%  \([\d.]+-[\d.]+%\)$",
                            r"^  \w+ [\d.]+ alone\s+[\d.]+%  \([\d.]+-[\d.]+%\)$"])],
    "render.py": [([], _RENDER_LINES), (["--bots", "hard"], _RENDER_LINES)],
    "server.py": [([], _SERVER_LINES), (["--profile"], _SERVER_LINES + _PROFILE_LINES),
                  (["--vs", "."], _SERVER_LINES + [r"^5 phones \+ \d+ watchers, medians of 1 alternating rounds, this checkout vs",
                                                   r"^    p50: [\d.]+ ms vs [\d.]+ ms, ratio [\d.]+$",
                                                   r"^    handler p99: [\d.]+ ms vs [\d.]+ ms, ratio [\d.]+$"]),
                  (["--floor"], _SERVER_LINES + [rf"^5 phones \+ \d+ watchers \[the floor\] \(1 reader process, \d+ actions\): "
                                                 rf"action → every socket {_MS}",
                                                 r"^5 phones \+ \d+ watchers, medians of 1 alternating rounds, this checkout vs the floor",
                                                 r"^    p50: [\d.]+ ms vs [\d.]+ ms, ratio [\d.]+$",
                                                 r"^    server CPU per version: [\d.]+ ms vs [\d.]+ ms, ratio [\d.]+$"]),
                  (["--bots", "normal", "--bot-delay", "0"],
                                         [rf"^1 phone \+ 3 normal bots \+ \d+ watchers .*action → every socket {_MS}",
                                          rf"^4 phones \+ \d+ watchers .*action → every socket {_MS}",
                                          r"^4 seats \+ \d+ watchers, medians of 1 alternating rounds, with 1 phone "
                                          r"\+ 3 normal bots vs 4 phones",
                                          r"^    p99: [\d.]+ ms vs [\d.]+ ms, ratio [\d.]+$"]),
                  (["--tv"], [*_SERVER_LINES[:1], _SERVER_LINES[1] + r"; TV process RSS \d+ MB", *_SERVER_LINES[2:],
                              rf"^    TV frames while measuring: \d+; tick {_MS}; draw {_MS}; flip {_MS}$"])],
    "history.py": [([], [r"^import of \d+ records \(\d+ KiB\) at the first start: [\d.]+ s \([\d.]+ ms per record, refereed\), \d+ kept$",
                         r"^save of a game's end, keeping it: p50 [\d.]+ ms over \d+ games \(a move's save: p50 [\d.]+ ms\)$",
                         r"^the lobby's history of \d+ kept games worked out: [\d.]+ ms$"])],
    "hint.py": [([], [rf"^{game}: \d+ hints \(\d+ seats, 1 coached, \d+ game\(s\) finished\), \d+ dropped or missing$"
                      for game in ("cat-in-the-sack", "rat-a-tat-cat")]
                 + [r"^  hint sent → answer: p50 [\d.]+ ms  p95 [\d.]+ ms  max [\d.]+ ms  \(goal p95 <= 300 ms\); the game's first: [\d.]+ ms$"])],
    "howto.py": [([], [rf"^{game}: \d+ steps, [\d.]+ s, \d+ frames; machine load [\d.]+$" for game in ("cat-in-the-sack", "rat-a-tat-cat")]
                  + [r"^  build \(the demo game replayed into steps\): median [\d.]+ ms, max [\d.]+ ms$",
                     rf"^  frame work \(tick \+ draw \+ flip, 1920x1080\): p50 [\d.]+ ms  p99 [\d.]+ ms  max [\d.]+ ms",
                     r"^  frames that move \(\d+, those the lazy loop draws\), this thread's CPU: p50 [\d.]+ ms  "
                     r"p99 [\d.]+ ms  max [\d.]+ ms",
                     r"^  at 60 fps: [\d.]+ % of one core while it plays"])],
    "launch.py": [([], [r"^launch to first lobby frame, this checkout, no quota, compiled: median [\d.]+ s  best [\d.]+ s  "
                        r"worst [\d.]+ s; the table's first update on screen: median [\d.]+ s",
                        r"^launch to first lobby frame, this checkout, no quota, from source: median [\d.]+ s",
                        r"^(launch to first lobby frame, this checkout, quota [\d.]+ ms per [\d.]+ ms each process, "
                        r"compiled: median [\d.]+ s|the quota runs were skipped: .+)",
                        r"^machine load average while launching: [\d.]+-[\d.]+ on \d+ cores$"])],
    "idle.py": [([], [r"^main.py from \S+: 2 process\(es\)$",
                      r"^idle lobby, [\d.]+ s, % of one core: \{'tv': [\d.]+, 'server': [\d.]+, 'total': [\d.]+\}$",
                      r"^table waiting for a human, [\d.]+ s, % of one core: \{'tv': [\d.]+, 'server': [\d.]+, "
                      r"'total': [\d.]+\}$"])],
    "replay.py": [([], [r"^rat-a-tat-cat, 2 seats, seeds \[1\]: frames that move \d+: CPU p50 [\d.]+ ms  p99 [\d.]+ ms  "
                        r"max [\d.]+ ms"])],
    "tv_lag.py": [([], [r"^1 games, \d+ updates recorded at bot delay 0",
                        r"^bot delay 0 \(recorded arrivals\), \d+ updates with a header line$",
                        r"^one update every 0.5 s, \d+ updates with a header line$",
                        rf"^  header lag, its first line: {_LAG}", rf"^  header lag, its last line : {_LAG}",
                        rf"^  settle after the last update: {_LAG}"])],
}

RUNS = [pytest.param(script, extra, lines, id=" ".join([script, *extra]))
        for script in SCRIPTS for extra, lines in FIGURES.get(script, [([], [])])]


def run_quick(script: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run `bench/<script> --quick <extra>` from the project root, headless, as CI would."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, str(BENCH / script), "--quick", *extra], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT)


def missing_lines(output: str, patterns: list[str]) -> list[str]:
    """Return the patterns no line of `output` matches."""
    lines = output.splitlines()
    return [p for p in patterns if not any(re.search(p, line) for line in lines)]


def test_every_bench_script_has_its_figures_named_here():
    assert SCRIPTS, "no scripts found in bench/"
    unnamed = [s for s in SCRIPTS if s not in FIGURES]
    assert not unnamed, f"give {unnamed} a --quick mode and name the lines it prints in FIGURES"
    assert not set(FIGURES) - set(SCRIPTS), "FIGURES names a script bench/ no longer has"


@pytest.mark.parametrize(("script", "extra", "lines"), RUNS)
def test_bench_script_runs_quick_and_prints_its_figures(script: str, extra: list[str], lines: list[str]):
    proc = run_quick(script, *extra)
    tail = f"\n--- stdout ---\n{proc.stdout[-3000:]}\n--- stderr ---\n{proc.stderr[-3000:]}"
    assert proc.returncode == 0, f"bench/{script} --quick {' '.join(extra)} exited {proc.returncode}{tail}"
    assert lines, f"bench/{script}: name the lines it always prints in FIGURES"
    missing = missing_lines(proc.stdout, lines)
    assert not missing, f"bench/{script} --quick {' '.join(extra)} did not print {missing}{tail}"


def test_the_line_check_fails_on_a_figure_line_that_is_gone():
    # the check itself: a run whose output lost a line (or printed it broken) is caught
    out = "phone page: 96.1 KiB in 20 files (33.2 KiB gzipped)\n5 phones + 20 watchers (1 reader process, 30 actions): "
    assert missing_lines(out, _SERVER_LINES[:1]) == []
    assert missing_lines(out, _SERVER_LINES[:2]) == [_SERVER_LINES[1]]
    assert missing_lines("  frame work at 1920x1080: p50 nan ms", [FIGURES["render.py"][0][1][2]])
