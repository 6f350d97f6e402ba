"""Linked play in Chromium: a host and a guest page in two browser contexts,
linked by WebRTC through the text codes only (no STUN/TURN, host candidates).

A whole hand is played with a person at each and bots in the other seats; every
message the guest ever received names only cards its seat could see at that
moment (checked by replaying the host's hand); mid-hand the host finds the guest
silent (its heartbeat made to time out at once): the host names the seat in an
alert whose button lets a bot play, and the guest says the host is gone; then the
guest reloads and rejoins its seat from the host's new code, and the alert goes.
The guest's page is in English (``?lang=en``), the host's in Vietnamese.

Chromium hides local addresses behind mDNS names by default, which this closed
machine cannot resolve, so this browser is launched with
``--disable-features=WebRtcHideLocalIpsWithMdns`` (real phones resolve .local
names on their Wi-Fi, so the page needs no such thing).
"""

from __future__ import annotations

import json
import os

import pytest
from chromium import BASELINE_ONLY, launch
from table_driver import fingerprint, has, idle, open_table, phase, state, tap_step, wait_booted
from table_driver import wait_for as poll

import phom
from phom.reveal import public_cards
from phom.wire import cards_named, public_result_to_json, view_to_json

RTC_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]


@pytest.fixture
def rtc_browser(playwright):
    b = launch(playwright, RTC_ARGS + BASELINE_ONLY)   # as the other browser tests' (conftest.py)
    yield b
    b.close()


def guarded(browser, guard, **kw):
    kw.setdefault("locale", "vi-VN")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, **kw)
    guard.watch_context(ctx)
    page = ctx.new_page()
    guard.watch(page)
    return page


def wait_for(fn, what, timeout=30.0, show=None):
    """fn's first truthy value within timeout (tools/drive_table.py's one poll); else a
    failure that says what was awaited, and what show() finds on the pages then."""
    try:
        return poll(fn, timeout, what)
    except AssertionError as e:
        if str(e) != what:       # fn's own failure, not the time running out
            raise
        raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}"
                             + (f"; {show()}" if show else "")) from None


def each_moved(*pages, timeout=10.0):
    """A wait, made before a step, for after it: until every one of ``pages`` shows a
    change (its phase or state): a move, a tap's or a bot's, is applied by the host and
    sent to each guest, so each linked page changes with it. In place of a fixed pause.
    A tap the page did not take (a loaded machine) changes nothing: after ``timeout`` the
    wait gives up quietly, and the caller's loop looks again and taps again."""
    before = [fingerprint(p) for p in pages]

    def wait() -> bool:
        try:
            poll(lambda: all(fingerprint(p) != b for p, b in zip(pages, before, strict=True)), timeout,
                 "a move seen on every phone")
            return True
        except AssertionError:
            return False
    return wait


def seen(page, selector="#table") -> str:
    """What a page shows now, for a failure's message: its phase and text."""
    try:
        return f"phase {phase(page)!r}, text {page.inner_text(selector)[:400]!r}"
    except Exception as e:  # noqa: BLE001 - only a message
        return f"unreadable ({e})"


READ_QR = """async (sel) => {
    const svg = document.querySelector(sel).outerHTML;
    const url = URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}));
    const img = new Image(); img.src = url; await img.decode();
    const c = document.createElement('canvas'); c.width = c.height = 600;
    const ctx = c.getContext('2d'); ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, 600, 600);
    ctx.drawImage(img, 0, 0, 600, 600); URL.revokeObjectURL(url);
    return window.phomLink.decodeImage(ctx.getImageData(0, 0, 600, 600), 'jsqr');
}"""


def read_qr(page, selector: str) -> str:
    return page.evaluate(READ_QR, selector)


