"""Ship the Python a boot imports as bytecode, within a byte budget (stdlib only).

    python3 tools/bytecode.py SITE              # report what SITE's archives ship compiled
    python3 tools/page_imports.py --write-boot  # re-find what a boot imports (Chromium), timed

Pyodide imports source: every module a boot imports is compiled from its text
on every visit that does not start from the memory snapshot (a first visit, a
fallback boot, the worker that makes the snapshot). On this machine that is
most of a first visit's main-thread time: compiling the stdlib that Pyodide,
PyScript and our page import takes ~0.8 s, compiling our own ~0.3 s (Node, the
best of 5, tools/boot-modules.txt; a busy machine's browser trace, cold: 2.9 s
of main-thread CPU, 1.3 s with everything compiled).

Bytecode is bigger than slimmed source (about 2x compressed), and a first
visit may cost no more than 5.2 MB (issue 14). So ``apply`` compiles every
candidate -- the modules, ours and the stdlib's, that a boot and a played
hand import (tools/boot-modules.txt, written by ``page_imports.py --write-boot``;
a module new since is shipped as source) -- with the pinned runtime itself, and ships compiled
those that save the most compiling per extra byte, until ``BUDGET`` extra
bytes are spent. The compile times are the ones measured when the list was
written (a module new since is weighed by its tokens), so a build is the same
on every machine.
A chosen module ships as ``name.pyc`` in place of ``name.py`` (sourceless: its
traceback lines name file and line, without the line's text); the rest as
source, as before.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tokenize
import zipfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trim_stdlib import module_of  # noqa: E402  - 'a/b/__init__.py' -> 'a.b', as the stdlib's trim names them

ROOT = Path(__file__).resolve().parent.parent
BOOT_FILE = ROOT / "tools" / "boot-modules.txt"
COMPILER = ROOT / "tools" / "compile_py.mjs"
# extra bytes (compressed, as the archives ship) a first visit may spend on
# bytecode at most; tools/build_site.py spends less where the first visit's
# cap leaves less room (room()). Cold visits, 10 alternated pairs: 200 KB ->
# 275 KB (enum, contextlib, datetime, json, inspect and 8 of ours more):
# 3267 -> 3070 ms, 8 of 10 faster.
BUDGET = 275_000
# a first visit's bytes, as Pages sends them (issue 14; tests/ship/test_site.py)
FIRST_VISIT_CAP = 5_200_000
# what is written after the choice (the service worker's list, the store's
# stamp) may add, and a little slack
MARGIN = 12_000
OURS = "home/pyodide/"          # where ui/boot/interpreter.mjs unpacks vendor/pysrc.zip
STDLIB = "lib/python314.zip/"   # where Pyodide mounts python_stdlib.zip


def boot_modules(path: Path = BOOT_FILE) -> dict[str, float]:
    """The candidates, each with its compile time as measured when the file was
    written (ms; the choice's weights); none while --write-boot's own build runs."""
    out: dict[str, float] = {}
    if not path.is_file():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("#", 1)[0].split()
        if parts:
            out[parts[0]] = float(parts[1]) if len(parts) > 1 else -1.0
    return out


def candidate_sources(modules, root: Path = ROOT) -> dict[str, bytes]:
    """What would ship for ``modules``: our files slimmed, the stdlib's trimmed
    and slimmed (as tools/build_site.py packs them), by their page paths."""
    import pack_py
    import trim_stdlib

    out: dict[str, bytes] = {}
    for p in pack_py.sources(root):
        rel = p.relative_to(root).as_posix()
        if module_of(rel) in modules:
            out[OURS + rel] = pack_py.slim(p.read_text(encoding="utf-8")).encode()
    with tempfile.TemporaryDirectory() as tmp:
        std = Path(tmp) / "std.zip"
        trim_stdlib.trim(root / "vendor" / "pyodide" / "python_stdlib.zip", std)
        with zipfile.ZipFile(std) as z:
            for n in z.namelist():
                if n.endswith(".py") and module_of(n) in modules:
                    out[STDLIB + n] = z.read(n)
    return out


def write_boot(modules: list[str], path: Path = BOOT_FILE, root: Path = ROOT) -> None:
    """Record ``modules`` with each one's compile time, measured now under Node."""
    wanted = set(modules)
    times = _run_compiler(candidate_sources(wanted, root), timed=True)[1]
    by_module = {_module(n): ms for n, ms in times.items()}
    lines = [f"{m} {by_module[m]:.2f}" if m in by_module else m for m in sorted(wanted)]
    path.write_text(
        "# The modules a boot and a played hand import, ours and the stdlib's, each with the\n"
        "# ms it takes to compile (Node, the pinned Pyodide, best of 5), written by\n"
        "#   python3 tools/page_imports.py --write-boot\n"
        "# what tools/bytecode.py may ship compiled, the most ms per extra byte first. A module\n"
        "# missing here ships as source; one without a time is frozen into the runtime.\n"
        + "\n".join(lines) + "\n", encoding="utf-8")


def deflated(data: bytes) -> int:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return len(c.compress(data) + c.flush())


def _cache_dir(root: Path) -> Path:
    return root / "vendor" / ".bytecode"


def _run_compiler(sources: dict[str, bytes], timed: bool = False,
                  dev: bool = False) -> tuple[dict[str, bytes], dict[str, float]]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("tools/bytecode.py: Node is needed to compile with the pinned Pyodide "
                         "(it comes with npm: scripts/setup.sh)")
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        with zipfile.ZipFile(src, "w", zipfile.ZIP_STORED) as z:
            for name in sorted(sources):
                z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), sources[name])
        flag = ["--time"] if timed else ["--dev"] if dev else []
        run = subprocess.run([node, str(COMPILER), str(src), str(out)] + flag,
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"tools/compile_py.mjs failed:\n{run.stderr[-4000:]}")
        with zipfile.ZipFile(out) as z:
            pycs = {n.removesuffix("c"): z.read(n) for n in z.namelist()}
        times = json.loads((Path(tmp) / "out.json").read_text()) if timed else {}
    return pycs, times


