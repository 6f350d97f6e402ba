"""Pack the page's Python (every .py under phom/ and ui/) into vendor/pysrc.zip.

ui/interpreter.mjs unpacks this one archive into the page's virtual file system, so a
new module in phom/ or ui/ needs no list kept by hand. The dev/test server calls
``pack_if_stale`` on every request for the archive, so editing a .py file and
reloading the page is enough.
"""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("phom", "ui")
OUT = ROOT / "vendor" / "pysrc.zip"


def sources(root: Path = ROOT) -> list[Path]:
    out = []
    for pkg in PACKAGES:
        for p in sorted((root / pkg).rglob("*.py")):
            if "__pycache__" in p.parts:
                continue
            out.append(p)
    return out


def pack(out: Path = OUT, root: Path = ROOT) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sources(root):
            info = zipfile.ZipInfo(p.relative_to(root).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
    os.replace(tmp, out)
    return out


def pack_if_stale(out: Path = OUT, root: Path = ROOT) -> Path:
    srcs = sources(root)
    if out.exists():
        t = out.stat().st_mtime
        with zipfile.ZipFile(out) as z:
            names = set(z.namelist())
        wanted = {p.relative_to(root).as_posix() for p in srcs}
        if names == wanted and all(p.stat().st_mtime <= t for p in srcs):
            return out
    return pack(out, root)


if __name__ == "__main__":
    p = pack()
    print(f"packed {len(sources())} Python files into {p.relative_to(ROOT)}", file=sys.stderr)
