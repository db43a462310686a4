"""What the server sends of the phone page's scripts and stylesheets (game.locales.served_bytes): the comment
lines left empty, nothing else changed, so a phone on a weak Wi-Fi waits for less (the page's weight budget,
tests/browser/test_locales.py) and the browser's line numbers still name the source's lines."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from game.locales import _without_comments, served_bytes

WEB = Path(__file__).resolve().parent.parent / "controller_web"


def test_comment_lines_are_emptied_and_everything_else_stays_where_it_was() -> None:
    source = "\n".join([
        "// a file comment",
        "/**",
        " * a doc comment",
        " */",
        "export const a = 1; // a comment after code stays",
        "  /* one line */",
        "const url = 'http://example';",
        "const t = `a template",
        "// inside a template literal: text, not a comment",
        "`;",
        "const b = a / 2; /* after code */",
    ])
    sent = _without_comments(source, js=True)
    lines = sent.split("\n")
    assert len(lines) == len(source.split("\n"))
    assert lines[:4] == ["", "", "", ""] and lines[5] == ""
    assert lines[4] == "export const a = 1; // a comment after code stays"
    assert lines[6] == "const url = 'http://example';"
    assert lines[8] == "// inside a template literal: text, not a comment"
    assert lines[10] == "const b = a / 2; /* after code */"
    css = "/* head */\n.a { color: red; }\n/* two\n   lines */\n.b::before { content: \"/* not a comment */\"; }\n"
    assert _without_comments(css, js=False) == "\n.a { color: red; }\n\n\n.b::before { content: \"/* not a comment */\"; }\n"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (the test script installs it)")
def test_every_script_the_page_is_sent_still_parses(tmp_path: Path) -> None:
    scripts = sorted(WEB.rglob("*.js"))
    assert len(scripts) >= 20
    for script in scripts:
        sent = served_bytes(script)
        assert len(sent) < len(script.read_bytes()) or b"//" not in script.read_bytes()
        assert sent.count(b"\n") == script.read_bytes().count(b"\n"), script
        copy = tmp_path / script.relative_to(WEB).with_suffix(".mjs")
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(sent)
        done = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"{script.relative_to(WEB)}: {done.stderr[-800:]}"