def link_guest(host, guest, seat=2, check_qr=False):
    """The text form: the host's invitation pasted on the guest, the answer pasted back."""
    if not has(host, ".dialog [data-act='link_invite']"):
        if has(host, f'.link-away[data-seat="{seat}"]'):
            host.tap(f'[data-key="away-invite-{seat}"]')   # the alert's way to invite back
        else:
            host.tap('[data-act="settings"]')
            host.tap('.dialog [data-act="link_open"]')
    host.tap(f'[data-act="link_invite"][data-arg="{seat}"]')
    offer = wait_for(lambda: host.locator(f"#offer-{seat}").count() and host.input_value(f"#offer-{seat}"),
                     "the invitation code")
    assert offer.startswith(f"PHOM1o{seat}.") and len(offer) < 1200
    if check_qr:
        # the invitation is also drawn as a QR code, and the vendored decoder reads it back
        wait_for(lambda: host.locator(f'.link-seat[data-seat="{seat}"] .qr svg').count(), "the QR code")
        assert read_qr(host, f'.link-seat[data-seat="{seat}"] .qr svg') == offer
    guest.fill("#offer-in", offer)
    guest.tap('[data-act="link_answer"]')
    answer = wait_for(lambda: guest.locator("#answer-out").count() and guest.input_value("#answer-out"),
                      "the answer code")
    assert answer.startswith(f"PHOM1a{seat}.")
    host.fill(f"#answer-{seat}", answer)
    host.tap(f'[data-act="link_accept"][data-arg="{seat}"]')
    # the connection is made and the first state sent: slower on a loaded 2-core machine
    def both() -> str:
        return f"guest: {seen(guest)}; host: {seen(host)}"

    wait_for(lambda: guest.locator(".hand .card").count() > 0, "the guest's table", 60.0, both)
    wait_for(lambda: host.locator(f'.link-seat[data-seat="{seat}"] .st-open').count(), "the host's 'linked'",
             60.0, both)
    host.keyboard.press("Escape")


def guest_messages(guest) -> list[dict]:
    return [json.loads(x) for x in guest.evaluate("window.phomLink.received()")]


def replay_check(host, received, seat=2) -> int:
    """Every state message: its hand is the seat's hand then, and every card it names
    was public to that seat then (the host's hand replayed move by move)."""
    saved = json.loads(host.evaluate("localStorage.getItem('phom.match.v1')"))
    final = phom.Match.from_json(saved["match"]).current
    start = phom.Game.from_deck(list(final.deck), final.rules, final.players, final.starter,
                                pot=final.pot_in, streak_seat=final.streak_seat)
    states = [start.clone()]
    for a in final.actions:
        start.apply(a)
        states.append(start.clone())
    # the replay is the saved hand (its seed aside, which to_json() also holds): every
    # seat's view, the moves, and the result once over
    assert states[-1].actions == final.actions and states[-1].is_over == final.is_over
    for s in range(final.players):
        assert view_to_json(states[-1].view(s)) == view_to_json(final.view(s))
    if final.is_over:
        assert public_result_to_json(states[-1]) == public_result_to_json(final)
    checked = 0
    for m in received:
        if m.get("type") != "state" or m["hand_no"] != saved["hand_no"]:
            continue
        at = states[m["moves"]]
        assert set(phom.parse_cards(" ".join(m["view"]["hand"]))) == set(at.hand(seat))
        named = cards_named(m)
        allowed = public_cards(at, seat)
        assert named <= allowed, f"the guest was sent {named - allowed} at move {m['moves']}"
        checked += 1
    return checked


