"""Serve the site on 127.0.0.1 (stdlib only) and print its URL.

    python3 scripts/serve.py [PORT]      # default 8000, or a free port if taken

Correct MIME types for .mjs/.wasm/.webmanifest; vendor/pysrc.zip is re-packed
from phom/ and ui/ whenever a source is newer, so a reload picks up edits.
The browser tests import ``start`` from here.
"""

from __future__ import annotations

import functools
import http.server
import socket
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import pack_py  # noqa: E402

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

    def do_GET(self):
        if self.path.split("?", 1)[0].endswith("/vendor/pysrc.zip"):
            try:
                pack_py.pack_if_stale()
            except OSError as e:  # pragma: no cover
                self.log_error("pack failed: %s", e)
        super().do_GET()

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def start(port: int = 0, root: Path = ROOT):
    """Start serving ``root`` in a daemon thread; return (server, url)."""
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


def main(argv: list[str]) -> None:
    port = int(argv[1]) if len(argv) > 1 else 8000
    if not _port_free(port):
        port = 0
    pack_py.pack_if_stale()
    Handler.quiet = False
    srv, url = start(port)
    print(f"Phỏm is being served at {url}  (Ctrl+C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        srv.shutdown()


if __name__ == "__main__":
    main(sys.argv)
