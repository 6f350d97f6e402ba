// The page's first script: start the runtime's downloads, splash progress
// while PyScript loads Python; everything after is in ui/page/main.py.
import { mayShip } from "./snapshot.store.mjs";

// PyScript's own style sheet (its editor's and terminal's looks: nothing this
// page shows), added by a script, so not render-blocking: linked in index.html's
// head, a first visit's picture waited for it like for the style sheets it
// needs (ui/boot/paint.js runs only once those are in).
const pyscriptCss = document.createElement("link");
pyscriptCss.rel = "stylesheet";
pyscriptCss.href = "./vendor/pyscript/core.css";
document.head.append(pyscriptCss);

// A first visit that may restore the snapshot the site ships (the store
// fetches it): PyScript is not loaded unless that fails, and our Python's
// archive is fetched only once the table is up.
const shipping = mayShip();

// A first visit starts the runtime's downloads now, not when PyScript gets to
// them (index.html loads ui/boot/interpreter.mjs and with it Pyodide's module
// itself) (their requests start at ~30 ms instead of ~300 ms). Not on a
// return visit, served by the service worker: there nothing crosses the
// network, and the preloads only crowd the main thread before the restore
// (--cpu 4 warm visits 2799 -> 2454 ms, 8 alternated pairs; 1x no worse).
// Not in WebKit: it never reuses a preloaded copy and downloads every such
// file a second time.
const webkit = navigator.vendor === "Apple Computer, Inc." && !/Chrom|Edg/.test(navigator.userAgent);
const served = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
if (!webkit && !served) {
  const head = document.head;
  const link = (href, rel, as) => {
    const l = document.createElement("link");
    l.rel = rel;
    l.href = href;
    if (as) {
      l.as = as;
      l.crossOrigin = "anonymous";
    }
    head.append(l);
  };
  link("./vendor/pyodide/pyodide.asm.mjs", "modulepreload");
  link("./vendor/pyodide/pyodide.asm.wasm", "preload", "fetch");
  link("./vendor/pyodide/python_stdlib.zip", "preload", "fetch");
  link("./vendor/pyodide/pyodide-lock.json", "preload", "fetch");
  if (!shipping) link("./vendor/pysrc.zip", "preload", "fetch");
}

// A page the service worker served is one version's, whole. Chromium can send
// a navigation to the old worker just as a waiting new one takes over (the app
// closed and opened again at once): the new worker then controls the page, and
// what it loads next would be the new version's beside the old page. Such a
// page, still loading, reloads once into the new version; one already up
// keeps playing (sw.js activates a version only with none of its pages open).
if (served) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const table = document.getElementById("table");
    if (table && table.dataset.phase !== "loading") return;
    location.reload();
  }, { once: true });
}

// PyScript runs the page's Python (the <script type="py"> in index.html) on a
// normal boot; a visit restored from the snapshot runs it without PyScript
// (ui/boot/interpreter.mjs runPage). Where no snapshot can be here (the service
// worker serves nothing yet: a first visit, the dev server) and the site ships
// none this visit may fetch, PyScript is loaded at once; otherwise
// ui/boot/interpreter.mjs loads it once it knows there is no snapshot to
// restore. Whoever decides first sets window.phomRunner.
if (!served && !shipping && globalThis.phomRunner !== "direct") {
  globalThis.phomRunner = "pyscript";
  import("../../vendor/pyscript/core.js");
}

const bar = document.getElementById("splash-bar");
const text = document.getElementById("splash-text");
// The saved choice, else (a first visit: nothing saved) the browser's language as
// ui/boot/paint.js browserLang and ui/core/store.py browser_lang choose it.
let lang = "vi";
try {
  const saved = localStorage.getItem("phom.settings.v1");
  const s = JSON.parse(saved || "{}");
  if (s && (s.lang === "en" || s.lang === "vi")) lang = s.lang;
  else if (saved === null && globalThis.phomBrowserLang) lang = globalThis.phomBrowserLang();
} catch (e) { /* the page reports a bad save itself */ }
const asked = new URLSearchParams(location.search).get("lang");
if (asked === "en" || asked === "vi") lang = asked;
document.documentElement.lang = lang;
const words = {
  vi: { start: "Đang tải…", py: "Đang tải Python…", files: "Đang tải luật chơi…", deal: "Đang chia bài…",
        wait: "Chờ chút, bàn sắp sẵn sàng…" },
  en: { start: "Loading…", py: "Loading Python…", files: "Loading the rules…", deal: "Dealing…",
        wait: "One moment, the table is nearly ready…" },
}[lang];
if (text) text.textContent = words.start;
/** @type {[RegExp, number, string][]} */
const steps = [
  [/Loading Pyodide/i, 10, "py"],
  [/Loading interpreter/i, 25, "py"],
  [/Loaded interpreter/i, 70, "py"],
  [/Loading files/i, 75, "files"],
  [/Loaded files/i, 85, "files"],
  [/Loaded Pyodide/i, 92, "deal"],
];
let pct = 3;
function show(p, key) {
  pct = Math.max(pct, p);
  if (bar) bar.style.width = pct + "%";
  if (text && key) text.textContent = words[key];
}
show(3);
// Starting the interpreter is one long step with no news: creep towards its end.
let creep = null;
function creepTo(limit) {
  clearInterval(creep);
  creep = setInterval(() => {
    if (!bar || !bar.isConnected) return clearInterval(creep);
    show(pct + (limit - pct) * 0.06);
  }, 100);
}
function onProgress(ev) {
  const msg = String(ev.detail || "");
  if (/Loading interpreter/i.test(msg)) creepTo(68);
  else if (/Loaded interpreter/i.test(msg)) creepTo(97);
  for (const [re, p, key] of steps) if (re.test(msg)) return show(p, key);
  show(Math.min(pct + 2, 90));
}
window.addEventListener("py:progress", onProgress);
document.addEventListener("py:progress", onProgress);

