"""The browser side of the ``ui/learn/`` package: its controls put into the rendered
table, the hint computed in slices, the ``deal=`` / ``daily=`` / ``day=`` URL
parameters, the clipboard.

``ui/page/main.py`` calls four hooks: ``attach`` (start), ``boot`` (after the match is
resumed or dealt), ``after_render`` (each render: the review's log kept in view) and
``handle`` (each intent, before the app's own). What the learning side draws on the
table it plugs into the table's slots itself (ui/learn/core.py ``Learn.plug``), so
the table's render draws it; a render only draws: the learning side sees each
change of the match as the app saves it (``App.after_save``), so a finished hand
is recorded when it ends, not when it is next drawn.
"""

from __future__ import annotations

import asyncio

from js import performance, window

from ..learn import Learn
from . import slices
from .dom import nil


def _today() -> str:
    d = window.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def attach(page) -> None:
    page.learn = Learn(page.app)
    from ..core import store

    fresh = store._get(page.app.storage, store.SAVE_KEY) is None
    page.learn.welcome = fresh and not page.learn.stats.records and not page.learn.state["tutorial"]
    loc = window.location
    page.learn.base_url = str(loc.origin) + str(loc.pathname)
    page.learn.today = _today()


def boot(page, usp) -> None:
    """Read ``deal=`` (a shared hand), ``daily=1`` (today's deal) and ``day=`` (the date)
    through ``Learn.follow_link`` (a bad one: a notice, nothing changed; why in English on
    the console); drop them from the address so a reload resumes."""
    learn = page.learn
    learn.resume_tutorial(linked=bool(str(window.location.search)))

    def param(name: str) -> str | None:
        return str(usp.get(name)) if usp.has(name) else None

    # from the boot on, after the lesson was resumed (a resumed save must not end
    # the lesson before resume_tutorial looked at it)
    learn.app.after_save.append(learn.observe)
    used = learn.follow_link(param("deal"), param("daily"), param("day"))
    while learn.warnings:
        window.console.warn("phom: link refused: " + learn.warnings.pop(0))
    if used or str(window.location.search):
        learn.welcome = False   # a link or a test: straight to the table
    if used:
        window.history.replaceState(None, "", window.location.pathname)
    learn.observe()          # the match as this visit found or dealt it (a reload on a finished hand)
    page.app.events_seen = len(page.app.view().events)


def after_render(page) -> None:
    if page.app.dialog == "learn-review":
        _show_review_step(page.root)


def key_intent(page, key: str) -> str | None:
    """A key of this module's open panel (the review's ← → Home End), else None."""
    if page.app.dialog == "learn-review" and page.learn.session is not None:
        from ..learn.review_view import KEYS

        return KEYS.get(key)
    return None


def _show_review_step(root) -> None:
    """Keep the review's current move in view in its log (the log box scrolls, not the page)."""
    box = root.querySelector(".rv-logbox")
    now = root.querySelector(".rv-log li.now")
    if nil(box) or nil(now):
        return
    top = now.offsetTop          # the box is positioned (learn.css): its own offset parent
    if top < box.scrollTop or top + now.offsetHeight > box.scrollTop + box.clientHeight:
        box.scrollTop = max(0, top - box.clientHeight // 2)


def handle(page, act: str, arg=None):
    """The intent if it is ours (True/False: changed or not), else None."""
    learn = page.learn
    if act == "copy_link":
        url = learn.share_url()
        try:
            window.navigator.clipboard.writeText(url)
        except Exception:  # noqa: BLE001 — no clipboard: the link is selected to copy by hand
            pass
        inp = page.root.querySelector(".share-url")
        if not nil(inp):
            inp.select()
        return learn.handle("copied")
    before = (page.app.match_seed, page.app.hand_no, page.app.game)
    changed = learn.handle(act, arg)
    if changed is None:
        return None
    if (page.app.match_seed, page.app.hand_no, page.app.game) != before:
        page.gen += 1
        page.app.events_seen = len(page.app.view().events)
    if act == "hint" and changed:
        asyncio.ensure_future(run_hint(page))
    if act == "review" and changed and not getattr(page, "reviewing", False) \
            and learn.session is not None and not learn.session.done:
        page.reviewing = True
        asyncio.ensure_future(run_review(page, learn.session))
    return changed


async def run_hint(page) -> None:
    """The expert's hint in slices, the page never freezing. It starts and ends
    with a pause, as a bot's think does: the redraw that shows "thinking…" and
    the first slice, or the last slice and the redraw that shows the hint,
    would otherwise be one task (61-120 ms seen by bench/bench_think.py).

    Recorded as a ``phom-hint`` performance measure (from the first slice to
    the hint drawn) whose detail has the slicing runner's figures
    (ui/page/slices.py ``figures``) and ``render_ms``, the
    redraw that shows the hint: what bench/bench_think.py prints beside the
    browser's long tasks."""
    from .dom import js_obj

    await asyncio.sleep(0)
    performance.mark("phom-hint-start")
    how: dict = {}
    try:
        _, how = await slices.run(page.learn.hint_steps())
    except Exception as e:  # noqa: BLE001
        page.fail(e)
        page.learn.wanted = None
    await asyncio.sleep(0)
    t = performance.now()
    page.render()
    how["render_ms"] = performance.now() - t
    performance.mark("phom-hint-end")
    performance.measure("phom-hint", js_obj({"start": "phom-hint-start", "end": "phom-hint-end",
                                             "detail": how}))


async def run_review(page, session) -> None:
    """The review in slices; the open review panel is redrawn about twice a second."""
    last = [performance.now()]

    def redraw(now) -> None:
        if now - last[0] > 500 and page.app.dialog == "learn-review":
            last[0] = now
            page.render()

    try:
        await slices.run(session.steps(), redraw)
    except Exception as e:  # noqa: BLE001
        page.fail(e)
    finally:
        page.reviewing = False
    if page.app.dialog == "learn-review":
        page.render()
