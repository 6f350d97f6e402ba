"""Linked play's intents and the messages that come in, pure Python: what each tap of
linked play, each message from another phone and each tick of a clock does to the
table, and what goes out because of it.

One convention with the table's and the learning side's intents (ui/table/intents.py,
ui/learn/intents.py): ``handle(app, port, intent, arg)`` returns **True** when
something changed (the page draws again), **False** when nothing did (or what it
started finishes later: a code made, the page loading afresh), **None** when the
intent is not linked play's. The browser does what only a browser can — send bytes
on a link or in the internet room, make and read codes, load the page afresh — as
the ``Port`` it is given (ui/page/link.py ``LinkPage``); the tests give a port that
records (tests/ui/test_friends_intents.py).

The path of a message, one way (docs/ARCHITECTURE.md): **in** (link.js or net.js
hands the page a string: ``message``, ``net_event``) → **intent** (this module: the
host's ``HostLinks.incoming``, a guest's ``HostFeed.receive``) → **engine** (the
host's ``phom.session`` checks and plays a guest's move) → **save** (the host's
table saves the match) → **out**: ``publish``, which the table calls after every
save (``App.after_save``, hung there by ``follow``), sends each linked guest the
table if its copy is out of date. Nothing is sent while the page draws.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..core.store import NET_GUEST_KEY
from . import react
from .clock import clean_limit
from .invite import (
    BadInput,
    NetHost,
    check_turn,
    guest_event,
    host_admit,
    host_event,
    invite_url,
    new_room,
    save_net,
)
from .linkplay import CODE_REASONS, feed_of, links_of, send_reaction
from .state import friends_of
from .words import fw

if TYPE_CHECKING:
    from ..table.app import App


class Port(Protocol):
    """What linked play asks of the browser (ui/page/link.py): bytes moved, codes made
    and read, the page loaded afresh. Each call only starts the work; what comes back
    (a code made, a scanned text, a message) comes back as a call into this module."""

    def send(self, to: int | str, text: str) -> None: ...
    """To a guest seat (by whichever link holds it: the internet room or a same-Wi-Fi
    link), or ``"host"`` from a guest's phone."""

    def send_peer(self, peer: str, text: str) -> None: ...
    """To one phone of the internet room, by its id there (before it holds a seat)."""

    def start_room(self, room: str, secret: str) -> bool: ...
    """Enter the internet room (ui/friends/net.js); False: this page cannot (no net.js)."""

    def page_url(self) -> str: ...

    def go(self, where: str) -> None: ...
    """The page loads afresh: ``"join"`` as a guest who pastes a code, ``"leave"`` back
    to one's own table (links closed, the room left), ``"retry"`` the same room again."""

    def value(self, element_id: str) -> str: ...
    """What the player typed in a field of the page ("" if there is none)."""

    def offer(self, seat: int) -> None: ...          # a code for ``seat``: answered by ``offered``
    def accept(self, seat: int, text: str) -> None: ...   # a guest's answer code: refused by ``code_refused``
    def answer(self, text: str) -> None: ...         # the host's code: answered by ``answered``
    def scan(self, target: str) -> None: ...         # a QR code into field ``target``: ``scanned``
    def share(self, url: str, title: str) -> None: ...   # the invitation: ``shared``
    def redraw_in(self, seconds: float) -> None: ...     # draw again once a moment is over


# ------------------------------------------------------------ out
def follow(app: App, port: Port) -> None:
    """The table sends what changed after each save of the match (``App.after_save``)."""
    def sent() -> None:
        publish(app, port)

    app.follow(sent)


def publish(app: App, port: Port) -> int:
    """What waits to go out, sent: on a host's table the table for every linked guest
    whose copy is out of date (and the host's reactions); on a guest's, its moves and
    reactions for the host. The number of messages sent. Held while a message that came
    in is handled (its replies go first: ``_holding``)."""
    friends = app.friends
    if friends is None or friends.holding:
        return 0
    if app.guest:
        out = feed_of(app).take_outbox()
        for text in out:
            port.send("host", text)
        return len(out)
    if friends.links is None:
        return 0
    sent = friends.links.outgoing(app)
    for seat, text in sent:
        port.send(seat, text)
    return len(sent)


