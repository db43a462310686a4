"""The wire protocol: client frames parsed into typed commands, every outbound message built here.

This is the only module that reads client JSON. Parsing is strict (a bool is not an int, no
NaN/Infinity, no deep nesting, objects only) and every outbound message is assembled from
whitelisted fields, so a field added to a state or view does not reach the wire until it is
named here. `encode` refuses NaN/Infinity (`allow_nan=False`); `encode_update` gives the same
text for an update while encoding the parts every update of a version shares only once.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields, is_dataclass
from enum import StrEnum
from typing import Any, Mapping, Union

from game.engine import GAMES, GameError, OptionSpec
from game.locales import LANGS

MAX_FRAME_BYTES = 4096
MAX_TOKEN_CHARS = 64
MAX_RAW_NAME_CHARS = 64


class MsgType(StrEnum):
    """The client → server message types."""

    JOIN = "join"
    RESUME = "resume"
    WATCH = "watch"
    ACT = "act"
    HOST = "host"
    LANG = "lang"
    HINT = "hint"
    TIPS = "tips"


class HostCmd(StrEnum):
    """The host's controls."""

    SET_GAME = "set_game"
    SET_OPTION = "set_option"
    ADD_BOT = "add_bot"
    REMOVE_SEAT = "remove_seat"
    MOVE_SEAT = "move_seat"
    START = "start"
    SEAT_TO_BOT = "seat_to_bot"
    SET_BOT = "set_bot"
    SET_COACH = "set_coach"
    PLAY_AGAIN = "play_again"
    TO_LOBBY = "to_lobby"
    HOW_TO = "how_to"


class Stage(StrEnum):
    """Where the table stands."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


class Role(StrEnum):
    """What a connection is at the table."""

    PLAYER = "player"
    WATCHER = "watcher"


class ByeReason(StrEnum):
    """Why the server is closing a socket on purpose."""

    REPLACED = "replaced"
    SHUTDOWN = "shutdown"
    KICKED = "kicked"


class ProtocolError(GameError):
    """A client frame that is not a valid message; answered with an error, never acted on."""


GAME_KEY_SEPARATOR = "."
"""Between a game's id and its engine's own key in a wire error key: `some-game.not_your_turn`."""


def game_error(game_id: str, err: GameError) -> GameError:
    """Return the error game `game_id`'s engine raised as it goes on the wire: its key in the game's namespace.

    Engines raise short keys (their records and tests use them); the platform adds the game's id where an
    engine's error reaches a player (a parsed action, a checked move), so that two games never share an error
    key and no game's key is mistaken for one of the platform's. The class, text and params stay the same.
    """
    return type(err)(f"{game_id}{GAME_KEY_SEPARATOR}{err.key}", err.template, **err.params)


# ---------------------------------------------------------------- commands


@dataclass(frozen=True)
class Join:
    """A new phone asks for a seat (or to watch, when a game is running)."""

    name: str
    lang: str | None = None


@dataclass(frozen=True)
class Resume:
    """A phone with a token takes its seat back."""

    token: str


@dataclass(frozen=True)
class Watch:
    """A watcher page: public updates only."""


@dataclass(frozen=True)
class Act:
    """A seated player's action, made against `version`; `action` is the engine's parsed Action."""

    version: int
    action: Any


@dataclass(frozen=True)
class Host:
    """A host control; only the fields its `cmd` uses are set."""

    cmd: HostCmd
    game: str | None = None
    name: str | None = None
    value: bool | int | str | None = None
    kind: str | None = None
    seat: int | None = None
    to: int | None = None
    level: str | None = None
    on: bool | None = None


@dataclass(frozen=True)
class SetLang:
    """The phone changed its language."""

    lang: str


@dataclass(frozen=True)
class Hint:
    """A coached seat's phone asks the coach for a move, looking at `version`; `seat`: the seat it
    asks for (None: its own; another seat's is refused)."""

    version: int
    seat: int | None = None


@dataclass(frozen=True)
class SetTips:
    """The player turned its phone's tips on or off ("No more tips", the menu's switch)."""

    on: bool


Command = Union[Join, Resume, Watch, Act, Host, SetLang, Hint, SetTips]


def _bad(key: str, message: str, **params: Any) -> ProtocolError:
    return ProtocolError(key, message, **params)


def _reject_constant(name: str) -> Any:
    raise _bad("bad_json", "The message is not valid JSON.")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _bad("bad_json", "The message is not valid JSON.")
    return value


def decode_frame(frame: str | bytes) -> dict[str, Any]:
    """Return the JSON object in a text frame; raise ProtocolError for anything else."""
    if not isinstance(frame, str):
        raise _bad("binary_frame", "Send text frames only.")
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise _bad("too_big", "The message is too big.")
    try:
        data = json.loads(frame, parse_constant=_reject_constant, parse_float=_finite_float)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):
        # ValueError also covers ints past the digit limit and invalid escapes
        raise _bad("bad_json", "The message is not valid JSON.") from None
    if not isinstance(data, dict):
        raise _bad("not_an_object", "A message must be a JSON object.")
    return data


