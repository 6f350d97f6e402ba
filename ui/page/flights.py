"""The move animation: after a render, the cards a move moved fly from where
they were to where they are now.

The boxes of the cards and the seats' card counts are read just before the
render (``rects``); after it, each moved card is animated from its old box to
its new place (a FLIP: Web Animations on the element already laid out), and a
card drawn by another seat is a ghost back flying from the stock to that
seat's count. The deal and the ù are ui/page/motion.py's; none of this plays
under ``prefers-reduced-motion`` or at instant speed (``on``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from js import document, window
from pyodide.ffi import create_proxy

from ..table.app import SPEED_ANIM_MS
from .dom import attr, js_obj, nil

if TYPE_CHECKING:
    from js import Element

    from phom.state import EventRecord

    from ..table.app import App

# a box on the page: left, top, width, height (px)
Box = tuple[float, float, float, float]


def on(app: App) -> bool:
    """Whether the page animates at all now: the speed setting, then the player's
    reduced-motion wish (both read at each move, so a change shows at once)."""
    if SPEED_ANIM_MS.get(app.settings["speed"], 0) <= 0:
        return False
    return not window.matchMedia("(prefers-reduced-motion: reduce)").matches


def rects(root: Element) -> dict[str | None, Box]:
    """Every card's, count's and the stock's box, by its card or ``data-key``."""
    out: dict[str | None, Box] = {}
    for el in root.querySelectorAll("[data-card], [data-key^='count-'], [data-key='stock']"):
        r = el.getBoundingClientRect()
        k = attr(el, "data-card") or attr(el, "data-key")
        out[k] = (r.left, r.top, r.width, r.height)
    return out


def play(root: Element, app: App, events: Iterable[EventRecord],
         before: dict[str | None, Box]) -> None:
    """Animate ``events`` (seat, kind, card) from the boxes ``before`` the render."""
    ms = SPEED_ANIM_MS.get(app.settings["speed"], 0)
    view = app.view()
    for seat, kind, card in events:
        plate = f"count-{seat}" if seat != app.me else "stock"
        if kind == "draw":
            if seat == app.me:
                new = [c for c in view.hand if str(c) not in before]
                for c in new:
                    _fly_in(root, f'.hand [data-card="{c}"]', before.get("stock"), ms)
            else:
                _ghost(root, before.get("stock"), f'[data-key="count-{seat}"]', ms)
        elif kind in ("discard", "eat", "send") and card is not None:
            src = before.get(str(card)) or before.get(plate)
            _fly_in(root, f'[data-card="{card}"]:not(.hand-card)' if kind != "eat" or seat != app.me
                    else f'.hand [data-card="{card}"]', src, ms)
        elif kind == "lay":
            for _mid, owner, cards in view.table_melds:
                if owner != seat:
                    continue
                for c in cards:
                    src = before.get(str(c)) or before.get(plate)
                    _fly_in(root, f'.meld [data-card="{c}"]', src, ms)


def _fly_in(root: Element, selector: str, src: Box | None, ms: int) -> None:
    el = root.querySelector(selector)
    if nil(el) or src is None:
        return
    r = el.getBoundingClientRect()
    dx, dy = src[0] - r.left, src[1] - r.top
    if abs(dx) < 2 and abs(dy) < 2:
        return
    sx = src[2] / r.width if r.width else 1
    frames = [{"transform": f"translate({dx:.1f}px,{dy:.1f}px) scale({sx:.2f})", "opacity": 0.6},
              {"transform": "none", "opacity": 1}]
    el.animate(js_obj(frames), js_obj({"duration": ms, "easing": "cubic-bezier(.2,.7,.3,1)"}))


def _ghost(root: Element, src: Box | None, target_sel: str, ms: int) -> None:
    """A card back, on the body (out of the table's HTML, which the next render
    replaces), flying from the stock to ``target_sel`` and gone at the end."""
    target = root.querySelector(target_sel)
    if src is None or nil(target):
        return
    r = target.getBoundingClientRect()
    g = document.createElement("span")
    g.className = "card back ghost"
    g.setAttribute("aria-hidden", "true")
    pile = document.querySelector(".stock .pile")
    g.innerHTML = "" if nil(pile) else pile.innerHTML
    g.style.left = f"{src[0]}px"
    g.style.top = f"{src[1]}px"
    g.style.width = f"{src[2]}px"
    g.style.height = f"{src[3]}px"
    document.body.appendChild(g)
    frames = [{"transform": "none", "opacity": 1},
              {"transform": f"translate({r.left - src[0]:.1f}px,{r.top - src[1]:.1f}px) scale(0.5)",
               "opacity": 0.2}]
    anim = g.animate(js_obj(frames), js_obj({"duration": ms, "easing": "ease-in", "fill": "forwards"}))
    remove = create_proxy(lambda *_: g.remove())
    anim.addEventListener("finish", remove)
