"""What the browser and shipping tests need from the machine, and what happens
when it is not there: a developer's run skips those tests with the reason; a
CI run (CI set, as GitHub Actions and .ci/run do) fails them, so a missing
browser or runtime can never pass for a green run."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path
from typing import NoReturn

import pytest

ROOT = Path(__file__).resolve().parents[2]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(reason: str) -> NoReturn:
    """Skip the test for want of ``reason``; under CI, fail it."""
    if in_ci():
        pytest.fail(f"CI: {reason}", pytrace=False)
    pytest.skip(reason)


def ensure_runtime() -> None:
    """The pinned runtime in vendor/ and node_modules/ (scripts/setup.sh, npm ci)."""
    if (ROOT / "vendor" / "pyodide" / "pyodide.mjs").is_file() and \
            (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").is_file():
        return
    if shutil.which("npm") is None:
        missing("npm is needed to install the pinned runtime (make test installs it)")
    subprocess.run(["bash", str(ROOT / "scripts" / "setup.sh")], check=True)


def site_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The assembled site (tools/build_site.py) for the shipping and WebKit
    tests, built once per run: under pytest-xdist by the first worker that asks,
    the others waiting on a lock in the run's shared temporary folder (each
    build was ~17 s of CPU on CI's two cores, once per worker and suite). The
    tests only read it; one that changes a site changes a copy."""
    ensure_runtime()
    import build_site

    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # this run's folder, the workers' own folders in it
    out, built = base / "site", base / "site.built"
    with open(base / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            if out.exists():
                shutil.rmtree(out)  # a build that failed half-way
            build_site.build(out, quiet=True)
            built.write_text("")
    return out
