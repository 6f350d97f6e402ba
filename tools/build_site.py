"""Assemble the static site that GitHub Pages serves (stdlib only).

    python3 tools/build_site.py [OUT]          # default: site/  (git-ignored)
    python3 tools/build_site.py --full-stdlib  # ship the runtime's whole python_stdlib.zip

The runtime must be in vendor/ first (scripts/setup.sh, `make site` does it).
OUT gets a fresh copy of:

* the page: index.html (pyscript.toml written into it as JSON, tools/page_config.py:
  no config request, no TOML parser; the table's first screen and its first script,
  ui/boot/paint.js, and the style sheets, written in and so not shipped as files:
  first_screen, inline_first_script, inline_style_sheets), manifest.webmanifest,
  ui/ (not the .py files: our Python ships as one archive), assets/
* vendor/pysrc.zip (phom/ + ui/, packed now and slimmed by scripts/pack_py.slim),
  vendor/pyodide/ (python_stdlib.zip trimmed to tools/stdlib-keep.txt by tools/trim_stdlib.py;
  pyodide.asm.mjs with V8's compile hint, Emscripten's wrappers shared, its GOT and
  table map filled lazily, a snapshot restored by its stretches), vendor/pyscript/,
  vendor/qr/ (QR codes for linked play); in both archives, what a boot imports
  ships as bytecode where that saves the most compiling per byte (tools/bytecode.py)
* .nojekyll, so Pages serves every file as it is (no Jekyll, names with "_" kept)
* sw.js with its precache list: every file the page can load, each with its
  SHA-256, and a version that is a hash of that list, so any change to any
  file is a new service-worker version and a new cache.

Every URL in the page is relative, so OUT works at a domain's root and under
/<repo>/ alike.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tools"))

DEFAULT_OUT = ROOT / "site"
ROOT_FILES = ("index.html", "manifest.webmanifest", "favicon.ico", "robots.txt", "404.html")
PAGE_DIRS = ("ui", "assets")
SKIP_SUFFIXES = (".py", ".pyc", ".md")  # .md: a folder's notes for developers (ui/boot/README.md), not the page's
SKIP_PARTS = ("__pycache__",)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# PyScript chunks: everything core.js imports, statically or lazily, except
# the lazy imports of features the page does not use: the code editor
# (codemirror), the terminal (xterm, and what the py-editor / py-game /
# py-terminal plugins load once such an element exists), the plugins the
# page's config leaves out, the TOML parser (the config is inline JSON), the package
# graph (no packages) and zip.js (ui/boot/interpreter.mjs unpacks our archive). Those are shipped, so nothing can 404, but not
# precached; a browser test checks that every file a boot and a played hand
# fetch is in the precache list.
UNUSED_CHUNKS = re.compile(r"^(codemirror|xterm|toml|pyodide_graph|zip|deprecations-manager|donkey|py-editor|py-game|py-terminal)")
PLUGINS = re.compile(r"^py-(editor|game|terminal)-")
NEVER_PRECACHED = ("sw.js", ".nojekyll")
# The snapshot shipped for a first visit (make_shipped): fetched once, by a first
# visit, then kept by the page itself; never precached (a return visit restores
# the page's own copy, and the service worker's install would fetch 4.6 MB more).
SHIPPED_DIR = "vendor/snapshot/"
SHIPPED_BLOCK = re.compile(r"/\* SHIPPED:BEGIN \*/.*?/\* SHIPPED:END \*/", re.S)
# V8's explicit compile hint (Chromium 136+; a comment to every other engine):
# compile every function of the file eagerly, on the thread that streams it in.
EAGER_HINT = b"//# allFunctionsCalledOnLoad\n"
EAGER_FILES = ("vendor/pyodide/pyodide.asm.mjs",)
# Emscripten's wrapper of a JS function for the wasm table (share_wrappers), in
# the runtime's glue: the module it compiles, then the same, compiled once per
# distinct module.
WRAP_FILE = GLUE_FILE = "vendor/pyodide/pyodide.asm.mjs"
WRAP_AT = "var convertJsFunctionToWasm=(func,sig)=>{"
WRAP_COMPILE = "var module=new WebAssembly.Module(bytes);"
# keyed by the bytes themselves (a Uint8Array as a key is its bytes, comma-joined):
# signatures that differ only by a pointer's letter (p, i) make the same module
WRAP_SHARED = "var module=phomWrappers[bytes]??=new WebAssembly.Module(bytes);"
WRAP_CACHE = "var phomWrappers={};"
# Emscripten's main module filling its global offset table (lazy_got): every one
# of its ~8,500 exports, then only those something has asked for.
GOT_EAGER = "updateGOT(origExports);LDSO.init();"
GOT_LAZY = ("updateGOT(Object.fromEntries(Object.keys(GOT).filter(k=>k in origExports)"
            ".map(k=>[k,origExports[k]])));LDSO.init();")
# Emscripten's map of the wasm table, built by reading every slot the first
# time any function's address is asked for (lazy_table_map): then, for a JS
# function (it carries its signature, and is never a slot itself), not yet.
MAP_EAGER = ("var getFunctionAddress=func=>{if(!functionsInTableMap){functionsInTableMap=new WeakMap;"
             "updateTableMap(0,wasmTable.length)}return functionsInTableMap.get(func)||0};")
MAP_LAZY = ("var phomTableRead=false;var getFunctionAddress=func=>{if(!phomTableRead&&typeof func.sig==\"string\")"
            "{functionsInTableMap??=new WeakMap;return functionsInTableMap.get(func)||0}"
            "if(!phomTableRead){phomTableRead=true;functionsInTableMap??=new WeakMap;"
            "updateTableMap(0,wasmTable.length)}return functionsInTableMap.get(func)||0};")
# Pyodide's restoreSnapshot copying the heap into the memory (sparse_restore):
# all of it, then only its stretches where the snapshot knows them.
SNAP_COPY = "t=t.subarray(r);let s=(new TextDecoder).decode(i),l=JSON.parse(s);return Module.HEAP8.set(t),l};"
SNAP_PLACE = ("let s=(new TextDecoder).decode(i),l=JSON.parse(s);return t.phomPlace?"
              "t.phomPlace(Module.HEAP8,r,Module.HEAPU32[Module._emscripten_get_sbrk_ptr()>>>2],Module.phomBase):"
              "Module.HEAP8.set(t.subarray(r)),Module.phomBase=null,l};")
# Emscripten receiving the instantiated module (keep_base): on a restore (a
# snapshot sets noInitialRun), the memory's first bytes, as instantiation left
# them (the data segments, up to BASE_END), kept for the snapshot's placing.
BASE_AT = "function receiveInstance(instance,module){wasmExports=instance.exports;"
BASE_KEEP = (BASE_AT + "if(Module.noInitialRun)Module.phomBase="
             "new Uint8Array(wasmExports.memory.buffer.slice(0,BASE_END));")
BUILD_BLOCK = re.compile(r"/\* BUILD:BEGIN \*/.*?/\* BUILD:END \*/", re.S)


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _drop(out: Path, rel: str) -> None:
    """A copied file taken out of the site again, and its folders if left empty."""
    path = out / rel
    path.unlink()
    for folder in path.parents:
        if folder == out or any(folder.iterdir()):
            break
        folder.rmdir()


def _page_files(root: Path) -> list[Path]:
    out = [root / f for f in ROOT_FILES if (root / f).is_file()]
    for d in PAGE_DIRS:
        for p in sorted((root / d).rglob("*")):
            if p.is_file() and p.suffix not in SKIP_SUFFIXES and not set(SKIP_PARTS) & set(p.parts):
                out.append(p)
    return out


_STATIC = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\./[^"']+\.js)["']""")
_DYNAMIC = re.compile(r"""\bimport\s*\(\s*["'](\./[^"']+\.js)["']\s*\)""")


