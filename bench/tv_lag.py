"""Benchmark of the TV's catch-up: how long after an update arrives the table shows its header line.

Run from the project root:  .venv/bin/python bench/tv_lag.py [--games G] [--gaps 0,0.1,0.3] [--quick]

1. Records `--games` bot-only games (4 heuristic bots) from the real server at bot delay 0: every
   public update the TV's queue receives, stamped with its wall-clock arrival (a whole game
   arrives in a few tenths of a second).
2. Replays each game into the real TV app (`TvApp`, the same `pump` → `on_update` path as
   `main.py`) on a simulated clock at 60 frames a second: updates are put on the TV's queue at
   their recorded arrival times (gap 0), or re-timed one every `gap` seconds (other paces).
3. Each frame reads the scene's header line (the news caption under the turn banner). Every
   line is tagged with the version of the update that said it (the scene's `Texts` is wrapped),
   so a frame knows which update the header shows. An update's **header lag** is the time from
   its arrival to the first frame whose header shows its first line (or a newer update's);
   the "last line" figure waits for the update's last line (or a newer update's) instead.
   **Settle** is the time from a game's last table update to the first frame with no animation
   left (the table's resting picture is the latest view).

Prints p50/p99/max in simulated seconds and in 60 fps frames. Needs no display (dummy drivers).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import queue  # noqa: E402

import pygame  # noqa: E402

from game.server.thread import ServerThread  # noqa: E402
from game.tv.app import TvApp  # noqa: E402
from game.tv.i18n import Texts  # noqa: E402

FRAME = 1 / 60
TAG = re.compile(r" #(\d+)$")


def record_games(games: int, players: int = 4) -> list[list[tuple[float, dict[str, Any]]]]:
    """Play `games` bot-only games on the real server at bot delay 0; return each game's (arrival, update)s."""
    out: list[list[tuple[float, dict[str, Any]]]] = []
    with tempfile.TemporaryDirectory() as data:
        server = ServerThread(port=0, data_dir=Path(data), bot_delay=0)
        server.start()
        try:
            first = next_update(server)
            seats = len((first.get("table") or {}).get("seats") or ())
            for _ in range(players - seats):
                server.host_command({"cmd": "add_bot", "kind": "heuristic"})
            while len((first.get("table") or {}).get("seats") or ()) < players:
                first = next_update(server)
            for g in range(games):
                server.host_command({"cmd": "start"} if g == 0 else {"cmd": "play_again"})
                game: list[tuple[float, dict[str, Any]]] = []
                while True:
                    u = next_update(server)
                    if u.get("stage") == "lobby":
                        continue
                    game.append((time.perf_counter(), u))
                    if u.get("stage") == "over":
                        break
                base = game[0][0]
                out.append([(t - base, u) for t, u in game])
        finally:
            server.stop()
    return out


def next_update(server: ServerThread) -> dict[str, Any]:
    """Return the next public update from the server (fail after 30 s)."""
    try:
        return server.updates.get(timeout=30)
    except queue.Empty:
        raise RuntimeError("the server sent nothing for 30 s") from None