def test_linked_play_a_whole_hand_and_a_rejoin(rtc_browser, guard, site_url, artifacts):
    host = guarded(rtc_browser, guard, has_touch=True)
    guest = guarded(rtc_browser, guard, has_touch=True)
    host.clock.install()          # the host's time runs as usual; the test may move it on
    open_table(host, site_url, seed=31, bot="easy", speed="instant")
    # seat 3 (index 2) is a guest, Lan
    host.tap('[data-act="settings"]')
    host.select_option('[data-setting="seat_kind.2"]', "guest")
    host.fill('[data-setting="seat_name.2"]', "Lan")
    host.locator('[data-setting="seat_name.2"]').press("Enter")
    host.tap('[data-act="new_match"]')
    host.tap('.dlg-confirm_new [data-act="confirm"]')  # mid-hand: asked first (issue 10)
    guest.goto(site_url + "?join=1&lang=en")
    wait_booted(guest)
    assert phase(guest) == "join" and guest.locator("[data-card]").count() == 0
    assert "the same Wi-Fi" in guest.inner_text(".join")
    assert guest.locator('[data-act="tutorial"], .learn-welcome').count() == 0
    link_guest(host, guest, check_qr=True)
    guest.screenshot(path=str(artifacts / "linked-guest-390.png"))
    host.tap('[data-act="settings"]')                     # the turn clock: 20 s a guest's turn
    host.tap('[data-act="link_clock"][data-arg="20"]')
    host.keyboard.press("Escape")

    rejoined = timed_out = False
    for _ in range(600):
        if phase(host) == "hand-over":
            break
        moved = each_moved(host, guest)
        if phase(guest) == "your-turn":
            if not timed_out:
                lan_runs_out_of_time(host, guest)
                timed_out = True
                continue
            if not rejoined and len(guest_messages(guest)) > 6:
                # the guest reloads mid-hand: nothing on its page, then its seat back
                before = [m for m in guest_messages(guest) if m.get("type") == "state"]
                assert replay_check(host, before) > 0
                token = json.loads(guest.evaluate("sessionStorage.getItem('phom.guest.v1')"))["token"]
                # the guest falls silent: the host names it, the guest says the host is gone
                host.evaluate("window.phomLink.heartbeat(60000, 0); window.phomLink.beat();"
                              "window.phomLink.heartbeat(2000, 15000)")
                alert = host.locator('.link-away[data-seat="2"]')
                wait_for(lambda a=alert: a.count(), "the host's alert")
                assert alert.get_attribute("role") == "alert"
                assert alert.inner_text().startswith("Lan đã rời bàn — chờ Lan vào lại hoặc để máy chơi thay")
                wait_for(lambda: guest.locator(".link-gone").count(), "the guest's 'host gone'")
                assert "The host has left the table" in guest.inner_text(".link-gone")
                host.screenshot(path=str(artifacts / "linked-host-away-390.png"))
                guest.screenshot(path=str(artifacts / "linked-guest-gone-390.png"))
                host.tap('[data-key="away-bot-2"]')          # the bot plays the seat meanwhile
                wait_for(lambda a=alert: "máy đang chơi thay" in a.inner_text(), "the covered seat")
                guest.reload()
                wait_booted(guest)
                assert phase(guest) == "join" and guest.locator("[data-card]").count() == 0
                wait_for(lambda: host.locator('[data-act="settings"]').count(), "host page")
                link_guest(host, guest)
                assert host.locator(".link-away").count() == 0, "the alert goes when the guest is back"
                assert json.loads(guest.evaluate("sessionStorage.getItem('phom.guest.v1')"))["token"] == token
                rejoined = True
                continue
            tap_step(guest)
        elif phase(host) == "your-turn":
            tap_step(host)
        moved()
    else:
        raise AssertionError("the hand did not end")
    wait_for(lambda: phase(guest) == "hand-over", "the guest's end of hand")
    assert rejoined and timed_out
    guest.screenshot(path=str(artifacts / "linked-guest-over-390.png"))
    got = guest_messages(guest)
    assert replay_check(host, got) > 3
    assert state(host)["over"]
    assert "Lan" in guest.inner_text(".over")
    # the guest's own draws are named in its move log, in its language, from its view alone
    saved = json.loads(host.evaluate("localStorage.getItem('phom.match.v1')"))
    mine = phom.Match.from_json(saved["match"]).current.view(2).my_draws
    assert mine, "seat 3 drew this hand"
    guest.keyboard.press("k")
    log = guest.locator(".movelog").inner_text()
    assert f"You draw {mine[0].name('en')}" in log and "Lan draw" not in log


