#!/usr/bin/env bash
# Install everything the tests need (a venv with the pip packages, Debian's Chromium for the
# browser tests) and run the full test suite headless. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  if command -v apt-get >/dev/null 2>&1; then
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
  else
    echo "Please install Chromium (the browser tests drive it with Playwright)." >&2
    exit 1
  fi
fi

# axe-core (the accessibility audit of the browser tests), pinned in package-lock.json; no CDN.
if ! command -v npm >/dev/null 2>&1; then
  echo "Please install Node.js and npm (npm ci installs axe-core for the browser tests)." >&2
  exit 1
fi
npm ci --no-audit --no-fund --silent

PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt

export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
# worksteal: a worker that runs out of tests takes some of the other's queue (with the default `load` the first
# quarter of the suite is dealt out up front, and one worker could sit idle while the other works through its share).
exec .venv/bin/python -m pytest -n 2 --dist worksteal "$@"
