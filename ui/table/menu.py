"""Thêm / More: the header's menu, where the tools used less often live.

The header keeps what a player reaches for during a hand (the move log, the
settings, the sound switch) and one "Thêm" button; behind it, in one panel,
the score sheet, the rules, the keys, and the learning tools of ui/learn/
(tutorial, today's deal, sharing, statistics), which ``Learn`` hands in as
buttons. Every item is a real button (≥ 48 px, reached by Tab and by touch);
the panel is the page's dialog (ui/widgets.dialog), so Escape closes it and
focus goes back to the "Thêm" button.
"""

from __future__ import annotations

from html import escape

from ..core.i18n import t
from ..core.widgets import btn, dialog

# the table's own tools in the menu: (intent, i18n key of the label, key shown to a keyboard player)
TOOLS = (("scores", "btn_scores", None), ("rules", "rules_title", None), ("help", "help_title", "?"))

_MENU_ICON = ('<svg class="ico" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" '
              'focusable="false"><path d="M4 6h16v2H4Zm0 5h16v2H4Zm0 5h16v2H4Z" '
              'fill="currentColor"/></svg>')


def button_html(lang: str) -> str:
    """The header's "Thêm" button: three lines, its word beside them where there is room."""
    label = escape(t(lang, "menu_more"))
    return (f'<button type="button" class="btn ghost tool menu-btn" data-act="menu" data-key="btn-menu" '
            f'aria-label="{label}" title="{label}" aria-haspopup="dialog">{_MENU_ICON}<span class="lbl">{label}</span></button>')


def item(label: str, act: str, kbd: str | None = None) -> str:
    """One menu entry (Learn makes its own entries with this too)."""
    return btn(label, act, cls="menu-item", kbd=kbd, key=f"menu-{act}")


def menu_html(lang: str, learn_items: list[str]) -> str:
    """The panel: the table's tools, then the learning ones."""
    tools = "".join(item(t(lang, key), act, kbd) for act, key, kbd in TOOLS)
    def group(head: str, items: str) -> str:
        return (f'<section class="menu-group"><h3>{escape(t(lang, "menu_" + head))}</h3>'
                f'<div class="menu-list">{items}</div></section>')

    body = group("table", tools) + (group("learn", "".join(learn_items)) if learn_items else "")
    return dialog("menu", t(lang, "menu_title"), body, lang)
