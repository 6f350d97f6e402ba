// The page's first script (classic, the table root's first child, so it runs
// before the first paint and before the splash is parsed): the table as the
// player left it, painted from the copy ui/boot.js keeps with the save, inert
// until Python takes over. The splash, parsed after it, is then never shown
// (style.css hides it in a painted table).
//
// The copy is used only when it belongs to the save and settings stored now
// (a fingerprint of both), and the address asks for nothing else (any query:
// a new match, a deal link, a setting), and not on a linked table's guest
// page. It is marked data-painted and takes no input (inert); data-phase stays
// "loading" until ui/main.py renders the real table, which replaces it whole
// (ui/boot.js then lifts the inert).
(function () {
  var KEY = "phom.paint.v1";
  var table = document.getElementById("table");
  var sprite = document.getElementById("sprite");
  function fingerprint(s) {
    // FNV-1a, 32 bits: enough to tell a save from another
    var h = 0x811c9dc5;
    for (var i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return s.length + "." + h.toString(16);
  }
  function current() {
    return fingerprint(localStorage.getItem("phom.match.v1") || "") + "/" +
      fingerprint(localStorage.getItem("phom.settings.v1") || "");
  }
  window.phomPaint = { key: KEY, fingerprint: current };
  try {
    // (a guest of a linked table shows the host's view, not a save of this device)
    if (!table || location.search.replace(/^\?/, "") || sessionStorage.getItem("phom.guest.v1") !== null) return;
    var copy = JSON.parse(localStorage.getItem(KEY) || "null");
    if (!copy || copy.v !== 1 || typeof copy.html !== "string" || copy.save !== current()) return;
    table.className = String(copy.cls || "app");
    table.innerHTML = copy.html;
    if (sprite && typeof copy.sprite === "string") sprite.innerHTML = copy.sprite;
    if (copy.lang === "vi" || copy.lang === "en") document.documentElement.lang = copy.lang;
    table.inert = true;
    table.setAttribute("aria-busy", "true");
    table.setAttribute("data-painted", "saved");
    window.phomPaint.at = performance.now();
    // "phom-painted" once the frame that shows it is drawn (bench/bench_load.py's
    // saved-table time: the pixels, not the insertion ~100-200 ms before them)
    requestAnimationFrame(function () {
      setTimeout(function () { performance.mark("phom-painted"); }, 0);
    });
  } catch (e) {
    /* no copy, or an unreadable one: the splash, as on a first visit */
  }
})();
