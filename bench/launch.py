"""Launch time of `python main.py` to its first lobby frame, on this machine and on an emulated small box.

A family's TV box may be a Raspberry Pi 4-class computer: roughly a third of one of this machine's
cores for each process. This emulates it with a cgroup v1 CPU quota (3.3 ms of CPU per 10 ms
period, `--quota-us` / `--period-us`), **one group per process**: `main.py` (the TV) is put in its
group before it runs a line of Python (between fork and exec), and every process it starts (the
server child, the bots' worker) is moved into a group of its own as soon as it appears (this
script looks every 2 ms; until then it shares the TV's group). Launches with the quota alternate
with launches without it, in one run, so both see the same machine.

The time is the wall clock from starting `python main.py --windowed` (SDL dummy video and audio,
a fresh data folder) to its log line "first frame on screen" (game.tv.app.LazyLoop: the first
lobby frame was drawn and flipped: the QR code, the join address and code), and to the line
"the table's first update on screen" (the lobby with the table's game, options and players).
Where cgroups are not writable (not root, no cgroup v1 cpu controller), the quota runs are
skipped and said so. The recipe by hand is in bench/README.md.

Python's bytecode: an installed copy has its modules compiled (pip writes the .pyc files), while a
checkout run with PYTHONDONTWRITEBYTECODE=1 (as this dev machine's shells are) compiles every
module of the game at every start. Launches are timed both ways: "compiled" runs with
PYTHONPYCACHEPREFIX in a folder of this run (filled by one untimed launch first), "from source"
as the environment has it.

    .venv/bin/python bench/launch.py                    # 5 launches with the quota, 5 without, alternating
    .venv/bin/python bench/launch.py --vs /tmp/base     # the same, alternating with another checkout's main.py
    .venv/bin/python bench/launch.py --quick            # one of each: does it still run
"""

from __future__ import annotations

import argparse
import math
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10_000
QUOTA_US = 3_300
FIRST_FRAME = "first frame on screen"
TABLE_SHOWN = "the table's first update on screen"
TIMEOUT = 60.0  # seconds a launch may take before it counts as failed
TABLE_WAIT = 5.0  # seconds after the first frame to wait for the table's line (older code never says it)


class Quota:
    """cgroup v1 cpu groups, one per process, each with the same CFS quota; removed on close."""

    def __init__(self, quota_us: int, period_us: int) -> None:
        self.quota_us, self.period_us = quota_us, period_us
        self.groups: list[Path] = []
        self._n = 0

    @staticmethod
    def available() -> str | None:
        """Return why quotas cannot be set here, or None when they can."""
        if not (CGROUP_CPU / "cpu.cfs_quota_us").exists():
            return f"no cgroup v1 cpu controller at {CGROUP_CPU}"
        probe = CGROUP_CPU / f"couchcats-probe-{os.getpid()}"
        try:
            probe.mkdir()
            probe.rmdir()
        except OSError as exc:
            return f"cannot make a cgroup under {CGROUP_CPU} ({exc.strerror})"
        return None

    def new_group(self) -> Path:
        """Make one more group with the quota; return its folder."""
        self._n += 1
        group = CGROUP_CPU / f"couchcats-bench-{os.getpid()}-{self._n}"
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(self.period_us))
        (group / "cpu.cfs_quota_us").write_text(str(self.quota_us))
        self.groups.append(group)
        return group

    def close(self) -> None:
        """Remove every group made (their processes have ended, or go back to the root group)."""
        for group in self.groups:
            try:
                for pid in (group / "cgroup.procs").read_text().split():
                    (CGROUP_CPU / "cgroup.procs").write_text(pid)
                group.rmdir()
            except OSError:
                pass
        self.groups.clear()


def descendants(pid: int) -> list[int]:
    """Return every process started by `pid`, however deep (Linux /proc, every thread's children)."""
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                kids = [int(c) for c in Path(f"/proc/{p}/task/{tid}/children").read_text().split()]
            except OSError:
                continue
            out += kids
            todo += kids
    return out


