"""The join key and the LAN address for the join URL."""

from __future__ import annotations

import secrets
import socket

JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LEN = 6


def new_join_code() -> str:
    """Return a fresh random join key (6 characters nobody confuses when reading them aloud)."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LEN))


def lan_address() -> tuple[str, str | None]:
    """Return (this computer's LAN address, a warning or None); 127.0.0.1 when there is no network.

    "Connecting" a UDP socket sends no packet but makes the OS pick the outgoing interface.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            ip = s.getsockname()[0]
    except OSError:
        ip = ""
    if not ip or ip.startswith("127.") or ip == "0.0.0.0":
        return "127.0.0.1", ("No network found: phones cannot join until this computer is on the "
                             "same Wi-Fi (or start with --host-ip).")
    return ip, None
