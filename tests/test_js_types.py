"""The JavaScript checker (make lint): TypeScript's tsc, pinned in package.json, reads our
JavaScript's JSDoc types in three programs by where the code runs (tsconfig.json the
page, tsconfig.worker.json the workers, tsconfig.node.json Node's tools and tests).

Here: every first-party .js/.mjs file is in one of them (a new file cannot slip past),
and the checker with our settings fails on a type error planted in a temporary file
(so `make lint` failing on one is real, not a checker that reads nothing)."""

from __future__ import annotations

import fnmatch
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ("tsconfig.json", "tsconfig.worker.json", "tsconfig.node.json")
TSC = ROOT / "node_modules" / ".bin" / "tsc"


def _config(name: str) -> dict[str, list[str]]:
    data = json.loads((ROOT / name).read_text(encoding="utf-8"))
    return {"include": data.get("include", []), "exclude": data.get("exclude", [])}


def _ours() -> list[str]:
    out = subprocess.run(["git", "ls-files", "*.js", "*.mjs"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    return sorted(f for f in out if not f.startswith(("vendor/", "node_modules/")))


def _checked_by(path: str) -> list[str]:
    def match(pattern: str) -> bool:
        # tsconfig's ** spans folders; fnmatch's * already does
        return fnmatch.fnmatch(path, pattern.replace("**/", "*"))
    return [c for c in CONFIGS
            if any(match(p) for p in _config(c)["include"]) and not any(match(p) for p in _config(c)["exclude"])]


def test_every_javascript_file_of_ours_is_checked_once():
    files = _ours()
    assert "sw.js" in files and "ui/boot/interpreter.mjs" in files, files
    unchecked = [f for f in files if not _checked_by(f)]
    twice = {f: _checked_by(f) for f in files if len(_checked_by(f)) > 1}
    assert not unchecked, f"in no tsconfig*.json (the checker would not read them): {unchecked}"
    assert not twice, f"in two programs at once: {twice}"


def test_the_pinned_checker_is_the_one_run():
    pkg = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    version = pkg["devDependencies"]["typescript"]
    assert version[0].isdigit(), f"typescript is pinned exactly in package.json, not {version!r}"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "node_modules/.bin/tsc -p" in makefile and all(c in makefile for c in CONFIGS)


def _tsc(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    if not TSC.is_file():
        import sys

        sys.path.insert(0, str(ROOT / "tests" / "browser"))
        from needs import ensure_runtime

        ensure_runtime()  # npm ci (make lint and make test have run it already)
    (tmp_path / "planted.js").write_text(source, encoding="utf-8")
    config = {"extends": str(ROOT / "tsconfig.json"), "include": [str(tmp_path / "planted.js")],
              "exclude": []}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return subprocess.run([str(TSC), "-p", str(tmp_path / "tsconfig.json")], capture_output=True,
                          text=True, timeout=300, check=False)


PLANTED = """\
/** @param {number} n @returns {string} */
export function label(n) { return "seat " + n; }
/** @type {number} */
const width = label(3);
document.body.dataset.width = String(width.toFixed(0));
"""


def test_the_checker_fails_on_a_planted_type_error(tmp_path):
    run = _tsc(tmp_path, PLANTED)
    assert run.returncode != 0, run.stdout + run.stderr
    assert "planted.js(4," in run.stdout and "TS2322" in run.stdout, run.stdout
    fixed = _tsc(tmp_path, PLANTED.replace("const width = label(3);", "const width = label(3).length;"))
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
