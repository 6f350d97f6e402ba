"""The saved table painted by the page's first script (ui/boot/paint.js, the copy
kept by ui/boot/boot.js): a return visit shows the hand as it was left before
Python runs, takes no tap or key while it is only a picture, and once Python
takes over the table is the normal one and plays as after any boot."""

from __future__ import annotations

from table_driver import (
    keyboard_step,
    nothing_within,
    open_table,
    phase,
    play_hand,
    state,
    wait_for,
    wait_ready,
)

KEPT = """() => {
  const copy = JSON.parse(localStorage.getItem("phom.paint.v1") || "null");
  return !!copy && copy.save === window.phomPaint.fingerprint();
}"""
CARDS = "() => [...document.querySelectorAll('#table .hand .card')].map(c => c.dataset.card)"


RUNTIME = "**/vendor/pyodide/pyodide.asm.wasm"


def test_saved_table_is_painted_inert_then_taken_over(new_table, site_url):
    # No service worker: what it serves no route can hold. A built site's return
    # visit (SITE_DIR) restores its stored snapshot and fetches our Python only once
    # up; the runtime's wasm is what every boot needs first.
    table = new_table(service_workers="block")
    open_table(table, site_url, seed=21, players=3)
    keyboard_step(table)  # a move, so the save is not a fresh deal's
    wait_ready(table)
    table.wait_for_function(KEPT, timeout=10_000)
    before = state(table)
    cards = table.evaluate(CARDS)
    assert cards

    # Hold the runtime: the interpreter cannot start.
    held = []
    table.route(RUNTIME, lambda route: held.append(route))
    table.goto(site_url)
    table.wait_for_function("() => document.getElementById('table').hasAttribute('data-painted')")
    assert table.evaluate(CARDS) == cards, "the painted hand is not the saved one"
    assert table.evaluate("document.getElementById('table').inert")
    assert phase(table) == "loading"
    # its frame drawn and marked; nothing was painted before it (the splash is never shown)
    table.wait_for_function("performance.getEntriesByName('phom-painted').length === 1")
    first = table.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    assert first >= table.evaluate("window.phomPaint.at"), "the splash was painted before the saved table"
    assert table.evaluate("getComputedStyle(document.getElementById('splash')).display") == "none"
    # taps and keys on the picture do nothing
    box = table.locator(".hand .card").first.bounding_box()
    table.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    stock = table.locator(".stock").first.bounding_box()
    table.mouse.click(stock["x"] + stock["width"] / 2, stock["y"] + stock["height"] / 2)
    for key in ("d", "ArrowRight", "Enter"):
        table.keyboard.press(key)
    nothing_within(table, 200)
    assert table.evaluate(CARDS) == cards and not table.locator(".hand .card.raised").count()

    # (the held request is seen as Playwright's calls run: the evaluate)
    wait_for(lambda: table.evaluate("true") and held, 5, "the page never asked for its runtime")
    assert phase(table) == "loading", "Python took the table over without its runtime"
    for route in held:
        route.continue_()
    table.unroute(RUNTIME)
    wait_ready(table, 60_000)
    assert not table.evaluate("document.getElementById('table').inert")
    assert not table.evaluate("document.getElementById('table').hasAttribute('data-painted')")
    assert table.evaluate("document.getElementById('table').getAttribute('aria-busy')") is None
    after = state(table)
    assert after["hand"] == before["hand"] and after["legal"] == before["legal"]
    # nothing the held taps asked for happened, and the table plays on
    steps = play_hand(table, keyboard_step)
    assert "discard" in steps and phase(table) == "hand-over"


def test_no_picture_for_another_save_or_a_link(table, site_url):
    open_table(table, site_url, seed=22)
    table.wait_for_function(KEPT, timeout=10_000)
    # a link that asks for something (here a new match) shows no picture
    table.goto(site_url + "?new=1&speed=instant&seed=23")
    assert not table.evaluate("document.getElementById('table').hasAttribute('data-painted')")
    wait_ready(table, 60_000)
    # a copy that belongs to another save (another tab moved on) is not painted
    table.wait_for_function(KEPT, timeout=10_000)
    table.goto(site_url + "manifest.webmanifest")  # same origin, not the page
    table.evaluate("""() => {
      const s = localStorage.getItem("phom.settings.v1");
      localStorage.setItem("phom.settings.v1", JSON.stringify(JSON.parse(s), null, 1));
    }""")
    table.goto(site_url)
    assert not table.evaluate("document.getElementById('table').hasAttribute('data-painted')")
    wait_ready(table, 60_000)


def test_no_picture_in_pass_and_play(new_table, site_url):
    from test_friends import seat_two_people, wait_phase

    page = new_table(width=390, height=844, touch=True, mobile=True)
    open_table(page, site_url, seed=24)
    page.wait_for_function(KEPT, timeout=10_000)
    seat_two_people(page)
    assert wait_phase(page, ("cover",)) == "cover"
    # a reload covers the table (ui/table/seats.py): a picture of anyone's hand would show it
    page.wait_for_function("() => localStorage.getItem('phom.paint.v1') === null", timeout=10_000)
    page.reload()
    assert not page.evaluate("document.getElementById('table').hasAttribute('data-painted')")


# Every animation started on a hand card, counted from the page's first script on.
COUNT_DEALS = """(() => {
  window.__dealt = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.classList && this.classList.contains('hand-card')) window.__dealt++;
    return animate.apply(this, args);
  };
})()"""


