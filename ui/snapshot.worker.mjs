// Makes the memory snapshot ui/interpreter.mjs restores: a throwaway Pyodide
// of its own (off the page's main thread, whose PyScript a snapshot-making
// Pyodide would break), our Python unpacked where PyScript puts it and every
// module imported but ui/main.py (it imports the page's DOM at the top), then
// the heap stored raw in Cache Storage with its build and SHA-256. One message
// in, one out: {ok, bytes} or {ok: false, error}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// What the page imports, so that it is in sys.modules when restored (files are
// not in a snapshot: PyScript unpacks the archive again on every boot, for
// ui/main.py and for tracebacks).
const IMPORT_ALL = `
import importlib, os
# and what PyScript's own Python and ui/main.py import
import asyncio, base64, collections, functools, html, inspect, io, json, random, re, traceback, weakref
for pkg in ("phom", "ui"):
    for d, dirs, files in os.walk(pkg):
        dirs.sort()
        for f in sorted(files):
            name = os.path.join(d, f)[:-3].replace("/", ".").removesuffix(".__init__")
            if not f.endswith(".py") or name in ("ui.main", "phom.__main__"):
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

// The page's other modules (their sources come with the message), compiled
// here and served to the restored page by a finder first on sys.meta_path,
// as long as the file it would import holds the very same source.
const PRECOMPILE = `
import json, sys


class PhomPrecompiled:
    """Modules compiled into the memory snapshot (ui/snapshot.worker.mjs)."""

    def __init__(self, table):
        self.table = table

    def find_spec(self, name, path=None, target=None):
        entry = self.table.get(name)
        if entry is None:
            return None
        file, source, package, _code = entry
        try:
            with open(file, encoding="utf-8") as f:
                if f.read() != source:
                    return None
        except OSError:
            return None
        import importlib.util, os
        return importlib.util.spec_from_file_location(
            name, file, loader=self,
            submodule_search_locations=[os.path.dirname(file)] if package else None)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(self.table[module.__spec__.name][3], module.__dict__)


def _compile_all(sources):
    table = {}
    for name, (file, source, package) in json.loads(sources).items():
        if name not in sys.modules:
            try:
                table[name] = (file, source, package, compile(source, file, "exec", dont_inherit=True))
            except SyntaxError:
                pass
    return table


sys.meta_path.insert(0, PhomPrecompiled(_compile_all(_phom_page_sources)))
del _phom_page_sources, _compile_all, PhomPrecompiled
`;

async function hex(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

self.onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({ indexURL: data.indexURL, _makeSnapshot: true, stdout: () => {} });
    const res = await fetch(data.sources);
    if (!res.ok) throw new Error(`${data.sources}: HTTP ${res.status}`);
    py.unpackArchive(await res.arrayBuffer(), "zip", { extractDir: py.FS.cwd() });
    py.runPython(IMPORT_ALL);
    py.globals.set("_phom_page_sources", data.pageSources || "{}");
    py.runPython(PRECOMPILE);
    const snap = py.makeMemorySnapshot();
    const cache = await caches.open(data.cache);
    await cache.put(data.key, new Response(snap, {
      headers: {
        "Content-Type": "application/octet-stream",
        "X-Phom-Build": data.build,
        "X-Phom-Sha256": await hex(snap),
      },
    }));
    postMessage({ ok: true, bytes: snap.length });
  } catch (e) {
    postMessage({ ok: false, error: String(e && e.stack || e) });
  }
};
