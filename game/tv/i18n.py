"""The TV's language choice and its texts: the tables the phone reads too (game.locales).

The platform's texts are `controller_web/locales/<lang>.json` (the TV's own keys start with `tv.`), a game's
its `controller_web/js/games/<id>/locales/<lang>.json`; the app adds every offered game's to `Texts`.
"""

from __future__ import annotations

import locale
import logging
import os
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from game.locales import LANGS, NAME, game_table, platform_table, shadowing_keys

log = logging.getLogger(__name__)

MINUS = "\u2212"  # the real minus sign: '−8', as the phones write it, not the hyphen of '-8'


def number(n: int) -> str:
    """Return `n` as the TV writes it: negative numbers with the real minus sign ('−8')."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def pick_lang(requested: str | None) -> str:
    """Return the TV language: `requested` if supported, else the system locale's, else English."""
    candidates = [requested or ""]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        candidates.append(os.environ.get(var, ""))
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for cand in candidates:
        code = cand.strip().lower()[:2]
        if code in LANGS:
            return code
    return "en"


class Texts:
    """Looks up a key in the chosen language, falling back to English, and fills its parameters.

    A key is looked up in the platform's table first, then in the table of the game being played
    (`game`): a game's text can never replace a platform's. The platform asks a game for a text of
    its own explicitly (`own`: the game's name, its best-score heading), so one game's texts never
    label another's.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "en"
        self.game: str | None = None
        self._games: dict[str, dict[str, dict[str, str]]] = {}  # game id -> lang -> key -> text

    def add(self, game_id: str, tables: dict[str, dict[str, str]] | None = None) -> None:
        """Add a game's texts (lang -> key -> text; default: read from its locale files).

        A key that is also the platform's is never shown: it is logged as an error and dropped.
        """
        if tables is None:
            tables = {lang: game_table(game_id, lang) for lang in LANGS}
            clash = shadowing_keys(game_id)
        else:
            clash = sorted({k for lang, table in tables.items() for k in table if k in platform_table(lang)})
        if clash:
            log.error("%s's texts repeat platform keys, which keep the platform's words: %s", game_id,
                      ", ".join(clash))
        self._games[game_id] = tables

    def _text(self, table_of: Callable[[str], dict[str, str]], key: str) -> str | None:
        for lang in (self.lang, "en"):
            text = table_of(lang).get(key)
            if text is not None:
                return text
        return None

    def _raw(self, key: str) -> str | None:
        text = self._text(platform_table, key)
        if text is None and self.game in self._games:
            text = self._own_raw(self.game, key)
        return text

    def _own_raw(self, game_id: str, key: str) -> str | None:
        tables = self._games.get(game_id)
        if tables is None or any(key in platform_table(lang) for lang in LANGS):
            return None
        return self._text(lambda lang: tables.get(lang) or {}, key)

    @contextmanager
    def speaking_for(self, game_id: str) -> Iterator[None]:
        """Look keys up in `game_id`'s table meanwhile (a game's art drawn ahead, while another is chosen)."""
        played, self.game = self.game, game_id
        try:
            yield
        finally:
            self.game = played

    def has(self, key: str) -> bool:
        """Return True if `key` has a text (the platform's or the played game's)."""
        return self._raw(key) is not None

    def __call__(self, key: str, **params: Any) -> str:
        """Return the text for `key` with `params` filled in (the key itself if unknown)."""
        text = self._raw(key)
        return key if text is None else _fill(text, params)

    def own(self, key: str, fallback: str, game_id: str | None = None, **params: Any) -> str:
        """Return the game's own text `key` (default: the played game's), else the platform's `fallback`."""
        text = self._own_raw(self.game if game_id is None else game_id, key)
        return self(fallback, **params) if text is None else _fill(text, params)

    def game_name(self, game_id: str) -> str:
        """Return a game's name in this language, or one made from its id ('some-game' -> 'Some game')."""
        text = self._own_raw(game_id, NAME)
        return text if text is not None else game_id.replace("-", " ").replace("_", " ").capitalize()

    def names(self, names: list[str]) -> str:
        """Return 'A, B and C' in this language."""
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + f" {self('tv.and')} " + names[-1]


def _fill(text: str, params: dict[str, Any]) -> str:
    params = {k: number(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in params.items()}
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text
