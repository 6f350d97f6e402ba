"""The test hooks: ``window.phomState()``, ``phomFeel()`` and ``phomFiles()``.

The browser tests (tests/browser/) and a person debugging read the page's
state through these, as JSON strings, instead of scraping the HTML. Kept
apart so that what the page shows the outside reads in one place; ``page``
is ui.page.main.Page.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from js import window
from pyodide.ffi import create_proxy

if TYPE_CHECKING:
    from .main import Page


def install(page: Page) -> None:
    window.phomState = create_proxy(lambda: state_json(page))
    window.phomFeel = create_proxy(lambda: feel_json(page))
    window.phomFiles = create_proxy(files_json)


def state_json(page: Page) -> str:
    """For tests and debugging: the page's state in one JSON string."""
    app = page.app
    g = app.game
    if page.tab_state != "play":
        return json.dumps({"tab": page.tab_state})
    assert g is not None and app.match is not None  # a table in play has both
    return json.dumps({
        "phase": g.phase, "to_move": g.to_move, "over": g.is_over,
        "legal": [str(a) for a in app.legal()], "hand": [str(c) for c in app.view().hand],
        "hand_no": app.hand_no, "totals": list(app.match.totals), "settings": app.settings,
        "me": app.me, "cover_for": app.cover_for, "names": app.names(), "pass_and_play": app.pass_and_play,
        "tab": page.tab_state, "saving": app.saving, "notice": app.notice_text(), "dialog": app.dialog,
    })


def feel_json(page: Page) -> str:
    """For tests: the sound switch and the sounds played (even muted ones are not)."""
    return json.dumps({"muted": page.app.muted, "played": page.sound.played,
                       "audio": None if page.sound.ctx is None else str(page.sound.ctx.state)})


def files_json() -> str:
    """For tests: every Python file of phom/ and ui/ the page's file system holds."""
    import os

    out: list[str] = []
    for pkg in ("phom", "ui"):
        for dirpath, _dirs, files in os.walk(pkg):
            out.extend(os.path.join(dirpath, f).replace(os.sep, "/") for f in files if f.endswith(".py"))
    return json.dumps(sorted(out))
