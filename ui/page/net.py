"""Internet play in the browser (issue 39): wires ui/friends/net.js (trystero) to the
host's ``NetHost`` + ``HostLinks`` or the guest's ``NetGuest`` + ``HostFeed``
(ui/friends/invite.py, ui/friends/linkplay.py). Nothing is started — no relay, no
STUN — until the player chose internet play: the host by agreeing in the consent
panel, the guest by tapping "Đồng ý, vào bàn" under the same words.

``guest_link()`` reads an invitation link (``?room=…#secret``) before the app is
made; ``NetPage`` is attached by ui/page/link.py's ``LinkPage``, which asks it for
the ``net_*`` intents and lets it carry the messages of the seats it seated."""

from __future__ import annotations

import json
import time

from js import document, window
from pyodide.ffi import create_proxy

from ..core import store
from ..core.store import NET_GUEST_KEY, NET_LAB_KEY
from ..friends import invite_view
from ..friends.invite import (
    BadInput,
    NetGuest,
    NetHost,
    check_turn,
    guest_event,
    host_admit,
    host_event,
    invite_url,
    load_net,
    net_servers,
    new_room,
    parse_link,
    save_net,
    w_,
)
from .dom import js_obj, nil

INTENTS = ("net_invite", "net_consent", "net_share", "net_admit", "net_deny", "net_turn", "net_join",
           "net_retry")


def guest_link(session) -> bool:
    """This tab came by an invitation link, now or before a reload: the room and secret
    are kept in sessionStorage (``NET_GUEST_KEY``) and the address bar loses them. A
    link that cannot be read is kept as its reason, said on the guest's screen."""
    usp = window.URLSearchParams.new(window.location.search)
    if usp.has("room"):
        try:
            room, secret = parse_link(str(window.location.search), str(window.location.hash))
            old = store.read_object(session, NET_GUEST_KEY, "internet room", ()) or {}
            name = old.get("name", "") if old.get("room") == room else ""
            session.setItem(NET_GUEST_KEY, json.dumps({"room": room, "secret": secret, "name": name}))
        except BadInput as e:
            session.setItem(NET_GUEST_KEY, json.dumps({"bad": e.code}))
        window.history.replaceState(None, "", window.location.pathname)
        return True
    return session.getItem(NET_GUEST_KEY) is not None


