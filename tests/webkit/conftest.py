"""The WebKit suite: the assembled site in WebKitGTK (tests/webkit/wk.py),
served as GitHub Pages serves it. Without WebKit here the suite is skipped,
except under CI=true, where a missing browser fails."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "tools", ROOT / "scripts", ROOT / "tests" / "browser", Path(__file__).resolve().parent):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import wk  # noqa: E402
from needs import site_once  # noqa: E402


def pytest_collection_modifyitems(config, items):
    why = wk.missing()
    if not why or os.environ.get("CI") == "true":
        return  # under CI the webkit fixture fails instead
    mark = pytest.mark.skip(reason=why)
    for item in items:
        if "tests/webkit" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(mark)


@pytest.fixture(scope="session")
def wk_site(tmp_path_factory) -> Path:
    if os.environ.get("SITE_DIR"):
        return Path(os.environ["SITE_DIR"]).resolve()
    return site_once(tmp_path_factory)  # the shipping tests' build too


@pytest.fixture(scope="module")
def served(wk_site):
    import serve_site

    srv, url = serve_site.start(wk_site, "/phom/")
    yield srv, url
    srv.shutdown()


@pytest.fixture(scope="module")
def webkit():
    """One WebKitGTK session (a fresh profile) for a whole module: its tests
    run in order, each visit building on the one before."""
    why = wk.missing()
    if why:
        pytest.fail(f"CI=true and WebKit cannot run: {why}")
    with wk.Display(), wk.session() as d:
        yield wk.Page(d)
