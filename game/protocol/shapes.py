"""The outbound whitelists: every schema the table's messages are shaped with, and the shaping itself.

A schema maps a key to None (a JSON leaf: scalars or lists of scalars) or to a nested schema (an
object, or a list of objects). A field added to a state or view does not reach the wire until a
schema names it. Each game's view and event schemas live with its views (`GameRules.public_schema`,
`seat_schema`, `event_schemas`, `detail_schema`); these are the table's own.
"""

from __future__ import annotations

import math
from dataclasses import fields, is_dataclass
from typing import Any, Mapping

from game.engine import GAMES, OptionSpec
from game.locales import LANGS


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
    # how long the moments the room must see hold the table (game/table/moments.py, PACES)
    OptionSpec("pace", "choice", "normal", choices=("relaxed", "normal", "quick")),
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
# the moment playing (game/table/moments.py); its `events` are the change's public events, shaped already
_MOMENT: Schema = {"kind": None, "since": None, "seconds": None, "seconds_left": None, "tells": None}


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
