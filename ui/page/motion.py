"""Two short pieces of motion: the deal at the start of a hand, and the ù.

Both use the Web Animations API on elements already rendered (nothing is
laid out by this module) and are skipped by the caller under
``prefers-reduced-motion`` and at instant speed (``ui/page/flights.py on``). Their
length follows the speed setting: ``ms`` is the page's move animation time.
The plans (which card flies when, where each confetti piece goes) are pure
functions, so the tests check them on CPython.
"""

from __future__ import annotations

import json
import math
import random
from typing import TYPE_CHECKING, Any

from .dom import js_obj, nil

if TYPE_CHECKING:  # the browser's types (typings/js.pyi)
    from js import Animation, Document, Element

CONFETTI = 18


def deal_plan(n_cards: int, seats: int, ms: int) -> dict[str, Any]:
    """When each card of the deal starts: the hand's cards one after another
    (``hand`` delays), a few backs to each other seat in between (``backs``:
    (seat, delay)); everything done in about 2.5 × ``ms``."""
    step = max(12, int(ms * 1.5 / max(1, n_cards)))
    hand = [i * step for i in range(n_cards)]
    backs = [(s, r * step * seats // 2 + s * step // 2) for r in range(3) for s in range(1, seats)]
    return {"hand": hand, "backs": backs, "fly": ms}


def confetti_plan(seed: int, n: int = CONFETTI) -> list[tuple[str, int, int, int, int, int]]:
    """Pieces of the ù burst: (suit, dx, dy, turn, delay, size) — a fan
    upwards and out from the centre, each falling back a little."""
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        angle = -math.pi / 2 + (i / (n - 1) - 0.5) * math.pi * 0.9 + rnd.uniform(-0.12, 0.12)
        dist = rnd.uniform(150, 320)
        out.append(("SHDC"[i % 4], round(math.cos(angle) * dist), round(math.sin(angle) * dist * 0.8),
                    rnd.choice((-1, 1)) * rnd.randint(90, 300), rnd.randint(0, 160), rnd.randint(22, 36)))
    return out


def deal(root: Element, document: Document, players: int, ms: int) -> None:
    """Cards fly from the stock to the hand, backs to the other seats.

    Every position is read before anything is written: a ghost appended to the
    page between two reads would make the browser lay the page out again for
    the next one (the deal runs while a warm visit becomes interactive)."""
    stock = root.querySelector(".stock .pile")
    if nil(stock):
        return
    s = stock.getBoundingClientRect()
    sl, st, sw, sh = s.left, s.top, s.width, s.height
    cards = root.querySelectorAll(".hand .hand-card")
    n = cards.length
    plan = deal_plan(n, players, ms)
    hand = []
    for i in range(n):
        el = cards.item(i)
        r = el.getBoundingClientRect()
        hand.append((el, sl - r.left, st - r.top))
    backs = []
    for seat, delay in plan["backs"]:
        target = root.querySelector(f'[data-key="count-{seat}"]')
        if nil(target):
            continue
        t = target.getBoundingClientRect()
        backs.append((delay, t.left - sl, t.top - st))
    # The keyframes and timings of every piece in one JSON text, made into JS
    # objects by one JSON.parse (to_js crosses into JS for every dict).
    hand_anims = [
        [[{"transform": f"translate({dx:.0f}px,{dy:.0f}px) scale(.45) rotate(-8deg)", "opacity": 0},
          {"transform": "none", "opacity": 1}],
         {"duration": plan["fly"], "delay": plan["hand"][i], "easing": "cubic-bezier(.2,.7,.3,1)",
          "fill": "backwards"}]
        for i, (_el, dx, dy) in enumerate(hand)]
    back_anims = [
        [[{"transform": "none", "opacity": 1},
          {"transform": f"translate({dx:.0f}px,{dy:.0f}px) scale(.3)", "opacity": 0.3}],
         {"duration": plan["fly"], "delay": delay, "easing": "ease-in"}]
        for delay, dx, dy in backs]
    anims = document.defaultView.JSON.parse(json.dumps(hand_anims + back_anims))
    for i, (el, _dx, _dy) in enumerate(hand):
        a = anims[i]
        el.animate(a[0], a[1])
    if not backs:
        return
    # The backs flying to the other seats: one piece of HTML for all of them.
    body = document.body
    style = f"left:{sl:.0f}px;top:{st:.0f}px;width:{sw:.0f}px;height:{sh:.0f}px;opacity:0"
    one = f'<span class="card back ghost" aria-hidden="true" style="{style}">{stock.innerHTML}</span>'
    body.insertAdjacentHTML("beforeend", one * len(backs))
    g = body.lastElementChild
    ghosts = []
    for _ in backs:
        ghosts.append(g)
        g = g.previousElementSibling
    for j, g in enumerate(reversed(ghosts)):
        a = anims[len(hand) + j]
        _remove_when_done(g.animate(a[0], a[1]), g)


def celebrate(root: Element, document: Document, seed: int, ms: int) -> None:
    """The ù: suit shapes burst from the end-of-hand panel's headline and
    fall away, and the headline swells once."""
    # from the end-of-hand panel's headline (the ù), else the middle of the table
    origin = root.querySelector(".over .headline")
    if nil(origin):
        origin = root.querySelector(".felt")
    r = (root if nil(origin) else origin).getBoundingClientRect()
    cx, cy = r.left + r.width / 2, r.top + r.height / 2
    dur = max(700, ms * 4)
    for suit, dx, dy, turn, delay, size in confetti_plan(seed):
        piece = document.createElement("span")
        piece.className = f"confetti suit-{suit}"
        piece.setAttribute("aria-hidden", "true")
        piece.innerHTML = (f'<svg viewBox="0 0 100 100" width="{size}" height="{size}">'
                           f'<use href="#suit-{suit}"/></svg>')
        piece.style.left = f"{cx - size / 2:.0f}px"
        piece.style.top = f"{cy - size / 2:.0f}px"
        document.body.appendChild(piece)
        frames = [{"transform": "translate(0,0) scale(.4) rotate(0deg)", "opacity": 0},
                  {"transform": f"translate({dx * .8:.0f}px,{dy * .8:.0f}px) scale(1.1) rotate({turn // 2}deg)",
                   "opacity": 1, "offset": 0.45},
                  {"transform": f"translate({dx:.0f}px,{dy + 90:.0f}px) scale(.9) rotate({turn}deg)", "opacity": 0}]
        anim = piece.animate(js_obj(frames), js_obj({
            "duration": dur, "delay": delay, "easing": "cubic-bezier(.15,.7,.4,1)", "fill": "backwards"}))
        _remove_when_done(anim, piece)
    head = root.querySelector(".over .headline")
    if not nil(head):
        head.animate(js_obj([{"transform": "scale(1)"}, {"transform": "scale(1.12)", "color": "#b07a00"},
                                   {"transform": "scale(1)"}]),
                     js_obj({"duration": max(500, ms * 2), "easing": "ease-out"}))


def _remove_when_done(anim: Animation, el: Element) -> None:
    from pyodide.ffi import create_once_callable

    anim.addEventListener("finish", create_once_callable(lambda *_: el.remove()))
