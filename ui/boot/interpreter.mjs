// The interpreter module PyScript loads (the `interpreter` of the page's
// config): Pyodide's loadPyodide, started from a memory snapshot when one of
// this build is stored, so a return visit skips Python's start-up and our
// modules' imports (~1.5 s -> ~0.3 s).
//
// PyScript imports this module and calls its loadPyodide with its own options
// only; Pyodide's snapshot options are private (`_loadSnapshot`,
// `_makeSnapshot`) and tied to the exact runtime build. So:
//
// * A snapshot is the whole wasm heap once Python has started and our modules
//   are imported (phom/ and ui/ but ui/page/main.py, which needs the page's DOM).
//   It is made in a throwaway module Worker (ui/boot/snapshot.worker.mjs: its own
//   Pyodide, in the background, once the table is up): made on the page's main
//   thread, Pyodide wraps globalThis in a proxy that breaks PyScript, and after
//   PyScript's set-up the heap cannot be serialised.
// * It is kept in Cache Storage, its long runs of zeros left out, with the
//   build it belongs to and its SHA-256 (ui/boot/snapshot.store.mjs). Missing, from
//   another build, damaged, or failing to restore: a normal boot, and a new
//   snapshot is made.
// * index.html loads the store first of all (async), so the snapshot is read
//   from ~40 ms in; this module, as soon as it runs (~150-300 ms in, once
//   Pyodide's module is here), starts the runtime's own set-up beside that
//   reading, which restores the heap as soon as it is read and the page has
//   painted, while PyScript is still setting itself up: its loadPyodide call
//   (~400 ms in) then gets the interpreter restored already.
// * With no snapshot to restore (a first visit, a new build's, one that
//   failed), the normal boot starts as soon as that is known too, not when
//   PyScript calls (~450 ms in): ?boot=normal warm visits 2310 -> 2049 ms
//   (8 alternated pairs, 7 faster); first visits no faster (2671 -> 2712 ms:
//   there the runtime waits for the wasm's download, not for the call).
// * Restored, the page's Python files are unpacked only once the table is up:
//   everything the page imports is in the snapshot, precompiled.
// * Once per version of the service worker's cache, a restored visit has the
//   wasm's compiled code kept for the next ones (warmCodeCache, below).
// * Restored, every random generator starts where the snapshot left it: the
//   global one is re-seeded from the browser's crypto before anything deals.
//   (str hashes are frozen too: nothing may depend on their order.)
// * PyScript derives Pyodide's indexURL from this module's folder: ours is
//   passed instead.
// * A restored visit runs the page's Python (index.html's <script type="py">)
//   itself, and PyScript is never loaded: our Python uses Pyodide's own `js`
//   and `pyodide.ffi`, not PyScript's package, so nothing PyScript sets up is
//   needed. That spares its set-up on the main thread (its modules, config,
//   hooks): bench/bench_load.py warm visits 1017 -> 802 ms (3 runs each; every
//   run after below every run before); at 4x CPU 2456 ms, where the session
//   before measured 3523. A visit with nothing to restore loads PyScript as
//   before (usePyScript), and PyScript calls loadPyodide below.
//
// The page shows how it booted: <html data-boot="snapshot|normal"
// data-boot-why="…" data-runner="direct|pyscript"> and
// data-snapshot="making|stored|failed"; the same, with timings, in
// window.phomBoot (for the tests and bench/bench_load.py).
import { loadPyodide as loadRuntime, version } from "../../vendor/pyodide/pyodide.mjs";
import { BUILD, CACHE, KEY, Unusable, drop, read, unusable } from "./snapshot.store.mjs";

export { version, CACHE, KEY };

const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const SCOPE = new URL("../../", import.meta.url);
const SOURCES = new URL("../../vendor/pysrc.zip", import.meta.url).href;
const WORKER = new URL("./snapshot.worker.mjs", import.meta.url);

const PYSCRIPT = new URL("../../vendor/pyscript/core.js", import.meta.url).href;

const root = document.documentElement;
/** @type {Record<string, any>} */
const info = (globalThis.phomBoot = { build: BUILD, mode: "", why: "", snapshot: "" });

function set(name, value) {
  info[name] = value;
  root.dataset[name === "mode" ? "boot" : name === "why" ? "bootWhy" : name] = value;
}