class _holding:
    """A save while a message is handled sends nothing until its replies are out."""

    def __init__(self, app: App) -> None:
        self.friends = friends_of(app)

    def __enter__(self) -> None:
        self.friends.holding = True

    def __exit__(self, *exc: object) -> None:
        self.friends.holding = False


# ------------------------------------------------------------ in: from link.js, net.js, the clock
def message(app: App, port: Port, link: int | str, text: str) -> bool:
    """A message on a same-Wi-Fi link (ui/friends/link.js): on a host's table a guest's
    (``link`` its seat), played or refused by the host's session; on a guest's, the
    host's. True when the table changed."""
    if app.guest:
        return feed_of(app).receive(app, text) or feed_of(app).error is not None
    with _holding(app):
        replies = links_of(app).incoming(app, int(link), text)
    for seat, reply in replies:
        port.send(seat, reply)
    publish(app, port)
    return True


def link_state(app: App, port: Port, link: int | str, state: str) -> bool:
    """A same-Wi-Fi link opened or closed (``link``: the guest's seat, or "host")."""
    if app.guest:
        feed = feed_of(app)
        if state == "open" and feed.seat is not None:
            port.send("host", feed.join_message(feed.seat))
        elif state != "open":
            feed.host_closed()
        return True
    if state == "open":
        links_of(app).opened(app, int(link))
    else:
        links_of(app).closed(app, int(link))
    publish(app, port)
    return True


def net_event(app: App, port: Port, kind: str, peer: str, text: str, now: float) -> bool:
    """One report of ui/friends/net.js (internet play): a relay, a phone that came or
    left, a failure, a message. True (the page draws again)."""
    f = friends_of(app)
    with _holding(app):
        if f.net_host is not None:
            out = host_event(app, f.net_host, kind, peer, text)
        elif f.net_guest is not None:
            out = guest_event(app, f.net_guest, kind, peer, text, now)
        else:
            out = []
    for to, reply in out:
        port.send_peer(to, reply)
    publish(app, port)
    return True


def clock_tick(app: App, now: float) -> bool:
    """The host's turn clock looked at: a guest's time ran out (a bot finishes its turn)
    or its seat is its own again — saved (so sent to every phone). True when so."""
    c = friends_of(app).clock if app.friends is not None else None
    if app.session is None or c is None or c.tick(app.session, now) is None:
        return False
    app.save()
    return True


# ------------------------------------------------------------ the taps
def link_open(app: App, port: Port, arg: object) -> bool:
    app.open("link")
    return True


def link_join(app: App, port: Port, arg: object) -> bool:
    port.go("join")
    return False


def link_leave(app: App, port: Port, arg: object) -> bool:
    if app.guest:
        feed_of(app).leave()
    port.go("leave")
    return False


def link_clock(app: App, port: Port, arg: object) -> bool:
    f = friends_of(app)
    if app.guest or f.clock is None:
        return False
    limit = clean_limit(int(str(arg)) if str(arg).isdigit() else 0)
    f.clock.limit = f.net["clock"] = limit
    save_net(app.storage, f.net)
    publish(app, port)          # every phone's ring follows the host's choice
    return True


def react_menu(app: App, port: Port, arg: object) -> bool:
    r = friends_of(app).react
    if r is None:
        return False
    r.open = not r.open
    return True


def react_send(app: App, port: Port, arg: object) -> bool:
    if send_reaction(app, str(arg), time.monotonic()):
        publish(app, port)
        port.redraw_in(react.SHOW + 0.1)     # the bubble goes
    return True


def react_mute(app: App, port: Port, arg: object) -> bool:
    f = friends_of(app)
    if f.react is None:
        return False
    f.react.muted = f.net["mute"] = not f.react.muted
    save_net(app.storage, f.net)
    return True


def link_cover(app: App, port: Port, arg: object) -> bool:
    s = app.session
    if s is None or not str(arg).isdigit():
        return False
    seat = int(str(arg))
    s.cover(seat, seat not in s.covered)
    app.save()
    return True


def link_invite(app: App, port: Port, arg: object) -> bool:
    if friends_of(app).links is None or not str(arg).isdigit():
        return False
    port.offer(int(str(arg)))
    return False


