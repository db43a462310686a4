"""Every place in game/ that makes a player-readable error, and whose error it is: a game's or the platform's.

The scan reads the source (ast), so an error no test happens to provoke is still found. An engine's errors are
the calls in its package `game/engine/<pkg>/`, those of the shared helpers its package calls (`game/engine/common.py`,
e.g. `require_int`'s `not_a_whole_number`) and those of the registry's defaults its `GameRules` keeps
(`game/engine/__init__.py`, e.g. a game without chance after the deal keeps `apply_chance`'s refusal,
`no_chance_due`, which a record's referee can meet): on the wire they carry the game's namespace (`<game id>.<key>`,
game.protocol.game_error). Everything else is the platform's.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable

from game.engine import GAMES, GameError

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
ENGINES = GAME / "engine"
SHARED_BY_ENGINES = (ENGINES / "common.py", ENGINES / "__init__.py")
# Error keys the platform names through a variable, which the source scan cannot see.
INDIRECT_PLATFORM_ERRORS = frozenset({"lobby_only", "not_now"})


@dataclass(frozen=True)
class ErrorSite:
    """One place in game/ that makes an error: its factory, key, English template, param names."""

    where: str
    factory: Callable[..., GameError]
    key: str
    template: str
    params: tuple[str, ...]


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """Return the names of GameError and every class in game/ that derives from it."""
    names = {"GameError"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if (isinstance(node, ast.ClassDef) and node.name not in names
                        and any(isinstance(b, ast.Name) and b.id in names for b in node.bases)):
                    names.add(node.name)
                    grew = True
    return names


def _wrappers(tree: ast.Module, classes: set[str]) -> set[str]:
    """Return the module's functions that only hand their arguments on to an error class."""
    out = set()
    for node in tree.body:
        if (isinstance(node, ast.FunctionDef) and len(node.body) == 1
                and isinstance(node.body[0], ast.Return) and isinstance(node.body[0].value, ast.Call)
                and isinstance(node.body[0].value.func, ast.Name) and node.body[0].value.func.id in classes):
            out.add(node.name)
    return out


def error_sites() -> list[ErrorSite]:
    """Return every call in game/ that makes a GameError (or a subclass, or a wrapper of one)."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in sorted(GAME.rglob("*.py"))}
    classes = _error_classes(trees)
    sites = []
    for path, tree in trees.items():
        makers = classes | _wrappers(tree, classes)
        inside_wrapper = {id(n) for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in makers
                          for n in ast.walk(f)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in makers):
                continue
            if id(node) in inside_wrapper:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            # a computed key or text would hide an error from this scan (and from the translations)
            assert len(node.args) == 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                               for a in node.args), f"{where}: key and text must be literals"
            assert all(k.arg is not None for k in node.keywords), f"{where}: params must be named"
            module = importlib.import_module(_module(path))
            sites.append(ErrorSite(where, getattr(module, node.func.id), node.args[0].value,
                                   node.args[1].value, tuple(k.arg for k in node.keywords)))
    return sites


SITES = error_sites()


def _function_at(path: Path, line: int) -> str:
    """Return the name of the top-level function of `path` that holds `line`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(f.name for f in tree.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                and f.lineno <= line <= (f.end_lineno or f.lineno))


def _calls(package: str, name: str) -> bool:
    """Return True if the engine package `package` uses the shared helper `name`."""
    for path in sorted((ENGINES / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if getattr(node, "id", None) == name or getattr(node, "attr", None) == name:  # (a Name, an Attribute)
                return True
    return False


def games_of(site: ErrorSite) -> tuple[str, ...]:
    """Return the games whose engine can raise the site's error (empty: it is the platform's)."""
    where, line = site.where.rsplit(":", 1)
    path = ROOT / where
    if path in SHARED_BY_ENGINES:
        helper = _function_at(path, int(line))
        if path.name == "common.py":  # a shared helper: the games whose package calls it
            return tuple(g for g in GAMES if _calls(g.replace("-", "_"), helper))
        default = getattr(importlib.import_module(_module(path)), helper)  # a registry default: the games keeping it
        return tuple(g for g, rules in GAMES.items() if any(getattr(rules, f.name) is default for f in fields(rules)))
    if ENGINES in path.parents:
        package = path.relative_to(ENGINES).parts[0]
        return tuple(g for g in GAMES if g.replace("-", "_") == package)
    return ()


def engine_error_keys() -> dict[str, set[str]]:
    """Return, per game id, every short error key its engine can raise."""
    keys: dict[str, set[str]] = {g: set() for g in GAMES}
    for site in SITES:
        for game in games_of(site):
            keys[game].add(site.key)
    return keys


def platform_error_keys() -> set[str]:
    """Return every error key the platform itself sends (unprefixed on the wire)."""
    return {s.key for s in SITES if not games_of(s)} | INDIRECT_PLATFORM_ERRORS
