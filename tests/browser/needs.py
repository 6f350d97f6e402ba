"""What the browser and shipping tests need from the machine, and what happens
when it is not there: a developer's run skips those tests with the reason; a
CI run (CI set, as GitHub Actions and .ci/run do) fails them, so a missing
browser or runtime can never pass for a green run."""

from __future__ import annotations

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
