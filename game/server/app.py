"""The aiohttp app factory: pages, static files and the websocket, per docs/protocol.md."""

from __future__ import annotations

import gzip
import logging
import mimetypes
import random
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from game.locales import is_text_table, served_bytes
from game.server.config import DEFAULT_BOT_DELAY, WEB_ROOT, ServerConfig
from game.server.hub import Hub
from game.server.keys import CONFIG, HUB, RULES
from game.server.net import new_join_code
from game.server.rules_page import RulesPages
from game.session import Session
from game.store import Store

log = logging.getLogger(__name__)

_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
          ".json": "application/json", ".html": "text/html", ".svg": "image/svg+xml",
          ".png": "image/png", ".webmanifest": "application/manifest+json",
          ".woff2": "font/woff2", ".ico": "image/x-icon"}
_SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the join key is in the page URL
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'self'; connect-src 'self' ws: wss:; "
                                "img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                "frame-ancestors 'none'"),
}
_PACKED = {".js", ".mjs", ".css", ".json", ".html", ".svg", ".webmanifest"}  # text: sent gzipped when asked
_END = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)
_FALLBACK = {
    "index.html": "Couch Cats: the phone page is missing from this installation.",
    "nokey.html": "Couch Cats: scan the QR code on the TV to join the game.",
    "watch.html": "Couch Cats: the watch page is missing from this installation.",
    "rules.html": "Couch Cats: the rules page is missing from this installation.",
}


def make_app(*, join_code: str | None = None, data_dir: Path | None = None,
             bot_delay: float = DEFAULT_BOT_DELAY, heartbeat: float = 10.0, send_timeout: float = 5.0,
             web_root: Path = WEB_ROOT,
             rng: random.Random | None = None, store: Store | None = None, session: Session | None = None,
             **limits: float) -> web.Application:
    """Return the server app for one table (`limits`: any other ServerConfig field).

    `store` is the autosave to write every change to; `session` a table resumed from it.
    """
    config = ServerConfig(join_code=join_code or new_join_code(), data_dir=data_dir,
                          web_root=web_root, bot_delay=bot_delay, heartbeat=heartbeat,
                          send_timeout=send_timeout, **limits)  # type: ignore[arg-type]
    app = web.Application(middlewares=[_security_headers])
    app[CONFIG] = config
    app[HUB] = Hub(config, rng=rng, store=store, session=session)
    app[RULES] = RulesPages(web_root)
    app.router.add_get("/", _index)
    app.router.add_get("/watch", _watch)
    app.router.add_get("/rules", _rules)
    app.router.add_get("/api/check", _check)
    app.router.add_get("/static/{path:.*}", _static)
    app.router.add_get("/ws", _ws)
    app.on_shutdown.append(_on_shutdown)
    return app


@web.middleware
async def _security_headers(request: web.Request, handler):  # type: ignore[no-untyped-def]
    response = await handler(request)
    if not isinstance(response, web.WebSocketResponse):
        for name, value in _SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
    return response


async def _on_shutdown(app: web.Application) -> None:
    await app[HUB].shutdown()


def _key_ok(request: web.Request) -> bool:
    given = request.query.get("k", "").strip().upper()
    code = request.app[CONFIG].join_code
    return secrets.compare_digest(given.encode(), code.encode())


def _page(request: web.Request, name: str) -> web.StreamResponse:
    path = request.app[CONFIG].web_root / name
    headers = {"Cache-Control": "no-store"}
    if path.is_file():
        return web.FileResponse(path, headers={**headers, "Content-Type": "text/html; charset=utf-8"})
    return web.Response(text=_FALLBACK[name], headers=headers)


async def _index(request: web.Request) -> web.StreamResponse:
    return _page(request, "index.html" if _key_ok(request) else "nokey.html")


async def _watch(request: web.Request) -> web.StreamResponse:
    return _page(request, "watch.html" if _key_ok(request) else "nokey.html")


