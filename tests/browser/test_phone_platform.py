"""The phone platform's JS (everything outside js/games/) names no game and none of a game's words."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine import GAMES
from tests.game_words import declared_words, hits

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "controller_web" / "js"
GAME_JS = JS / "games"
# Words of a game (each declares its own: WORDS in its plugin.py) that the phone platform uses in their plain sense:
# a row of a table, a game that was won.
OWN = frozenset({"row", "rows", "won"})
WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def code_and_strings(source: str) -> list[str]:
    """Return the identifiers and string contents of JS `source`, without its comments."""
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
        elif c in "'\"`":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i + 1:j])
            i = j + 1
        else:
            j = i
            while j < n and source[j] not in "'\"`" and not source.startswith("//", j) and not source.startswith("/*", j):
                j += 1
            out.append(source[i:j])
            i = j
    return out


def words(text: str) -> set[str]:
    """Return the lower-case words of `text`, camelCase, snake_case, kebab-case and dotted keys split."""
    return {w.lower() for w in WORD.findall(text)}


def game_words(source: str) -> dict[str, set[str]]:
    """Return, per game, the words of its vocabulary (and its id) that `source`'s code and strings use."""
    return hits("\n".join(code_and_strings(source)), OWN)


def test_the_scanner_reads_code_and_strings_and_skips_comments() -> None:
    sample = 'const x = 1; // a sack in a comment\n/* mice */ const openPiles = t("bid.button", `${n} knock`);'
    assert words(" ".join(code_and_strings(sample))) >= {"open", "piles", "bid", "button", "knock"}
    assert not {"sack", "mice"} & words(" ".join(code_and_strings(sample)))
    assert words("seatRow turn_timer data-moves opt.open_piles HTMLThing") >= {"seat", "row", "turn", "timer", "moves",
                                                                               "open", "piles", "html", "thing"}


def test_every_game_module_uses_its_own_words() -> None:
    # Without this, a vocabulary that no longer matches its game would pass the platform test below unseen.
    for game in (g for g, rules in GAMES.items() if rules.on_table):  # offered in the lobby: it has its phone folder
        files = sorted((GAME_JS / game).glob("*.js"))
        assert (GAME_JS / game / "screen.js") in files and (GAME_JS / game / "watch.js") in files
        used = set().union(*(game_words(p.read_text(encoding="utf-8")).get(game, set()) for p in files))
        least = min(5, len(declared_words(game) - OWN))
        assert len(used) >= least, f"{game}'s own module uses too few of its words: {used}"


def test_the_platform_js_names_no_game_and_no_games_words() -> None:
    platform = [p for p in sorted(JS.rglob("*.js")) if GAME_JS not in p.parents]
    assert {"app.js", "net.js", "watch.js", "lobby.js", "results.js", "join.js", "common.js"} <= {p.name for p in platform}
    found = {str(p.relative_to(JS)): hits for p in platform if (hits := game_words(p.read_text(encoding="utf-8")))}
    assert not found, f"platform files name a game or its words (outside comments): {found}"
