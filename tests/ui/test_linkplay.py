"""Linked play on CPython: a host App with a guest seat and a guest's table (guest_app), their
messages passed by hand as the data channel would; the guest's table is built
only from what it received, and a forged or stale move changes nothing."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import phom  # noqa: E402
from phom import narrate  # noqa: E402
from phom.reveal import public_cards  # noqa: E402
from phom.wire import cards_named  # noqa: E402
from ui.core.store import MemoryStorage  # noqa: E402
from ui.friends.linkplay import GUEST_KEY, guest_app, plug  # noqa: E402
from ui.table import movelog, render  # noqa: E402
from ui.table.app import App  # noqa: E402


def hosted(seed=9):
    app = App(MemoryStorage())
    app.start({"seed": str(seed)})
    app.handle("settings")
    assert app.handle("setting", ("seat_kind.2", "guest"))
    assert app.handle("setting", ("seat_name.2", "Lan"))
    app.handle("new_match")
    app.handle("confirm")  # mid-hand: asked first (issue 10)
    assert app.session is not None and app.controller(2) == "guest"
    plug(app)                # as the host's page does (ui/page/link.py)
    return app


def link(host, guest, seat=2):
    """The channel opens: the guest joins, the host welcomes and sends the table."""
    host.friends.links.opened(host, seat)
    for s, text in host.friends.links.incoming(host, seat, guest.source.join_message(seat)):
        assert s == seat and guest.source.receive(guest, text)
    pump(host, guest, seat)


def pump(host, guest, seat=2):
    for s, text in host.friends.links.outgoing(host):
        assert s == seat
        guest.source.receive(guest, text)
    while guest.source.outbox:
        for _s, text in host.friends.links.incoming(host, seat, guest.source.outbox.pop(0)):
            guest.source.receive(guest, text)
        for _s, text in host.friends.links.outgoing(host):
            guest.source.receive(guest, text)


def test_a_whole_hand_host_and_guest_and_the_guest_sees_only_its_own():
    host = hosted()
    gs = MemoryStorage()
    guest = guest_app(MemoryStorage(), gs)
    link(host, guest)
    assert guest.source.seat == 2 and json.loads(gs.getItem(GUEST_KEY))["token"] == host.session.tokens[2]
    rng = random.Random(3)
    for _ in range(3000):
        g = host.game
        if g.is_over:
            break
        if host.bot_to_move():
            host.apply(host.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions()))
        elif g.to_move == 2:
            assert guest.my_turn() and guest.legal() == g.legal_actions()
            guest.apply(guest.auto_action() or rng.choice(guest.legal()))
            assert not guest.my_turn(), "one move at a time: wait for the host"
        else:
            host.apply(host.auto_action() or rng.choice(host.legal()))
        pump(host, guest)
        # the guest's table is exactly its view, and its move log the host's for seat 2
        assert guest.view() == g.view(2)
        assert "data-card" in render.page_html(guest)
        assert movelog.moves(guest) == narrate.moves(g, 2)
    own = [m for m in movelog.moves(guest) if m.kind == "draw" and m.seat == 2]
    assert own and all(m.card is not None for m in own), "the guest's own draws are named"
    assert not any(m.card for m in movelog.moves(guest) if m.kind == "draw" and m.seat != 2)
    assert movelog.speak(guest, own[0]) == f"Bạn bốc {own[0].card.name('vi')}."
    guest.settings["lang"] = "en"
    assert movelog.speak(guest, own[0]) == f"You draw {own[0].card.name('en')}."
    assert "You draw" in movelog.log_body_html(guest) and "Lan draw" not in movelog.log_body_html(guest)
    guest.settings["lang"] = "vi"
    assert host.game.is_over and guest.game.is_over
    msg = guest.source.received[-1]
    assert cards_named(msg) <= public_cards(host.game, 2)
    assert guest.game.result.deltas == host.game.result.deltas
    render.page_html(guest)
    # the learn side: the host records its own person only; the guest's page records
    # nothing and offers nothing that starts or opens the host's match (no tutorial)
    from ui.learn import Learn

    hl, gl = Learn(host), Learn(guest)
    hl.observe()
    gl.observe()
    assert [r.get("who") for r in hl.stats.records] == [None] and not gl.stats.records
    gl.welcome = True
    items = "".join(gl.menu_items())
    assert 'data-act="tutorial"' not in items and 'data-act="stats"' in items and 'data-act="share"' not in items
    assert gl.welcome_html() == "" and gl.over_buttons_html() == ""
    assert gl.handle("tutorial") is False and gl.handle("daily") is False and gl.tutorial is None
    assert 'data-act="tutorial"' in "".join(hl.menu_items())


def test_a_stale_move_is_refused_and_the_guest_is_sent_the_table_again():
    host = hosted()
    guest = guest_app(MemoryStorage(), MemoryStorage())
    link(host, guest)
    g = host.game
    while g.to_move != 2:
        if host.bot_to_move():
            host.apply(host.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions()))
        else:
            host.apply(host.auto_action() or host.legal()[0])
    pump(host, guest)
    guest.apply(guest.legal()[0])
    sent = json.loads(guest.source.outbox[0])
    guest.source.outbox[0] = json.dumps({**sent, "seq": sent["seq"] - 1})
    before = g.to_json()
    pump(host, guest)
    assert g.to_json() == before and guest.flash and guest.my_turn()


def test_a_reloaded_guest_gets_its_seat_back_and_another_phone_does_not():
    host = hosted()
    gs = MemoryStorage()
    guest = guest_app(MemoryStorage(), gs)
    link(host, guest)
    host.friends.links.closed(host, 2)
    assert 2 not in host.session.connected
    again = guest_app(MemoryStorage(), gs)       # the same phone, reloaded
    assert again.source.rejoining and again.game is None and "data-card" not in render.page_html(again)
    assert again.view().hand == () and again.view().events == ()   # read by the page at boot
    link(host, again)
    assert again.source.connected and again.view() == host.game.view(2)
    stranger = guest_app(MemoryStorage(), MemoryStorage())
    host.friends.links.opened(host, 2)
    (seat, text), = host.friends.links.incoming(host, 2, stranger.source.join_message(2))
    assert json.loads(text)["code"] == "seat_taken"


def test_the_host_saves_the_links_and_the_whole_match():
    st = MemoryStorage()
    host = App(st)
    host.start({"seed": "4"})
    host.handle("setting", ("seat_kind.1", "guest"))
    host.handle("new_match")
    host.handle("confirm")  # mid-hand: asked first (issue 10)
    plug(host)
    guest = guest_app(MemoryStorage(), MemoryStorage())
    link(host, guest, seat=1)
    back = App(st)
    back.start({})
    assert back.session is not None and back.session.tokens == host.session.tokens
    assert back.game.to_json() == host.game.to_json()
    assert phom.Match.from_json(json.loads(st.getItem("phom.match.v1"))["match"]).players == 4


def test_the_host_panel_renders_a_row_per_guest_seat():
    """The host's link panel is drawn by the page's own dialog helper (a renamed helper once
    broke it: the page raised ImportError on "Mời"/"Link phones")."""
    host = hosted()
    host.panels.add("link")
    host.open("link")
    html = render.page_html(host)
    assert 'data-act="link_invite" data-arg="2"' in html and 'class="panel dialog dlg-link' in html


def test_the_guest_page_honours_lang_and_nothing_of_the_match():
    """``?join=1&lang=en``: the guest's own page speaks English (kept for its reload); a
    match parameter is not the guest's to set; a bad value changes nothing and says why."""
    own = MemoryStorage()
    guest = guest_app(own, MemoryStorage())
    assert guest.lang == "vi"                       # the default
    guest.start({"lang": ["en"], "preset": ["village"], "seed": ["3"]})
    assert guest.lang == "en" and "Leave the table" in render.page_html(guest)
    assert guest.settings["preset"] == guest_app(MemoryStorage(), MemoryStorage()).settings["preset"] != "village"
    assert guest_app(own, MemoryStorage()).lang == "en"   # the reloaded page keeps it
    bad = guest_app(MemoryStorage(), MemoryStorage())
    bad.start({"lang": ["fr"]})
    assert bad.lang == "vi" and "lang" in bad.notice_text()
    assert "Vào bàn của bạn" in render.page_html(bad)


