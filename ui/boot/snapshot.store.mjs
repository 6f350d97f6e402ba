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
// (little-endian). The snapshot the site ships for a first visit (made at build
// time: tools/make_snapshot.mjs) is "PHZ2": the same, then base u32 after n,
// and its runs are where the heap differs from the memory as the wasm module's
// instantiation leaves it (its data segments: the first `base` bytes of the
// memory, zeros after), not from zeros: 12.0 MB kept, not 15.4, and 4.6 MB
// gzip, not 6.0. The restoring runtime keeps that first memory for it (the glue
// patched by tools/build_site.py keep_base). In Cache Storage with X-Phom-Build (the build it belongs
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

// tools/build_site.py writes SHIPPED too: the snapshot the site ships for a
// first visit (tools/make_snapshot.mjs), {path, bytes, sha256, gzip} (its path
// from the site's root, its length and SHA-256 once inflated, its length as
// sent), or null (unbuilt, or built without one).
/* SHIPPED:BEGIN */
export const SHIPPED = null;
/* SHIPPED:END */

const SCOPE = new URL("../../", import.meta.url);
export const CACHE = "phom-snapshot:" + SCOPE.pathname;
export const KEY = new URL(".pyodide-snapshot", SCOPE).href;
const SHIPPED_URL = SHIPPED ? new URL(SHIPPED.path, SCOPE).href : "";

// A first visit fetches the shipped snapshot only on a link fast enough for
// its bytes to cost less than the start they save. The browser's own word is
// taken first where it gives one (Save-Data, a 2G/3G effective type; not its
// downlink estimate: a fresh Chromium says ~1.5 Mbit/s, its prior, on any
// link); else the rate is measured on the snapshot's own first bytes, CHECK_MS
// after its response begins: below SLOW_MBPS the fetch is given up and the
// page boots as without it. The snapshot shares the link with the runtime's
// files then: its own rate at 300-500 ms measured 6-11 Mbit/s on a 20 Mbit/s
// link and 0.7-1.9 on a 5 Mbit/s one (bench/bench_load.py's link, --cpu 4);
// see docs/SNAPSHOT.md.
const CHECK_MS = 400;
const SLOW_MBPS = 3;

const MAGIC = 0x315a4850; // "PHZ1"
const MAGIC2 = 0x325a4850; // "PHZ2"
const HEADER = 12;
// Zero runs shorter than this stay in the bytes kept: fewer, longer copies.
const MIN_ZEROS = 1024;

