"""Serve the game from this checkout (stdlib only) and print its URL.

    .venv/bin/python scripts/serve.py [--host HOST] [PORT]     # make play [PORT=8001] [HOST=0.0.0.0]

PORT is 8000 unless given. A port already taken is refused with what to do,
never swapped for another: the browser keeps the saved match and the
statistics per origin (scheme, host and port), so a page served on another
port would seem to have lost them. HOST is 127.0.0.1 (this computer only);
0.0.0.0 lets a phone on the same Wi-Fi open it, at the LAN address printed.
Such an address over plain http is not a secure context (LAN_NOTE says what
works there); dotted paths (.git/, .venv/) are never served to it.

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
import errno
import functools
import http.server
import socket
import sys
import threading
import urllib.parse
import urllib.request
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


class LanHandler(Handler):
    """For a server other devices can reach: the checkout's dotted folders and
    files (.git/, .venv/, .env) are not the game's and are never sent."""

    def send_head(self):
        bare = self.path.split("?", 1)[0].split("#", 1)[0]
        if any(part.startswith(".") for part in urllib.parse.unquote(bare).split("/")):
            self.send_error(404, "Not served")
            return None
        return super().send_head()


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def loopback(host: str) -> bool:
    return host == "localhost" or host.startswith("127.")


def start(port: int = 0, root: Path = ROOT, host: str = "127.0.0.1"):
    """Start serving ``root`` on ``host`` in a daemon thread; return (server,
    url): the URL this computer opens (127.0.0.1's for 0.0.0.0). The archives
    with bytecode are made first (the first time ~15 s)."""
    for path in ARCHIVES:
        archive(path)
    handler = functools.partial(Handler if loopback(host) else LanHandler, directory=str(root))
    srv = Server((host, port), handler)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    shown = "127.0.0.1" if host == "0.0.0.0" else host
    return srv, f"http://{shown}:{srv.server_address[1]}/"


def _bind_error(port: int, host: str = "127.0.0.1") -> OSError | None:
    """Why ``port`` cannot be served on ``host``, or None: bound as the server
    binds it (SO_REUSEADDR), so a port in use by a listener is taken, one left
    in TIME_WAIT by a server just stopped is not."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            return e
    return None


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, read from its network
    interfaces (Linux's SIOCGIFADDR; nothing is sent anywhere)."""
    import fcntl
    import struct

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            try:
                raw = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))  # SIOCGIFADDR
            except OSError:
                continue  # no IPv4 address on it
            addr = socket.inet_ntoa(raw[20:24])
            if not addr.startswith("127.") and addr not in found:
                found.append(addr)
    return found


def ours_at(port: int) -> bool:
    """Whether what listens on 127.0.0.1:``port`` is this game already (a
    make play left running)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as res:
            return "<title>Phỏm" in res.read(20000).decode("utf-8", "replace")
    except (OSError, ValueError):
        return False


def refusal(port: int, host: str, error: OSError) -> str:
    """What to say when ``port`` cannot be served on ``host``: a port taken is
    never swapped for another by itself."""
    if error.errno != errno.EADDRINUSE:
        lan = ", ".join(lan_addresses()) or "none"
        return (f"serve: cannot listen on {host}:{port}: {error.strerror or error}.\n"
                f"HOST is an address of this machine (its LAN addresses: {lan}), 127.0.0.1 or 0.0.0.0.")
    url = f"http://{'127.0.0.1' if host == '0.0.0.0' else host}:{port}/"
    if (loopback(host) or host == "0.0.0.0") and ours_at(port):
        first = (f"serve: Phỏm is already being served at {url} (a make play still running):\n"
                 f"open that page, or stop that server (Ctrl+C where it runs) and run make play again.")
    else:
        first = (f"serve: port {port} is taken on {host} by another program "
                 f"(`ss -ltnp 'sport = :{port}'` names it):\nstop it and run make play again.")
    return (f"{first}\n"
            f"Or serve on another port: make play PORT={port + 1} -- but a page on another port is\n"
            f"another origin to the browser: the match saved and the statistics kept at\n"
            f"{url} are not shown there (they are still there on port {port}).")


# What a phone gets from a LAN address over plain http (checked in a browser:
# tests/browser/test_lan.py).
LAN_NOTE = """\
Over plain http a LAN address is not a secure context in the phone's browser:
  works:   the game, the bots, hints, review, statistics, saving the match, pass-and-play,
           and linking phones on the same Wi-Fi by the text codes;
  does not: internet play (it needs crypto.subtle), installing the page and playing
           offline (no service worker), the quick return visit (no memory snapshot),
           the camera for QR codes, and the guard against playing in two tabs at once.
  Everything works on the https site (GitHub Pages) and at http://127.0.0.1 on this computer.
A phone's saved match and statistics belong to this address; the Pages site keeps its own."""


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535 (0: any free one), got {port}")
    return port


def _host(text: str) -> str:
    try:
        socket.inet_aton(text)
    except OSError:
        if text != "localhost":
            raise argparse.ArgumentTypeError(
                f"not an IPv4 address: {text!r} (127.0.0.1: this computer; 0.0.0.0: the LAN too)") from None
    return "127.0.0.1" if text == "localhost" else text


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line (without the program's name); --help prints the usage and
    exits 0, a bad argument exits 2 with the reason (argparse)."""
    ap = argparse.ArgumentParser(
        prog="scripts/serve.py", description=__doc__.split("\n\n")[0],
        epilog="make play runs this with the project's .venv/ (make play PORT=8001 HOST=0.0.0.0).")
    ap.add_argument("--host", type=_host, default="127.0.0.1",
                    help="the IPv4 address to listen on (default 127.0.0.1, this computer only; "
                         "0.0.0.0: phones on the same Wi-Fi too, at the LAN address printed)")
    ap.add_argument("port", nargs="?", type=_port, default=8000, metavar="PORT",
                    help="the port to serve on (default 8000; one taken is refused, never swapped; "
                         "0: any free one)")
    return ap.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse_args(argv[1:])
    port, host = args.port, args.host
    error = _bind_error(port, host)
    if error is not None:
        print(refusal(port, host, error), file=sys.stderr)
        raise SystemExit(1)
    pack_py.pack_if_stale()
    Handler.quiet = False
    if not (ROOT / "vendor" / ".dev").is_dir():
        print("Compiling the Python archives' bytecode for the dev server (once, ~15 s)...", flush=True)
    try:
        srv, url = start(port, host=host)
    except OSError as e:  # taken in the meantime
        print(refusal(port, host, e), file=sys.stderr)
        raise SystemExit(1) from None
    print(f"Phỏm is being served at {url}  (Ctrl+C to stop)", flush=True)
    if not loopback(host):
        lan = lan_addresses() if host == "0.0.0.0" else [host]
        port = srv.server_address[1]
        if lan:
            print("On a phone on the same Wi-Fi, open " + " or ".join(f"http://{a}:{port}/" for a in lan), flush=True)
        else:
            print("This machine has no LAN address (no network interface with an IPv4 address).", flush=True)
        print(LAN_NOTE, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        srv.shutdown()


if __name__ == "__main__":
    main(sys.argv)
