// Phỏm's service worker: the app and its pinned runtime, precached, served
// cache-first, so that after one visit the game starts and plays offline.
//
// tools/build_site.py writes the two constants between the BUILD markers when
// it assembles the site: PRECACHE lists every file the page can load with its
// SHA-256 (as a Subresource-Integrity string), VERSION is a hash of that list.
//
// Versions. One cache per version. A new version installs into a fresh cache,
// all or nothing: every file is fetched and checked against its hash (files
// unchanged since an older version are copied from its cache), or the install
// fails and its cache is dropped. It then waits until no page of the old
// version is open (the game keeps running on the version it started with),
// and takes over at the next start of the app; activation deletes the older
// caches. It never skips the wait: Chromium may hand a page whose HTML the
// old worker served to the new one, and an activation pending while pages
// load can stall a navigation, so a page is only ever served by one version.
// (Chromium can still send a navigation to this worker just as a waiting one
// takes over; ui/boot/boot.js reloads such a page, not yet up, into the new one.)
//
// Unbuilt (served from a checkout by `make play`), PRECACHE is empty: this
// worker then caches nothing, intercepts nothing, and clears what a built
// version of the site left on the same origin.

/* BUILD:BEGIN */
const VERSION = "dev";
const PRECACHE = [];
/* BUILD:END */

// This file runs as a service worker: its global scope, typed (the checker: tsconfig.worker.json).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = new URL("./", sw.location.href).href;
// Caches belong to the origin, not the scope: name ours after the scope's
// path so two sites on one origin (user.github.io/a/, /b/) leave each other be.
const BASE = "phom:" + new URL(SCOPE).pathname + ":";
const CACHE = BASE + VERSION;
const META = SCOPE + ".precache.json"; // synthetic key: {path: hash}, written last
const BORN = SCOPE + ".born"; // synthetic key: when the version's install began
// synthetic key: a page has run Python long enough for Chromium to keep the
// wasm's compiled code beside this version's copy (ui/boot/interpreter.mjs)
const CODE_CACHED = SCOPE + ".code-cached";
const BUILT = PRECACHE.length > 0;

const abs = (path) => new URL(path, SCOPE).href;
const INDEX = abs("index.html"); // the page, at ./ or ./index.html

async function born(name) {
  const hit = await caches.match(BORN, { cacheName: name });
  return hit ? Number(await hit.text()) : 0;
}

async function olderCopies() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(BASE) || name === CACHE) continue;
    const meta = await caches.match(META, { cacheName: name });
    if (!meta) continue;
    try {
      for (const [path, sri] of Object.entries(await meta.json())) found.set(path + " " + sri, name);
    } catch (e) {
      /* an unreadable list: copy nothing from that cache */
    }
  }
  return found;
}

// Where an open page of ours was loaded from (./ or ./?new=1…, the address
// the browser's HTTP cache keeps it under), or ./ when none is open.
async function loadedFrom() {
  for (const c of await sw.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    const u = new URL(c.url);
    u.hash = "";
    if (u.origin + u.pathname === SCOPE || u.origin + u.pathname === INDEX) return u.href;
  }
  return SCOPE;
}

// Chromium keeps a wasm module's compiled code beside the copy it was streamed
// from, written once per module and renderer process, by whichever page or
// worker first runs enough of it; a module of the same bytes compiled again in
// that process shares that code and writes none. A first visit's page boots
// from the network's copy, so a worker of that visit booting from ours
// (ui/boot/interpreter.mjs warmCodeCache) would write nothing beside ours, and every
// later visit's wasm would wait for a warm-up on a second visit. Our copy of
// the runtime's wasm gets a custom section of its own, after the first
// (dylink.0, which must stay first): a module that runs the same, but another
// module to V8, whose compiled code the first visit's worker writes beside it.
// (Custom sections are not run; PRECACHE's hash is checked on the bytes
// fetched, before the mark.)
const MARKED_WASM = "vendor/pyodide/pyodide.asm.wasm";
const MARK_NAME = new TextEncoder().encode("phom.cached");
// a custom section: id 0, its size, then its name's length and the name
const MARK = Uint8Array.of(0, MARK_NAME.length + 1, MARK_NAME.length, ...MARK_NAME);
const CHROMIUM = Boolean(sw.navigator && sw.navigator.userAgentData) || /Chrom(e|ium)\//.test(sw.navigator.userAgent);

