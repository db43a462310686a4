"""The wire protocol: client frames parsed into typed commands, every outbound message built here.

This is the only package that reads client JSON. Parsing is strict (a bool is not an int, no
NaN/Infinity, no deep nesting, objects only) and every outbound message is assembled from
whitelisted fields, so a field added to a state or view does not reach the wire until it is
named here. `encode` refuses NaN/Infinity (`allow_nan=False`); `encode_update` gives the same
text for an update while encoding the parts every update of a version shares only once.

Its parts, by concern (callers use this package's names: `from game import protocol as P`):

- `base`: the protocol's words (message types, host commands, stages, roles, bye reasons), limits, errors;
- `commands`: a client's frames parsed into commands;
- `shapes`: the outbound whitelists (the table's schemas) and the shaping of views and events;
- `messages`: the server's messages (welcome, update, error, hint, bye) built from shaped parts;
- `encoding`: their JSON text, the shared parts of a version's updates encoded once.
"""

from game.protocol.base import (GAME_KEY_SEPARATOR, MAX_FRAME_BYTES, MAX_RAW_NAME_CHARS, MAX_TOKEN_CHARS, ByeReason,
                                HostCmd, MsgType, ProtocolError, Role, Stage, game_error)
from game.protocol.commands import (Act, Command, Hint, Host, Join, Resume, SetLang, SetTips, Watch, decode_frame,
                                    parse_client, parse_host, parse_message)
from game.protocol.encoding import _ENCODER, SHARED_PARTS, SharedText, encode, encode_update
from game.protocol.messages import (HINT_PREFIX, TIP_PREFIX, bye, error, hint, history_to_wire, moment,
                                    outcome_to_wire, table_to_wire, tip_to_wire, update, welcome)
from game.protocol.shapes import (_TABLE, TABLE_EVENTS, TABLE_OPTIONS, Schema, WireShapeError, event_to_wire, shape,
                                  view_to_wire)

__all__ = [
    "GAME_KEY_SEPARATOR", "MAX_FRAME_BYTES", "MAX_RAW_NAME_CHARS", "MAX_TOKEN_CHARS", "ByeReason", "HostCmd", "MsgType",
    "ProtocolError", "Role", "Stage", "game_error",
    "Act", "Command", "Hint", "Host", "Join", "Resume", "SetLang", "SetTips", "Watch", "decode_frame", "parse_client",
    "parse_host", "parse_message",
    "_ENCODER", "SHARED_PARTS", "SharedText", "encode", "encode_update",
    "HINT_PREFIX", "TIP_PREFIX", "bye", "error", "hint", "history_to_wire", "moment", "outcome_to_wire", "table_to_wire",
    "tip_to_wire", "update", "welcome",
    "_TABLE", "TABLE_EVENTS", "TABLE_OPTIONS", "Schema", "WireShapeError", "event_to_wire", "shape", "view_to_wire",
]
