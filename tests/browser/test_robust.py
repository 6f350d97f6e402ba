"""Nothing lost, nothing crashes, in the browser: a second tab offers to take
over and the hand-over keeps the match; storage that refuses to save lets the
hand go on with one notice, and saving resumes; hostile text in a link, a save
or the settings is shown as text, never run, never fetched."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from table_driver import (
    nothing_within,
    open_table,
    settled_step,
    shot,
    state,
    wait_booted,
    wait_ready,
)

SAVE = "() => localStorage.getItem('phom.match.v1')"
HOSTILE = '<img src=x onerror="window.__pwned=1">'


def _hand_of_save(page) -> list:
    """The human's cards in the saved match, read from storage."""
    import phom

    snap = json.loads(page.evaluate(SAVE))
    g = phom.Match.from_json(snap["match"]).current
    return [str(c) for c in g.view(0).hand]


def table_save(page) -> str:
    return page.evaluate(SAVE)


def test_second_tab_offers_take_over_and_the_match_survives(table, guard, site_url):
    table.context.add_init_script("window.phomTabPatience = 300;")  # how long a tab waits for an answer
    open_table(table, site_url, seed=11, players=3)
    settled_step(table)
    saved = table.evaluate(SAVE)

    second = table.context.new_page()
    guard.watch(second)
    second.goto(site_url)
    second.wait_for_selector('[data-tab="busy"] [data-act="tab_take"]', timeout=60_000)
    assert table.evaluate(SAVE) == saved, "the second tab wrote over the first's match"
    # the first tab plays on, and saves
    settled_step(table)
    now = state(table)
    assert _hand_of_save(table) == now["hand"]

    # take over: the first stops and says so; the second has the same match
    second.click('[data-act="tab_take"]')
    table.wait_for_selector('[data-tab="lost"]', timeout=30_000)
    wait_ready(second, 60_000)
    got = state(second)
    assert (got["hand"], got["hand_no"], got["totals"]) == (now["hand"], now["hand_no"], now["totals"])
    saved = table.evaluate(SAVE)
    table.keyboard.press("d")
    nothing_within(table, 300)
    assert table.evaluate(SAVE) == saved, "the tab that lost the table still saves"
    settled_step(second)
    assert table.evaluate(SAVE) != saved and _hand_of_save(second) == state(second)["hand"]

    # and back again
    after = state(second)
    table.click('[data-act="tab_take"]')
    second.wait_for_selector('[data-tab="lost"]', timeout=30_000)
    wait_ready(table, 60_000)
    assert state(table)["hand"] == after["hand"]

    # the tab that plays hangs (its script paused, as a frozen or hung tab
    # is): the waiting tab is not left waiting — it says the other does not
    # answer and offers to play here; the hung tab, woken, finds it lost
    # the match and writes nothing over the newer save
    cdp = table.context.new_cdp_session(table)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    second.click('[data-act="tab_take"]')
    second.wait_for_selector('[data-tab="silent"] [data-act="tab_steal"]', timeout=30_000)
    assert second.evaluate(SAVE) == table_save(second), "nothing is taken before the player asks"
    second.click('[data-act="tab_steal"]')
    wait_ready(second, 60_000)
    assert state(second)["hand"] == after["hand"]
    settled_step(second)
    newer = second.evaluate(SAVE)
    cdp.send("Debugger.resume")
    table.wait_for_selector('[data-tab="lost"]', timeout=30_000)
    table.keyboard.press("d")
    assert second.evaluate(SAVE) == newer and _hand_of_save(second) == state(second)["hand"]


FAIL_SETITEM = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (window.__failSave) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return real.call(this, k, v);
  };
})();
"""


def test_storage_that_refuses_to_save_lets_the_hand_go_on(table, site_url):
    table.context.add_init_script(FAIL_SETITEM)
    open_table(table, site_url, seed=21, players=2)
    saved = table.evaluate(SAVE)
    table.evaluate("() => { window.__failSave = true; }")
    moves = 0
    for _ in range(4):
        wait_ready(table)
        if state(table)["over"]:
            break
        settled_step(table)
        moves += 1
    wait_ready(table)
    assert moves >= 2
    assert table.locator(".notice").count() == 1
    assert state(table)["saving"] is False and table.evaluate(SAVE) == saved
    notice = table.locator(".notice").inner_text()
    table.keyboard.press("Escape")  # dismissed: not said again at the next move
    if not state(table)["over"]:
        settled_step(table)
    assert table.locator(".notice").count() == 0

    table.evaluate("() => { window.__failSave = false; }")
    if state(table)["over"]:
        table.keyboard.press("n")
    else:
        settled_step(table)
    wait_ready(table)
    assert state(table)["saving"] is True
    assert _hand_of_save(table) == state(table)["hand"]
    assert notice and table.evaluate(SAVE) != saved


BLOCK_STORAGE = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
  });
}
"""


def test_storage_blocked_or_damaged_never_crashes_the_host_or_the_guest_page(table, site_url):
    """Every page reads and writes storage through SafeStorage: a guest's seat
    that cannot be read is set aside with why; storage the browser blocks
    altogether (reading ``window.localStorage`` throws) leaves the host's and
    the guest's pages working (the guard fails the test on any page error)."""
    table.goto(site_url + "manifest.webmanifest")  # the origin, without booting the page
    table.evaluate("() => sessionStorage.setItem('phom.guest.v1', '{\"seat\": [')")
    table.goto(site_url + "?join=1")
    table.wait_for_selector('#table[data-phase="join"]', timeout=60_000)
    aside = json.loads(table.evaluate("() => sessionStorage.getItem('phom.guest.v1.corrupt')"))
    assert aside["value"] == '{"seat": [' and aside["code"] == "unreadable"
    assert table.evaluate("() => sessionStorage.getItem('phom.guest.v1')") == "{}"

    table.context.add_init_script(BLOCK_STORAGE)
    table.goto(site_url + "?" + urlencode({"seed": 5, "players": 2, "speed": "instant"}))
    wait_ready(table, 60_000)
    settled_step(table)
    assert state(table)["saving"] is False and table.locator(".notice").count() == 1
    table.goto(site_url + "?join=1")
    table.wait_for_selector('#table[data-phase="join"]', timeout=60_000)


