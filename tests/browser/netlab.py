"""A lab of phones on different networks, on this machine (issue 39): network
namespaces joined by veth pairs, nothing reaching outside them.

    pub        a bridge on 203.0.113.1/24 (TEST-NET-3): the page and the Nostr relay on one
               origin (netlab_relay.mjs in front of scripts/serve.py), coturn as STUN and TURN
    r<i>       a home router per phone: "wan" on the bridge (203.0.113.<10+i>), "lan" 10.<i>.0.1,
               nftables masquerade; like a real home router it drops what comes in unasked
               (``iifname "wan" ct state new drop``), and ``symmetric`` routers map each
               destination to a new port (``masquerade fully-random``, iptables' --random-fully)
    c<i>       the phone: 10.<i>.0.2, its default route the router; Chromium runs here

Why the drop matters: Linux answers an unasked packet to the router's own address with
ICMP port-unreachable and keeps a conntrack entry for it; when the phone then sends to
that peer, masquerade must pick another port, and the mapping STUN reported is wrong, so
two such NATs never meet with STUN alone. Home routers drop such packets; so does this one,
and STUN alone connects (tests/browser/test_netlab.py).

Everything is named with this process's prefix and removed by ``close()`` (each
namespace, each process), also after a failure. Needs root, ``ip``, ``nft``,
``turnserver`` and ``node``; under CI a missing one fails (needs.missing). Each is run by its
full path (``tool``), found in /usr/sbin and /sbin too: a CI's PATH (/usr/local/bin:/usr/bin:/bin)
may leave those out, and ``ip netns exec`` looks up the command it runs in the same PATH."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from needs import missing
from table_driver import wait_for

ROOT = Path(__file__).resolve().parents[2]
PUB_IP = "203.0.113.1"
PORT = 8080
ORIGIN = f"http://{PUB_IP}:{PORT}"
TURN_USER, TURN_PASS = "phom", "lab-secret"
NOSTR_RELAY_PORT = 7447
CHROMIUM = os.environ.get("PHOM_CHROMIUM", "/usr/bin/chromium")


SBIN = "/usr/local/sbin:/usr/sbin:/sbin"


def tool(name: str) -> str:
    """``name``'s full path: on PATH, else in the system directories PATH may lack; the
    name itself when nowhere (the run then fails saying which)."""
    return shutil.which(name) or shutil.which(name, path=SBIN) or name


def _run(*cmd: str, ns: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    full = ([tool("ip"), "netns", "exec", ns] if ns else []) + [tool(cmd[0]), *cmd[1:]]
    return subprocess.run(full, check=check, capture_output=True, text=True)


def check_tools() -> None:
    if os.geteuid() != 0:
        missing("the NAT lab needs root (network namespaces)")
    for name, pkg in (("ip", "iproute2"), ("nft", "nftables"), ("turnserver", "coturn"), ("node", "nodejs")):
        if tool(name) == name:
            missing(f"the NAT lab needs {name} (apt-get install {pkg}; scripts/test-deps.sh)")
    if not (ROOT / "node_modules" / "ws").is_dir():
        missing("the NAT lab's relay needs the ws package (npm ci)")
    if not (ROOT / "vendor" / "trystero" / "trystero.mjs").is_file():
        missing("vendor/trystero/ is not built (scripts/setup.sh)")


class Lab:
    def __init__(self, symmetric: tuple[int, ...] = (), third_party: bool = False) -> None:
        check_tools()
        self.prefix = f"pl{os.getpid() % 100000}"
        self.namespaces: list[str] = []
        self.procs: list[subprocess.Popen] = []
        self.tmp = Path(tempfile.mkdtemp(prefix="phom-netlab-"))
        self.phones = 0
        self.symmetric = set(symmetric)
        self.relay: subprocess.Popen | None = None
        self.third_party = third_party
        try:
            self._public()
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------ topology
    def _ns(self, name: str) -> str:
        ns = f"{self.prefix}{name}"
        _run("ip", "netns", "add", ns)
        self.namespaces.append(ns)
        _run("ip", "-n", ns, "link", "set", "lo", "up")
        return ns

    def _public(self) -> None:
        self.pub = pub = self._ns("pub")
        _run("ip", "-n", pub, "link", "add", "br0", "type", "bridge")
        _run("ip", "-n", pub, "addr", "add", f"{PUB_IP}/24", "dev", "br0")
        _run("ip", "-n", pub, "link", "set", "br0", "up")
        # A public server has a default route: what it sends to a private address (a phone's
        # host candidate, which a TURN server is asked to try) goes out and is lost. Without
        # one, coturn's send fails (ENETUNREACH) and it closes the whole allocation: relayed
        # links came up in about half the runs, or came up and then dropped.
        # (here: a gateway that is nobody, its address fixed so no ARP question is left unanswered)
        _run("ip", "-n", pub, "neigh", "add", "203.0.113.254", "lladdr", "02:00:00:00:00:fe", "dev", "br0",
             "nud", "permanent")
        _run("ip", "-n", pub, "route", "add", "default", "via", "203.0.113.254", "dev", "br0")
        # the page (scripts/serve.py on the namespace's own loopback) behind the relay's origin
        up = 8000
        self._spawn("serve", [sys.executable, str(ROOT / "scripts" / "serve.py"), str(up)], pub)
        third = [str(NOSTR_RELAY_PORT)] if self.third_party else []
        if self.third_party:
            self._nostr_relay()
        self.relay = self._spawn("relay", ["node", str(Path(__file__).with_name("netlab_relay.mjs")),
                                           PUB_IP, str(PORT), str(up), *third], pub, ready="ready")
        users = self.tmp / "turnuser.db"
        self._spawn("coturn", ["turnserver", "-n", f"--listening-ip={PUB_IP}", f"--relay-ip={PUB_IP}",
                               "--listening-port=3478", "--min-port=40000", "--max-port=49999",
                               "--lt-cred-mech", f"--user={TURN_USER}:{TURN_PASS}", "--realm=phom.test",
                               "--no-tls", "--no-dtls", "--no-cli", f"--userdb={users}",
                               "--pidfile", str(self.tmp / "turn.pid"), "--log-file=stdout", "--simple-log"], pub)
        self._wait_http()

    def _nostr_relay(self) -> None:
        """PyPI's nostr-relay (pinned in requirements-dev.txt), unmodified, on this namespace's
        loopback behind the page's origin (netlab_relay.mjs passes /relay on to it once told,
        ``use_relay``). Its own validators, as its packaged config.yaml lists them: an event's
        content over 4,096 characters refused ("280 characters should be enough for anybody"),
        signatures checked, events older than a year or an hour ahead refused; 32
        subscriptions a socket. Stored in a throwaway SQLite file."""
        config = self.tmp / "nostr-relay.yaml"
        config.write_text(f"""DEBUG: false
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{self.tmp / 'nostr.sqlite3'}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
    - nostr_relay.validators.is_not_hellthread