export async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The heap's stretches that differ from `ref` (word-aligned, as long; none:
// zeros): [[offset, length], ...].
function stretches(heap, ref = null) {
  const out = [];
  const n = heap.length;
  // whole 32-bit words at a time where the heap is word-aligned (it always is)
  const words = new Uint32Array(heap.buffer, heap.byteOffset, n >> 2);
  const refs = ref ? new Uint32Array(ref.buffer, ref.byteOffset, n >> 2) : null;
  const same = refs ? (k) => words[k] === refs[k] : (k) => words[k] === 0;
  let i = 0;
  while (i < words.length) {
    while (i < words.length && same(i)) i++;
    if (i === words.length) break;
    const start = i;
    let zeros = 0;
    while (i < words.length) {
      if (same(i)) {
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

// Pyodide's snapshot: a header, then the memory from this offset on.
const memoryAt = (heap) => new DataView(heap.buffer, heap.byteOffset, 8).getUint32(4, true);

// PHZ1, or with `base` (the memory as instantiated) PHZ2: see the top.
export function encode(heap, base = null) {
  if (heap.byteOffset & 3) heap = heap.slice();
  let ref = null;
  if (base) {
    ref = new Uint8Array(heap.length);
    const from = memoryAt(heap);
    ref.set(base.subarray(0, Math.min(base.length, heap.length - from)), from);
  }
  const runs = stretches(heap, ref);
  const kept = runs.reduce((s, [, len]) => s + len, 0);
  const head = base ? HEADER + 4 : HEADER;
  const out = new Uint8Array(head + 8 * runs.length + kept);
  const v = new DataView(out.buffer);
  v.setUint32(0, base ? MAGIC2 : MAGIC, true);
  v.setUint32(4, heap.length, true);
  v.setUint32(8, runs.length, true);
  if (base) v.setUint32(12, base.length, true);
  let p = head + 8 * runs.length;
  runs.forEach(([off, len], k) => {
    v.setUint32(head + 8 * k, off, true);
    v.setUint32(head + 8 * k + 4, len, true);
    out.set(heap.subarray(off, off + len), p);
    p += len;
  });
  return out;
}

// The heap again, or an Error saying what is wrong with the stored bytes. The
// heap's `runs` are its kept stretches, [offset, length, ...] in order.
export function decode(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = bytes.length < HEADER ? 0 : v.getUint32(0, true);
  const head = magic === MAGIC2 ? HEADER + 4 : HEADER;
  if ((magic !== MAGIC && magic !== MAGIC2) || bytes.length < head) return new Error("not a snapshot of this page");
  const size = v.getUint32(4, true);
  const n = v.getUint32(8, true);
  let p = head + 8 * n;
  if (p > bytes.length) return new Error("the snapshot is cut short");
  const heap = /** @type {Heap} */ (new Uint8Array(size));
  const runs = new Uint32Array(2 * n + 1);
  runs[2 * n] = magic === MAGIC2 ? v.getUint32(12, true) : 0; // the base's length, last
  let end = 0;
  for (let k = 0; k < n; k++) {
    const off = v.getUint32(head + 8 * k, true);
    const len = v.getUint32(head + 8 * k + 4, true);
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
// A PHZ2 heap's gaps in the first `base` bytes of the memory are the memory as
// instantiated, `first` (kept by the glue as it was then: keep_base): copied
// from it. (runs: [offset, length, ...] then the base's length.)
function phomPlace(HEAP8, from, dirty, first) {
  const runs = this.runs;
  const last = runs.length - 1;
  const base = runs[last];
  if (base && !(first && first.length >= base)) throw new Error("no first memory to restore this snapshot onto");
  const zero = (a, b) => {
    if (base && a - from < base) {
      const c = Math.min(b, from + base);
      HEAP8.set(first.subarray(a - from, c - from), a - from);
      a = c;
    }
    b = Math.min(b, from + dirty);
    if (b > a) HEAP8.fill(0, a - from, b - from);
  };
  let at = from;
  for (let k = 0; k < last; k += 2) {
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
/** @typedef {Uint8Array & {runs?: Uint32Array, phomPlace?: Function}} Heap */
/** @param {Heap} heap @param {Uint32Array} [runs] */
export function placeable(heap, runs = heap.runs) {
  if (runs) {
    heap.runs = runs;
    heap.phomPlace = phomPlace;
  }
  return heap;
}

export async function write(heap, build) {
  return put(encode(heap), build);
}

// Keep `bytes` (PHZ1 or PHZ2) as this origin's snapshot of `build`; their length.
async function put(bytes, build) {
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

// Why a first visit does not fetch the shipped snapshot ("" when it may): none
// shipped, no DecompressionStream, ?boot=stored (tests: a first visit booting
// as before the site shipped one), or the browser says the link is slow.
function notShipped() {
  if (!SHIPPED) return "none shipped";
  if (typeof DecompressionStream !== "function") return "no DecompressionStream";
  if (new URLSearchParams(location.search).get("boot") === "stored") return "asked";
  const c = navigator.connection;
  if (c && c.saveData) return "slow link: Save-Data";
  if (c && /^(slow-2g|2g|3g)$/.test(c.effectiveType || "")) return "slow link: " + c.effectiveType;
  return "";
}

// The shipped snapshot, fetched and inflated: {committed, bytes}. `committed`
// resolves once the fetch is sure to go on (the link measured fast enough, or
// the whole file here), or rejects with why not (then the fetch is given up);
// `bytes` is the PHZ2 bytes, checked against SHIPPED's length and hash.
function fetchShipped(times) {
  /** @type {(e: any) => void} */
  let commit;
  const committed = new Promise((resolve, reject) => {
    commit = (e) => (e ? reject(e) : resolve(true));
  });
  committed.catch(() => { /* the restorer is told */ });
  const stop = new AbortController();
  const t0 = performance.now();
  times.shippedAt = t0;
  const bytes = (async () => {
    const res = await fetch(SHIPPED_URL, { signal: stop.signal, credentials: "same-origin" });
    if (!res.ok || !res.body) throw new Error("HTTP " + res.status);
    const tr = performance.now();
    let got = 0;
    let decided = false;
    const counted = new TransformStream({
      transform(chunk, out) {
        got += chunk.length;
        const dt = performance.now() - tr;
        if (!decided && dt >= CHECK_MS) {
          decided = true;
          const mbps = (got * 8) / dt / 1000;
          times.shippedMbps = Math.round(mbps * 10) / 10;
          if (mbps < SLOW_MBPS) {
            const e = new Error(`slow link: ${times.shippedMbps} Mbit/s`);
            commit(e);
            stop.abort(e);
            throw e;
          }
          commit(null);
        }
        out.enqueue(chunk);
      },
    });
    const inflated = res.body.pipeThrough(counted).pipeThrough(new DecompressionStream("gzip"));
    const raw = new Uint8Array(await new Response(inflated).arrayBuffer());
    times.shippedMs = performance.now() - t0;
    times.shippedGzip = got;
    commit(null);
    if (raw.length !== SHIPPED.bytes) throw new Error("cut short");
    const t1 = performance.now();
    const ok = (await sha256(raw)) === SHIPPED.sha256;
    times.hashMs = performance.now() - t1;
    if (!ok) throw new Error("its hash does not match");
    return raw;
  })();
  bytes.catch((e) => commit(e));
  return { committed, bytes };
}

// The shipped snapshot as find() answers for it: {shipped, committed, heap,
// keep} (keep(): store the bytes as this origin's snapshot, for the next visits).
function shipped(why, times) {
  const { committed, bytes } = fetchShipped(times);
  const heap = bytes.then((raw) => {
    const t1 = performance.now();
    const heap = decode(raw);
    times.decodeMs = performance.now() - t1;
    times.readAt = performance.now();
    if (heap instanceof Error) throw heap;
    return heap;
  }).catch((e) => {
    throw new Error("shipped: " + (e && e.message || e));
  });
  heap.catch(() => { /* whoever restores it is told */ });
  const keep = async (yes = true) => (yes ? put(await bytes, BUILD) : 0);
  return { shipped: why, committed, heap, keep, times };
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
    const first = (why) => {
      const not = globalThis.document ? notShipped() : shippedNot;
      if (not) times.notShipped = not;
      return not ? { why, times } : shipped(why, times);
    };
    if (!res) return first("missing");
    if (res.headers.get("X-Phom-Build") !== BUILD) {
      await cache.delete(KEY);
      return first("other-build");
    }
    const heap = unpackStored(cache, res, times);
    heap.catch(() => { /* whoever restores it is told */ });
    return { heap, times };
  } catch (e) {
    return { why: "unreadable: " + e, times };
  }
}

// In the worker that reads it (below): find() there, its answers posted back.
// A shipped one: whether its fetch goes on, then the heap, then, asked
// {keep: true}, the bytes stored ({kept: their length} or {keptError}).
async function serveReading() {
  const origin = performance.timeOrigin;
  const got = await find();
  if (!got.heap) return postMessage({ why: got.why, times: got.times, origin });
  postMessage({ found: true, shipped: got.shipped, times: got.times, origin });
  if (got.shipped) {
    try {
      await got.committed;
      postMessage({ committed: true, times: got.times, origin });
    } catch (e) {
      return postMessage({ error: "shipped: " + e.message, uncommitted: true, times: got.times, origin });
    }
  }
  try {
    const heap = await got.heap;
    // the worker's postMessage (a window's would want a target origin)
    /** @type {(message: any, transfer: Transferable[]) => void} */ (postMessage)(
      { heap, runs: heap.runs, times: got.times, origin }, [heap.buffer, heap.runs.buffer]);
  } catch (e) {
    return postMessage({ error: e.message, times: got.times, origin });
  }
  if (!got.shipped) return;
  self.onmessage = async ({ data }) => {
    if (!data.keep) return postMessage({ kept: 0 });
    try {
      postMessage({ kept: await got.keep() });
    } catch (e) {
      postMessage({ keptError: String(e) });
    }
  };
}

// The reader's code: this module's own functions, in a blob (no file to fetch,
// no service worker to go through before it starts).
function readerSource() {
  const consts = { MAGIC, MAGIC2, HEADER, BUILD, CACHE, KEY, SHIPPED, SHIPPED_URL, CHECK_MS, SLOW_MBPS,
                   shippedNot: notShipped() };
  return [
    ...Object.entries(consts).map(([k, v]) => `const ${k} = ${JSON.stringify(v)};`),
    ...[sha256, decode, put, unpackStored, fetchShipped, shipped, find, serveReading].map(String),
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
  /** @returns {[Promise<any>, {resolve: (v: any) => void, reject: (e: any) => void}]} */
  const later = () => {
    let done = null;
    const p = new Promise((resolve, reject) => { done = { resolve, reject }; });
    p.catch(() => { /* whoever restores it is told */ });
    return [p, done];
  };
  const [heap, heapDone] = later();
  const [committed, commitDone] = later();
  const [kept, keptDone] = later();
  // a shipped snapshot's bytes stored, asked once the page is up (the reader
  // kept them), or let go (keep(false): a restore that failed)
  const keep = (yes = true) => {
    worker.postMessage({ keep: yes });
    return kept;
  };
  return new Promise((resolve) => {
    let found = false;
    let shippedOne = false;
    const end = () => { worker.terminate(); URL.revokeObjectURL(url); };
    worker.onmessage = ({ data }) => {
      if (data.times) {
        Object.assign(times, data.times, { t0: when(data.times.t0, data.origin), readAt: when(data.times.readAt, data.origin),
                                           shippedAt: when(data.times.shippedAt, data.origin) });
      }
      if (data.found) {
        found = true;
        shippedOne = Boolean(data.shipped);
        if (!shippedOne) return resolve({ heap, times });
        return resolve({ shipped: data.shipped, committed, heap, keep, times });
      }
      if (data.committed) return commitDone.resolve(true);
      if ("kept" in data || data.keptError) {
        end();
        return data.keptError ? keptDone.reject(new Error(data.keptError)) : keptDone.resolve(data.kept);
      }
      if (data.heap) {
        heapDone.resolve(placeable(data.heap, data.runs));
        if (!shippedOne) end(); // a shipped one's reader waits for keep()
        return;
      }
      end();
      if (data.why) return resolve({ why: data.why, times });
      const e = new Error(data.error);
      if (data.uncommitted) commitDone.reject(e);
      heapDone.reject(e);
      keptDone.reject(e);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      end();
      if (!found) return resolve(find());
      const err = new Error("unreadable: its reader failed: " + (e.message || "worker error"));
      commitDone.reject(err);
      heapDone.reject(err);
      keptDone.reject(err);
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
  const unusableAs = (e) => { throw new Unusable(e.message); };
  const heap = got.heap.then(placeable, unusableAs);
  heap.catch(() => { /* whoever restores it is told */ });
  const committed = got.committed && got.committed.catch(unusableAs);
  if (committed) committed.catch(() => { /* the restorer is told */ });
  return { ...got, heap, committed };
}

// Whether this page, if nothing is stored, may restore the shipped snapshot
// (ui/boot/boot.js then leaves PyScript unloaded until it is known).
export function mayShip() {
  return !unusable() && !notShipped();
}
if (globalThis.document) read();