// A wasm module's bytes, MARK inserted after its first section.
async function marked(res) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  let i = 9; // past the magic number, the version and the first section's id
  let size = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[i++];
    size |= (b & 0x7f) << shift;
    if (b < 0x80) break;
  }
  const end = i + size;
  const out = new Uint8Array(bytes.length + MARK.length);
  out.set(bytes.subarray(0, end));
  out.set(MARK, end);
  out.set(bytes.subarray(end), end + MARK.length);
  return new Response(out, { headers: { "Content-Type": "application/wasm" } });
}

async function install() {
  const cache = await caches.open(CACHE);
  if (await cache.match(META)) return; // this version is already complete
  try {
    await cache.put(BORN, new Response(String(Date.now())));
    const older = await olderCopies();
    const pageURL = await loadedFrom();
    await Promise.all(
      PRECACHE.map(async ([path, sri]) => {
        const url = abs(path);
        const from = older.get(path + " " + sri);
        let res = from ? await caches.match(url, { cacheName: from }) : undefined;
        if (!res) {
          // no-cache: revalidate (a 304 reuses the bytes the page just loaded);
          // integrity: a stale or half-deployed file fails the whole install.
          // The page is asked for at the address it was loaded from (the
          // browser's cache holds it there: ./ or ./?seed=…, not ./index.html).
          const asked = path === "index.html" ? pageURL : url;
          res = await fetch(new Request(asked, { cache: "no-cache", integrity: sri, credentials: "same-origin" }));
          if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
          if (path === MARKED_WASM && CHROMIUM) res = await marked(res);
        }
        await cache.put(url, res);
      }),
    );
    await cache.put(META, new Response(JSON.stringify(Object.fromEntries(PRECACHE)), {
      headers: { "Content-Type": "application/json" },
    }));
  } catch (e) {
    await caches.delete(CACHE);
    throw e;
  }
}

// Delete the older versions' caches (never a newer one: that is a version
// still installing, which replaces us when it is done).
async function dropOlder() {
  const ours = await born(CACHE);
  for (const name of await caches.keys()) {
    if (name.startsWith(BASE) && name !== CACHE && (!BUILT || (await born(name)) <= ours)) {
      await caches.delete(name);
    }
  }
}

sw.addEventListener("install", (event) => {
  event.waitUntil(BUILT ? install() : sw.skipWaiting());
});

sw.addEventListener("activate", (event) => {
  // claim: the first visit's page (loaded from the network) is served from
  // now on; later versions only ever activate with no page of theirs open.
  event.waitUntil(dropOlder().then(() => sw.clients.claim()));
});

// A page asks, over a MessageChannel, whether this version's wasm has its
// compiled code kept ({codeCache: "ask"}), or says that it now has ("done");
// the answer is {warmed: true|false}. The mark lives and dies with the cache.
sw.addEventListener("message", (event) => {
  const what = event.data && event.data.codeCache;
  const port = event.ports && event.ports[0];
  if (!port || (what !== "ask" && what !== "done")) return;
  event.waitUntil((async () => {
    let warmed = false;
    try {
      const cache = BUILT && (await caches.has(CACHE)) ? await caches.open(CACHE) : null;
      if (cache && what === "done") await cache.put(CODE_CACHED, new Response(String(Date.now())));
      warmed = Boolean(cache && (await cache.match(CODE_CACHED)));
    } catch (e) {
      /* storage refused: not marked, the page says "failed" */
    }
    port.postMessage({ warmed });
  })());
});

if (BUILT) {
  const scopePath = new URL(SCOPE).pathname;

  sw.addEventListener("fetch", (event) => {
    const req = event.request;
    if (req.method !== "GET" || !req.url.startsWith(SCOPE)) return;
    const url = new URL(req.url);
    let key = url.origin + url.pathname; // our files take no query
    if (req.mode === "navigate") {
      if (url.pathname === scopePath) key = INDEX; // ./?new=1&seed=… is the page
      else if (key !== INDEX) return;
    }
    event.respondWith(caches.match(key, { cacheName: CACHE }).then((hit) => hit || fetch(req)));
  });
}
