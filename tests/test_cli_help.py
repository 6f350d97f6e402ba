"""Every command-line program of the repository (bench/, tools/, scripts/, and
python3 -m phom / phom.arena) answers --help with its usage, exits 0 and
changes no file: --help once crashed (bench/bench_melds.py), re-packed the
page's Python (scripts/pack_py.py) or exited 1 (tools/page_imports.py).

A file there that is no program (imported by others, or sourced) is named in
NOT_PROGRAMS with why, so a new program cannot slip past this test.

Marked `solo`: it runs after the parallel run, alone, since the browser tests
beside it re-pack vendor/ and would pass for a change made by a --help.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from needs import ensure_runtime, missing  # noqa: E402

DIRS = ("bench", "tools", "scripts")
NOT_PROGRAMS = {
    "bench/in_pyodide.py": "imported by the benchmarks that take --pyodide",
    "tools/drive_table.py": "imported by the browser tests and tools/page_imports.py",
    "tools/page_config.py": "imported by the site build and the dev server",
    "scripts/apt.sh": "sourced by the set-up scripts (the need function)",
    "scripts/trystero.entry.mjs": "esbuild's entry point for the trystero bundle (scripts/setup.sh)",
}
# Folders whose changes are not a program's doing: caches, and links to shared folders.
UNWATCHED = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".mypy_cache",
             ".ruff_cache", "test-artifacts", "test-results", ".hypothesis"}


def programs() -> dict[str, list[str]]:
    """Name -> the command running it with --help."""
    py = sys.executable
    out = {"python3 -m phom": [py, "-m", "phom", "--help"],
           "python3 -m phom.arena": [py, "-m", "phom.arena", "--help"]}
    for d in DIRS:
        for p in sorted((ROOT / d).iterdir()):
            rel = p.relative_to(ROOT).as_posix()
            if rel in NOT_PROGRAMS or p.suffix not in (".py", ".sh", ".mjs"):
                continue
            text = p.read_text(encoding="utf-8")
            if p.suffix == ".py":
                assert "__name__ == \"__main__\"" in text, f"{rel}: no main; name it in NOT_PROGRAMS if it is none"
                out[rel] = [py, rel, "--help"]
            elif p.suffix == ".sh":
                out[rel] = ["bash", rel, "--help"]
            else:
                assert "process.argv" in text, f"{rel}: reads no arguments; name it in NOT_PROGRAMS"
                out[rel] = ["node", rel, "--help"]
    return out


def snapshot() -> dict[str, tuple[int, int]]:
    """Every file of the checkout (UNWATCHED aside): its size and modification time."""
    found = {}
    for base, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in UNWATCHED]
        for f in files:
            st = os.stat(os.path.join(base, f))
            found[os.path.relpath(os.path.join(base, f), ROOT)] = (st.st_size, st.st_mtime_ns)
    return found


def test_not_programs_exist():
    for rel in NOT_PROGRAMS:
        assert (ROOT / rel).is_file(), f"NOT_PROGRAMS names {rel}, which is gone"


@pytest.mark.solo
def test_every_program_answers_help_and_changes_nothing():
    ensure_runtime()  # tools/compile_py.mjs imports the runtime before it reads its arguments
    if shutil.which("node") is None:
        missing("Node runs bench/pyodide_run.mjs and tools/compile_py.mjs (scripts/setup.sh installs it)")
    cmds = programs()
    assert {"bench/bench_melds.py", "scripts/pack_py.py", "tools/page_imports.py", "scripts/serve.py",
            "scripts/setup.sh", "bench/pyodide_run.mjs"} <= set(cmds)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(ROOT)}
    before = snapshot()

    def run(cmd: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)

    with ThreadPoolExecutor(2) as pool:
        runs = dict(zip(cmds, pool.map(run, cmds.values()), strict=True))
    after = snapshot()
    bad = []
    for name, r in runs.items():
        if r.returncode != 0 or not re.match(r"\s*usage:", r.stdout, re.I) or "Traceback" in r.stderr:
            bad.append(f"{name}: exit {r.returncode}\n{r.stdout[:300]}\n{r.stderr[-600:]}")
    assert not bad, "\n\n".join(bad)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"--help changed files: {changed}"
