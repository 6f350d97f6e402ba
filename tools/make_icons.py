"""Draw the app icons (PNG) from the project's own assets/icon.svg.

    python3 tools/make_icons.py        # rewrites assets/icons/*.png (commit them)

Renders the SVG in headless Chromium (Debian's /usr/bin/chromium through
Playwright, as the browser tests do), then re-encodes each PNG with a
256-colour palette (median cut, stdlib only): the browser fetches these on the
first visit, and the palette makes them a third of the size:

* icon-192.png, icon-512.png      the icon as drawn (rounded, transparent corners)
* maskable-192.png, maskable-512.png
                                  full-bleed felt green, the cards inside the
                                  central 80 % safe zone (Android crops to any shape)
* apple-touch-icon.png (180)      full-bleed, opaque: iOS rounds the corners itself
"""

from __future__ import annotations

import base64
import os
import struct
import sys
import zlib
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


# ---------------------------------------------------------------- palette PNG
def _chunks(data: bytes):
    pos = 8
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        yield data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n


def read_png(data: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """8-bit RGB/RGBA, not interlaced (what Chromium writes) -> (w, h, RGBA pixels)."""
    idat = b""
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("unsupported PNG")
        elif kind == b"IDAT":
            idat += body
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    pixels = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(w):
            px = tuple(line[x * bpp:(x + 1) * bpp])
            pixels.append(px if bpp == 4 else px + (255,))
        prev = line
    return w, h, pixels


def median_cut(counts: dict, n: int = 256) -> list[tuple[int, ...]]:
    boxes = [list(counts)]
    while len(boxes) < n:
        boxes.sort(key=lambda b: max(max(c[k] for c in b) - min(c[k] for c in b) for k in range(4)) if len(b) > 1 else -1)
        box = boxes.pop()
        if len(box) < 2:
            boxes.append(box)
            break
        k = max(range(4), key=lambda k: max(c[k] for c in box) - min(c[k] for c in box))
        box.sort(key=lambda c: c[k])
        total, acc, cut = sum(counts[c] for c in box), 0, 1
        for i, c in enumerate(box):
            acc += counts[c]
            if acc >= total / 2:
                cut = max(1, min(len(box) - 1, i))
                break
        boxes += [box[:cut], box[cut:]]
    out = []
    for b in boxes:
        wsum = sum(counts[c] for c in b)
        out.append(tuple(round(sum(c[k] * counts[c] for c in b) / wsum) for k in range(4)))
    return out


def palette_png(data: bytes) -> bytes:
    w, h, pixels = read_png(data)
    counts: dict = {}
    for px in pixels:
        counts[px] = counts.get(px, 0) + 1
    palette = list(counts) if len(counts) <= 256 else median_cut(counts)
    nearest = {}
    for c in counts:
        nearest[c] = min(range(len(palette)), key=lambda i: sum((c[k] - palette[i][k]) ** 2 for k in range(4)))
    rows = b"".join(b"\0" + bytes(nearest[pixels[y * w + x]] for x in range(w)) for y in range(h))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
    out += chunk(b"PLTE", b"".join(bytes(c[:3]) for c in palette))
    if any(c[3] != 255 for c in palette):
        out += chunk(b"tRNS", bytes(c[3] for c in palette))
    return out + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def main(argv: list[str] | None = None) -> int:
    import argparse

    argparse.ArgumentParser(prog="tools/make_icons.py", description=__doc__.split("\n\n")[0],
                            epilog="Rewrites assets/icons/*.png; needs Debian's Chromium and Playwright "
                                   "(make test-deps).").parse_args(argv)
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(device_scale_factor=1)
        for name, (size, bg, share) in ICONS.items():
            page.set_content(page_html(size, bg, share))
            page.wait_for_function("document.querySelector('img').complete")
            shot = page.locator("#i").screenshot(omit_background=bg is None)
            (OUT / name).write_bytes(palette_png(shot))
            print(f"{name}: {size}x{size}, {len(shot)} -> {(OUT / name).stat().st_size} bytes",
                  file=sys.stderr)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
