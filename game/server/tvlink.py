"""The TV's websocket, `/tv`: the public updates as watchers get them, and the TV's host commands.

`python main.py` runs the server in a process of its own (game.server.process); the TV, in the
main process, is a watcher of this server over loopback. What it receives is the very text every
watcher socket gets (the hub's one encoding per version), so the TV cannot be sent a seat's secret
by construction; what it sends are `host` messages, carried out with the TV's authority (the TV
is always allowed to act as host), plus the `error` messages of its refused commands and the
server's own notes for the TV (`save_failed`).

Only the TV may open it: the request must come from loopback, carry no `Origin` (no browser page)
and present the random key the TV's process gave the server at start (`X-Couchcats-TV`, compared
with `secrets.compare_digest`). The key never appears in a URL, a log or on the screen.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import secrets
from typing import Any

from aiohttp import WSMsgType, web

from game import protocol as P
from game.server.app import new_socket
from game.server.keys import CONFIG, HUB

log = logging.getLogger(__name__)

TV_KEY = web.AppKey("tv_key", str)
TV_HEADER = "X-Couchcats-TV"
TV_PATH = "/tv"
_END = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)


def add_tv_route(app: web.Application, key: str) -> None:
    """Offer `/tv` on `app` to whoever presents `key` from this machine."""
    if len(key) < 16:
        raise ValueError("the TV key is too short")
    app[TV_KEY] = key
    app.router.add_get(TV_PATH, _tv)


def _loopback(request: web.Request) -> bool:
    peer = request.transport.get_extra_info("peername") if request.transport is not None else None
    try:
        return bool(peer) and ipaddress.ip_address(str(peer[0])).is_loopback
    except ValueError:
        return False


def tv_allowed(request: web.Request) -> bool:
    """Return True for the TV: loopback, no Origin, and the right key."""
    given = request.headers.get(TV_HEADER, "")
    key = request.app[TV_KEY]
    return (_loopback(request) and "Origin" not in request.headers
            and secrets.compare_digest(given.encode(), key.encode()))


async def _tv(request: web.Request) -> web.StreamResponse:
    if not tv_allowed(request):
        raise web.HTTPForbidden(text="not the TV")
    hub = request.app[HUB]
    ws = new_socket(request.app[CONFIG])
    await ws.prepare(request)
    conn = hub.open(ws, request)  # its writer keeps only the newest update; shutdown says bye to it

    def forward(text: str, frame: bytes, version: int) -> None:
        conn.send_update_frame(text, frame, version)

    def tell(message: dict[str, Any]) -> None:
        conn.send(P.encode(message))

    hub.frame_listeners.append(forward)
    hub.error_listeners.append(tell)
    session = hub.session
    first = hub.public_text if hub.public_version == session.version and hub.public_text \
        else P.encode(session.public_update())
    conn.send_update(first, session.version)
    try:
        while (msg := await conn.receive()) is not None:
            if msg.type is WSMsgType.TEXT:
                _on_frame(hub, msg.data)
            elif msg.type in _END:
                break
    finally:
        hub.frame_listeners.remove(forward)
        hub.error_listeners.remove(tell)
        await hub.close(conn)
    return ws


def _on_frame(hub: Any, data: str) -> None:
    """Carry out one `host` message from the TV (anything else is the TV's bug: logged, ignored)."""
    try:
        message = json.loads(data)
    except ValueError:
        message = None
    if not isinstance(message, dict) or message.get("type") != "host":
        log.warning("the TV sent something that is not a host command")
        return
    hub.host_command({k: v for k, v in message.items() if k != "type"})
