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


# V8's baseline wasm tier only (Liftoff, no TurboFan): the browser tests' browser
# (tests/browser/conftest.py). Every test there boots Pyodide in a fresh
# context, and on CI's two cores a boot's optimising compiles (~2.5 s of CPU
# of ~6 on V8's worker threads) compete with the other worker's test: a dev
# boot 6.0 -> 3.7 s of CPU, tests/browser 699 -> 605 s summed, the linked-play
# test 32.5 -> 17.7 s. Long Python runs are slower so: the expert's review,
# and the solo test's timing, whose figures must be the page's as players get
# it, keep V8's tiers (the `tiered` and `solo` marks).
BASELINE_ONLY = ["--js-flags=--liftoff-only"]


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


@pytest.fixture(scope="session")
def baseline_browser(launch_browser: Any) -> Any:
    """The browser most browser tests get (their conftest's `browser`): V8's
    baseline wasm tier only (BASELINE_ONLY, where the figures are). Not the
    shipping tests': on the built site it measured no faster (tests/ship/
    test_offline.py alone 59.0 -> 62.8 s), and test_snapshot needs the
    optimising tier's code for V8's code cache."""
    b = launch_browser(args=ARGS + BASELINE_ONLY)
    yield b
    b.close()


@pytest.fixture(scope="session")
def tiered_browser(launch_browser: Any) -> Any:
    """The browser as players have it, V8's optimising tier too."""
    b = launch_browser()
    yield b
    b.close()