def test_a_dropped_guest_is_named_on_the_host_with_the_way_on_until_it_rejoins():
    host = hosted()
    gs = MemoryStorage()
    guest = guest_app(MemoryStorage(), gs)
    assert "link-away" not in render.page_html(host)       # not joined yet: the link panel's job
    link(host, guest)
    assert "link-away" not in render.page_html(host)
    host.friends.links.closed(host, 2)                              # the channel closed, or fell silent
    guest.source.host_closed()
    html = render.page_html(host)
    assert "Lan đã rời bàn — chờ Lan vào lại hoặc để máy chơi thay." in html
    assert 'data-act="link_cover" data-key="away-bot-2"' in html and 'data-key="away-invite-2"' in html
    host.session.cover(2, True)                             # what the alert's button does
    assert "máy đang chơi thay" in render.page_html(host) and host.controller(2) == "bot"
    host.settings["lang"] = "en"
    assert "Lan has left the table — a bot is playing for now." in render.page_html(host)
    host.settings["lang"] = "vi"
    page = render.page_html(guest)
    assert "Chủ bàn đã rời bàn" in page and 'role="alert"' in page and "data-card" not in page
    again = guest_app(MemoryStorage(), gs)                   # it reloads and rejoins
    link(host, again)
    assert "link-away" not in render.page_html(host) and host.controller(2) == "guest"
    assert "Chủ bàn đã rời bàn" not in render.page_html(again)


