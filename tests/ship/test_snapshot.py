"""The memory snapshot (ui/boot/interpreter.mjs, ui/boot/snapshot.worker.mjs) on the
assembled site in Chromium: a visit after the first starts Python from the
stored snapshot and still deals a new hand differently each time; a damaged
snapshot, one of another build and one that cannot be restored each fall back
to a normal boot that plays, and a new snapshot replaces the bad one. The
snapshot is read in a worker (ui/boot/snapshot.store.mjs), or by the page itself
where no such worker starts."""

from __future__ import annotations

import hashlib

import pytest
from table_driver import (
    LINK_OR_READY,
    PYSCRIPT_ASKED,
    keyboard_step,
    phase,
    play_hand,
    state,
    wait_for,
    wait_ready,
)
from test_offline import Watch

pytestmark = pytest.mark.browser

BOOT = "() => ({...document.documentElement.dataset})"
SETTLED = "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
CODE_CACHE_SETTLED = "() => ['kept', 'warmed', 'failed'].includes(document.documentElement.dataset.codeCache)"

# Spoil the stored snapshot in one of three ways (run in the page, with the
# store's own module: its name, its format and its check).
TAMPER = """async ([site, how]) => {
  const store = await import(site + "ui/boot/snapshot.store.mjs");
  const cache = await caches.open(store.CACHE);
  const res = await cache.match(store.KEY);
  if (!res) return "nothing stored";
  const headers = new Headers(res.headers);
  let bytes = new Uint8Array(await res.arrayBuffer());
  if (how === "corrupt") bytes[bytes.length >> 1] ^= 0xff;
  if (how === "other-build") headers.set("X-Phom-Build", "0123456789abcdef");
  if (how === "unrestorable") {
    // the heap's first byte, Pyodide's magic number; stored and hashed as the store does
    const heap = store.decode(bytes);
    heap[0] ^= 0xff;
    bytes = store.encode(heap);
    headers.set("X-Phom-Sha256", await store.sha256(bytes));
  }
  await cache.put(store.KEY, new Response(bytes, { headers }));
  return "spoilt";
}"""


# A page where no worker starts from a blob (a stricter policy, an older engine)
NO_BLOB_WORKERS = """(() => {
  const Real = Worker;
  window.Worker = function (url, options) {
    if (String(url).startsWith("blob:")) throw new DOMException("no blob workers here", "SecurityError");
    return new Real(url, options);
  };
})();"""


# Every wasm module the page compiles from bytes (not streamed: Emscripten's
# wrappers of JS functions for the wasm table, tools/build_site.py share_wrappers).
COUNT_MODULES = """(() => {
  const Real = WebAssembly.Module;
  const made = (window.phomModules = []);
  function Counted(bytes, ...rest) {
    const b = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
                                        : new Uint8Array(bytes);
    made.push(Array.from(b).join(","));
    return new Real(bytes, ...rest);
  }
  Counted.prototype = Real.prototype;
  Object.setPrototypeOf(Counted, Real);
  WebAssembly.Module = Counted;
})();"""


def boot(page) -> dict:
    return page.evaluate(BOOT)


def settle(page) -> str:
    page.wait_for_function(SETTLED, timeout=120_000, polling=100)
    info = page.evaluate("JSON.stringify(window.phomBoot)")
    assert boot(page)["snapshot"] == "stored", info
    return info


def visit(ctx, watch, url: str, init: str = ""):
    page = ctx.new_page()
    watch.attach(ctx, page)
    if init:
        page.add_init_script(init)
    page.goto(url)
    if "new=1" in url:
        # a match is saved, so a link to a new one asks first: start the linked one
        page.wait_for_function(LINK_OR_READY, timeout=60_000)
        if page.locator('[data-act="link_start"]').count():
            page.click('[data-act="link_start"]')
    wait_ready(page, 60_000)
    return page


@pytest.fixture(scope="module")
def snapshot_profile(browser, served_site):
    """A browser profile whose first visit has stored a snapshot, made once for the
    module (a first visit that makes its snapshot is the slow part, ~20 s in CI).
    Every test leaves a good snapshot stored: the warm test only reads it, and a
    bad-snapshot test ends by booting from the one made anew."""
    _srv, url = served_site
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="vi-VN")
    watch = Watch(url)
    # (boot=stored: a first visit that leaves the snapshot the site ships, as a
    # browser that cannot fetch it does: tests/ship/test_first_visit.py tests that one)
    page = visit(ctx, watch, url + "?new=1&speed=instant&seed=3&boot=stored")
    assert boot(page)["boot"] == "normal" and boot(page)["bootWhy"] == "missing"
    assert boot(page)["runner"] == "pyscript" and page.evaluate(PYSCRIPT_ASKED)
    # a normal boot's runtime starts loading once the snapshot is found missing, not
    # when PyScript asks for it (ui/boot/interpreter.mjs): before PyScript's call,
    # unless the lookup itself ended after it — on a first visit ui/boot/boot.js loads
    # PyScript at once, and on a busy machine its call can come first (seen in CI:
    # asked at 1561 ms, found missing and started at 1567). Either way it never waits
    # for the call: a boot started from loadPyodide would start after it every time.
    started, asked, found = page.evaluate(
        "[window.phomBoot.normalAt, window.phomBoot.calledAt, window.phomBoot.storedAt]")
    assert found <= started and (started < asked or found >= asked), (found, started, asked)
    settle(page)
    # then, once the service worker controls it, it has the wasm's compiled code
    # kept beside the worker's copy (ui/boot/interpreter.mjs warmCodeCache)
    page.wait_for_function(CODE_CACHE_SETTLED, timeout=90_000, polling=200)
    assert boot(page).get("codeCache") == "warmed", page.evaluate("JSON.stringify(window.phomBoot)")
    watch.check(page)
    page.close()
    yield ctx, url
    ctx.close()


