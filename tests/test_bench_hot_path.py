"""The server's hot path that bench/server.py measures: what is built once per version, and shared.

The parts every update of a version shares (the table, a finished game's outcome) are encoded once
per version (`protocol.SharedText`, `encode_update`), and a socket that keeps up gets its update
frame written at once, a phone's as a watcher's (`Connection.send_update_frame`); a seat view's
parts equal to the public view's are that very shaped value (`view_to_wire(like=...)`). None of it may
change a byte of what a socket gets, give a seat another seat's update, serve an old version's
text, or let a field the whitelists do not name reach the wire.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, Iterator

from game import protocol as P
from game.engine.cat_in_the_sack import views as views
from game.session import PUBLIC, Out, Session
from server_kit import Phone, Wire, app_for_test, autoplay, hub_of, seat_phones


def _updates(outs: list[Any]) -> list[Out]:
    return [o for o in outs if isinstance(o, Out) and o.message.get("type") == "update"]


def _session_with_game(seats: int = 5, watchers: int = 3) -> Session:
    session = Session("K", random.Random(3))
    for i in range(seats):
        session.handle(100 + i, P.Join(f"P{i}"))
    for c in range(watchers):
        session.handle(200 + c, P.Watch())
    return session


def _play(session: Session, rng: random.Random, steps: int) -> Iterator[list[Out]]:
    """Start the game and make random legal moves; yield the updates of each change as it is made."""
    yield _updates(session.handle(100, P.Host(P.HostCmd.START)))
    for _ in range(steps):
        if session.stage != "playing":
            yield _updates(session.handle(100, P.Host(P.HostCmd.PLAY_AGAIN)))
            continue
        seat = min(session.rules.to_act(session.state))
        action = rng.choice(session.rules.legal_actions(session.state, seat))
        yield _updates(session.handle(100 + seat, P.Act(session.version, action)))


def test_encode_update_is_the_very_text_of_encode_for_every_update_of_whole_games():
    session = _session_with_game()
    shared = P.SharedText()
    seen_over = False
    for outs in _play(session, random.Random(1), 400):
        for out in outs:
            assert P.encode_update(out.message, shared) == P.encode(out.message)
            seen_over = seen_over or out.message["outcome"] is not None
    assert seen_over  # the outcome (a shared part too) was spliced in as well


def test_the_table_is_encoded_once_per_version_for_all_six_updates(monkeypatch):
    session = _session_with_game()
    list(_play(session, random.Random(2), 5))
    outs = _updates(session._changed())
    assert len(outs) == 6  # five seats and the public update
    table = outs[0].message["table"]
    assert all(o.message["table"] is table for o in outs)  # one object per version, from the session
    encoded: list[Any] = []
    from game.protocol import encoding  # (where encode_update finds its encoder)

    real = encoding._ENCODER.encode
    monkeypatch.setattr(encoding, "_ENCODER", type("Spy", (), {"encode": lambda self, v: encoded.append(v) or real(v)})())
    shared = P.SharedText()
    for out in outs:
        P.encode_update(out.message, shared)
    assert sum(1 for v in encoded if v is table) == 1


def test_each_seat_gets_its_own_update_and_the_public_one_no_hand():
    session = _session_with_game()
    shared = P.SharedText()
    for outs in _play(session, random.Random(4), 60):
        texts = {out.to: P.encode_update(out.message, shared) for out in outs}
        assert len(set(texts.values())) == len(texts)  # six different texts per version
        for conn, text in texts.items():
            got = json.loads(text)
            if conn is PUBLIC:
                assert got["you"]["seat"] is None and "hand" not in (got["view"] or {})
                continue
            seat = conn - 100
            own = P.view_to_wire(session.game_id, session.seat_view(seat), seat_view=True)
            assert got["you"]["seat"] == seat and got["view"] == own


def test_a_new_version_or_another_table_gets_its_own_text():
    shared = P.SharedText()
    msg = P.update(version=7, stage=P.Stage.LOBBY, table={"game": "a", "seats": [{"name": "Ana"}]}, you={},
                   view=None, events=[], timer=None)
    assert '"name":"Ana"' in P.encode_update(msg, shared)
    # a new version's table (another object), then a resumed table's at the same version number
    for version, name in ((8, "Bea"), (8, "Cy")):
        msg = dict(msg, version=version, table={"game": "a", "seats": [{"name": name}]})
        text = P.encode_update(msg, shared)
        assert text == P.encode(msg) and f'"name":"{name}"' in text


def test_a_cached_part_is_held_so_its_id_is_never_another_objects():
    shared = P.SharedText()
    # temporaries: without the cache holding the first, CPython reuses its memory (and id) at once
    assert shared.text(1, {"a": [1]}) == '{"a":[1]}'
    assert shared.text(1, {"a": [2]}) == '{"a":[2]}'
    # equal in Python, not on the wire: found by identity, never by equality
    assert shared.text(1, {"x": True}) == '{"x":true}'
    assert shared.text(1, {"x": 1}) == '{"x":1}'


def test_encode_update_refuses_nan_in_a_shared_part_too():
    msg = P.update(version=1, stage=P.Stage.OVER, table={"game": "a"}, you={}, view=None, events=[], timer=None,
                   outcome={"totals": [float("nan")]})
    try:
        P.encode_update(msg, P.SharedText())
    except ValueError:
        return
    raise AssertionError("NaN reached the text")


async def test_a_phone_that_keeps_up_has_its_update_written_within_the_action(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"])
    await asyncio.sleep(0.05)  # the welcomes are out: nothing queued on any socket
    hub.host_command({"cmd": "start"})  # (the TV's key: a plain call, no frame to read)
    version = hub.session.version
    # no await in between: the writer tasks have not run, the frames are on the transports already
    assert [hub.conns[c].sent_version for c in sorted(hub.conns)] == [version] * 3
    for phone in phones:
        await phone.until_update(lambda u: u["version"] == version)


async def test_no_field_the_whitelists_do_not_name_reaches_a_phone_or_a_watcher(aiohttp_client, monkeypatch):
    client = await aiohttp_client(app_for_test())
    hub = hub_of(client)
    orig_seat, orig_pub = views.SeatView.to_dict, views.PublicView.to_dict
    monkeypatch.setattr(views.SeatView, "to_dict", lambda self: {**orig_seat(self), "deck_order": "SECRET-A"})
    monkeypatch.setattr(views.PublicView, "to_dict", lambda self: {**orig_pub(self), "seed": "SECRET-B"})
    orig_table = Session._table
    monkeypatch.setattr(Session, "_table", lambda self: {**orig_table(self), "tokens": "SECRET-C",
                                                         "seats": [dict(s, token="SECRET-D") for s in orig_table(self)["seats"]]})
    wire = Wire()
    phones = await seat_phones(client, ["Ana", "Bea", "Cy"], wire)
    watcher = await Phone.open(client, "w", wire=wire)
    await watcher.watch()
    await phones[0].host("start")
    await asyncio.gather(*(autoplay(p, random.Random(i)) for i, p in enumerate(phones)))
    await watcher.until_update(lambda u: u["stage"] == "over")
    assert hub.session.stage == "over" and len(wire.frames) > 50
    assert all("SECRET" not in text for _, _, text in wire.frames)
    for label, seat, text in wire.frames:
        msg = json.loads(text)
        if msg["type"] == "update" and label != "w":
            assert msg["you"]["seat"] == seat and (msg["view"] is None or msg["view"]["seat"] == seat)


def test_a_seat_view_sharing_the_public_parts_is_exactly_the_one_shaped_alone():
    # every state of whole games: the shared parts never stand in for a part that differs
    # (the row with the seat's own face-down card, its hand, its legal moves)
    session = _session_with_game(seats=3)
    shared_parts = own_rows = 0
    for _ in _play(session, random.Random(6), 300):
        if session.state is None or session.stage == "lobby":
            continue
        public = session.rules.public_view(session.state)
        public_wire = P.view_to_wire(session.game_id, public, seat_view=False)
        for seat in range(3):
            view = session.seat_view(seat)
            alone = P.view_to_wire(session.game_id, view, seat_view=True)
            sharing = P.view_to_wire(session.game_id, view, seat_view=True, like=(public, public_wire))
            assert P.encode(sharing) == P.encode(alone)
            shared_parts += sum(1 for k, v in sharing.items() if isinstance(v, (list, dict)) and v is public_wire.get(k))
            own_rows += sharing["row"] is not public_wire["row"]
    assert shared_parts and own_rows  # both happened: parts shared, and a seat's own row kept


def test_the_public_parts_are_shaped_once_per_version_for_every_seat():
    session = _session_with_game()
    list(_play(session, random.Random(7), 3))
    outs = _updates(session._changed())
    public = next(o.message["view"] for o in outs if o.to is PUBLIC)
    for out in outs:
        assert out.message["view"]["seats"] is public["seats"]  # one shaped list for all six updates
    assert "hand" not in public and all(o.message["view"]["hand"] for o in outs if o.to is not PUBLIC)
