"""The data folder: the platform's convention (platformdirs), --data overrides, an old ~/.couchcats moved once (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.server import datadir


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A made-up home with its XDG data folder, so nothing touches the real one."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path


def test_the_data_folder_is_the_platforms_and_data_overrides_it(home: Path) -> None:
    said: list[str] = []
    assert datadir.data_dir(None, said.append) == home / "xdg" / "couchcats"
    assert datadir.data_dir("~/elsewhere", said.append) == home / "elsewhere"
    assert said == []  # nothing to move, nothing said


def test_an_old_couchcats_folder_is_moved_once_with_a_line_saying_so(home: Path) -> None:
    old = home / ".couchcats"
    (old / "records").mkdir(parents=True)
    (old / "couchcats.sqlite").write_bytes(b"the saved table")
    (old / "records" / "a.json").write_text("{}")
    said: list[str] = []
    new = datadir.data_dir(None, said.append)
    assert new == home / "xdg" / "couchcats" and not old.exists()
    assert (new / "couchcats.sqlite").read_bytes() == b"the saved table" and (new / "records" / "a.json").is_file()
    assert len(said) == 1 and str(old) in said[0] and str(new) in said[0]
    # once: a later start says nothing, and a new ~/.couchcats beside the moved one is left alone
    old.mkdir()
    assert datadir.data_dir(None, said.append) == new and len(said) == 1


def test_an_old_folder_that_cannot_be_moved_is_used_in_place(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = home / ".couchcats"
    old.mkdir()
    (old / "couchcats.sqlite").write_bytes(b"the saved table")

    def refuse(src: str, dst: str) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(datadir.shutil, "move", refuse)
    said: list[str] = []
    assert datadir.data_dir(None, said.append) == old
    assert len(said) == 1 and "keeping the saves in" in said[0] and (old / "couchcats.sqlite").is_file()