@pytest.fixture
def snapshotted(snapshot_profile):
    """(profile, a watch of its own, url); every page the test opened is closed
    after it: an open page holds the table (ui/page/tabs.py), and the next test's
    first visit would be asked to take it over instead of booting to a hand."""
    ctx, url = snapshot_profile
    yield ctx, Watch(url), url
    for page in list(ctx.pages):
        page.close()


def watched(ctx, watch):
    """A new page watched for errors, and the list of the workers it starts."""
    page = ctx.new_page()
    watch.attach(ctx, page)
    workers: list = []
    page.on("worker", lambda w: workers.append(w.url))
    return page, workers


def traced(ctx, page, categories: str):
    """Start a trace of the page's renderer; the returned call ends it and gives its events."""
    cdp = ctx.new_cdp_session(page)
    events: list = []
    done: list = []
    cdp.on("Tracing.dataCollected", lambda p: events.extend(p["value"]))
    cdp.on("Tracing.tracingComplete", lambda p: done.append(True))
    cdp.send("Tracing.start", {"categories": categories, "transferMode": "ReportEvents"})

    def end() -> list:
        cdp.send("Tracing.end")
        page.wait_for_function("true")
        wait_for(lambda: done, 10.0, "the trace never completed", 0.1, pump=page)
        return events
    return end


# The service worker's copy of the runtime's wasm, as the page reads it: its
# size and SHA-256 (hex).
CACHED_WASM = """async (url) => {
  const res = await caches.match(url);
  if (!res) return null;
  const bytes = await res.arrayBuffer();
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [bytes.byteLength, Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("")];
}"""

# Forget that the code is kept (the mark sw.js keeps in its cache).
UNMARK = """async () => {
  let n = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) if (req.url.endsWith("/.code-cached")) n += await cache.delete(req);
  }
  return n;
}"""


def marked_wasm(site) -> bytes:
    """sw.js marked(): the runtime's wasm with MARK after its first section."""
    data = (site / "vendor/pyodide/pyodide.asm.wasm").read_bytes()
    size, i, shift = 0, 9, 0
    while True:
        b = data[i]
        i += 1
        size |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            break
    mark = bytes([0, 12, 11]) + b"phom.cached"
    return data[: i + size] + mark + data[i + size:]


# First in this module: the first restored visit of the profile (only the
# first visit came before it).
def test_the_first_visit_keeps_the_wasm_compiled_code_for_the_warm_ones(snapshotted, built_site):
    """ui/boot/interpreter.mjs warmCodeCache: the first visit booted from the
    network's copy of the wasm; once the service worker controlled it, a
    throwaway worker booted from the worker's copy, which sw.js marks so that
    V8 compiles it as a module of its own (tested by its bytes here), and had
    its compiled code kept (the fixture saw "warmed"). So the first restored
    visit starts no worker, and its wasm is compiled from that code (traced)."""
    ctx, watch, url = snapshotted
    page, workers = watched(ctx, watch)
    end = traced(ctx, page, "disabled-by-default-devtools.timeline")
    page.goto(url + "?speed=instant")
    wait_ready(page, 60_000)
    page.wait_for_function(CODE_CACHE_SETTLED, timeout=60_000, polling=200)
    events = end()
    assert boot(page)["boot"] == "snapshot" and boot(page)["codeCache"] == "kept"
    assert not [w for w in workers if "snapshot.worker" in w], workers
    names = {e.get("name") for e in events}
    assert "v8.wasm.moduleCacheHit" in names, sorted(n for n in names if "wasm" in str(n))
    want = marked_wasm(built_site)
    got = page.evaluate(CACHED_WASM, url + "vendor/pyodide/pyodide.asm.wasm")
    assert got == [len(want), hashlib.sha256(want).hexdigest()], got
    watch.check(page)


