"""The Python of the page's memory snapshot (docs/SNAPSHOT.md): what the runtime
runs to make one and what a restored page runs first.

ui/boot/snapshot.make.mjs follows one recipe wherever a snapshot is made (in the
page's own worker after a first visit, and at build time under Node for the one
the site ships): our Python unpacked, then here ``import_all`` (every module
imported), ``walk`` (a return visit's path walked once), ``precompile`` (the
page's other modules compiled in) and ``freeze``, then the heap. The page's
interpreter (ui/boot/interpreter.mjs) asks ``page_sources`` for the modules it
imported beyond those, and a restored one calls ``reseed`` first.

An import that fails is loud: the snapshot is not made (the worker answers
``{ok: false, error}``, the build stops), except for the modules this module
names as not the page's (``NOT_THE_PAGES``) and ui/page/'s modules that import
the page's DOM from ``js`` (not there in a worker, nor under Node: an ImportError
there, a JsException in a worker): the page imports those itself, compiled in by
``precompile``.
"""

from __future__ import annotations

import base64
import gc
import importlib
import importlib.util
import json
import marshal
import os
import random
import sys
from collections.abc import Iterator
from importlib.machinery import ModuleSpec
from types import CodeType, ModuleType

PACKAGES = ("phom", "ui")
# ui/page/main.py imports the page's DOM at its top (the page runs it); the rest are
# tools' modules (the command line's, the bots' arena: argparse, not in the page's stdlib)
NOT_THE_PAGES = ("ui.page.main", "phom.__main__", "phom.arena")
# what PyScript's own Python and ui/page/main.py import, imported too
STDLIB = ("asyncio", "base64", "collections", "functools", "html", "inspect", "io", "json",
          "random", "re", "traceback", "weakref")

# {module: [file, its source or base64 bytecode, is a package]}, as JSON: what
# precompile takes
Sources = dict[str, tuple[str, str, bool]]


class SnapshotImportError(ImportError):
    """A module of ours that should be in the snapshot failed to import."""


def _files() -> Iterator[tuple[str, str, bool]]:
    """(module, file relative to the home folder, is a package) for every module of
    ours unpacked there, as a source or as bytecode (tools/bytecode.py)."""
    for pkg in PACKAGES:
        for d, dirs, files in os.walk(pkg):
            # CPython's own caches are no module of ours (a test's imports write them
            # where the interpreter may write bytecode)
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if not f.endswith((".py", ".pyc")):
                    continue
                name = os.path.splitext(os.path.join(d, f))[0].replace("/", ".")
                yield name.removesuffix(".__init__"), os.path.join(d, f), name.endswith(".__init__")


def _needs_the_pages_dom(name: str, e: Exception) -> bool:
    """Whether ``e``, raised importing ``name``, is the page's DOM missing here: in
    ui/page/ (the only package that imports ``js``), a name ``js`` lacks (under Node),
    or the browser refusing to hand over the window's (a worker: pyodide.ffi's
    JsException, "Illegal invocation")."""
    if not name.startswith("ui.page."):
        return False
    if isinstance(e, ImportError):
        return e.name == "js"
    return type(e).__name__ == "JsException" and type(e).__module__.startswith("pyodide")


def import_all() -> list[str]:
    """Import every module of ours (so that it is in sys.modules when restored: files
    are not in a snapshot, a restored page unpacks them again once it is up). Returns
    the modules left to the page (they need its DOM); raises SnapshotImportError on
    any other failure."""
    for std in STDLIB:
        importlib.import_module(std)
    left = []
    for name, _file, _package in _files():
        if name in NOT_THE_PAGES:
            continue
        try:
            importlib.import_module(name)
        except Exception as e:
            if not _needs_the_pages_dom(name, e):
                raise SnapshotImportError(f"{name}: {type(e).__name__}: {e}") from e
            left.append(name)
    import phom.bots

    phom.bots.names()
    return left


def walk() -> None:
    """A return visit's own path, walked once: a match saved, resumed and its table
    rendered, as the page's boot does (ui/page/main.py on_table; pure Python, no page,
    in a storage of its own). The snapshot then holds that code warm (its bytecode
    specialised, its caches filled), and the wasm's compiled code kept by the warming
    worker covers it. No bot moves: nothing a bot keeps changes. --cpu 4, a restored
    page's Python from its first line to interactive: 254 -> 140 ms (medians, 8 visits
    each; the resume 72 -> 30, the table's HTML 60 -> 30)."""
    from ui.core import store
    from ui.table import render
    from ui.table.app import App

    st = store.MemoryStorage()
    app = App(st, dict(store.DEFAULT_SETTINGS))
    app.start({"seed": "7"})
    for _ in range(16):
        game = app.game
        assert game is not None  # started above
        if game.is_over:
            break
        app.apply(game.legal_actions()[0])
    again = App(st)
    again.start()
    render.page_html(again)


