"""ui/boot/snapshot.py, the memory snapshot's Python, on CPython: an import that fails
is loud (only ui/page/'s modules that need the page's DOM from ``js`` are left to the
page), the return visit's walk runs, and precompiled modules import from the table."""

from __future__ import annotations

import json
import sys

import pytest

from ui.boot import snapshot


def _package(tmp_path, monkeypatch, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(snapshot, "PACKAGES", ("snapfix",))
    # imports write __pycache__ as they do in CI (env -i: no PYTHONDONTWRITEBYTECODE)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    for name in [m for m in sys.modules if m.startswith("snapfix")]:
        monkeypatch.delitem(sys.modules, name)


def test_a_module_that_fails_to_import_fails_the_snapshot(tmp_path, monkeypatch):
    _package(tmp_path, monkeypatch, {"snapfix/__init__.py": "", "snapfix/fine.py": "X = 1\n",
                                     "snapfix/broken.py": "import argparse_not_in_the_page\n"})
    with pytest.raises(snapshot.SnapshotImportError, match="snapfix.broken: ModuleNotFoundError"):
        snapshot.import_all()
    _package(tmp_path, monkeypatch, {"snapfix/broken.py": "raise ValueError('at import')\n"})
    with pytest.raises(snapshot.SnapshotImportError, match="snapfix.broken: ValueError: at import"):
        snapshot.import_all()


def test_only_the_pages_dom_is_left_to_the_page():
    dom = ImportError("cannot import name 'document' from 'js'", name="js")
    assert snapshot._needs_the_pages_dom("ui.page.keys", dom)
    assert not snapshot._needs_the_pages_dom("ui.table.app", dom)  # only ui/page/ may import js
    assert not snapshot._needs_the_pages_dom("ui.page.keys", ImportError("no zipfile", name="zipfile"))
    # in a worker the browser refuses the window's names: pyodide.ffi's JsException
    refused = type("JsException", (Exception,), {"__module__": "pyodide.ffi"})("TypeError: Illegal invocation")
    assert snapshot._needs_the_pages_dom("ui.page.learn", refused)
    assert not snapshot._needs_the_pages_dom("ui.table.app", refused)
    assert not snapshot._needs_the_pages_dom("ui.page.learn", NameError("a bug of ours"))


def test_every_module_imports_and_is_listed(tmp_path, monkeypatch):
    _package(tmp_path, monkeypatch, {"snapfix/__init__.py": "", "snapfix/a.py": "A = 1\n",
                                     "snapfix/sub/__init__.py": "", "snapfix/sub/b.py": "from snapfix.a import A\n"})
    assert snapshot.import_all() == []
    assert {"snapfix", "snapfix.a", "snapfix.sub", "snapfix.sub.b"} <= set(sys.modules)
    assert json.loads(snapshot.not_imported()) == {}


def test_precompiled_modules_import_without_their_files(tmp_path, monkeypatch):
    _package(tmp_path, monkeypatch, {"snapfix/__init__.py": "", "snapfix/late.py": "WHO = 'late'\n"})
    sources = snapshot.not_imported()
    assert set(json.loads(sources)) == {"snapfix", "snapfix.late"}
    (tmp_path / "snapfix" / "late.py").unlink()  # a restored page's files are not unpacked yet
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    snapshot.precompile(sources)
    import snapfix.late  # type: ignore[import-not-found]

    assert snapfix.late.WHO == "late"


def test_the_return_visits_walk_runs():
    snapshot.walk()
    assert snapshot.reseed() >= 0
