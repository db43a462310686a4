"""Each registered game's own words, as its plug-in declares them (`WORDS` in game/engine/<pkg>/plugin.py), and
the splitting the platform-names tests share: a platform file names no game and uses none of a game's words."""

from __future__ import annotations

import importlib
import re

from game.engine import GAMES

# camelCase, snake_case, kebab-case and dotted keys split into lower-case words ("openPiles" -> open, piles)
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_PRODUCT = re.compile(r"Couch ?Cats", re.IGNORECASE)  # the product's own name is no game's word


def split_words(text: str) -> set[str]:
    """Return the lower-case words of an identifier or a string (letters and digits kept together: 'draw2'), each
    also without a plural -s ('knocks' -> knocks, knock)."""
    text = _PRODUCT.sub(" ", text)
    words = {w.lower() for part in re.split(r"[^A-Za-z0-9]+", text) if part
             for w in ([part] if re.fullmatch(r"[a-z]+\d+", part) else _WORD.findall(part))}
    return words | {w[:-1] for w in words if len(w) > 3 and w.endswith("s") and not w.endswith("ss")}


def declared_words(game_id: str) -> frozenset[str]:
    """Return the words game `game_id` declares as its own (its plug-in's WORDS), lower case."""
    plugin = importlib.import_module(f"game.engine.{game_id.replace('-', '_')}.plugin")
    words = getattr(plugin, "WORDS", None)
    assert words, f"game.engine.{game_id.replace('-', '_')}.plugin declares no WORDS"
    return frozenset(w.lower() for w in words)


def id_pattern(game_id: str) -> re.Pattern[str]:
    """Return a pattern for the game's id in any spelling: 'cat-in-the-sack', cat_in_the_sack, CatInTheSack."""
    return re.compile(r"[-_ ]?".join(map(re.escape, game_id.split("-"))), re.IGNORECASE)


def every_games_words(own: frozenset[str] = frozenset()) -> dict[str, frozenset[str]]:
    """Return, per registered game, its declared words less `own` (words a platform layer uses in their plain
    sense, e.g. a database row)."""
    return {g: declared_words(g) - own for g in GAMES}


def hits(text: str, own: frozenset[str] = frozenset()) -> dict[str, set[str]]:
    """Return, per game, the words of it (and its id) that `text` (an identifier, a string) holds."""
    found = split_words(text)
    out = {}
    for game, words in every_games_words(own).items():
        used = (found & words) | ({game} if id_pattern(game).search(text) else set())
        if used:
            out[game] = used
    return out
