"""The page as a phone on the same Wi-Fi gets it from `make play HOST=0.0.0.0`: a LAN
address over plain http, which is not a secure context. What the README and the
server (scripts/serve.py LAN_NOTE) promise is checked here: the APIs that need a
secure context are absent, and still the page boots, plays by taps, saves the
match and resumes it after a reload, with no console error.

The LAN address is stood in for by a name the browser maps to 127.0.0.1
(--host-resolver-rules): any origin but 127.0.0.1/localhost is insecure over
http, and nothing leaves the machine.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from chromium import ARGS, BASELINE_ONLY, launch
from guard import Guard
from table_driver import settled_step, state, tap_step, wait_booted, wait_ready

LAN_NAME = "phone-lan.test"
# the last --host-resolver-rules given is the one Chromium takes: ARGS' own, with the name first
RULES = f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1 , " + \
    next(a for a in ARGS if a.startswith("--host-resolver-rules=")).split("=", 1)[1]

SECURE_ONLY = """() => ({
  secure: window.isSecureContext,
  serviceWorker: 'serviceWorker' in navigator,
  subtle: !!(globalThis.crypto && crypto.subtle),
  caches: 'caches' in globalThis,
  locks: 'locks' in navigator,
  camera: !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia),
  rtc: typeof RTCPeerConnection === 'function' && typeof CompressionStream === 'function',
  storage: (() => { localStorage.setItem('phom.probe', '1'); localStorage.removeItem('phom.probe'); return true; })(),
})"""


def test_a_lan_address_over_http_plays_without_what_needs_a_secure_context(playwright, site_url):
    import serve  # scripts/, on the path by conftest.py (site_url: the runtime and the pack made)

    srv, url = serve.start(0, host="0.0.0.0")  # as make play HOST=0.0.0.0 serves (LanHandler)
    lan = f"http://{LAN_NAME}:{urlsplit(url).port}/"
    browser = launch(playwright, [RULES] + BASELINE_ONLY)
    guard = Guard(lan)
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  locale="en-US")
        guard.watch_context(ctx)
        page = ctx.new_page()
        guard.watch(page)
        page.goto(lan + "?new=1&speed=instant&seed=3&lang=en")
        wait_booted(page)
        got = page.evaluate(SECURE_ONLY)
        assert got == {"secure": False, "serviceWorker": False, "subtle": False, "caches": False,
                       "locks": False, "camera": False, "rtc": True, "storage": True}, got
        wait_ready(page, 60_000)
        for _ in range(2):  # a draw and a discard, by taps
            settled_step(page, tap_step)
        played = state(page)
        page.reload()
        wait_booted(page)
        wait_ready(page, 60_000)
        again = state(page)
        assert again == played, (played, again)  # the match saved at this address, resumed
        assert page.evaluate("document.documentElement.dataset.boot") == "normal"  # no snapshot here
        ctx.close()
    finally:
        browser.close()
        srv.shutdown()
        srv.server_close()
    guard.check()
