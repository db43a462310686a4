"""The text tables the TV and the phone both read: the platform's and each game's, one per language.

The platform's: `controller_web/locales/<lang>.json`. A game's: `controller_web/js/games/<id>/locales/<lang>.json`
(its name is its key `game.name`). Keys only one side shows are prefixed (`tv.` for the TV's); the others are
shared. A game's table never holds a platform key: both sides look a key up in the platform's table first,
so such a key could never change the platform's words (tests/browser/test_locales.py checks every game).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from game.paths import WEB_ROOT

LANGS = ("en", "es", "fr", "hu")
NAME = "game.name"  # a game's name, in its own table


def is_text_table(path: Path) -> bool:
    """Return True for a text table's file (`locales/<lang>.json`, the platform's or a game's)."""
    return path.suffix.lower() == ".json" and path.parent.name == "locales"


def served_bytes(path: Path) -> bytes:
    """Return what the server sends of a file of the phone page: a text table without the keys only the
    TV shows (`tv.*`, which no page reads) and without its indentation; a script or a stylesheet without
    its comment lines (`_without_comments`); any other file as it is."""
    suffix = path.suffix.lower()
    if suffix in (".js", ".css"):
        return _without_comments(path.read_text(encoding="utf-8"), js=suffix == ".js").encode("utf-8")
    if not is_text_table(path):
        return path.read_bytes()
    table = json.loads(path.read_text(encoding="utf-8"))
    phone = {k: v for k, v in table.items() if not k.startswith("tv.")}
    return json.dumps(phone, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _without_comments(source: str, *, js: bool) -> str:
    """Return `source` with every line that is only a comment left empty (so the browser's line numbers still
    name the file's lines): `// …` lines (scripts) and `/* … */` blocks that start a line and end one.

    Comments after code stay, and so does everything inside a template literal that spans lines (the phone's
    scripts have none; a backtick count keeps this safe if one comes). The phone's sources are written to be
    read; this is what a phone on a weak Wi-Fi waits for.
    """
    out: list[str] = []
    in_block = in_template = False
    for line in source.split("\n"):
        bare = line.strip()
        if in_block:
            out.append("")
            in_block = "*/" not in bare
            continue
        if not in_template:
            if js and bare.startswith("//"):
                out.append("")
                continue
            if bare.startswith("/*") and ("*/" not in bare or bare.endswith("*/")):
                out.append("")
                in_block = "*/" not in bare
                continue
        out.append(line)
        if js and (line.count("`") - line.count("\\`")) % 2:
            in_template = not in_template
    return "\n".join(out)


def platform_dir() -> Path:
    """Return the folder of the platform's tables."""
    return WEB_ROOT / "locales"


def game_dir(game_id: str) -> Path:
    """Return the folder of a game's tables (the game id is kebab-case, as on the wire)."""
    return WEB_ROOT / "js" / "games" / game_id / "locales"


def _read(folder: Path, lang: str) -> dict[str, str]:
    data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise ValueError(f"{folder / (lang + '.json')}: not a table of texts")
    return data


@lru_cache(maxsize=None)
def platform_table(lang: str) -> dict[str, str]:
    """Return the platform's texts in `lang` (key -> text). Read once; do not change the result."""
    return _read(platform_dir(), lang)


@lru_cache(maxsize=None)
def game_table(game_id: str, lang: str) -> dict[str, str]:
    """Return a game's texts in `lang`; {} when the game has no such table. Read once; do not change the result."""
    if not game_id or not all(c.isalnum() or c in "-_" for c in game_id):
        return {}
    try:
        return _read(game_dir(game_id), lang)
    except FileNotFoundError:
        return {}


def shadowing_keys(game_id: str) -> list[str]:
    """Return the keys of a game's tables that are platform keys (they would be ignored), sorted."""
    return sorted({k for lang in LANGS for k in game_table(game_id, lang) if k in platform_table(lang)})


@lru_cache(maxsize=None)
def game_names(game_id: str) -> dict[str, str]:
    """Return a game's name in every language its tables give one (lang -> name)."""
    return {lang: name for lang in LANGS if (name := game_table(game_id, lang).get(NAME))}
