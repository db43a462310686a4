"""Rat-a-Tat Cat's game options as data (what the lobbies render) and their validation."""

from __future__ import annotations

from typing import Any

from game.engine.common import BadAction, OptionSpec


# The lobby's flat form; `normalize_options` turns it into the record's nested `options`.
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("end", "choice", "rounds", choices=("rounds", "time", "elimination")),  # R-GAME-1/2/3
    OptionSpec("rounds", "int", 3, minimum=1, maximum=10, shown_when=("end", "rounds")),
    OptionSpec("minutes", "choice", 20, choices=(10, 20, 30, 45), shown_when=("end", "time")),
    OptionSpec("limit", "int", 100, choices=(100, 200), minimum=10, maximum=1000, shown_when=("end", "elimination")),
    OptionSpec("kids", "bool", False),  # R-KIDS-1
)
_SPECS = {spec.name: spec for spec in OPTIONS}
MODE_PARAMETER = {"rounds": "rounds", "time": "minutes", "elimination": "limit"}


def _option_value(spec: OptionSpec, value: Any) -> Any:
    """Return `value` if `spec` accepts it; raise BadAction with the option's name otherwise."""
    if not spec.accepts(value):
        raise BadAction("bad_option", "That value is not allowed for {name}.", name=spec.name)
    return value


def normalize_options(raw: Any) -> dict[str, Any]:
    """Return the options in the record's shape, e.g. {"end": {"mode": "rounds", "rounds": 3}, "kids": False}.

    Accepts that shape or the lobby's flat one ({"end": "time", "minutes": 30, "kids": True}),
    filling defaults; raises BadAction (key + option name) for an unknown option or a bad value.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BadAction("bad_option", "That value is not allowed for {name}.", name="options")
    for key in raw:
        if key not in _SPECS:
            raise BadAction("bad_option", "That value is not allowed for {name}.", name=str(key)[:40])
    end = raw.get("end", _SPECS["end"].default)
    if isinstance(end, dict):
        if any(k in raw for k in MODE_PARAMETER.values()):
            raise BadAction("bad_option", "That value is not allowed for {name}.", name="end")
        mode = _option_value(_SPECS["end"], end.get("mode"))
        param = MODE_PARAMETER[mode]
        for key in end:
            if key not in ("mode", param):
                raise BadAction("bad_option", "That value is not allowed for {name}.", name=str(key)[:40])
        value = end.get(param, _SPECS[param].default)
    else:
        mode = _option_value(_SPECS["end"], end)
        param = MODE_PARAMETER[mode]
        value = raw.get(param, _SPECS[param].default)
    kids = _option_value(_SPECS["kids"], raw.get("kids", _SPECS["kids"].default))
    return {"end": {"mode": mode, param: _option_value(_SPECS[param], value)}, "kids": kids}