def _str(data: Mapping[str, Any], field: str, *, max_chars: int, optional: bool = False) -> str | None:
    value = data.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > max_chars:
        raise _bad("bad_field", "The field {field} is missing or wrong.", field=field)
    return value


def _int(data: Mapping[str, Any], field: str) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad("bad_field", "The field {field} is missing or wrong.", field=field)
    return value


def _lang(value: str | None) -> str | None:
    if value is not None and value not in LANGS:
        raise _bad("bad_lang", "Unknown language.")
    return value


def parse_client(frame: str | bytes, game_id: str) -> Command:
    """Return the command a client frame carries; raise ProtocolError (or BadAction) if malformed."""
    return parse_message(decode_frame(frame), game_id)


def parse_message(data: Mapping[str, Any], game_id: str) -> Command:
    """Return the command of a decoded message object; raise ProtocolError/BadAction if malformed."""
    kind = data.get("type")
    try:
        msg_type = MsgType(kind) if isinstance(kind, str) else None
    except ValueError:
        msg_type = None
    if msg_type is None:
        raise _bad("unknown_type", "Unknown message type.")
    if msg_type is MsgType.JOIN:
        name = _str(data, "name", max_chars=MAX_RAW_NAME_CHARS)
        assert name is not None
        return Join(name, _lang(_str(data, "lang", max_chars=8, optional=True)))
    if msg_type is MsgType.RESUME:
        token = _str(data, "token", max_chars=MAX_TOKEN_CHARS)
        assert token is not None
        if not token.isascii():  # tokens are URL-safe ASCII; a lone surrogate cannot even be encoded
            raise _bad("bad_field", "The field {field} is missing or wrong.", field="token")
        return Resume(token)
    if msg_type is MsgType.WATCH:
        return Watch()
    if msg_type is MsgType.LANG:
        lang = _lang(_str(data, "lang", max_chars=8))
        assert lang is not None
        return SetLang(lang)
    if msg_type is MsgType.HINT:
        seat = data.get("seat")
        return Hint(_int(data, "version"), None if seat is None else _int(data, "seat"))
    if msg_type is MsgType.TIPS:
        on = data.get("on")
        if not isinstance(on, bool):
            raise _bad("bad_field", "The field {field} is missing or wrong.", field="on")
        return SetTips(on)
    if msg_type is MsgType.ACT:
        version = _int(data, "version")
        rules = GAMES.get(game_id)
        if rules is None:
            raise _bad("no_game", "No game is running.")
        try:
            action = rules.parse_action(data.get("action"))
        except GameError as err:
            raise game_error(rules.id, err) from None
        return Act(version, action)
    return parse_host(data)


