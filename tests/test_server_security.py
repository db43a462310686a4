"""Quality bar B (secrecy on the wire) and C (protocol abuse), against the in-process server."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import WSMsgType
from yarl import URL

from game import protocol as P
from game.engine.cat_in_the_sack import card_to_json
from server_kit import KEY, Closed, Phone, Wire, app_for_test, autoplay, hub_of, pick_action, seat_phones

ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------- B1: secrecy


def _snapshot(session: Any) -> dict[str, Any]:
    """Return what is secret at the session's current version (from the full state)."""
    st = session.state
    snap: dict[str, Any] = {"tokens": {i: s.token for i, s in enumerate(session.seats) if s.token},
                            "seed": session.recorder.seed if session.recorder else None, "state": None}
    if st is not None:
        snap["state"] = {
            "hands": [[card_to_json(c) for c in h] for h in st.hands],
            "mice": list(st.mice),
            "row": [(rc.owner, rc.face_up, card_to_json(rc.card)) for rc in st.row],
            "chosen": [card_to_json(c) if c is not None else None for c in st.chosen],
            "won": [[card_to_json(c) for c in p] for p in st.won_piles],
            "phase": str(st.phase),
        }
    return snap


def spy_on_versions(hub: Any) -> dict[int, dict[str, Any]]:
    """Record the secrets of every version the session publishes."""
    snaps: dict[int, dict[str, Any]] = {}
    session = hub.session
    orig = session._changed

    def changed(events=None):
        outs = orig(events)
        snaps[session.version] = _snapshot(session)
        return outs

    session._changed = changed
    snaps[session.version] = _snapshot(session)
    return snaps


SEAT_ONLY = {"hand", "legal", "won_pile", "chosen_card", "mice"}


def _walk(value: Any, path: tuple[str, ...] = ()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield path + (k,), v
            yield from _walk(v, path + (k,))
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v, path + ("[]",))


def check_frame(label: str, seat: int | None, text: str, snaps: dict[int, dict[str, Any]],
                all_tokens: set[str], seeds: set[int]) -> None:
    """Assert one outbound frame leaks nothing its recipient may not see (quality bar B1)."""
    msg = json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} on the wire"))
    for seed in seeds:
        assert str(seed) not in text, f"seed leaked to {label}"
    own = msg.get("token") if msg["type"] == "welcome" else None
    for token in all_tokens - {own}:
        assert token not in text, f"another seat's token leaked to {label}"
    if msg["type"] != "update":
        return
    you = msg["you"]["seat"]
    assert you == seat, f"{label} got the update of seat {you}"
    view = msg["view"]
    if view is None:
        return
    snap = snaps[msg["version"]]["state"]
    for path, _ in _walk(msg):
        key = path[-1]
        if key in SEAT_ONLY:
            if key == "mice" and ("result" in path or "scores" in path):
                continue
            assert you is not None and path == ("view", key), f"{'.'.join(path)} reached {label}"
        assert key not in ("seed", "deck", "neutral_deck", "removed", "token", "hands"), path
    if you is not None:
        assert view["seat"] == you
        assert view["hand"] == snap["hands"][you] and view["mice"] == snap["mice"][you]
        assert view["won_pile"] == snap["won"][you] and view["chosen_card"] == snap["chosen"][you]
    for entry, (owner, face_up, card) in zip(view["row"], snap["row"], strict=True):
        assert entry["owner"] == owner and entry["face_up"] == face_up
        if face_up or (you is not None and owner == you):
            assert entry["card"] == card
        else:
            assert entry["card"] is None, f"face-down row card leaked to {label}"
    for ev in msg["events"]:
        if ev["type"] == "my_card_chosen":
            assert ev["seat"] == you, f"another seat's chosen card leaked to {label}"
        if ev["type"] == "card_revealed" and view["row"]:
            assert view["row"][ev["index"]]["face_up"]
    for info in view["seats"]:
        assert set(info) == {"seat", "hand_count", "bid", "passed", "chosen", "won_count", "won_cards"}
        if not view["open_piles"]:
            assert info["won_cards"] is None


