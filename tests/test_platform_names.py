"""The platform names no game: a game plugs in through its own files (issue 8, design.md).

Scans the identifiers and string literals (not comments, not docstrings) of the platform's
Python files for any game's id or words.
"""

from __future__ import annotations

import io
import re
import token
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLATFORM = ["game/session.py", "game/protocol.py", "game/records.py", "game/store.py", "game/simulate.py",
            "game/history.py", "game/kept.py",
            "game/seats.py", "game/paths.py", "game/bots/__init__.py", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game/server").glob("*.py"))]
# every game's id and the words of its rules (Cat in the Sack, Rat-a-Tat Cat)
WORDS = re.compile(r"sack|mice|mouse|\bbids?\b|\bbid_|_bid\b|rat.?a.?tat|open_piles|\bhands?\b|\bcats?\b|"
                   r"knock|peek|\bdogs?\b|rabbit|draw2|\bswap", re.IGNORECASE)


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
    hits = [f"{name}:{line}: {text}" for line, text in code_words(ROOT / name)
            if WORDS.search(text.replace("Couch Cats", ""))]
    assert not hits, "\n".join(hits)


def test_the_scan_sees_a_game_word_in_code_but_not_in_a_docstring(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text('"""Cats and mice."""\n# the sack\nfood = "mice"\ndef f():\n    """peek"""\n    return 1\n')
    assert [t for _, t in code_words(sample) if WORDS.search(t)] == ['"mice"']
