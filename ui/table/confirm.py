"""Questions asked before a move that costs a lot and is easy to make by
mistake: going móm while the hand has a meld, and a new match in the middle
of a hand. Confirm is ``data-act="confirm"``, going back is ``close``."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..core.i18n import t
from ..core.widgets import btn, dialog, meld_text_html

if TYPE_CHECKING:
    from .app import App


def confirm_html(app: App) -> str:
    lang = app.lang
    if app.dialog == "confirm_mom":
        melds = " ".join(f'<span class="mtext">{meld_text_html(m)}</span>' for m in app.best_melds())
        text = escape(t(lang, "confirm_mom_text", melds="\0")).replace("\0", melds)
        title, yes = t(lang, "confirm_mom_title"), t(lang, "btn_mom_confirm")
    elif app.dialog == "confirm_new":
        text = escape(t(lang, "confirm_new_text"))
        title, yes = t(lang, "confirm_new_title"), t(lang, "btn_new_match")
    else:
        return ""
    body = (f'<p class="confirm-text">{text}</p><div class="panel-actions">'
            + btn(t(lang, "btn_back"), "close", key="confirm-back", cls="primary")
            + btn(yes, "confirm", key="confirm-yes", cls="danger")
            + "</div>")
    return dialog(app.dialog, title, body, lang, cls="confirm")
