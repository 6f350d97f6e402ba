"""Internet play by one invitation link (issue 39), pure Python.

The host taps "Mời bạn" / "Invite" and sends one link, ``…/?room=<id>#<secret>``:
the room's id in the query, its secret in the fragment (never sent to any server).
Phones of one room find each other through public Nostr relays (trystero, driven by
ui/friends/net.js, which only moves strings) and talk over WebRTC, encrypted; the
relays see addresses and the encrypted signalling, never a card.

What travels is the linked-play protocol (``phom.session``: join/act, welcome/state/
refused) unchanged, plus four words of our own, each a JSON object with
``"net": NET_VERSION`` and a ``"type"``:

host → phone  ``hello`` {seats: [free guest seats], names}; ``admit`` {seat};
              ``deny`` {code}
phone → host  ``ask`` {name, seat?, token?}; a phone that also says ``hello``
              claims to host the same room: both are told (``two_hosts``).

``NetHost`` is the host's side: who is in the room, who asks for a seat, who was
let in to which one; a seated phone's game messages go on to the host's
``HostLinks`` as a same-Wi-Fi link's do, so the host's engine checks every move.
``NetGuest`` is the guest's: from the link to the host's ``admit``, with a clear
word for each way it can fail. Neither touches the browser: ui/page/link.py does.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import TYPE_CHECKING, TypedDict

from ..core import store
from ..core.widgets import btn
from ..table.match import name_guest
from .clock import clean_limit
from .linkplay import feed_of, links_of
from .words import fw

if TYPE_CHECKING:
    from phom.session import Session

    from ..core.store import Storage
    from ..table.app import App


# A TURN server as the player typed it (``check_turn``; "pass" is a keyword, hence this form)
TurnServer = TypedDict("TurnServer", {"url": str, "user": str, "pass": str})


class NetRecord(TypedDict, total=False):
    """The device's internet-play record (store.NET_KEY, ``load_net``): the player's
    consent, the TURN server they set, the turn clock's limit, the reactions' mute, and the
    room they host (with its secret)."""

    consent: bool
    turn: TurnServer | None
    clock: int
    mute: bool
    room: str
    secret: str

NET_VERSION = 1
RELAYS = ("wss://nos.lol", "wss://relay.mostr.pub", "wss://purplerelay.com", "wss://nostr.sathoarder.com")
"""The public Nostr relays the phones meet through; index.html's CSP connect-src names
exactly these (tests/ui/test_invite.py holds the two together)."""
STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
"""Public STUN servers: each phone learns the address its network gives it."""
RELAY_WAIT = 8.0      # s: no relay open by then -> "offline"
HOST_WAIT = 35.0      # s: relays open but no host heard by then -> "no host" (longer than trystero
                      # takes to report a host it exchanged offers with but could not reach: "no path")
BACK_WAIT = 15.0      # s: a phone coming back to its seat that hears no host by then tries once more
                      # on a fresh page (``retry_by_itself``) rather than wait for trystero's next
                      # announce, a minute on (the lab: a reloaded guest's first exchange with the
                      # host can fail with no word on the guest's side; the fresh page links)
ERROR_GRACE = 5.0     # s: a failure with a phone not yet known to be the host is said only if no host
                      # linked by then (it may be another guest's phone, or a stranger's with a wrong key)
ROOM_CHECK = 4        # letters at the end of a room id that check the room's key (key_fits)

ROOM_RE = re.compile(r"^[a-z0-9]{10,32}$")
SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
TURN_RE = re.compile(r"^turns?:(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?(\?transport=(udp|tcp))?$")
CTRL = ("hello", "ask", "admit", "deny")
DENY = ("full", "version", "refused", "seat_taken", "not_admitted", "two_hosts")
ERRORS = ("offline", "no_host", "no_path", "secret", "version", "two_hosts", "no_rtc", "insecure",
          "full", "refused", "seat_taken", "host_left", "other")



class BadInput(ValueError):
    """Input refused; ``code`` names the reason in TEXT."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


# ---------------------------------------------------------------- the link
ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def key_check(base: str, secret: str) -> str:
    """ROOM_CHECK letters from a hash of the room's first twelve letters and its key."""
    import hashlib

    n = int.from_bytes(hashlib.sha256(f"phom-room:{base}#{secret}".encode()).digest()[:8], "big")
    out = ""
    for _ in range(ROOM_CHECK):
        n, d = divmod(n, len(ALPHABET))
        out += ALPHABET[d]
    return out


