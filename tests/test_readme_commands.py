"""The README's shell commands run as written, on this checkout (its Python
examples: tests/engine/test_readme.py).

Every command in a ```sh block of README.md is run here or named in NOT_RUN
with why, so a command added to the README is run or explained:

- `make play` and `make play HOST=0.0.0.0`: the set-up they start (scripts/
  setup.sh, venv.sh) runs, the server comes up on port 8000, the URL it prints
  serves the game, and the phone's variant prints the LAN line and what a plain
  http LAN page lacks; then the server is stopped (its process group, which
  this test made). If port 8000 is taken on this machine, the README's promise
  for that case is what is checked: it says so and stops.
- `python3 -m phom ...`: run as written and its summary read.
"""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "scripts"))
from needs import ensure_runtime, missing  # noqa: E402

NOT_RUN = {
    "make test": "the run this test is a part of: CI runs it as written (bash .ci/run: make test under CI=true)",
}


def commands() -> list[str]:
    """The README's shell commands, one a line, without their comments."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            cmd = re.sub(r"\s+#.*$", "", line).strip()
            if cmd and not cmd.startswith("#"):
                out.append(cmd)
    return out


def test_every_command_is_run_here_or_said_why_not():
    cmds = commands()
    assert "make play" in cmds and "make test" in cmds, cmds  # the two commands
    for cmd in cmds:
        assert cmd in NOT_RUN or cmd.startswith(("make play", "python3 ")), \
            f"README command {cmd!r}: run it in this test, or name it in NOT_RUN with why"
        assert not re.match(r"python\b(?!3)", cmd), f"{cmd!r}: Debian has python3, not python"


def _serve(cmd: str, timeout: float = 600) -> tuple[list[str], str | None, subprocess.Popen]:
    """Start ``cmd`` (a make play) in a process group of its own; read its output
    until it prints the URL it serves at or exits. Returns (lines, url, process)."""
    proc = subprocess.Popen(cmd, shell=True, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not sel.select(timeout=1):
            continue
        line = proc.stdout.readline()
        if not line:
            break  # it exited
        lines.append(line.rstrip("\n"))
        m = re.search(r"served at (http://\S+)", line)
        if m:
            return lines, m.group(1), proc
    return lines, None, proc


def _stop(proc: subprocess.Popen) -> None:
    """Stop the group ``proc`` leads (make and the server it started) and wait
    until none of it is left (the server's port free again)."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    proc.wait(timeout=30)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"the process group {proc.pid} outlived 30 s after SIGTERM")
    proc.stdout.close()


def _more_lines(proc: subprocess.Popen, n: int) -> list[str]:
    return [proc.stdout.readline().rstrip("\n") for _ in range(n)]


@pytest.mark.parametrize("cmd", [c for c in commands() if c.startswith("make play")])
def test_make_play_as_written_serves_the_game(cmd):
    ensure_runtime()
    import serve

    taken = serve._bind_error(8000, "127.0.0.1") is not None
    lines, url, proc = _serve(cmd)
    try:
        if taken:
            _stop(proc)
            out = "\n".join(lines)
            assert url is None and proc.returncode != 0, out
            assert "port 8000 is" in out and "make play PORT=8001" in out, out
            missing("port 8000 is taken on this machine: the refusal was checked, not the serving")
        assert url == "http://127.0.0.1:8000/", lines
        if "HOST=0.0.0.0" in cmd:  # read before any request, whose log line would come between
            more = _more_lines(proc, 2)
            assert more[0].startswith("On a phone on the same Wi-Fi, open http://") or \
                "no LAN address" in more[0], more
            assert more[1] == "Over plain http a LAN address is not a secure context in the phone's browser:", more
        with urllib.request.urlopen(url, timeout=60) as res:
            assert "<title>Phỏm" in res.read().decode("utf-8")
    finally:
        _stop(proc)


@pytest.mark.parametrize("cmd", [c for c in commands() if c.startswith("python3 ")])
def test_python_commands_as_written(cmd):
    run = subprocess.run(cmd, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip(), "prints nothing"
    if cmd.startswith("python3 -m phom "):
        assert re.search(r"^\d+ hands in [\d.]+ s", run.stdout, re.M), run.stdout[-1000:]
