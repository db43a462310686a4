"""Helpers for the server tests: an app under pytest-aiohttp and scripted websocket phones."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

import aiohttp
from aiohttp import WSMsgType

from game.server.app import make_app
from game.server.hub import Hub
from game.server.keys import HUB

KEY = "ABCDEF"


def app_for_test(**kw: Any) -> Any:
    """Return an app with a fixed join key and instant bots (overridable)."""
    kw.setdefault("join_code", KEY)
    kw.setdefault("bot_delay", 0)
    kw.setdefault("rng", random.Random(7))
    return make_app(**kw)


def hub_of(client: Any) -> Hub:
    """Return the hub of a pytest-aiohttp test client's app."""
    return client.server.app[HUB]


@dataclass
class Wire:
    """Every frame the server sent during a test: (who, seat or None, raw text)."""

    frames: list[tuple[str, int | None, str]] = field(default_factory=list)


class Closed(Exception):
    """The server closed the socket."""

    def __init__(self, code: int | None) -> None:
        super().__init__(f"closed with {code}")
        self.code = code


class Waits:
    """`until` for the test clients below, each of which has its own `recv`."""

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        """Return the first message (from now) for which `pred` holds."""
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.recv(timeout)  # type: ignore[attr-defined]
                if pred(msg):
                    return msg


