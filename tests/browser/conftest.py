"""Browser tests: Debian's Chromium through pytest-playwright (chromium.py, the
launcher the shipping tests share), the site served from this checkout on
127.0.0.1, and every test failing on a console error, a page error or a
request that leaves the page's origin (guard.py, shared too)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"

sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from chromium import (  # noqa: E402, F401 - the shared fixtures
    baseline_browser,
    browser_type_launch_args,
    tiered_browser,
)
from guard import Guard  # noqa: E402
from needs import ensure_runtime  # noqa: E402


@pytest.fixture
def browser(request):
    """pytest-playwright's `browser` (and with it `context`, `page`, and
    new_table below), here: the baseline-tier browser, or the tiered one for a
    test marked `tiered` or `solo`. Only in tests/browser: the shipping tests
    (tests/ship) keep the plugin's own, tiered, as they need V8's code caches."""
    node = request.node
    tiered = node.get_closest_marker("tiered") or node.get_closest_marker("solo")
    return request.getfixturevalue("tiered_browser" if tiered else "baseline_browser")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}, "locale": "vi-VN"}


@pytest.fixture(scope="session")
def site_url():
    """The site, served from this checkout; the runtime is installed first if missing.

    With SITE_DIR set (make test-site), the assembled site in that folder
    (tools/build_site.py) instead, served as GitHub Pages serves it: under
    the sub-path /phom/, with its service worker."""
    if os.environ.get("SITE_DIR"):
        sys.path.insert(0, str(ROOT / "tools"))
        import serve_site

        site = Path(os.environ["SITE_DIR"]).resolve()
        if not (site / "index.html").is_file():
            pytest.fail(f"SITE_DIR={site} has no index.html (make site builds it)")
        srv, url = serve_site.start(site, "/phom/")
        yield url
        srv.shutdown()
        return
    ensure_runtime()
    import pack_py
    import serve

    pack_py.pack()
    srv, url = serve.start(0)
    yield url
    srv.shutdown()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def guard(site_url):
    return Guard(site_url)


@pytest.fixture
def table(context, page, guard):
    """A guarded page (desktop size); the guard is checked after the test."""
    guard.watch_context(context)
    guard.watch(page)
    yield page
    guard.check()


@pytest.fixture
def new_table(browser, guard):
    """Make more guarded pages: new_table(width=390, height=844, touch=True)."""
    made = []

    def make(width=1280, height=800, touch=False, mobile=False, **kw):
        ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=mobile, locale="vi-VN", **kw)
        guard.watch_context(ctx)
        pg = ctx.new_page()
        guard.watch(pg)
        made.append(ctx)
        return pg

    yield make
    for ctx in made:
        ctx.close()
    guard.check()