def lan_runs_out_of_time(host, guest) -> None:
    """Issue 51, the turn clock on one Wi-Fi: at Lan's turn the ring is on her seat on
    both phones; the host's time is moved on 20 s (Playwright's clock: its 0.5 s look at
    the clock then finds the turn over; the links' heartbeat takes such a jump for a page
    that was busy, not for a silent phone); her seat's bot plays the turn, and both phones
    say so, hers to her ("you"). She plays her next turns herself (the hand goes on, the
    clock off: the reload that follows is not timed)."""
    for page in (host, guest):
        wait_for(lambda p=page: p.locator('.seat[data-seat="2"] .clock-ring').count(), "the ring on Lan's seat",
                 10.0, lambda p=page: seen(p))
    def lan_turns() -> int:
        saved = json.loads(host.evaluate("localStorage.getItem('phom.match.v1')"))
        return phom.Match.from_json(saved["match"]).current.turns[2]

    turns = lan_turns()
    host.clock.fast_forward(20_000)
    for page, words in ((host, "Hết giờ — máy đánh thay Lan một lượt."),
                        (guest, "Time ran out — a bot plays one turn for you.")):
        wait_for(lambda p=page: p.locator(".clock-out").count(), "the words when Lan's time ran out", 15.0,
                 lambda p=page: seen(p))
        assert words in page.inner_text(".clock-out")
    wait_for(lambda: lan_turns() == turns + 1, "Lan's turn played by her seat's bot", 15.0, lambda: seen(guest))
    host.tap('[data-act="settings"]')       # the clock off again: the rest of the hand untimed
    host.tap('[data-act="link_clock"][data-arg="0"]')
    host.keyboard.press("Escape")


def two_seats_linked(rtc_browser, guard, site_url, seed, guest_script):
    """A two-seat table whose seat 2 is a guest's phone, linked by the text codes;
    ``guest_script`` runs in the guest's page before its own scripts."""
    host = guarded(rtc_browser, guard, has_touch=True)
    guest = guarded(rtc_browser, guard, has_touch=True)
    guest.add_init_script(guest_script)
    open_table(host, site_url, seed=seed, bot="easy", speed="instant", players=2)
    host.tap('[data-act="settings"]')
    host.select_option('[data-setting="seat_kind.1"]', "guest")
    host.tap('[data-act="new_match"]')
    host.tap('.dlg-confirm_new [data-act="confirm"]')
    guest.goto(site_url + "?join=1&lang=en")
    wait_booted(guest)
    link_guest(host, guest, seat=1)
    return host, guest


# The guest's channel is made by the host: the browser announces it (ondatachannel)
# and opens it, in either order. Announced once it is open already, it fires no
# open event; ui/friends/link.js reports it open all the same (else the guest never
# says which seat it takes, and the host, linked, waits for it: a CI failure).
ANNOUNCED_OPEN = """(() => {
  Object.defineProperty(RTCPeerConnection.prototype, 'ondatachannel', {
    configurable: true,
    get() { return null; },
    set(fn) {
      this.addEventListener('datachannel', (ev) => {
        const ch = ev.channel;
        const announce = () => { window.__announcedOpen = ch.readyState; fn.call(this, {channel: ch}); };
        ch.addEventListener('open', () => setTimeout(announce, 0), {once: true});
      });
    },
  });
})()"""


def test_a_channel_announced_open_already_still_links(rtc_browser, guard, site_url):
    _host, guest = two_seats_linked(rtc_browser, guard, site_url, 32, ANNOUNCED_OPEN)
    assert guest.evaluate("window.__announcedOpen") == "open"
    assert set(state(guest)["hand"]) and phase(guest) in ("your-turn", "waiting")