# ---------------------------------------------------------------- the guest's troubles said in its language
def _guest(lang):
    st = MemoryStorage()
    guest = guest_app(st, MemoryStorage())
    guest.start({"lang": [lang]})
    return guest


PYTHON_TEXT = ("KeyError", "Error", "not a message of this table", "unknown message", "'view'",
               "Expecting value", "Traceback")


def test_a_malformed_message_from_the_host_is_said_in_the_guests_language():
    from ui.friends.words import fw

    for lang, words in (("vi", "Tin nhắn từ chủ bàn không đọc được"),
                        ("en", "A message from the host could not be read")):
        for text in ("not json", json.dumps([1]), json.dumps({"v": phom.session.PROTOCOL, "type": "state"}),
                     json.dumps({"v": phom.session.PROTOCOL, "type": "gossip"}),
                     json.dumps({"v": 999, "type": "welcome"})):
            guest = _guest(lang)
            assert guest.source.receive(guest, text) is False
            assert guest.source.error == fw(lang, "bad_message") and words in guest.source.error
            html = render.page_html(guest)
            assert words in html and not any(p in html for p in PYTHON_TEXT), (lang, text)
            assert guest.source.warnings and guest.source.warnings[-1].startswith("a message from the host was not read")
    # at the table, a bad message is said there too (the join screen is not shown)
    host = hosted()
    guest = guest_app(MemoryStorage(), MemoryStorage())
    link(host, guest)
    assert guest.source.receive(guest, json.dumps({"v": phom.session.PROTOCOL, "type": "state", "view": {}})) is False
    assert guest.flash == fw("vi", "bad_message") and guest.game is not None


def test_the_hosts_refusal_is_said_from_its_code():
    import re

    import phom.session
    from ui.friends.linkplay import CODE_REASONS, REFUSED
    from ui.friends.words import TEXT, fw

    src = Path(phom.session.__file__).read_text()
    assert set(re.findall(r'raise Refused\("(\w+)"', src)) <= set(REFUSED)
    for lang in ("vi", "en"):
        for code in REFUSED:
            assert TEXT[lang][f"why_{code}"] and TEXT[lang][f"why_{code}"] != TEXT["en" if lang == "vi" else "vi"][f"why_{code}"]
        for code in (*CODE_REASONS, "browser"):
            assert "{" not in fw(lang, f"code_{code}", seat=2)
    guest = _guest("vi")
    msg = {"v": phom.session.PROTOCOL, "type": "refused", "code": "not_your_turn", "reason": "it is seat 2's turn"}
    assert guest.source.receive(guest, json.dumps(msg))
    assert guest.flash == "Chủ bàn không nhận: chưa đến lượt bạn" and "seat" not in guest.flash
    assert guest.source.receive(guest, json.dumps({**msg, "code": "<b>"}))   # an unknown code: said as unreadable
    assert guest.flash == "Chủ bàn không nhận: tin nhắn của máy bạn không đọc được"


def test_a_join_said_again_on_the_same_link_is_welcomed_again_and_on_another_is_not():
    """The guest's page repeats its join until the table arrives (ui/page/link.py
    _join_until_table): before the host's welcome reached it, the repeat has no
    token. On the same open link it gets the same welcome and the table again; on
    a new link (another phone with the host's next code) it is refused."""
    host = hosted()
    guest = guest_app(MemoryStorage(), MemoryStorage())
    links = host.friends.links
    links.opened(host, 2)
    first_join = guest.source.join_message(2)
    (_s, welcome), = links.incoming(host, 2, first_join)
    (_s, again), = links.incoming(host, 2, first_join)     # said again, still with no token
    assert json.loads(again)["type"] == "welcome" and json.loads(again)["token"] == json.loads(welcome)["token"]
    assert guest.source.receive(guest, again)
    pump(host, guest)
    assert guest.source.connected and guest.view() == host.game.view(2)
    # the link closes; a tokenless join on the next one is another phone's
    links.closed(host, 2)
    links.opened(host, 2)
    stranger = guest_app(MemoryStorage(), MemoryStorage())
    (_s, text), = links.incoming(host, 2, stranger.source.join_message(2))
    assert json.loads(text)["code"] == "seat_taken"
    assert stranger.source.receive(stranger, text) and stranger.source.refused