def key_fits(room: str, secret: str) -> bool:
    """Whether a link's key is the room's. A room made here (16 letters) ends in a check of
    its key, so a key cut short or taken from another invitation is told on the phone at
    once, before anything is contacted, the same way every time (trystero's own word for
    it depends on which phone happens to offer first, and reaches the other phones of the
    room as well). A room of 12 letters is from before the check: it cannot be told here."""
    if len(room) != 12 + ROOM_CHECK:
        return True
    return room[12:] == key_check(room[:12], secret)


def new_room() -> tuple[str, str]:
    """A fresh room id (twelve lower-case letters and digits, then key_check's four) and
    secret (128 bits, base64url)."""
    import base64
    import random

    rng = random.SystemRandom()     # the browser's crypto.getRandomValues under Pyodide
    base = "".join(rng.choice(ALPHABET) for _ in range(12))
    secret = base64.urlsafe_b64encode(rng.getrandbits(128).to_bytes(16, "big")).decode().rstrip("=")
    return base + key_check(base, secret), secret


def invite_url(page_url: str, room: str, secret: str) -> str:
    """The link to send: the page's address (no query, no fragment), the room, the secret."""
    base = page_url.split("#")[0].split("?")[0]
    return f"{base}?room={room}#{secret}"


def parse_link(search: str, fragment: str) -> tuple[str, str]:
    """(room, secret) from a link's query (``?room=…``) and fragment (``#…``); BadInput
    (link_no_room, link_bad_room, link_no_secret, link_bad_secret) otherwise."""
    rooms = [p[5:] for p in search.lstrip("?").split("&") if p.startswith("room=")]
    if not rooms or not rooms[0]:
        raise BadInput("link_no_room")
    room = rooms[0].strip()
    if not ROOM_RE.match(room):
        raise BadInput("link_bad_room")
    secret = fragment.lstrip("#").strip()
    if not secret:
        raise BadInput("link_no_secret")
    if not SECRET_RE.match(secret):
        raise BadInput("link_bad_secret")
    return room, secret


def check_turn(url: object, user: object, password: object) -> TurnServer | None:
    """A TURN server as the player typed it: None (all empty: no TURN), or
    {url, user, pass}; BadInput (turn_bad_url, turn_no_user, turn_too_long)."""
    vals = [v.strip() if isinstance(v, str) else "" for v in (url, user, password)]
    if not any(vals):
        return None
    if any(len(v) > 200 for v in vals):
        raise BadInput("turn_too_long")
    if not TURN_RE.match(vals[0]):
        raise BadInput("turn_bad_url")
    if not vals[1] or not vals[2]:
        raise BadInput("turn_no_user")
    return {"url": vals[0], "user": vals[1], "pass": vals[2]}


def net_servers(turn: TurnServer | None, lab: str | None = None, page_host: str = "",
                page_origin: str = "") -> tuple[list[str], list[dict[str, object]]]:
    """The relays and ICE servers to use. The public ones (RELAYS, STUN), plus the
    player's TURN. Tests only (``lab == "self"``, store.NET_LAB): the relay and STUN on
    the page's own host, so a test never contacts a third party; it can point nowhere
    else, so the setting cannot send a player's phone to a stranger's relay."""
    ice: list[dict[str, object]] = []
    if lab == "self" and page_host and page_origin.startswith(("http://", "https://")):
        relays = ["ws" + page_origin[len("http"):] + "/relay"]
        ice.append({"urls": f"stun:{page_host}:3478"})
    else:
        relays = list(RELAYS)
        ice.append({"urls": list(STUN)})
    if turn:
        ice.append({"urls": turn["url"], "username": turn["user"], "credential": turn["pass"]})
    return relays, ice


