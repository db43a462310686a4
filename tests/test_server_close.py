"""Sockets the server closes on purpose: the `bye` always arrives, then a clean close (never a reset)."""

from __future__ import annotations

import asyncio
from typing import Any

from server_kit import Closed, Phone, RawWS, app_for_test, hub_of, seat_phones

KICKS = 30
IN_FLIGHT = 100  # frames a flooding phone still sends before it has read the server's close


def _server(client: Any) -> tuple[str, int]:
    return client.server.host, client.server.port


async def _until_dropped(hub: Any) -> None:
    """Wait (in loop turns, not seconds) until the hub has let go of every socket."""
    for _ in range(10_000):
        if not hub.conns:
            return
        await asyncio.sleep(0)
    raise AssertionError("the server kept the kicked socket")


async def _read_to_the_end(raw: RawWS) -> tuple[list[dict[str, Any]], int | None]:
    """Return every message up to the server's close frame, and that frame's code (None: none came)."""
    got: list[dict[str, Any]] = []
    try:
        while True:
            got.append(await raw.recv(10))
    except Closed as closed:
        return got, closed.code


async def test_every_kicked_flooder_gets_bye_kicked_then_a_clean_close__C1(aiohttp_client):
    # A phone flooding bad frames does not stop the moment it is kicked: its next frames are
    # already on their way and it reads the answers only later. The server must not close the
    # TCP connection under those frames (the kernel would reset it and the phone lose the bye
    # it had not read yet — a close 1006 it cannot tell from a network drop).
    client = await aiohttp_client(app_for_test(send_timeout=30.0))
    hub = hub_of(client)
    limit = int(hub.config.bad_frame_limit)
    bad = RawWS.frame("not json") + RawWS.frame("{}", opcode=2)  # a browser can send both
    outcomes = []
    for _ in range(KICKS):
        raw = await RawWS.connect(*_server(client))
        raw.writer.write(bad * (limit // 2 + 5))  # one burst, well past the kick limit
        await _until_dropped(hub)  # the server kicked it (and said so, or should have)
        for _ in range(IN_FLIGHT):
            raw.writer.write(bad)
            await asyncio.sleep(0)
        got, code = await _read_to_the_end(raw)
        reset = False
        if code is not None:  # answer the close as a browser does, then wait for the server's end
            raw.writer.write(RawWS.frame(code.to_bytes(2, "big").decode("latin-1"), opcode=8))
            try:
                reset = await raw.reader.read() != b""
            except ConnectionError:
                reset = True
        raw.writer.close()
        outcomes.append(([m for m in got if m["type"] == "bye"], code, reset))
    assert all(byes == [{"type": "bye", "reason": "kicked"}] for byes, _, _ in outcomes), outcomes
    assert [code for _, code, _ in outcomes] == [1008] * KICKS  # never 1006 (no close frame)
    assert not any(reset for _, _, reset in outcomes), "the server reset a kicked socket"


async def test_bye_is_the_last_message_before_the_close__C1(aiohttp_client):
    # the same through aiohttp's client, flooding and reading at once: bye, then the close frame
    client = await aiohttp_client(app_for_test(send_timeout=30.0))
    for _ in range(KICKS):
        phone = await Phone.open(client, "flood")
        closed = asyncio.Event()

        async def flood(phone: Phone = phone, closed: asyncio.Event = closed) -> None:
            while not closed.is_set():
                try:
                    await phone.ws.send_str("not json")
                except ConnectionError:
                    return
                await asyncio.sleep(0)

        async def read(phone: Phone = phone, closed: asyncio.Event = closed) -> None:
            try:
                while True:
                    await phone.recv(10)
            except Closed:
                closed.set()

        await asyncio.gather(flood(), read())
        assert phone.frames[-1] == {"type": "bye", "reason": "kicked"}
        assert phone.ws.close_code == 1008


async def test_a_replaced_tab_gets_its_bye_even_while_still_sending__D4(aiohttp_client):
    client = await aiohttp_client(app_for_test(send_timeout=30.0))
    hub = hub_of(client)
    (ana,) = await seat_phones(client, ["Ana"])
    token = ana.welcome["token"]
    await ana.close()
    await _until_dropped(hub)
    first = await RawWS.connect(*_server(client))
    first.send({"type": "resume", "token": token})
    await first.until(lambda m: m["type"] == "update")
    second = await Phone.open(client, "tab2")
    await second.resume(token)
    for _ in range(IN_FLIGHT):  # the first tab still sends (a language change, say) meanwhile
        first.send({"type": "lang", "lang": "es"})
        await asyncio.sleep(0)
    got, code = await _read_to_the_end(first)
    assert got[-1:] == [{"type": "bye", "reason": "replaced"}] and code == 1000
