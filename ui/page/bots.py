"""The bot loop: the bots' moves (and the moves the page makes for a player)
one after another, without freezing the page.

A bot thinks in slices (``App.bot_steps``, a generator) of ~12 ms with a yield
to the browser between them, and each move waits out the speed setting's
delay. The loop stops at a person's move and is kicked again by the next
intent; a move made stale meanwhile (a new hand, ``page.gen`` bumped) is
dropped. ``page`` is ui.page.main.Page.

``js`` is imported inside the functions: in the memory snapshot's worker
(ui/boot/snapshot.worker.mjs) this module imports without the page, and a JS
object of the worker's must not be kept in the snapshot.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from phom import Action, LayDown, Send

from ..table.app import SPEED_DELAY_MS

if TYPE_CHECKING:
    from ..table.app import App
    from .main import Page


async def moves(page: Page) -> None:
    """The moves until a person's (ui/page/main.py ``Page.kick`` runs one loop at a time)."""
    from js import performance

    app = page.app
    while True:
        g = app.game
        if g is None or g.is_over or app.readonly:
            return
        while app.dialog is not None:
            await asyncio.sleep(0.1)
        gen = page.gen
        auto = app.auto_action()
        if not app.bot_to_move() and (auto is None or not app.my_turn()):
            return  # a person's move (behind the pass-and-play cover, wait for the tap)
        speed = app.settings["speed"]
        delay = SPEED_DELAY_MS.get(speed, 0) / 1000
        t0 = performance.now()
        if auto is not None:
            action = auto
        else:
            action = await think(app)
        if gen != page.gen or app.game is not g:
            continue
        wait = delay - (performance.now() - t0) / 1000
        if auto is not None and not isinstance(auto, (LayDown, Send)):
            wait = min(wait, delay * 0.6)
        await asyncio.sleep(max(0, wait))
        if gen != page.gen or app.game is not g or action not in g.legal_actions():
            continue
        app.apply(action)
        evs = page.news(your_turn=True)
        page.render(evs)


async def think(app: App) -> Action:
    """Run the bot's generator in slices (ui/page/slices.py ``run``), giving the
    browser the main thread between them. Each bot turn is recorded as a
    ``phom-think`` performance measure whose detail says how many times it
    gave the main thread back (``slices``: the browser tests check a search is
    cut up; tests/browser/test_table.py writes the long tasks beside it), the
    time the Python ran (``work_ms``, the slices summed; the measure's own
    duration is wall time, the pauses included), its longest slice
    (``longest_ms``) and the number of legal actions (``legal``): what
    bench/bench_think.py prints. It starts with a pause: the render of the move
    before (25-80 ms here, more on a phone) and its first slice would otherwise
    be one task."""
    from js import performance

    from . import slices
    from .dom import js_obj

    await asyncio.sleep(0)
    gen = app.bot_steps()
    assert app.game is not None  # a bot thinks in a game
    legal = len(app.game.legal_actions())
    performance.mark("phom-think-start")
    how = slices.figures()
    action: Action  # what the bot's generator returns (app.bot_steps)
    try:
        action, _ = await slices.run(gen, out=how)
        return action
    finally:
        performance.mark("phom-think-end")
        performance.measure("phom-think", js_obj({
            "start": "phom-think-start", "end": "phom-think-end",
            "detail": {"slices": how["slices"], "work_ms": how["work_ms"],
                       "longest_ms": how["longest_ms"], "legal": legal}}))