class TaggedTexts(Texts):
    """The TV's texts, with every event line ending in ' #<version>' of the update being absorbed."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.version = 0
        self.last_line: dict[int, str] = {}  # version -> the last event line made for it

    def __call__(self, key: str, **params: Any) -> str:
        text = super().__call__(key, **params)
        if not key.startswith("tv.ev."):
            return text
        self.last_line[self.version] = f"{text} #{self.version}"
        return self.last_line[self.version]


class Source:
    """A stand-in for ServerThread whose queue the replay fills on the simulated clock."""

    def __init__(self) -> None:
        self.updates: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.join_url, self.join_code = "http://127.0.0.1:8765/?k=BENCH1", "BENCH1"
        self.lan_warning: str | None = None
        self.port_note: str | None = None

    def host_command(self, cmd: dict[str, Any]) -> None:
        """Ignore host commands (the replay decides what comes)."""


def replay(game: list[tuple[float, dict[str, Any]]], gap: float | None) -> tuple[list[float], list[float], float]:
    """Feed one recorded game into a TV app on a simulated clock; return first-line lags, last-line lags, settle."""
    source = Source()
    app = TvApp(source)
    texts = TaggedTexts("en")
    app.ctx.texts = texts
    arrivals = [t if gap is None else i * gap for i, (t, _u) in enumerate(game)]
    table = [i for i, (_t, u) in enumerate(game) if u.get("stage") == "playing"]
    versions = [int(u["version"]) for _t, u in game]
    first_at: dict[int, float] = {}  # update index -> lag until its first line (or a newer one) showed
    last_at: dict[int, float] = {}  # update index -> lag until its last line (or a newer one) showed
    settled: float | None = None
    now, k, shown = 0.0, 0, -1
    end = arrivals[table[-1]] + 10.0
    while now < end:
        now += FRAME
        while k < len(game) and arrivals[k] <= now and game[k][1].get("stage") == "playing":
            texts.version = versions[k]
            source.updates.put(game[k][1])
            app.pump()  # one update per pump, so each is tagged with its own version
            k += 1
        app.tick(FRAME)
        scene = app.scene
        news = getattr(getattr(scene, "anim", None), "news", "") or ""
        m = TAG.search(news)
        if m:
            shown = max(shown, versions.index(int(m.group(1))))
        for i in table:
            if i not in first_at and i <= shown:
                first_at[i] = now - arrivals[i]
            told = i < shown or (i == shown and news == texts.last_line.get(versions[i]))
            if i not in last_at and told:
                last_at[i] = now - arrivals[i]
        if k > table[-1] and settled is None and not getattr(scene, "busy", False):
            settled = now - arrivals[table[-1]]
    # updates that only changed what is drawn at rest (no line of their own) are not counted
    lines = [i for i in table if versions[i] in texts.last_line]
    return ([first_at[i] for i in lines if i in first_at], [last_at[i] for i in lines if i in last_at],
            settled if settled is not None else float("inf"))


def report(label: str, values: list[float]) -> str:
    """Return 'p50 … p99 … max …' of `values` (seconds) with the same in 60 fps frames."""
    q = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
    parts = [f"{name} {v:.3f} s ({v / FRAME:.0f} fr)" for name, v in (("p50", q[49]), ("p99", q[98]),
                                                                       ("max", max(values)))]
    return f"{label}: " + "  ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--gaps", default="0,0.1,0.2,0.35,0.6,1.2",
                        help="paces: 0 = as recorded at bot delay 0, else seconds between updates")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds in all (one game, two paces, overriding --games and --gaps): does it still run?")
    args = parser.parse_args()
    if args.quick:
        args.games, args.gaps = 1, "0,0.5"
    pygame.display.init()
    pygame.font.init()
    games = record_games(args.games)
    updates = sum(len(g) for g in games)
    spans = [g[-1][0] for g in games]
    print(f"{len(games)} games, {updates} updates recorded at bot delay 0 "
          f"(a game arrives in {statistics.median(spans) * 1000:.0f} ms, median)")
    for gap_text in args.gaps.split(","):
        gap = float(gap_text)
        firsts: list[float] = []
        lasts: list[float] = []
        settles: list[float] = []
        for game in games:
            g_first, g_last, settle = replay(game, None if gap == 0 else gap)
            firsts += g_first
            lasts += g_last
            settles.append(settle)
        pace = "bot delay 0 (recorded arrivals)" if gap == 0 else f"one update every {gap} s"
        print(f"{pace}, {len(firsts)} updates with a header line")
        print("  " + report("header lag, its first line", firsts))
        print("  " + report("header lag, its last line ", lasts))
        print("  " + report("settle after the last update", settles))


if __name__ == "__main__":
    main()
