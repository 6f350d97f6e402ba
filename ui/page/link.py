"""Linked play in the browser: the bytes between ui/friends/link.js (same-Wi-Fi links,
the codes) or ui/page/net.py (internet play) and ui/friends/intents.py, which decides
what every tap and message does to the host's ``HostLinks`` or the guest's ``HostFeed``.

``LinkPage`` is the ``Port`` those intents are given: it sends on a link or in the
room, makes and reads codes, reads a field, loads the page afresh, and hands back
what comes in — and decides nothing. The page's main module calls its hooks:
``make_app(storage)`` for the table the tab holds (a guest's, fed by the host, or the
device's own; chosen once), ``attach(page)`` at boot, ``started()`` once the table is
back, ``handle(act, arg)`` for the link intents, and ``after_render()`` for the QR
codes and the turn clock's timer (no message is sent while the page draws: the
table sends after each save, ui/friends/intents.py ``publish``).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, cast

from js import document, window
from pyodide.ffi import create_proxy

from ..core import store
from ..friends import intents
from ..friends.linkplay import GUEST_KEY, feed_of, guest_app, plug
from ..friends.state import friends_of
from ..friends.words import fw
from ..table.app import App
from .dom import js_obj, nil
from .net import NetPage, guest_link

if TYPE_CHECKING:
    from js import PhomLink

    from .main import Page

JOIN_AGAIN_S = 3.0   # a guest with no table this long after its join says it again
JOIN_TRIES = 5
CLOCK_TICK_MS = 500   # the host's turn clock is looked at this often, only while one runs


def session_storage() -> store.SafeStorage:
    """This tab's sessionStorage behind SafeStorage: no read or write raises
    (private mode, storage disabled)."""
    return store.open_storage(lambda: window.sessionStorage)


def guest_mode(session: store.SafeStorage | None = None) -> bool:
    """This tab is a guest's of a linked table (it joined, ``?join``). A
    guest's saved seat that cannot be read is set aside with why
    (``GUEST_KEY + ".corrupt"``), and the guest joins afresh."""
    session = session if session is not None else session_storage()
    had = session.getItem(GUEST_KEY) is not None
    if store.read_object(session, GUEST_KEY, "guest's seat", ("seat", "token")) is None and had:
        session.setItem(GUEST_KEY, "{}")
    usp = window.URLSearchParams.new(window.location.search)
    if guest_link(session):     # an internet invitation (ui/page/net.py)
        return True
    joined = bool(usp.has("join"))
    if joined:  # (remembered for a reload, where storage lets it be)
        session.setItem(GUEST_KEY, session.getItem(GUEST_KEY) or "{}")
        window.history.replaceState(None, "", window.location.pathname)
    return joined or session.getItem(GUEST_KEY) is not None


class LinkPage:
    """ui/friends/intents.py's ``Port`` in the browser."""

    def __init__(self, page: Page) -> None:
        self.page = page
        # ui/friends/link.js's functions (checked with nil before the first use)
        self.js: PhomLink = cast("PhomLink", getattr(window, "phomLink", None))
        self.guest = page.app.guest
        self.session = session_storage()
        if not self.guest:
            plug(page.app)     # the host's side of linked play: its links, its part of the table's drawing
        self._proxies = [create_proxy(self._on_message), create_proxy(self._on_state)]
        if self.js is not None and not nil(self.js):
            self.js.listen(self._proxies[0], self._proxies[1])
        self.net = NetPage(page, self)   # internet play: its seats' messages go through it
        self._clock_timer: int | None = None
        self._proxies.append(create_proxy(self._clock_tick))
        app = page.app
        f = friends_of(app)
        if not self.guest:
            assert f.clock is not None  # plugged with the host's side
            f.clock.limit = f.net.get("clock", 0)
        assert f.react is not None  # every linked table has its reactions
        f.react.muted = f.net.get("mute", False)
        intents.follow(app, self)        # what changed goes out after each save
        if self.guest:
            intents.guest_back(app, self)    # a reload on the way into a room: back in

    def started(self) -> None:
        """The table is back (the save resumed): a host whose guests sat in its room
        opens the room again, so they come back."""
        if intents.resume(self.page.app, self):
            self.page.render()

    # ------------------------------------------------------------ the Port: out
    def send(self, to: int | str, text: str) -> None:
        if to == "host":
            if not self.net.send_host(text):
                self.js.send("host", text)
        elif not self.net.send_seat(int(to), text):
            self.js.send(int(to), text)

    def send_peer(self, peer: str, text: str) -> None:
        self.net.js.send(peer, text)

    def start_room(self, room: str, secret: str) -> bool:
        return self.net.start(room, secret)

    def page_url(self) -> str:
        return str(window.location.href)

    def go(self, where: str) -> None:
        if where == "join":
            self.session.removeItem(store.NET_GUEST_KEY)
            session_storage().setItem(GUEST_KEY, "{}")
            window.location.replace(window.location.pathname)
        elif where == "leave":
            if self.guest:
                self.js.close("host")
                self.session.removeItem(store.NET_GUEST_KEY)
                if self.net.active:
                    self.net.js.stop()
            window.location.replace(window.location.pathname)
        elif where == "retry":
            self.net.js.stop()
            window.location.reload()

    def value(self, element_id: str) -> str:
        el = document.getElementById(element_id)
        return "" if nil(el) else str(el.value)

    def offer(self, seat: int) -> None:
        async def go() -> bool | None:
            return intents.offered(self.page.app, seat, str(await self.js.offer(seat)))
        self._job(go())

    def accept(self, seat: int, text: str) -> None:
        async def go() -> bool | None:
            try:
                await self.js.accept(seat, text)
            except Exception as e:  # noqa: BLE001 — the browser's reason, shown
                return self._refused(seat, e)
            return True
        self._job(go())

    def answer(self, text: str) -> None:
        async def go() -> bool | None:
            try:
                res = await self.js.answer(text)
            except Exception as e:  # noqa: BLE001
                return self._refused(None, e)
            return intents.answered(self.page.app, int(res[0]), str(res[1]))
        self._job(go())

    def scan(self, target: str) -> None:
        async def go() -> bool | None:
            app = self.page.app
            lang = app.lang
            labels = js_obj({"title": fw(lang, "scan_title"), "cancel": fw(lang, "cancel"),
                             "nocam": fw(lang, "nocam")})
            try:
                text = await self.js.scan(labels)
            except Exception:  # noqa: BLE001 — no camera, or permission refused
                return intents.scan_failed(app, target)
            if nil(text) or not text:
                return True
            el = document.getElementById(target)
            if not nil(el):
                el.value = str(text)
            return intents.scanned(app, self, target)
        self._job(go())

    def share(self, url: str, title: str) -> None:
        async def go() -> bool | None:
            return intents.shared(self.page.app, str(await self.net.js.share(url, title)))
        self._job(go())

    def redraw_in(self, seconds: float) -> None:
        async def later() -> None:
            await asyncio.sleep(seconds)
            self.page.render()
        asyncio.ensure_future(later())

    def _job(self, work: Coroutine[Any, Any, bool | None]) -> None:
        """Browser work that answers later; the page drawn again with its answer."""
        async def run() -> None:
            try:
                changed = await work
            except Exception as e:  # noqa: BLE001
                self.page.fail(e)
                return
            if changed:
                self.page.render()
        asyncio.ensure_future(run())

    def _refused(self, seat: int | None, e: Exception) -> bool:
        """A pasted or scanned code was refused (by ui/friends/link.js's ``phomCode``,
        or the browser's own WebRTC error); the English goes to the console."""
        window.console.warn(f"phom: link code refused: {e}")
        return intents.code_refused(self.page.app, seat, getattr(e, "phomCode", None),
                                    getattr(e, "phomSeat", None))

    # ------------------------------------------------------------ the Port: in
    def _on_message(self, link_id: int, text: object) -> None:
        try:
            app = self.page.app
            changed = intents.message(app, self, "host" if self.guest else link_id, str(text))
            self.warn()
            if changed:
                self.refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    def _on_state(self, link_id: int, state: object) -> None:
        try:
            app, state = self.page.app, str(state)
            intents.link_state(app, self, "host" if self.guest else link_id, state)
            if self.guest and state == "open" and feed_of(app).seat is not None:
                asyncio.ensure_future(self._join_until_table())
            self.refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    async def _join_until_table(self) -> None:
        """The guest's join said again every JOIN_AGAIN_S seconds, while the link
        is open, until the table arrives: a join or its answer lost to a race at
        either end (the host showed the guest linked while the guest waited for
        it, now and then in CI) costs a few seconds, not the seat. The host
        answers a repeat on the same link with the same welcome (HostLinks.joined)."""
        app = self.page.app
        feed = feed_of(app)
        for _ in range(JOIN_TRIES):
            await asyncio.sleep(JOIN_AGAIN_S)
            if app.game is not None or feed.seat is None or feed.host_gone or feed.refused:
                return
            if not self.js.send("host", feed.join_message(feed.seat)):
                return
            window.console.warn("phom: no table from the host yet; the join is said again")

    def _clock_tick(self) -> None:
        """A guest's time ran out (a bot finishes its turn) or its seat is its own again:
        saved (and so sent to every phone), drawn, and the bots' loop woken."""
        try:
            if intents.clock_tick(self.page.app, time.monotonic()):
                self.refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    def warn(self) -> None:
        """A guest's technical detail: the console, not the page."""
        if not self.guest:
            return
        feed = feed_of(self.page.app)
        while feed.warnings:
            window.console.warn("phom: " + feed.warnings.pop(0))

    def refresh(self) -> None:
        page = self.page
        evs = page.news(your_turn=True) if page.app.game is not None else []
        page.render(evs)
        page.kick()

    # ------------------------------------------------------------ intents
    def handle(self, act: str, arg: object) -> bool | None:
        """A linked-play intent (ui/friends/intents.py): True = draw again, False =
        nothing (yet), None = not one."""
        return intents.handle(self.page.app, self, act, arg)

    # ------------------------------------------------------------ after a render
    def after_render(self) -> None:
        """The QR codes drawn; the host's turn clock ticks only while one runs at a
        table with a guest's seat. Nothing is sent from here."""
        app = self.page.app
        self._draw_qr()
        if self.guest:
            return
        clock = friends_of(app).clock
        runs = clock is not None and bool(clock.limit) and app.session is not None
        if runs and self._clock_timer is None:
            self._clock_timer = window.setInterval(self._proxies[-1], CLOCK_TICK_MS)
        elif not runs and self._clock_timer is not None:
            window.clearInterval(self._clock_timer)
            self._clock_timer = None

    def _draw_qr(self) -> None:
        if not nil(self.page.root.querySelector(".qr[data-qr]")):
            self.js.drawQR(self.page.root)


def make_app(storage: store.SafeStorage) -> App:
    """The table this tab holds: a linked guest's (``guest_app``: only what the
    host sends) when the tab joined one, else the device's own ``App``."""
    session = session_storage()
    return guest_app(storage, session) if guest_mode(session) else App(storage)


def attach(page: Page) -> LinkPage:
    return LinkPage(page)


__all__ = ["attach", "guest_mode", "make_app", "LinkPage", "json"]
