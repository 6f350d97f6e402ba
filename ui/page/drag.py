"""Dragging a hand card to a new place: pointer events (mouse, touch, pen).

A press on a hand card that moves more than ``SLOP`` px becomes a drag: the
card lifts (a floating copy follows the pointer, the card itself fades) and
a gold bar shows where it will land. Letting go asks the App to move it
(``move_card``); Escape or a cancelled pointer puts it back. A press that
does not move stays a tap (raise / discard), and the click that ends a drag
is swallowed. Listeners sit on the document, so a re-render (a bot's move)
in the middle of a drag does not lose it.

``slot_at`` — where a pointer at (x, y) would drop, given the cards' boxes —
is pure, so the tests check it on CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .dom import nil

if TYPE_CHECKING:
    from js import Document, Element, PointerEvent

    from .main import Page

SLOP = 8  # px a press must travel before it is a drag


def slot_at(x: float, y: float, boxes: list[tuple[float, float, float, float]]) -> int:
    """The drop position among ``boxes`` [(left, top, width, height)] of the
    other cards (in hand order): the card rows are found by their tops; in
    the row nearest ``y``, before the first card whose middle is right of
    ``x``. Overlapping cards are judged by the strip that shows (up to the
    next card's left edge)."""
    if not boxes:
        return 0
    rows: list[list[int]] = []
    for i, (_l, top, _w, _h) in enumerate(boxes):
        if rows and abs(boxes[rows[-1][0]][1] - top) < boxes[rows[-1][0]][3] / 2:
            rows[-1].append(i)
        else:
            rows.append([i])

    def dist(row: list[int]) -> float:
        top = min(boxes[i][1] for i in row)
        bottom = max(boxes[i][1] + boxes[i][3] for i in row)
        return 0 if top <= y <= bottom else min(abs(y - top), abs(y - bottom))

    row = min(rows, key=dist)
    for k, i in enumerate(row):
        left, _t, w, _h = boxes[i]
        if k + 1 < len(row):
            w = min(w, max(1.0, boxes[row[k + 1]][0] - left))
        if x < left + w / 2:
            return i
    return row[-1] + 1


class Drag:
    """The DOM side: one drag at a time. ``page`` is ui.page.main.Page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        # (pointerId, x, y, card) of a press on a hand card
        self.press: tuple[int, float, float, str] | None = None
        self.card: str | None = None  # the card being dragged
        self.ghost: Element | None = None
        self.bar: Element | None = None
        self.slot = 0
        self.swallow = False     # the click that ends a drag

    # ------------------------------------------------------------ events
    def attach(self, listen: Callable[..., None], document: Document) -> None:
        self.document = document
        listen(self.page.root, "pointerdown", self.down)
        listen(document, "pointermove", self.move)
        listen(document, "pointerup", self.up)
        listen(document, "pointercancel", lambda ev: self.cancel())
        # before the table's own click handler (capture), to swallow the drag's click
        self.page.root.addEventListener("click", self._click_proxy(), True)

    def _click_proxy(self) -> Any:
        from pyodide.ffi import create_proxy

        def click(ev: PointerEvent) -> None:
            if self.swallow:
                self.swallow = False
                ev.stopPropagation()
                ev.preventDefault()

        p = create_proxy(click)
        self.page._proxies.append(p)
        return p

    def down(self, ev: PointerEvent) -> None:
        self.swallow = False
        if self.card is not None or (ev.pointerType == "mouse" and ev.button != 0):
            return
        el = ev.target.closest(".hand .hand-card")
        if nil(el) or self.page.app.dialog:
            return
        self.press = (ev.pointerId, ev.clientX, ev.clientY, str(el.dataset.card))

    def move(self, ev: PointerEvent) -> None:
        if self.press is None or ev.pointerId != self.press[0]:
            return
        if self.card is None:
            if abs(ev.clientX - self.press[1]) + abs(ev.clientY - self.press[2]) < SLOP:
                return
            self._lift(ev)
        ev.preventDefault()
        self._follow(ev.clientX, ev.clientY)

    def up(self, ev: PointerEvent) -> None:
        if self.press is None or ev.pointerId != self.press[0]:
            return
        if self.card is not None:
            self._follow(ev.clientX, ev.clientY)  # where the pointer let go, not its last move
        card, slot = self.card, self.slot
        self.press = None
        if card is None:
            return
        self.swallow = True
        self._drop()
        self.page.intent("move_card", (card, slot))

    def cancel(self) -> bool:
        """Put a dragged card back (pointer cancelled, Escape). True if one was."""
        self.press = None
        if self.card is None:
            return False
        self._drop()
        return True

    # ------------------------------------------------------------ drawing
    def _card_el(self) -> Element:
        return self.page.root.querySelector(f'.hand .hand-card[data-card="{self.card}"]')

    def _lift(self, ev: PointerEvent) -> None:
        assert self.press is not None  # lifted from a press
        self.card = self.press[3]
        el = self._card_el()
        if nil(el):
            self.card = None
            self.press = None
            return
        r = el.getBoundingClientRect()
        self.offset = (self.press[1] - r.left, self.press[2] - r.top)
        self.lift = r.height * 0.55
        ghost = el.cloneNode(True)
        ghost.removeAttribute("data-act")
        ghost.removeAttribute("data-key")
        ghost.setAttribute("aria-hidden", "true")
        ghost.setAttribute("tabindex", "-1")
        ghost.classList.add("drag-ghost")
        ghost.classList.remove("raised")
        ghost.style.width = f"{r.width}px"
        ghost.style.height = f"{r.height}px"
        self.document.body.appendChild(ghost)
        bar = self.document.createElement("div")
        bar.className = "drop-bar"
        bar.setAttribute("aria-hidden", "true")
        self.document.body.appendChild(bar)
        self.ghost, self.bar = ghost, bar
        self.page.root.classList.add("dragging-hand")
        self.mark()

    def mark(self) -> None:
        """(Re-)mark the dragged card after a render."""
        if self.card is None:
            return
        el = self._card_el()
        if not nil(el):
            el.classList.add("dragged")

    def _others(self) -> list[tuple[float, float, float, float]]:
        out = []
        cards = self.page.root.querySelectorAll(".hand .hand-card")
        for i in range(cards.length):
            el = cards.item(i)
            if str(el.dataset.card) == self.card:
                continue
            r = el.getBoundingClientRect()
            out.append((r.left, r.top, r.width, r.height))
        return out

    def _follow(self, x: float, y: float) -> None:
        if self.ghost is None:
            return
        # the lifted card rides above the pointer, so neither a finger nor the
        # card hides the drop bar
        self.ghost.style.left = f"{x - self.offset[0]:.0f}px"
        self.ghost.style.top = f"{y - self.offset[1] - self.lift:.0f}px"
        boxes = self._others()
        self.slot = slot_at(x, y, boxes)
        if not boxes:
            return
        if self.slot < len(boxes):
            left, top, _w, h = boxes[self.slot]
        else:
            left, top, w, h = boxes[-1]
            left += w
        assert self.bar is not None  # lifted with the ghost
        self.bar.style.left = f"{left - 3:.0f}px"
        self.bar.style.top = f"{top - 6:.0f}px"
        self.bar.style.height = f"{h + 12:.0f}px"

    def _drop(self) -> None:
        for el in (self.ghost, self.bar):
            if el is not None:
                el.remove()
        self.ghost = self.bar = None
        el = self._card_el()
        if not nil(el):
            el.classList.remove("dragged")
        self.page.root.classList.remove("dragging-hand")
        self.card = None