class Phone(Waits):
    """A scripted websocket client that keeps every frame it gets."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, label: str, wire: Wire | None) -> None:
        self.ws = ws
        self.label = label
        self.wire = wire
        self.frames: list[dict[str, Any]] = []
        self.update: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.byes: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, client: Any, label: str = "phone", *, wire: Wire | None = None,
                   key: str = KEY, **kw: Any) -> "Phone":
        """Return a phone connected to the test client's websocket."""
        ws = await client.ws_connect(f"/ws?k={key}", **kw)
        return cls(ws, label, wire)

    @property
    def seat(self) -> int | None:
        """Return the seat the latest welcome gave, or None."""
        return self.welcome["seat"] if self.welcome else None

    @property
    def version(self) -> int:
        """Return the version of the latest update seen."""
        return self.update["version"] if self.update else 0

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        """Return the next message; raise Closed when the socket closes."""
        msg = await self.ws.receive(timeout=timeout)
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            raise Closed(self.ws.close_code)
        assert msg.type is WSMsgType.TEXT, msg
        if self.wire is not None:
            seat = self.welcome["seat"] if self.welcome else None
            self.wire.frames.append((self.label, seat, msg.data))
        data = json.loads(msg.data)
        self.frames.append(data)
        kind = data["type"]
        if kind == "update":
            assert self.update is None or data["version"] >= self.update["version"], "update out of order"
            self.update = data
        elif kind == "welcome":
            self.welcome = data
        elif kind == "error":
            self.errors.append(data)
        elif kind == "bye":
            self.byes.append(data)
        return data

    async def until_update(self, pred: Callable[[dict[str, Any]], bool] = lambda u: True,
                           timeout: float = 5.0) -> dict[str, Any]:
        """Return the first update satisfying `pred` (the current one counts)."""
        if self.update is not None and pred(self.update):
            return self.update
        return await self.until(lambda m: m["type"] == "update" and pred(m), timeout)

    async def send(self, obj: Any) -> None:
        """Send one JSON message."""
        await self.ws.send_str(json.dumps(obj))

    async def join(self, name: str) -> dict[str, Any]:
        """Join the table; return the welcome (after the first update arrived too)."""
        await self.send({"type": "join", "name": name})
        welcome = await self.until(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        await self.until(lambda m: m["type"] == "update")
        return welcome

    async def resume(self, token: str) -> dict[str, Any]:
        """Take a seat back with a token; return the welcome (after its update)."""
        await self.send({"type": "resume", "token": token})
        welcome = await self.until(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        await self.until(lambda m: m["type"] == "update")
        return welcome

    async def watch(self) -> None:
        """Become a watcher and wait for the first public update."""
        await self.send({"type": "watch"})
        await self.until(lambda m: m["type"] == "update")

    async def host(self, cmd: str, **fields: Any) -> None:
        """Send a host command."""
        await self.send({"type": "host", "cmd": cmd, **fields})

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        """Send an action made against `version` (default: the latest seen)."""
        await self.send({"type": "act", "version": self.version if version is None else version,
                         "action": action})

    async def close(self) -> None:
        """Close the socket from this side."""
        await self.ws.close()


def pick_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """Return a plausible move from a seat view's `legal`, or None when the seat may not act."""
    legal = view["legal"]
    if legal["play"]:
        return {"type": "play", "card": rng.choice(legal["play"])}
    if legal["buy"] and rng.random() < 0.5:
        return {"type": "buy"}
    if legal["bid_min"] is not None and rng.random() < 0.45:
        return {"type": "bid", "total": legal["bid_min"]}
    if legal["can_pass"]:
        return {"type": "pass"}
    return None


RETAP_AFTER = 0.5  # seconds of silence after which autoplay acts again (its tap may have been dropped)


async def autoplay(phone: Phone, rng: random.Random, *, until_stage: str = "over", timeout: float = 30.0,
                   pick: Callable[[dict[str, Any], random.Random], dict[str, Any] | None] = pick_action
                   ) -> dict[str, Any]:
    """Play from the phone's views (`pick`: a move from a seat view's legal moves, default Cat in
    the Sack's) until the stage is reached; return the last update."""
    acted: set[int] = set()
    async with asyncio.timeout(timeout):
        while True:
            upd = phone.update
            if upd is not None and upd["stage"] == until_stage:
                return upd
            if upd is not None and upd["stage"] == "playing" and upd["view"] and upd["version"] not in acted:
                action = pick(upd["view"], rng)
                if action is not None:
                    acted.add(upd["version"])
                    await phone.act(action)
            # A script taps faster than the per-socket rate limit once the table answers at once;
            # the server says so once a second and drops the other taps unanswered. Then, as a
            # person would, wait a moment and act again on the latest view (a duplicate of a tap
            # that did count is refused as stale and changes nothing).
            try:
                msg = await phone.recv(RETAP_AFTER)
            except TimeoutError:
                acted.clear()
                continue
            if msg["type"] == "error" and msg["key"] == "rate_limited":
                await asyncio.sleep(0.1)
                acted.clear()


async def seat_phones(client: Any, names: list[str], wire: Wire | None = None) -> list[Phone]:
    """Return phones that joined in order (the first is the host)."""
    phones = []
    for name in names:
        p = await Phone.open(client, name, wire=wire)
        await p.join(name)
        phones.append(p)
    return phones


class RawWS(Waits):
    """A hand-made websocket client over a raw TCP stream: can stop reading or cut a frame."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, host: str, port: int, key: str = KEY, rcvbuf: int | None = None) -> "RawWS":
        """Return a connected client after a successful websocket handshake."""
        import socket as _socket

        sock = _socket.socket()
        if rcvbuf:
            sock.setsockopt(_socket.SOL_SOCKET, _socket.SO_RCVBUF, rcvbuf)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (host, port))
        reader, writer = await asyncio.open_connection(sock=sock, limit=2**20)
        writer.write((f"GET /ws?k={key} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        return cls(reader, writer)

    @staticmethod
    def frame(text: str, opcode: int = 1) -> bytes:
        """Return a masked client frame carrying `text`."""
        import os as _os
        import struct

        data = text.encode()
        mask = _os.urandom(4)
        n = len(data)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))

    def send(self, obj: Any, cut: int | None = None) -> int:
        """Write a JSON message, only its first `cut` bytes if given; return the frame length."""
        data = self.frame(json.dumps(obj))
        self.writer.write(data if cut is None else data[:cut])
        return len(data)

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        """Return the next text message (answering pings); raise Closed on a close frame or EOF."""
        import struct

        async with asyncio.timeout(timeout):
            while True:
                try:
                    b1, b2 = await self.reader.readexactly(2)
                    n = b2 & 0x7F
                    if n == 126:
                        n = struct.unpack("!H", await self.reader.readexactly(2))[0]
                    elif n == 127:
                        n = struct.unpack("!Q", await self.reader.readexactly(8))[0]
                    payload = await self.reader.readexactly(n)
                except (asyncio.IncompleteReadError, ConnectionError):
                    raise Closed(None) from None
                opcode = b1 & 0x0F
                if opcode == 8:
                    raise Closed(struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None)
                if opcode == 9:
                    self.writer.write(self.frame(payload.decode("latin-1"), opcode=10))
                    continue
                if opcode == 1:
                    return json.loads(payload)

    def abort(self) -> None:
        """Drop the TCP connection without a close handshake."""
        self.writer.transport.abort()