// The store's reading of the snapshot, started before this module runs: {why}
// there is none to restore, or {heap: a promise of it}. (Not a top-level await
// for Pyodide's module, to run sooner: WebKit then hands PyScript this module
// before it has finished, and its exports throw.)
const stored = read();

// How long the reading took, for the benchmark (bench/bench_load.py).
function noteTimes({ times }) {
  const { t0, stored: bytes, ...rest } = times;
  Object.assign(info, rest, { readStart: t0, storedBytes: bytes ?? info.storedBytes });
}

// Our Python, one archive, unpacked into the home folder (the working
// directory, first on sys.path). Here rather than by PyScript's `files`:
// that needs its zip.js (70 KB gzip); Pyodide's zipfile is in a snapshot.
// Fetched when Python starts, not when this module runs: in WebKit a first
// visit's runtime waits for the service worker (untilControlled), and an
// archive fetched before would cross the network twice; in Chromium a first
// visit's ui/boot/boot.js has preloaded it, and this fetch takes that copy.
let sources = null;
function fetchSources() {
  sources ??= fetch(SOURCES).then((res) => {
    if (!res.ok) throw new Error(`${SOURCES}: HTTP ${res.status}`);
    return res.arrayBuffer();
  });
  return sources;
}
async function unpack(py) {
  py.unpackArchive(await fetchSources(), "zip", { extractDir: py.FS.cwd() });
}

// A restored page imports nothing from its files (all it imports is in the
// snapshot): they are unpacked once the table is interactive (ui/boot/boot.js's
// "phom-interactive" mark; ~75 ms off the start), for tracebacks' source lines
// and the tests. phomBoot.unpacked says when.
// A throwaway ui/boot/snapshot.worker.mjs given one message: answer(worker, its
// one reply), {ok: false, error} where it fails to run; the caller ends it.
function throwaway(message, answer) {
  const worker = new Worker(WORKER, { type: "module" });
  worker.onmessage = ({ data }) => answer(worker, data);
  worker.onerror = (e) => {
    e.preventDefault();
    answer(worker, { ok: false, error: e.message || "worker error" });
  };
  worker.postMessage(message);
}

// Run when the page is idle (at the latest 2 s on).
function whenIdle(go) {
  if (globalThis.requestIdleCallback) requestIdleCallback(go, { timeout: 2000 });
  else go();
}

function unpackWhenUp(py) {
  whenUp(() => unpack(py).then(() => { info.unpacked = true; }, (e) => console.error("phom: " + e)));
}

// The page's Python has run (PyScript's py:all-done, or runPage's own end).
let ranPage;
const pageRan = new Promise((resolve) => { ranPage = resolve; });
addEventListener("py:all-done", () => ranPage(), { once: true });

// Run once, soon after the table is interactive (ui/boot/boot.js's mark), or 5 s
// after the page's Python has run where no mark is seen.
function whenUp(go) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    go();
  };
  try {
    new PerformanceObserver((list, obs) => {
      if (list.getEntriesByName("phom-interactive").length) {
        obs.disconnect();
        setTimeout(once, 0);
      }
    }).observe({ type: "mark", buffered: true });
  } catch (_) { /* no observer: the fallback below */ }
  pageRan.then(() => setTimeout(once, 5000));
}

// Chromium keeps a wasm module's compiled code beside its copy in Cache
// Storage, as it does beside the HTTP cache's, but only once a page or worker
// served from that copy has run enough of it for V8 to optimise ~1 MB of code
// (and 2 s more), and only once per module and renderer process: a restored
// page never runs that much, and a first visit's page boots from the network's
// copy (the service worker installs after it). Until then every warm visit
// compiles the ~1,770 wasm functions it calls, lazily, on the main thread
// (traced; warm visits 572 -> 534 ms at 1x, 1847 -> 1575 ms at 4x CPU, 8
// alternated pairs). So once per version of the service worker's cache, a
// throwaway worker served from that copy boots Python in full
// (ui/boot/snapshot.worker.mjs, {warm: true}) and is kept CODE_LINGER_MS more for
// the code to be written; the service worker then marks its cache (sw.js).
// On the first visit, WARM_AFTER_MS after the snapshot is made and the service
// worker controls the page (its copy of the wasm carries a mark of its own, so
// that V8 takes it for another module than the page's: sw.js MARK); the first
// warm visit then has the code (1384 -> 1229 ms, 6 of 6 alternated pairs;
// 4681 -> 3659 ms at 4x CPU, 4 of 4).
// Where that visit ended too soon, on the next restored visit, WARM_AFTER_MS
// after the table is up. Always when the page is idle; only in Chromium, whose
// code cache this is (WebKit keeps none).
// <html data-code-cache="kept|warming|warmed|failed"> says where it stands.
const WARM_AFTER_MS = 3000;
const CODE_LINGER_MS = 5000;

