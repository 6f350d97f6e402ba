"""A table's sources and a guest's stand-ins give what the table asks of them: mypy
checks ``OwnMatch`` and ui/friends/linkplay.py's ``HostFeed`` against the ``Source``
Protocol (ui/table/source.py), and the engine's ``Game``/``Match`` and the guest's
``_GuestGame``/``_Totals`` against ``TableGame``/``TableTotals``. Only the snippet's
own lines are checked (imports followed silently), so the test says whether the
classes fit the Protocols, not how typed the rest of ui/ is yet."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CONFIG = """[mypy]
python_version = 3.11
follow_imports = silent
warn_unused_configs = False
"""

FITS = """
from phom import Game, Match
from ui.friends.linkplay import HostFeed, _GuestGame, _Totals
from ui.table.source import OwnMatch, Source, TableGame, TableTotals


def own(s: OwnMatch, g: Game, m: Match) -> tuple[Source, TableGame, TableTotals]:
    return s, g, m


def feed(s: HostFeed, g: _GuestGame, m: _Totals) -> tuple[Source, TableGame, TableTotals]:
    return s, g, m
"""

# a source that forgot a question, and a stand-in with the wrong type: both refused
MISFITS = """
from ui.friends.linkplay import HostFeed
from ui.table.source import Source, TableTotals


class Forgetful(HostFeed):
    pass


class NoPhase:
    guest = True


class Totals:
    totals = ["12"]
    recorded = True


def a(s: NoPhase) -> Source:
    return s


def b(t: Totals) -> TableTotals:
    return t


def c(s: Forgetful) -> Source:
    return s
"""


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str]:
    """One mypy run over both snippets (its cold start is most of the cost)."""
    if shutil.which("mypy") is None and not (Path(sys.executable).parent / "mypy").exists():
        if os.environ.get("CI") == "true":
            pytest.fail("mypy is not installed (requirements-dev.txt)")
        pytest.skip("mypy is not installed")
    tmp = tmp_path_factory.mktemp("protocols")
    (tmp / "mypy.ini").write_text(CONFIG)
    (tmp / "fits.py").write_text(FITS)
    (tmp / "misfits.py").write_text(MISFITS)
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(tmp / "mypy.ini"),
                          "--cache-dir", str(tmp / "cache"), str(tmp / "fits.py"), str(tmp / "misfits.py")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    return run.returncode, run.stdout + run.stderr


def test_sources_and_stand_ins_fit_the_protocols(checked: tuple[int, str]) -> None:
    code, out = checked
    assert code in (0, 1), out      # 2: mypy itself failed
    fits = [line for line in out.splitlines() if "/fits.py:" in line or line.startswith("fits.py:")]
    assert not fits, out


def test_a_source_missing_a_question_is_refused(checked: tuple[int, str]) -> None:
    code, out = checked
    assert code == 1, out
    assert 'Incompatible return value type (got "NoPhase", expected "Source")' in out, out
    assert 'Incompatible return value type (got "Totals", expected "TableTotals")' in out, out
    # a subclass of a source fits: the check is of what is there, not of a name
    assert '"Forgetful"' not in out, out
