"""Driving the table as a player would, for the browser tests: keys only, or taps only.

The steps themselves (a key press or a tap per decision, waiting for the page,
a whole hand) are tools/drive_table.py's, named here too so the tests import
one module; this adds the tests' set-up: links to a new match, stored
settings, crafted deals.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlencode

_TOOLS = str(Path(__file__).resolve().parents[2] / "tools")
if _TOOLS not in sys.path:
    sys.path.insert(0, _TOOLS)

from drive_table import (  # noqa: E402
    READY,
    SCREENSHOTS,
    fingerprint,
    focus_discardable,
    has,
    idle,
    keyboard_step,
    nothing_within,
    phase,
    play_hand,
    settled_step,
    shot,
    state,
    tap_step,
    wait_booted,
    wait_for,
    wait_ready,
    wait_taken,
)

__all__ = [
    "LINK_OR_READY", "PYSCRIPT_ASKED", "READY", "SCREENSHOTS", "deck_text", "fingerprint", "focus_discardable",
    "has", "idle", "instant_settings", "keyboard_step", "nothing_within", "open_table", "phase",
    "play_hand", "settled_step", "shot", "state", "tap_step", "wait_booted", "wait_for", "wait_ready",
    "wait_taken",
]

LINK_OR_READY = ("() => !!document.querySelector('[data-act=\"link_start\"]') || "
                 "['your-turn', 'hand-over'].includes(document.getElementById('table')?.dataset.phase)")


def open_table(page, url: str, **params) -> None:
    """Open a link to a new match; if a match is saved, the page asks first:
    answer "start the linked match"."""
    q = {"new": "1", "speed": "instant", **{k: str(v) for k, v in params.items()}}
    page.goto(url + "?" + urlencode(q))
    page.wait_for_function(LINK_OR_READY, timeout=60_000)
    if page.locator('[data-act="link_start"]').count():
        page.click('[data-act="link_start"]')
    wait_ready(page, 60_000)


def instant_settings(lang: str = "vi") -> str:
    """The settings open_table's links leave (speed=instant: bots' moves not paced
    for the eye), as the page stores them (ui/core/store.py), for a visit without a link."""
    from ui.core import store

    mem = store.MemoryStorage()
    store.save_settings(mem, {**store.DEFAULT_SETTINGS, "lang": lang, "speed": "instant"})
    return mem.getItem(store.SETTINGS_KEY)


# PyScript's own modules this page asked for (a restored visit runs the page's
# Python without PyScript: ui/boot/interpreter.mjs runPage)
PYSCRIPT_ASKED = ("() => performance.getEntriesByType('resource').map((e) => e.name)"
                  ".filter((n) => /\\/vendor\\/pyscript\\/[^/]*\\.js$/.test(n))")


# ---------------------------------------------------------------- crafted deals
def deck_text(hands: dict, stock=(), players: int = 4, starter: int = 0) -> str:
    """The ``deck`` URL parameter for a crafted deal (phom.deal.make_deck)."""
    from phom.deal import make_deck

    return " ".join(str(c) for c in make_deck(hands, stock=stock, players=players, starter=starter))