def test_a_hand_on_screen_is_not_dealt_again(table, site_url):
    """The deal plays when the cards are new to the player, once per hand: not on a
    reload before the hand's first move (the picture shows the hand already; cards
    flying in over it flicker), nor with ?boot=normal (no picture); a new hand is
    dealt again, not while only its question is open, and not under reduced motion."""
    table.context.add_init_script(COUNT_DEALS)
    dealt = "() => window.__dealt"
    open_table(table, site_url, seed=25, players=3, starter=0, speed="normal")
    assert table.evaluate(dealt) > 0, "a new match was not dealt"
    assert state(table)["legal"] and phase(table) == "your-turn"   # our first move is still to make
    table.wait_for_function(KEPT, timeout=10_000)
    cards = table.evaluate(CARDS)

    table.reload()                              # the picture first, then Python
    table.wait_for_function("() => document.getElementById('table').hasAttribute('data-painted')")
    wait_ready(table, 60_000)
    assert table.evaluate("window.phomPaint.at > 0")
    assert table.evaluate(CARDS) == cards
    assert table.evaluate(dealt) == 0, "the painted hand was dealt again"

    table.goto(site_url + "?boot=normal")       # no picture, no snapshot: the same hand, seen before
    wait_ready(table, 60_000)
    assert not table.evaluate("window.phomPaint.at")
    assert table.evaluate(CARDS) == cards and table.evaluate(dealt) == 0

    # a new match: asked first (nothing dealt under the question), dealt once confirmed
    sounds = "() => JSON.parse(window.phomFeel()).played.filter((s) => s === 'deal').length"
    table.click('[data-act="settings"]')
    table.click('[data-act="new_match"]')
    table.wait_for_selector('[data-act="confirm"]')
    assert table.evaluate(dealt) == 0 and table.evaluate(sounds) == 0, "dealt under the question"
    table.click('[data-act="confirm"]')
    wait_ready(table)
    assert table.evaluate(CARDS) != cards and table.evaluate(dealt) > 0, "a new hand was not dealt"
    assert table.evaluate(sounds) == 1

    # reduced motion: a new hand shows at once, as before
    table.emulate_media(reduced_motion="reduce")
    table.evaluate("window.__dealt = 0")
    table.click('[data-act="settings"]')
    table.click('[data-act="new_match"]')
    table.click('[data-act="confirm"]')
    wait_ready(table)
    assert table.evaluate(dealt) == 0


def test_a_painted_visit_asks_for_the_table_before_python_and_plays(table, site_url):
    """The painted page's first script asks for the lock that lets one tab play
    (ui/boot/paint.js, for ui/page/tabs.py): granted, Python adopts it and the table plays
    and saves; a second tab, also painted, is told another tab plays."""
    open_table(table, site_url, seed=26, players=3)
    keyboard_step(table)
    wait_ready(table)
    table.wait_for_function(KEPT, timeout=10_000)
    table.goto(site_url + "manifest.webmanifest")  # the page gone, and its lock with it
    table.goto(site_url)
    table.wait_for_function("() => document.getElementById('table').hasAttribute('data-painted')")
    wait_ready(table, 60_000)
    assert table.evaluate("window.phomPaint.lock") == "held", "the painted page did not ask for the table itself"
    assert table.evaluate("window.phomLock") is None, "Python did not take the early answer over"
    saved = table.evaluate("localStorage.getItem('phom.match.v1')")
    keyboard_step(table)
    wait_ready(table)
    assert table.evaluate("localStorage.getItem('phom.match.v1')") != saved, "the adopted lock plays but does not save"
    table.wait_for_function(KEPT, timeout=10_000)

    second = table.context.new_page()
    try:
        second.goto(site_url)
        second.wait_for_selector('[data-tab="busy"] [data-act="tab_take"]', timeout=60_000)
        assert second.evaluate("window.phomPaint.lock") == "busy"
        # the first tab still plays, and the second takes over on the player's word
        second.click('[data-act="tab_take"]')
        table.wait_for_selector('[data-tab="lost"]', timeout=30_000)
        wait_ready(second, 60_000)
        assert state(second)["hand"]
    finally:
        second.close()


def test_a_slow_parse_still_boots_our_own_runtime(table, guard, site_url):
    """PyScript reads its config (the `interpreter`: ours, from this origin) from
    the page when its module first runs; run before the parser reaches
    <script type="py" config>, it finds none and fetches its default runtime
    from a CDN. ui/boot/interpreter.mjs (async, so it may run mid-parse) starts
    PyScript, or runs the page itself, only once the page is parsed. Here the
    parse is held at ui/boot/paint.js (a classic script before the page's
    Python) while the runtime's modules load and the snapshot store answers.
    (The dev server's page: the built one has paint.js inline, build_site
    inline_first_script, so nothing holds its parse.)"""
    held = []
    table.route("**/ui/boot/paint.js", lambda route: held.append(route))
    table.goto(site_url + "?new=1&speed=instant&seed=31", wait_until="commit")
    # the interpreter module has run and the store has answered (the boot decided)...
    table.wait_for_function("() => window.phomBoot && window.phomBoot.storedAt > 0", timeout=20_000)
    # ...and PyScript, had it been imported then, would have run and asked a CDN by now
    nothing_within(table, 1500)
    assert held, "the parse was not held at paint.js"
    assert table.evaluate("document.readyState") == "loading"
    for route in held:
        route.continue_()
    wait_ready(table, 60_000)
    # (a built site's first visit restores the snapshot it ships and runs the page itself)
    shipped = table.evaluate("document.documentElement.dataset.restored") == "shipped"
    assert table.evaluate("document.documentElement.dataset.runner") == ("direct" if shipped else "pyscript")
    assert not [p for p in guard.problems if "off-origin" in p], guard.problems
