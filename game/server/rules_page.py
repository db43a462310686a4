"""The rules page (`/rules`): the platform's shell with each offered game's own rules, in registry order.

The shell (`rules.html`: top bar, language picker, the jump-to-a-game nav) names no game. Each game
brings a fragment, `js/games/<id>/rules.html`, holding one `<article>` per language; the page is the
shell with, at its marker, one `<section id="<id>">` per game the lobby offers (`on_table`) that has
a fragment. The files are trusted (they ship with the app) and nothing from a request goes into
the page. The composed page is kept in memory until one of its files changes on disk (checked by
size and modification time on each request) or the offered games do.
"""

from __future__ import annotations

import hashlib
import html
import logging
from dataclasses import dataclass
from pathlib import Path

from game.engine import GAMES

log = logging.getLogger(__name__)

SHELL = "rules.html"
MARKER = "<!-- game sections -->"
FRAGMENT = "rules.html"  # inside js/games/<id>/

Stamp = tuple[tuple[str, int, int] | None, ...]


@dataclass(frozen=True)
class Page:
    """One composed rules page: its bytes, its ETag, and the files (with their stamps) it was made from."""

    body: bytes
    etag: str
    stamp: Stamp


def offered_games() -> list[str]:
    """Return the ids of the games the lobby offers, in registry order."""
    return [game_id for game_id, rules in GAMES.items() if rules.on_table]


def fragment_path(web_root: Path, game_id: str) -> Path:
    """Return where game `game_id` keeps its rules fragment under `web_root`."""
    return web_root / "js" / "games" / game_id / FRAGMENT


def _stamp_of(path: Path) -> tuple[str, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (str(path), st.st_mtime_ns, st.st_size) if path.is_file() else None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("rules page: cannot read %s (%s)", path, exc)
        return None


def _section(game_id: str, fragment: str) -> str:
    name = html.escape(game_id, quote=True)
    return f'<section class="game-rules" id="{name}" data-game="{name}">\n{fragment.strip()}\n</section>\n'


def compose(shell: str, fragments: list[tuple[str, str]]) -> str:
    """Return `shell` with one section per (game id, fragment) at its marker (before `</main>` without one)."""
    sections = "".join(_section(game_id, text) for game_id, text in fragments)
    if MARKER in shell:
        return shell.replace(MARKER, sections, 1)
    log.warning("rules page: the shell has no %r marker; the games go before </main>", MARKER)
    head, sep, tail = shell.rpartition("</main>")
    return head + sections + sep + tail if sep else shell + sections


class RulesPages:
    """The rules page of one web root, composed on first use and again only when its files change."""

    def __init__(self, web_root: Path) -> None:
        self.web_root = web_root
        self._page: Page | None = None
        self._games: tuple[str, ...] = ()
        self.builds = 0  # how many times the page was composed (the cache's figure)

    def _stamp(self, games: tuple[str, ...]) -> Stamp:
        paths = [self.web_root / SHELL, *(fragment_path(self.web_root, g) for g in games)]
        return tuple(_stamp_of(p) for p in paths)

    def page(self) -> Page | None:
        """Return the composed page, or None when the shell itself is missing (the caller's fallback)."""
        games = tuple(offered_games())
        stamp = self._stamp(games)
        if self._page is not None and self._games == games and self._page.stamp == stamp:
            return self._page
        shell = _read(self.web_root / SHELL) if stamp[0] is not None else None
        if shell is None:
            self._page = None
            return None
        fragments = []
        for game_id, file_stamp in zip(games, stamp[1:]):
            text = _read(fragment_path(self.web_root, game_id)) if file_stamp is not None else None
            if text is None:
                log.warning("rules page: %s has no rules fragment; its section is left out", game_id)
                continue
            fragments.append((game_id, text))
        body = compose(shell, fragments).encode("utf-8")
        self._page = Page(body=body, etag='"' + hashlib.sha256(body).hexdigest()[:32] + '"', stamp=stamp)
        self._games = games
        self.builds += 1
        return self._page