def link_accept(app: App, port: Port, arg: object) -> bool:
    if friends_of(app).links is None or not str(arg).isdigit():
        return False
    seat = int(str(arg))
    port.accept(seat, port.value(f"answer-{seat}"))
    return False


def link_answer(app: App, port: Port, arg: object) -> bool:
    if not app.guest:
        return False
    port.answer(port.value("offer-in"))
    return False


def link_scan(app: App, port: Port, arg: object) -> bool:
    port.scan(str(arg))
    return False


# internet play (ui/friends/invite.py, invite_view.py)
def _host_start(app: App, port: Port) -> None:
    """The host's room: made once (kept in NET_KEY, so a reload opens the same), entered."""
    f = friends_of(app)
    net = f.net
    if not net.get("room"):
        net["room"], net["secret"] = new_room()
        save_net(app.storage, net)
    if f.net_host is None:
        f.net_host = NetHost(net["room"], net["secret"])
        if not port.start_room(net["room"], net["secret"]):
            f.net_host.error = "no_rtc"      # ui/friends/net.js did not load: said as no WebRTC
    f.net_url = invite_url(port.page_url(), net["room"], net["secret"])


def resume(app: App, port: Port) -> bool:
    """The host's page reloaded with guests seated in its room: the room again, so they
    come back (called once the match is back, ui/page/link.py ``LinkPage.started``)."""
    net = friends_of(app).net if app.friends is not None else {}
    s = app.session
    if app.guest or s is None or not (net.get("consent") and net.get("room")) or not s.tokens:
        return False
    _host_start(app, port)
    return True


def guest_start(app: App, port: Port, name: str) -> bool:
    """A guest who came by an invitation joins as ``name``: the room, its name and the
    consent kept for a reload (this tab's NET_GUEST_KEY, the device's NET_KEY)."""
    g = friends_of(app).net_guest
    if g is None or not g.start(name, time.monotonic()):
        return False
    feed_of(app).session_storage.setItem(NET_GUEST_KEY, json.dumps({"room": g.room, "secret": g.secret,
                                                                   "name": g.name}))
    friends_of(app).net["consent"] = True
    save_net(app.storage, friends_of(app).net)
    if not port.start_room(g.room, g.secret):
        g.on_error("no_rtc")
    return True


def guest_back(app: App, port: Port) -> bool:
    """A guest's page reloaded on its way into a room it had agreed to: straight back in,
    under the same name (no form again)."""
    g = friends_of(app).net_guest if app.friends is not None else None
    if g is None or not (friends_of(app).net.get("consent") and g.name):
        return False
    return guest_start(app, port, g.name)


def net_invite(app: App, port: Port, arg: object) -> bool:
    if friends_of(app).net.get("consent"):
        _host_start(app, port)
        app.open("invite")
    else:
        app.open("net_consent")
    return True


def net_consent(app: App, port: Port, arg: object) -> bool:
    friends_of(app).net["consent"] = True
    save_net(app.storage, friends_of(app).net)
    _host_start(app, port)
    app.open("invite")
    return True


def net_share(app: App, port: Port, arg: object) -> bool:
    if friends_of(app).net_host is None:
        return True
    port.share(friends_of(app).net_url, fw(app.lang, "invite_title"))
    return False


def net_admit(app: App, port: Port, arg: object) -> bool:
    host = friends_of(app).net_host
    if host is None:
        return True
    peer, _, seat = str(arg).rpartition(":")
    if not seat.isdigit():
        return False
    with _holding(app):
        out = host_admit(app, host, peer, int(seat))
    for to, text in out:
        port.send_peer(to, text)
    publish(app, port)
    return True


def net_deny(app: App, port: Port, arg: object) -> bool:
    host = friends_of(app).net_host
    if host is not None:
        for to, text in host.deny(str(arg)):
            port.send_peer(to, text)
    return True


def net_turn(app: App, port: Port, arg: object) -> bool:
    f = friends_of(app)
    try:
        turn = check_turn(port.value("turn-url"), port.value("turn-user"), port.value("turn-pass"))
    except BadInput as e:
        f.net_note = fw(app.lang, "bad_turn", reason=fw(app.lang, e.code))
        return True
    f.net["turn"] = turn
    save_net(app.storage, f.net)
    f.net_note = fw(app.lang, "turn_saved" if turn else "turn_cleared")
    return True


