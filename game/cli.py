"""Couch Cats command line: play (TV + server, the default), serve (no TV), simulate, replay, history, export.

`python main.py` and the installed `couchcats` command (pyproject.toml) both run `console`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

DEFAULT_PORT = 8765


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        description="Couch Cats: card games for the living-room TV, played with your phones.",
    )
    _add_party_args(parser)
    parser.set_defaults(port=DEFAULT_PORT, port_given=False, display=0)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    # play and serve repeat the options with no defaults of their own: argparse would otherwise
    # overwrite an option given before the subcommand (`main.py --port 9000 play`) with its default
    p_play = sub.add_parser("play", help="start the server and the TV table (the default)",
                            argument_default=argparse.SUPPRESS)
    _add_party_args(p_play)

    p_serve = sub.add_parser("serve", help="start only the server; play on phones, no TV",
                             argument_default=argparse.SUPPRESS)
    _add_server_args(p_serve)

    p_sim = sub.add_parser("simulate", help="play bot-only games and print a summary")
    p_sim.add_argument("--game", default=None, help="the game id (default: the first game the lobby shows)")
    p_sim.add_argument("--players", type=int, default=4)
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--seed", type=int, default=1)
    p_sim.add_argument("--bots", default=None,
                       help="comma-separated bot kind per seat, e.g. heuristic,random,random,random")
    p_sim.add_argument("--records", default=None, metavar="DIR", help="write one record per game here")
    p_sim.add_argument("--option", action="append", metavar="NAME=VALUE",
                       help="a game option, e.g. --option end=elimination --option limit=200 (repeat for more)")

    p_replay = sub.add_parser("replay", help="referee game records; exit 0 only if all are legal")
    p_replay.add_argument("files", nargs="+", metavar="FILE")

    p_hist = sub.add_parser("history", help="the household's leaderboards and last results (works beside a running table)")
    p_hist.add_argument("--game", default=None, help="only this game (default: every game on the table)")
    p_hist.add_argument("--json", action="store_true", help="print JSON, shaped as the lobby's `history`")
    p_hist.add_argument("--data", default=None, help="the data folder (default: this computer's)")

    p_export = sub.add_parser("export", help="write every kept game as a record file that replay accepts")
    p_export.add_argument("dir", metavar="DIR", help="folder to write the records to (made if missing)")
    p_export.add_argument("--game", default=None, help="only this game's records")
    p_export.add_argument("--data", default=None, help="the data folder (default: this computer's)")
    return parser


class _GivenPort(argparse.Action):
    """Store --port and remember that the user typed it (it then wins over a saved table's port)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.port_given = True


def _add_server_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, action=_GivenPort,
                   help=f"port for the phones (default {DEFAULT_PORT}, or the saved table's; a free one if busy)")
    p.add_argument("--host-ip", help="address to put in the join URL (default: LAN address)")
    p.add_argument("--data", help="folder for saves and records (default: this computer's data folder, e.g. ~/.local/share/couchcats)")
    p.add_argument("--bot-delay", type=float, help="seconds a bot waits before it acts")
    p.add_argument("--moments", type=float, metavar="SCALE",
                   help="how long the big moments hold the table, times the host's pace (default 1; 0 with "
                        "--bot-delay 0: none)")
    p.add_argument("--fresh", action="store_true",
                   help="start a new table instead of resuming the saved one (the save is kept, renamed)")


def _add_party_args(p: argparse.ArgumentParser) -> None:
    _add_server_args(p)
    p.add_argument("--windowed", action="store_true", help="open a window instead of full screen")
    p.add_argument("--display", type=int, help="which screen to use (0 = first)")
    p.add_argument("--lang", help="TV language: en, es, fr or hu (default: the system's)")
    p.add_argument("--demo", action="store_true", help="attract mode: an all-bot game loops on the TV")
    p.add_argument("--mute", action="store_true", help="start with the sound off")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the process exit code."""
    started = time.perf_counter()
    args = build_parser().parse_args(argv)
    command = args.command or "play"
    if command == "simulate":
        from game.simulate import run_simulate

        return run_simulate(args)
    if command == "replay":
        from game.records import run_replay

        return run_replay(args)
    if command == "history":
        from game.history_commands import run_history

        return run_history(args)
    if command == "export":
        from game.history_commands import run_export

        return run_export(args)
    if command == "serve":
        from game.server.run import run_serve

        return run_serve(args)
    # play: the server's process starts first, so it imports and opens the save while this one
    # imports the TV (pygame) and opens the screen (game.server.process imports nothing heavy)
    from game.server.process import play_server

    server = play_server(args)
    server.spawn()
    from game.tv.app import run_play

    return run_play(args, server, started)


def console() -> int:
    """Run the command line as a program (`main.py`, `couchcats`); return the exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    return main()


if __name__ == "__main__":
    sys.exit(console())