def load_net(storage: Storage) -> NetRecord:
    """The device's internet-play record (store.NET_KEY): consent, TURN, hosted room.
    Read as every kept object is (store.read_object: one that cannot be read is set
    aside with why); a field that does not check out is dropped, the rest kept."""
    raw = store.read_object(storage, store.NET_KEY, "internet play's record",
                            ("consent", "turn", "room", "secret", "clock", "mute")) or {}
    out: NetRecord = {"consent": raw.get("consent") is True, "clock": clean_limit(raw.get("clock")),
                 "mute": raw.get("mute") is True}
    try:
        t = raw.get("turn") or {}
        out["turn"] = check_turn(t.get("url"), t.get("user"), t.get("pass")) if isinstance(t, dict) else None
    except BadInput:
        out["turn"] = None
    room, secret = raw.get("room"), raw.get("secret")
    if isinstance(room, str) and isinstance(secret, str) and ROOM_RE.match(room) and SECRET_RE.match(secret):
        out["room"], out["secret"] = room, secret
    return out


def save_net(storage: Storage, net: NetRecord) -> None:
    storage.setItem(store.NET_KEY, json.dumps(net))


def message(kind: str, **fields: object) -> str:
    return json.dumps({"net": NET_VERSION, "type": kind, **fields}, ensure_ascii=False)


def read_ctrl(text: str) -> dict[str, object] | None:
    """One of our four words, checked; None when ``text`` is not one (a game message)."""
    try:
        raw = json.loads(text)
    except ValueError:
        return None
    if not isinstance(raw, dict) or "net" not in raw:
        return None
    if raw.get("type") not in CTRL:
        return {"type": "bad"}
    return raw


# ---------------------------------------------------------------- the host
class NetHost:
    """The host's room: phones present, asking, and seated. The caller (ui/page/link.py)
    sends each returned ``(peer, text)`` and tells ``HostLinks`` of seats opened and closed."""

    def __init__(self, room: str, secret: str) -> None:
        self.room, self.secret = room, secret
        self.relays = 0
        self.peers: set[str] = set()
        self.asking: dict[str, str] = {}         # peer -> name asked with
        self.seated: dict[int, str] = {}         # seat -> peer
        self.names: dict[int, str] = {}          # seat -> the name its phone gave
        self.error: str | None = None            # an ERRORS code, shown in the panel
        self.denied: list[tuple[str, str]] = []  # (peer, code) refused, for the tests and the log
        self.started_at: float | None = None

    def tick(self, now: float) -> bool:
        """No relay open RELAY_WAIT after the start: "offline" (True: said now)."""
        if self.started_at is None:
            self.started_at = now
        if self.relays == 0 and self.error is None and now - self.started_at > RELAY_WAIT:
            self.error = "offline"
            return True
        return False

    def seat_of(self, peer: str) -> int | None:
        return next((s for s, p in self.seated.items() if p == peer), None)

    def free_seats(self, session: Session | None) -> list[int]:
        """Guest seats no phone holds: none let in here, and no token given (a seat whose
        phone joined once is kept for that phone, which comes back by its token)."""
        if session is None:
            return []
        return [s for s in session.guests() if s not in self.seated and s not in session.tokens]

    def meant_seat(self, peer: str, session: Session | None, names: list[str]) -> int | None:
        """The free seat the host meant for ``peer``'s phone: the one the host named as the
        phone's player named itself, else the first free one."""
        free = self.free_seats(session)
        asked = self.asking.get(peer, "").casefold()
        return next((s for s in free if s < len(names) and names[s].casefold() == asked), free[0] if free else None)

    def hello(self, session: Session | None, names: list[str]) -> str:
        return message("hello", v=NET_VERSION, seats=self.free_seats(session), names=names)

    def joined(self, peer: str, session: Session | None, names: list[str]) -> list[tuple[str, str]]:
        self.peers.add(peer)
        return [(peer, self.hello(session, names))]

    def left(self, peer: str) -> int | None:
        """A phone left the room: the seat it held (for HostLinks.closed), if any."""
        self.peers.discard(peer)
        self.asking.pop(peer, None)
        seat = self.seat_of(peer)
        if seat is not None:
            del self.seated[seat]
        return seat

    def _deny(self, peer: str, code: str) -> list[tuple[str, str]]:
        self.asking.pop(peer, None)
        self.denied.append((peer, code))
        return [(peer, message("deny", code=code))]

    def control(self, peer: str, msg: dict[str, object], session: Session | None) -> tuple[list[tuple[str, str]], int | None]:
        """One of our words from ``peer``: (replies, a seat to open now — a rejoin by token)."""
        kind = msg.get("type")
        if kind == "hello":        # another phone hosts this room too
            self.error = "two_hosts"
            return [(peer, message("deny", code="two_hosts"))], None
        if kind != "ask":
            return self._deny(peer, "not_admitted"), None
        if msg.get("v") != NET_VERSION:
            return self._deny(peer, "version"), None
        name = msg.get("name")
        if not isinstance(name, str) or not " ".join(name.split()):
            return self._deny(peer, "refused"), None
        name = " ".join(name.split())[:16]
        seat, token = msg.get("seat"), msg.get("token")
        if (session is not None and isinstance(seat, int) and isinstance(token, str)
                and session.tokens.get(seat) == token):
            # the same phone back (a reload, a new network): its seat, without asking again
            old = self.seated.get(seat)
            if old is not None and old != peer:
                self.peers.discard(old)
            self.seated[seat] = peer
            self.names[seat] = name
            self.asking.pop(peer, None)
            return [(peer, message("admit", seat=seat))], seat
        if not self.free_seats(session):
            return self._deny(peer, "full"), None
        self.asking[peer] = name
        return [], None

    def admit(self, peer: str, seat: int, session: Session | None) -> list[tuple[str, str]]:
        """The host lets ``peer`` in at ``seat`` (a free guest seat)."""
        if peer not in self.asking:
            return []
        if seat not in self.free_seats(session):
            return self._deny(peer, "seat_taken")
        self.seated[seat] = peer
        self.names[seat] = self.asking.pop(peer)
        return [(peer, message("admit", seat=seat))]

    def deny(self, peer: str) -> list[tuple[str, str]]:
        return self._deny(peer, "refused") if peer in self.asking else []

    def game_text(self, peer: str, text: str) -> tuple[int | None, list[tuple[str, str]]]:
        """A non-control message: the seat whose link it belongs to (HostLinks.incoming
        checks it), or a refusal when the phone was never let in."""
        seat = self.seat_of(peer)
        if seat is None:
            return None, self._deny(peer, "not_admitted")
        return seat, []


