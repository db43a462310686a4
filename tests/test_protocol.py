"""The wire protocol: strict parsing of client frames, whitelisted outbound shapes, no NaN."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

from game import protocol as P
from game.engine import GAMES, BadAction, GameError
from game.engine.cat_in_the_sack import BUY, PASS, bid, play
from game.engine.cat_in_the_sack.views import public_view, view_for

G = "cat-in-the-sack"


@pytest.mark.parametrize("frame, cmd", [
    ('{"type":"join","name":"Ana"}', P.Join("Ana")),
    ('{"type":"join","name":"Ana","lang":"hu"}', P.Join("Ana", "hu")),
    ('{"type":"resume","token":"abc"}', P.Resume("abc")),
    ('{"type":"watch"}', P.Watch()),
    ('{"type":"lang","lang":"fr"}', P.SetLang("fr")),
    ('{"type":"act","version":3,"action":{"type":"bid","total":4}}', P.Act(3, bid(4))),
    ('{"type":"act","version":3,"action":{"type":"play","card":"rabbit"}}', P.Act(3, play("rabbit"))),
    ('{"type":"act","version":3,"action":{"type":"play","card":-8}}', P.Act(3, play(-8))),
    ('{"type":"act","version":0,"action":{"type":"pass"}}', P.Act(0, PASS)),
    ('{"type":"act","version":9,"action":{"type":"buy"}}', P.Act(9, BUY)),
    ('{"type":"host","cmd":"start"}', P.Host(P.HostCmd.START)),
    ('{"type":"host","cmd":"add_bot"}', P.Host(P.HostCmd.ADD_BOT)),
    ('{"type":"host","cmd":"add_bot","kind":"random"}', P.Host(P.HostCmd.ADD_BOT, kind="random")),
    ('{"type":"host","cmd":"set_option","name":"open_piles","value":true}',
     P.Host(P.HostCmd.SET_OPTION, name="open_piles", value=True)),
    ('{"type":"host","cmd":"move_seat","seat":2,"to":0}', P.Host(P.HostCmd.MOVE_SEAT, seat=2, to=0)),
    ('{"type":"host","cmd":"seat_to_bot","seat":1}', P.Host(P.HostCmd.SEAT_TO_BOT, seat=1)),
])
def test_valid_frames_parse_into_typed_commands(frame, cmd):
    assert P.parse_client(frame, G) == cmd


@pytest.mark.parametrize("frame, key", [
    ("", "bad_json"),
    ("{", "bad_json"),
    ("[]", "not_an_object"),
    ("42", "not_an_object"),
    ("null", "not_an_object"),
    ('"act"', "not_an_object"),
    ("NaN", "bad_json"),
    ('{"type":"act","version":NaN,"action":{"type":"pass"}}', "bad_json"),
    ('{"type":"act","version":Infinity,"action":{"type":"pass"}}', "bad_json"),
    ('{"type":"act","version":1e400,"action":{"type":"pass"}}', "bad_json"),
    ('{"type":"act","version":-Infinity,"action":{"type":"pass"}}', "bad_json"),
    ('{"type":"act","version":true,"action":{"type":"pass"}}', "bad_field"),
    ('{"type":"act","version":3.0,"action":{"type":"pass"}}', "bad_field"),
    ('{"type":"act","version":"3","action":{"type":"pass"}}', "bad_field"),
    ('{"type":"act","action":{"type":"pass"}}', "bad_field"),
    ('{"type":"act","version":3}', "cat-in-the-sack.bad_action"),
    ('{"type":"act","version":3,"action":[]}', "cat-in-the-sack.bad_action"),
    ('{"type":"act","version":3,"action":{"type":"fold"}}', "cat-in-the-sack.unknown_action"),
    ('{"type":"act","version":3,"action":{"type":"bid","total":true}}', "cat-in-the-sack.not_a_whole_number"),
    ('{"type":"act","version":3,"action":{"type":"bid","total":4.0}}', "cat-in-the-sack.not_a_whole_number"),
    ('{"type":"act","version":3,"action":{"type":"play","card":11.0}}', "cat-in-the-sack.unknown_card"),
    ('{"type":"act","version":3,"action":{"type":"play","card":true}}', "cat-in-the-sack.unknown_card"),
    ('{"type":"dance"}', "unknown_type"),
    ('{"type":1}', "unknown_type"),
    ('{"name":"Ana"}', "unknown_type"),
    ('{"type":"join"}', "bad_field"),
    ('{"type":"join","name":7}', "bad_field"),
    ('{"type":"join","name":"' + "x" * 65 + '"}', "bad_field"),
    ('{"type":"join","name":"Ana","lang":"de"}', "bad_lang"),
    ('{"type":"resume","token":null}', "bad_field"),
    ('{"type":"resume","token":"' + "t" * 65 + '"}', "bad_field"),
    ('{"type":"resume","token":"\\ud800"}', "bad_field"),  # a lone surrogate: not encodable
    ('{"type":"resume","token":"caf\u00e9"}', "bad_field"),
    ('{"type":"host","cmd":"explode"}', "unknown_command"),
    ('{"type":"host"}', "unknown_command"),
    ('{"type":"host","cmd":"remove_seat","seat":false}', "bad_field"),
    ('{"type":"host","cmd":"set_option","name":"turn_timer","value":30.5}', "bad_field"),
    ('{"type":"host","cmd":"set_option","name":"turn_timer","value":null}', "bad_field"),
    ("[" * 5000 + "]" * 5000, "too_big"),
    ("[" * 2000 + "]" * 2000, "bad_json"),  # deep nesting: RecursionError, caught
    ('{"type":"act","version":' + "9" * 4400 + ',"action":{}}', "too_big"),
    ('{"type":"act","version":' + "9" * 4000 + ',"action":{}}', "cat-in-the-sack.unknown_action"),
])
def test_malformed_frames_raise_a_protocol_error_with_a_key(frame, key):
    with pytest.raises(GameError) as exc:
        P.parse_client(frame, G)
    assert exc.value.key == key
    assert exc.value.message and isinstance(exc.value.params, dict)


def test_binary_frames_and_bad_utf8_are_refused():
    with pytest.raises(P.ProtocolError) as exc:
        P.parse_client(b'{"type":"watch"}', G)
    assert exc.value.key == "binary_frame"
    with pytest.raises(P.ProtocolError):
        P.parse_client("\ud800", G)
    with pytest.raises(P.ProtocolError):
        P.parse_client("\x00", G)


def test_bad_action_is_a_bad_action_error_not_a_crash():
    with pytest.raises(BadAction):
        P.parse_client('{"type":"act","version":1,"action":{"type":"play","card":"dragon"}}', G)


def test_encode_refuses_nan_and_infinity():
    with pytest.raises(ValueError):
        P.encode({"type": "x", "v": float("nan")})
    with pytest.raises(ValueError):
        P.encode({"type": "x", "v": float("inf")})
    assert json.loads(P.encode({"type": "x", "v": 1})) == {"type": "x", "v": 1}


def test_error_message_shape():
    msg = P.error(GameError("bid_too_low", "Bid more than {highest}.", highest=3), 17)
    assert msg == {"type": "error", "key": "bid_too_low", "params": {"highest": 3},
                   "message": "Bid more than 3.", "version": 17}
    assert P.bye(P.ByeReason.REPLACED) == {"type": "bye", "reason": "replaced"}


def _state():
    return GAMES[G].new_game(4, random.Random(5), {})


def test_views_on_the_wire_are_whitelisted_per_field():
    state = _state()
    pub = P.view_to_wire(G, public_view(state), seat_view=False)
    seat = P.view_to_wire(G, view_for(state, 2), seat_view=True)
    assert "hand" not in pub and "mice" not in pub and "legal" not in pub
    assert seat["hand"] == [c for c in view_for(state, 2).to_dict()["hand"]]
    assert set(seat) - set(pub) == {"seat", "hand", "mice", "won_pile", "chosen_card", "legal"}
    # a seat view passed where a public one is expected still loses its secrets
    leaked = P.view_to_wire(G, view_for(state, 2), seat_view=False)
    assert leaked == pub | {"row": leaked["row"]} and "hand" not in leaked


def test_a_new_view_or_state_field_does_not_reach_the_wire():
    state = _state()
    state.secret_plan = "deck order"  # a new State attribute

    @dataclass(frozen=True)
    class Wider:
        inner: object

        def to_dict(self):
            return {**self.inner.to_dict(), "deck": [1, 2, 3], "seed": 99}

    wire = P.view_to_wire(G, Wider(view_for(state, 0)), seat_view=True)
    text = P.encode(wire)
    assert "deck" not in wire and "seed" not in wire and "deck order" not in text


def test_unknown_events_are_dropped_and_known_ones_whitelisted():
    assert P.event_to_wire(G, {"type": "deck_shuffled", "order": [1, 2]}) is None
    assert P.event_to_wire(G, {"type": "bid", "seat": 1, "total": 3, "mice_left": 12}) == {
        "type": "bid", "seat": 1, "total": 3}


def test_shape_refuses_objects_where_a_leaf_is_expected():
    with pytest.raises(P.WireShapeError):
        P.shape({"a": {"b": 1}}, {"a": None})
    with pytest.raises(P.WireShapeError):
        P.shape({"a": float("nan")}, {"a": None})
