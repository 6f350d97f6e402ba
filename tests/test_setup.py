"""The set-up is reproducible: every Python tool and everything it needs is
pinned to one version with the hashes of its files, and the lock covers what
requirements-dev.in asks for (make lock regenerates it)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked() -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) from requirements-dev.txt."""
    text = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    out = {}
    for block in re.split(r"\n(?=\S)", text):
        line = block.split("\n", 1)[0]
        if not line.strip() or line.startswith("#"):
            continue
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][^ ;\\]*) \\", line)
        assert m, f"requirements-dev.txt: not an exact pin with hashes: {line!r}"
        hashes = re.findall(r"--hash=sha256:[0-9a-f]{64}", block)
        out[canonical(m.group(1))] = (m.group(2), len(hashes))
    return out


def test_every_tool_is_pinned_with_hashes():
    pins = locked()
    assert all(n >= 1 for _, n in pins.values()), pins
    # a line of the .in is a name, maybe with a version (nostr-relay==1.14): the name is what is wanted
    wanted = [canonical(re.split(r"[<>=!~;\[ ]", line.split("#", 1)[0].strip(), maxsplit=1)[0])
              for line in (ROOT / "requirements-dev.in").read_text(encoding="utf-8").splitlines()
              if line.split("#", 1)[0].strip()]
    assert "nostr-relay" in wanted
    assert set(wanted) >= {"pytest", "pytest-playwright", "playwright", "hypothesis", "ruff", "mypy"}
    assert set(wanted) <= set(pins), set(wanted) - set(pins)
    # their dependencies are in the lock too (pip --require-hashes refuses otherwise)
    assert {"pluggy", "iniconfig", "greenlet", "mypy-extensions"} <= set(pins)


def test_ci_runs_make_test_as_ci():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "export CI=true" in run and "make test" in run
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test: lint\b", make, re.M), "make test runs lint and types first"
    assert re.search(r"^lint:.*\n(\t.*\n)*\t.*ruff check", make, re.M)
    assert re.search(r"^lint:.*\n(\t.*\n)*\t.*mypy", make, re.M)


# What `mypy --strict` holds (issue 50): the engine and each ui/ package once it is clean. A
# package joins pyproject's list when it has no error, and none leaves it, so none regresses.
TYPED = ("phom", "ui/core", "ui/table", "ui/learn", "ui/friends", "ui/boot", "ui/page")


def test_lint_types_the_engine_and_the_clean_ui_packages():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert conf["strict"] is True
    assert set(TYPED) <= set(conf["files"]), f"left out of [tool.mypy] files: {set(TYPED) - set(conf['files'])}"
    assert not any(o.get("ignore_errors") for o in conf.get("overrides", [])), "no module's errors ignored"
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    mypy = re.search(r"^lint:.*\n(?:\t.*\n)*?\t(.*-m mypy.*)$", make, re.M)
    assert mypy and mypy.group(1).split("-m mypy", 1)[1].split() == ["$(MYPY_FLAGS)"], \
        "make lint's mypy names no path: the list is pyproject's [tool.mypy] files"


# ------------------------------------------------------------ make play on a bare machine
# scripts/setup.sh (make vendor; make play and make test run it) on a machine whose PATH
# has no npm: a PATH of its own holding the tools it runs, a stand-in `apt-get` that
# records its arguments and "installs" the machine's npm and node into that PATH, and
# `id` saying root (the machines the project sets up; a real sudo would reset the PATH).
APT_GET = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/apt-get.log"
case "$1" in install) [ -n "$INSTALLS" ] && ln -sf "$INSTALLS/npm" "$INSTALLS/node" "$(dirname "$0")/" ;; esac
exit 0
"""


def _bare_path(tmp_path: Path, installs: str) -> dict[str, str]:
    import shutil

    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for tool in ("bash", "sh", "cmp", "cp", "mkdir", "dirname", "env", "cat", "python3", "sed", "rm", "ln"):
        found = shutil.which(tool, path="/usr/bin:/bin")
        assert found, tool
        (bin_ / tool).symlink_to(found)
    (bin_ / "apt-get").write_text(APT_GET)
    (bin_ / "id").write_text("#!/bin/sh\necho 0\n")
    for f in ("apt-get", "id"):
        (bin_ / f).chmod(0o755)
    return {"PATH": str(bin_), "HOME": str(tmp_path), "INSTALLS": installs}


def test_setup_installs_node_and_npm_from_apt_when_npm_is_missing(tmp_path):
    """make play once stopped at "setup: npm not found": only make test installed it."""
    import shutil
    import subprocess

    npm = shutil.which("npm")
    if npm is None or not (ROOT / "node_modules" / ".phom-lock-stamp").is_file():
        import sys

        sys.path.insert(0, str(ROOT / "tests" / "browser"))
        from needs import missing

        missing("npm and an installed runtime (make vendor) to stand in for apt's")
    env = _bare_path(tmp_path, str(Path(npm).parent))
    run = subprocess.run(["bash", "scripts/setup.sh"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "set-up: apt-get install nodejs npm" in run.stderr, run.stderr
    assert (tmp_path / "bin" / "apt-get.log").read_text().splitlines() == ["update -q", "install -y -q --no-install-recommends nodejs npm"]


def test_setup_says_what_to_do_when_npm_cannot_be_installed(tmp_path):
    import subprocess

    env = _bare_path(tmp_path, "")  # apt-get "succeeds" and installs nothing
    run = subprocess.run(["bash", "scripts/setup.sh"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 1, (run.stdout, run.stderr)
    assert "setup: npm is still missing: as root, apt-get install -y nodejs npm" in run.stderr, run.stderr