# ---------------------------------------------------------------- the guest
class NetGuest:
    """A guest's way into an internet room, step by step, each failure a word."""

    def __init__(self, room: str, secret: str, name: str = "") -> None:
        self.room, self.secret, self.name = room, secret, name
        self.step = "form"          # form -> connecting -> finding -> asking -> linking -> in
        self.error: str | None = None
        self.host: str | None = None
        self.relays = 0
        self.started_at: float | None = None
        self.seen_at: float | None = None      # when a phone of the room first showed up
        self.linked = False                    # a phone of the room linked with us: our key is the room's
        self.held: dict[str, tuple[str, float]] = {}   # peer -> (error, when): not yet known to be ours
        self.name_error = False
        if not key_fits(room, secret):
            self.error = "secret"

    def start(self, name: str, now: float) -> bool:
        """The player asked to join as ``name``: True when the page should start the network."""
        if not key_fits(self.room, self.secret):
            self.error = "secret"       # nothing to try: the link itself is wrong
            return False
        clean = " ".join(str(name).split())
        if not clean or len(clean) > 16:
            self.name_error = True
            return False
        self.name, self.name_error = clean, False
        self.step, self.error, self.started_at, self.host, self.seen_at = "connecting", None, now, None, None
        self.linked, self.held = False, {}
        return True

    def on_relays(self, n: int) -> None:
        self.relays = n
        if n and self.step == "connecting":
            self.step = "finding"
        if n and self.error == "offline":
            self.error = None

    def on_join(self, peer: str, now: float) -> None:
        """A phone of the room linked with us (trystero reports only links whose
        handshake, encrypted with the room's key, passed)."""
        if self.seen_at is None:
            self.seen_at = now
        self.linked = True
        self.held.pop(peer, None)

    def on_leave(self, peer: str) -> bool:
        """True when the host left."""
        if peer == self.host:
            self.host = None
            if self.step in ("asking", "linking", "in"):
                self.step, self.error = "finding", "host_left"
            return True
        return False

    def on_error(self, code: str, peer: str = "", now: float = 0.0) -> None:
        """trystero's word for a failure, and the phone it was with (``peer``, "" for this
        browser's own). Every phone of a room links to every other, and anyone who has the
        room's id can enter it, so a failure with one phone says nothing of our link to the
        host: once the host is known, only a failure with the host is ours; before, it is
        held (``held``) and said by ``tick`` only if no host links within ERROR_GRACE, and a
        wrong key only if no phone at all linked with us (a phone that did shares our key)."""
        if self.step in ("form", "in"):
            return
        code = code if code in ERRORS else "other"
        if not peer:
            self.error = code
        elif self.host is not None:
            if peer == self.host and code != "no_path":
                self.error = code
        elif not (code == "secret" and self.linked):
            self.held.setdefault(peer, (code, now))

    def ask(self, seat: int | None, token: str | None) -> str:
        return message("ask", v=NET_VERSION, name=self.name, seat=seat, token=token)

    def control(self, peer: str, msg: dict[str, object], seat: int | None, token: str | None) -> tuple[list[str], int | None]:
        """A word from a phone of the room: (texts to send it, a seat to join now)."""
        kind = msg.get("type")
        if kind == "hello":
            if self.host is not None and self.host != peer:
                self.error = "two_hosts"
                return [], None
            if msg.get("v") != NET_VERSION:
                self.error = "version"
                return [], None
            self.host = peer
            self.error = None
            self.held.clear()
            self.step = "asking"
            return [self.ask(seat, token)], None
        if peer != self.host:
            return [], None
        seat_given = msg.get("seat")
        if kind == "admit" and isinstance(seat_given, int):
            self.step, self.error = "linking", None
            return [], int(seat_given)
        if kind == "deny":
            code = msg.get("code")
            self.error = code if code in ERRORS else "other"
            self.step = "form" if code in ("full", "refused", "seat_taken") else self.step
        return [], None

    def retry_by_itself(self, seated: bool, retried: bool) -> bool:
        """Whether the page should try again on its own (a fresh page: new ids, new ports)
        rather than wait for "Thử lại": a phone that held a seat, coming back to it (the host
        reloaded, or it did) and told no path to the host, once. In the lab, one in four
        host reloads left one guest's new link to the host with no path while the other's
        linked; the first try on a fresh page links. Likewise no host heard within BACK_WAIT
        (``tick`` with ``back``)."""
        return self.error in ("no_path", "no_host") and seated and not retried

    def tick(self, now: float, back: bool = False) -> bool:
        """Time passing: True when a wait ran out (its error set). ``back``: a phone coming back
        to its seat that has not tried again yet: no host within BACK_WAIT is "no host"."""
        # ("host_left" is a wait, not an end: the host's page may be back, and a failure to
        # reach it then is said, so a seated phone can try again by itself)
        if self.started_at is None or self.step in ("form", "in") or self.error not in (None, "host_left"):
            return False
        if self.host is None:
            for code, at in sorted(self.held.values(), key=lambda e: e[1]):
                if now - at > ERROR_GRACE and not (code == "secret" and self.linked):
                    self.error = code
                    return True
        if self.error == "host_left":
            return False
        waited = now - self.started_at
        if self.relays == 0 and waited > RELAY_WAIT:
            self.error = "offline"
            return True
        if self.step == "finding" and self.host is None and waited > (BACK_WAIT if back else HOST_WAIT):
            self.error = "no_host"
            return True
        return False


