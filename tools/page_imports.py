"""What the page imports, found by playing it: the lists trimming and bytecode start from.

    python3 tools/page_imports.py               # print the stdlib modules a boot and a played hand import
    python3 tools/page_imports.py --write-boot  # rewrite tools/boot-modules.txt with them, timed

``discover`` builds the site with the runtime's whole stdlib (tools/build_site.py),
boots it in headless Chromium, imports everything that phom/, ui/ and PyScript's
own Python name, plays a hand by keys (tools/drive_table.py) and reads
``sys.modules``. Its stdlib modules are what tools/stdlib-keep.txt keeps
(tools/trim_stdlib.py, with a margin picked by hand); those and ours are
tools/boot-modules.txt, the candidates tools/bytecode.py may ship compiled.

Nothing imports this module: it sits above the build (build_site, bytecode,
trim_stdlib), which it drives.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import bytecode  # noqa: E402
import serve_site  # noqa: E402
from drive_table import keyboard_step, play_hand, wait_booted  # noqa: E402
from trim_stdlib import KEEP_FILE, module_of, read_keep  # noqa: E402


def source_imports(root: Path = ROOT) -> set[str]:
    """Top-level modules imported anywhere in phom/ and ui/."""
    mods = set()
    for pkg in ("phom", "ui"):
        for p in (root / pkg).rglob("*.py"):
            for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
                if isinstance(n, ast.Import):
                    mods.update(a.name for a in n.names)
                elif isinstance(n, ast.ImportFrom) and n.level == 0 and n.module:
                    mods.add(n.module)
    return {m for m in mods if m.split(".")[0] not in ("phom", "ui", "js", "pyodide", "pyscript")}


def pyscript_imports(root: Path = ROOT) -> set[str]:
    """Modules named by PyScript's Python, embedded in its core chunk."""
    mods = set()
    for f in (root / "vendor" / "pyscript").glob("core-*.js"):
        s = f.read_text(encoding="utf-8", errors="replace")
        for a, b in re.findall(r"(?:\\n|\\t|;)\s*(?:import ([\w.]+(?:\s*,\s*[\w.]+)*)|from ([\w.]+) import)", s):
            mods.update(m.strip() for m in (a.split(",") if a else [b]))
    return mods


PROBE = """
import sys, json, importlib
from js import window
from pyodide.ffi import create_proxy
def _phom_modules(names):
    used = sorted(sys.modules)
    bad = []
    for n in json.loads(names):
        try:
            importlib.import_module(n)
        except Exception as e:  # not in this runtime, or browser-only: reported, not kept
            bad.append(f"{n}: {type(e).__name__}")
    return json.dumps({"used": used, "modules": sorted(sys.modules), "failed": bad})
window.phomModules = create_proxy(_phom_modules)
"""


def discover(extra: set[str]) -> dict:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="phom-discover-"))
    try:
        site = tmp / "site"
        build_site.build(site, full_stdlib=True, quiet=True)
        idx = site / "index.html"
        html = idx.read_text(encoding="utf-8")
        html = re.sub(r"(<script type=\"py\"[^>]*>)(.*?)(</script>)",
                      lambda m: m.group(1) + m.group(2) + PROBE + m.group(3), html, flags=re.S)
        idx.write_text(html, encoding="utf-8")
        (site / "sw.js").write_text("")  # no caching in the probe
        with zipfile.ZipFile(site / "vendor" / "pyodide" / "python_stdlib.zip") as z:
            stdlib = {module_of(n) for n in z.namelist()} - {None}
        srv, url = serve_site.start(site, "/phom/")
        names = sorted(n for n in (source_imports() | pyscript_imports() | extra)
                       if n in stdlib or n.split(".")[0] in {"math", "time", "sys", "builtins"})
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])
            page = b.new_page()
            page.goto(url + "?new=1&speed=instant&seed=3")
            wait_booted(page)
            play_hand(page, keyboard_step)
            page.keyboard.press("n")
            wait_booted(page)
            found = json.loads(page.evaluate("n => window.phomModules(n)", json.dumps(names)))
            b.close()
        srv.shutdown()
        found["stdlib"] = sorted(m for m in found["modules"] if m in stdlib)
        found["used"] = sorted(m for m in found["used"] if m in stdlib)
        return found
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="tools/page_imports.py", description=__doc__.split("\n\n")[0],
                                 epilog="Needs Debian's Chromium and Playwright (make test-deps).")
    ap.add_argument("--write-boot", action="store_true",
                    help="rewrite tools/boot-modules.txt with them, timed (else print them as JSON)")
    if ap.parse_args(argv).write_boot:
        found = discover(read_keep())
        ours = [m for m in found["modules"] if m.split(".")[0] in ("phom", "ui")]
        bytecode.write_boot(found["used"] + ours)
        print(f"{bytecode.BOOT_FILE.relative_to(ROOT)}: {len(found['used'])} stdlib modules, {len(ours)} of ours")
        return 0
    found = discover(read_keep() if KEEP_FILE.exists() else set())
    print(json.dumps({k: found[k] for k in ("failed", "used", "stdlib")}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