def _isolate_children(root: int, quota: Quota, done: threading.Event) -> None:
    """Move each new process under `root` into a quota group of its own until `done`."""
    placed: set[int] = set()
    while not done.is_set():
        for pid in descendants(root):
            if pid not in placed:
                placed.add(pid)
                try:
                    (quota.new_group() / "cgroup.procs").write_text(str(pid))
                except OSError:
                    pass  # it ended meanwhile
        done.wait(0.002)


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """Return the user + system CPU seconds `pid` has used (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


# per launch: the TV's and the server's CPU seconds at the first frame, and when the TV had the server's answer
CPU_AT_FIRST: list[tuple[float, float, float]] = []


def launch(root: Path, quota: Quota | None, pycache: Path | None) -> tuple[float, float | None]:
    """Start `root`'s main.py (under the quota, each process in its own group; with its bytecode in
    `pycache`, else as the environment says); return seconds to its first frame and to the table's first
    update on screen (None: that code does not say it)."""
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    group = quota.new_group() if quota is not None else None

    def enter_group() -> None:  # in the child, between fork and exec: the whole of python main.py is capped
        if group is not None:
            (group / "cgroup.procs").write_text(str(os.getpid()))

    with tempfile.TemporaryDirectory() as data:
        done = threading.Event()
        lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "main.py", "--windowed", "--port", "0", "--data", data, "--mute"],
                                cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=enter_group if group is not None else None)
        watcher = None
        if quota is not None:
            watcher = threading.Thread(target=_isolate_children, args=(proc.pid, quota, done), daemon=True)
            watcher.start()

        said: list[str] = []

        def read() -> None:
            assert proc.stderr is not None
            for line in proc.stderr:
                said.append(line)
                lines.put(line)
            lines.put(None)

        def read_out() -> None:  # "Join: <url>": the TV has the server's answer (its start returned)
            assert proc.stdout is not None
            for line in proc.stdout:
                if line.startswith("Join:") and not joined:
                    joined.append(time.perf_counter() - t0)

        joined: list[float] = []
        threading.Thread(target=read, daemon=True).start()
        threading.Thread(target=read_out, daemon=True).start()
        try:
            first: float | None = None
            while True:
                left = (t0 + TIMEOUT if first is None else t0 + first + TABLE_WAIT) - time.perf_counter()
                try:
                    line = lines.get(timeout=max(0.0, left))
                except queue.Empty:
                    line = None
                if line is None:  # it ended, or it took too long
                    if first is None:
                        raise RuntimeError(f"{root}/main.py gave no first frame; it said:\n{''.join(said[-30:])}")
                    return first, None  # code that does not say when the table is on screen
                if FIRST_FRAME in line:
                    first = time.perf_counter() - t0
                    kids = descendants(proc.pid)
                    CPU_AT_FIRST.append((cpu_seconds(proc.pid), sum(cpu_seconds(k) for k in kids),
                                         joined[0] if joined else math.nan))
                elif TABLE_SHOWN in line and first is not None:
                    return first, time.perf_counter() - t0
        finally:
            done.set()
            if watcher is not None:
                watcher.join()
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            if quota is not None:
                quota.close()


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s  best {min(values):.2f} s  worst {max(values):.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--launches", type=int, default=5, help="timed launches of each kind")
    parser.add_argument("--quota-us", type=int, default=QUOTA_US, help="CPU microseconds per period for each process")
    parser.add_argument("--period-us", type=int, default=PERIOD_US)
    parser.add_argument("--vs", metavar="DIR", help="another checkout whose main.py is launched alternately too")
    parser.add_argument("--quick", action="store_true", help="one launch of each kind: does it still run")
    args = parser.parse_args()
    if args.quick:
        args.launches = 1
    why_not = Quota.available()
    roots = [("this checkout", ROOT)] + ([(args.vs, Path(args.vs).resolve())] if args.vs else [])
    quotas = ([f"quota {args.quota_us / 1000:g} ms per {args.period_us / 1000:g} ms each process"] if why_not is None
              else []) + ["no quota"]
    codes = ["compiled", "from source"]
    firsts: dict[tuple[str, str, str], list[float]] = {}
    tables: dict[tuple[str, str, str], list[float]] = {}
    cpus: dict[tuple[str, str, str], list[tuple[float, float, float]]] = {}
    loads = []
    with tempfile.TemporaryDirectory() as cache_root:
        caches = {name: Path(cache_root) / str(i) for i, (name, _root) in enumerate(roots)}
        for name, root in roots:
            launch(root, None, caches[name])  # untimed: writes this code's bytecode into its cache
        for _ in range(args.launches):
            for code in codes:
                for quota_kind in quotas:
                    for name, root in roots:
                        loads.append(os.getloadavg()[0])
                        quota = Quota(args.quota_us, args.period_us) if quota_kind != "no quota" else None
                        first, table = launch(root, quota, caches[name] if code == "compiled" else None)
                        firsts.setdefault((name, quota_kind, code), []).append(first)
                        cpus.setdefault((name, quota_kind, code), []).append(CPU_AT_FIRST[-1])
                        if table is not None:
                            tables.setdefault((name, quota_kind, code), []).append(table)
    for key, values in firsts.items():
        name, quota_kind, code = key
        shown = tables.get(key)
        print(f"launch to first lobby frame, {name}, {quota_kind}, {code}: {summary(values)}"
              + (f"; the table's first update on screen: median {statistics.median(shown):.2f} s" if shown else "")
              + f"  ({len(values)} launches, goal <= 2 s)")
        tv, server, answer = (statistics.median(c[i] for c in cpus[key]) for i in (0, 1, 2))
        print(f"  the server's answer (the join URL) reached the TV at {answer:.2f} s; CPU used by the first frame: "
              f"the TV's process {tv:.2f} s, the server's {server:.2f} s (medians)")
    if why_not is not None:
        print(f"the quota runs were skipped: {why_not}")
    if args.vs:
        for quota_kind in quotas:
            for code in codes:
                a, b = (statistics.median(firsts[(name, quota_kind, code)]) for name, _root in roots)
                print(f"  {quota_kind}, {code}: this checkout / {args.vs} = {a / b:.2f}")
    print(f"machine load average while launching: {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
