// The page's first script: start the runtime's downloads, splash progress
// while PyScript loads Python; everything after is in ui/main.py.

// Start the interpreter's downloads now, not when PyScript gets to them
// (their requests start at ~30 ms instead of ~300 ms). Not in WebKit: it never
// reuses a preloaded copy and downloads every such file a second time.
const webkit = navigator.vendor === "Apple Computer, Inc." && !/Chrom|Edg/.test(navigator.userAgent);
if (!webkit) {
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
  link("./vendor/pyodide/pyodide.mjs", "modulepreload");
  link("./vendor/pyodide/pyodide.asm.mjs", "modulepreload");
  link("./vendor/pyodide/pyodide.asm.wasm", "preload", "fetch");
  link("./vendor/pyodide/python_stdlib.zip", "preload", "fetch");
  link("./vendor/pyodide/pyodide-lock.json", "preload", "fetch");
  link("./vendor/pysrc.zip", "preload", "fetch");
}

const bar = document.getElementById("splash-bar");
const text = document.getElementById("splash-text");
let lang = "vi";
try {
  const s = JSON.parse(localStorage.getItem("phom.settings.v1") || "{}");
  if (s && s.lang === "en") lang = "en";
} catch (e) { /* the page reports a bad save itself */ }
const asked = new URLSearchParams(location.search).get("lang");
if (asked === "en" || asked === "vi") lang = asked;
document.documentElement.lang = lang;
const words = {
  vi: { start: "Đang tải…", py: "Đang tải Python…", files: "Đang tải luật chơi…", deal: "Đang chia bài…" },
  en: { start: "Loading…", py: "Loading Python…", files: "Loading the rules…", deal: "Dealing…" },
}[lang];
if (text) text.textContent = words.start;
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
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.register("./sw.js")
    .catch(() => { /* no offline copy; the page still works online */ });
}
