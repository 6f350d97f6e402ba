// Splash progress while PyScript loads Python; everything after is in ui/main.py.
const bar = document.getElementById("splash-bar");
const text = document.getElementById("splash-text");
let lang = "vi";
try {
  const s = JSON.parse(localStorage.getItem("phom.settings.v1") || "{}");
  if (s && s.lang === "en") lang = "en";
} catch (e) { /* the page reports a bad save itself */ }
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
function onProgress(ev) {
  const msg = String(ev.detail || "");
  for (const [re, p, key] of steps) if (re.test(msg)) return show(p, key);
  show(Math.min(pct + 2, 90));
}
window.addEventListener("py:progress", onProgress);
document.addEventListener("py:progress", onProgress);
