"""The table in storage: the match saved after every move, the settings when
they change, and what is said when storage fails.

Nothing here may stop the hand: ui/core/store.py never raises, and a refused write
is only said (once, and its return once too). A tab that lost the table to
another (ui/tabs.py) stops writing, so a frozen tab never overwrites a newer
save; an unreadable save is set aside before anything is written over it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import phom

from ..core import store
from ..core.i18n import t
from ..core.notices import add, notice, say
from .banners import save_reason

if TYPE_CHECKING:
    from .app import App


def snapshot(app: App) -> dict[str, object]:
    """The match as saved: the engine's JSON, which hand, the seed, the seats, the links."""
    return {
        "match": app.own_match.to_json(),
        "hand_no": app.hand_no,
        "seed": app.match_seed,
        "seats": [s.to_json() for s in app.seats],
        **({"links": app.session.link_state()} if app.session is not None else {}),
    }


def save(app: App) -> None:
    """Save after every action. A tab that lost the table (ui/tabs.py) or a save
    that could not be set aside saves nothing; a refused write is said once, and
    its return said once too."""
    if app.readonly or app.save_blocked:
        return
    if app.storage.taken():          # another tab plays since (ui/tabs.py): stop, write nothing
        app.readonly = True
        if app.on_taken is not None:
            app.on_taken()
        return
    saved(app, store.save_match(app.storage, app.snapshot()))


def save_settings(app: App) -> None:
    """Settings are small and rare: a refused write of them is not news (the
    match's saves say whether progress is kept)."""
    if not app.readonly:
        store.save_settings(app.storage, app.settings)


def saved(app: App, ok: bool) -> None:
    """Say when saving stops working, and when it works again."""
    if ok == app.saving:
        return
    app.saving = ok
    if not ok:
        app.notice = notice(say(t, "notice_not_saving"))
    elif app.notice == notice(say(t, "notice_not_saving")):
        app.notice = notice(say(t, "notice_saving_again"))


def set_aside(app: App, raw: str | None, error: Exception | None) -> None:
    """Keep an unreadable save aside; if even that cannot be stored, keep it
    where it is and save nothing over it. The notice says why in the player's
    words (by ``error.code``); the engine's English message is kept in
    ``aside_error`` for developers (the page logs it)."""
    old = isinstance(error, phom.OldSave)
    said = [say(t, "notice_old_save" if old else "notice_corrupt"), say(save_reason, error)]
    app.aside_error = f"{type(error).__name__}: {str(error)[:300]}"
    if not store.set_aside(app.storage, raw):
        app.save_blocked = True
        said.append(say(t, "notice_aside_failed"))
    app.notice = add(app.notice, *said)
