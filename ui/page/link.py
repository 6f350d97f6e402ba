"""Linked play in the browser: wires ui/friends/link.js (WebRTC, the codes) to the host's
``HostLinks`` or the guest's table's ``HostFeed`` (ui/friends/linkplay.py).

The page's main module calls four hooks: ``make_app(storage)`` for the table the
tab holds (a guest's, fed by the host, or the device's own; chosen once), ``attach(page)`` at
boot, ``handle(act, arg)`` for the link intents, and
``after_render()`` to send what changed to the guests and draw the QR codes.
"""

from __future__ import annotations

import asyncio
import json
import time

from js import document, window
from pyodide.ffi import create_proxy

from ..core import store
from ..friends.linkplay import CODE_REASONS, GUEST_KEY, guest_app, l_, plug, send_reaction
from ..friends.react import SHOW
from ..table.app import App
from .dom import js_obj, nil
from .net import NetPage, guest_link

JOIN_AGAIN_S = 3.0   # a guest with no table this long after its join says it again
JOIN_TRIES = 5
INTENTS = ("link_open", "link_join", "link_invite", "link_accept", "link_cover", "link_answer",
           "link_leave", "link_scan", "link_clock", "react", "react_menu", "react_mute")
CLOCK_TICK_MS = 500   # the host's turn clock is looked at this often, only while one runs


def session_storage() -> store.SafeStorage:
    """This tab's sessionStorage behind SafeStorage: no read or write raises
    (private mode, storage disabled)."""
    return store.open_storage(lambda: window.sessionStorage)


