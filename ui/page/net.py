"""Internet play in the browser (issue 39): wires ui/friends/net.js (trystero) to the
host's ``NetHost`` + ``HostLinks`` or the guest's ``NetGuest`` + ``HostFeed``
(ui/friends/invite.py, ui/friends/linkplay.py). Nothing is started — no relay, no
STUN — until the player chose internet play: the host by agreeing in the consent
panel, the guest by tapping "Đồng ý, vào bàn" under the same words.

``guest_link()`` reads an invitation link (``?room=…#secret``) before the app is
made; ``NetPage`` is attached by ui/page/link.py's ``LinkPage``, which lets it carry
the messages of the seats the room seated. What each event and tap does is
ui/friends/intents.py's (``net_event``, the ``net_*`` intents): this only moves bytes."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any, cast

from js import window
from pyodide.ffi import create_proxy

from ..core import store
from ..core.store import NET_GUEST_KEY, NET_LAB_KEY
from ..friends import intents, invite_view
from ..friends.invite import BadInput, NetGuest, load_net, net_servers, parse_link
from ..friends.linkplay import feed_of
from ..friends.state import friends_of
from .dom import js_obj, nil

if TYPE_CHECKING:
    from js import PhomNet

    from ..core.store import Storage
    from ..friends.invite import NetHost
    from .link import LinkPage
    from .main import Page


def guest_link(session: Storage) -> bool:
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
    def __init__(self, page: Page, links: LinkPage) -> None:
        self.page, self.links = page, links
        # ui/friends/net.js's functions (checked with nil before the first use)
        self.js: PhomNet = cast("PhomNet", getattr(window, "phomNet", None))
        app = page.app
        friends_of(app).net = load_net(app.storage)
        friends_of(app).net_note = None
        self.started = False
        self.bad_link: str | None = None
        self._timer: int | None = None      # the clock of the waits, only while internet play runs
        self._proxies = [create_proxy(self._on_event), create_proxy(self._tick)]
        if self.js is not None and not nil(self.js):
            self.js.listen(self._proxies[0])
        if links.guest:
            saved = store.read_object(links.session, NET_GUEST_KEY, "internet room", ()) or {}
            if "bad" in saved:
                bad = self.bad_link = str(saved["bad"]) if str(saved["bad"]).startswith("link_") else "link_bad_room"
                feed_of(app).use_join_screen(lambda a: invite_view.bad_link_html(a, bad))
            elif saved.get("room"):
                invite_view.plug_guest(app, NetGuest(cast(str, saved["room"]), cast(str, saved["secret"]),
                                                     cast(str, saved.get("name", ""))))
        else:
            friends_of(app).net_host = None
            friends_of(app).net_url = ""
            invite_view.plug(app)

    @property
    def host(self) -> NetHost | None:
        return friends_of(self.page.app).net_host

    @property
    def guest(self) -> NetGuest | None:
        return friends_of(self.page.app).net_guest

    @property
    def active(self) -> bool:
        return self.started

    # ------------------------------------------------------------ starting
    def _servers(self) -> tuple[Any, Any]:
        lab = self.page.app.storage.getItem(NET_LAB_KEY)
        return net_servers(friends_of(self.page.app).net.get("turn"), None if nil(lab) else str(lab),
                           str(window.location.hostname), str(window.location.origin))

    def start(self, room: str, secret: str) -> bool:
        """Into the room (ui/friends/net.js); False when net.js did not load."""
        if self.js is None or nil(self.js):
            return False
        relays, ice = self._servers()
        self.started = True
        if self._timer is None:
            self._timer = window.setInterval(self._proxies[1], 500)
        self.js.start(room, secret, js_obj(relays), js_obj(ice))
        return True

    # ------------------------------------------------------------ the bytes
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

    def _on_event(self, kind: object, peer: object, text: object) -> None:
        try:
            kind, peer, text = str(kind), str(peer), str(text)
            if kind == "error":
                window.console.warn(f"phom: internet play: {text} {peer}")
            intents.net_event(self.page.app, self.links, kind, peer, text, time.monotonic())
            if self.guest is not None and self.guest.step == "in" and self._saved().get("retried"):
                saved = self._saved()
                saved.pop("retried", None)      # back in: a later failure may be tried again once
                self.links.session.setItem(NET_GUEST_KEY, json.dumps(saved))
            self.links.warn()
            self.links.refresh()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)

    def _saved(self) -> dict[str, object]:
        return store.read_object(self.links.session, NET_GUEST_KEY, "internet room", ()) or {}

    def _tick(self) -> None:
        try:
            g, h = self.guest, self.host
            seated = g is not None and feed_of(self.page.app).token is not None
            if g is not None and g.tick(time.monotonic(), back=seated and self._saved().get("retried") is not True):
                saved = self._saved()
                if g.retry_by_itself(seated, saved.get("retried") is True):
                    # once, on a fresh page (as "Thử lại" does): the seat comes back by its token
                    self.links.session.setItem(NET_GUEST_KEY, json.dumps({**saved, "retried": True}))
                    window.console.warn(f"phom: internet play: {g.error} (the host); trying again on a fresh page")
                    self.js.stop()
                    window.location.reload()
                    return
                self.page.render()
            elif h is not None and h.tick(time.monotonic()):
                self.page.render()
        except Exception as e:  # noqa: BLE001
            self.page.fail(e)
