"""Shipping tests: the assembled site (tools/build_site.py), served the way
GitHub Pages serves it (tools/serve_site.py, under the sub-path /phom/), in
Debian's Chromium through pytest-playwright, launched and guarded as the
browser tests are (tests/browser/chromium.py, guard.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "/phom/"

for p in (ROOT / "tools", ROOT / "scripts", ROOT / "tests" / "browser"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from chromium import browser_type_launch_args  # noqa: E402, F401 - the shared fixture
from needs import site_once  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: needs Chromium")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site, assembled once for the run (needs.site_once; SITE_DIR: use that one)."""
    if os.environ.get("SITE_DIR"):
        return Path(os.environ["SITE_DIR"]).resolve()
    return site_once(tmp_path_factory)


@pytest.fixture(scope="session")
def served_site(built_site):
    """(server, url): the assembled site under /phom/ on 127.0.0.1."""
    import serve_site

    srv, url = serve_site.start(built_site, PREFIX)
    yield srv, url
    srv.shutdown()
