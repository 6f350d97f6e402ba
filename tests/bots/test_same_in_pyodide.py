"""The page and CPython choose the same: the expert's moves, its search's
statistics and the hint's choice, for the same deals, seeds and budget, in
Pyodide (the page's runtime, run under Node: ``bench/pyodide_run.mjs``) and in
CPython (issue 40: on CPython the search may be given more, never a different
answer for the same budget)."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARGS = ["tools/expert_moves.py", "--hands", "3", "--budget", "120"]


def test_expert_and_hint_choose_the_same_in_pyodide_and_cpython():
    node = shutil.which("node")
    have = node is not None and (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists()
    if not have:
        if os.environ.get("CI") == "true":
            pytest.fail("node and node_modules/pyodide are needed (scripts/setup.sh installs them)")
        pytest.skip("no node or node_modules/pyodide")
    here = subprocess.run([sys.executable, *ARGS], cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=300)
    there = subprocess.run([node, "bench/pyodide_run.mjs", *ARGS], cwd=ROOT, capture_output=True,
                           text=True, timeout=300)
    assert there.returncode == 0, there.stderr[-2000:]
    a = json.loads(here.stdout)
    b = json.loads(there.stdout.strip().splitlines()[-1])
    searched = [r for r in a if r[2] != "hint" and r[3] is not None]
    hints = [r for r in a if r[2] == "hint"]
    assert len(searched) >= 4 and len(hints) >= 3, (len(searched), len(hints))
    assert a == b