class NetPage:
    def __init__(self, page, links) -> None:
        self.page, self.links = page, links
        self.js = getattr(window, "phomNet", None)
        app = page.app
        app.friends.net = load_net(app.storage)
        app.friends.net_note = None
        self.started = False
        self.host: NetHost | None = None
        self.guest: NetGuest | None = None
        self.bad_link: str | None = None
        self._timer = None      # the clock of the waits, only while internet play runs
        self._resume = False
        self._proxies = [create_proxy(self._on_event), create_proxy(self._tick)]
        if self.js is not None and not nil(self.js):
            self.js.listen(self._proxies[0])
        if links.guest:
            saved = store.read_object(links.session, NET_GUEST_KEY, "internet room", ()) or {}
            if "bad" in saved:
                self.bad_link = str(saved["bad"]) if str(saved["bad"]).startswith("link_") else "link_bad_room"
                app.source.join_screen = lambda a: invite_view.bad_link_html(a, self.bad_link)
            elif saved.get("room"):
                self.guest = NetGuest(saved["room"], saved["secret"], saved.get("name", ""))
                invite_view.plug_guest(app, self.guest)
                if app.friends.net.get("consent") and self.guest.name:   # a reload: back in, as before
                    self._guest_start(self.guest.name)
        else:
            app.friends.net_host = None
            app.friends.net_url = ""
            invite_view.plug(app)
            # the host's page reloaded with guests seated: its room starts again once the
            # match is back (after_render), and its guests, waiting in the room, come back
            self._resume = bool(app.friends.net.get("consent") and app.friends.net.get("room"))

    def after_render(self) -> None:
        """Once the host's match is back after a reload: its room again, if guests sat in it."""
        if not self._resume:
            return
        app = self.page.app
        if app.session is None:
            return
        self._resume = False
        if app.session.tokens and not self.started:
            self._host_start()

    @property
    def active(self) -> bool:
        return self.started

    # ------------------------------------------------------------ starting
    def _servers(self):
        lab = self.page.app.storage.getItem(NET_LAB_KEY)
        return net_servers(self.page.app.friends.net.get("turn"), None if nil(lab) else str(lab),
                           str(window.location.hostname), str(window.location.origin))

    def _start(self, room: str, secret: str) -> None:
        if self.js is None or nil(self.js):     # ui/friends/net.js did not load: said, as no WebRTC
            if self.guest is not None:
                self.guest.on_error("no_rtc")
            if self.host is not None:
                self.host.error = "no_rtc"
            return
        relays, ice = self._servers()
        self.started = True
        if self._timer is None:
            self._timer = window.setInterval(self._proxies[1], 500)
        self.js.start(room, secret, js_obj(relays), js_obj(ice))

    def _host_start(self) -> None:
        app = self.page.app
        net = app.friends.net
        if not net.get("room"):
            net["room"], net["secret"] = new_room()
            save_net(app.storage, net)
        if self.host is None or not self.started:
            self.host = app.friends.net_host = NetHost(net["room"], net["secret"])
            self._start(net["room"], net["secret"])
        app.friends.net_url = invite_url(str(window.location.href), net["room"], net["secret"])

    def _guest_start(self, name: str) -> None:
        g = self.guest
        if g is None or not g.start(name, time.monotonic()):
            return
        app = self.page.app
        links_session = self.links.session
        links_session.setItem(NET_GUEST_KEY, json.dumps({"room": g.room, "secret": g.secret, "name": g.name}))
        app.friends.net["consent"] = True
        save_net(app.storage, app.friends.net)
        self._start(g.room, g.secret)

    # ------------------------------------------------------------ intents
    def handle(self, act: str, arg) -> bool | None:
        if act not in INTENTS:
            return None
        app = self.page.app
        app.friends.net_note = None
        if act == "net_invite":
            if app.friends.net.get("consent"):
                self._host_start()
                app.open("invite")
            else:
                app.open("net_consent")
        elif act == "net_consent":
            app.friends.net["consent"] = True
            save_net(app.storage, app.friends.net)
            self._host_start()
            app.open("invite")
        elif act == "net_share" and self.host is not None:
            self._share()
            return False
        elif act == "net_admit" and self.host is not None:
            peer, _, seat = str(arg).rpartition(":")
            if not seat.isdigit():
                return False
            self._send_all(host_admit(app, self.host, peer, int(seat)))
        elif act == "net_deny" and self.host is not None:
            self._send_all(self.host.deny(str(arg)))
        elif act == "net_turn":
            self._save_turn()
        elif act == "net_join" and self.guest is not None:
            el = document.getElementById("net-name")
            self._guest_start("" if nil(el) else str(el.value))
        elif act == "net_retry" and self.guest is not None:
            # a fresh page: trystero keeps one id per page, and the host's side of a link
            # that failed under that id does not try it again; the room, the name and the
            # consent are kept (sessionStorage, NET_KEY), so the page goes straight back in
            self.js.stop()
            window.location.reload()
            return False
        self.page.render()
        return False

    def _save_turn(self) -> None:
        app = self.page.app

        def val(k: str) -> str:
            el = document.getElementById(f"turn-{k}")
            return "" if nil(el) else str(el.value)

        try:
            turn = check_turn(val("url"), val("user"), val("pass"))
        except BadInput as e:
            app.friends.net_note = w_(app.lang, "bad_turn", reason=w_(app.lang, e.code))
            return
        app.friends.net["turn"] = turn
        save_net(app.storage, app.friends.net)
        app.friends.net_note = w_(app.lang, "turn_saved" if turn else "turn_cleared")

    def _share(self) -> None:
        import asyncio

        async def go():
            app = self.page.app
            how = str(await self.js.share(app.friends.net_url, w_(app.lang, "invite_title")))
            if how == "copied":
                app.friends.net_note = w_(app.lang, "copied")
                self.page.render()

        asyncio.ensure_future(go())

    # ------------------------------------------------------------ from net.js
    def _send_all(self, out) -> None:
        for peer, text in out:
            self.js.send(peer, text)

    def send_seat(self, seat: int, text: str) -> bool:
        """A message for a guest seat, if a phone of the room holds it (else: not ours)."""
        if self.host is None or seat not in self.host.seated:
            return False
        self.js.send(self.host.seated[seat], text)
        return True

    def send_host(self, text: str) -> bool:
        g = self.guest
        if g is None or g.host is None:
            return False
        self.js.send(g.host, text)
        return True

    def _on_event(self, kind, peer, text) -> None:
        try:
            kind, peer, text = str(kind), str(peer), str(text)
            app = self.page.app
            if kind == "error":
                window.console.warn(f"phom: internet play: {text} {peer}")
            if self.host is not None:
                self._send_all(host_event(app, self.host, kind, peer, text))
            elif self.guest is not None:
                self._send_all(guest_event(app, self.guest, kind, peer, text, time.monotonic()))
                if self.guest.step == "in" and self._saved().get("retried"):
                    saved = self._saved()
                    saved.pop("retried", None)      # back in: a later failure may be tried again once
                    self.links.session.setItem(NET_GUEST_KEY, json.dumps(saved))
                while app.source.warnings:
                    window.console.warn("phom: " + app.source.warnings.pop(0))
            self.links._refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    def _saved(self) -> dict:
        return store.read_object(self.links.session, NET_GUEST_KEY, "internet room", ()) or {}

    def _tick(self) -> None:
        try:
            g, h = self.guest, self.host
            if g is not None and g.tick(time.monotonic()):
                saved = self._saved()
                if g.retry_by_itself(self.page.app.source.token is not None, saved.get("retried") is True):
                    # once, on a fresh page (as "Thử lại" does): the seat comes back by its token
                    self.links.session.setItem(NET_GUEST_KEY, json.dumps({**saved, "retried": True}))
                    window.console.warn("phom: internet play: no path to the host; trying again on a fresh page")
                    self.js.stop()
                    window.location.reload()
                    return
                self.page.render()
            elif h is not None and h.tick(time.monotonic()):
                self.page.render()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)
