"""Debian's Chromium, launched the way this machine's closed network needs:
the one launcher of the browser tests and the shipping tests (both conftests
take their fixtures from here).

Playwright cannot download a browser here, so it drives /usr/bin/chromium
(PHOM_CHROMIUM to point elsewhere; make test installs it from apt). Without
it the browser tests skip, and under CI they fail (needs.missing).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from needs import missing

CHROMIUM = os.environ.get("PHOM_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def launch_args(base: dict[str, Any], extra: list[str] | None = None) -> dict[str, Any]:
    """pytest-playwright's launch arguments, pointed at Debian's Chromium
    (``extra``: more command-line switches, for a test that needs them)."""
    if not Path(CHROMIUM).is_file():
        missing(f"no Chromium at {CHROMIUM} (make test installs it: apt-get install chromium)")
    return {**base, "executable_path": CHROMIUM, "args": ARGS + list(extra or [])}


def launch(playwright: Any, extra: list[str] | None = None) -> Any:
    """A browser of its own, launched as the fixture launches the shared one."""
    return playwright.chromium.launch(**launch_args({}, extra))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Every test that opens a browser comes through here (pytest-playwright)."""
    return launch_args(browser_type_launch_args)