function askWorker(what) {
  const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!sw || typeof MessageChannel !== "function") return Promise.resolve(null);
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 3000);
    ch.port1.onmessage = ({ data }) => {
      clearTimeout(timer);
      resolve(data);
    };
    sw.postMessage({ codeCache: what }, [ch.port2]);
  });
}

const chromium = Boolean(navigator.userAgentData) || /Chrom(e|ium)\//.test(navigator.userAgent);

// Run once the service worker controls the page (a first visit's, once it has
// installed and claimed it).
function whenControlled(go) {
  const sw = navigator.serviceWorker;
  if (sw.controller) go();
  else sw.addEventListener("controllerchange", go, { once: true });
}

function warmCodeCache(after) {
  if (!chromium || BUILD === "dev" || !navigator.serviceWorker) return;
  const run = async () => {
    const told = await askWorker("ask");
    if (!told) return;
    if (told.warmed) return set("codeCache", "kept");
    set("codeCache", "warming");
    throwaway({ warm: true, indexURL: INDEX_URL, sources: SOURCES }, (worker, data) => {
      if (!data.ok) {
        worker.terminate();
        info.codeCacheError = data.error;
        return set("codeCache", "failed");
      }
      setTimeout(async () => {
        worker.terminate();
        const done = await askWorker("done");
        set("codeCache", done && done.warmed ? "warmed" : "failed");
      }, CODE_LINGER_MS);
    });
  };
  after(() => setTimeout(() => whenIdle(run), WARM_AFTER_MS));
}

// ui/boot/snapshot.py's `name` called with `args` (its answer a string or number):
// the Python of the snapshot, as ui/boot/snapshot.make.mjs calls it.
/** @param {any} py @param {string} name @param {...any} args */
function snapshotPy(py, name, ...args) {
  const recipe = py.pyimport("ui.boot.snapshot");
  try {
    return recipe[name](...args);
  } finally {
    recipe.destroy();
  }
}

function makeSnapshot(py) {
  let sources = "{}";
  try {
    // the sources of what the page imported beyond what the worker imports itself
    sources = snapshotPy(py, "page_sources");
  } catch (e) {
    info.snapshotError = "page sources: " + e;
  }
  set("snapshot", "making");
  const t0 = performance.now();
  throwaway({ build: BUILD, indexURL: INDEX_URL, sources: SOURCES, pageSources: sources }, (worker, data) => {
    worker.terminate();
    info.makeMs = performance.now() - t0;
    if (data.ok) info.storedBytes = data.bytes;
    if (data.error) {
      info.snapshotError = data.error;
      console.error("phom: no snapshot made: " + data.error);
    }
    set("snapshot", data.ok ? "stored" : "failed");
    warmCodeCache(whenControlled);
  });
}

// After a normal boot: make the snapshot once the table is up and the page has
// had a moment to itself (the first visit's service worker installs then too).
function makeWhenIdle(py) {
  const go = () => setTimeout(() => whenIdle(() => makeSnapshot(py)), 1000);
  pageRan.then(go);
}

// The wasm heap's size now (the page's memory beside the JS heap).
function heap(py) {
  Object.defineProperty(info, "heapBytes", { get: () => py._module.HEAP8.length, enumerable: true });
}

// WebKit keeps no HTTP cache that its service worker's install revalidates
// against, so on a first visit whatever the page fetches before the worker
// takes it over crosses the network twice: the 9.6 MB wasm too, on a phone's
// network. There, a first visit's runtime waits until the worker controls the
// page (it is installing those very files) and is then served from its cache;
// never longer than WAIT_SW_MS (an install that fails or hangs: boot from the
// network, as before).
const WAIT_SW_MS = 20000;
const webkit = navigator.vendor === "Apple Computer, Inc." && !/Chrom|Edg/.test(navigator.userAgent);

