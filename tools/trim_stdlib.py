"""Trim Pyodide's python_stdlib.zip to what the page imports (stdlib only).

    python3 tools/trim_stdlib.py SRC_ZIP DST_ZIP   # keep tools/stdlib-keep.txt's modules

The runtime's stdlib is ~2.5 MB compressed; the game, PyScript and Pyodide
import a small part of it. tools/stdlib-keep.txt lists the modules to keep:
what a boot and a played hand import (found by ``tools/page_imports.py``, which
boots the page with the whole stdlib in headless Chromium, imports everything
that phom/, ui/ and PyScript's own Python name, plays a hand and reads
``sys.modules``), plus a margin of modules that error paths and likely edits
reach. A name keeps its module, or its whole package with its data files;
"pkg.mod" keeps only that submodule (and the package's __init__).

Dropping a module the page needs shows as a ModuleNotFoundError: the browser
tests boot and play on the trimmed runtime, so they catch it.

The kept modules are slimmed as our own Python is (scripts/pack_py.slim_checked:
comments and docstrings out, every line where it was, and only where the
building Python proves the code unchanged): the zip is a third smaller on a
first visit, a traceback's line numbers still match the runtime's sources, and
the stdlib supports running without docstrings (python -OO) anyway.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import pack_py  # noqa: E402

KEEP_FILE = ROOT / "tools" / "stdlib-keep.txt"


def read_keep(path: Path = KEEP_FILE) -> set[str]:
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.update(line.split())
    return out


def module_of(name: str) -> str | None:
    """'a/b/c.py' -> 'a.b.c'; 'a/b/__init__.py' -> 'a.b'; a data file -> its folder's package."""
    if name.endswith("/"):
        return name.rstrip("/").replace("/", ".")
    parts = name.split("/")
    if name.endswith(".py"):
        parts[-1] = parts[-1][:-3]
        if parts[-1] == "__init__":
            parts.pop()
    else:
        parts.pop()  # a data file belongs to its package
        if not parts:
            return None
    return ".".join(parts)


def wanted(name: str, keep: set[str]) -> bool:
    mod = module_of(name)
    if mod is None:
        return False
    parts = mod.split(".")
    # the module or one of its packages is kept whole
    if any(".".join(parts[: i + 1]) in keep for i in range(len(parts))):
        return True
    # a package (its folder entry or its __init__) on the way to a kept submodule
    is_pkg = name.endswith("/") or name.endswith("/__init__.py")
    return is_pkg and any(k.startswith(mod + ".") for k in keep)


def slimmed(name: str, data: bytes) -> bytes:
    """A kept module's source slimmed when that is proven safe; anything else as it is."""
    if not name.endswith(".py"):
        return data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    out = pack_py.slim_checked(text)
    return data if out is None else out.encode("utf-8")


def stamp(keep: set[str]) -> bytes:
    """What a trimmed zip was made by (its zip comment): the kept names and the
    code that trims and slims. A zip with the current stamp is copied, not redone."""
    h = hashlib.sha256("\n".join(sorted(keep)).encode())
    for f in (Path(__file__), Path(pack_py.__file__)):
        h.update(f.read_bytes())
    return b"phom trimmed " + h.hexdigest()[:16].encode()


def trim(src: Path, dst: Path, keep: set[str] | None = None) -> tuple[int, int]:
    """Write the kept entries of ``src`` to ``dst``, slimmed; returns (kept, dropped)
    counts. A ``src`` trimmed already by this very code is copied as it is."""
    keep = read_keep() if keep is None else keep
    mark = stamp(keep)
    kept = dropped = 0
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    with zipfile.ZipFile(src) as zin:
        if zin.comment == mark:
            shutil.copyfile(src, tmp)
            tmp.replace(dst)
            return len(zin.infolist()), 0
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
            for info in zin.infolist():
                if not wanted(info.filename, keep):
                    dropped += 1
                    continue
                kept += 1
                out = zipfile.ZipInfo(info.filename, info.date_time)
                out.external_attr = info.external_attr
                out.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
                zout.writestr(out, slimmed(info.filename, zin.read(info.filename)))
            zout.comment = mark
    tmp.replace(dst)
    return kept, dropped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("src", nargs="?", type=Path)
    ap.add_argument("dst", nargs="?", type=Path)
    a = ap.parse_args(argv)
    if not (a.src and a.dst):
        ap.error("SRC_ZIP and DST_ZIP are needed")
    kept, dropped = trim(a.src, a.dst)
    print(f"{a.dst}: kept {kept} entries, dropped {dropped}; "
          f"{a.src.stat().st_size / 1e6:.2f} MB -> {a.dst.stat().st_size / 1e6:.2f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
