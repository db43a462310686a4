"""Who sits where: a seat (name, colour, symbol, token, bot), the palette, and name rules."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from game.engine import GameError

PALETTE: tuple[str, ...] = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
                            "#CC79A7", "#BBBBBB")
SYMBOLS: tuple[str, ...] = ("triangle", "circle", "square", "diamond", "star", "cross")
NAME_MAX = 16
BOT_NAMES: tuple[str, ...] = ("Felix", "Luna", "Mittens", "Tom", "Simba", "Nala", "Oscar", "Cleo",
                              "Tigger", "Salem")
MAX_SEATS = 6


@dataclass(eq=False)
class Seat:
    """A place at the table. `token` is None for a seat that was always a bot.

    A seat resumed from a save knows only `token_hash` (the save never holds a raw token) until
    its phone presents the token again.
    """

    name: str
    colour: str
    symbol: str
    token: str | None
    bot: str | None = None
    conn: int | None = None
    lang: str = "en"
    last_acted: int = -1  # version its last accepted action was made against
    token_hash: str | None = None  # SHA-256 hex of the token, for a seat resumed from a save
    coached: bool = False  # the host turned the coach on: its phone may ask for hints (public)
    tips: bool | None = None  # the player's own choice of the phone's tips (None: by the household's history)
    tips_seen: set[str] = field(default_factory=set)  # the kinds of tip shown in this game
    tip: tuple[str, dict[str, Any]] | None = None  # the tip its phone shows now (kind, params)

    @property
    def human(self) -> bool:
        """Return True if a person owns this seat (even while a bot plays it)."""
        return self.token is not None or self.token_hash is not None

    def token_matches(self, token: str) -> bool:
        """Return True if `token` is this seat's (constant time for a token of the same length)."""
        if not token.isascii():  # never a token we issued, and a lone surrogate cannot be encoded
            return False
        if self.token is not None:
            return secrets.compare_digest(self.token.encode(), token.encode())
        if self.token_hash is not None:
            return secrets.compare_digest(self.token_hash.encode(), token_digest(token).encode())
        return False


def token_digest(token: str) -> str:
    """Return the SHA-256 hex digest a save keeps instead of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def name_key(name: str) -> str:
    """Return what makes two names one person's: NFC, without surrounding spaces, case folded."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def clean_name(raw: str) -> str:
    """Return the trimmed, NFC-normalised name; raise GameError if empty, too long or odd."""
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise GameError("name_empty", "Type a name.")
    if len(name) > NAME_MAX:
        raise GameError("name_too_long", "A name has at most {max} characters.", max=NAME_MAX)
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise GameError("name_bad_chars", "That name has characters that cannot be shown.")
    return name
