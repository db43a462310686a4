"""GET /api/check: a phone asks whether its join key still opens this table (204) or not (403)."""

from __future__ import annotations

from typing import Any

from server_kit import KEY, Phone, app_for_test, hub_of


async def test_the_right_key_gets_204_with_no_body(aiohttp_client: Any) -> None:
    client = await aiohttp_client(app_for_test())
    for key in (KEY, KEY.lower(), f" {KEY} "):
        res = await client.get("/api/check", params={"k": key})
        assert res.status == 204, key
        assert await res.read() == b""
        assert res.headers["Cache-Control"] == "no-store", "a cached answer would outlive a restart"
        assert res.headers["Referrer-Policy"] == "no-referrer"


async def test_a_wrong_or_missing_key_gets_403_and_no_secret(aiohttp_client: Any) -> None:
    client = await aiohttp_client(app_for_test())
    for query in ("?k=ZZZZZZ", "?k=", "", f"?k={KEY[:-1]}", f"?k={KEY}X", "?k=%00", "?x=" + KEY):
        res = await client.get("/api/check" + query)
        body = await res.text()
        assert res.status == 403, query
        assert KEY not in body and KEY.lower() not in body.lower(), "the check must never reveal the key"
        assert res.headers["Cache-Control"] == "no-store"


async def test_a_restarted_table_refuses_the_old_key(aiohttp_client: Any) -> None:
    old = await aiohttp_client(app_for_test())
    assert (await old.get("/api/check", params={"k": KEY})).status == 204
    # The restarted server has a new key: the phone's old one is refused, the new one works.
    new = await aiohttp_client(app_for_test(join_code="QRSTUV"))
    assert (await new.get("/api/check", params={"k": KEY})).status == 403
    assert (await new.get("/api/check", params={"k": "QRSTUV"})).status == 204


async def test_checking_changes_nothing_at_the_table(aiohttp_client: Any) -> None:
    client = await aiohttp_client(app_for_test())
    phone = await Phone.open(client, "Ana")
    await phone.join("Ana")
    session = hub_of(client).session
    before = (session.version, [s.name for s in session.seats])
    for key in (KEY, "WRONG1"):
        await client.get("/api/check", params={"k": key})
    assert (session.version, [s.name for s in session.seats]) == before
    # Only GET (and its HEAD) is routed: nothing can be posted to it.
    assert (await client.post("/api/check", params={"k": KEY})).status == 405
    await phone.close()
