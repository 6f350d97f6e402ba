"""Linked play's intents on CPython (ui/friends/intents.py): each tap and message with the
one return convention (True draw again, False nothing yet, None not ours), the browser
stood in for by a port that records what it was asked; and the table sent to guests
after a save, never while the page draws."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import phom  # noqa: E402
from ui.core.store import GUEST_KEY, NET_GUEST_KEY, NET_KEY, MemoryStorage  # noqa: E402
from ui.friends import intents, invite_view  # noqa: E402
from ui.friends import linkplay as linkplay_mod  # noqa: E402
from ui.friends.invite import NetGuest, new_room  # noqa: E402
from ui.friends.linkplay import guest_app, plug  # noqa: E402
from ui.friends.words import fw  # noqa: E402
from ui.table import render  # noqa: E402
from ui.table.app import App  # noqa: E402

SEAT = 2


class Port:
    """The browser as ui/page/link.py is to the intents: it records each call."""

    def __init__(self, fields: dict | None = None, can_start: bool = True) -> None:
        self.sent: list[tuple[int | str, str]] = []
        self.peers: list[tuple[str, str]] = []
        self.calls: list[tuple] = []
        self.fields = fields or {}
        self.can_start = can_start

    def send(self, to, text):
        self.sent.append((to, text))

    def send_peer(self, peer, text):
        self.peers.append((peer, text))

    def start_room(self, room, secret):
        self.calls.append(("start_room", room, secret))
        return self.can_start

    def page_url(self):
        return "https://example.test/phom/"

    def go(self, where):
        self.calls.append(("go", where))

    def value(self, element_id):
        return self.fields.get(element_id, "")

    def offer(self, seat):
        self.calls.append(("offer", seat))

    def accept(self, seat, text):
        self.calls.append(("accept", seat, text))

    def answer(self, text):
        self.calls.append(("answer", text))

    def scan(self, target):
        self.calls.append(("scan", target))

    def share(self, url, title):
        self.calls.append(("share", url, title))

    def redraw_in(self, seconds):
        self.calls.append(("redraw_in", seconds))

    def kinds(self) -> list[str]:
        return [json.loads(text)["type"] for _to, text in self.sent]


def hosted(seed=9) -> App:
    app = App(MemoryStorage())
    app.start({"seed": str(seed)})
    app.handle("settings")
    assert app.handle("setting", ("seat_kind.2", "guest"))
    assert app.handle("setting", ("seat_name.2", "Lan"))
    app.handle("new_match")
    app.handle("confirm")
    plug(app)
    return app


def linked(port: Port) -> tuple[App, App]:
    """A host and a guest whose link opened and who joined, through the intents."""
    host = hosted()
    intents.follow(host, port)
    guest = guest_app(MemoryStorage(), MemoryStorage())
    assert intents.link_state(host, port, SEAT, "open") is True
    assert intents.message(host, port, SEAT, guest.source.join_message(SEAT)) is True
    for _to, text in port.sent:
        guest.source.receive(guest, text)
    return host, guest


# ------------------------------------------------------------ out: after a save, never from a render
def _mover(host: App):
    g = host.game
    if host.bot_to_move():
        return host.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions())
    return host.auto_action() or g.legal_actions()[0]


def test_a_redraw_sends_nothing_and_a_save_sends_once():
    port = Port()
    host, guest = linked(port)
    port.sent.clear()
    assert host.game.to_move != SEAT
    # the table moves on without a save (as inside a move, before it is saved): drawing
    # the page sends nothing, however often
    host.session.play(_mover(host))
    for _ in range(3):
        render.page_html(host)
        host.phase_attr()
    assert port.sent == [], "the page drew: nothing goes out"
    host.save()
    assert port.kinds() == ["state"] and port.sent[0][0] == SEAT
    host.save()
    render.page_html(host)
    assert len(port.sent) == 1, "the guest's copy is up to date: nothing more"
    # a move played through the table is saved, and so sent, once
    if host.game.to_move != SEAT:
        host.apply(_mover(host))
        assert len(port.sent) == 2 and port.kinds()[-1] == "state"


def test_a_join_is_welcomed_before_the_table_is_sent():
    port = Port()
    host = hosted()
    intents.follow(host, port)
    guest = guest_app(MemoryStorage(), MemoryStorage())
    intents.link_state(host, port, SEAT, "open")
    intents.message(host, port, SEAT, guest.source.join_message(SEAT))
    assert port.kinds() == ["welcome", "state"], "the join's reply first, then the table the save sent"
    for _to, text in port.sent:
        guest.source.receive(guest, text)
    assert guest.source.connected and guest.game is not None and guest.me == SEAT


def test_a_guests_move_and_reaction_go_to_the_host_once_and_not_from_a_render():
    port = Port()
    host, guest = linked(port)
    gport = Port()
    intents.follow(guest, gport)
    render.page_html(guest)
    assert gport.sent == []
    # play the host's side until it is the guest's turn
    for _ in range(200):
        g = host.game
        if g.to_move == SEAT or g.is_over:
            break
        if host.bot_to_move():
            host.apply(host.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions()))
        else:
            host.apply(host.auto_action() or host.legal()[0])
    for _to, text in port.sent:
        guest.source.receive(guest, text)
    assert guest.my_turn()
    guest.apply(guest.auto_action() or guest.legal()[0])
    assert [to for to, _ in gport.sent] == ["host"] and json.loads(gport.sent[0][1])["type"] == "act"
    render.page_html(guest)
    assert len(gport.sent) == 1 and guest.source.outbox == []
    # the host plays it: replies, then the table, each once
    port.sent.clear()
    assert intents.message(host, port, SEAT, gport.sent[0][1]) is True
    assert port.kinds() == ["state"]
    # a reaction: shown here, sent to the host at once, its bubble drawn away later
    for _to, text in port.sent:
        guest.source.receive(guest, text)
    assert intents.handle(guest, gport, "react", "hay") is True
    assert json.loads(gport.sent[-1][1])["type"] == "react"
    assert gport.calls[-1][0] == "redraw_in"


def test_a_guest_message_that_cannot_be_read_is_said():
    port = Port()
    guest = guest_app(MemoryStorage(), MemoryStorage())
    intents.follow(guest, port)
    assert intents.message(guest, port, "host", "not json") is True
    assert guest.source.error == fw("vi", "bad_message")


# ------------------------------------------------------------ the taps: True / False / None
def test_not_linked_plays_intents_are_none():
    port = Port()
    host = hosted()
    for intent in ("draw", "discard", "settings", "hint", "review", "tutorial", "setting"):
        assert intents.handle(host, port, intent, None) is None
    assert port.calls == [] and port.sent == []


def test_the_hosts_taps():
    port = Port()
    host = hosted()
    assert intents.handle(host, port, "link_open") is True and host.dialog == "link"
    # a code is made by the browser: nothing to draw until it comes back
    assert intents.handle(host, port, "link_invite", str(SEAT)) is False
    assert port.calls[-1] == ("offer", SEAT)
    assert intents.offered(host, SEAT, "CODE") is True
    assert host.friends.links.codes[SEAT] == "CODE" and host.friends.links.state(SEAT) == "wait"
    assert "CODE" in render.page_html(host)
    # the guest's answer, read from its field
    port.fields[f"answer-{SEAT}"] = "ANSWER"
    assert intents.handle(host, port, "link_accept", str(SEAT)) is False
    assert port.calls[-1] == ("accept", SEAT, "ANSWER")
    assert intents.code_refused(host, SEAT, "other_seat", 4) is True
    said = host.friends.links.errors[SEAT]
    assert said == fw("vi", "bad_code", reason=fw("vi", "code_other_seat", seat=4))
    assert intents.code_refused(host, SEAT, None) and fw("vi", "code_browser") in host.friends.links.errors[SEAT]
    assert intents.handle(host, port, "link_invite", "x") is False and port.calls[-1] == ("accept", SEAT, "ANSWER")
    # the bot covers the seat, and the table is saved (and so sent)
    assert intents.handle(host, port, "link_cover", str(SEAT)) is True and SEAT in host.session.covered
    assert intents.handle(host, port, "link_cover", str(SEAT)) is True and SEAT not in host.session.covered
    assert intents.handle(host, port, "link_cover", "nope") is False
    # the turn clock: kept, and every phone's ring follows
    assert intents.handle(host, port, "link_clock", "20") is True
    assert host.friends.clock.limit == 20 and json.loads(host.storage.getItem(NET_KEY))["clock"] == 20
    assert intents.handle(host, port, "link_clock", "7") is True and host.friends.clock.limit == 0
    # reactions' menu and mute
    assert intents.handle(host, port, "react_menu") is True and host.friends.react.open
    assert intents.handle(host, port, "react_mute") is True and host.friends.react.muted
    assert json.loads(host.storage.getItem(NET_KEY))["mute"] is True
    # a reaction with nobody linked: not sent, nothing queued
    assert intents.handle(host, port, "react", "hay") is True and port.sent == []
    # the page loads afresh as a guest's
    assert intents.handle(host, port, "link_join") is False and port.calls[-1] == ("go", "join")


def test_the_guests_taps():
    port = Port({"offer-in": "OFFER"})
    session = MemoryStorage()
    session.setItem(GUEST_KEY, json.dumps({"seat": 1, "token": "t"}))
    guest = guest_app(MemoryStorage(), session)
    assert intents.handle(guest, port, "link_answer") is False and port.calls[-1] == ("answer", "OFFER")
    assert intents.answered(guest, 3, "ANSWER") is True
    assert guest.source.seat == 3 and guest.source.token is None and guest.source.answer_code == "ANSWER"
    assert intents.code_refused(guest, None, "not_invitation") is True
    assert guest.source.error == fw("vi", "bad_code", reason=fw("vi", "code_not_invitation"))
    assert intents.handle(guest, port, "link_scan", "offer-in") is False and port.calls[-1] == ("scan", "offer-in")
    assert intents.scan_failed(guest, "offer-in") and guest.source.error == fw("vi", "nocam")
    assert intents.scanned(guest, port, "offer-in") is False and port.calls[-1] == ("answer", "OFFER")
    assert intents.handle(guest, port, "link_clock", "20") is False, "the host's setting"
    assert intents.handle(guest, port, "link_leave") is False
    assert port.calls[-1] == ("go", "leave") and session.getItem(GUEST_KEY) is None


def test_internet_play_taps():
    port = Port({"turn-url": "turn:turn.example.org:3478", "turn-user": "u", "turn-pass": "p"})
    host = hosted()
    host.friends.net = {}
    invite_view.plug(host)
    assert intents.handle(host, port, "net_invite") is True and host.dialog == "net_consent"
    assert not any(c[0] == "start_room" for c in port.calls), "nothing contacted before consent"
    assert intents.handle(host, port, "net_consent") is True and host.dialog == "invite"
    room, secret = host.friends.net["room"], host.friends.net["secret"]
    assert port.calls[-1] == ("start_room", room, secret)
    assert host.friends.net_url.startswith("https://example.test/phom/?room=" + room)
    assert json.loads(host.storage.getItem(NET_KEY))["consent"] is True
    assert intents.handle(host, port, "net_invite") is True and len([c for c in port.calls if c[0] == "start_room"]) == 1
    assert intents.handle(host, port, "net_share") is False and port.calls[-1][:2] == ("share", host.friends.net_url)
    assert intents.shared(host, "copied") and host.friends.net_note == fw("vi", "copied")
    assert intents.shared(host, "shared") is False
    assert intents.handle(host, port, "net_turn") is True and host.friends.net_note == fw("vi", "turn_saved")
    port.fields["turn-url"] = "http://nope"
    assert intents.handle(host, port, "net_turn") is True and host.friends.net_note.startswith(
        fw("vi", "bad_turn", reason="")[:5])
    assert intents.handle(host, port, "net_admit", "peer:x") is False
    # a page without net.js: said as no WebRTC
    other = hosted()
    other.friends.net = {"consent": True}
    invite_view.plug(other)
    assert intents.handle(other, Port(can_start=False), "net_invite") is True
    assert other.friends.net_host.error == "no_rtc"


def test_a_guest_by_invitation_joins_by_name_and_comes_back_after_a_reload():
    room, secret = new_room()
    session = MemoryStorage()
    guest = guest_app(MemoryStorage(), session)
    invite_view.plug(guest)
    guest.friends.net = {}
    invite_view.plug_guest(guest, NetGuest(room, secret))
    port = Port({"net-name": "  Lan  "})
    assert intents.guest_back(guest, port) is False, "no consent yet: the form"
    assert intents.handle(guest, port, "net_join") is True
    assert port.calls[-1] == ("start_room", room, secret) and guest.friends.net_guest.name == "Lan"
    assert json.loads(session.getItem(NET_GUEST_KEY)) == {"room": room, "secret": secret, "name": "Lan"}
    assert intents.handle(guest, port, "net_retry") is False and port.calls[-1] == ("go", "retry")
    # the page reloaded: back in under the same name, no form
    again = guest_app(MemoryStorage(), session)
    invite_view.plug(again)
    again.friends.net = {"consent": True}
    invite_view.plug_guest(again, NetGuest(room, secret, "Lan"))
    port2 = Port()
    assert intents.guest_back(again, port2) is True and port2.calls == [("start_room", room, secret)]


def test_a_guest_with_no_table_yet_deals_no_hand_at_each_render(monkeypatch):
    guest = guest_app(MemoryStorage(), MemoryStorage())
    first = guest.view()
    dealt = []
    real = phom.Game

    def counting(*a, **k):
        dealt.append(1)
        return real(*a, **k)

    monkeypatch.setattr(linkplay_mod.phom, "Game", counting)
    for _ in range(5):
        render.page_html(guest)
        assert guest.view() is first
    assert dealt == [] and first.hand == () and set(first.hand_sizes) == {0}


def test_a_guest_let_in_through_the_room_by_the_intents():
    """The host's room and a guest's phone, their reports passed by hand as net.js would:
    hello, ask, admit (the host's tap), join; the welcome goes to the phone, then the
    table to its seat, and the guest's table comes."""
    hport, gport = Port(), Port({"net-name": "Lan"})
    host = hosted()
    intents.follow(host, hport)
    host.friends.net = {"consent": True}
    invite_view.plug(host)
    assert intents.handle(host, hport, "net_invite") is True
    room, secret = host.friends.net["room"], host.friends.net["secret"]
    guest = guest_app(MemoryStorage(), MemoryStorage())
    intents.follow(guest, gport)
    guest.friends.net = {}
    invite_view.plug_guest(guest, NetGuest(room, secret))
    assert intents.handle(guest, gport, "net_join") is True

    def to_guest():
        out, hport.peers[:] = list(hport.peers), []
        for peer, text in out:
            assert peer == "G"
            intents.net_event(guest, gport, "msg", "H", text, 1.0)

    def to_host():
        out, gport.peers[:] = list(gport.peers), []
        for peer, text in out:
            assert peer == "H"
            intents.net_event(host, hport, "msg", "G", text, 1.0)

    intents.net_event(guest, gport, "relays", "", "1", 0.5)
    intents.net_event(host, hport, "join", "G", "", 1.0)
    intents.net_event(guest, gport, "join", "H", "", 1.0)
    to_guest()          # hello -> ask
    to_host()           # the ask, waiting for the host's tap
    assert "Lan" in render.page_html(host)
    assert intents.handle(host, hport, "net_admit", f"G:{SEAT}") is True
    to_guest()          # admit -> join
    hport.sent.clear()
    to_host()           # join -> welcome (to the phone), then the table (to its seat)
    assert [json.loads(t)["type"] for _p, t in hport.peers] == ["welcome"]
    assert hport.kinds() == ["state"] and hport.sent[0][0] == SEAT
    to_guest()
    for _to, text in hport.sent:
        intents.message(guest, gport, "host", text)
    assert guest.source.connected and guest.game is not None and guest.friends.net_guest.step == "in"
    assert host.name(SEAT) == "Lan"
