"""Debian's Chromium, launched the way this machine's closed network needs.

Shared by the browser tests and the shipping tests.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("PHOM_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def launch_args(base: dict) -> dict:
    """pytest-playwright's launch arguments, pointed at Debian's Chromium."""
    return {**base, "executable_path": CHROMIUM, "args": list(ARGS)}
