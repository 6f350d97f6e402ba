"""The dev server's archives (scripts/serve.py, tools/bytecode.py dev_archive):
each module's bytecode beside its source, so that a dev-server boot, as every
browser test's, compiles none of its imports, and a traceback still shows the
source's lines."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "tools", ROOT / "scripts", ROOT / "tests" / "browser"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import bytecode  # noqa: E402
from needs import ensure_runtime, missing  # noqa: E402

MOD = 'def boom():\n    raise ValueError("from the source")  # the line a traceback shows\n'

# Under Node, the pinned runtime: our layout unpacked into the home folder and the
# stdlib's as an imported zip, with Python's compiling from source made to fail.
PROBE = r"""
import { loadPyodide } from "%(pyodide)s";
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%(index)s", env: { HOME: "/home/pyodide" } });
py.FS.writeFile("/tmp/zipped.zip", readFileSync("%(zipped)s"));
py.unpackArchive(new Uint8Array(readFileSync("%(unpacked)s")), "zip", { extractDir: "/home/pyodide" });
console.log(py.runPython(`
import importlib._bootstrap_external as be, json, os, sys, traceback, zipimport
os.chdir("/home/pyodide")
sys.path[:0] = ["/home/pyodide", "/tmp/zipped.zip"]
def no(*a, **k):
    raise AssertionError("compiled from source")
be.SourceLoader.source_to_code = no
zipimport._compile_source = no
out = {}
for name in ("pkg.mod", "zmod"):
    mod = __import__(name, fromlist=["boom"])
    try:
        mod.boom()
    except ValueError:
        out[name] = traceback.format_exc()
json.dumps(out)
`));
"""


def _zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), text)
    return path


def test_bytecode_sits_beside_the_source_and_is_imported_without_compiling(tmp_path):
    ensure_runtime()
    node = shutil.which("node")
    if node is None:
        missing("Node is needed to compile with the pinned runtime (scripts/setup.sh installs it)")
    ours = _zip(tmp_path / "ours.zip", {"pkg/__init__.py": "", "pkg/mod.py": MOD})
    std = _zip(tmp_path / "std.zip", {"zmod.py": MOD, "data.txt": "not Python"})
    unpacked = bytecode.dev_archive(ours, bytecode.OURS, True, out=tmp_path / "dev" / "ours.zip")
    zipped = bytecode.dev_archive(std, bytecode.STDLIB, False, out=tmp_path / "dev" / "std.zip")
    tag = bytecode._cache_tag(ROOT)
    with zipfile.ZipFile(unpacked) as z:
        assert sorted(z.namelist()) == sorted(["pkg/__init__.py", "pkg/mod.py", f"pkg/__pycache__/__init__.{tag}.pyc",
                                               f"pkg/__pycache__/mod.{tag}.pyc"])
        assert z.read("pkg/mod.py").decode() == MOD
        assert int.from_bytes(z.read(f"pkg/__pycache__/mod.{tag}.pyc")[4:8], "little") == 1  # hash-based, unchecked
    with zipfile.ZipFile(zipped) as z:
        assert sorted(z.namelist()) == ["data.txt", "zmod.py", "zmod.pyc"]
    # made again only when its source is newer
    before = unpacked.stat().st_mtime_ns
    assert bytecode.dev_archive(ours, bytecode.OURS, True, out=unpacked).stat().st_mtime_ns == before

    script = tmp_path / "probe.mjs"
    index = ROOT / "vendor" / "pyodide"
    script.write_text(PROBE % {"pyodide": (index / "pyodide.mjs").as_posix(), "index": index.as_posix() + "/",
                               "zipped": zipped.as_posix(), "unpacked": unpacked.as_posix()})
    run = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    tracebacks = json.loads(run.stdout.strip().splitlines()[-1])
    # named by the path the page's Python sees (bytecode.OURS, STDLIB), the line read from the source
    for name, where in (("pkg.mod", '"/home/pyodide/pkg/mod.py", line 2'), ("zmod", '"/lib/python314.zip/zmod.py", line 2')):
        assert where in tracebacks[name], tracebacks[name]
        assert 'raise ValueError("from the source")' in tracebacks[name], tracebacks[name]


def test_the_dev_server_sends_the_archives_with_bytecode():
    ensure_runtime()
    if shutil.which("node") is None:
        missing("Node is needed to compile with the pinned runtime (scripts/setup.sh installs it)")
    import pack_py
    import serve

    srv, url = serve.start(0)
    try:
        got = {}
        for path in serve.ARCHIVES:
            with urllib.request.urlopen(url + path.lstrip("/")) as res:
                got[path] = zipfile.ZipFile(io.BytesIO(res.read())).namelist()
    finally:
        srv.shutdown()
    tag = bytecode._cache_tag(ROOT)
    ours = set(got["/vendor/pysrc.zip"])
    for p in pack_py.sources():
        rel = p.relative_to(ROOT).as_posix()
        folder, _, name = rel.rpartition("/")
        assert rel in ours and f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc" in ours, rel
    std = set(got["/vendor/pyodide/python_stdlib.zip"])
    assert {"json/__init__.py", "json/__init__.pyc", "random.py", "random.pyc"} <= std
    with zipfile.ZipFile(ROOT / "vendor" / "pyodide" / "python_stdlib.zip") as z:
        assert not any(n.endswith(".pyc") for n in z.namelist()), "vendor/'s own stdlib, as the site takes it"


def test_without_node_the_archives_go_as_they_are(monkeypatch, tmp_path, capsys):
    """No Node to compile with: the server says so once and sends vendor/'s archives."""
    ensure_runtime()
    import serve

    src = _zip(tmp_path / "never-compiled.zip", {"m.py": MOD + "# " + str(tmp_path) + "\n"})
    monkeypatch.setattr(serve, "_failed", [])
    monkeypatch.setattr(serve, "ARCHIVES", {"/a.zip": (src, bytecode.OURS, True), "/b.zip": (src, bytecode.STDLIB, False)})
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    assert serve.archive("/a.zip") is None and serve.archive("/b.zip") is None
    assert capsys.readouterr().err.count("without bytecode") == 1
    assert not (ROOT / "vendor" / ".dev" / src.name).exists()


