"""One websocket connection's outgoing side: a single writer task that coalesces updates.

Only the handler task reads a socket; only this writer writes to it. The writer keeps at most
one pending `update` (the newest: an older one is dropped, a phone renders only the latest
view) and sends the other messages (welcome, error, bye) in order. A send that does not finish
within the timeout, or a queue that keeps growing, means a frozen peer: the transport is
aborted so nothing waits on it.

Closing on purpose (`bye`, then a close frame) must never reset the TCP connection: a peer
that is still sending (a flood, or frames already on their way) would otherwise lose the
`bye` it had not read yet and see a close 1006, like a network drop. So the writer first
stops the handler's read (`receive` returns None), then closes the websocket alone: aiohttp
then reads, and drops, what the peer still sends until its close frame arrives, and only then
closes the transport.
"""

from __future__ import annotations

import asyncio
import logging
import struct
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMessage, web

log = logging.getLogger(__name__)

FAST_WRITE_LIMIT = 16 * 1024  # unsent bytes above which a peer counts as behind


def text_frame(text: str) -> bytes:
    """Return a complete unmasked, uncompressed server-to-client websocket text frame."""
    data = text.encode("utf-8")
    n = len(data)
    if n < 126:
        head = struct.pack("!BB", 0x81, n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x81, 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 127, n)
    return head + data


class TokenBucket:
    """Allows `rate` events per second on average with bursts of up to `burst`."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def take(self, now: float) -> bool:
        """Return True and use a token if one is available at `now`."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(eq=False)
class _Item:
    text: str
    version: int | None = None  # set for updates
    dead: bool = False
    close_code: int | None = None  # close the socket after sending this


class Connection:
    """A connected socket: its id, its writer task, and its abuse counters."""

    def __init__(self, cid: int, ws: web.WebSocketResponse, request: web.Request, *,
                 send_timeout: float, max_queued: int, rate: float, burst: float) -> None:
        self.id = cid
        self.ws = ws
        self.request = request
        self.send_timeout = send_timeout
        self.max_queued = max_queued
        now = time.monotonic()
        self.actions = TokenBucket(rate, burst, now)
        self.error_replies = TokenBucket(rate / 2, burst / 2, now)
        self.bad_score = 0.0
        self.bad_stamp = now
        self.last_rate_error = 0.0
        self.closing = False
        self._closing_now = False
        self._busy = False
        self._hang_up = False  # the writer said its last word: the handler stops reading
        self._reading: asyncio.Timeout | None = None  # the handler's wait for a frame
        self._not_reading = asyncio.Event()
        self._not_reading.set()
        self.sent_version = 0
        self._items: deque[_Item] = deque()
        self._pending_update: _Item | None = None
        self._queued_version = 0
        self._wake = asyncio.Event()
        self._transport = request.transport  # (looked up once: the fan-out touches every socket)
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"ws-writer-{cid}")

    def bad_frame(self, now: float) -> float:
        """Count one malformed frame; return the decayed score (about: bad frames in the last minute)."""
        self.bad_score = max(0.0, self.bad_score - (now - self.bad_stamp)) + 1.0
        self.bad_stamp = now
        return self.bad_score

    def send(self, text: str, *, close_code: int | None = None) -> None:
        """Queue an ordered message (welcome, error, bye); optionally close the socket after it."""
        if self.closing:
            return
        if close_code is not None:
            self.closing = True
        live = sum(1 for i in self._items if not i.dead)
        if live >= self.max_queued and close_code is None:
            log.info("connection %s: too many queued messages, dropping it", self.id)
            self.abort()
            return
        self._items.append(_Item(text, close_code=close_code))
        self._wake.set()

    def send_update(self, text: str, version: int) -> None:
        """Queue an update, replacing a pending older one; an update older than one queued is dropped."""
        if self.closing or version <= self._queued_version:
            return
        self._queued_version = version
        if self._pending_update is not None:
            self._pending_update.dead = True
        item = _Item(text, version=version)
        self._pending_update = item
        self._items.append(item)
        self._wake.set()

    def send_update_frame(self, text: str, frame: bytes | None, version: int) -> None:
        """Queue an update, or write its frame at once when the peer keeps up.

        When this socket has nothing queued and little unsent data, the frame is written straight
        to the transport (no task switch, no timeout armed): the public update's frame is built
        once per version for every watcher; a seat's own update passes None and has its frame
        built here. A peer that falls behind takes the queued, coalescing path instead, so it
        still gets only the newest version, in order after what is queued before it.
        """
        if self.closing or version <= self._queued_version:
            return
        transport = self._transport
        if (not self._items and not self._busy and transport is not None and not transport.is_closing()
                and transport.get_write_buffer_size() < FAST_WRITE_LIMIT and not self.ws.closed):
            transport.write(frame if frame is not None else text_frame(text))
            self._queued_version = self.sent_version = version
            return
        self.send_update(text, version)

    async def receive(self) -> WSMessage | None:
        """Return the peer's next frame, or None once the writer closes the socket on purpose.

        Only the websocket handler calls this (it is the socket's one reader).
        """
        if self._hang_up:
            return None
        self._not_reading.clear()
        try:
            async with asyncio.timeout(None) as self._reading:
                return await self.ws.receive()
        except TimeoutError:
            if self._hang_up:
                return None  # stopped by `_close`: the frame, if one was coming, stays unread
            raise
        finally:
            self._reading = None
            self._not_reading.set()

    async def _close(self, code: int) -> None:
        """Stop the handler's read, then close the websocket: wait for the peer's close frame."""
        self._hang_up = True
        if self._reading is not None:
            self._reading.reschedule(asyncio.get_running_loop().time())
        await self._not_reading.wait()
        await self.ws.close(code=code)

    async def _run(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._items:
                    item = self._items.popleft()
                    if item.dead:
                        continue
                    if item is self._pending_update:
                        self._pending_update = None
                    self._busy = True
                    async with asyncio.timeout(self.send_timeout):  # no extra task, unlike wait_for
                        await self.ws.send_str(item.text)
                    self._busy = False
                    if item.version is not None:
                        self.sent_version = item.version
                    if item.close_code is not None:
                        self._closing_now = True
                        async with asyncio.timeout(self.send_timeout):
                            await self._close(item.close_code)
                        return
        except asyncio.CancelledError:
            raise
        except (asyncio.TimeoutError, ConnectionError, RuntimeError) as exc:
            log.info("connection %s: send failed (%s), dropping it", self.id, type(exc).__name__)
            self.abort()
        except Exception:  # a writer must never die silently and leave the peer waiting
            log.exception("connection %s: writer failed", self.id)
            self.abort()

    def abort(self) -> None:
        """Drop the connection at once (a frozen peer): frees any send waiting on it."""
        self.closing = True
        transport = self.request.transport
        if transport is not None:
            transport.abort()

    async def finish(self) -> None:
        """Stop the writer task (called when the handler is done with the socket)."""
        self.closing = True
        if self._closing_now and not self.task.done():
            # the writer is doing the close handshake it was asked for: let it finish
            await asyncio.wait([self.task], timeout=self.send_timeout)
        if not self.task.done():
            # the handler is done with this socket: a send still in flight can only hang now
            self.abort()
            self.task.cancel()
        await asyncio.wait([self.task])

    def snapshot(self) -> dict[str, Any]:
        """Return a few counters for tests and benchmarks."""
        return {"queued": sum(1 for i in self._items if not i.dead), "sent_version": self.sent_version}
