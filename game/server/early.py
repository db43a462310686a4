"""The server's first steps, before it imports aiohttp and the games: the save's lock, the join
code, the listening socket and the join URL.

`python main.py` draws the lobby's first frame (its QR code) as soon as it has the join URL, so
the server's process answers as soon as these are known (game.server.process), then imports
the rest and serves on the socket opened here: on a small box the imports take over a second,
and a phone that connects meanwhile waits in the socket's backlog. `ServerThread.listen` takes
the same steps when it runs in-process (`main.py serve`, tests). This module imports only the
lighter part of the standard library.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from pathlib import Path

from game.savelock import FILE_NAME, LOCK_NAME, SaveLock, saved_address
from game.server.net import lan_address, new_join_code

BIND = "0.0.0.0"
BACKLOG = 128  # (asyncio's create_server's default)


class Opening:
    """What the first steps found: the listening socket, the join code and URL, the notes, the lock."""

    __slots__ = ("sock", "port", "ip", "join_code", "lan_warning", "port_note", "lock", "saved")

    def __init__(self, sock: socket.socket, port: int, ip: str, join_code: str, *, lan_warning: str | None,
                 port_note: str | None, lock: SaveLock | None, saved: bool) -> None:
        self.sock = sock
        self.port = port
        self.ip = ip
        self.join_code = join_code
        self.lan_warning = lan_warning
        self.port_note = port_note
        self.lock = lock  # held (the save is this process's), or None: no save, or another app has it
        self.saved = saved  # a saved table was found (it may still fail to resume)

    def url(self, join_code: str | None = None) -> str:
        """Return the join URL (with another join code if given)."""
        return f"http://{self.ip}:{self.port}/?k={join_code or self.join_code}"

    def close(self) -> None:
        """Close the socket and drop the lock (after a failed start)."""
        self.sock.close()
        if self.lock is not None:
            self.lock.release()


def open_early(*, port: int, port_given: bool = False, host_ip: str | None = None, data_dir: Path | None = None,
               fresh: bool = False, join_code: str | None = None) -> Opening:
    """Take the save's lock, read its join code and port, and listen (on the saved port first).

    The join code: the saved table's, else `join_code` (a restarted server keeps its code), else a
    new one. A saved port wins over `port` unless the user typed it (`port_given`); a busy port gives
    way to a free one, with a note. Raise OSError if no socket can listen. The lock is not required:
    when it cannot be taken the save is left alone here, and opening it later says why.
    """
    lock: SaveLock | None = None
    found = None
    if data_dir is not None:
        lock = SaveLock(Path(data_dir) / LOCK_NAME)
        try:
            held = lock.acquire()
        except OSError:
            held = False
        if not held:
            lock = None
        elif not fresh:
            found = saved_address(Path(data_dir) / FILE_NAME)
    code = found[0] if found else (join_code or new_join_code())
    saved_port = found[1] if found else 0
    wanted = saved_port if saved_port and not port_given else port
    try:
        try:
            sock = _listen(wanted)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE or wanted == 0:
                raise
            sock = _listen(0)
    except OSError:
        if lock is not None:
            lock.release()
        raise
    bound = int(sock.getsockname()[1])
    note = None
    if wanted and bound != wanted:
        note = (f"Port {wanted} is busy (another copy running?): using {bound}. "
                "Phones that joined before must scan the new code.")
        if found:
            note = f"Port {wanted} is busy: phones must scan the new code (the game goes on at port {bound})."
    elif saved_port and bound != saved_port:
        note = (f"Serving on port {bound} as asked (--port); the saved table was on port "
                f"{saved_port}: phones must scan the new code.")
    ip, lan_warning = (host_ip, None) if host_ip else lan_address()
    return Opening(sock, bound, ip, code, lan_warning=lan_warning, port_note=note, lock=lock, saved=bool(found))


def _listen(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if os.name == "posix" and sys.platform != "cygwin":  # as asyncio's create_server does
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((BIND, port))
        sock.listen(BACKLOG)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def import_aiohttp() -> None:
    """Import aiohttp without reading the system's CA certificates.

    At import aiohttp makes its default TLS contexts for HTTPS clients, loading the CA bundle twice:
    ~0.1 s of CPU here, a third of a second on a small box, on the way to the lobby's first frame.
    Couch Cats never makes an HTTPS request (the server only serves; the TV's link is a loopback
    websocket), so those two contexts are made with no CA (OpenSSL reads SSL_CERT_FILE when they
    are made: an empty file). A TLS client using them would fail to verify, never trust blindly.
    Every other TLS context of the process loads the CAs as usual: the variable is put back.
    """
    if "aiohttp" in sys.modules:
        return
    before = os.environ.get("SSL_CERT_FILE")
    os.environ["SSL_CERT_FILE"] = os.devnull
    try:
        import aiohttp  # noqa: F401
    finally:
        if before is None:
            del os.environ["SSL_CERT_FILE"]
        else:
            os.environ["SSL_CERT_FILE"] = before