# ---------------------------------------------------------------- events
def host_event(app: App, host: NetHost, kind: str, peer: str, text: str) -> list[tuple[str, str]]:
    """One report of ui/friends/net.js on the host's page: what to send, to which phone.
    A seated phone's game message goes to ``app.friends.links`` (HostLinks) as its seat's, so the
    engine checks it as a same-Wi-Fi link's."""
    if kind == "relays":
        host.relays = int(text or 0)
        if host.relays and host.error == "offline":
            host.error = None
    elif kind == "join":
        return host.joined(peer, app.session, [app.name(s) for s in range(len(app.session.seats) if app.session is not None else 0)])
    elif kind == "error" and text in ("insecure", "no_rtc"):
        host.error = text        # this browser cannot play over the internet at all
    elif kind == "leave":
        seat = host.left(peer)
        if seat is not None:
            links_of(app).closed(app, seat)
    elif kind == "msg":
        msg = read_ctrl(text)
        if msg is not None:
            out, seat = host.control(peer, msg, app.session)
            if seat is not None:
                name_guest(app, seat, host.names[seat])
                links_of(app).opened(app, seat)
            return out
        seat, out = host.game_text(peer, text)
        if seat is None:
            return out
        return [(host.seated[s], reply) for s, reply in links_of(app).incoming(app, seat, text) if s in host.seated]
    return []


