"""The dev server's archives (scripts/serve.py, tools/bytecode.py dev_archive):
each module's bytecode beside its source, so that a dev-server boot, as every
browser test's, compiles none of its imports, and a traceback still shows the
source's lines."""

from __future__ import annotations

import io
import json
import re
import shutil
import socket
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

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
    assert run.stdout.startswith("usage: scripts/serve.py [-h] [--host HOST] [PORT]"), run.stdout
    assert "default 8000" in run.stdout and "Traceback" not in run.stdout + run.stderr
    assert "served at" not in run.stdout


def test_a_bad_argument_is_refused_with_the_reason():
    for args, reason in ((["eighty"], "not a port number: 'eighty'"),
                         (["70000"], "a port is 0..65535"),
                         (["8000", "8001"], "unrecognized arguments: 8001"),
                         (["--port", "8000"], "unrecognized arguments: --port"),
                         (["--host", "my-laptop"], "not an IPv4 address: 'my-laptop'")):
        run = _serve(*args)
        assert run.returncode == 2, (args, run.stdout, run.stderr)
        assert reason in run.stderr and "usage: scripts/serve.py" in run.stderr, (args, run.stderr)
        assert "Traceback" not in run.stderr and "served at" not in run.stdout, (args, run.stderr)


def test_the_dev_server_sends_the_page_with_pyscript_toml_inline():
    """As the site build writes it (tools/page_config.py): the config JSON made
    from pyscript.toml, at ./ and ./index.html alike, a query or not."""
    import html as html_
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


def _listening() -> socket.socket:
    """Another program holding a port on 127.0.0.1."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    return s


def test_a_taken_port_is_refused_never_swapped():
    """Another port would be another origin: the saved match and statistics
    would seem gone. So a taken port is refused, with what to do."""
    with _listening() as other:
        port = other.getsockname()[1]
        run = _serve(str(port))
    assert run.returncode == 1, (run.stdout, run.stderr)
    assert "served at" not in run.stdout, run.stdout
    assert f"port {port} is taken on 127.0.0.1 by another program" in run.stderr, run.stderr
    assert f"make play PORT={port + 1}" in run.stderr and "another origin" in run.stderr, run.stderr
    assert "statistics" in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_a_port_taken_by_the_game_itself_says_where_it_is():
    ensure_runtime()
    import serve

    srv, url = serve.start(0)
    try:
        run = _serve(str(srv.server_address[1]))
        lan = _serve("--host", "0.0.0.0", str(srv.server_address[1]))  # 0.0.0.0 overlaps 127.0.0.1
    finally:
        srv.shutdown()
        srv.server_close()
    for r in (run, lan):
        assert r.returncode == 1, (r.stdout, r.stderr)
        assert f"Phỏm is already being served at {url}" in r.stderr, r.stderr


def test_an_address_this_machine_has_not_is_refused():
    run = _serve("--host", "192.0.2.254", "0")  # TEST-NET-1: nothing is sent to it
    if "served at" in run.stdout:  # pragma: no cover - a machine that has it
        pytest.skip("this machine has 192.0.2.254")
    assert run.returncode == 1 and "cannot listen on 192.0.2.254:0" in run.stderr, run.stderr
    assert "HOST is an address of this machine" in run.stderr, run.stderr


def _ip_addresses() -> list[str]:
    """The machine's non-loopback IPv4 addresses as iproute2 lists them."""
    ip = shutil.which("ip") or shutil.which("ip", path="/usr/sbin:/sbin")
    if ip is None:
        missing("ip (iproute2) lists the machine's addresses (make test installs it)")
    out = subprocess.run([ip, "-4", "-o", "addr", "show"], capture_output=True, text=True, check=True).stdout
    found = []
    for m in re.finditer(r"\binet (\d+\.\d+\.\d+\.\d+)/", out):
        if not m.group(1).startswith("127.") and m.group(1) not in found:
            found.append(m.group(1))
    return found


def test_host_0000_prints_the_lan_address_and_what_an_insecure_page_lacks():
    """make play HOST=0.0.0.0: served to the LAN, at the addresses the machine
    has (as iproute2 lists them), with the secure-context limit said plainly;
    the checkout's dotted folders are not served to it."""
    ensure_runtime()
    proc = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "serve.py"), "--host", "0.0.0.0", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = [proc.stdout.readline() for _ in range(2)]
        m = re.search(r"served at (http://127\.0\.0\.1:(\d+)/)", lines[0])
        assert m, lines
        url, port = m.group(1), m.group(2)
        listed = _ip_addresses()  # every address; an interface's primary ones are what is printed
        if listed:
            assert lines[1].startswith("On a phone on the same Wi-Fi, open http://"), lines
            lan = re.findall(r"http://([\d.]+):(\d+)/", lines[1])
            assert lan and {p for _, p in lan} == {port} and {a for a, _ in lan} <= set(listed), (lines, listed)
            lan = [a for a, _ in lan]
        else:
            assert "no LAN address" in lines[1], lines
            lan = []
        note = "".join(proc.stdout.readline() for _ in range(8))
        assert note.startswith("Over plain http a LAN address is not a secure context"), note
        assert "internet play" in note and "service worker" in note and "works:" in note, note
        for target in [url] + [f"http://{a}:{port}/" for a in lan[:1]]:  # the LAN address: this machine's own
            with urllib.request.urlopen(target, timeout=30) as res:
                assert "<title>Phỏm" in res.read().decode("utf-8")
        for dotted in (".git/HEAD", ".venv/pyvenv.cfg", "%2Egit/HEAD", "vendor/../.git/config"):
            try:
                urllib.request.urlopen(url + dotted, timeout=30)
                raise AssertionError(f"{dotted} was served to the LAN")
            except urllib.error.HTTPError as e:
                assert e.code == 404, (dotted, e.code)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
