"""The browser side of the ``ui/learn/`` package: its controls put into the rendered
table, the hint computed in slices, the ``deal=`` / ``daily=`` / ``day=`` URL
parameters, the clipboard.

``ui/page/main.py`` holds a ``LearnPage`` (made with the page) and calls three of its
hooks: ``boot`` (after the match is resumed or dealt), ``after_render`` (each render:
the review's log kept in view) and ``handle`` (each intent, before the app's own).
What the learning side draws on the table it plugs into the table's slots itself (ui/learn/core.py ``Learn.plug``), so
the table's render draws it; a render only draws: the learning side sees each
change of the match as the app saves it (``App.after_save``), so a finished hand
is recorded when it ends, not when it is next drawn.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from js import performance, window

from ..learn import Learn
from . import slices
from .dom import nil

if TYPE_CHECKING:
    from js import Element

    from ..learn.review_view import ReviewSession
    from .main import Page


def _today() -> str:
    d = window.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


class LearnPage:
    """The learning side of this page: its ``Learn`` (``learn``), made with what only
    the browser knows (the page's address, today's date, a first visit), and the
    review running in slices (``reviewing``)."""

    def __init__(self, page: Page) -> None:
        from ..core import store

        self.page = page
        loc = window.location
        self.learn = Learn(page.app, base_url=str(loc.origin) + str(loc.pathname), today=_today(),
                           first_visit=store._get(page.app.storage, store.SAVE_KEY) is None)
        self.reviewing = False      # a review's slices are running (run_review)

    def boot(self, usp: Any) -> None:  # the address's URLSearchParams
        """Read ``deal=`` (a shared hand), ``daily=1`` (today's deal) and ``day=`` (the date)
        through ``Learn.follow_link`` (a bad one: a notice, nothing changed; why in English on
        the console); drop them from the address so a reload resumes."""
        learn, app = self.learn, self.page.app
        learn.resume_tutorial(linked=bool(str(window.location.search)))

        def param(name: str) -> str | None:
            return str(usp.get(name)) if usp.has(name) else None

        # from the boot on, after the lesson was resumed (a resumed save must not end
        # the lesson before resume_tutorial looked at it)
        app.follow(learn.observe)
        used = learn.follow_link(param("deal"), param("daily"), param("day"))
        for warning in learn.take_warnings():
            window.console.warn("phom: link refused: " + warning)
        if used or str(window.location.search):
            learn.straight_to_table()   # a link or a test: no welcome
        if used:
            window.history.replaceState(None, "", window.location.pathname)
        learn.observe()          # the match as this visit found or dealt it (a reload on a finished hand)
        app.catch_up()

    def after_render(self) -> None:
        if self.page.app.dialog == "learn-review":
            _show_review_step(self.page.root)

    def key_intent(self, key: str) -> str | None:
        """A key of this side's open panel (the review's ← → Home End), else None."""
        if self.page.app.dialog == "learn-review" and self.learn.session is not None:
            from ..learn.review_view import KEYS

            return KEYS.get(key)
        return None

    def handle(self, act: str, arg: object = None) -> bool | None:
        """The intent if it is ours (True/False: changed or not), else None."""
        page, learn, app = self.page, self.learn, self.page.app
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
        before = (app.match_seed, app.hand_no, app.game)
        changed = learn.handle(act, arg)
        if changed is None:
            return None
        if (app.match_seed, app.hand_no, app.game) != before:
            page.new_hand()
        if act == "hint" and changed:
            asyncio.ensure_future(run_hint(page, learn))
        if act == "review" and changed and not self.reviewing \
                and learn.session is not None and not learn.session.done:
            self.reviewing = True
            asyncio.ensure_future(self.review(learn.session))
        return changed

    async def review(self, session: ReviewSession) -> None:
        try:
            await run_review(self.page, session)
        finally:
            self.reviewing = False


def _show_review_step(root: Element) -> None:
    """Keep the review's current move in view in its log (the log box scrolls, not the page)."""
    box = root.querySelector(".rv-logbox")
    now = root.querySelector(".rv-log li.now")
    if nil(box) or nil(now):
        return
    top = now.offsetTop          # the box is positioned (learn.css): its own offset parent
    if top < box.scrollTop or top + now.offsetHeight > box.scrollTop + box.clientHeight:
        box.scrollTop = max(0, top - box.clientHeight // 2)


async def run_hint(page: Page, learn: Learn) -> None:
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
    how: dict[str, Any] = {}
    try:
        _, how = await slices.run(learn.hint_steps())
    except Exception as e:  # noqa: BLE001
        page.fail(e)
        learn.give_up_hint()
    await asyncio.sleep(0)
    t = performance.now()
    page.render()
    how["render_ms"] = performance.now() - t
    performance.mark("phom-hint-end")
    performance.measure("phom-hint", js_obj({"start": "phom-hint-start", "end": "phom-hint-end",
                                             "detail": how}))


async def run_review(page: Page, session: ReviewSession) -> None:
    """The review in slices; the open review panel is redrawn about twice a second."""
    last = [performance.now()]

    def redraw(now: float) -> None:
        if now - last[0] > 500 and page.app.dialog == "learn-review":
            last[0] = now
            page.render()

    try:
        await slices.run(session.steps(), redraw)
    except Exception as e:  # noqa: BLE001
        page.fail(e)
    if page.app.dialog == "learn-review":
        page.render()
