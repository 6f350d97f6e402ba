"""Serve the site on 127.0.0.1 (stdlib only) and print its URL.

    python3 scripts/serve.py [PORT]      # default 8000, or a free port if taken

Correct MIME types for .mjs/.wasm/.webmanifest; vendor/pysrc.zip is re-packed
from phom/ and ui/ whenever a source is newer, so a reload picks up edits.
The browser tests import ``start`` from here.

index.html is sent with the PyScript config, pyscript.toml, inline as JSON
(tools/page_config.py), as the site build writes it: made again whenever
either file is newer, in vendor/.dev/.

The two Python archives, vendor/pysrc.zip and the stdlib's, are served with
each module's bytecode beside its source (tools/bytecode.py dev_archive, made
by the pinned runtime under Node and kept in vendor/.dev/): a dev-server boot
then compiles none of its imports, which halves it (the browser tests boot a
fresh Pyodide in every new context). Tracebacks still show the source lines.
Where that cannot be made (no Node), the archives are served as they are.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import socket
import sys
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import pack_py  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
import bytecode  # noqa: E402
import page_config  # noqa: E402

# request path -> (vendor/'s archive, where the page's Python sees it, unpacked into files)
ARCHIVES = {
    "/vendor/pysrc.zip": (pack_py.OUT, bytecode.OURS, True),
    "/vendor/pyodide/python_stdlib.zip": (ROOT / "vendor" / "pyodide" / "python_stdlib.zip", bytecode.STDLIB, False),
}
_lock = threading.Lock()
_failed: list[str] = []


def archive(path: str) -> Path | None:
    """The file to send for the archive at request ``path`` (a key of ARCHIVES):
    vendor/.dev/'s copy with bytecode, or None to send vendor/'s own (the copy
    could not be made: said once on stderr)."""
    src, prefix, unpacked = ARCHIVES[path]
    with _lock:
        if src == pack_py.OUT:
            try:
                pack_py.pack_if_stale()
            except OSError as e:  # pragma: no cover - sent as it was
                print(f"serve: pack failed: {e}", file=sys.stderr)
        if _failed:
            return None
        try:
            return bytecode.dev_archive(src, prefix, unpacked)
        except (OSError, SystemExit, zipfile.BadZipFile) as e:
            _failed.append(str(e))
            print(f"serve: the archives go without bytecode (boots are slower): {e}", file=sys.stderr)
            return None

PAGE = ROOT / "vendor" / ".dev" / "index.html"


def page() -> Path:
    """index.html with its PyScript config inline (tools/page_config.py), made
    again when index.html or pyscript.toml is newer than the copy sent."""
    with _lock:
        made = PAGE.stat().st_mtime_ns if PAGE.is_file() else -1
        if any((ROOT / f).stat().st_mtime_ns >= made for f in (page_config.PAGE, page_config.CONFIG)):
            PAGE.parent.mkdir(parents=True, exist_ok=True)
            tmp = PAGE.with_suffix(".tmp")
            tmp.write_text(page_config.page(ROOT), encoding="utf-8")
            tmp.replace(PAGE)
    return PAGE


MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".toml": "text/plain",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    quiet = True

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path):
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if bare in ("/", "/index.html") and Path(self.directory).resolve() == ROOT:
            return str(page())
        if bare in ARCHIVES:
            made = archive(bare)
            if made is not None:
                return str(made)
        return super().translate_path(path)

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def start(port: int = 0, root: Path = ROOT):
    """Start serving ``root`` in a daemon thread; return (server, url). The
    archives with bytecode are made first (the first time ~15 s)."""
    for path in ARCHIVES:
        archive(path)
    handler = functools.partial(Handler, directory=str(root))
    srv = Server(("127.0.0.1", port), handler)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/"


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535 (0: any free one), got {port}")
    return port


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line (without the program's name); --help prints the usage and
    exits 0, a bad argument exits 2 with the reason (argparse)."""
    ap = argparse.ArgumentParser(
        prog="scripts/serve.py", description=__doc__.split("\n\n")[0],
        epilog="make play runs this with the project's .venv/.")
    ap.add_argument("port", nargs="?", type=_port, default=8000, metavar="PORT",
                    help="the port to serve on (default 8000; a free one if it is taken)")
    return ap.parse_args(argv)


def main(argv: list[str]) -> None:
    port = parse_args(argv[1:]).port
    if not _port_free(port):
        port = 0
    pack_py.pack_if_stale()
    Handler.quiet = False
    if not (ROOT / "vendor" / ".dev").is_dir():
        print("Compiling the Python archives' bytecode for the dev server (once, ~15 s)...", flush=True)
    srv, url = start(port)
    print(f"Phỏm is being served at {url}  (Ctrl+C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        srv.shutdown()


if __name__ == "__main__":
    main(sys.argv)