# The guest's first join never leaves its page (a message lost to whatever race).
FIRST_JOIN_LOST = """(() => {
  const send = RTCDataChannel.prototype.send;
  window.__joinsSent = 0;
  RTCDataChannel.prototype.send = function (text) {
    if (String(text).includes('"type": "join"') && window.__joinsSent++ === 0) return undefined;
    return send.call(this, text);
  };
})()"""


def test_a_join_lost_is_said_again_until_the_table_comes(rtc_browser, guard, site_url):
    _host, guest = two_seats_linked(rtc_browser, guard, site_url, 33, FIRST_JOIN_LOST)
    assert guest.evaluate("window.__joinsSent") == 2, "the join was not said again exactly once"
    assert set(state(guest)["hand"])
    welcomes = [m for m in guest_messages(guest) if m.get("type") == "welcome"]
    assert len(welcomes) == 1 and not [m for m in guest_messages(guest) if m.get("type") == "refused"]


def test_screenshots_a_guests_table_with_the_clock_and_reactions(rtc_browser, guard, site_url, artifacts):
    """Issue 51: a guest's table as its player sees it, the turn clock's ring on the seat
    whose turn it is and a reaction beside each sender's seat, upright (390x844) and on its
    side (844x390), in Vietnamese (Lan) and English (Minh): test-artifacts/
    linked-clock-react-{vi,en}-{390,844}.png. On request only (SCREENSHOTS=1): it asserts
    only that what is to be seen is there."""
    if not os.environ.get("SCREENSHOTS"):
        pytest.skip("screenshots on request: SCREENSHOTS=1")
    host = guarded(rtc_browser, guard, has_touch=True)
    lan = guarded(rtc_browser, guard, has_touch=True)
    minh = guarded(rtc_browser, guard, has_touch=True, locale="en-US")
    open_table(host, site_url, seed=31, bot="easy", speed="instant")
    host.tap('[data-act="settings"]')
    for seat, name in ((1, "Lan"), (3, "Minh")):
        host.select_option(f'[data-setting="seat_kind.{seat}"]', "guest")
        host.fill(f'[data-setting="seat_name.{seat}"]', name)
        host.locator(f'[data-setting="seat_name.{seat}"]').press("Enter")
    host.tap('[data-act="new_match"]')
    host.tap('.dlg-confirm_new [data-act="confirm"]')
    for guest, seat, lang in ((lan, 1, "vi"), (minh, 3, "en")):
        guest.goto(site_url + f"?join=1&lang={lang}")
        wait_booted(guest)
        link_guest(host, guest, seat=seat)
    host.tap('[data-act="settings"]')
    host.tap('[data-act="link_clock"][data-arg="20"]')
    host.keyboard.press("Escape")
    # on to Minh's turn (the clock times guests' turns): the ring on his seat on both tables
    for _ in range(200):
        if phase(minh) == "your-turn":
            break
        moved = each_moved(host, lan, minh)
        if phase(lan) == "your-turn":
            tap_step(lan)
        elif phase(host) == "your-turn":
            tap_step(host)
        moved()
    for guest, code in ((lan, "nhanh"), (minh, "den")):
        guest.tap('[data-act="react_menu"]')
        guest.tap(f'[data-act="react"][data-arg="{code}"]')
    for guest, lang in ((lan, "vi"), (minh, "en")):
        wait_for(lambda g=guest: g.locator(".clock-ring").count() and g.locator(".react-bubble").count() == 2,
                 "the ring and both reactions", 10.0, lambda g=guest: seen(g))
        idle(guest)
        guest.screenshot(path=str(artifacts / f"linked-clock-react-{lang}-390.png"))
        guest.set_viewport_size({"width": 844, "height": 390})
        idle(guest)
        guest.screenshot(path=str(artifacts / f"linked-clock-react-{lang}-844.png"))
