"""The set-up is reproducible: every Python tool and everything it needs is
pinned to one version with the hashes of its files, and the lock covers what
requirements-dev.in asks for (make lock regenerates it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked() -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) from requirements-dev.txt."""
    text = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    out = {}
    for block in re.split(r"\n(?=\S)", text):
        line = block.split("\n", 1)[0]
        if not line.strip() or line.startswith("#"):
            continue
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][^ ;\\]*) \\", line)
        assert m, f"requirements-dev.txt: not an exact pin with hashes: {line!r}"
        hashes = re.findall(r"--hash=sha256:[0-9a-f]{64}", block)
        out[canonical(m.group(1))] = (m.group(2), len(hashes))
    return out


def test_every_tool_is_pinned_with_hashes():
    pins = locked()
    assert all(n >= 1 for _, n in pins.values()), pins
    wanted = [canonical(line.split("#", 1)[0].strip())
              for line in (ROOT / "requirements-dev.in").read_text(encoding="utf-8").splitlines()
              if line.split("#", 1)[0].strip()]
    assert set(wanted) >= {"pytest", "pytest-playwright", "playwright", "hypothesis", "ruff", "mypy"}
    assert set(wanted) <= set(pins), set(wanted) - set(pins)
    # their dependencies are in the lock too (pip --require-hashes refuses otherwise)
    assert {"pluggy", "iniconfig", "greenlet", "mypy-extensions"} <= set(pins)


def test_ci_runs_make_test_as_ci():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "export CI=true" in run and "make test" in run
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test: lint\b", make, re.M), "make test runs lint and types first"
    assert re.search(r"^lint:.*\n(\t.*\n)*\t.*ruff check", make, re.M)
    assert re.search(r"^lint:.*\n(\t.*\n)*\t.*mypy", make, re.M)