async def _play_secret_game(client: Any, names: list[str], bots: int, wire: Wire,
                            tv: list[dict[str, Any]], rng: random.Random) -> None:
    hub = hub_of(client)
    phones = await seat_phones(client, names, wire)
    watcher = await Phone.open(client, "watcher", wire=wire)
    await watcher.watch()
    for _ in range(bots):
        await phones[0].host("add_bot", kind="random")
    await phones[0].until_update(lambda u: len(u["table"]["seats"]) == len(names) + bots)
    await phones[0].host("start")
    late = await Phone.open(client, "late", wire=wire)
    await late.send({"type": "join", "name": "Late"})
    # a few wrong moves on the way: errors are frames too
    await phones[-1].act({"type": "bid", "total": 3})
    await phones[-1].act({"type": "play", "card": 99})
    tasks = [asyncio.create_task(autoplay(p, random.Random(rng.random()))) for p in phones]

    async def drain(p: Phone) -> None:
        try:
            await p.until_update(lambda u: u["stage"] == "over", timeout=30)
        except Closed:
            pass

    # a phone drops mid-game and comes back with its token
    async with asyncio.timeout(20):  # autoplay is reading phones[0]: watch its latest update
        while not (phones[0].update["view"] and phones[0].update["view"]["round"] >= 3):
            await asyncio.sleep(0.005)
    tasks[-1].cancel()
    token = phones[-1].welcome["token"]
    await phones[-1].close()
    back = await Phone.open(client, names[-1] + "-again", wire=wire)
    back.welcome = None
    await back.resume(token)
    tasks[-1] = asyncio.create_task(autoplay(back, random.Random(9)))
    await asyncio.gather(*tasks, drain(watcher), drain(late))
    assert hub.session.stage == "over"


@pytest.mark.parametrize("names, bots, open_piles", [
    (["Ana", "Bea", "Cy"], 0, False),   # 3 players: the neutral deck is in play
    (["Ana", "Bea"], 2, True),          # bots, and the open-piles option
])
async def test_no_secret_reaches_the_wrong_socket_or_the_tv__B1(aiohttp_client, names, bots, open_piles):
    client = await aiohttp_client(app_for_test(rng=random.Random(len(names))))
    hub = hub_of(client)
    snaps = spy_on_versions(hub)
    tv: list[dict[str, Any]] = []
    hub.listeners.append(tv.append)
    wire = Wire()
    if open_piles:
        hub.session.options["open_piles"] = True
    await _play_secret_game(client, names, bots, wire, tv, random.Random(2))
    tokens = {s.token for s in hub.session.seats + hub.session.pending if s.token}
    seeds = {s["seed"] for s in snaps.values() if s["seed"]}
    assert seeds and len(wire.frames) > 100
    for label, seat, text in wire.frames:
        check_frame(label, seat, text, snaps, tokens, seeds)
    for msg in tv:
        check_frame("tv", None, P.encode(msg), snaps, tokens, seeds)
        if msg["view"]:
            assert not {"hand", "legal", "mice", "won_pile", "chosen_card"} & set(msg["view"])
    watcher_frames = [t for lbl, _, t in wire.frames if lbl in ("watcher", "late")]
    assert watcher_frames and all('"hand"' not in t for t in watcher_frames)


# ---------------------------------------------------------------- B2: encoding and shapes


def test_every_send_goes_through_protocol_encode__B2():
    """Only protocol.encode (allow_nan=False) turns messages into text for the wire."""
    for path in [*(ROOT / "game" / "server").glob("*.py"), ROOT / "game" / "session.py", *(ROOT / "game" / "table").glob("*.py")]:
        source = path.read_text()
        assert "send_json" not in source, path
        assert "json.dumps" not in source, path
    protocol = "".join(p.read_text() for p in (ROOT / "game" / "protocol").glob("*.py"))
    encoders = re.findall(r"json\.(?:dumps|JSONEncoder)\([^)]*\)", protocol)  # every JSON encoder it makes
    assert encoders and all("allow_nan=False" in e for e in encoders)


async def test_a_new_state_or_view_field_does_not_reach_the_wire__B2(aiohttp_client, monkeypatch):
    from game.engine.cat_in_the_sack import views as views

    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    orig_seat, orig_pub = views.SeatView.to_dict, views.PublicView.to_dict
    monkeypatch.setattr(views.SeatView, "to_dict", lambda self: {**orig_seat(self), "deck_order": "SECRET-A"})
    monkeypatch.setattr(views.PublicView, "to_dict", lambda self: {**orig_pub(self), "seed": "SECRET-B"})
    wire = Wire()
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"], wire)
    watcher = await Phone.open(client, "w", wire=wire)
    await watcher.watch()
    await phones[0].host("start")
    await phones[0].until_update(lambda u: u["stage"] == "playing")
    hub.session.state.dealer_notes = "SECRET-C"  # a field the State never had
    await asyncio.gather(*(autoplay(p, random.Random(i)) for i, p in enumerate(phones)))
    await watcher.until_update(lambda u: u["stage"] == "over")
    assert all("SECRET" not in text for _, _, text in wire.frames)


