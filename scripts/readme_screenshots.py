"""Copy the README's screenshots from the test suite's artifacts, scaled for the page.

Run the suite first (`bash scripts/test.sh`): the TV and phone tests save what they draw under
artifacts/screenshots/. This script then takes the shots the README shows, so they always come
from the current code:

    .venv/bin/python scripts/readme_screenshots.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
OUT = ROOT / "docs" / "screenshots"
TV_SIZE = (960, 540)
PHONE_WIDTH = 300

# README picture -> the artifact it is taken from (tests that save them in brackets)
PICTURES = {
    "tv-lobby.png": "tv/4p_lobby.png",                               # tests/test_tv_render.py
    "tv-auction.png": "tv/4p_auction.png",
    "tv-results.png": "tv/4p_over.png",
    "tv-rat-table.png": "tv/rat-a-tat-cat/6p_state_knock.png",       # tests/test_tv_rat.py
    "tv-rat-round-end.png": "tv/rat-a-tat-cat/4p_round_end.png",
    "phone-choose.png": "phone/choose.png",                          # tests/browser/test_phone_game.py
    "phone-auction.png": "phone/auction.png",
    "phone-results.png": "phone/results.png",
    "phone-rat-turn.png": "phone/rat-a-tat-cat/my-turn.png",            # tests/browser/test_phone_rat.py
    "tv-household.png": "tv/lobby-history/rat-a-tat-cat_6p_1080p.png",  # tests/test_tv_lobby_board.py
    "tv-chart.png": "tv/cat-in-the-sack/chart_4p.png",                   # tests/test_tv_chart.py
    "phone-chart.png": "phone/chart/phone-fr-whole-game.png",            # tests/browser/test_phone_chart.py
    "tv-howto.png": "tv/howto/cat-in-the-sack-5.png",                    # tests/test_tv_howto.py
    "phone-tip.png": "phone/tips/cat-in-the-sack-pass-es.png",           # tests/browser/test_phone_tips.py
    "phone-hint.png": "phone/coach/phone-hint-rat-a-tat-cat.png",        # tests/browser/test_phone_coach.py
    "tv-sack-outcome.png": "tv/moments/cat-in-the-sack/chase_chased.png",  # tests/test_tv_sack_moment.py
    "tv-sack-void.png": "tv/moments/cat-in-the-sack/void.png",
    "tv-rat-knock.png": "tv/moments/rat-a-tat-cat/knock.png",             # tests/test_tv_rat_moment.py
    "tv-rat-reveal.png": "tv/moments/rat-a-tat-cat/reveal_midway.png",
    "tv-rat-last-round.png": "tv/moments/rat-a-tat-cat/last_round_reveal.png",
    "phone-moment.png": "phone/moment-watch-es.png",                     # tests/browser/test_phone_moment.py
}


def scaled(path: Path, tv: bool) -> pygame.Surface:
    """Return the picture at the README's size: the TV's 16:9, a phone's width (its top screen)."""
    img = pygame.image.load(str(path))
    if tv:
        return pygame.transform.smoothscale(img, TV_SIZE)
    w, h = img.get_size()
    height = min(h, w * 2)  # a phone's first screens, not a whole scrolled page
    top = img.subsurface(pygame.Rect(0, 0, w, height))
    return pygame.transform.smoothscale(top, (PHONE_WIDTH, round(height * PHONE_WIDTH / w)))


def main() -> int:
    missing = [src for src in PICTURES.values() if not (SHOTS / src).is_file()]
    if missing:
        print("Run the test suite first; these artifacts are missing:\n  " + "\n  ".join(missing))
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for name, src in PICTURES.items():
        pygame.image.save(scaled(SHOTS / src, name.startswith("tv-")), str(OUT / name))
        print(f"{OUT.relative_to(ROOT) / name}  <-  {src}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