max_event_size: 4096
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{NOSTR_RELAY_PORT}
  workers: 1
  loglevel: warning
  reload: false
subscription_limit: 32
message_timeout: 1800
""")
        exe = Path(sys.executable).with_name("nostr-relay")
        if not exe.is_file():
            missing("the NAT lab's third-party relay needs nostr-relay (pip install -r requirements-dev.txt)")
        self._spawn("nostr-relay", [str(exe), "-c", str(config), "serve", "--use-uvicorn"], self.pub)

    def use_relay(self, which: str) -> None:
        """Which relay takes the phones' new sockets from now on: "own" (netlab_relay.mjs) or
        "third" (nostr-relay). Sockets already open stay where they are."""
        r = _run("python3", "-c", f"import urllib.request as u; print(u.urlopen('{ORIGIN}/relay-use?{which}').read().decode())",
                 ns=self.pub)
        assert r.stdout.strip() == which, r.stdout

    def phone(self) -> str:
        """A new phone behind its own router: the phone's namespace."""
        self.phones += 1
        i = self.phones
        r, c = self._ns(f"r{i}"), self._ns(f"c{i}")
        a, b = f"{self.prefix}w{i}", f"{self.prefix}x{i}"
        _run("ip", "link", "add", a, "type", "veth", "peer", "name", b)
        _run("ip", "link", "set", a, "netns", r)
        _run("ip", "link", "set", b, "netns", self.pub)
        _run("ip", "-n", r, "link", "set", a, "name", "wan")
        _run("ip", "-n", self.pub, "link", "set", b, "master", "br0")
        _run("ip", "-n", self.pub, "link", "set", b, "up")
        _run("ip", "-n", r, "addr", "add", f"203.0.113.{10 + i}/24", "dev", "wan")
        _run("ip", "-n", r, "link", "set", "wan", "up")
        a, b = f"{self.prefix}l{i}", f"{self.prefix}p{i}"
        _run("ip", "link", "add", a, "type", "veth", "peer", "name", b)
        _run("ip", "link", "set", a, "netns", r)
        _run("ip", "link", "set", b, "netns", c)
        _run("ip", "-n", r, "link", "set", a, "name", "lan")
        _run("ip", "-n", c, "link", "set", b, "name", "eth0")
        _run("ip", "-n", r, "addr", "add", f"10.{i}.0.1/24", "dev", "lan")
        _run("ip", "-n", r, "link", "set", "lan", "up")
        _run("ip", "-n", c, "addr", "add", f"10.{i}.0.2/24", "dev", "eth0")
        _run("ip", "-n", c, "link", "set", "eth0", "up")
        _run("ip", "-n", c, "route", "add", "default", "via", f"10.{i}.0.1")
        _run("sysctl", "-qw", "net.ipv4.ip_forward=1", ns=r)
        mode = "masquerade fully-random" if i in self.symmetric else "masquerade"
        rules = f"""
table ip nat {{
  chain post {{
    type nat hook postrouting priority srcnat; policy accept;
    oifname "wan" {mode}
  }}
}}
table inet home {{
  chain forward {{
    type filter hook forward priority filter; policy accept;
    iifname "wan" ct state established,related accept
    iifname "wan" drop
  }}
  chain input {{
    type filter hook input priority filter; policy accept;
    iifname "wan" ct state new drop
  }}
}}
"""
        subprocess.run([tool("ip"), "netns", "exec", r, tool("nft"), "-f", "-"], input=rules, text=True, check=True,
                       capture_output=True)
        return c

    # ------------------------------------------------------------ processes
    def _spawn(self, name: str, cmd: list[str], ns: str, ready: str | None = None) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "w")
        p = subprocess.Popen([tool("ip"), "netns", "exec", ns, tool(cmd[0]), *cmd[1:]], stdout=log, stderr=subprocess.STDOUT,
                             cwd=str(ROOT), start_new_session=True)
        self.procs.append(p)
        if ready:
            try:
                wait_for(lambda: p.poll() is not None or ready in (self.tmp / f"{name}.log").read_text(errors="replace"),
                         20.0, f"{name} did not start")
            except AssertionError:
                pass
            if p.poll() is not None or ready not in (self.tmp / f"{name}.log").read_text(errors="replace"):
                raise RuntimeError(f"{name} did not start: {self.log(name)}")
        return p

    def _wait_http(self) -> None:
        # (90 s: the first serve after a repack compiles the archives' bytecode, ~15 s idle,
        # much longer on a busy machine)
        urls = [f"{ORIGIN}/index.html"] + ([f"http://127.0.0.1:{NOSTR_RELAY_PORT}/"] if self.third_party else [])

        def up() -> bool:
            if any(p.poll() is not None for p in self.procs):
                return True      # one of them gave up: said below
            # (any answer will do: a relay may answer a plain GET with an error status)
            return all(_run("python3", "-c", "import urllib.request as u, urllib.error as e\n"
                            f"try: u.urlopen('{url}', timeout=2)\nexcept e.HTTPError: pass",
                            ns=self.pub, check=False).returncode == 0 for url in urls)

        try:
            wait_for(up, 90.0, "the lab's page", poll=0.2)
            if all(p.poll() is None for p in self.procs):
                return
        except AssertionError:
            pass
        raise RuntimeError(f"the lab's page or relays did not come up: {self.log('serve')} {self.log('relay')}"
                           f" {self.log('nostr-relay')}")

    def log(self, name: str) -> str:
        p = self.tmp / f"{name}.log"
        return p.read_text(errors="replace")[-2000:] if p.exists() else ""

    def relay_stats(self) -> dict:
        """What the relay saw so far: events, the longest one's length and kind, how many it
        refused for length (netlab_relay.mjs)."""
        import json

        r = _run("python3", "-c", f"import urllib.request as u; print(u.urlopen('{ORIGIN}/relay-stats').read().decode())",
                 ns=self.pub)
        return json.loads(r.stdout)

    def relay_down(self) -> None:
        """The relay stops (its sockets closed, none taken): SIGUSR1 toggles it."""
        assert self.relay is not None
        self.relay.send_signal(signal.SIGUSR1)

    def launcher(self, ns: str) -> str:
        """An executable that runs Chromium inside ``ns`` (Playwright's executable_path)."""
        path = self.tmp / f"chromium-{ns}.sh"
        path.write_text(f'#!/bin/sh\nexec {tool("ip")} netns exec {ns} {CHROMIUM} "$@"\n')
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
        return str(path)

    def close(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for p in self.procs:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        self.procs.clear()
        for ns in reversed(self.namespaces):
            _run("ip", "netns", "del", ns, check=False)
        self.namespaces.clear()
        shutil.rmtree(self.tmp, ignore_errors=True)


def chromium_args() -> list[str]:
    """The lab's Chromium: the page on a namespace address counts as secure (trystero
    needs crypto.subtle), local addresses not hidden behind mDNS (nothing resolves .local
    here), and no name resolves (nothing can leave the lab by name)."""
    return ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic",
            f"--unsafely-treat-insecure-origin-as-secure={ORIGIN}",
            "--disable-features=WebRtcHideLocalIpsWithMdns",
            f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE {PUB_IP}"]
