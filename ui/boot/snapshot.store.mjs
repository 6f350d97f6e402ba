// Where and how the memory snapshot is kept (one owner for the build it
// belongs to, its name, its format and its check): written by
// ui/boot/snapshot.worker.mjs, read back here and restored by ui/boot/interpreter.mjs.
//
// The snapshot is the whole wasm heap (31.5 MB), two thirds zeros, most of
// them in long runs. It is kept with those runs left out (~17 MB): half the
// bytes to read back and to hash, half the storage, and putting them back is a
// few copies (gzip would keep 6 MB but costs ~300 ms to inflate).
//
//   "PHZ1" | heap length u32 | n u32 | n x (offset u32, length u32) | the n runs' bytes
//
// (little-endian). In Cache Storage with X-Phom-Build (the build it belongs
// to) and X-Phom-Sha256 (of the stored bytes: a damaged copy is never restored).
//
// A page reads its snapshot from the moment this module runs: index.html loads
// it first of all (async, ~40 ms in), ahead of the style sheets and of the
// runtime's own modules, which ui/boot/interpreter.mjs waits for (~150-300 ms in);
// the 17 MB take ~200 ms to read.

// tools/build_site.py writes BUILD: a hash of the runtime and our Python, so a
// snapshot is only ever restored into the very build that made it. Unbuilt
// (`make play`, sources edited at will) there is no snapshot.
/* BUILD:BEGIN */
export const BUILD = "dev";
/* BUILD:END */

const SCOPE = new URL("../../", import.meta.url);
export const CACHE = "phom-snapshot:" + SCOPE.pathname;
export const KEY = new URL(".pyodide-snapshot", SCOPE).href;

const MAGIC = 0x315a4850; // "PHZ1"
const HEADER = 12;
// Zero runs shorter than this stay in the bytes kept: fewer, longer copies.
const MIN_ZEROS = 1024;

export async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The heap's non-zero stretches: [[offset, length], ...].
function stretches(heap) {
  const out = [];
  const n = heap.length;
  // whole 32-bit words at a time where the heap is word-aligned (it always is)
  const words = new Uint32Array(heap.buffer, heap.byteOffset, n >> 2);
  let i = 0;
  while (i < words.length) {
    while (i < words.length && words[i] === 0) i++;
    if (i === words.length) break;
    const start = i;
    let zeros = 0;
    while (i < words.length) {
      if (words[i] === 0) {
        if (++zeros * 4 >= MIN_ZEROS) break;
      } else {
        zeros = 0;
      }
      i++;
    }
    const end = i - (i < words.length ? zeros - 1 : zeros); // the run of zeros is left out
    out.push([start * 4, (end - start) * 4]);
  }
  if (n & 3) out.push([n & ~3, n & 3]); // a ragged tail, kept as it is
  return out;
}

export function encode(heap) {
  if (heap.byteOffset & 3) heap = heap.slice();
  const runs = stretches(heap);
  const kept = runs.reduce((s, [, len]) => s + len, 0);
  const out = new Uint8Array(HEADER + 8 * runs.length + kept);
  const v = new DataView(out.buffer);
  v.setUint32(0, MAGIC, true);
  v.setUint32(4, heap.length, true);
  v.setUint32(8, runs.length, true);
  let p = HEADER + 8 * runs.length;
  runs.forEach(([off, len], k) => {
    v.setUint32(HEADER + 8 * k, off, true);
    v.setUint32(HEADER + 8 * k + 4, len, true);
    out.set(heap.subarray(off, off + len), p);
    p += len;
  });
  return out;
}