def net_join(app: App, port: Port, arg: object) -> bool:
    if friends_of(app).net_guest is not None:
        guest_start(app, port, port.value("net-name"))
    return True


def net_retry(app: App, port: Port, arg: object) -> bool:
    if friends_of(app).net_guest is None:
        return True
    # a fresh page: trystero keeps one id per page, and the host's side of a link that
    # failed under that id does not try it again; the room, the name and the consent are
    # kept (this tab's NET_GUEST_KEY, the device's NET_KEY), so the page goes straight back in
    port.go("retry")
    return False


INTENTS: dict[str, Callable[[App, Port, object], bool]] = {
    "link_open": link_open, "link_join": link_join, "link_leave": link_leave, "link_clock": link_clock,
    "react": react_send, "react_menu": react_menu, "react_mute": react_mute, "link_cover": link_cover,
    "link_invite": link_invite, "link_accept": link_accept, "link_answer": link_answer, "link_scan": link_scan,
    "net_invite": net_invite, "net_consent": net_consent, "net_share": net_share, "net_admit": net_admit,
    "net_deny": net_deny, "net_turn": net_turn, "net_join": net_join, "net_retry": net_retry,
}


def handle(app: App, port: Port, intent: str, arg: object = None) -> bool | None:
    """One of linked play's taps: True = draw again, False = nothing (yet), None = not ours."""
    act = INTENTS.get(intent)
    if act is None:
        return None
    if intent.startswith("net_"):
        friends_of(app).net_note = None
    return act(app, port, arg)


# ------------------------------------------------------------ what the browser's work brought back
def offered(app: App, seat: int, code: str) -> bool:
    """The invitation code for ``seat`` was made (ui/friends/link.js)."""
    links = links_of(app)
    links.errors.pop(seat, None)
    links.codes[seat] = code
    links.status[seat] = "wait"
    return True


def code_reason(lang: str, code: object, seat: object = None) -> str:
    """Why a pasted or scanned code was refused, in the page's language: by the code
    ui/friends/link.js gives its refusals (``phomCode``); anything else (the browser's
    own WebRTC error) is a code the browser cannot link with."""
    if isinstance(code, str) and code in CODE_REASONS:
        return fw(lang, "code_" + code, seat=int(seat) if isinstance(seat, (int, float)) else "?")
    return fw(lang, "code_browser")


def code_refused(app: App, seat: int | None, code: object, code_seat: object = None) -> bool:
    """A code was refused: the host's answer field for ``seat`` says why, or (``seat``
    None) the guest's join screen does."""
    said = fw(app.lang, "bad_code", reason=code_reason(app.lang, code, code_seat))
    if seat is None:
        feed_of(app).say(said)
    else:
        links_of(app).errors[seat] = said
    return True


def answered(app: App, seat: int, code: str) -> bool:
    """The guest's answer code to the host's invitation for ``seat`` is made: shown, to
    send back. A code for another seat than the one this phone held drops its token."""
    feed_of(app).answered(seat, code)
    return True


def scan_failed(app: App, target: str) -> bool:
    """No camera (or no permission): said by the field the code was for."""
    said = fw(app.lang, "nocam")
    if target == "offer-in":
        feed_of(app).say(said)
    else:
        links_of(app).errors[int(target.split("-")[1])] = said
    return True


def scanned(app: App, port: Port, target: str) -> bool:
    """A code read by the camera into ``target``: answered or accepted as if pasted."""
    if target == "offer-in":
        return link_answer(app, port, None)
    return link_accept(app, port, target.split("-")[1])


def shared(app: App, how: str) -> bool:
    """The invitation was shared; copied instead (no share sheet): said."""
    if how != "copied":
        return False
    friends_of(app).net_note = fw(app.lang, "copied")
    return True


__all__ = ["INTENTS", "Port", "answered", "clock_tick", "code_reason", "code_refused", "follow", "guest_back", "handle",
           "link_state", "message", "net_event", "offered", "publish", "resume", "scan_failed", "scanned",
           "shared"]
