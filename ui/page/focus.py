"""Where the keyboard focus goes when the table is drawn again.

A render replaces the table's whole HTML, so the focused element is gone each
time: the new one with the same ``data-key`` takes the focus back (a hand card
that left, its neighbour). A panel that opens takes the focus and gives it
back to what opened it when it closes; the pass-and-play cover and the end of
a hand take it too, so a keyboard or screen-reader player is never left on
``<body>``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from js import document

from .dom import attr, js_obj, nil

if TYPE_CHECKING:
    from js import Element

    from ..table.app import App


class Focus:
    """The focus across renders of ``root`` (the table); ``before`` is asked just
    before a render, ``after`` just after it."""

    def __init__(self, root: Element) -> None:
        self.root = root
        self.last_dialog: str | None = None   # the panel open at the last render
        self.opener_key: str | None = None    # what had the focus when the first panel opened
        self.last_phase: str | None = None

    def before(self) -> tuple[str | None, int | None]:
        """The focused element's ``data-key`` and, for a hand card, its place."""
        active = document.activeElement
        key = None
        hand_index = None
        if not nil(active) and active != document.body and self.root.contains(active):
            key = attr(active, "data-key")
            if key and key.startswith("h-"):
                keys = [attr(b, "data-key") for b in self.root.querySelectorAll(".hand .card")]
                hand_index = keys.index(key) if key in keys else None
        return key, hand_index

    def after(self, app: App, phase: str, key: str | None, hand_index: int | None) -> bool:
        """Put the focus where it belongs now; True when the hand has just ended
        (the moment for the ù's burst)."""
        ended = False
        # a newly opened panel takes it; a closed one gives it back
        if app.dialog != self.last_dialog:
            if app.dialog:
                if self.last_dialog is None:   # one panel opened from another keeps the first opener
                    self.opener_key = key
                self.first(".dialog")
                log = self.root.querySelector(".movelog")
                if not nil(log):
                    log.scrollTop = log.scrollHeight  # the latest moves
            else:
                self.key(self.opener_key)
            self.last_dialog = app.dialog
        elif app.cover_for is not None:
            self.key("cover")
        elif phase == "hand-over" and self.last_phase != "hand-over":
            self.key("btn-next", within=".over")
            ended = True
        elif key:
            if not self.key(key) and hand_index is not None:
                cards = self.root.querySelectorAll(".hand .card")
                if cards.length:
                    cards.item(min(hand_index, cards.length - 1)).focus()
        self.last_phase = phase
        return ended

    def key(self, key: str | None, within: str = "") -> bool:
        """Focus the element named ``key`` (inside ``within``); False if there is none."""
        if not key:
            return False
        el = self.root.querySelector(f'{within} [data-key="{key}"]'.strip())
        if nil(el):
            return False
        el.focus(js_obj({"preventScroll": True}))
        return True

    def first(self, sel: str) -> None:
        el = self.root.querySelector(f"{sel} select, {sel} button, {sel} input")
        if not nil(el):
            el.focus()
