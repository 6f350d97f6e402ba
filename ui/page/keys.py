"""The keyboard: the key map and the one keydown handler on the document.

A letter names an intent (``KEY_INTENTS``, the same names the buttons' ``data-act``
send); arrows walk the hand, Shift+arrows move the focused card, Enter or Space
discards the raised card, Escape drops a drag or closes a panel, and Tab stays
inside an open panel. Kept apart from the page's wiring so that the whole
keyboard reads in one place; ``page`` is ui.page.main.Page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from js import document

from .dom import attr, nil

if TYPE_CHECKING:
    from js import Element, KeyboardEvent

    from .main import Page

KEY_INTENTS = {"d": "draw", "e": "eat", "l": "lay", "n": "next", "a": "arr_next", "g": "send",
               "s": "sort", "u": "u", "p": "pass", "?": "help", "h": "hint", "k": "log", "m": "mute"}

# every stop of an open panel, its scrolling regions too (ui/widgets.scroll_box), in page order
DIALOG_STOPS = (".dialog button, .dialog select, .dialog input, .dialog textarea, "
                ".dialog [tabindex='0']")


def on_key(page: Page, ev: KeyboardEvent) -> None:
    if ev.ctrlKey or ev.metaKey or ev.altKey or page.tab_state != "play":
        return
    key = str(ev.key)
    if page.app.input != "kbd" and key not in ("Shift", "Control", "Alt", "Meta"):
        # the prompts name keys now (ui/page/main.py on_pointer: taps say "Chạm")
        page.app.used("kbd")
        page.render()
    target = ev.target
    tag = "" if nil(target) or nil(target.tagName) else str(target.tagName).lower()
    if key == "Tab" and page.app.dialog:
        trap_tab(page.root, ev)
        return
    if tag in ("select", "input", "textarea"):
        if key == "Escape":
            page.intent("escape")
        return
    if key == "Escape":
        ev.preventDefault()
        if not page.drag.cancel():
            page.intent("escape")
        return
    if key in ("ArrowLeft", "ArrowRight") and ev.shiftKey and page.app.dialog is None:
        # Shift+← → moves the focused hand card one place (ui/core/order.py)
        card = attr(target, "data-card") if tag == "button" else None
        if card and target.classList.contains("hand-card"):
            ev.preventDefault()
            page.intent("nudge", (card, -1 if key == "ArrowLeft" else 1))
        return

    panel_key = page.learn.key_intent(key)   # the review steps by ← → Home End
    if panel_key is not None:
        ev.preventDefault()
        page.intent(panel_key)
        return
    if key in ("ArrowLeft", "ArrowRight", "Home", "End"):
        if page.app.dialog is None and move_focus(page.root, key):
            ev.preventDefault()
        return
    if key in ("Enter", " "):
        if tag == "button":
            return  # the button's own click does it
        if page.app.dialog is None:
            ev.preventDefault()
            if page.app.selected is not None:
                page.intent("discard")
            else:
                move_focus(page.root, "Home")
        return
    intent = KEY_INTENTS.get(key.lower() if len(key) == 1 else key)
    if intent is None:
        return
    if page.app.dialog and intent not in ("help", "log"):
        return
    ev.preventDefault()
    page.intent(intent)


def trap_tab(root: Element, ev: KeyboardEvent) -> None:
    """Keep Tab inside an open dialog."""
    items = root.querySelectorAll(DIALOG_STOPS)
    n = items.length
    if n == 0:
        return
    first, last = items.item(0), items.item(n - 1)
    active = document.activeElement
    if ev.shiftKey and (active == first or not root.querySelector(".dialog").contains(active)):
        ev.preventDefault()
        last.focus()
    elif not ev.shiftKey and (active == last or not root.querySelector(".dialog").contains(active)):
        ev.preventDefault()
        first.focus()


def move_focus(root: Element, key: str) -> bool:
    """Arrows, Home and End walk the hand's cards (round the ends); from outside
    the hand an arrow starts at the raised card. True if a card took the focus."""
    cards = root.querySelectorAll(".hand .card")
    n = cards.length
    if n == 0:
        return False
    active = document.activeElement
    idx = -1
    for i in range(n):
        if cards.item(i) == active:
            idx = i
            break
    if key == "Home":
        idx = 0
    elif key == "End":
        idx = n - 1
    elif idx < 0:
        sel = root.querySelector(".hand .card.raised")
        if not nil(sel):
            sel.focus()
            return True
        idx = 0 if key == "ArrowRight" else n - 1
    else:
        idx = (idx + (1 if key == "ArrowRight" else -1)) % n
    cards.item(idx).focus()
    return True
