"""``--pyodide`` for the benchmarks: run the same script in Pyodide under Node
(``bench/pyodide_run.mjs``), and name the Python a figure was measured on."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def rerun(script: str, argv: list[str]) -> None:
    """Run ``script`` with ``argv`` (less ``--pyodide``) in Pyodide; exit with its status."""
    rest = [x for x in argv if x != "--pyodide"]
    sys.exit(subprocess.call(["node", os.path.join(HERE, "pyodide_run.mjs"), os.path.abspath(script), *rest]))


def runtime() -> str:
    """"CPython 3.11.7", or "Pyodide CPython 3.14.2" inside Pyodide."""
    return ("Pyodide " if sys.platform == "emscripten" else "") + (
        f"{platform.python_implementation()} {platform.python_version()}")