def compile_all(sources: dict[str, bytes], root: Path = ROOT, dev: bool = False) -> dict[str, bytes]:
    """{path: source} -> {path: .pyc bytes}, compiled by the vendored Pyodide
    under Node (a frozen stdlib module gets none). Kept in vendor/.bytecode/ by
    the hash of the sources, the runtime and the compiler: a rebuild is instant.
    ``dev``: the dev server's kind (compile_py.mjs --dev, dev_archive)."""
    h = hashlib.sha256(b"dev" if dev else b"")
    for f in (root / "vendor" / "pyodide" / "pyodide.mjs", root / "vendor" / "pyodide" / "pyodide.asm.wasm", COMPILER):
        h.update(hashlib.sha256(f.read_bytes()).digest())
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + hashlib.sha256(sources[name]).digest())
    cached = _cache_dir(root) / (h.hexdigest()[:24] + ".zip")
    if not cached.is_file():
        pycs = _run_compiler(sources, dev=dev)[0]
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")  # two test workers may build at once
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as z:
            for name in sorted(pycs):
                z.writestr(zipfile.ZipInfo(name + "c", (1980, 1, 1, 0, 0, 0)), pycs[name])
        os.replace(tmp, cached)
    with zipfile.ZipFile(cached) as z:
        return {n.removesuffix("c"): z.read(n) for n in z.namelist()}


def work(source: bytes) -> int:
    """How much compiling a module costs, in proportion: its tokens (a long
    string is one token, as cheap to compile as a short one)."""
    skip = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)
    try:
        return sum(t.type not in skip for t in tokenize.tokenize(io.BytesIO(source).readline))
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return len(source) // 6


def _module(path: str) -> str:
    return module_of(path.removeprefix(OURS).removeprefix(STDLIB))


def room(first_visit: int, cap: int = FIRST_VISIT_CAP, margin: int = MARGIN) -> int:
    """The extra bytes bytecode may take when the first visit, all as source,
    is ``first_visit`` bytes: BUDGET, or what the cap leaves (never below 0)."""
    return max(0, min(BUDGET, cap - margin - first_visit))


def choose(sources: dict[str, bytes], compiled: dict[str, bytes], weights: dict[str, float],
           budget: int = BUDGET) -> set[str]:
    """The paths to ship compiled: the most compiling saved (``weights``' ms, or
    for a module measured since, its tokens at the measured ms per token) per
    extra byte first, while the extra bytes stay within ``budget``."""
    known = [(weights[_module(n)], work(sources[n])) for n in compiled if weights.get(_module(n), -1) > 0]
    per_token = sum(ms for ms, _ in known) / max(1, sum(t for _, t in known)) if known else 0.001
    gain = []
    for name, pyc in compiled.items():
        extra = deflated(pyc) - deflated(sources[name])
        ms = weights.get(_module(name), -1)
        if ms <= 0:
            ms = work(sources[name]) * per_token
        gain.append((-ms / max(extra, 1), name, extra))
    chosen, spent = set(), 0
    for _, name, extra in sorted(gain):
        if spent + extra <= budget:
            chosen.add(name)
            spent += max(extra, 0)
    return chosen


