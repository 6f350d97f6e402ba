// How a memory snapshot of the page's Python is made, wherever it is made: in
// the page's own throwaway worker after a first visit (ui/boot/snapshot.worker.mjs)
// and at build time under Node (tools/make_snapshot.mjs, the snapshot the site
// ships for a first visit). One recipe, so that both restore the same way:
// our Python unpacked, every module imported, a return visit's path walked, the
// page's other modules compiled in, everything frozen, then the heap.

// The recipe's Python is ui/boot/snapshot.py (ruff and mypy read it): its functions,
// called here on the runtime `py` once our archive is unpacked; a Python list or
// dict answered comes back as a JS one.
/** @param {any} py @param {string} name @param {...any} args */
export function call(py, name, ...args) {
  const recipe = py.pyimport("ui.boot.snapshot");
  try {
    const out = recipe[name](...args);
    if (out && typeof out.toJs === "function") {
      try { return out.toJs(); } finally { out.destroy(); }
    }
    return out;
  } finally {
    recipe.destroy();
  }
}

// The snapshot of a runtime started with {_makeSnapshot: true}: `sources` our
// archive's bytes (vendor/pysrc.zip), `pageSources` the page's own modules
// (ui/boot/snapshot.py page_sources; null: every module of ours not imported).
// `warm`: stop after the walk (no snapshot: ui/boot/interpreter.mjs warmCodeCache).
export function makeHeap(py, sources, pageSources = null, warm = false) {
  py.unpackArchive(sources, "zip", { extractDir: py.FS.cwd() });
  call(py, "import_all"); // throws on a module that fails to import: no snapshot
  call(py, "walk");
  if (warm) return null;
  call(py, "precompile", ...(pageSources == null ? [] : [pageSources])); // (JS null is not None)
  call(py, "freeze");
  return py.makeMemorySnapshot();
}
