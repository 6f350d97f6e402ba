// The page's first script (classic, the table root's first child, so it runs
// before the first paint and before the splash is parsed): the table as the
// player left it, painted from the copy ui/boot/boot.js keeps with the save, inert
// until Python takes over. The splash, parsed after it, is then never shown
// (style.css hides it in a painted table).
//
// The copy is used only when it belongs to the save and settings stored now
// (a fingerprint of both), and the address asks for nothing else (any query:
// a new match, a deal link, a setting), and not on a linked table's guest
// page. It is marked data-painted and takes no input (inert); data-phase stays
// "loading" until ui/page/main.py renders the real table, which replaces it whole
// (ui/boot/boot.js then lifts the inert).
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
  // The Web Lock that lets one tab play (ui/page/tabs.py owns it: its name, what
  // each answer means), asked for here on a painted visit, a return visit
  // that plays this device's own save: the browser's answer is then there
  // when Python starts. Asked by Python, it came ~90-190 ms after Python's
  // boot at 4x CPU (~10 ms at 1x), the table's last wait before it takes
  // input: restored -> interactive 387 -> 160 ms (medians, 6 alternated
  // warm visits each at 4x CPU). window.phomLock: {granted: a promise of
  // the lock's release (null where another tab holds it), done: the
  // request's own promise}; Python adopts both (TabGuard.start), a guest's
  // page lets it go.
  function askForTheTable() {
    if (!navigator.locks) return;
    var asked = {};
    asked.granted = new Promise(function (answer) {
      asked.done = navigator.locks.request("phom.play", { ifAvailable: true }, function (lock) {
        window.phomPaint.lock = lock ? "held" : "busy"; // the answer, for the tests
        if (!lock) return answer(null);
        return new Promise(function (release) { answer(release); });
      });
    });
    asked.done.catch(function () { /* taken from this tab (steal): Python hears it */ });
    window.phomLock = asked;
  }
  // A first visit: the table's first screen as the site's build drew it
  // (tools/build_site.py first_screen: a fresh deal under the welcome, in a
  // <template>), inert like a saved copy, with the loading
  // progress over it (the splash, parsed after this script, made a bar at the
  // bottom) instead of a bare splash. Only where Python's first render is that
  // screen: nothing saved, no settings, no link (any query skips the welcome).
  // The language of a first visit: the browser's first one the page speaks, else
  // Vietnamese (ui/core/store.py browser_lang, which Python's first render follows).
  function browserLang() {
    var tags = (navigator.languages && navigator.languages.length) ? navigator.languages
      : [navigator.language || ""];
    for (var i = 0; i < tags.length; i++) {
      var base = String(tags[i]).split("-")[0].split("_")[0].trim().toLowerCase();
      if (base === "vi" || base === "en") return base;
    }
    return "vi";
  }
  window.phomBrowserLang = browserLang;
  function firstScreen() {
    if (location.search.replace(/^\?/, "") || localStorage.getItem("phom.match.v1") !== null ||
        localStorage.getItem("phom.settings.v1") !== null) return false;
    var lang = browserLang();
    var t = /** @type {HTMLTemplateElement | null} */ (document.getElementById("first-screen-" + lang));
    if (!t) return false;
    table.className = t.getAttribute("data-cls") || "app";
    // the parsed nodes themselves, moved out of the template: not its
    // innerHTML, which would serialise the ~15 KB and parse it again
    table.replaceChildren(t.content);
    document.documentElement.lang = lang;
    table.setAttribute("data-painted", "built");
    // the splash as a bar over the bottom of the picture, as soon as it is parsed
    new MutationObserver(function (_m, obs) {
      if (bar()) obs.disconnect();
    }).observe(table, { childList: true, subtree: true });
    return true;
  }
  // The splash made a bar over the bottom of a painted table (inline styles: the
  // style sheet hides the splash of a painted table), as far as it is parsed;
  // true once all of it is. Also ui/boot/boot.js's, when a painted table is tapped.
  var styled = 0;
  function bar() {
    var looks = {
      splash: "display:flex;position:fixed;left:0;right:0;bottom:0;top:auto;z-index:50;min-height:0;" +
        "flex-direction:row;flex-wrap:wrap;align-items:center;justify-content:center;gap:.25rem 1rem;" +
        "padding:.6rem 1rem calc(.6rem + env(safe-area-inset-bottom));background:rgba(8,40,25,.92);" +
        "box-shadow:0 -2px 12px rgba(0,0,0,.35)",
      "splash-cards": "display:none",
      h1: "display:none",
      progress: "flex:1 1 10rem;max-width:24rem;margin:0",
    };
    var splash = document.getElementById("splash");
    if (!splash) return false;
    if (!(styled & 1)) { splash.setAttribute("style", looks.splash); styled |= 1; }
    /** @type {[string, string, number][]} */
    var parts = [[".splash-cards", "splash-cards", 2], ["h1", "h1", 4], [".progress", "progress", 8]];
    for (var i = 0; i < parts.length; i++) {
      var el = splash.querySelector(parts[i][0]);
      if (el && !(styled & parts[i][2])) { el.setAttribute("style", looks[parts[i][1]]); styled |= parts[i][2]; }
    }
    return styled === 15;
  }
  window.phomPaint.bar = bar;
  function inertUntilPython() {
    table.inert = true;
    table.setAttribute("aria-busy", "true");
    window.phomPaint.at = performance.now();
    // "phom-painted" once the frame that shows it is drawn (bench/bench_load.py's
    // table-shown time: the pixels, not the insertion ~100-200 ms before them)
    requestAnimationFrame(function () {
      setTimeout(function () { performance.mark("phom-painted"); }, 0);
    });
  }
  try {
    // (a guest of a linked table shows the host's view, not a save of this device)
    if (!table || location.search.replace(/^\?/, "") || sessionStorage.getItem("phom.guest.v1") !== null) return;
    var copy = JSON.parse(localStorage.getItem(KEY) || "null");
    if (!copy || copy.v !== 1 || typeof copy.html !== "string" || copy.save !== current()) {
      if (!copy && firstScreen()) inertUntilPython();
      return;
    }
    table.className = String(copy.cls || "app");
    table.innerHTML = copy.html;
    if (sprite && typeof copy.sprite === "string") sprite.innerHTML = copy.sprite;
    if (copy.lang === "vi" || copy.lang === "en") document.documentElement.lang = copy.lang;
    table.setAttribute("data-painted", "saved");
    inertUntilPython();
    askForTheTable();
  } catch (e) {
    /* no copy, or an unreadable one: the splash, as on a first visit */
  }
})();
