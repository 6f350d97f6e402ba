"""An internet invitation opened in WebKit (Safari's engine), issue 39. Debian's WebKitGTK
has no WebRTC (``RTCPeerConnection`` is undefined there), so the guest cannot play: the
page must say so in words after the player agrees, load nothing of trystero, and raise no
script error. Where a WebKit has WebRTC, the guest goes on to look for the relays (pointed
at this test's own server by ``phom.netlab``: no third party) and, there being none, says
it is offline. Real Safari has WebRTC; the lab's game across NATs is Chromium's
(tests/browser/test_netlab.py)."""

from __future__ import annotations

from table_driver import phase, wait_booted

LINK = "?room=abcdefghij12&lang=en#S3cr3t-key_0123456789"


def test_an_invitation_in_webkit_says_what_this_browser_can_do(webkit, served):
    _srv, url = served
    webkit.goto(url + "?lang=en&new=1")
    wait_booted(webkit)
    webkit.evaluate("() => localStorage.setItem('phom.netlab', 'self')")
    webkit.goto(url + LINK)
    wait_booted(webkit)
    assert phase(webkit) == "join"
    assert webkit.locator('[data-act="net_join"]').count() == 1
    assert "the page contacts nothing but its own site" in webkit.evaluate(
        "() => document.querySelector('.net-join').innerText")
    webkit.evaluate("() => { document.getElementById('net-name').value = 'Lan'; }")
    webkit.tap('[data-act="net_join"]')
    rtc = webkit.evaluate("() => typeof RTCPeerConnection")
    want = "no_rtc" if rtc == "undefined" else "offline"
    webkit.wait_for_function(f"() => !!document.querySelector('.net-error[data-error=\"{want}\"]')", 20_000)
    text = webkit.evaluate("() => document.querySelector('.net-error').innerText")
    assert text == ("This browser cannot link directly (no WebRTC)." if want == "no_rtc"
                    else "No relay could be reached. Is this phone offline? On the same Wi-Fi, use the "
                         "table codes instead (no internet needed).")
    if want == "no_rtc":
        assert not webkit.evaluate(
            "() => performance.getEntriesByType('resource').some((e) => /trystero/.test(e.name))")
    errors = webkit.errors()
    assert not errors, "\n".join(errors)