def pyscript_closure(pyscript_dir: Path) -> set[str]:
    """The PyScript files the page can load (see UNUSED_CHUNKS)."""
    seen: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in seen or not (pyscript_dir / name).is_file():
            continue
        seen.add(name)
        text = (pyscript_dir / name).read_text(encoding="utf-8", errors="replace")
        todo += [r[2:] for r in _STATIC.findall(text)]
        if not PLUGINS.match(name):
            todo += [r[2:] for r in _DYNAMIC.findall(text) if not UNUSED_CHUNKS.match(r[2:])]
    return seen | {p.name for p in pyscript_dir.glob("*.css") if not UNUSED_CHUNKS.match(p.name)}


def precache_list(out: Path) -> list[list[str]]:
    chunks = pyscript_closure(out / "vendor" / "pyscript")
    items = []
    for p in sorted(out.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(out).as_posix()
        if rel in NEVER_PRECACHED or rel.startswith(SHIPPED_DIR):
            continue
        if rel.startswith("vendor/pyscript/") and p.name not in chunks:
            continue
        items.append([rel, sri(p.read_bytes())])
    return items


# Everything a memory snapshot of the booted interpreter depends on (see
# ui/boot/interpreter.mjs): the runtime, our Python, and the code that makes and
# restores it. Its hash is the snapshot's build: any change, no restore.
SNAPSHOT_INPUTS = ("vendor/pyodide/", "vendor/pysrc.zip", "ui/boot/interpreter.mjs", "ui/boot/snapshot.")
STORE = "ui/boot/snapshot.store.mjs"


def snapshot_build(out: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(out.rglob("*")):
        rel = p.relative_to(out).as_posix()
        if p.is_file() and rel.startswith(SNAPSHOT_INPUTS):
            h.update(rel.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()[:16]


def write_store(out: Path) -> str:
    """Stamp ui/boot/snapshot.store.mjs with the snapshot build; returns it."""
    build = snapshot_build(out)
    path = out / STORE
    text, n = BUILD_BLOCK.subn(lambda _m: f'/* BUILD:BEGIN */\nexport const BUILD = "{build}";\n/* BUILD:END */',
                              path.read_text(encoding="utf-8"))
    if n != 1:
        raise SystemExit(f"{STORE}: no /* BUILD:BEGIN */ … /* BUILD:END */ block")
    path.write_text(text, encoding="utf-8")
    return build


def make_shipped(out: Path, build: str, quiet: bool = False) -> dict:
    """The memory snapshot this build ships for a first visit (docs/SNAPSHOT.md):
    made under Node by tools/make_snapshot.mjs from the site just assembled (its
    runtime, glue patched; its Python; the page's own recipe), as its difference
    from the memory as instantiated (the wasm's data image, data_image()),
    restored there once and checked byte for byte, gzip-compressed, written to
    vendor/snapshot/<build>.phz.gz and named in ui/boot/snapshot.store.mjs (SHIPPED).
    Returns what it wrote."""
    import subprocess
    import tempfile

    node = shutil.which("node")
    if not node:
        raise SystemExit("node not found (scripts/setup.sh installs it); --no-snapshot builds without")
    rel = f"{SHIPPED_DIR}{build}.phz.gz"
    (out / SHIPPED_DIR).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="phom-base-") as tmp:
        base = Path(tmp) / "base.bin"
        base.write_bytes(data_image((out / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()))
        run = subprocess.run([node, str(ROOT / "tools" / "make_snapshot.mjs"), str(out), str(base), str(out / rel)],
                             capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"tools/make_snapshot.mjs failed:\n{run.stderr[-4000:]}")
    made = json.loads(run.stdout.strip().splitlines()[-1])
    shipped = {"path": rel, "bytes": made["bytes"], "sha256": made["sha256"], "gzip": made["gzip"]}
    path = out / STORE
    text, n = SHIPPED_BLOCK.subn(
        lambda _m: f"/* SHIPPED:BEGIN */\nexport const SHIPPED = {json.dumps(shipped)};\n/* SHIPPED:END */",
        path.read_text(encoding="utf-8"))
    if n != 1:
        raise SystemExit(f"{STORE}: no /* SHIPPED:BEGIN */ … /* SHIPPED:END */ block")
    path.write_text(text, encoding="utf-8")
    return made | shipped


FIRST_AT = '<main id="table"'
SPRITE_AT = '<div id="sprite"></div>'


def first_screen(out: Path, root: Path = ROOT) -> int:
    """The table's first screen, as the page's first render draws it on a first
    visit (a fresh deal under the welcome, in Vietnamese and in English: paint.js
    takes the browser's language as ui/core/store.py browser_lang does), rendered now by our
    own Python (ui/table/render.py, on an App with the page's plugs) and written
    into the built index.html: a <template> before the table, and the cards'
    sprite. ui/boot/paint.js paints it, inert, at once, with the
    loading progress over it, until Python draws the real one. Its deal is a
    fixed one (seed 1): only a picture. Returns the bytes added."""
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from ui.core import store
    from ui.core.cards_svg import sprite
    from ui.friends import invite_view, linkplay
    from ui.learn.core import Learn
    from ui.table import render
    from ui.table.app import App

    parts = []
    for lang in store.LANGS:  # a first visit's language is the browser's (store.browser_lang)
        app = App(store.MemoryStorage(), dict(store.DEFAULT_SETTINGS, lang=lang))
        learn = Learn(app)
        linkplay.plug(app)
        invite_view.plug(app)
        learn.welcome = True
        app.start({"seed": ["1"]})
        html = render.page_html(app)
        if "template" in html:
            raise SystemExit("the first screen's HTML has a <template> of its own")
        parts.append(f'<template id="first-screen-{lang}" data-cls="{render.root_classes(app)}" '
                     f'data-phase="{app.phase_attr()}">{html}</template>\n')
    index = out / "index.html"
    text = index.read_text(encoding="utf-8")
    if text.count(FIRST_AT) != 1 or text.count(SPRITE_AT) != 1:
        raise SystemExit("index.html: no table root or sprite where first_screen expects them")
    added = "".join(parts)
    text = text.replace(SPRITE_AT, f'<div id="sprite">{sprite()}</div>').replace(FIRST_AT, added + FIRST_AT)
    index.write_text(text, encoding="utf-8")
    return len(added)


def csp_hash(text: str) -> str:
    """The CSP source that lets exactly this inline script or style run: 'sha256-…'."""
    return f"'{sri(text.encode('utf-8'))}'"


PAINT_TAG = '<script src="./ui/boot/paint.js"></script>'
CSP_SCRIPT = "script-src 'self'"


def inline_first_script(out: Path) -> str:
    """ui/boot/paint.js written into the built index.html, the page's one inline
    script, and named in the CSP's script-src by its SHA-256 (nothing else inline
    may run). As a file it was the ninth request of the page's first parse, behind
    HTTP/1.1's six connections and the head's scripts, and a first visit's first
    screen waited for it: 748 ms "table shown" at --cpu 4 --mbps 20 on a quiet
    machine (ui/boot/README.md has the figures). The dev server sends index.html
    as it is (the file: the first screen is the built page's only). The file is
    then left out of the site: the built page never asks for it, and precached it
    was fetched again by the service worker's install for nothing. Returns the
    hash source."""
    index = out / "index.html"
    text = index.read_text(encoding="utf-8")
    script = (out / "ui" / "boot" / "paint.js").read_text(encoding="utf-8")
    if text.count(PAINT_TAG) != 1 or text.count(CSP_SCRIPT) != 1 or "</script" in script.lower():
        raise SystemExit("index.html: the first script or the CSP is not where inline_first_script expects it")
    digest = csp_hash(script)
    text = text.replace(PAINT_TAG, f"<script>{script}</script>").replace(CSP_SCRIPT, f"{CSP_SCRIPT} {digest}")
    index.write_text(text, encoding="utf-8")
    _drop(out, "ui/boot/paint.js")
    return digest


STYLE_SHEETS = ("ui/style.css", "ui/friends/friends.css", "ui/learn/learn.css")
CSP_STYLE = "style-src 'self'"


def inline_style_sheets(out: Path) -> list[str]:
    """The page's style sheets written into the built index.html as <style>
    elements, each named in the CSP's style-src by its SHA-256. Linked, they were
    the first screen's last wait: render-blocking, and paint.js waits for them,
    a round trip after the page's own (answered 110-185 ms after they were asked
    for at --cpu 4 on the shared machine; ui/boot/README.md). The files are then
    left out of the site, as paint.js is (the dev server's page links them from
    the repository). Returns the hash sources."""
    index = out / "index.html"
    text = index.read_text(encoding="utf-8")
    if text.count(CSP_STYLE) != 1:
        raise SystemExit("index.html: the CSP's style-src is not where inline_style_sheets expects it")
    digests = []
    for rel in STYLE_SHEETS:
        tag = f'<link rel="stylesheet" href="./{rel}">'
        css = (out / rel).read_text(encoding="utf-8")
        if text.count(tag) != 1 or "</style" in css.lower() or "url(" in css:
            raise SystemExit(f"index.html: {tag} is not there once, or {rel} cannot be written in as it is")
        text = text.replace(tag, f"<style>{css}</style>")
        digests.append(csp_hash(css))
    index.write_text(text.replace(CSP_STYLE, " ".join([CSP_STYLE, *digests])), encoding="utf-8")
    for rel in STYLE_SHEETS:
        _drop(out, rel)
    return digests


def hint_eager(path: Path) -> None:
    """Prepend V8's compile hint to Pyodide's 1 MB glue script. Chromium's
    traces of warm visits served by the service worker show no code cache
    consumed for it (nor for the wasm): every visit compiles it anew, lazily,
    each function on the main thread when first called (~670 functions, ~290
    ms of a restored visit's main thread, traced). Hinted, they compile beside
    the download on a background thread: --cpu 4 warm visits 3594 -> 2771 ms
    (4 pairs), 1x 983 -> 960 ms (10 pairs). Only this file: PyScript's and
    Pyodide's small modules measured no better hinted."""
    data = path.read_bytes()
    if not data.startswith(EAGER_HINT):
        path.write_bytes(EAGER_HINT + data)


def share_wrappers(path: Path) -> None:
    """Compile each of Emscripten's distinct wrapper modules once, not once per
    function. Every start of the runtime (a restored one too) links ~260 of
    Pyodide's JS functions into the wasm table, and Chromium and WebKit, which
    have no WebAssembly.Function, need a tiny wasm module around each: Emscripten
    compiles one per function, though its bytes depend on the signature's types
    alone (convertJsFunctionToWasm builds them from `sig` and nothing else):
    ~30 distinct modules. Shared, each function still gets its own instance (its
    own import). Main thread of a restored visit, Chromium's profiler: the
    wrappers' WebAssembly.Module 24-25 -> 5-7 ms, reportUndefinedSymbols 58-75
    -> 38-45 ms. A runtime whose glue no longer reads so is refused: the build
    must be looked at again, not shipped as it is."""
    text = path.read_text(encoding="utf-8")
    if WRAP_CACHE + WRAP_AT in text and WRAP_SHARED in text:
        return
    at = text.find(WRAP_AT)
    compile_at = text.find(WRAP_COMPILE, at)
    if text.count(WRAP_AT) != 1 or text.count(WRAP_COMPILE) != 1 or not 0 < compile_at - at < 600:
        raise SystemExit(f"{path}: Emscripten's convertJsFunctionToWasm is not as share_wrappers expects")
    text = text.replace(WRAP_AT, WRAP_CACHE + WRAP_AT).replace(WRAP_COMPILE, WRAP_SHARED)
    path.write_text(text, encoding="utf-8")


def _patch_glue(path: Path, old: str, new: str, what: str) -> None:
    """Replace the one `old` in the runtime's glue with `new` (once: a glue
    patched already is left as it is); a glue that does not read so is refused."""
    text = path.read_text(encoding="utf-8")
    if text.count(new) == 1 and old not in text:
        return
    if text.count(old) != 1:
        raise SystemExit(f"{path}: {what}")
    path.write_text(text.replace(old, new), encoding="utf-8")


def lazy_got(path: Path) -> None:
    """Fill the global offset table only with what has asked to be in it.
    Emscripten's dynamic linking gives every export of the main module an entry
    as it starts (a WebAssembly.Global each, and a new slot in the wasm table for
    each function not in it yet): ~8,500 entries and ~5,200 slots on every start
    of the runtime, restored ones too, for side modules that might import them.
    This page loads none, and the main module's own imports ask for none of its
    exports. An entry asked for later (a side module's import, dlsym) is created
    then, at -1, and Emscripten's reportUndefinedSymbols fills it from the
    module's symbols, as it does for any symbol not yet defined. The runtime's
    receiveInstance: Node 154-177 -> 72-109 ms (3 starts each); a restored visit
    at --cpu 4, 362 -> 250 ms (medians, 4 visits each). The table ends ~5,200
    slots shorter (8,992, not 14,174), the same in the worker that makes a
    snapshot and the page that restores it (both run this glue, and its hash is
    the snapshot's build). A runtime whose glue no longer reads so is refused."""
    _patch_glue(path, GOT_EAGER, GOT_LAZY, "Emscripten's receiveInstance does not fill the GOT as lazy_got expects")


def lazy_table_map(path: Path) -> None:
    """Read the wasm table into Emscripten's function -> slot map only when a
    wasm function's slot is asked for. Every start links ~280 of Pyodide's JS
    functions into the table (addFunction), and the first of them had
    Emscripten read all ~8,700 slots (a JS object made for each function) to
    see whether it was there already: a JS function never is (only a wasm
    function, or the wrapper made for a JS one, fills a slot), and such a
    function carries its signature (`sig`), which a wasm function does not.
    So for one the map is only asked what addFunction put there; the first
    other function reads the table as before, and a map that side modules
    filled in between comes out the same (later slots win, as they did). Node:
    the read was 10-15 ms of every start, and at start only JS functions ask.
    A runtime whose glue no longer reads so is refused."""
    _patch_glue(path, MAP_EAGER, MAP_LAZY, "Emscripten's getFunctionAddress is not as lazy_table_map expects")


def sparse_restore(path: Path) -> None:
    """Let a snapshot put only its non-zero stretches into the fresh memory.
    Pyodide's restoreSnapshot copies the whole heap (31.5 MB, two thirds zeros)
    into a memory that is all zeros but where the runtime has written before the
    restore (its static data, stack and first allocations: below the break,
    sbrk's pointer). A snapshot that knows its stretches (ui/boot/snapshot.store.mjs,
    `phomPlace`) copies those and zeros only the gaps below the break. One that
    does not is copied whole, as before. A restored visit at --cpu 4, the copy:
    115 -> 90 ms (medians, 8 visits each; the break is at 14.5 MB, so most gaps
    below it are still zeroed). A runtime whose glue no longer reads so is refused."""
    _patch_glue(path, SNAP_COPY, SNAP_PLACE, "Pyodide's restoreSnapshot does not copy the heap as sparse_restore expects")


def data_image(wasm: bytes) -> bytes:
    """The wasm module's memory as its instantiation writes it: its active data
    segments (each at a constant offset, as Pyodide's main module has them),
    up to where the last ends, zeros between."""
    def leb(i: int) -> tuple[int, int]:
        out = shift = 0
        while True:
            b = wasm[i]
            i += 1
            out |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                return out, i

    segments = []
    i = 8
    while i < len(wasm):
        section = wasm[i]
        size, i = leb(i + 1)
        if section == 11:  # data
            n, j = leb(i)
            for _ in range(n):
                flag, j = leb(j)
                if flag in (0, 2):  # active (2: with a memory index)
                    if flag == 2:
                        _, j = leb(j)
                    if wasm[j] != 0x41:  # i32.const
                        raise SystemExit("the runtime's wasm places a data segment at no constant offset")
                    off, j = leb(j + 1)  # signed, but an offset is never negative
                    if wasm[j] != 0x0B:
                        raise SystemExit("the runtime's wasm has a data segment offset it cannot read")
                    j += 1
                length, j = leb(j)
                if flag in (0, 2):
                    segments.append((off, wasm[j:j + length]))
                j += length
        i += size
    image = bytearray(max((off + len(b) for off, b in segments), default=0))
    for off, b in segments:
        image[off:off + len(b)] = b
    return bytes(image)


def keep_base(path: Path, wasm: Path) -> None:
    """Keep the memory as instantiated, on a restore, for a snapshot stored as
    its difference from it (ui/boot/snapshot.store.mjs PHZ2: the site's shipped
    one). Its first len(data_image()) bytes, ~3.8 MB, copied once (~1-4 ms) and
    dropped once the snapshot is placed. A runtime whose glue no longer reads so
    is refused."""
    _patch_glue(path, BASE_AT, BASE_KEEP.replace("BASE_END", str(len(data_image(wasm.read_bytes())))),
                "Emscripten's receiveInstance is not as keep_base expects")


# The glue's one-replacement patches (each in GLUE_FILE, each with the text it
# replaces and its replacement), in the order the build applies them.
GLUE_PATCHES = ((lazy_got, GOT_EAGER, GOT_LAZY), (lazy_table_map, MAP_EAGER, MAP_LAZY),
                (sparse_restore, SNAP_COPY, SNAP_PLACE))


def write_lock(path: Path) -> None:
    """Pyodide's lock file without its package index: this page loads no package
    (no `packages` in its config), and the index is 116 KB (26 KB gzip) that
    every first visit and every boot reads for nothing. Its `info` stays (Pyodide
    checks the ABI against it)."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    lock["packages"] = {}
    path.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


def write_sw(out: Path, items: list[list[str]], root: Path = ROOT) -> str:
    text = (root / "sw.js").read_text(encoding="utf-8")
    listed = json.dumps(items, separators=(",", ":"))
    version = hashlib.sha256(listed.encode()).hexdigest()[:16]
    block = (
        "/* BUILD:BEGIN */\n"
        f'const VERSION = "{version}";\n'
        "const PRECACHE = [\n" + ",\n".join("  " + json.dumps(i) for i in items) + "\n];\n"
        "/* BUILD:END */"
    )
    new, n = BUILD_BLOCK.subn(lambda _m: block, text)
    if n != 1:
        raise SystemExit("sw.js: no /* BUILD:BEGIN */ … /* BUILD:END */ block")
    (out / "sw.js").write_text(new, encoding="utf-8")
    return version


def build(out: Path = DEFAULT_OUT, root: Path = ROOT, full_stdlib: bool = False, quiet: bool = False,
          snapshot: bool = True) -> str:
    """Assemble the site into ``out``; returns the service worker's version."""
    import pack_py
    import page_config

    vendor = root / "vendor"
    if not (vendor / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("vendor/ has no runtime: run scripts/setup.sh (make setup) first")

    out = out.resolve()
    if out == root.resolve() or root.resolve().is_relative_to(out):
        raise SystemExit(f"refusing to build into {out}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    for p in _page_files(root):
        _copy(p, out / p.relative_to(root))
    # the PyScript config, pyscript.toml, inline as JSON (the file itself is not shipped)
    (out / page_config.PAGE).write_text(page_config.page(root), encoding="utf-8")
    first_screen(out, root)
    inline_first_script(out)
    inline_style_sheets(out)
    # slimmed for the phone's first visit (comments and docstrings out, lines kept)
    pack_py.pack(out / "vendor" / "pysrc.zip", root, slimmed=True)
    for f in PYODIDE_FILES:
        _copy(vendor / "pyodide" / f, out / "vendor" / "pyodide" / f)
    write_lock(out / "vendor" / "pyodide" / "pyodide-lock.json")
    share_wrappers(out / WRAP_FILE)
    for patch, _old, _new in GLUE_PATCHES:
        patch(out / GLUE_FILE)
    keep_base(out / GLUE_FILE, out / "vendor" / "pyodide" / "pyodide.asm.wasm")
    for rel in EAGER_FILES:
        hint_eager(out / rel)
    stdlib = out / "vendor" / "pyodide" / "python_stdlib.zip"
    full = root / "node_modules" / "pyodide" / "python_stdlib.zip"
    if full_stdlib:
        if full.is_file():
            _copy(full, stdlib)
    else:
        import trim_stdlib  # idempotent: vendor/'s copy may be trimmed already

        trim_stdlib.trim(vendor / "pyodide" / "python_stdlib.zip", stdlib)
    for p in sorted((vendor / "pyscript").iterdir()):
        if p.is_file():
            _copy(p, out / "vendor" / "pyscript" / p.name)
    for p in sorted((vendor / "qr").glob("*")) if (vendor / "qr").is_dir() else ():
        _copy(p, out / "vendor" / "qr" / p.name)   # linked play's QR encoder and decoder
    for p in sorted((vendor / "trystero").glob("*")) if (vendor / "trystero").is_dir() else ():
        _copy(p, out / "vendor" / "trystero" / p.name)   # internet play's trystero, bundled
    (out / ".nojekyll").write_text("")
    # what a boot imports, as bytecode where it saves the most compiling per byte,
    # within what the first visit's cap leaves (--full-stdlib: the runtime's stdlib as it is)
    import bytecode
    import serve_site

    as_source = sum(serve_site.gzip_size(out / p) for p, _ in precache_list(out))
    spent = bytecode.apply(out / "vendor" / "pysrc.zip", None if full_stdlib else stdlib, root,
                           budget=bytecode.room(as_source))

    build_id = write_store(out)
    made = make_shipped(out, build_id) if snapshot else None
    items = precache_list(out)
    version = write_sw(out, items, root)
    if not quiet:
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        print(f"site: {out} ({size / 1e6:.1f} MB), service worker {version}, "
              f"{len(items)} files precached; bytecode: {spent['ours']} of our modules and "
              f"{spent['stdlib']} of the stdlib's, {spent['extra'] / 1e3:.0f} KB more than source",
              file=sys.stderr)
        if made:
            print(f"shipped snapshot: {made['path']}, heap {made['heap'] / 1e6:.1f} MB, kept "
                  f"{made['bytes'] / 1e6:.1f} MB, {made['gzip'] / 1e6:.2f} MB gzip; made in "
                  f"{made['makeMs'] / 1e3:.1f} s, checked in {made['checkMs'] / 1e3:.1f} s", file=sys.stderr)
    return version


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--full-stdlib", action="store_true",
                    help="ship the runtime's whole python_stdlib.zip, not vendor/'s")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="ship no memory snapshot for a first visit (it then boots Python itself)")
    a = ap.parse_args(argv)
    build(a.out, full_stdlib=a.full_stdlib, snapshot=not a.no_snapshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