async function untilControlled() {
  const sw = navigator.serviceWorker;
  if (!webkit || BUILD === "dev" || !sw || sw.controller || !location.protocol.startsWith("http")) return "";
  const t0 = performance.now();
  const how = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve("timeout"), WAIT_SW_MS);
    const end = (what) => { clearTimeout(timer); resolve(what); };
    sw.addEventListener("controllerchange", () => end("controlled"), { once: true });
    // the page's own registration (ui/boot/boot.js): the same one, returned again
    sw.register(new URL("sw.js", SCOPE).href).then((reg) => {
      if (sw.controller) return end("controlled");
      const w = reg.installing || reg.waiting || reg.active;
      if (!w) return end("no worker");
      // an activated worker that has not claimed us (a forced reload) will not now
      if (w.state === "activated") setTimeout(() => end("not claimed"), 1000);
      w.addEventListener("statechange", () => { if (w.state === "redundant") end("install failed"); });
    }, () => end("no worker"));
  });
  info.waitedForWorkerMs = performance.now() - t0;
  info.waitedForWorker = how;
  return how;
}

// Python's output until PyScript's call hands over its own handlers.
const TO_CONSOLE = { stdout: (...a) => console.log(...a), stderr: (...a) => console.error(...a) };

// The table painted from its saved copy (ui/boot/paint.js, at the end of the body)
// and a frame drawn: a restore blocks the main thread ~350 ms, which must not
// hold back that first paint.
// The page parsed (this module is async: it may run while the parser is mid-body).
const parsed = new Promise((resolve) => {
  if (document.readyState !== "loading") resolve();
  else document.addEventListener("readystatechange", resolve, { once: true });
});
const painted = () => parsed.then(() => new Promise((resolve) => {
  if (document.hidden || typeof requestAnimationFrame !== "function") return resolve();
  requestAnimationFrame(() => setTimeout(resolve, 0));
}));

// Restore the stored snapshot: the interpreter, or null with got.why (the
// snapshot is then dropped and the page boots normally). The runtime's set-up
// (its module, the wasm's and the stdlib's fetches) starts at once; the heap
// goes in once it is read and the page has painted. Python's output goes to
// the console until PyScript's call hands over its own handlers.
// A first visit's snapshot is the one the site ships (got.shipped; the store
// fetches it, ui/boot/snapshot.store.mjs): the runtime starts only once its
// fetch is sure to go on (on a slow link it is given up, and the runtime's one
// download serves the normal boot), in WebKit once the service worker serves
// the runtime (untilControlled, as a normal first boot). Once the table is up,
// its bytes are kept as this origin's snapshot (data-snapshot="stored"), and
// the next visits restore that, as they restore one made here.
async function restore(got) {
  const t0 = performance.now();
  info.restoreAt = t0;
  let snap = Promise.all([got.heap, painted()]).then(([h]) => h);
  snap.catch(() => { /* loadRuntime throws it */ });
  try {
    if (got.shipped) {
      progress("Loading interpreter"); // the splash's bar creeps (ui/boot/boot.js), as PyScript's news makes it
      await untilControlled();
      await got.committed;
      info.committedAt = performance.now();
    }
    const py = await loadRuntime({ indexURL: INDEX_URL, _loadSnapshot: snap, ...TO_CONSOLE });
    snap = got.heap = /** @type {any} */ (py)._api.config._loadSnapshot = undefined; // 31 MB the heap now holds
    // the global generator re-seeded from the browser's crypto (restored, it starts
    // where the snapshot left it); phomBoot.frozen: what the snapshot's maker froze
    info.frozen = snapshotPy(py, "reseed");
    unpackWhenUp(py);
    if (got.shipped) keepShipped(got);
    else set("restored", "stored");
    warmCodeCache(got.shipped ? (go) => whenUp(() => whenControlled(go)) : whenUp);
    info.restoreMs = performance.now() - t0;
    return py;
  } catch (e) {
    snap = got.heap = undefined;
    if (got.shipped) got.keep(false).catch(() => { /* let go */ });
    // a heap the store could not use (it dropped a damaged one), or one that failed here
    const unusableHeap = e instanceof Unusable;
    got.why = unusableHeap ? e.message : "restore failed: " + e;
    if (!unusableHeap && !got.shipped) await drop();
    return null;
  } finally {
    noteTimes(got);
  }
}