async def _rules(request: web.Request) -> web.StreamResponse:
    # The shell plus each offered game's own rules (game/server/rules_page.py). The same for everyone
    # and free of secrets: a phone may keep it and ask again with its ETag.
    page = request.app[RULES].page()
    if page is None:
        return web.Response(text=_FALLBACK["rules.html"], headers={"Cache-Control": "no-store"})
    headers = {"Cache-Control": "no-cache", "ETag": page.etag}
    if page.etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    return web.Response(body=page.body, headers={**headers, "Content-Type": "text/html; charset=utf-8"})


async def _check(request: web.Request) -> web.Response:
    # A browser cannot see why a websocket upgrade failed: this lets a phone tell a restarted
    # table (new key: stop retrying) from a TV that is only out of reach (keep retrying).
    headers = {"Cache-Control": "no-store"}
    return web.Response(status=204 if _key_ok(request) else 403, headers=headers)


async def _static(request: web.Request) -> web.StreamResponse:
    root = request.app[CONFIG].web_root.resolve()
    rel = request.match_info["path"]
    try:
        path = (root / rel).resolve()
        found = path.is_relative_to(root) and path.is_file()  # (a name too long for the OS raises)
    except (OSError, ValueError):
        raise web.HTTPNotFound() from None
    if not found or any(p.startswith(".") for p in path.relative_to(root).parts):
        raise web.HTTPNotFound()
    ctype = _TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    headers = {"Content-Type": ctype, "Cache-Control": "no-cache"}
    if path.suffix.lower() in _PACKED:
        headers["Vary"] = "Accept-Encoding"
        if "gzip" in request.headers.get("Accept-Encoding", "").lower():
            return _packed(request, path, headers)
    if is_text_table(path) or path.suffix.lower() in (".js", ".css"):  # (sent as game.locales.served_bytes says)
        return web.Response(body=served_bytes(path), headers=headers)
    return web.FileResponse(path, headers=headers)


_GZ: dict[Path, tuple[float, int, str, bytes]] = {}  # path -> (mtime, size, etag, gzipped body)


def _packed(request: web.Request, path: Path, headers: dict[str, str]) -> web.Response:
    """Answer with the file gzipped, compressed once per version of the file and kept (a phone page is
    about a third of its size packed: what a phone on a weak Wi-Fi waits for)."""
    stat = path.stat()
    kept = _GZ.get(path)
    if kept is None or kept[:2] != (stat.st_mtime, stat.st_size):
        body = gzip.compress(served_bytes(path), compresslevel=9, mtime=0)
        kept = (stat.st_mtime, stat.st_size, f'"gz-{stat.st_mtime_ns:x}-{stat.st_size:x}"', body)
        _GZ[path] = kept
    headers = {**headers, "ETag": kept[2]}
    if kept[2] in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    return web.Response(body=kept[3], headers={**headers, "Content-Encoding": "gzip"})


def _origin_ok(request: web.Request) -> bool:
    """Return True for no Origin (not a browser page) or one naming this very host:port."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()


def new_socket(config: ServerConfig) -> web.WebSocketResponse:
    """Return the server side of a websocket (a phone's, a watcher's or the TV's) under the table's limits."""
    # no permessage-deflate: on a LAN it only costs CPU, and the shared public frame is plain
    return web.WebSocketResponse(heartbeat=config.heartbeat, max_msg_size=config.max_frame,
                                 autoping=True, compress=False)


async def _ws(request: web.Request) -> web.StreamResponse:
    if not _origin_ok(request):
        raise web.HTTPForbidden(text="foreign origin")
    if not _key_ok(request):
        raise web.HTTPForbidden(text="wrong join key")
    hub = request.app[HUB]
    ws = new_socket(request.app[CONFIG])
    await ws.prepare(request)
    conn = hub.open(ws, request)
    try:
        while (msg := await conn.receive()) is not None:
            if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):  # a binary frame gets its error there
                hub.on_frame(conn, msg.data)
            elif msg.type in _END:
                break
    finally:
        await hub.close(conn)
    return ws
