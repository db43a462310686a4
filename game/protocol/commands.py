"""Client frames parsed into typed commands: the only place that reads a client's JSON.

Parsing is strict (a bool is not an int, no NaN/Infinity, no deep nesting, objects only); anything
else is a `ProtocolError`, answered with an error and never acted on.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Mapping, Union

from game.engine import GAMES, GameError
from game.locales import LANGS
from game.protocol.base import (MAX_FRAME_BYTES, MAX_RAW_NAME_CHARS, MAX_TOKEN_CHARS, HostCmd, MsgType, ProtocolError,
                                game_error)


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
