// Where and how the memory snapshot is kept (one owner for its name, its
// format and its check): written by ui/snapshot.worker.mjs, read back and
// restored by ui/interpreter.mjs.
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

const SCOPE = new URL("../", import.meta.url);
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

// The heap again, or an Error saying what is wrong with the stored bytes.
export function decode(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER || v.getUint32(0, true) !== MAGIC) return new Error("not a snapshot of this page");
  const size = v.getUint32(4, true);
  const n = v.getUint32(8, true);
  let p = HEADER + 8 * n;
  if (p > bytes.length) return new Error("the snapshot is cut short");
  const heap = new Uint8Array(size);
  for (let k = 0; k < n; k++) {
    const off = v.getUint32(HEADER + 8 * k, true);
    const len = v.getUint32(HEADER + 8 * k + 4, true);
    if (off + len > size || p + len > bytes.length) return new Error("the snapshot is cut short");
    heap.set(bytes.subarray(p, p + len), off);
    p += len;
  }
  if (p !== bytes.length) return new Error("the snapshot has bytes it cannot place");
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

// The stored heap for this build: {heap, stored, readMs, hashMs} or {why} it
// cannot be used (then dropped, so that a normal boot makes it anew).
export async function read(build) {
  const t0 = performance.now();
  try {
    const cache = await caches.open(CACHE);
    const res = await cache.match(KEY);
    if (!res) return { why: "missing" };
    if (res.headers.get("X-Phom-Build") !== build) {
      await cache.delete(KEY);
      return { why: "other-build" };
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const readMs = performance.now() - t0;
    const t1 = performance.now();
    const ok = (await sha256(bytes)) === res.headers.get("X-Phom-Sha256");
    const hashMs = performance.now() - t1;
    const heap = ok ? decode(bytes) : new Error("its hash does not match");
    if (heap instanceof Error) {
      await cache.delete(KEY);
      return { why: "corrupt: " + heap.message };
    }
    return { heap, stored: bytes.length, readMs, hashMs, decodeMs: performance.now() - t1 - hashMs };
  } catch (e) {
    return { why: "unreadable: " + e };
  }
}