def test_hostile_text_is_shown_never_run_never_fetched(table, site_url):
    fetched = []
    table.on("request", lambda r: r.url.split("?")[0].endswith("/x") and fetched.append(r.url))
    open_table(table, site_url, seed=4)
    snap = json.loads(table.evaluate(SAVE))
    m = json.loads(snap["match"])
    m["rules"]["name"] = HOSTILE
    snap["match"] = json.dumps(m)
    table.evaluate("""([save, settings]) => {
        localStorage.setItem('phom.match.v1', save);
        localStorage.setItem('phom.settings.v1', settings);
    }""", [json.dumps(snap), json.dumps({"lang": HOSTILE, "bot": HOSTILE, "preset": HOSTILE})])
    keys = ("new", "preset", "players", "bot", "speed", "lang", "seed", "deck", "starter",
            "four_color")
    table.goto(site_url + "?" + urlencode({k: HOSTILE for k in keys}))
    wait_booted(table)
    wait_ready(table)
    text = table.locator(".notice").inner_text()
    assert "<img src=x" in text  # shown as text (the link's and the save's notices)
    assert table.locator("img[src='x'], [onerror]").count() == 0
    assert table.evaluate("() => window.__pwned") is None
    assert table.evaluate("() => localStorage.getItem('phom.match.corrupt')") == json.dumps(snap)
    # the shared-deal parameters (ui/page/learn.py) too
    table.goto(site_url + "?" + urlencode({k: HOSTILE for k in ("deal", "daily", "day")}))
    wait_booted(table)
    wait_ready(table)
    assert "(day=<img src=x" in table.locator(".notice").inner_text()   # said, as text
    assert table.locator("img[src='x'], [onerror]").count() == 0
    assert table.evaluate("() => window.__pwned") is None
    assert not fetched, fetched


# A guest page whose WebRTC is a stand-in: answering an invitation opens a channel
# the test writes into (window.__phomDeliver), as a broken or hostile host would.
FAKE_RTC = """
(() => {
  class FakePC extends EventTarget {
    constructor() { super(); this.iceGatheringState = 'complete'; this.connectionState = 'new';
                    this.localDescription = null; window.__phomPC = this; }
    async setRemoteDescription(d) {}
    async createAnswer() { return {type: 'answer', sdp: 'v=0\\r\\no=- 1 2 IN IP4 127.0.0.1\\r\\n'}; }
    async setLocalDescription(d) { this.localDescription = d; }
    close() {}
  }
  window.RTCPeerConnection = FakePC;
  window.__phomDeliver = (text) => {
    const ch = {readyState: 'open', send() {}, close() {}};
    window.__phomPC.ondatachannel({channel: ch});
    ch.onopen();
    ch.onmessage({data: text});
  };
})();
"""


def _invitation(seat: int = 2) -> str:
    """A well-formed host invitation code (ui/friends/link.js encode) for the stand-in."""
    import base64
    import zlib

    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(b"v=0\no=- 1 2 IN IP4 127.0.0.1") + c.flush()
    return f"PHOM1o{seat}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_the_guests_code_and_connection_troubles_are_said_in_its_language(new_table, site_url,
                                                                          artifacts):
    """A pasted code that is not one, and a host message that cannot be read: the guest
    sees a sentence in its page's language, never the exception's English (that goes
    to the console as a warning)."""
    table = new_table(width=360, height=640, touch=True)
    warnings = []
    table.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    table.add_init_script(FAKE_RTC)
    said = {"vi": ("Mã không đúng: đây không phải mã nối bàn Phỏm.",
                   "Tin nhắn từ chủ bàn không đọc được — hãy quét lại mã."),
            "en": ("That code does not work: it is not a Phỏm table code.",
                   "A message from the host could not be read — scan the code again.")}
    for lang in ("vi", "en"):
        table.goto(site_url + f"?join=1&lang={lang}")
        table.wait_for_selector('#table[data-phase="join"]', timeout=60_000)
        table.fill("#offer-in", "hello, this is not a code")
        table.click('[data-act="link_answer"]')
        table.wait_for_selector(".link-error", timeout=30_000)
        assert table.inner_text(".link-error") == said[lang][0]
        table.fill("#offer-in", _invitation())
        table.click('[data-act="link_answer"]')
        table.wait_for_selector("#answer-out", timeout=30_000)
        assert table.locator(".link-error").count() == 0
        for text in ("not json", '{"v": 1, "type": "state"}', "[1, 2]"):
            table.evaluate("(t) => window.__phomDeliver(t)", text)
            table.wait_for_selector(".link-error", timeout=30_000)
            shown = table.inner_text(".join")
            assert table.inner_text(".link-error") == said[lang][1]
            assert not any(p in shown for p in ("Error", "KeyError", "not a message", "JSON", "'view'"))
        assert table.locator(".link-error").bounding_box()["y"] < 640   # in view, by the code
        shot(table, str(artifacts / f"guest-bad-message-360x640-{lang}.png"))
    assert any("not a Phỏm link code" in w for w in warnings), warnings
    assert any("a message from the host was not read" in w for w in warnings), warnings