def parse_host(data: Mapping[str, Any]) -> Host:
    """Return the host command of a `host` message (or of the TV's dict); raise ProtocolError."""
    raw = data.get("cmd")
    try:
        cmd = HostCmd(raw) if isinstance(raw, str) else None
    except ValueError:
        cmd = None
    if cmd is None:
        raise _bad("unknown_command", "Unknown host command.")
    if cmd is HostCmd.SET_GAME:
        return Host(cmd, game=_str(data, "game", max_chars=40))
    if cmd is HostCmd.SET_OPTION:
        name = _str(data, "name", max_chars=40)
        value = data.get("value")
        if not isinstance(value, (bool, int, str)) or (isinstance(value, str) and len(value) > 40):
            raise _bad("bad_field", "The field {field} is missing or wrong.", field="value")
        return Host(cmd, name=name, value=value)
    if cmd is HostCmd.ADD_BOT:
        return Host(cmd, kind=_str(data, "kind", max_chars=40, optional=True),
                    level=_str(data, "level", max_chars=20, optional=True))
    if cmd is HostCmd.SEAT_TO_BOT:
        return Host(cmd, seat=_int(data, "seat"), level=_str(data, "level", max_chars=20, optional=True))
    if cmd is HostCmd.SET_BOT:
        return Host(cmd, seat=_int(data, "seat"), level=_str(data, "level", max_chars=20))
    if cmd is HostCmd.SET_COACH:
        on = data.get("on")
        if not isinstance(on, bool):
            raise _bad("bad_field", "The field {field} is missing or wrong.", field="on")
        return Host(cmd, seat=_int(data, "seat"), on=on)
    if cmd is HostCmd.REMOVE_SEAT:
        return Host(cmd, seat=_int(data, "seat"))
    if cmd is HostCmd.MOVE_SEAT:
        return Host(cmd, seat=_int(data, "seat"), to=_int(data, "to"))
    return Host(cmd)


# ---------------------------------------------------------------- outbound

# Field whitelists of the outbound shapes. A schema maps a key to None (a JSON leaf: scalars or
# lists of scalars) or to a nested schema (an object, or a list of objects).
Schema = dict[str, Any]

# Each game's view and event schemas live with its views (GameRules.public_schema, seat_schema,
# event_schemas); these are the table's own.
# Events the session itself adds (not the engine's).
TABLE_EVENTS: dict[str, Schema] = {
    "timeout": {"seat": None},
    "game_started": {"game": None},
}

_SEAT_ROW: Schema = {"seat": None, "name": None, "colour": None, "symbol": None, "bot": None,
                     "level": None, "connected": None, "host": None, "coached": None}
_OPTION_SPEC: Schema = {"name": None, "kind": None, "default": None, "choices": None, "min": None,
                        "max": None, "shown_when": None}
TABLE_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("turn_timer", "choice", 0, choices=(0, 30, 60, 120)),  # seconds per decision; 0: off
)
"""The table's own options, for every game (each game declares its own in its GameRules)."""
_TABLE: Schema = {"game": None,
                  "games": {"id": None, "names": {lang: None for lang in LANGS}, "min_players": None,
                            "max_players": None, "options": _OPTION_SPEC, "bot_levels": None, "coach": None,
                            "how_to": None},
                  "table_options": _OPTION_SPEC,
                  "options": {o.name: None for o in TABLE_OPTIONS} | {
                      o.name: None for rules in GAMES.values() for o in rules.options},
                  "join_code": None, "host_seat": None, "watchers": None, "waiting": None,
                  "seats": _SEAT_ROW, "how_to": None}
# the household's history (game/history.py), per game the lobby offers: while the table is in the lobby
_HISTORY_GAME: Schema = {"leaders": {"name": None, "wins": None, "games": None, "best": None},
                         "recent": {"ended": None, "winners": None,
                                    "seats": {"name": None, "total": None, "bot": None, "coached": None}}}
_HISTORY: Schema = {game_id: _HISTORY_GAME for game_id in GAMES}
_YOU: Schema = {"seat": None, "role": None, "host": None, "name": None, "colour": None, "symbol": None,
                "tips": None}
_TIMER: Schema = {"seat": None, "seconds_left": None}
_GAME_TIME: Schema = {"seconds_left": None}
_COURSE: Schema = {"values": None, "limit": None}


class WireShapeError(ValueError):
    """An outbound value that may not be sent (a programming error, never a client's fault)."""


_SCALARS = (type(None), bool, int, str)


