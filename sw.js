// Phỏm's service worker: the app and its pinned runtime, precached, served
// cache-first, so that after one visit the game starts and plays offline.
//
// tools/build_site.py writes the two constants between the BUILD markers when
// it assembles the site: PRECACHE lists every file the page can load with its
// SHA-256 (as a Subresource-Integrity string), VERSION is a hash of that list.
// One cache per version: a new version installs into a fresh cache, all or
// nothing (every file fetched and checked against its hash, or the install
// fails and the cache is dropped), and keeps waiting while a page of the old
// version is open, so a running page is only ever served its own version's
// files. The page asks a waiting worker to take over only while it is still
// starting (ui/boot.js), then reloads. Activation deletes the older caches.
//
// Unbuilt (served from a checkout by `make play`), PRECACHE is empty: this
// worker then caches nothing, intercepts nothing, and clears what a built
// version of the site left on the same origin.

/* BUILD:BEGIN */
const VERSION = "dev";
const PRECACHE = [];
/* BUILD:END */

const SCOPE = new URL("./", self.location).href;
// Caches belong to the origin, not the scope: name ours after the scope's
// path so two sites on one origin (user.github.io/a/, /b/) leave each other be.
const PREFIX = "phom:" + new URL(SCOPE).pathname + ":";
const CACHE = PREFIX + VERSION;
const META = SCOPE + ".precache.json"; // synthetic key: {path: hash} of a complete cache
const BUILT = PRECACHE.length > 0;

function abs(path) {
  return new URL(path, SCOPE).href;
}

async function olderCopies() {
  // Files unchanged since an earlier version (same hash) are copied from its
  // cache instead of being downloaded again.
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const meta = await cache.match(META);
    if (!meta) continue;
    let listed;
    try {
      listed = await meta.json();
    } catch (e) {
      continue;
    }
    for (const [path, sri] of Object.entries(listed)) {
      if (!found.has(path + " " + sri)) found.set(path + " " + sri, cache);
    }
  }
  return found;
}

async function install() {
  const cache = await caches.open(CACHE);
  if (await cache.match(META)) return; // this version is already complete
  try {
    const older = await olderCopies();
    await Promise.all(
      PRECACHE.map(async ([path, sri]) => {
        const url = abs(path);
        const old = older.get(path + " " + sri);
        let res = old ? await old.match(url) : undefined;
        if (!res) {
          // no-cache: revalidate (a 304 reuses the bytes the page just loaded);
          // integrity: a stale or half-deployed file fails the whole install.
          res = await fetch(new Request(url, { cache: "no-cache", integrity: sri, credentials: "same-origin" }));
          if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
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

async function dropOld(keepCurrent) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !(keepCurrent && name === CACHE)) await caches.delete(name);
  }
}

self.addEventListener("install", (event) => {
  if (!BUILT) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOld(BUILT).then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

if (BUILT) {
  const INDEX = abs("index.html");
  const scopePath = new URL(SCOPE).pathname;

  self.addEventListener("fetch", (event) => {
    const req = event.request;
    if (req.method !== "GET" || !req.url.startsWith(SCOPE)) return;
    const url = new URL(req.url);
    let key = url.origin + url.pathname; // our files take no query
    if (req.mode === "navigate") {
      if (url.pathname === scopePath) key = INDEX; // ./?new=1&seed=… is the page
      else if (key !== INDEX) return;
    }
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match(key))
        .then((hit) => hit || fetch(req)),
    );
  });
}
