"""The learning side's two building blocks of HTML: a button and its dialogs' frame.

Apart from ``render.py`` so that the statistics panel (``stats_view.py``), which
``render.py`` draws among the other dialogs, can use them without importing back.
"""

from __future__ import annotations

from html import escape

from ..core.widgets import dialog


def btn(label: str, act: str, *, key: str | None = None, cls: str = "", arg: str | None = None,
        kbd: str | None = None) -> str:
    k = key or f"btn-{act}"
    a = f' data-arg="{escape(arg)}"' if arg is not None else ""
    ks = f' aria-keyshortcuts="{kbd}"' if kbd else ""
    inner = escape(label) + (f' <kbd aria-hidden="true">{escape(kbd)}</kbd>' if kbd else "")
    classes = f"btn {cls}".strip()
    return (f'<button type="button" class="{classes}" data-act="{act}" data-key="{k}"'
            f'{a}{ks}>{inner}</button>')


def learn_dialog(name: str, title: str, body: str, lang: str, wide: bool = False) -> str:
    """The page's dialog frame (ui/widgets.dialog), with this package's look."""
    return dialog(name, title, body, lang, wide=wide, cls="learn-dialog")
