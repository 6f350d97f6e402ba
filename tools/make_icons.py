"""Draw the app icons (PNG) from the project's own assets/icon.svg.

    python3 tools/make_icons.py        # rewrites assets/icons/*.png (commit them)

Renders the SVG in headless Chromium (Debian's /usr/bin/chromium through
Playwright, as the browser tests do):

* icon-192.png, icon-512.png      the icon as drawn (rounded, transparent corners)
* maskable-192.png, maskable-512.png
                                  full-bleed felt green, the cards inside the
                                  central 80 % safe zone (Android crops to any shape)
* apple-touch-icon.png (180)      full-bleed, opaque: iOS rounds the corners itself
"""

from __future__ import annotations

import base64
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "assets" / "icon.svg"
OUT = ROOT / "assets" / "icons"
FELT = "#0e4d31"
CHROMIUM = os.environ.get("PHOM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# name: (size px, background or None, the SVG's share of the width)
ICONS = {
    "icon-192.png": (192, None, 1.0),
    "icon-512.png": (512, None, 1.0),
    "maskable-192.png": (192, FELT, 0.86),
    "maskable-512.png": (512, FELT, 0.86),
    "apple-touch-icon.png": (180, FELT, 1.06),
}


def page_html(size: int, bg: str | None, share: float) -> str:
    data = base64.b64encode(SVG.read_bytes()).decode()
    img = int(round(size * share))
    back = bg or "transparent"
    return (
        "<!doctype html><html><body style='margin:0;background:transparent'>"
        f"<div id=i style='width:{size}px;height:{size}px;background:{back};overflow:hidden;"
        "display:flex;align-items:center;justify-content:center'>"
        f"<img src='data:image/svg+xml;base64,{data}' width={img} height={img} "
        "style='flex:none'></div></body></html>"
    )


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(device_scale_factor=1)
        for name, (size, bg, share) in ICONS.items():
            page.set_content(page_html(size, bg, share))
            page.wait_for_function("document.querySelector('img').complete")
            page.locator("#i").screenshot(path=str(OUT / name), omit_background=bg is None)
            print(f"{name}: {size}x{size}, {(OUT / name).stat().st_size} bytes", file=sys.stderr)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
