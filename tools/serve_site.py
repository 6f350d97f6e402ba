"""Serve an assembled site (tools/build_site.py) the way GitHub Pages does.

    python3 tools/serve_site.py [SITE_DIR] [--prefix /phom/] [--port 8000]

Stdlib only, on 127.0.0.1. Like Pages: the site lives under a sub-path
(/<repo>/, default /phom/; "/" for a user site), the bare sub-path redirects to
it with a slash, a directory serves its index.html, text and WebAssembly go out
gzip-compressed when the browser accepts it, with ETag and a short
Cache-Control max-age; anything outside the prefix is a 404. The browser tests
(SITE_DIR) and bench/bench_load.py use ``start``.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".toml", ".svg", ".wasm", ".txt"}


@functools.lru_cache(maxsize=256)
def _load(path: str, mtime_ns: int, size: int) -> tuple[bytes, bytes | None, str]:
    data = Path(path).read_bytes()
    gz = gzip.compress(data, 6, mtime=0) if Path(path).suffix in COMPRESSIBLE else None
    etag = '"' + hashlib.sha1(data).hexdigest()[:20] + '"'
    return data, gz, etag


def gzip_size(path: Path) -> int:
    """Bytes on the wire from Pages: gzip-compressed where it compresses."""
    data, gz, _ = _load(str(path), path.stat().st_mtime_ns, path.stat().st_size)
    return len(gz) if gz is not None else len(data)


class Link:
    """A shared network link for the benchmark: ``mbps`` for all requests
    together, and ``latency_ms`` before each response (first byte)."""

    def __init__(self, mbps: float, latency_ms: float = 20.0) -> None:
        self.rate = mbps * 1e6 / 8
        self.latency = latency_ms / 1000
        self.lock = threading.Lock()
        self.free_at = time.monotonic()

    def write(self, wfile, body: bytes) -> None:
        for i in range(0, len(body), 16384):
            chunk = body[i:i + 16384]
            with self.lock:
                now = time.monotonic()
                self.free_at = max(now, self.free_at) + len(chunk) / self.rate
                wait = self.free_at - now
            time.sleep(wait)
            wfile.write(chunk)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    site: Path = ROOT / "site"
    prefix = "/phom/"
    max_age = 600
    quiet = True
    offline = False  # tests: answer every request with an error, like a dead network
    log: list | None = None  # when a list: (path, status, body bytes sent, time) per request
    link: Link | None = None  # the benchmark's slow network, if any
    cut: frozenset = frozenset()  # tests: paths (under the prefix) whose body breaks off half-way
    swap: dict = {}  # tests: path (under the prefix) -> the bytes sent for it instead of the file's
    slow: dict = {}  # tests: path (under the prefix) -> a Link of its own for its body

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)

    def _send(self, code: int, body: bytes = b"", headers: dict | None = None, head: bool = False,
              link: Link | None = None):
        if self.log is not None:
            self.log.append((self.path, code, 0 if head else len(body), time.time()))
        link = link or self.link
        if link is not None:
            time.sleep(link.latency)
        self.send_response(code)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and not head:
            if link is not None:
                link.write(self.wfile, body)
            else:
                self.wfile.write(body)

    def do_HEAD(self):
        self.do_GET(head=True)

    def do_GET(self, head: bool = False):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.offline:
            return self._send(503, b"offline", {"Content-Type": "text/plain"}, head)
        if path + "/" == self.prefix:
            q = self.path[len(path):]
            return self._send(301, b"", {"Location": self.prefix + q}, head)
        if not path.startswith(self.prefix):
            return self._send(404, b"not found", {"Content-Type": "text/plain"}, head)
        rel = path[len(self.prefix):]
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        from urllib.parse import unquote

        f = (self.site / unquote(rel)).resolve()
        if not f.is_relative_to(self.site.resolve()) or not f.is_file():
            return self._send(404, b"not found", {"Content-Type": "text/plain"}, head)
        st = f.stat()
        data, gz, etag = _load(str(f), st.st_mtime_ns, st.st_size)
        if rel in self.swap:
            data, gz = self.swap[rel], None
            etag = '"swap-' + hashlib.sha256(data).hexdigest()[:16] + '"'

        hdrs = {
            "Content-Type": MIME.get(f.suffix, "application/octet-stream"),
            "Cache-Control": f"max-age={self.max_age}",
            "ETag": etag,
            "Vary": "Accept-Encoding",
        }
        if self.headers.get("If-None-Match") == etag:
            return self._send(304, b"", {k: hdrs[k] for k in ("Cache-Control", "ETag")}, head)
        body = data
        if gz is not None and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            body = gz
            hdrs["Content-Encoding"] = "gzip"
        if rel in self.cut and not head:
            return self._send_cut(body, hdrs)
        return self._send(200, body, hdrs, head, self.slow.get(rel))

    def _send_cut(self, body: bytes, headers: dict) -> None:
        """A download that fails half-way: the full length promised, half sent, closed."""
        if self.log is not None:
            self.log.append((self.path, 200, len(body) // 2, time.time()))
        self.send_response(200)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[: len(body) // 2])
        self.wfile.flush()
        self.close_connection = True
        import socket

        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def start(site: Path, prefix: str = "/phom/", port: int = 0, max_age: int = 600):
    """Serve ``site`` under ``prefix`` in a daemon thread; return (server, url).

    ``server.handler`` is the handler class: set ``offline = True`` on it to
    make the server answer like a dead network."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/'")
    handler = type("SiteHandler", (Handler,), {"site": Path(site), "prefix": prefix, "max_age": max_age})
    srv = Server(("127.0.0.1", port), handler)
    srv.handler = handler
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}{prefix}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    ap.add_argument("--prefix", default="/phom/")
    ap.add_argument("--port", type=int, default=8000)
    a = ap.parse_args(argv)
    if not (a.site / "index.html").is_file():
        print(f"{a.site} has no index.html: run `make site` first", file=sys.stderr)
        return 1
    srv, url = start(a.site, a.prefix, a.port)
    srv.handler.quiet = False
    print(f"site {a.site} served at {url}  (Ctrl+C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        srv.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
