// Run by tests/ship/test_snapshot_store.py under Node: a real memory snapshot
// (the built site's runtime, with its glue patched by tools/build_site.py
// sparse_restore), stored and read back as the page does, then restored through
// its stretches: the memory afterwards must equal the snapshot's heap byte for
// byte. Prints what it saw as JSON.
//
//   node tests/ship/restore_sparse.mjs SITE_FOLDER [NPM_PYODIDE_FOLDER]
import path from "node:path";
import { pathToFileURL } from "node:url";

const site = path.resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(path.join(site, "vendor/pyodide/pyodide.mjs")).href);
const store = await import(pathToFileURL(path.join(site, "ui/boot/snapshot.store.mjs")).href);
const indexURL = path.join(site, "vendor/pyodide") + "/";
const out = {};
const maker = await loadPyodide({ indexURL, _makeSnapshot: true });
maker.runPython("import json, random\nMARK = json.dumps({'x': [1, 2, 3]})\nrandom.seed(5)");
const snap = maker.makeMemorySnapshot();
out.size = snap.length;
const heap = store.decode(store.encode(snap));
store.placeable(heap);
out.placeable = typeof heap.phomPlace === "function";
const real = heap.phomPlace;
heap.phomPlace = function (HEAP8, from, dirty) {
  out.dirty = dirty;
  // the memory before: the restorer's own bytes below its break, zeros above
  const before = new Uint8Array(HEAP8.buffer, HEAP8.byteOffset, HEAP8.length);
  let above = 0;
  for (let i = dirty; i < before.length; i += 4096) if (before[i]) above++;
  out.nonZeroAboveBreak = above;
  let below = 0;
  for (let i = 0; i < dirty; i++) if (before[i] !== this[from + i]) below++;
  out.differBelowBreak = below;
  real.call(this, HEAP8, from, dirty);
  const after = new Uint8Array(HEAP8.buffer, HEAP8.byteOffset, this.length - from);
  let wrong = 0;
  for (let i = 0; i < after.length; i++) if (after[i] !== this[from + i]) wrong++;
  out.wrong = wrong;
  out.placed = true;
};
const py = await loadPyodide({ indexURL, _loadSnapshot: heap });
out.mark = py.runPython("MARK");
out.random = py.runPython("import random; random.random()");
maker.runPython("import random");
out.makerRandom = maker.runPython("random.random()");
// the wasm table the restored runtime ended with (its GOT filled lazily,
// sparse_restore's neighbour lazy_got), and the npm runtime's own, unpatched
out.table = py._module.wasmTable.length;
out.frozen = py.runPython("import gc; gc.get_freeze_count()");
if (process.argv[3]) {
  const npm = await import(pathToFileURL(path.join(path.resolve(process.argv[3]), "pyodide.mjs")).href);
  const plain = await npm.loadPyodide({ indexURL: path.resolve(process.argv[3]) + "/" });
  out.npmTable = plain._module.wasmTable.length;
}
console.log(JSON.stringify(out));
