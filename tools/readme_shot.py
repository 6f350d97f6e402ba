"""Take the README's screenshot, docs/screenshot.png: the real page at a phone's
390x844 (CSS pixels, scale 1), served from this checkout, in Vietnamese, a few
moves into a fixed deal; re-encoded with a 256-colour palette
(tools/make_icons.py palette_png) to keep the file small.

    .venv/bin/python tools/readme_shot.py [OUT]     # default docs/screenshot.png

Needs Debian's Chromium and Playwright (make test-deps) and the runtime (make vendor).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tools"))

# A deal and a few moves that show the table at its busiest: melds to make, a discard
# row, the prompt. The URL parameters are the page's own (docs/DEVELOPING.md, "Testing hooks").
URL = "?new=1&preset=traditional&players=4&seed=11&starter=0&speed=instant&lang=vi"
STEPS = 3  # the player's decisions taken by taps (draw, lay down, discard...), as a phone does


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="tools/readme_shot.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", type=Path, default=ROOT / "docs" / "screenshot.png", metavar="OUT",
                    help="the PNG to write (default docs/screenshot.png)")
    return ap.parse_args(argv)


def main(argv: list[str]) -> int:
    out = parse_args(argv).out
    import drive_table
    import make_icons
    import serve
    from playwright.sync_api import sync_playwright

    srv, url = serve.start(0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=make_icons.CHROMIUM, args=make_icons.ARGS)
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                      has_touch=True, is_mobile=True, locale="vi-VN")
            page = ctx.new_page()
            page.goto(url + URL)
            drive_table.wait_booted(page)
            for _ in range(STEPS):
                drive_table.wait_ready(page)
                if drive_table.phase(page) != "your-turn":
                    break
                drive_table.settled_step(page, drive_table.tap_step)
            drive_table.wait_ready(page)
            page.wait_for_timeout(600)  # the last card's motion settles
            shot = page.screenshot()
            browser.close()
    finally:
        srv.shutdown()
    out.write_bytes(make_icons.palette_png(shot))
    print(f"{out}: 390x844, {len(shot)} -> {out.stat().st_size} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