// The heap again, or an Error saying what is wrong with the stored bytes. The
// heap's `runs` are its kept stretches, [offset, length, ...] in order.
export function decode(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER || v.getUint32(0, true) !== MAGIC) return new Error("not a snapshot of this page");
  const size = v.getUint32(4, true);
  const n = v.getUint32(8, true);
  let p = HEADER + 8 * n;
  if (p > bytes.length) return new Error("the snapshot is cut short");
  const heap = new Uint8Array(size);
  const runs = new Uint32Array(2 * n);
  let end = 0;
  for (let k = 0; k < n; k++) {
    const off = v.getUint32(HEADER + 8 * k, true);
    const len = v.getUint32(HEADER + 8 * k + 4, true);
    if (off + len > size || p + len > bytes.length) return new Error("the snapshot is cut short");
    if (off < end) return new Error("the snapshot's stretches overlap");
    heap.set(bytes.subarray(p, p + len), off);
    runs[2 * k] = off;
    runs[2 * k + 1] = len;
    end = off + len;
    p += len;
  }
  if (p !== bytes.length) return new Error("the snapshot has bytes it cannot place");
  heap.runs = runs;
  return heap;
}

// What Pyodide's restoreSnapshot calls to put the heap (from its byte `from`
// on) into the runtime's memory, patched so by tools/build_site.py
// (sparse_restore): the kept stretches copied, and zeros only in the gaps
// below `dirty`, the break (sbrk) of the runtime about to be restored, under
// which it has written its static data, stack and first allocations. Above it
// the memory is as new, all zeros. Two thirds of the heap is zeros: the copy
// touches 17 MB, not 31.5 (and only their pages).
function phomPlace(HEAP8, from, dirty) {
  const runs = this.runs;
  const zero = (a, b) => {
    b = Math.min(b, from + dirty);
    if (b > a) HEAP8.fill(0, a - from, b - from);
  };
  let at = from;
  for (let k = 0; k < runs.length; k += 2) {
    const a = Math.max(runs[k], from);
    const b = runs[k] + runs[k + 1];
    if (b <= a) continue;
    zero(at, a);
    HEAP8.set(this.subarray(a, b), a - from);
    at = b;
  }
  zero(at, this.length);
}

// A heap decoded here or in the reader (its runs sent beside it), placeable.
export function placeable(heap, runs = heap.runs) {
  if (runs) {
    heap.runs = runs;
    heap.phomPlace = phomPlace;
  }
  return heap;
}

export async function write(heap, build) {
  const bytes = encode(heap);
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(bytes, {
    headers: {
      "Content-Type": "application/octet-stream",
      "X-Phom-Build": build,
      "X-Phom-Sha256": await sha256(bytes),
    },
  }));
  return bytes.length;
}

export async function drop() {
  try {
    await (await caches.open(CACHE)).delete(KEY);
  } catch (_) { /* nothing stored to drop */ }
}

// Why this page boots without a snapshot ("" when it may use one).
export function unusable() {
  if (BUILD === "dev") return "unbuilt";
  if (!globalThis.caches || !globalThis.crypto?.subtle || typeof Worker !== "function") return "unsupported";
  if (new URLSearchParams(location.search).get("boot") === "normal") return "asked";
  return "";
}

// The stored bytes, checked and unpacked: the heap, or an Error saying why
// they cannot be used (then dropped, so that a normal boot makes them anew).
async function unpackStored(cache, res, times) {
  try {
    const bytes = new Uint8Array(await res.arrayBuffer());
    times.readMs = performance.now() - times.t0;
    times.stored = bytes.length;
    const t1 = performance.now();
    const ok = (await sha256(bytes)) === res.headers.get("X-Phom-Sha256");
    times.hashMs = performance.now() - t1;
    const heap = ok ? decode(bytes) : new Error("its hash does not match");
    times.decodeMs = performance.now() - t1 - times.hashMs;
    times.readAt = performance.now();
    if (!(heap instanceof Error)) return heap;
    await cache.delete(KEY);
    throw new Error("corrupt: " + heap.message);
  } catch (e) {
    throw e.message?.startsWith("corrupt: ") ? e : new Error("unreadable: " + e);
  }
}