def _read(path: str) -> str:
    """A module's file as precompile takes it: its text, or a .pyc's bytes in base64."""
    if path.endswith(".pyc"):  # shipped as bytecode (tools/bytecode.py)
        with open(path, "rb") as fh:
            return base64.b64encode(fh.read()).decode()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def not_imported() -> str:
    """The modules of ours not imported (they need the page's DOM: the page imports
    them itself), as precompile takes them. At build time these are every file of ours
    that import_all left, so that a first visit restored from the shipped snapshot
    imports them before its files are unpacked."""
    out = {}
    for name, file, package in _files():
        if name in sys.modules or name == "phom.__main__":
            continue
        path = os.path.join(os.getcwd(), file)
        out[name] = [path, _read(path), package]
    return json.dumps(out)


def page_sources() -> str:
    """The sources of what the page imported from files beyond what the snapshot's worker
    imports itself (PyScript's own package, ui/page/main.py and the other modules that
    need the DOM), as precompile takes them: the worker compiles them into the snapshot,
    so that a restored page runs them without compiling (a restored interpreter's first
    compiles are several times slower: its wasm has not warmed up). Run in the page."""
    out = {}
    for name, m in list(sys.modules.items()):
        f = getattr(m, "__file__", None) or ""
        if f.endswith((".py", ".pyc")) and f.startswith("/") and ".zip/" not in f:
            try:
                out[name] = [f, _read(f), hasattr(m, "__path__")]
            except OSError:
                pass  # its file is gone: the worker imports it from its own copy, or not
    return json.dumps(out)


class PhomPrecompiled:
    """Modules compiled into the memory snapshot, served to a restored page first on
    sys.meta_path without reading their files (a restored page unpacks them only once
    it is up)."""

    def __init__(self, table: dict[str, tuple[str, bool, CodeType]]) -> None:
        self.table = table

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        # The snapshot belongs to one build of these very sources (ui/boot/interpreter.mjs
        # restores it into no other), and a restored page imports before its files
        # are unpacked: the table is the truth, the file is not read.
        entry = self.table.get(name)
        if entry is None:
            return None
        file, package, _code = entry
        return importlib.util.spec_from_file_location(
            name, file, loader=self,  # type: ignore[arg-type]  # a loader by protocol
            submodule_search_locations=[os.path.dirname(file)] if package else None)

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        assert module.__spec__ is not None
        exec(self.table[module.__spec__.name][2], module.__dict__)


def _compile_all(sources: str) -> dict[str, tuple[str, bool, CodeType]]:
    table = {}
    for name, (file, source, package) in json.loads(sources).items():
        if name not in sys.modules:
            try:
                if file.endswith(".pyc"):  # shipped as bytecode: its code, past the header
                    code = marshal.loads(base64.b64decode(source)[16:])
                else:
                    code = compile(source, file, "exec", dont_inherit=True)
                table[name] = (file, package, code)
            except (SyntaxError, ValueError, EOFError):
                pass  # the page imports it from its file as usual
    return table


def precompile(sources: str | None = None) -> None:
    """The page's other modules (``sources``: page_sources' from the page, or by
    default not_imported's) compiled here, served to the restored page by a finder
    first on sys.meta_path."""
    sys.meta_path.insert(0, PhomPrecompiled(_compile_all(not_imported() if sources is None else sources)))


def freeze() -> None:
    """Everything imported so far lives as long as the page: out of the cyclic GC's
    passes, as ui/page/main.py's boot() puts what its boot made. Unfrozen, a restored
    page's first collections walked all the modules' objects too: --cpu 4, the page's
    Python to interactive 284 -> 200 ms (medians, 8 visits each)."""
    gc.collect()
    gc.freeze()


def reseed() -> int:
    """Run first in a restored page: the global generator re-seeded from the browser's
    crypto (restored, it would start where the snapshot left it). Returns how many
    objects the snapshot's maker froze out of the cyclic GC's way (phomBoot.frozen)."""
    random.seed(os.urandom(32))
    return gc.get_freeze_count()
