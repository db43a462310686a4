"""The app as Python apps are installed: pyproject.toml builds a wheel with the phone page and the
assets inside, and its `couchcats` command runs, from any folder, as `python main.py` does."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from game.locales import served_bytes

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "README.md", "game", "controller_web", "assets")  # what the build reads
TIMEOUT = 120


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel offline from a copy of the checkout (a build leaves build/ and egg-info behind)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "--disable-pip-version-check", "-w", str(out)],
                   check=True, capture_output=True, timeout=TIMEOUT)
    (built,) = out.glob("couchcats-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Install the wheel alone (no dependencies: this venv has them) into a folder; return it."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", str(wheel), "--no-deps", "--no-index", "-q",
                    "--disable-pip-version-check", "--target", str(target)],
                   check=True, capture_output=True, timeout=TIMEOUT)
    return target


def run_installed(installed: Path, cwd: Path, *argv: str, **kw) -> subprocess.Popen[str]:
    """Start the installed `couchcats` script in `cwd`, seeing the installed `game`, not the checkout's."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(installed), PYTHONUNBUFFERED="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    script = installed / "bin" / "couchcats"
    return subprocess.Popen([str(script), *argv], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def test_the_wheel_holds_the_code_the_phone_page_and_the_assets(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    want = {f"game/{p.relative_to(ROOT / 'game').as_posix()}" for p in (ROOT / "game").rglob("*.py")}
    for folder in ("controller_web", "assets"):
        want |= {f"game/{folder}/{p.relative_to(ROOT / folder).as_posix()}"
                 for p in (ROOT / folder).rglob("*") if p.is_file()}
    assert want - names == set()
    # the phone page as a person's phone loads it: the page, its modules, every language, each game's folder
    for name in ("index.html", "watch.html", "rules.html", "css/app.css", "js/app.js", "js/screens/lobby.js",
                 *(f"locales/{lang}.json" for lang in ("en", "es", "fr", "hu"))):
        assert f"game/controller_web/{name}" in names
    games = {p.name for p in (ROOT / "controller_web" / "js" / "games").iterdir() if p.is_dir()}
    assert len(games) >= 2
    for game in games:
        for name in ("screen.js", "rules.html", *(f"locales/{lang}.json" for lang in ("en", "es", "fr", "hu"))):
            assert f"game/controller_web/js/games/{game}/{name}" in names
    assert "game/assets/CREDITS.md" in names
    assert not any("__pycache__" in n or n.startswith(("tests/", "bench/")) for n in names)
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/entry_points.txt")))
    assert "couchcats = game.cli:console" in meta.decode()


def test_the_packages_dependencies_are_requirements_txt_and_admit_its_pins() -> None:
    declared = {Requirement(r).name: Requirement(r) for r in
                tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]}
    pinned = {}
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if line.split("#")[0].strip():
            req = Requirement(line.split("#")[0])
            pinned[req.name] = next(iter(req.specifier)).version
    assert set(declared) == set(pinned)
    for name, version in pinned.items():
        assert declared[name].specifier.contains(version), (name, version)


def test_the_installed_command_runs_from_another_folder(installed: Path, tmp_path: Path) -> None:
    proc = run_installed(installed, tmp_path, "--help")
    out, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, err
    assert out.startswith("usage: couchcats")
    for command in ("play", "serve", "simulate", "replay", "history", "export"):
        assert command in out
    where = subprocess.run([sys.executable, "-c", "import game.paths as p; print(p.WEB_ROOT, p.ASSETS, sep='\\n')"],
                           cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(installed)},
                           capture_output=True, text=True, check=True, timeout=TIMEOUT)
    assert where.stdout.split() == [str(installed / "game" / "controller_web"), str(installed / "game" / "assets")]


def test_the_installed_server_serves_the_phone_page_it_carries(installed: Path, tmp_path: Path) -> None:
    proc = run_installed(installed, tmp_path, "serve", "--port", "0", "--data", "party", "--host-ip", "127.0.0.1")
    try:
        assert proc.stdout is not None
        join = next(line for line in proc.stdout if line.startswith("Join: "))
        url = join.split()[1]
        base = url.split("/?k=")[0]
        web = ROOT / "controller_web"
        # the very files of the phone page, not the server's fallback text for a page it lacks
        for path, file in ((url, "index.html"), *((f"/static/{name}", name) for name in
                           ("js/app.js", "locales/hu.json", "js/games/rat-a-tat-cat/screen.js"))):
            with urllib.request.urlopen(path if path.startswith("http") else base + path, timeout=10) as answer:
                assert answer.read() == served_bytes(web / file)  # (a text table without the TV's keys)
        with urllib.request.urlopen(base + "/rules", timeout=10) as answer:
            page = answer.read().decode()
        for game in (web / "js" / "games").iterdir():  # each game's rules fragment, from the installed copy
            assert f'<section class="game-rules" id="{game.name}"' in page
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (tmp_path / "party" / "couchcats.sqlite").is_file()  # `--data party` is the user's folder
