// The memory snapshot a built site ships for a first visit, made by
// tools/build_site.py under Node once the site is assembled: the site's own
// runtime (its glue patched as the page runs it) started as the page's worker
// starts one, its heap made by the page's own recipe (ui/boot/snapshot.make.mjs),
// stored as its difference from the memory as instantiated (PHZ2,
// ui/boot/snapshot.store.mjs), then restored here once as the page restores it:
// the memory placed must equal the heap made, byte for byte, or no snapshot
// ships. Writes OUT gzip-compressed (level 9; the page inflates it with
// DecompressionStream) and prints what it made as JSON.
//
//   node tools/make_snapshot.mjs SITE_FOLDER BASE_IMAGE OUT
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const USAGE = "usage: node tools/make_snapshot.mjs SITE_FOLDER BASE_IMAGE OUT\n\n" +
  "Make the memory snapshot a built site ships (tools/build_site.py runs this).";
const args = process.argv.slice(2);
if (args[0] === "-h" || args[0] === "--help") {
  console.log(USAGE);
  process.exit(0);
}
if (args.length !== 3) {
  console.error(USAGE);
  process.exit(2);
}
const [site, baseFile, out] = args.map((p) => path.resolve(p));
const load = (rel) => import(pathToFileURL(path.join(site, rel)).href);
const { loadPyodide } = await load("vendor/pyodide/pyodide.mjs");
const { makeHeap } = await load("ui/boot/snapshot.make.mjs");
const store = await load("ui/boot/snapshot.store.mjs");
const indexURL = path.join(site, "vendor/pyodide") + "/";
const bytesOf = (buf) => new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
const quiet = { stdout: () => {}, stderr: (s) => console.error(s) };

const t0 = performance.now();
const maker = await loadPyodide({ indexURL, _makeSnapshot: true, ...quiet });
const heap = makeHeap(maker, bytesOf(fs.readFileSync(path.join(site, "vendor/pysrc.zip"))));
const base = bytesOf(fs.readFileSync(baseFile));
const encoded = store.encode(heap, base);
const made = performance.now();

// restored as the page restores it, checked byte for byte
const back = store.placeable(store.decode(encoded));
const place = back.phomPlace;
const seen = {};
back.phomPlace = function (HEAP8, from, dirty, first) {
  seen.first = Boolean(first) && first.length === base.length && Buffer.compare(first, base) === 0;
  place.call(this, HEAP8, from, dirty, first);
  const mem = new Uint8Array(HEAP8.buffer, HEAP8.byteOffset, heap.length - from);
  seen.exact = Buffer.compare(mem, heap.subarray(from)) === 0;
};
const py = await loadPyodide({ indexURL, _loadSnapshot: back, ...quiet });
const modules = py.runPython("import sys; len([m for m in sys.modules if m.startswith(('phom', 'ui'))])");
if (!seen.first) throw new Error("the restoring runtime's first memory is not the wasm's data image");
if (!seen.exact) throw new Error("the snapshot restored is not the heap made");

const gz = zlib.gzipSync(encoded, { level: 9 });
fs.writeFileSync(out, gz);
console.log(JSON.stringify({
  heap: heap.length, bytes: encoded.length, gzip: gz.length, modules,
  sha256: crypto.createHash("sha256").update(encoded).digest("hex"),
  makeMs: Math.round(made - t0), checkMs: Math.round(performance.now() - made),
}));