def guest_mode(session=None) -> bool:
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
    def __init__(self, page) -> None:
        self.page = page
        self.js = getattr(window, "phomLink", None)
        self.guest = page.app.guest
        self.session = session_storage()
        if not self.guest:
            plug(page.app)     # the host's side of linked play: its links, its part of the table's drawing
        self._proxies = [create_proxy(self._on_message), create_proxy(self._on_state)]
        if self.js is not None and not nil(self.js):
            self.js.listen(self._proxies[0], self._proxies[1])
        self.net = NetPage(page, self)   # internet play: its seats' messages go through it
        self._clock_timer = None
        self._proxies.append(create_proxy(self._clock_tick))
        if not self.guest:
            page.app.friends.clock.limit = page.app.friends.net.get("clock", 0)
        page.app.friends.react.muted = page.app.friends.net.get("mute", False)

    # ------------------------------------------------------------ from link.js
    def _on_message(self, link_id, text) -> None:
        try:
            app = self.page.app
            if self.guest:
                feed = app.source
                changed = feed.receive(app, str(text))
                while feed.warnings:     # the technical detail: the console, not the page
                    window.console.warn("phom: " + feed.warnings.pop(0))
                if changed or feed.error:
                    self._refresh()
                return
            for seat, reply in app.friends.links.incoming(app, int(link_id), str(text)):
                self.js.send(seat, reply)
            self._refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    def _on_state(self, link_id, state) -> None:
        try:
            app, state = self.page.app, str(state)
            if self.guest:
                feed = app.source
                if state == "open" and feed.seat is not None:
                    self.js.send("host", feed.join_message(feed.seat))
                    asyncio.ensure_future(self._join_until_table())
                elif state != "open":
                    feed.host_closed()
                self._refresh()
                return
            seat = int(link_id)
            if state == "open":
                app.friends.links.opened(app, seat)
            else:
                app.friends.links.closed(app, seat)
            self._refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    async def _join_until_table(self) -> None:
        """The guest's join said again every JOIN_AGAIN_S seconds, while the link
        is open, until the table arrives: a join or its answer lost to a race at
        either end (the host showed the guest linked while the guest waited for
        it, now and then in CI) costs a few seconds, not the seat. The host
        answers a repeat on the same link with the same welcome (HostLinks.joined)."""
        app = self.page.app
        feed = app.source
        for _ in range(JOIN_TRIES):
            await asyncio.sleep(JOIN_AGAIN_S)
            if app.game is not None or feed.seat is None or feed.host_gone or feed.refused:
                return
            if not self.js.send("host", feed.join_message(feed.seat)):
                return
            window.console.warn("phom: no table from the host yet; the join is said again")

    def _refresh(self) -> None:
        page = self.page
        evs = page.news(your_turn=True) if page.app.game is not None else []
        page.render(evs)
        page.kick()

    # ------------------------------------------------------------ intents
    def handle(self, act: str, arg) -> bool | None:
        """A linked-play intent (None: not one). It draws what it changes itself
        (the dialog, the table after a cover) or waits for the other phone, so
        it leaves the page nothing to draw: False."""
        took = self.net.handle(act, arg)
        if took is not None:
            return took
        if act not in INTENTS:
            return None
        app = self.page.app
        if act == "link_open":
            app.open("link")
            self.page.render()
        elif act == "link_join":
            self.session.removeItem(store.NET_GUEST_KEY)
            session_storage().setItem(GUEST_KEY, "{}")
            window.location.replace(window.location.pathname)
        elif act == "link_leave":
            if self.guest:
                app.source.leave()
                self.js.close("host")
                self.session.removeItem(store.NET_GUEST_KEY)
                if self.net.active:
                    self.net.js.stop()
            window.location.replace(window.location.pathname)
        elif act == "link_clock" and not self.guest:
            from ..friends.clock import clean_limit
            from ..friends.invite import save_net

            app.friends.clock.limit = app.friends.net["clock"] = clean_limit(int(arg) if str(arg).isdigit() else 0)
            save_net(app.storage, app.friends.net)
            self.page.render()
        elif act in ("react", "react_menu", "react_mute"):
            r = app.friends.react
            if act == "react_menu":
                r.open = not r.open
            elif act == "react":
                send_reaction(app, str(arg), time.monotonic())
                self._react_redraw()
            else:
                from ..friends.invite import save_net

                r.muted = app.friends.net["mute"] = not r.muted
                save_net(app.storage, app.friends.net)
            self.page.render()
        elif act == "link_cover" and app.session is not None:
            seat = int(arg)
            app.session.cover(seat, seat not in app.session.covered)
            app.save()
            self._refresh()
        else:
            asyncio.ensure_future(self._async(act, arg))
        return False

    async def _async(self, act: str, arg) -> None:
        app = self.page.app
        try:
            if act == "link_scan":
                lang = app.lang
                labels = js_obj({"title": l_(lang, "scan_title"), "cancel": l_(lang, "cancel"),
                                 "nocam": l_(lang, "nocam")})
                target = str(arg)
                try:
                    text = await self.js.scan(labels)
                except Exception:  # noqa: BLE001 — no camera, or permission refused
                    text = None
                    if target == "offer-in":
                        app.source.error = l_(lang, "nocam")
                    else:
                        app.friends.links.errors[int(target.split("-")[1])] = l_(lang, "nocam")
                if nil(text) or not text:
                    self.page.render()
                    return
                el = document.getElementById(target)
                if not nil(el):
                    el.value = str(text)
                act, arg = ("link_answer", None) if target == "offer-in" else ("link_accept",
                                                                                target.split("-")[1])
            if act == "link_invite":
                seat = int(arg)
                app.friends.links.errors.pop(seat, None)
                app.friends.links.codes[seat] = str(await self.js.offer(seat))
                app.friends.links.status[seat] = "wait"
            elif act == "link_accept":
                seat = int(arg)
                text = document.getElementById(f"answer-{seat}").value
                try:
                    await self.js.accept(seat, text)
                except Exception as e:  # noqa: BLE001 — the browser's reason, shown
                    app.friends.links.errors[seat] = l_(app.lang, "bad_code", reason=_reason(app.lang, e))
            elif act == "link_answer":
                text = document.getElementById("offer-in").value
                feed = app.source
                try:
                    res = await self.js.answer(text)
                except Exception as e:  # noqa: BLE001
                    feed.error = l_(app.lang, "bad_code", reason=_reason(app.lang, e))
                else:
                    feed.seat = int(res[0]) if feed.seat is None or feed.token is None else feed.seat
                    if int(res[0]) != feed.seat:
                        feed.seat, feed.token = int(res[0]), None
                    feed.answer_code = str(res[1])
                    feed.error = None
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)
        self.page.render()

    # ------------------------------------------------------------ after a render
    def after_render(self) -> None:
        app = self.page.app
        self.net.after_render()
        if self.guest:
            while app.source.outbox:
                text = app.source.outbox.pop(0)
                if not self.net.send_host(text):
                    self.js.send("host", text)
            self._draw_qr()
            return
        for seat, text in app.friends.links.outgoing(app):
            if not self.net.send_seat(seat, text):
                self.js.send(seat, text)
        self._draw_qr()
        # the turn clock ticks only while one runs at a table with a guest's seat
        runs = bool(app.friends.clock.limit) and app.session is not None
        if runs and self._clock_timer is None:
            self._clock_timer = window.setInterval(self._proxies[-1], CLOCK_TICK_MS)
        elif not runs and self._clock_timer is not None:
            window.clearInterval(self._clock_timer)
            self._clock_timer = None

    def _react_redraw(self) -> None:
        """The page drawn again once a reaction's moment is over (its bubble gone)."""
        async def later():
            await asyncio.sleep(SHOW + 0.1)
            self.page.render()

        asyncio.ensure_future(later())

    def _clock_tick(self) -> None:
        """A guest's time ran out (a bot finishes its turn) or its seat is its own again:
        saved, drawn, sent to every phone, and the bots' loop woken."""
        try:
            app = self.page.app
            if app.session is None or app.friends.clock.tick(app.session, time.monotonic()) is None:
                return
            app.save()
            self._refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    def _draw_qr(self) -> None:
        if not nil(self.page.root.querySelector(".qr[data-qr]")):
            self.js.drawQR(self.page.root)


def _reason(lang: str, e) -> str:
    """Why a pasted or scanned code was refused, in the page's language: by the
    ``phomCode`` ui/friends/link.js gives its refusals; anything else (the browser's own
    WebRTC error) is a code the browser cannot link with. The English goes to
    the console."""
    window.console.warn(f"phom: link code refused: {e}")
    code = getattr(e, "phomCode", None)
    if isinstance(code, str) and code in CODE_REASONS:
        seat = getattr(e, "phomSeat", None)
        return l_(lang, "code_" + code, seat=int(seat) if isinstance(seat, (int, float)) else "?")
    return l_(lang, "code_browser")


def make_app(storage) -> App:
    """The table this tab holds: a linked guest's (``guest_app``: only what the
    host sends) when the tab joined one, else the device's own ``App``."""
    session = session_storage()
    return guest_app(storage, session) if guest_mode(session) else App(storage)


def attach(page) -> LinkPage:
    return LinkPage(page)


__all__ = ["attach", "guest_mode", "make_app", "LinkPage", "json"]