# ---------------------------------------------------------------- C1: malformed frames


def malformed_frames(rng: random.Random, n: int) -> list[tuple[str, Any]]:
    """Return n malformed frames: ("text", str) or ("binary", bytes)."""
    makers = [
        lambda: ("text", ""),
        lambda: ("text", "{"),
        lambda: ("text", "}{"),
        lambda: ("text", "[" * rng.randint(100, 2000)),
        lambda: ("text", "[" * 1500 + "]" * 1500),
        lambda: ("text", '{"type":"act","version":NaN,"action":{"type":"pass"}}'),
        lambda: ("text", '{"type":"act","version":Infinity,"action":{"type":"pass"}}'),
        lambda: ("text", '{"type":"act","version":1e999,"action":{"type":"pass"}}'),
        lambda: ("text", '{"type":"act","version":' + "9" * rng.randint(20, 3000) + "}"),
        lambda: ("text", '{"type":"act","version":true,"action":{"type":"pass"}}'),
        lambda: ("text", '{"type":"act","version":3,"action":{"type":"bid","total":' +
                 rng.choice(["true", "1.5", '"10"', "null", "[]", "{}", str(2**70)]) + "}}"),
        lambda: ("text", '{"type":"act","version":3,"action":{"type":"play","card":' +
                 rng.choice(["12", "true", '"dog"', "11.0", "null", "-0.0"]) + "}}"),
        lambda: ("text", '{"type":"' + rng.choice(["", "ACT", "hack", "join ", "__proto__"]) + '"}'),
        lambda: ("text", rng.choice(["[]", "1", "null", '"join"', "true"])),
        lambda: ("text", '{"type":"join","name":' + rng.choice(["1", "null", "[]", '"' + "x" * 80 + '"']) + "}"),
        lambda: ("text", '{"type":"resume","token":' + rng.choice(["1", "{}", '"' + "t" * 99 + '"']) + "}"),
        lambda: ("text", '{"type":"host","cmd":' + rng.choice(['"nuke"', "1", "null"]) + "}"),
        lambda: ("text", '{"type":"lang","lang":"xx"}'),
        lambda: ("text", "".join(chr(rng.randint(1, 0x2FF)) for _ in range(rng.randint(1, 60)))),
        lambda: ("binary", bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 50)))),
        lambda: ("binary", b'{"type":"watch"}'),
        lambda: ("bad_utf8", rng.choice([b"\xff\xfe", b'{"type":"join","name":"\xc3"}', b"\xed\xa0\x80"])),
    ]
    return [rng.choice(makers)() for _ in range(n)]


