"""The platform names no game: a game plugs in through its own files (issue 8, design.md).

Scans the identifiers and string literals (not comments, not docstrings) of the platform's
Python files for any game's id or words.
"""

from __future__ import annotations

import io
import token
import tokenize
from pathlib import Path

import pytest

from tests.game_words import every_games_words, hits, split_words

ROOT = Path(__file__).resolve().parent.parent
# Every module of game/ but the TV's (tests/test_tv_plugin.py), the games' own packages and the registry's one
# line per game (game/engine/__init__.py); the engines' shared module included.
PLATFORM = sorted(str(p.relative_to(ROOT)) for p in [*(ROOT / "game").glob("*.py"), *(ROOT / "game/server").glob("*.py"),
                                                     ROOT / "game/bots/__init__.py", ROOT / "game/engine/common.py"])
# Words of a game (each declares its own: WORDS in its plugin.py) that this layer uses in their plain sense: a
# database row, a game that was won, set.discard, the rules page's marker.
OWN = frozenset({"row", "rows", "won", "discard", "marker"})


def code_words(path: Path) -> list[tuple[int, str]]:
    """Return (line, text) of every identifier and string literal that is not a docstring."""
    out = []
    previous = token.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type == token.NAME:
            out.append((tok.start[0], tok.string))
        elif tok.type == token.STRING and previous not in (token.NEWLINE, token.INDENT, token.DEDENT, tokenize.NL):
            out.append((tok.start[0], tok.string))  # a string that starts a statement is a docstring
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            previous = tok.type
    return out


@pytest.mark.parametrize("name", PLATFORM)
def test_the_platform_file_names_no_game(name):
    found = [f"{name}:{line}: {text} {sorted(set().union(*used.values()))}" for line, text in code_words(ROOT / name)
             if (used := hits(text, OWN))]
    assert not found, "\n".join(found)


def test_the_scan_sees_a_game_word_in_code_but_not_in_a_docstring(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text('"""Cats and mice."""\n# the sack\nfood = "mice"\ndef f():\n    """peek"""\n    return 1\n')
    assert [t for _, t in code_words(sample) if hits(t, OWN)] == ['"mice"']


def test_every_game_declares_words_the_scan_can_see():
    for game, words in every_games_words(OWN).items():
        assert words, f"{game}: no words of its own left to look for"
        assert all(w in split_words(w) for w in words), f"{game}: a declared word the splitting cannot find"
    assert hits("CAT_IN_THE_SACK_ROUNDS") and hits("ratATatCat") and not hits("Couch Cats is the product")
