"""The server's messages, each built from whitelisted parts: welcome, update, error, hint, bye."""

from __future__ import annotations

from typing import Any, Mapping

from game.engine import GAMES, GameError
from game.protocol.base import ByeReason, Role, Stage
from game.protocol.shapes import (_COURSE, _GAME_TIME, _HISTORY, _MOMENT, _TABLE, _TIMER, _YOU, WireShapeError, _leaf,
                                  shape)


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
           history: dict[str, Any] | None = None, moment: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return an `update` message built from whitelisted parts (table, view, events, outcome already shaped).

    `acting`: the seats that may act now (a running game; who is acting is public in every game).
    `outcome`: a finished game's result for the score screens (see `outcome_to_wire`).
    `game_time`: the time left of a game with a time limit, while it runs.
    `history`: the household's leaderboards and last results (`history_to_wire`), in the lobby only.
    `moment`: the moment the table holds for (game/table/moments.py), its `events` the public wire events
    already shaped by `event_to_wire`; only while one plays.
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
    if moment is not None:
        msg["moment"] = {**shape(moment, _MOMENT), "events": list(moment["events"])}
    return msg


def moment(*, kind: str, since: int, seconds: float, left: float, tells: Any, events: list[dict[str, Any]]
           ) -> dict[str, Any]:
    """Return the moment playing as `update` takes it (game/table/moments.py; the how-to's demo table too):
    `events` the change's public wire events, already shaped."""
    return {"kind": kind, "since": since, "seconds": round(seconds, 2), "seconds_left": round(left, 2),
            "tells": list(tells), "events": events}


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