def _leaf(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        # the common case, a flat list of scalars, without a call per element
        if all(type(v) in _SCALARS for v in value):
            return list(value)
        return [_leaf(v) for v in value]
    if isinstance(value, str):  # str subclasses (StrEnum members) go out as plain text
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise WireShapeError("non-finite number")
        return value
    if isinstance(value, (list, tuple)):
        return [_leaf(v) for v in value]
    raise WireShapeError(f"not a JSON leaf: {type(value).__name__}")


def shape(value: Any, schema: Schema) -> Any:
    """Return `value` reduced to the keys `schema` names (recursively); lists map element-wise."""
    if value is None:
        return None
    kind = type(value)
    if kind is list or kind is tuple or (kind is not dict and isinstance(value, (list, tuple))):
        return [shape(v, schema) for v in value]
    if kind is not dict and not isinstance(value, dict):  # (Mapping's isinstance is slow here)
        raise WireShapeError(f"expected an object, got {kind.__name__}")
    out: dict[str, Any] = {}
    for key, sub in schema.items():
        if key not in value:
            continue
        out[key] = _leaf(value[key]) if sub is None else shape(value[key], sub)
    return out


# (dataclass type, id of a schema) -> (that schema, its (key, sub-schema) pairs the type has)
_PLANS: dict[tuple[type, int], tuple[Schema, tuple[tuple[str, Any], ...]]] = {}


_MISSING = object()


def _shape_fields(value: Any, schema: Schema, like: tuple[Any, dict[str, Any], frozenset[str]] | None = None) -> Any:
    """`shape` of a dataclass's fields (nested dataclasses alike), as if it were its plain dict.

    `like`: (another view, its shaped dict, the keys both shape with the very same sub-schema): a
    field of those keys equal to the other view's is given the other's shaped value, not shaped
    again (see `view_to_wire`).
    """
    if value is None:
        return None
    kind = type(value)
    if kind is list or kind is tuple:
        return [_shape_fields(v, schema) for v in value]
    entry = _PLANS.get((kind, id(schema)))
    if entry is None or entry[0] is not schema:
        if not is_dataclass(value) or isinstance(value, type):
            return shape(value, schema)  # a dict (e.g. a result's to_dict) or a wrong type
        names = {f.name for f in fields(value)}
        entry = _PLANS[(kind, id(schema))] = (schema, tuple((k, sub) for k, sub in schema.items() if k in names))
    out: dict[str, Any] = {}
    for key, sub in entry[1]:
        field = getattr(value, key)
        if like is not None and key in like[2] and (sub is not None or type(field) is tuple):
            other = getattr(like[0], key, _MISSING)
            if (field is other or field == other) and key in like[1]:
                out[key] = like[1][key]
                continue
        if sub is not None:
            out[key] = _shape_fields(field, sub)
        else:
            out[key] = field if type(field) in _SCALARS else _leaf(field)
    return out


# game id -> the keys its seat and public schemas shape with one and the same sub-schema
_COMMON_KEYS: dict[str, tuple[Schema, Schema, frozenset[str]]] = {}


def _common_keys(game_id: str) -> frozenset[str]:
    rules = GAMES[game_id]
    seat, public = rules.seat_schema, rules.public_schema
    hit = _COMMON_KEYS.get(game_id)
    if hit is None or hit[0] is not seat or hit[1] is not public:
        keys = frozenset(k for k, sub in seat.items() if k in public and public[k] is sub)
        hit = _COMMON_KEYS[game_id] = (seat, public, keys)
    return hit[2]


def view_to_wire(game_id: str, view: Any, *, seat_view: bool,
                 like: tuple[Any, dict[str, Any] | None] | None = None) -> dict[str, Any] | None:
    """Return a game view (dataclass with to_dict) as its whitelisted wire dict.

    `like`: the public view of the same state and its wire dict. A seat view's field that equals
    the public view's, under a key both schemas shape with the very same sub-schema (the table's
    seats, a finished round's result, …), gets the public wire's value itself instead of being
    shaped once more for every seat: the same whitelist made it, and it is public. (Compared by
    value: the engine builds both views' shared fields with the same code.)
    """
    if view is None:
        return None
    rules = GAMES[game_id]
    schema = rules.seat_schema if seat_view else rules.public_schema
    if getattr(type(view), "to_dict", None) in rules.fast_to_dicts:
        if like is not None and like[0] is not None and like[1] is not None and seat_view:
            return _shape_fields(view, schema, (like[0], like[1], _common_keys(game_id)))
        return _shape_fields(view, schema)
    return shape(view.to_dict(), schema)


def event_to_wire(game_id: str, event: Mapping[str, Any]) -> dict[str, Any] | None:
    """Return an event dict (with `type`) whitelisted, or None if its type is not known here."""
    kind = event.get("type")
    rules = GAMES.get(game_id)
    schema = (rules.event_schemas.get(kind) if rules else None) or TABLE_EVENTS.get(kind)  # type: ignore[arg-type]
    if schema is None:
        return None
    return {"type": kind, **shape(event, schema)}


def welcome(*, token: str | None, seat: int | None, role: Role, name: str | None,
            colour: str | None, symbol: str | None) -> dict[str, Any]:
    """Return the `welcome` message (the token goes only to its owner)."""
    return {"type": "welcome", "token": token, "seat": seat, "role": str(role), "name": name,
            "colour": colour, "symbol": symbol}


def table_to_wire(table: Mapping[str, Any]) -> dict[str, Any]:
    """Return the `table` part of an update, whitelisted (shared by every update of a version)."""
    return shape(table, _TABLE)


def history_to_wire(history: Mapping[str, Any]) -> dict[str, Any]:
    """Return the household's history (`history.summary`) whitelisted, as the lobbies get it."""
    return shape(history, _HISTORY)


def outcome_to_wire(game_id: str, outcome: Any) -> dict[str, Any] | None:
    """Return a game's outcome as the score screens get it: winners, totals, which way they rank, detail,
    and the course for the chart (null when the game gives none)."""
    if outcome is None:
        return None
    course = outcome.course
    return {"winners": _leaf(outcome.winners), "totals": _leaf(outcome.totals),
            "lowest_wins": bool(outcome.lowest_wins),
            "detail": shape(outcome.detail, GAMES[game_id].detail_schema),
            "course": None if course is None else shape(course.to_dict(), _COURSE)}


def update(*, version: int, stage: Stage, table: dict[str, Any], you: Mapping[str, Any],
           view: dict[str, Any] | None, events: list[dict[str, Any]],
           timer: Mapping[str, Any] | None, acting: list[int] | None = None,
           outcome: dict[str, Any] | None = None, game_time: Mapping[str, Any] | None = None,
           history: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return an `update` message built from whitelisted parts (table, view, events, outcome already shaped).

    `acting`: the seats that may act now (a running game; who is acting is public in every game).
    `outcome`: a finished game's result for the score screens (see `outcome_to_wire`).
    `game_time`: the time left of a game with a time limit, while it runs.
    `history`: the household's leaderboards and last results (`history_to_wire`), in the lobby only.
    `you`: a seat's own update may hold `tip`, the game's (kind, params) for its phone (`tip_to_wire`).
    """
    mine = shape(you, _YOU)
    if "tip" in you:
        mine["tip"] = tip_to_wire(you["tip"])
    msg: dict[str, Any] = {
        "type": "update", "version": version, "stage": str(stage),
        "table": table, "you": mine,
        "view": view, "events": events,
        "acting": list(acting or ()), "outcome": outcome,
    }
    if timer is not None:
        msg["timer"] = shape(timer, _TIMER)
    if game_time is not None:
        msg["game_time"] = shape(game_time, _GAME_TIME)
    if history is not None:
        msg["history"] = history
    return msg


TIP_PREFIX = "tip."
"""A tip's text key in its game's own table: `tip.<kind>` (the platform's own tip words are `tips.*`)."""


def tip_to_wire(tip: tuple[str, Mapping[str, Any]] | None) -> dict[str, Any] | None:
    """Return a seat's tip as its own update carries it (`you.tip`): kind, text key, params (scalars).

    The game gives (kind, params) from the seat's view (`GameRules.tips_for`); a kind is a short
    lowercase word, and params are the text's placeholders.
    """
    if tip is None:
        return None
    kind, params = tip
    if not isinstance(kind, str) or not kind.replace("_", "").isalnum() or not kind.islower():
        raise WireShapeError(f"not a tip kind: {kind!r}")
    return {"kind": kind, "key": TIP_PREFIX + kind,
            "params": {k: _leaf(v) for k, v in params.items() if isinstance(k, str)}}


def error(err: GameError, version: int) -> dict[str, Any]:
    """Return the `error` message for a refused frame or action."""
    params = {k: _leaf(v) for k, v in err.params.items() if isinstance(k, str)}
    return {"type": "error", "key": err.key, "params": params, "message": err.message,
            "version": version}


HINT_PREFIX = "hint."
"""A coach's reason key starts so: it is the game's own text (`hint.<reason>` in its table)."""


def hint(*, version: int, action: Mapping[str, Any], reason: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Return the `hint` message for the one phone that asked: the move as the phone would send it
    (`act`'s `action`) and the reason's key and params. Only scalars go out."""
    if not reason.startswith(HINT_PREFIX):
        raise WireShapeError("a hint's reason key starts with 'hint.'")
    scalars = (type(None), bool, int, str)
    move = {k: v for k, v in action.items() if isinstance(k, str) and type(v) in scalars}
    said = {k: v for k, v in params.items() if isinstance(k, str) and type(v) in scalars}
    return {"type": "hint", "version": version, "action": move, "reason": {"key": reason, "params": said}}


def bye(reason: ByeReason) -> dict[str, Any]:
    """Return the `bye` message sent just before the server closes a socket on purpose."""
    return {"type": "bye", "reason": str(reason)}


_ENCODER = json.JSONEncoder(allow_nan=False, separators=(",", ":"), ensure_ascii=False)  # (made once, not per call)


def encode(message: Mapping[str, Any]) -> str:
    """Return the JSON text of an outbound message; raise ValueError on NaN/Infinity."""
    return _ENCODER.encode(message)


SHARED_PARTS = frozenset({"table", "outcome", "history"})
"""The parts of an `update` that are one and the same object in every update of a version.

The session builds them once per version (`Session._wire_table`, `_wire_game`; the history
only when the table opens or a game is kept: `Session.set_history`), already whitelisted, and
puts that very object into each seat's update and the public one."""


class SharedText:
    """The JSON text of one version's shared update parts (`SHARED_PARTS`), each encoded once.

    A part is found by identity, never by equality (`True == 1`, `{"a": 1} == {"a": 1.0}`: equal
    values may have other text). Each entry holds its part, so no other object can take its id
    while it is cached, and a new version empties the cache. The parts must not be mutated once
    sent (nothing does: the session shapes a new object for every version).
    """

    def __init__(self) -> None:
        self.version: int | None = None
        self._texts: dict[int, tuple[Any, str]] = {}

    def text(self, version: int, part: Any) -> str:
        """Return `encode(part)` for `part` of an update of `version` (encoded on its first use)."""
        if version != self.version:
            self._texts = {}
            self.version = version
        hit = self._texts.get(id(part))
        if hit is None or hit[0] is not part:
            hit = self._texts[id(part)] = (part, _ENCODER.encode(part))
        return hit[1]


def encode_update(message: Mapping[str, Any], shared: SharedText) -> str:
    """Return `encode(message)` of an `update` message, the text of its shared parts taken from `shared`.

    The same text, key for key: the message's own parts (you, view, events, …) are encoded here,
    in their order, and the shared ones (the table: more than half of a seat's update) are spliced
    in from `shared`, encoded once for all the updates of the version.
    """
    version = message["version"]
    pieces: list[str] = []
    run: dict[str, Any] = {}
    for key, value in message.items():
        if key in SHARED_PARTS and type(value) in (dict, list):
            if run:
                pieces.append(_ENCODER.encode(run)[1:-1])
                run = {}
            pieces.append(f"{_ENCODER.encode(key)}:{shared.text(version, value)}")
        else:
            run[key] = value
    if run:
        pieces.append(_ENCODER.encode(run)[1:-1])
    return "{" + ",".join(pieces) + "}"
