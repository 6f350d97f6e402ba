"""The memory snapshot's stored form (ui/boot/snapshot.store.mjs), run under Node:
the heap comes back byte for byte from its kept runs, whatever the zeros
around them, and is placed so into a runtime's memory that holds other bytes
below its break; the stored form is smaller where the heap is mostly zeros; and
damaged stored bytes are refused with a reason, never turned into a heap."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")

SCRIPT = r"""
import { encode, decode, placeable } from "%s";
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
function heap(n, density) {
  const h = new Uint8Array(n);
  let i = 0;
  while (i < n) {
    const run = 1 + Math.floor(rand() * 5000);
    if (rand() < density) for (let k = i; k < Math.min(n, i + run); k++) h[k] = rand() < 0.7 ? 1 + (k & 0x7f) : 0;
    i += run;
  }
  return h;
}
const out = { cases: [], refused: [] };
const shapes = [[0, 0], [4, 1], [65536, 0], [65536, 1], [65536 * 8, 0.3], [65536 * 8, 0.05], [1000003, 0.5]];
for (const [n, d] of shapes) {
  const h = heap(n, d);
  if (n) { h[0] = 0x50; h[n - 1] = 9; }           // first and last bytes set
  const e = encode(h);
  const back = decode(e);
  const same = back instanceof Uint8Array && back.length === h.length && back.every((b, i) => b === h[i]);
  // placed as Pyodide's patched restoreSnapshot does (from its byte `from` on) into a
  // memory the runtime has written below `dirty` and not above
  const placed = [];
  for (const [from, dirty] of [[0, 0], [48, n >> 1], [Math.min(n, 5000), n], [7, n + 99]]) {
    if (from > n) continue;
    const mem = new Int8Array(n - from);
    for (let k = 0; k < Math.min(dirty, mem.length); k++) mem[k] = 1 + (k %% 97);
    placeable(back).phomPlace(mem, from, dirty);
    const got = new Uint8Array(mem.buffer);
    placed.push(got.every((b, i) => b === h[from + i]));
  }
  out.cases.push({ n, d, stored: e.length, same, placed });
}
// PHZ2: kept as its difference from a first memory (the wasm's data image), laid at
// Pyodide's memory offset (the heap's second word); placed onto that first memory
out.based = [];
for (const [n, d] of shapes.filter(([n]) => n >= 65536)) {
  const from = 48;
  const base = heap(n >> 2, 0.8);
  const h = heap(n, d);
  h.set(base.subarray(0, n - from), from);                     // unchanged since instantiated
  for (let k = 0; k < 5; k++) h[from + Math.floor(rand() * base.length)] ^= 0x5a; // a few bytes changed
  new DataView(h.buffer).setUint32(4, from, true);
  const e = encode(h, base);
  const back = decode(e);
  const same = back instanceof Uint8Array && back.length === h.length;
  const mem = new Int8Array(n - from);
  new Uint8Array(mem.buffer).set(base.subarray(0, mem.length));   // instantiated...
  for (let k = 0; k < 999; k++) mem[k] = 1 + (k %% 97);            // ...then written by the runtime
  placeable(back).phomPlace(mem, from, n >> 1, base);
  const got = new Uint8Array(mem.buffer);
  const placed = got.every((b, i) => b === h[from + i]);
  let refused = null;
  try { placeable(decode(e)).phomPlace(new Int8Array(n - from), from, n >> 1); } catch (err) { refused = err.message; }
  out.based.push({ n, d, stored: e.length, plain: encode(h).length, same, placed, refused });
}
const h = heap(65536 * 4, 0.3); h[0] = 1;
const e = encode(h);
const cut = e.slice(0, e.length - 3);
const extra = new Uint8Array(e.length + 1); extra.set(e);
const magic = e.slice(); magic[0] ^= 1;
const place = e.slice(); new DataView(place.buffer).setUint32(12, 1 << 30, true);
// two stretches out of order (the second placed before the first)
const order = e.slice(); const ov = new DataView(order.buffer);
const first = ov.getUint32(12, true); ov.setUint32(12, ov.getUint32(20, true), true); ov.setUint32(20, first, true);
for (const [what, bytes] of [["cut", cut], ["extra", extra], ["magic", magic], ["place", place], ["order", order],
                             ["empty", new Uint8Array(0)]]) {
  const r = decode(bytes);
  out.refused.push({ what, error: r instanceof Error ? r.message : null });
}
console.log(JSON.stringify(out));
"""


def test_the_heap_comes_back_from_its_kept_runs(tmp_path):
    assert NODE, "no node: scripts/setup.sh needs it too (apt-get install nodejs npm)"
    store = (ROOT / "ui" / "boot" / "snapshot.store.mjs").as_uri()
    script = tmp_path / "t.mjs"
    script.write_text(SCRIPT % store, encoding="utf-8")
    got = json.loads(subprocess.run([NODE, str(script)], check=True, capture_output=True, text=True).stdout)
    for case in got["cases"]:
        assert case["same"], case
        assert case["placed"] and all(case["placed"]), case
    sparse = [c for c in got["cases"] if c["n"] >= 65536 and c["d"] <= 0.3]
    assert sparse and all(c["stored"] < 0.5 * c["n"] for c in sparse), got["cases"]
    for case in got["based"]:
        # placed exactly, smaller than kept against zeros, and never placed with no first memory
        assert case["same"] and case["placed"], case
        assert case["stored"] < case["plain"], case
        assert case["refused"], case
    for r in got["refused"]:
        assert r["error"], f"damaged stored bytes ({r['what']}) were turned into a heap"


def test_a_real_snapshot_restores_byte_for_byte_from_its_stretches_into_a_shorter_table(built_site):
    # The built site's runtime (its glue patched: tools/build_site.py sparse_restore),
    # under Node: the memory a restore leaves is the snapshot's heap, every byte, though
    # the restoring runtime had written its own bytes below its break first.
    assert NODE, "no node: scripts/setup.sh needs it too (apt-get install nodejs npm)"
    script = ROOT / "tests" / "ship" / "restore_sparse.mjs"
    npm = ROOT / "node_modules" / "pyodide"
    run = subprocess.run([NODE, str(script), str(built_site), str(npm)], check=True, capture_output=True,
                         text=True, timeout=300)
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["placeable"] and got.get("placed"), got     # the patched glue took the stretches
    assert got["wrong"] == 0, got
    assert got["differBelowBreak"] > 0, got              # there was something to put right
    assert got["nonZeroAboveBreak"] == 0, got            # and nothing above the break
    assert got["mark"] == '{"x": [1, 2, 3]}', got      # the restored Python is the snapshot's
    assert got["random"] == got["makerRandom"], got
    # tools/build_site.py lazy_got: the main module's ~8,500 exports get no GOT entry, and
    # its functions no new table slot, until something asks (this build: 8,992 slots, not 14,174)
    assert got["table"] < got["npmTable"] - 4000, got
