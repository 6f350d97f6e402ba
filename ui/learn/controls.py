"""The learning side's building blocks of HTML: the page's button (ui/core/widgets.py
``btn``, the one builder) and its dialogs' frame.

Apart from ``render.py`` so that the statistics panel (``stats_view.py``), which
``render.py`` draws among the other dialogs, can use them without importing back.
"""

from __future__ import annotations

from ..core.widgets import btn, dialog

__all__ = ["btn", "learn_dialog"]


def learn_dialog(name: str, title: str, body: str, lang: str, wide: bool = False) -> str:
    """The page's dialog frame (ui/widgets.dialog), with this package's look."""
    return dialog(name, title, body, lang, wide=wide, cls="learn-dialog")