def host_admit(app: App, host: NetHost, peer: str, seat: int) -> list[tuple[str, str]]:
    out = host.admit(peer, seat, app.session)
    if host.seat_of(peer) == seat:
        name_guest(app, seat, host.names[seat])     # the name it gave, on its seat for every phone
        links_of(app).opened(app, seat)
    return out


def host_outgoing(app: App, host: NetHost) -> list[tuple[str, str]]:
    """The table for each seated phone whose copy is out of date (HostLinks.outgoing)."""
    return [(host.seated[s], text) for s, text in links_of(app).outgoing(app) if s in host.seated]


def guest_event(app: App, g: NetGuest, kind: str, peer: str, text: str, now: float) -> list[tuple[str, str]]:
    """One report of ui/friends/net.js on a guest's page (``app`` a guest's table, fed by
    the host: ``app.source`` a HostFeed): what to send. Only the host's game messages
    reach the table."""
    feed = feed_of(app)
    if kind == "relays":
        g.on_relays(int(text or 0))
    elif kind == "join":
        g.on_join(peer, now)
    elif kind == "leave":
        if g.on_leave(peer) and feed.connected:
            feed.host_closed()
    elif kind == "error":
        g.on_error(text, peer, now)
    elif kind == "msg":
        msg = read_ctrl(text)
        if msg is not None:
            out, seat = g.control(peer, msg, feed.seat, feed.token)
            sends = [(peer, t) for t in out]
            if seat is not None:
                sends.append((peer, feed.join_message(seat)))
            return sends
        if peer == g.host:
            feed.receive(app, text)
            if feed.connected:
                g.step, g.error = "in", None
    return []


# ---------------------------------------------------------------- drawing
def consent_items(lang: str, turn: TurnServer | None) -> str:
    hosts = ", ".join(r.split("://", 1)[1] for r in RELAYS)
    stun = ", ".join(s.split(":")[1] for s in STUN)
    items = [fw(lang, "consent_relays", relays=hosts), fw(lang, "consent_stun", stun=stun)]
    if turn:
        items.append(fw(lang, "consent_turn", turn=turn["url"]))
    return (f'<p>{escape(fw(lang, "consent_body"))}</p><ul class="net-parties">'
            + "".join(f"<li>{escape(i)}</li>" for i in items)
            + f'</ul><p class="note">{escape(fw(lang, "consent_see"))}</p>')


def turn_html(lang: str, turn: TurnServer | None, note: str | None = None, opened: bool = False) -> str:
    """The TURN fields, folded unless one is set, a note is shown or ``opened`` (the
    words just said a TURN server would help)."""
    t: dict[str, str] = {"url": turn["url"], "user": turn["user"], "pass": turn["pass"]} if turn else {}
    fields = "".join(
        f'<div class="field"><label for="turn-{k}">{escape(fw(lang, "turn_" + k))}</label>'
        f'<input id="turn-{k}" data-key="turn-{k}" type="{kind}" autocomplete="off" spellcheck="false" '
        f'value="{escape(t.get(f, ""))}"></div>'
        for k, f, kind in (("url", "url", "text"), ("user", "user", "text"), ("pass", "pass", "password")))
    msg = f'<p class="note" role="status">{escape(note)}</p>' if note else ""
    return (f'<details class="net-turn"{" open" if turn or note or opened else ""}><summary>{escape(fw(lang, "turn_title"))}'
            f'</summary><p class="note">{escape(fw(lang, "turn_help"))}</p>{fields}'
            f'<div class="link-actions">{btn(fw(lang, "turn_save"), "net_turn", key="turn-save")}</div>{msg}</details>')


def error_html(lang: str, code: str | None) -> str:
    if not code:
        return ""
    return f'<p class="link-error net-error" role="alert" data-error="{escape(code)}">{escape(fw(lang, "err_" + code))}</p>'


__all__ = ["BadInput", "NetGuest", "NetHost", "RELAYS", "STUN", "check_turn", "invite_url", "key_fits", "net_servers",
           "new_room", "parse_link", "read_ctrl"]
