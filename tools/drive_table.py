"""Driving the page's table as a player would: keys only, or taps only.

Every step reads the page (``#table``'s data-phase, which buttons are there)
and answers with one key press or one tap; nothing here calls into the game.
``page`` is a Playwright page (or tests/webkit/wk.py's WebDriver stand-in, which
gives the few calls made here).

Used by ``tools/page_imports.py`` (a played hand's imports) and by the
browser tests (tests/browser/table_driver.py adds their set-up: links, crafted deals).
"""

from __future__ import annotations

import json
import os
import time

# Function form: a bare expression would be eval'd in the page, which its CSP forbids.
# No #table yet (a tab reloading into the table, as a take-over does) is not ready, not an
# error: a throwing predicate would end the wait at once.
READY = "() => ['your-turn', 'hand-over'].includes(document.getElementById('table')?.dataset.phase)"


SCREENSHOTS = bool(os.environ.get("SCREENSHOTS"))


def shot(page, path, **options) -> bool:
    """A picture for a person to look at, taken only on request (``SCREENSHOTS=1``): a
    screenshot asserts nothing, and each costs the page a second or two. ``page`` may be a
    locator. Returns whether it was taken. Evidence of a failure is taken by the test
    itself, always."""
    if not SCREENSHOTS:
        return False
    page.screenshot(path=str(path), **options)
    return True


def wait_booted(page, timeout: int = 60_000) -> None:
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'loading'",
                           timeout=timeout)


def wait_ready(page, timeout: int = 30_000) -> None:
    page.wait_for_function(READY, timeout=timeout)


def phase(page) -> str:
    return page.get_attribute("#table", "data-phase")


def state(page) -> dict:
    return json.loads(page.evaluate("window.phomState()"))


def has(page, selector: str) -> bool:
    return page.locator(selector).count() > 0


def fingerprint(page) -> str:
    """The table's phase and state in one string: it changes when the page takes a step."""
    return page.evaluate(
        "() => document.getElementById('table').dataset.phase + '|' + window.phomState()"
    )


def wait_for(condition, timeout: float = 10.0, what: str = "", poll: float = 0.02, pump=None):
    """The tests' one wait on a condition Playwright cannot wait on in one page
    (it spans pages, or is read in Python, or the page is WebKit's stand-in):
    ``condition()`` polled until true, its value returned; AssertionError saying
    ``what`` (or what was waited for) after ``timeout`` seconds. A condition in
    one page's JS is waited on with ``page.wait_for_function``.

    ``pump``: a Playwright page whose events feed the condition (a held route, a
    CDP event): the sync API delivers them only while it is called, so the poll
    waits through that page instead of sleeping."""
    deadline = time.monotonic() + timeout
    while True:
        got = condition()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(what or f"not true after {timeout} s: {condition}")
        if pump is not None:
            pump.wait_for_timeout(poll * 1000)
        else:
            time.sleep(poll)


def wait_taken(page, before: str, timeout: float = 10.0, what: str = "") -> None:
    """Wait until the page has taken a step: its ``fingerprint`` is no longer ``before``
    (a key is handled a moment after it is pressed; the phase may not change)."""
    wait_for(lambda: fingerprint(page) != before, timeout, what or f"the step changed nothing: {before}")


def nothing_within(page, ms: int) -> None:
    """A fixed wait, on purpose and the only kind: what follows checks that something
    did NOT happen within ``ms`` (a stopped tab saved nothing, ...)."""
    page.wait_for_timeout(ms)


def idle(page) -> None:
    """Wait until what the page queued has run and a frame is drawn: its Python's
    tasks (Pyodide's asyncio runs them as timers), a render's focus and live-region
    writes, then the next animation frame."""
    page.evaluate("() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => "
                  "setTimeout(done, 0)), 0))")


# ---------------------------------------------------------------- keyboard
def focus_discardable(page, want: str | None = None) -> None:
    """Move focus along the hand with arrow keys to a card that may be discarded
    (or to the card ``want``)."""
    n = page.locator(".hand .card").count()
    page.keyboard.press("Home") if page.evaluate(
        "!!document.activeElement && document.activeElement.classList.contains('hand-card')"
    ) else page.keyboard.press("ArrowRight")
    for _ in range(n + 1):
        info = page.evaluate(
            "[document.activeElement.className, document.activeElement.dataset.card || '']"
        )
        cls, card = info
        if "hand-card" in cls and (card == want if want else "locked" not in cls):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no discardable card reached by keyboard (want={want})")


def keyboard_step(page, prefer_eat: bool = False, discard: str | None = None) -> str:
    """One decision at 'your-turn' by keys only; returns what it did."""
    if has(page, '.actionbar [data-act="u"]'):
        page.keyboard.press("u")
        return "u"
    if has(page, ".stock.can"):
        if prefer_eat and has(page, ".card.eatable"):
            page.keyboard.press("e")
            return "eat"
        page.keyboard.press("d")
        return "draw"
    if has(page, '.actionbar [data-act="lay"]'):
        page.keyboard.press("l")
        return "lay"
    focus_discardable(page, discard)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    return "discard"


def tap_step(page, prefer_eat: bool = False, discard: str | None = None) -> str:
    """One decision at 'your-turn' by taps only."""
    if has(page, '.actionbar [data-act="u"]'):
        page.tap('.actionbar [data-act="u"]')
        return "u"
    if has(page, ".stock.can"):
        if prefer_eat and has(page, ".card.eatable"):
            page.tap(".card.eatable")
            return "eat"
        page.tap(".stock.can")
        return "draw"
    if has(page, '.actionbar [data-act="lay"]'):
        page.tap('.actionbar [data-act="lay"]')
        return "lay"
    sel = f'.hand .card[data-card="{discard}"]' if discard else ".hand .card:not(.locked)"
    card = page.locator(sel).first
    c = card.get_attribute("data-card")
    card.tap()
    page.locator(f'.hand .card[data-card="{c}"]').tap()
    return "discard"


def settled_step(page, step=keyboard_step, **kw) -> str:
    """One ``step``, then wait until the page has taken it (its phase or state
    changed: a key is handled a moment after it is pressed, and the page is
    still 'your-turn' until then) and is ready again; returns what it did."""
    before = fingerprint(page)
    did = step(page, **kw)
    wait_taken(page, before, what=f"step {did!r} changed nothing: {before}")
    wait_ready(page)
    return did


def play_hand(page, step=keyboard_step, max_steps: int = 200, **kw) -> list[str]:
    """Play until the hand is over; returns the steps taken."""
    done = []
    for _ in range(max_steps):
        wait_ready(page)
        if phase(page) == "hand-over":
            return done
        done.append(settled_step(page, step, **kw))
    raise AssertionError(f"hand not over after {max_steps} steps: {done}")