// This build's stored snapshot, in two steps: at once (a few ms) whether there
// is one, {why} not; if there is, {heap: a promise of it} (it rejects with why
// it cannot be used: read() makes that an Unusable), with the times of its
// reading as they come.
async function find() {
  const t0 = performance.now();
  const times = { t0, reader: globalThis.document ? "page" : "worker" };
  try {
    const cache = await caches.open(CACHE);
    const res = await cache.match(KEY);
    times.foundMs = performance.now() - t0;
    if (!res) return { why: "missing", times };
    if (res.headers.get("X-Phom-Build") !== BUILD) {
      await cache.delete(KEY);
      return { why: "other-build", times };
    }
    const heap = unpackStored(cache, res, times);
    heap.catch(() => { /* whoever restores it is told */ });
    return { heap, times };
  } catch (e) {
    return { why: "unreadable: " + e, times };
  }
}

// In the worker that reads it (below): find() there, its answers posted back.
async function serveReading() {
  const origin = performance.timeOrigin;
  const got = await find();
  if (!got.heap) return postMessage({ why: got.why, times: got.times, origin });
  postMessage({ found: true, times: got.times, origin });
  try {
    const heap = await got.heap;
    postMessage({ heap, runs: heap.runs, times: got.times, origin }, [heap.buffer, heap.runs.buffer]);
  } catch (e) {
    postMessage({ error: e.message, times: got.times, origin });
  }
}

// The reader's code: this module's own functions, in a blob (no file to fetch,
// no service worker to go through before it starts).
function readerSource() {
  const consts = { MAGIC, HEADER, BUILD, CACHE, KEY };
  return [
    ...Object.entries(consts).map(([k, v]) => `const ${k} = ${JSON.stringify(v)};`),
    ...[sha256, decode, unpackStored, find, serveReading].map(String),
    "serveReading();",
  ].join("\n");
}

// find(), in a worker of its own: on the page's main thread the 17 MB arrive
// only as fast as the page, busy laying out its table and evaluating PyScript,
// takes them in (~250-500 ms, against ~60 ms in the worker), and the hash and
// the unpacking are ~40 ms more of it (four times that on a slow phone). Where
// no such worker starts (a policy against blob workers, say): find() here.
function findInWorker() {
  const url = URL.createObjectURL(new Blob([readerSource()], { type: "text/javascript" }));
  let worker;
  try {
    worker = new Worker(url);
  } catch (_) {
    URL.revokeObjectURL(url);
    return find();
  }
  const times = {};
  const when = (t, origin) => (t === undefined ? t : t + origin - performance.timeOrigin);
  let heapDone = null;
  const heap = new Promise((resolve, reject) => { heapDone = { resolve, reject }; });
  heap.catch(() => { /* whoever restores it is told */ });
  return new Promise((resolve) => {
    let found = false;
    const end = () => { worker.terminate(); URL.revokeObjectURL(url); };
    worker.onmessage = ({ data }) => {
      Object.assign(times, data.times, { t0: when(data.times.t0, data.origin), readAt: when(data.times.readAt, data.origin) });
      if (data.found) {
        found = true;
        return resolve({ heap, times });
      }
      end();
      if (data.why) resolve({ why: data.why, times });
      else if (data.heap) heapDone.resolve(placeable(data.heap, data.runs));
      else heapDone.reject(new Error(data.error));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      end();
      if (!found) return resolve(find());
      heapDone.reject(new Error("unreadable: its reader failed: " + (e.message || "worker error")));
    };
  });
}

// The page's one reading of its snapshot (see the top): started when this
// module runs in a page that may use one.
let found = null;
export function read() {
  found ??= unusable() ? Promise.resolve({ why: unusable(), times: {} }) : findInWorker().then(told);
  return found;
}

// What a heap that cannot be used rejects with (its message: why).
export class Unusable extends Error {}

function told(got) {
  if (!got.heap) return got;
  const heap = got.heap.then(placeable, (e) => { throw new Unusable(e.message); });
  heap.catch(() => { /* whoever restores it is told */ });
  return { ...got, heap };
}
if (globalThis.document) read();
