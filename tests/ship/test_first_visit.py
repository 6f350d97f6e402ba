"""A first visit restores the memory snapshot the site ships (tools/build_site.py
make_shipped, ui/boot/snapshot.store.mjs SHIPPED), in Chromium, on the assembled
site: two first visits deal different hands, the page runs without PyScript,
and once the table is up it keeps the snapshot as its own for the next visit.
Where the shipped one cannot serve -- cut short, damaged, failing to restore,
a slow link (measured or said by the browser) -- the first visit boots as it
did before the site shipped one, through PyScript, with nothing shown to the
player, and plays a hand."""

from __future__ import annotations

import gzip
import hashlib
import json
import re

import pytest
from table_driver import (
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
INFO = "() => JSON.stringify(window.phomBoot)"
STORED = "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"


def shipped(site) -> dict:
    text = (site / "ui/boot/snapshot.store.mjs").read_text(encoding="utf-8")
    return json.loads(re.search(r"export const SHIPPED = (\{.*?\});", text).group(1))


@pytest.fixture
def server(served_site):
    """The site's server, its test switches put back after the test."""
    srv, url = served_site
    yield srv, url
    srv.handler.cut = frozenset()
    srv.handler.swap = {}
    srv.handler.slow = {}


def first_visit(browser, url: str, query: str = "?new=1&speed=instant", init: str = ""):
    """A first visit in a fresh profile, up: (context, page, watch)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="vi-VN")
    watch = Watch(url)
    page = ctx.new_page()
    watch.attach(ctx, page)
    if init:
        page.add_init_script(init)
    page.goto(url + query)
    wait_ready(page, 90_000)
    return ctx, page, watch


def test_first_visits_restore_the_shipped_snapshot_and_deal_anew(browser, server, built_site):
    _srv, url = server
    ship = shipped(built_site)
    assert (built_site / ship["path"]).stat().st_size == ship["gzip"]
    hands = []
    for visit in range(2):
        ctx, page, watch = first_visit(browser, url)
        info = page.evaluate(BOOT)
        assert info["boot"] == "snapshot" and info["restored"] == "shipped", page.evaluate(INFO)
        assert info["runner"] == "direct" and page.evaluate(PYSCRIPT_ASKED) == [], "a shipped restore loaded PyScript"
        # fetched once, from the network, as sent (gzip, inflated in the page)
        assert page.evaluate("window.phomBoot.shippedGzip") == ship["gzip"]
        hands.append(state(page)["hand"])
        if visit == 0:
            # it plays; then it keeps the snapshot as its own, and the next visit restores that
            steps = play_hand(page, keyboard_step)
            assert "discard" in steps and phase(page) == "hand-over"
            page.wait_for_function(STORED, timeout=60_000, polling=100)
            assert page.evaluate(BOOT)["snapshot"] == "stored", page.evaluate(INFO)
            assert page.evaluate("window.phomBoot.storedBytes") == ship["bytes"]
            watch.check(page)
            page.close()
            page = ctx.new_page()
            watch.attach(ctx, page)
            page.goto(url)
            wait_ready(page, 60_000)
            info = page.evaluate(BOOT)
            assert info["boot"] == "snapshot" and info["restored"] == "stored", page.evaluate(INFO)
            assert phase(page) == "hand-over"  # the hand just played, resumed
        watch.check(page)
        ctx.close()
    assert hands[0] != hands[1], "two first visits from the shipped snapshot dealt the same hand"


def damaged(site, ship: dict) -> tuple[bytes, bytes]:
    """The shipped snapshot with Pyodide's magic number spoilt, and a store that
    names it (its length and hash right: only the restore can tell)."""
    raw = bytearray(gzip.decompress((site / ship["path"]).read_bytes()))
    runs = int.from_bytes(raw[8:12], "little")
    raw[16 + 8 * runs] ^= 0xFF  # the first run is the heap's first bytes: Pyodide's header
    store = (site / "ui/boot/snapshot.store.mjs").read_text(encoding="utf-8")
    spoilt = dict(ship, sha256=hashlib.sha256(raw).hexdigest())
    store = store.replace(json.dumps(ship), json.dumps(spoilt))
    assert json.dumps(spoilt) in store
    return gzip.compress(bytes(raw)), store.encode()


@pytest.mark.parametrize("how,why", [
    ("cut", "shipped: "),            # the download breaks off half-way
    ("corrupt", "shipped: "),        # a byte changed on the way (gzip's check or the hash)
    ("other", "shipped: "),          # another build's file at this name (its hash)
    ("unrestorable", "restore failed"),  # right length and hash, but Pyodide refuses it
    ("slow", "shipped: slow link"),  # measured on its first bytes
    ("3g", "missing"),               # said by the browser: not fetched at all
])
def test_a_shipped_snapshot_that_cannot_serve_falls_back_to_the_plain_boot(browser, server, built_site, how, why):
    import serve_site

    srv, url = server
    ship = shipped(built_site)
    data = (built_site / ship["path"]).read_bytes()
    init = ""
    if how == "cut":
        srv.handler.cut = frozenset({ship["path"]})
    elif how == "corrupt":
        spoilt = bytearray(data)
        spoilt[len(spoilt) // 2] ^= 0xFF
        srv.handler.swap = {ship["path"]: bytes(spoilt)}
    elif how == "other":
        raw = bytearray(gzip.decompress(data))
        raw[-1000:] = bytes(1000)
        srv.handler.swap = {ship["path"]: gzip.compress(bytes(raw))}
    elif how == "unrestorable":
        snap, store = damaged(built_site, ship)
        srv.handler.swap = {ship["path"]: snap, "ui/boot/snapshot.store.mjs": store}
    elif how == "slow":
        srv.handler.slow = {ship["path"]: serve_site.Link(2, 20)}
    elif how == "3g":
        init = "Object.defineProperty(navigator, 'connection', {value: {effectiveType: '3g', saveData: false}})"
    ctx, page, watch = first_visit(browser, url, "?new=1&speed=instant&players=2", init)
    info = page.evaluate(BOOT)
    assert info["boot"] == "normal" and info["bootWhy"].startswith(why), page.evaluate(INFO)
    assert info["runner"] == "pyscript" and page.evaluate(PYSCRIPT_ASKED), info
    if how == "3g":
        assert page.evaluate("window.phomBoot.notShipped") == "slow link: 3g"
        assert not [u for u in watch.asked if ship["path"] in u], "the shipped snapshot was fetched on 3G"
    assert state(page)["hand"], "the plain boot dealt no hand"
    if how == "cut":
        # the plain boot's path, played through on every run; and, as before the site
        # shipped one, it makes its own snapshot for the next visits (the slow part,
        # once: every fallback goes on the same way from here)
        steps = play_hand(page, keyboard_step)
        assert "discard" in steps and phase(page) == "hand-over"
        page.wait_for_function(STORED, timeout=120_000, polling=100)
        assert page.evaluate(BOOT)["snapshot"] == "stored", page.evaluate(INFO)
    watch.check(page)
    ctx.close()


RUNTIME = "**/vendor/pyodide/pyodide.asm.wasm"


def hold_runtime(page) -> list:
    """The runtime's wasm held back (the routes kept here) while a test looks at
    the built picture: Python cannot take the table over until release_runtime."""
    held: list = []
    page.route(RUNTIME, lambda route: held.append(route))
    return held


def release_runtime(page, held: list) -> None:
    """Let the held runtime through, once the page has asked for it, and wait
    for the table to be up."""
    wait_for(lambda: held, 5.0, "the page never asked for the runtime", 0.05, pump=page)
    for route in held:
        route.continue_()
    page.unroute(RUNTIME)
    wait_ready(page, 90_000)


def test_a_first_visit_shows_the_built_first_screen_at_once_and_says_so_to_an_early_tap(browser, server):
    """ui/boot/paint.js paints the table's first screen from the built page
    (tools/build_site.py first_screen) before any module runs, inert, with the
    loading bar over it; a tap on it before Python takes over is answered (the
    bar says to wait), and once Python draws the table it is the normal one."""
    _srv, url = server
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="vi-VN", has_touch=True)
    watch = Watch(url)
    page = ctx.new_page()
    watch.attach(ctx, page)
    held = hold_runtime(page)
    page.goto(url)
    page.wait_for_function("performance.getEntriesByName('phom-painted').length === 1", timeout=30_000)
    table = "document.getElementById('table')"
    assert page.evaluate(f"{table}.dataset.painted") == "built" and page.evaluate(f"{table}.inert")
    assert page.evaluate(f"{table}.dataset.phase") == "loading"
    assert page.locator("#table .hand .card").count() >= 9, "the first screen is not a dealt table"
    assert page.locator("#table .welcome-text").count() == 1, "the first screen has not the welcome"
    first = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    assert first >= page.evaluate("window.phomPaint.at"), "something was painted before the first screen"
    page.wait_for_function("getComputedStyle(document.getElementById('splash')).position === 'fixed'")
    assert page.evaluate("getComputedStyle(document.getElementById('splash')).display") == "flex"
    page.touchscreen.tap(200, 420)
    page.keyboard.press("d")
    page.wait_for_function("window.phomEarly === 2")
    assert page.evaluate("document.getElementById('splash-text').textContent").startswith("Chờ chút")
    assert page.evaluate(f"{table}.dataset.phase") == "loading"
    release_runtime(page, held)
    assert not page.evaluate(f"{table}.inert") and not page.evaluate(f"{table}.hasAttribute('data-painted')")
    assert page.locator("#splash").count() == 0
    assert page.evaluate("window.phomEarly") == 2  # the picture's taps did nothing else
    watch.check(page)
    ctx.close()


def test_an_english_browser_s_first_visit_is_english_from_its_first_picture(browser, server):
    """The built page carries the first screen in both languages: a browser asking
    for English is shown the English one, and the loading words in English, by
    ui/boot/paint.js and boot.js before any Python runs -- the language Python's
    first render then keeps (ui/core/store.py browser_lang), so nothing flips."""
    _srv, url = server
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    watch = Watch(url)
    page = ctx.new_page()
    watch.attach(ctx, page)
    held = hold_runtime(page)
    page.goto(url)
    page.wait_for_function("performance.getEntriesByName('phom-painted').length === 1", timeout=30_000)
    assert page.evaluate("document.getElementById('table').dataset.painted") == "built"
    assert page.evaluate("document.documentElement.lang") == "en"
    welcome = page.locator("#table .welcome-text").inner_text()
    assert "Chào" not in welcome and welcome.strip(), welcome
    page.wait_for_function("document.getElementById('splash-text')?.textContent.length > 0")
    assert not re.search(r"Đang|Chờ", page.evaluate("document.getElementById('splash-text').textContent"))
    release_runtime(page, held)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#table .welcome-text").count() == 1
    assert page.locator("#table .welcome-text").inner_text() == welcome
    watch.check(page)
    ctx.close()