async def test_ten_thousand_malformed_frames_change_nothing_and_the_offender_is_kicked__C1(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"])
    await phones[0].host("start")
    await phones[1].until_update(lambda u: u["stage"] == "playing")
    token = phones[2].welcome["token"]
    await phones[2].close()
    before, version = hub.session.state.serialize(), hub.session.version
    frames = malformed_frames(random.Random(11), 10_000)
    replies: list[dict[str, Any]] = []
    close_codes: list[int | None] = []
    sent = 0
    while sent < len(frames):
        ws = await client.ws_connect(f"/ws?k={KEY}")
        await ws.send_str(json.dumps({"type": "resume", "token": token}))
        closed = asyncio.Event()

        async def read(ws=ws, closed=closed) -> None:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    replies.append(json.loads(msg.data))
            closed.set()

        reader = asyncio.create_task(read())
        try:
            while sent < len(frames) and not closed.is_set():
                kind, data = frames[sent]
                if kind == "text":
                    await ws.send_str(data)
                elif kind == "binary":
                    await ws.send_bytes(data)
                else:
                    await ws.send_frame(data, WSMsgType.TEXT)  # not UTF-8
                sent += 1
                if sent % 8 == 0:
                    await asyncio.sleep(0.0005)  # let the server read and answer
        except ConnectionResetError:
            pass
        await ws.close()
        await reader
        close_codes.append(ws.close_code)
    kicks = sum(1 for r in replies if r == {"type": "bye", "reason": "kicked"})
    assert kicks >= 20 and close_codes.count(1008) >= 20  # thrown out again and again
    assert {r["type"] for r in replies} <= {"welcome", "update", "error", "bye"}
    assert all(r["key"] != "unknown" for r in replies if r["type"] == "error")
    assert hub.session.state.serialize() == before and hub.session.version >= version
    # the table still works: the others act and keep getting updates
    upd = await phones[0].until_update(lambda u: u["stage"] == "playing")
    await phones[0].act(pick_action(upd["view"], random.Random(1)))
    await phones[1].until_update(lambda u: u["version"] > upd["version"])


async def test_malformed_flood_while_others_play__C1(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"])
    flooder = await Phone.open(client, "flood")
    await flooder.watch()
    await phones[0].host("start")

    async def flood() -> None:
        for kind, data in malformed_frames(random.Random(5), 2_000):
            if flooder.ws.closed:
                return
            try:
                await (flooder.ws.send_str(data) if kind == "text" else flooder.ws.send_bytes(data))
            except ConnectionResetError:
                return
            await asyncio.sleep(0)

    finals = await asyncio.gather(flood(), *(autoplay(p, random.Random(i)) for i, p in enumerate(phones)))
    assert all(f["stage"] == "over" for f in finals[1:])
    with pytest.raises(Closed):
        while True:
            await flooder.recv(2)
    assert flooder.byes == [{"type": "bye", "reason": "kicked"}]


# ---------------------------------------------------------------- C2: size limit


async def test_a_frame_over_the_limit_closes_the_socket_with_1009__C2(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    (ana,) = await seat_phones(client, ["Ana"])
    await ana.ws.send_str(json.dumps({"type": "join", "name": "x" * 5000}))
    with pytest.raises(Closed):
        while True:
            await ana.recv(2)
    assert ana.ws.close_code == 1009
    other = await Phone.open(client, "other")
    await other.join("Bea")  # the server is still up


# ---------------------------------------------------------------- C3: rate limit


async def test_a_thousand_actions_in_a_second_are_cut_to_the_rate_limit__C3(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"])
    await phones[0].host("start")
    await phones[2].until_update(lambda u: u["stage"] == "playing")
    handled = {"n": 0}
    orig = hub.session.handle

    def counting(conn, cmd):
        if conn == hub.session.seats[2].conn:
            handled["n"] += 1
        return orig(conn, cmd)

    hub.session.handle = counting
    spam = json.dumps({"type": "act", "version": 1, "action": {"type": "pass"}})
    started = time.monotonic()
    for _ in range(1000):
        await phones[2].ws.send_str(spam)
    # meanwhile another seat acts and is answered
    upd = await phones[0].until_update(lambda u: u["stage"] == "playing")
    await phones[0].act(pick_action(upd["view"], random.Random(1)))
    await phones[1].until_update(lambda u: u["view"] and u["view"]["seats"][0]["chosen"])
    err = await phones[2].until(lambda m: m["type"] == "error" and m["key"] == "rate_limited")
    assert err["message"]
    elapsed = time.monotonic() - started
    # the burst (less the join frame), plus what refilled in the meantime; the rest refused
    assert 35 <= handled["n"] <= 40 + 20 * elapsed + 1
    assert not phones[2].ws.closed


# ---------------------------------------------------------------- C4: impersonation


async def test_tokens_and_seats_cannot_be_borrowed__C4(aiohttp_client, monkeypatch):
    import secrets

    compared = {"n": 0}
    real = secrets.compare_digest

    def spy(a, b):
        compared["n"] += 1
        return real(a, b)

    monkeypatch.setattr(secrets, "compare_digest", spy)
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    phones = await seat_phones(client, ["Ana", "Bea", "Cy", "Dan"])
    tokens = [p.welcome["token"] for p in phones]
    # Dan leaves in the lobby; the host frees his seat; Eve joins and now sits there
    await phones[3].close()
    await phones[0].until_update(lambda u: len(u["table"]["seats"]) == 4
                                 and not u["table"]["seats"][3]["connected"])
    await phones[0].host("remove_seat", seat=3)
    eve = await Phone.open(client, "Eve")
    await eve.join("Eve")
    assert eve.seat == 3
    thief = await Phone.open(client, "thief")
    for bad in (tokens[3], tokens[1][:-2], tokens[1] + "x", "", "A" * 24):
        await thief.send({"type": "resume", "token": bad})
        err = await thief.until(lambda m: m["type"] == "error")
        assert err["key"] == "unknown_token"
    await thief.send({"type": "resume"})
    assert (await thief.until(lambda m: m["type"] == "error"))["key"] == "bad_field"
    assert compared["n"] > 0
    assert thief.welcome is None and hub.session.seat_of(max(hub.conns)) is None
    # acting without a seat, or naming another seat, does not act for it
    await phones[0].host("start")
    await thief.send({"type": "act", "version": 99, "seat": 1, "action": {"type": "pass"}})
    assert (await thief.until(lambda m: m["type"] == "error"))["key"] == "join_first"
    upd = await phones[0].until_update(lambda u: u["stage"] == "playing")
    card = upd["view"]["hand"][0]
    await phones[0].send({"type": "act", "version": upd["version"], "seat": 1, "token": tokens[1],
                          "action": {"type": "play", "card": card}})
    await phones[0].until_update(lambda u: u["view"]["chosen_card"] == card)
    assert hub.session.state.chosen[1] is None  # Ana chose for herself, not for Bea


async def test_a_command_that_fails_inside_is_answered_and_logged_without_its_secrets__C4(
        aiohttp_client, monkeypatch, caplog):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    phone = await Phone.open(client, "Ana")

    def broken(conn, cmd):
        raise RuntimeError("a bug in the session")

    monkeypatch.setattr(hub.session, "handle", broken)
    token = "a-secret-seat-token-1234"
    with caplog.at_level("ERROR", logger="game.server.hub"):
        await phone.send({"type": "resume", "token": token})
        assert (await phone.until(lambda m: m["type"] == "error"))["key"] == "unknown"
        await phone.send({"type": "act", "version": 1, "action": {"type": "play", "card": 15}})
        assert (await phone.until(lambda m: m["type"] == "error"))["key"] == "unknown"
    logged = caplog.text
    assert "Resume" in logged and "Act" in logged  # the log still says what failed
    assert token not in logged and "card=15" not in logged  # but not a token, nor a chosen card


async def test_a_frame_the_parser_fails_on_is_answered_and_the_socket_lives_on__C4(aiohttp_client, monkeypatch):
    client = await aiohttp_client(app_for_test())
    phone = await Phone.open(client, "Ana")
    parse = P.parse_client

    def broken(frame, game_id):
        if "boom" in frame:
            raise TypeError("a bug in the parser")
        return parse(frame, game_id)

    monkeypatch.setattr(P, "parse_client", broken)
    await phone.send({"type": "join", "name": "boom"})
    assert (await phone.until(lambda m: m["type"] == "error"))["key"] == "unknown"
    await phone.join("Ana")  # the same socket still works


# ---------------------------------------------------------------- C5: turns and versions


async def test_out_of_turn_stale_and_duplicate_actions_over_the_wire__C5(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"])
    await phones[0].host("start")
    for p in phones:
        u = await p.until_update(lambda u: u["stage"] == "playing")
        await p.act({"type": "play", "card": u["view"]["hand"][0]})
    upd = await phones[0].until_update(lambda u: u["view"]["phase"] == "auction")
    turn = upd["view"]["turn"]
    other = phones[(turn + 1) % 3]
    await other.until_update(lambda u: u["version"] == upd["version"])
    before = hub.session.state.serialize()
    await other.act({"type": "pass"})
    assert (await other.until(lambda m: m["type"] == "error"))["key"] == "cat-in-the-sack.not_your_turn"
    bidder = phones[turn]
    await bidder.until_update(lambda u: u["version"] == upd["version"])
    await bidder.act({"type": "bid", "total": 1}, version=upd["version"] + 7)
    assert (await bidder.until(lambda m: m["type"] == "error"))["key"] == "stale_version"
    assert hub.session.state.serialize() == before
    v = bidder.version
    await bidder.act({"type": "bid", "total": 1}, version=v)
    await bidder.act({"type": "bid", "total": 1}, version=v)  # the resend
    err = await bidder.until(lambda m: m["type"] == "error")
    assert err["key"] == "stale_version"
    assert [a["action"] for a in hub.session.log[-1:]] == [{"type": "bid", "total": 1}]
    assert sum(1 for a in hub.session.log if a["action"]["type"] == "bid") == 1


# ---------------------------------------------------------------- C6: Origin


async def test_foreign_origin_is_refused_and_own_origin_allowed__C6(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    host = f"{client.host}:{client.port}"
    for origin in ("http://evil.example", "null", f"http://{client.host}:{client.port + 1}",
                   f"http://{host}.evil.example", "file://"):
        with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
            await client.ws_connect(f"/ws?k={KEY}", headers={"Origin": origin})
        assert exc.value.status == 403
    ws = await client.ws_connect(f"/ws?k={KEY}", headers={"Origin": f"http://{host}"})
    await ws.send_str('{"type":"watch"}')
    assert json.loads((await ws.receive(timeout=2)).data)["type"] == "welcome"
    await ws.close()
    ws = await client.ws_connect(f"/ws?k={KEY}")  # no Origin (not a browser page)
    await ws.close()


# ---------------------------------------------------------------- C7: static files


async def test_static_files_cannot_escape_the_web_root__C7(aiohttp_client, tmp_path):
    root = tmp_path / "web"
    (root / "js").mkdir(parents=True)
    (root / "js" / "app.js").write_text("export {};")
    (root / ".secret").write_text("hidden")
    (tmp_path / "outside.txt").write_text("outside")
    (root / "link.txt").symlink_to(tmp_path / "outside.txt")
    client = await aiohttp_client(app_for_test(web_root=root))
    ok = await client.get("/static/js/app.js")
    assert ok.status == 200 and "javascript" in ok.headers["Content-Type"]
    assert await ok.text() == "export {};"
    for raw in ("/static/../outside.txt", "/static/%2e%2e/outside.txt", "/static/js/..%2f..%2foutside.txt",
                "/static/..%2F..%2F..%2Fetc%2Fpasswd", "/static/link.txt", "/static/.secret",
                "/static//etc/passwd", "/static/js/", "/static/", "/static/%00",
                "/static/" + "a" * 300, "/static/js/" + "%C3%A9" * 200 + ".js"):  # names the OS refuses: 404, not 500
        resp = await client.get(URL(raw, encoded=True))
        assert resp.status in (403, 404), raw
        assert "outside" not in await resp.text() and "hidden" not in await resp.text()


async def test_text_files_are_sent_gzipped_to_a_phone_that_asks_and_plain_otherwise(aiohttp_client, tmp_path):
    # What a phone on a weak Wi-Fi waits for is the packed page (the size test counts it so)
    import gzip

    root = tmp_path / "web"
    (root / "js").mkdir(parents=True)
    source = "export const words = " + json.dumps(["miau"] * 2000) + ";\n"
    (root / "js" / "app.js").write_text(source)
    (root / "cat.png").write_bytes(b"\x89PNG fake")
    client = await aiohttp_client(app_for_test(web_root=root))
    packed = await client.get("/static/js/app.js", headers={"Accept-Encoding": "gzip"}, auto_decompress=False)
    body = await packed.read()
    assert packed.headers["Content-Encoding"] == "gzip" and "javascript" in packed.headers["Content-Type"]
    assert gzip.decompress(body).decode() == source and len(body) < len(source) // 10
    assert "Accept-Encoding" in packed.headers["Vary"]
    again = await client.get("/static/js/app.js", headers={"Accept-Encoding": "gzip",
                                                           "If-None-Match": packed.headers["ETag"]})
    assert again.status == 304
    plain = await client.get("/static/js/app.js", headers={"Accept-Encoding": "identity"}, auto_decompress=False)
    assert "Content-Encoding" not in plain.headers and await plain.text() == source
    (root / "js" / "app.js").write_text(source.replace("miau", "purr"))  # a changed file is packed again
    fresh = await client.get("/static/js/app.js", headers={"Accept-Encoding": "gzip"})
    assert "purr" in await fresh.text() and fresh.headers["ETag"] != packed.headers["ETag"]
    image = await client.get("/static/cat.png", headers={"Accept-Encoding": "gzip"}, auto_decompress=False)
    assert "Content-Encoding" not in image.headers and await image.read() == b"\x89PNG fake"


async def test_a_text_table_reaches_the_phone_without_the_keys_only_the_tv_shows(aiohttp_client):
    # the TV's captions (how-to steps, event lines) cost every phone bytes it never reads: the server leaves them out
    from game.paths import WEB_ROOT

    client = await aiohttp_client(app_for_test(web_root=WEB_ROOT))
    for rel in ("locales/hu.json", "js/games/rat-a-tat-cat/locales/fr.json", "js/games/cat-in-the-sack/locales/en.json"):
        on_disk = json.loads((WEB_ROOT / rel).read_text(encoding="utf-8"))
        assert any(k.startswith("tv.") for k in on_disk), rel
        for encoding in ("gzip", "identity"):
            sent = await client.get(f"/static/{rel}", headers={"Accept-Encoding": encoding})
            assert sent.status == 200 and "application/json" in sent.headers["Content-Type"]
            assert await sent.json() == {k: v for k, v in on_disk.items() if not k.startswith("tv.")}, (rel, encoding)