def test_a_restored_visit_keeps_the_code_where_the_first_visit_could_not(snapshotted):
    """Where the first visit ended before its worker had the code kept (no mark
    in the service worker's cache), the next restored visit boots that worker,
    a few seconds after its table is up, and has the cache marked; the visit
    after it is told so and starts none."""
    ctx, watch, url = snapshotted
    page = visit(ctx, watch, url + "?speed=instant")
    assert page.evaluate(UNMARK) == 1
    page.close()
    page, workers = watched(ctx, watch)
    page.goto(url + "?speed=instant")
    wait_ready(page, 60_000)
    assert boot(page)["boot"] == "snapshot"
    page.wait_for_function(CODE_CACHE_SETTLED, timeout=90_000, polling=200)
    assert boot(page).get("codeCache") == "warmed", page.evaluate("JSON.stringify(window.phomBoot)")
    assert [w for w in workers if "snapshot.worker" in w], workers
    watch.check(page)
    page.close()
    page = visit(ctx, watch, url + "?speed=instant")
    page.wait_for_function(CODE_CACHE_SETTLED, timeout=60_000, polling=200)
    assert boot(page)["codeCache"] == "kept"
    watch.check(page)


def test_warm_visits_boot_from_the_snapshot_and_deal_anew(snapshotted):
    ctx, watch, url = snapshotted
    hands = []
    for _ in range(2):
        page = visit(ctx, watch, url + "?new=1&speed=instant")
        assert boot(page)["boot"] == "snapshot", page.evaluate("JSON.stringify(window.phomBoot)")
        assert page.evaluate("window.phomBoot.reader") == "worker"
        assert boot(page)["runner"] == "direct"
        assert page.evaluate(PYSCRIPT_ASKED) == [], "a restored visit loaded PyScript"
        # the modules came frozen (ui/boot/snapshot.worker.mjs): the boot's collections skip them
        assert page.evaluate("window.phomBoot.frozen") > 5000, page.evaluate("JSON.stringify(window.phomBoot)")
        hands.append(state(page)["hand"])
        watch.check(page)
        page.close()
    assert hands[0] != hands[1], "two restored visits dealt the same hand"
    # where no reader worker starts, the page reads the snapshot itself; and a
    # restored page plays like any other: a whole hand, then the next
    page = visit(ctx, watch, url + "?new=1&speed=instant&players=2", init=NO_BLOB_WORKERS)
    assert boot(page)["boot"] == "snapshot", page.evaluate("JSON.stringify(window.phomBoot)")
    assert page.evaluate("window.phomBoot.reader") == "page"
    steps = play_hand(page, keyboard_step)
    assert "discard" in steps and phase(page) == "hand-over"
    page.keyboard.press("n")
    wait_ready(page)
    assert state(page)["hand_no"] == 2
    watch.check(page)


def test_a_restored_runtime_compiles_each_wrapper_once(snapshotted):
    # Pyodide links its JS functions into the wasm table through a tiny module
    # each; the same bytes (one signature's types) are compiled once, then instantiated
    ctx, watch, url = snapshotted
    page = visit(ctx, watch, url, init=COUNT_MODULES)
    assert boot(page)["boot"] == "snapshot", page.evaluate("JSON.stringify(window.phomBoot)")
    made = page.evaluate("window.phomModules")
    assert len(made) >= 5, "no wrapper was seen: the count no longer sees them"
    twice = len(made) - len(set(made))
    assert twice == 0, f"{twice} of {len(made)} modules compiled again from the same bytes"
    assert state(page)["hand"], "a restored page with its wrappers shared deals a hand"
    watch.check(page)


@pytest.mark.parametrize("how,why", [("corrupt", "corrupt"), ("other-build", "shipped"),
                                     ("unrestorable", "restore failed")])
def test_a_bad_snapshot_falls_back_plays_and_is_made_anew(snapshotted, how, why):
    # (another build's: as a new version's first visit on this device, the snapshot the
    # site ships; a damaged one or one that fails: the plain boot, through PyScript)
    ctx, watch, url = snapshotted
    page = ctx.new_page()
    watch.attach(ctx, page)
    page.goto(url + "?speed=instant")
    wait_ready(page, 60_000)
    assert page.evaluate(TAMPER, [url, how]) == "spoilt"
    page.close()

    page = visit(ctx, watch, url + "?new=1&speed=instant&players=3")
    info = boot(page)
    if why == "shipped":
        assert info["boot"] == "snapshot" and info["restored"] == "shipped", info
        assert info["runner"] == "direct" and not page.evaluate(PYSCRIPT_ASKED), info
    else:
        assert info["boot"] == "normal" and info["bootWhy"].startswith(why), info
        assert info["runner"] == "pyscript" and page.evaluate(PYSCRIPT_ASKED), info
    steps = play_hand(page, keyboard_step)
    assert "discard" in steps and phase(page) == "hand-over"
    settle(page)
    watch.check(page)
    page.close()

    page = visit(ctx, watch, url)
    assert boot(page)["boot"] == "snapshot"
    assert phase(page) == "hand-over"  # the hand just played, resumed
    watch.check(page)