// Offline play: sw.js (assembled by tools/build_site.py) precaches the site.
// A new version installs in the background and takes over only once every page
// of the old one is closed, so no page ever runs half old, half new.
// Registered once the table is interactive (or after REGISTER_LATEST_MS, a
// boot that never gets there): a first visit's install (30 files, 13.6 MB
// into Cache Storage) otherwise runs beside its boot on the phone's few cores
// (cold visits 3816 -> 3380 ms, 6 alternated pairs). In WebKit a first visit's
// runtime waits for the worker, and ui/boot/interpreter.mjs registers it at once.
const REGISTER_LATEST_MS = 15000;
let latest = setTimeout(registerWorker, REGISTER_LATEST_MS);
function registerWorker() {
  if (latest === null) return;
  clearTimeout(latest);
  latest = null;
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  navigator.serviceWorker.register("./sw.js")
    .catch(() => { /* no offline copy; the page still works online */ });
}

// Errors, for tests that have no console (WebKit's driver): every uncaught
// error and rejection, and what is logged as an error, in window.phomErrors.
const errors = (window.phomErrors = []);
addEventListener("error", (e) => errors.push(String(e.message || e.error || e)));
addEventListener("unhandledrejection", (e) => errors.push("unhandled rejection: " + String(e.reason)));
const consoleError = console.error.bind(console);
console.error = (...args) => {
  errors.push(args.map(String).join(" "));
  consoleError(...args);
};

// Python's first render (data-phase leaves "loading") is the page becoming
// interactive: a "phom-interactive" mark for the benchmark, the service
// worker registered (above), and the saved table painted at once
// (ui/boot/paint.js), which that render replaced, takes input again, before any
// event runs.
const table = document.getElementById("table");
const painted = () => table.hasAttribute("data-painted");
const takeover = new MutationObserver(() => {
  if (table.dataset.phase === "loading") return;
  takeover.disconnect();
  performance.mark("phom-interactive");
  setTimeout(registerWorker, 0);
  if (painted()) {
    table.inert = false;
    table.removeAttribute("aria-busy");
    table.removeAttribute("data-painted");
  }
});
takeover.observe(table, { attributes: true, attributeFilter: ["data-phase"] });

// A tap or key on a painted table before Python takes it (it is only a picture,
// inert): not lost silently. The loading bar is shown over it (a saved table's
// too) and says to wait; window.phomEarly counts them (the tests).
window.phomEarly = 0;
function early(ev) {
  if (!painted() || table.dataset.phase !== "loading" || (ev.type === "keydown" && ev.repeat)) return;
  window.phomEarly++;
  if (window.phomPaint && window.phomPaint.bar) window.phomPaint.bar();
  if (text) text.textContent = words.wait;
}
document.addEventListener("pointerdown", early, true);
document.addEventListener("keydown", early, true);

// ...and the copy it paints from, kept with the save: the table as rendered
// (open panels left out), a little after it changes and when the page is
// hidden, with a fingerprint of the save and settings it shows.
const PAINT = window.phomPaint;
let pending = 0;
function keepCopy() {
  clearTimeout(pending);
  pending = 0;
  if (!PAINT || painted() || table.dataset.phase === "loading") return;
  try {
    // Python says whether this table may be painted on the next visit
    // (App.may_paint: no save, pass-and-play or a linked guest's table: no)
    if (table.dataset.paint !== "keep") {
      localStorage.removeItem(PAINT.key);
      return;
    }
    const copy = /** @type {Element} */ (table.cloneNode(true));
    for (const el of copy.querySelectorAll(".dialog-layer")) el.remove();
    const sprite = document.getElementById("sprite");
    localStorage.setItem(PAINT.key, JSON.stringify({
      v: 1, save: PAINT.fingerprint(), cls: table.className, lang: document.documentElement.lang,
      html: copy.innerHTML, sprite: sprite ? sprite.innerHTML : "",
    }));
  } catch (e) {
    /* storage full or refused: no copy, the next visit shows the splash */
  }
}
new MutationObserver(() => {
  if (!pending) pending = setTimeout(keepCopy, 400);
}).observe(table, { childList: true, subtree: true, attributes: true, characterData: true });
addEventListener("pagehide", keepCopy);
document.addEventListener("visibilitychange", () => document.hidden && keepCopy());