def _serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "serve.py"), *args],
                          capture_output=True, text=True, timeout=60)


def test_help_prints_the_usage_and_serves_nothing():
    run = _serve("--help")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("usage: scripts/serve.py [-h] [PORT]"), run.stdout
    assert "default 8000" in run.stdout and "Traceback" not in run.stdout + run.stderr
    assert "served at" not in run.stdout


def test_a_bad_argument_is_refused_with_the_reason():
    for args, reason in ((["eighty"], "not a port number: 'eighty'"),
                         (["70000"], "a port is 0..65535"),
                         (["8000", "8001"], "unrecognized arguments: 8001"),
                         (["--port", "8000"], "unrecognized arguments: --port")):
        run = _serve(*args)
        assert run.returncode == 2, (args, run.stdout, run.stderr)
        assert reason in run.stderr and "usage: scripts/serve.py" in run.stderr, (args, run.stderr)
        assert "Traceback" not in run.stderr and "served at" not in run.stdout, (args, run.stderr)


def test_the_dev_server_sends_the_page_with_pyscript_toml_inline():
    """As the site build writes it (tools/page_config.py): the config JSON made
    from pyscript.toml, at ./ and ./index.html alike, a query or not."""
    import html as html_
    import re
    import tomllib

    ensure_runtime()
    import serve

    toml = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    srv, url = serve.start(0)
    try:
        for path in ("", "index.html", "?new=1&seed=7"):
            with urllib.request.urlopen(url + path) as res:
                assert res.headers["Content-Type"].startswith("text/html")
                page = res.read().decode("utf-8")
            (config,) = re.findall(r"<script type=\"py\" config='([^']*)'>", page)
            assert json.loads(html_.unescape(config)) == toml
            (mpy,) = re.findall(r"<mpy-config hidden>(.*?)</mpy-config>", page, re.S)
            assert json.loads(html_.unescape(mpy)) == {"plugins": toml["plugins"]}
            assert '"./pyscript.toml"' not in page  # nothing left that names it
    finally:
        srv.shutdown()
