// Makes the memory snapshot ui/boot/interpreter.mjs restores: a throwaway Pyodide
// of its own (off the page's main thread, whose PyScript a snapshot-making
// Pyodide would break), our Python unpacked where PyScript puts it and every
// module imported but ui/page/main.py (it imports the page's DOM at the top), then
// the heap kept in Cache Storage (ui/boot/snapshot.store.mjs). One message in, one
// out: {ok, bytes, heapBytes} or {ok: false, error}.
//
// With {warm: true} it makes no snapshot: the same boot and imports, only for
// the wasm's compiled code to be kept (ui/boot/interpreter.mjs, warmCodeCache);
// {ok: true} once done.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { write } from "./snapshot.store.mjs";

// What the page imports, so that it is in sys.modules when restored (files are
// not in a snapshot: a restored page unpacks the archive again once it is up,
// for tracebacks and the tests).
const IMPORT_ALL = `
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
const WALK = `
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
const PRECOMPILE = `
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
const FREEZE = "import gc\ngc.collect()\ngc.freeze()\ndel gc";

self.onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({ indexURL: data.indexURL, _makeSnapshot: !data.warm, stdout: () => {} });
    const res = await fetch(data.sources);
    if (!res.ok) throw new Error(`${data.sources}: HTTP ${res.status}`);
    py.unpackArchive(await res.arrayBuffer(), "zip", { extractDir: py.FS.cwd() });
    py.runPython(IMPORT_ALL);
    py.runPython(WALK);
    if (data.warm) return postMessage({ ok: true });
    py.globals.set("_phom_page_sources", data.pageSources || "{}");
    py.runPython(PRECOMPILE);
    py.runPython(FREEZE);
    const snap = py.makeMemorySnapshot();
    const stored = await write(snap, data.build);
    postMessage({ ok: true, bytes: stored, heapBytes: snap.length });
  } catch (e) {
    postMessage({ ok: false, error: String(e && e.stack || e) });
  }
};
