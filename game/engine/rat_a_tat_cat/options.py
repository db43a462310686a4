"""Rat-a-Tat Cat's game options as data (what the lobbies render) and their validation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.common import BadAction


@dataclass(frozen=True)
class OptionSpec:
    """One game option as the lobbies render it: a choice, a whole number in a range, or a switch.

    `when` names the option and value under which this one applies (the end mode's parameter);
    `suggested` are the values a lobby offers first for an int option.
    """

    name: str
    kind: str  # "choice" | "int" | "bool"
    default: Any
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    suggested: tuple[int, ...] = ()
    when: tuple[str, str] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the spec as JSON-ready data (only the fields its kind uses)."""
        d: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.kind == "int":
            d.update(min=self.min, max=self.max)
            if self.suggested:
                d["suggested"] = list(self.suggested)
        if self.when:
            d["when"] = {self.when[0]: self.when[1]}
        return d


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("end", "choice", "rounds", choices=("rounds", "time", "elimination")),  # R-GAME-1/2/3
    OptionSpec("rounds", "int", 3, min=1, max=10, when=("end", "rounds")),
    OptionSpec("minutes", "choice", 20, choices=(10, 20, 30, 45), when=("end", "time")),
    OptionSpec("limit", "int", 100, min=10, max=1000, suggested=(100, 200), when=("end", "elimination")),
    OptionSpec("kids", "bool", False),  # R-KIDS-1
)
_SPECS = {spec.name: spec for spec in OPTIONS}
MODE_PARAMETER = {"rounds": "rounds", "time": "minutes", "elimination": "limit"}


def _option_value(spec: OptionSpec, value: Any) -> Any:
    """Return `value` checked against `spec`; raise BadAction with the option's name otherwise."""
    bad = BadAction("bad_option", "That option value is not allowed.", name=spec.name)
    if spec.kind == "bool":
        if type(value) is not bool:
            raise bad
        return value
    if spec.kind == "choice":
        # `in` compares with ==, so 20.0 or True would match a number: the type must match too
        if not any(type(value) is type(c) and value == c for c in spec.choices):
            raise bad
        return value
    if type(value) is not int or not spec.min <= value <= spec.max:  # type: ignore[operator]
        raise bad
    return value


def normalize_options(raw: Any) -> dict[str, Any]:
    """Return the options in the record's shape, e.g. {"end": {"mode": "rounds", "rounds": 3}, "kids": False}.

    Accepts that shape or the lobby's flat one ({"end": "time", "minutes": 30, "kids": True}),
    filling defaults; raises BadAction (key + option name) for an unknown option or a bad value.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BadAction("bad_option", "That option value is not allowed.", name="options")
    for key in raw:
        if key not in _SPECS:
            raise BadAction("bad_option", "That option value is not allowed.", name=str(key)[:40])
    end = raw.get("end", _SPECS["end"].default)
    if isinstance(end, dict):
        if any(k in raw for k in MODE_PARAMETER.values()):
            raise BadAction("bad_option", "That option value is not allowed.", name="end")
        mode = _option_value(_SPECS["end"], end.get("mode"))
        param = MODE_PARAMETER[mode]
        for key in end:
            if key not in ("mode", param):
                raise BadAction("bad_option", "That option value is not allowed.", name=str(key)[:40])
        value = end.get(param, _SPECS[param].default)
    else:
        mode = _option_value(_SPECS["end"], end)
        param = MODE_PARAMETER[mode]
        value = raw.get(param, _SPECS[param].default)
    kids = _option_value(_SPECS["kids"], raw.get("kids", _SPECS["kids"].default))
    return {"end": {"mode": mode, param: _option_value(_SPECS[param], value)}, "kids": kids}
