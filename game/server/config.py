"""The server's settings, fixed when the app is made."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.kept import RECORDS_FOLDER
from game.paths import WEB_ROOT
from game.protocol import MAX_FRAME_BYTES

DEFAULT_BOT_DELAY = 1.2  # seconds: slow enough that people at the table see what a bot did


@dataclass(frozen=True)
class ServerConfig:
    """Settings of one server: join key, where records go, timings and abuse limits."""

    join_code: str
    data_dir: Path | None = None
    web_root: Path = WEB_ROOT
    bot_delay: float = DEFAULT_BOT_DELAY
    bot_jitter: float = 0.3  # +-30 % so bots do not act in lockstep
    # how long the games' moments hold the table (game/table/moments.py), times the host's pace; None: 1 with
    # bots that take their time, 0 with bots at delay 0 (the tests' and bot races' table plays no moments)
    moment_scale: float | None = None
    think_apart: str = "slow"  # which bots think in the worker process: "slow" kinds, or "all" (tests)
    heartbeat: float = 10.0
    send_timeout: float = 5.0
    max_frame: int = MAX_FRAME_BYTES  # bigger frames close the socket (1009) before parsing
    rate: float = 20.0  # actions per second per connection, long run
    burst: float = 40.0
    bad_frame_limit: float = 50.0  # malformed frames (decaying 1/s) before a kick
    max_queued: int = 64  # ordered messages waiting for one socket before it counts as frozen

    @property
    def moments(self) -> float:
        """Return the scale of the moments' holds (`moment_scale`, else by the bots' delay)."""
        if self.moment_scale is not None:
            return max(0.0, float(self.moment_scale))
        return 1.0 if self.bot_delay > 0 else 0.0

    @property
    def records_dir(self) -> Path | None:
        """Return the folder game records are written to, or None to keep none."""
        return self.data_dir / RECORDS_FOLDER if self.data_dir is not None else None
