"""`main.py serve`: the server without the TV — join URL, code and QR in the terminal."""

from __future__ import annotations

import argparse
import io
import logging
import queue
import signal
import sys
import threading
from typing import Any

import qrcode

from game.server.config import DEFAULT_BOT_DELAY
from game.server.datadir import data_dir
from game.server.thread import ServerThread, freeze_heap


def qr_text(url: str) -> str:
    """Return the URL's QR code drawn with block characters for a terminal."""
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    q.add_data(url)
    q.make(fit=True)
    out = io.StringIO()
    q.print_ascii(out=out, invert=True)
    return out.getvalue()


def run_serve(args: argparse.Namespace) -> int:
    """Run the server until Ctrl+C or SIGTERM; return the exit code."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    data = data_dir(getattr(args, "data", None))
    delay = args.bot_delay if getattr(args, "bot_delay", None) is not None else DEFAULT_BOT_DELAY
    server = ServerThread(port=args.port, host_ip=getattr(args, "host_ip", None), data_dir=data,
                          bot_delay=delay, fresh=bool(getattr(args, "fresh", False)),
                          port_given=bool(getattr(args, "port_given", False)),
                          moment_scale=getattr(args, "moments", None))
    stop = threading.Event()

    def _on_signal(signum: int, frame: Any) -> None:
        stop.set()

    # installed before the join line is printed: a supervisor may signal as soon as it sees it
    old = {s: signal.signal(s, _on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.start()
    except OSError as exc:
        print(f"Couch Cats: cannot start the server on port {args.port}: {exc}", file=sys.stderr)
        for sig, handler in old.items():
            signal.signal(sig, handler)
        return 1
    print(f"Join: {server.join_url}")
    print(f"Join code: {server.join_code}")
    print(qr_text(server.join_url))
    if server.notice:
        print(server.notice)
    if server.port_note:
        print(f"Note: {server.port_note}")
    if server.lan_warning:
        print(f"Warning: {server.lan_warning}")
    print(f"Records: {data / 'records'}; the table is saved in {data / 'couchcats.sqlite'}")
    print("The first phone to join is the host. Press Ctrl+C to stop.", flush=True)
    freeze_heap()

    try:
        while not stop.wait(0.5):
            _drain(server.updates)  # no TV here: keep the public-update queue from growing
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
        print("Stopping: telling the phones…", flush=True)
        server.stop()
    return 0


def _drain(q: queue.SimpleQueue[dict[str, Any]]) -> None:
    while True:
        try:
            update = q.get_nowait()
        except queue.Empty:
            return
        if any(e.get("type") == "game_over" for e in update.get("events", [])):
            winners = update["view"]["result"]["winners"] if update.get("view") else []
            names = [s["name"] for s in update["table"]["seats"] if s["seat"] in winners]
            print(f"Game over. Won by: {', '.join(names)}.", flush=True)