// News for the splash's bar where PyScript, which gives it on a normal boot, is not loaded.
function progress(what) {
  document.dispatchEvent(new CustomEvent("py:progress", { detail: what }));
}

// The shipped snapshot, restored, kept as this origin's once the table is up.
function keepShipped(got) {
  progress("Loaded interpreter");
  set("restored", "shipped");
  whenUp(() => {
    set("snapshot", "making");
    got.keep().then((n) => {
      info.storedBytes = n;
      set("snapshot", "stored");
    }, (e) => {
      info.snapshotError = String(e);
      set("snapshot", "failed");
    });
  });
}

// A normal boot (no snapshot, or one that failed to restore): Python started
// and our files unpacked.
async function bootNormally() {
  await untilControlled();
  fetchSources().catch(() => { /* reported when unpacked */ });
  const t0 = performance.now();
  info.normalAt = t0;
  const py = await loadRuntime({ indexURL: INDEX_URL, ...TO_CONSOLE });
  await unpack(py);
  info.unpacked = true;
  info.loadMs = performance.now() - t0;
  return py;
}

// Either boot starts as soon as the stored snapshot is read (or found
// missing), not when PyScript gets round to calling loadPyodide (~450 ms in,
// after its own set-up: its config, plugins and storage): the two overlap. A
// warm visit restores as soon as the heap is read and the page painted, and a
// normal boot starts ~250 ms sooner. PyScript's call passes only its output
// handlers (our config has no packages), handed over below.
const booting = stored.then(async (got) => {
  info.storedAt = performance.now(); // the boot starts from here, whoever asks when
  const restored = got.heap ? await restore(got) : null;
  if (restored) return { py: restored, mode: "snapshot", got };
  usePyScript(); // nothing to restore: PyScript loads beside the normal boot
  return { py: await bootNormally(), mode: "normal", got };
});

// PyScript, loaded once (ui/boot/boot.js loads it itself on a visit that no service
// worker serves): it will call loadPyodide below and run the page's Python.
// Imported only once the page is parsed: PyScript reads its config (our
// `interpreter`, this module) from the page when its module first runs, and
// before the parser reaches <script type="py" config> it finds none and fetches
// its default runtime from a CDN, which the CSP refuses (a parse held up at
// ui/boot/paint.js while the store answered at once; tests/browser/test_first_paint.py).
// The runner is claimed at once, so boot.js and a restore never both run the page.
function usePyScript() {
  if (globalThis.phomRunner === "direct") return;
  globalThis.phomRunner = "pyscript";
  parsed.then(() => import(PYSCRIPT));
}

// What either runner does with the runtime it is handed: its figures noted
// and, after a normal boot, a snapshot made for the next visit.
function handOver(py, mode, got, runner) {
  noteTimes(got);
  heap(py);
  set("runner", runner);
  if (mode === "snapshot") {
    info.restoredAt = performance.now();
  } else {
    set("why", got.why);
    if (!unusable()) makeWhenIdle(py);
  }
  set("mode", mode);
}

// A restored visit: the page's Python (index.html's <script type="py">) run
// here, where PyScript would have run it, in __main__. Its errors reach the
// console (ui/page/main.py boot() has shown them in the table too). Where PyScript
// is loaded already (a visit no service worker served, e.g. a reload that
// bypassed it), PyScript runs the page with the restored runtime instead.
function runPage(py, got) {
  globalThis.phomRunner = "direct";
  handOver(py, "snapshot", got, "direct");
  try {
    py.runPython(document.querySelector('script[type="py"]').textContent);
  } catch (e) {
    console.error("phom: the page's Python failed: " + e);
  } finally {
    ranPage();
  }
}

// A failed boot goes to PyScript too: its loadPyodide call throws the error.
booting.then(({ py, mode, got }) => {
  if (mode === "snapshot" && globalThis.phomRunner !== "pyscript") runPage(py, got);
}, usePyScript);

export async function loadPyodide(options = {}) {
  info.calledAt = performance.now();
  const got = await stored;
  const { py, mode } = await booting;
  // PyScript's own output handlers, as loadPyodide would have set them
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  handOver(py, mode, got, "pyscript");
  return py;
}
