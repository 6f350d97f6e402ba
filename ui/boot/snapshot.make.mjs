// How a memory snapshot of the page's Python is made, wherever it is made: in
// the page's own throwaway worker after a first visit (ui/boot/snapshot.worker.mjs)
// and at build time under Node (tools/make_snapshot.mjs, the snapshot the site
// ships for a first visit). One recipe, so that both restore the same way:
// our Python unpacked, every module imported, a return visit's path walked, the
// page's other modules compiled in, everything frozen, then the heap.

// What the page imports, so that it is in sys.modules when restored (files are
// not in a snapshot: a restored page unpacks the archive again once it is up,
// for tracebacks and the tests).
export const IMPORT_ALL = `
import importlib, os
# and what PyScript's own Python and ui/page/main.py import
import asyncio, base64, collections, functools, html, inspect, io, json, random, re, traceback, weakref
for pkg in ("phom", "ui"):
    for d, dirs, files in os.walk(pkg):
        dirs.sort()
        for f in sorted(files):
            # a module ships as source or as bytecode (tools/bytecode.py)
            name = os.path.splitext(os.path.join(d, f))[0].replace("/", ".").removesuffix(".__init__")
            if not f.endswith((".py", ".pyc")) or name in ("ui.page.main", "phom.__main__"):
                continue
            try:
                importlib.import_module(name)
            except Exception:
                # a tool's module (the stdlib is trimmed to what the page needs), or one
                # that needs the page's DOM: the page imports it itself
                pass
import phom.bots
phom.bots.names()
`;

// A return visit's own path, walked once here: a match saved, resumed and its
// table rendered, as the page's boot does (ui/page/main.py on_table; pure Python, no
// page, in a storage of its own). The snapshot then holds that code warm (its
// bytecode specialised, its caches filled), and the wasm's compiled code kept
// by the warming worker covers it. No bot moves: nothing a bot keeps changes.
// --cpu 4, a restored page's Python from its first line to interactive:
// 254 -> 140 ms (medians, 8 visits each; the resume 72 -> 30, the table's
// HTML 60 -> 30).
export const WALK = `
def _phom_walk():
    from ui.core import store
    from ui.table import render
    from ui.table.app import App
    st = store.MemoryStorage()
    app = App(st, dict(store.DEFAULT_SETTINGS))
    app.start({"seed": "7"})
    for _ in range(16):
        if app.game.is_over:
            break
        app.apply(app.game.legal_actions()[0])
    again = App(st)
    again.start()
    render.page_html(again)
_phom_walk()
del _phom_walk
`;

// The page's other modules (their sources, or bytecode, come with the message), compiled
// here and served to the restored page by a finder first on sys.meta_path,
// without reading the file (a restored page unpacks its files only once it is up).
export const PRECOMPILE = `
import json, sys


class PhomPrecompiled:
    """Modules compiled into the memory snapshot (ui/boot/snapshot.worker.mjs)."""

    def __init__(self, table):
        self.table = table

    def find_spec(self, name, path=None, target=None):
        # The snapshot belongs to one build of these very sources (ui/boot/interpreter.mjs
        # restores it into no other), and a restored page imports before its files
        # are unpacked: the table is the truth, the file is not read.
        entry = self.table.get(name)
        if entry is None:
            return None
        file, package, _code = entry
        import importlib.util, os
        return importlib.util.spec_from_file_location(
            name, file, loader=self,
            submodule_search_locations=[os.path.dirname(file)] if package else None)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(self.table[module.__spec__.name][2], module.__dict__)


def _compile_all(sources):
    import base64, marshal
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
                pass
    return table


sys.meta_path.insert(0, PhomPrecompiled(_compile_all(_phom_page_sources)))
del _phom_page_sources, _compile_all, PhomPrecompiled
`;

// Everything imported so far lives as long as the page: out of the cyclic GC's
// passes (gc.freeze), as ui/page/main.py's boot() puts what its boot made. Unfrozen,
// a restored page's first collections walked all the modules' objects too:
// --cpu 4, the page's Python to interactive 284 -> 200 ms (medians, 8 visits each).
export const FREEZE = "import gc\ngc.collect()\ngc.freeze()\ndel gc";

// The page's modules that did not import here (they need the page's DOM: the
// page imports them itself), as PRECOMPILE takes them: {name: [file, source or
// base64 bytecode, is a package]}. What the page's own worker is sent by the
// page (sys.modules after its boot); at build time, every file of ours not
// imported, so that a first visit restored from the shipped snapshot imports
// them before its files are unpacked.
export const NOT_IMPORTED = `
import base64, json, os, sys
out = {}
for pkg in ("phom", "ui"):
    for d, dirs, files in os.walk(pkg):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith((".py", ".pyc")):
                continue
            path = os.path.join(os.getcwd(), d, f)
            name = os.path.splitext(os.path.join(d, f))[0].replace("/", ".")
            package = name.endswith(".__init__")
            name = name.removesuffix(".__init__")
            if name in sys.modules or name == "phom.__main__":
                continue
            if f.endswith(".pyc"):
                with open(path, "rb") as fh:
                    text = base64.b64encode(fh.read()).decode()
            else:
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
            out[name] = [path, text, package]
json.dumps(out)
`;

// The snapshot of a runtime started with {_makeSnapshot: true}: `sources` our
// archive's bytes (vendor/pysrc.zip), `pageSources` the JSON above or the page's
// own (null: every module of ours not imported). `warm`: stop after the walk
// (no snapshot: ui/boot/interpreter.mjs warmCodeCache).
export function makeHeap(py, sources, pageSources = null, warm = false) {
  py.unpackArchive(sources, "zip", { extractDir: py.FS.cwd() });
  py.runPython(IMPORT_ALL);
  py.runPython(WALK);
  if (warm) return null;
  py.globals.set("_phom_page_sources", pageSources ?? py.runPython(NOT_IMPORTED));
  py.runPython(PRECOMPILE);
  py.runPython(FREEZE);
  return py.makeMemorySnapshot();
}