def _rewrite(path: Path, prefix: str, pycs: dict[str, bytes]) -> None:
    """``path`` with each chosen ``x.py`` replaced by its ``x.pyc``; order, dates
    and the zip comment kept."""
    tmp = path.with_name(path.name + ".tmp")
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            out = zipfile.ZipInfo(info.filename, info.date_time)
            out.external_attr = info.external_attr
            out.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            if prefix + info.filename in pycs:
                out.filename = info.filename + "c"
                data = pycs[prefix + info.filename]
            zout.writestr(out, data)
        zout.comment = zin.comment
    tmp.replace(path)


def apply(pysrc: Path, stdlib: Path | None, root: Path = ROOT, budget: int = BUDGET) -> dict[str, int]:
    """Ship the chosen modules of the site's two archives compiled (``stdlib``
    None: the runtime's as it is); returns {"ours": n, "stdlib": n, "extra": bytes}."""
    boot = boot_modules()
    sources: dict[str, bytes] = {}
    archives = [(pysrc, OURS)] + ([(stdlib, STDLIB)] if stdlib else [])
    for path, prefix in archives:
        with zipfile.ZipFile(path) as z:
            for n in z.namelist():
                if n.endswith(".py") and module_of(n) in boot:
                    sources[prefix + n] = z.read(n)
    compiled = compile_all(sources, root)
    chosen = choose(sources, compiled, boot, budget)
    pycs = {n: compiled[n] for n in chosen}
    for path, prefix in archives:
        _rewrite(path, prefix, pycs)
    extra = sum(deflated(compiled[n]) - deflated(sources[n]) for n in chosen)
    return {"ours": sum(n.startswith(OURS) for n in chosen),
            "stdlib": sum(n.startswith(STDLIB) for n in chosen), "extra": extra}


# The dev server's archives (scripts/serve.py): vendor/'s own, each module's
# bytecode beside its source. The browser tests boot a fresh Pyodide in every
# new browser context, with no compiled wasm kept: the first Python it runs is
# V8's baseline code, where compiling the boot's modules from source is most of
# the start (a dev-server boot, this machine: 7.2 s and 12 s of CPU to an
# interactive table; 3.6 s and 6.9 s with this; the stdlib's alone: 4.0 s).
# The site ships within its first visit's bytes instead (apply, above).
def _cache_tag(root: Path) -> str:
    """The runtime's sys.implementation.cache_tag ("cpython-314"), from its lock file."""
    info = json.loads((root / "vendor" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    major, minor = info["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def dev_archive(src: Path, prefix: str, unpacked: bool, root: Path = ROOT, out: Path | None = None) -> Path:
    """vendor/.dev/<src's name>: ``src`` with every module's bytecode beside
    its source (the source stays: tracebacks show their lines), made again
    when ``src`` is newer. ``prefix``: where the page's Python sees ``src``'s
    files (OURS, STDLIB); ``unpacked``: the archive is unpacked into files (our
    pysrc.zip), whose bytecode goes in __pycache__/, else it is imported as a
    zip (the stdlib), whose bytecode sits beside the source. Unchecked hash-based
    bytecode (compile_py.mjs --dev): an unpacked file's date is the unpacking's.
    ``out``: another place for the copy."""
    out = out or root / "vendor" / ".dev" / src.name
    if out.is_file() and out.stat().st_mtime >= src.stat().st_mtime:
        return out
    with zipfile.ZipFile(src) as z:
        infos = z.infolist()
        sources = {prefix + i.filename: z.read(i) for i in infos if i.filename.endswith(".py")}
        pycs = compile_all(sources, root, dev=True)
        tag = _cache_tag(root)
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(f".{os.getpid()}.tmp")  # two test workers may make it at once
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in infos:
                zout.writestr(info, z.read(info))
                pyc = pycs.get(prefix + info.filename)
                if pyc is None:
                    continue
                if unpacked:
                    folder, _, name = info.filename.rpartition("/")
                    where = (folder + "/" if folder else "") + f"__pycache__/{name[:-3]}.{tag}.pyc"
                else:
                    where = info.filename + "c"
                zout.writestr(zipfile.ZipInfo(where, info.date_time), pyc)
            zout.comment = z.comment
    os.replace(tmp, out)
    return out


def report(site: Path) -> str:
    rows = []
    for rel in ("vendor/pysrc.zip", "vendor/pyodide/python_stdlib.zip"):
        with zipfile.ZipFile(site / rel) as z:
            names = z.namelist()
        rows.append(f"{rel}: {sum(n.endswith('.pyc') for n in names)} modules as bytecode, "
                    f"{sum(n.endswith('.py') for n in names)} as source")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="tools/bytecode.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("site", type=Path, metavar="SITE", help="an assembled site (make site: site/)")
    site = ap.parse_args(argv).site
    if not (site / "vendor" / "pysrc.zip").is_file():
        ap.error(f"{site} is not an assembled site (no vendor/pysrc.zip; make site builds site/)")
    print(report(site))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
