"""The site's slimmed Python archive (scripts/pack_py.slim): the same code,
each statement on the line it has in git, and smaller."""

from __future__ import annotations

import ast
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import pack_py  # noqa: E402

_shape = pack_py.shape


def test_every_page_module_slims_to_the_same_code_on_the_same_lines():
    before = after = 0
    for path in pack_py.sources():
        text = path.read_text(encoding="utf-8")
        slim = pack_py.slim(text)
        assert len(slim.splitlines()) == len(text.splitlines()), path
        assert _shape(ast.parse(slim)) == _shape(ast.parse(text)), path
        assert "#" not in "".join(t.string for t in pack_py.tokenize.generate_tokens(
            pack_py.io.StringIO(slim).readline) if t.type == pack_py.tokenize.COMMENT), path
        before += len(zlib.compress(text.encode(), 9))
        after += len(zlib.compress(slim.encode(), 9))
    assert after < 0.85 * before, (before, after)


def test_slim_keeps_what_is_not_a_comment_or_docstring():
    text = ('"""Módule doc."""\n'
            "x = '# not a comment'  # a comment\n"
            "def f():\n"
            '    """Only a\n    docstring."""\n'
            "class C:\n"
            "    'doc'; y = 1\n"
            "s = '''kept: not a docstring'''\n")
    out = pack_py.slim(text)
    ns: dict = {}
    exec(compile(out, "t", "exec"), ns)
    assert ns["x"] == "# not a comment" and ns["f"]() is None and ns["C"].y == 1
    assert ns["s"] == "kept: not a docstring" and ns["__doc__"] == "" and ns["C"].__doc__ == "doc"
    assert out.splitlines()[1] == "x = '# not a comment'" and len(out.splitlines()) == 8
    assert "Only a" not in out and "Módule" not in out


def test_a_module_that_reads_its_own_doc_keeps_it():
    text = '"""Usage: run me."""\nprint(__doc__)  # help\n'
    assert pack_py.slim(text) == '"""Usage: run me."""\nprint(__doc__)\n'


def test_the_sites_stdlib_is_the_runtimes_code_on_the_same_lines():
    """tools/trim_stdlib.py slims the kept stdlib modules too: each is the
    runtime's own source, or the same code on the same lines, and most are slimmed."""
    import zipfile

    sys.path.insert(0, str(ROOT / "tools"))
    import trim_stdlib

    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    assert full.is_file(), "run scripts/setup.sh first (npm ci)"
    site = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(full) as zfull, zipfile.ZipFile(site) as zsite:
        assert zsite.comment == trim_stdlib.stamp(trim_stdlib.read_keep()), "vendor/'s stdlib is stale: run setup"
        slimmed = 0
        for name in zsite.namelist():
            if not name.endswith(".py"):
                continue
            ours, theirs = zsite.read(name), zfull.read(name)
            if ours == theirs:
                continue
            slimmed += 1
            a, b = ours.decode(), theirs.decode()
            assert len(a.splitlines()) == len(b.splitlines()), name
            assert _shape(ast.parse(a)) == _shape(ast.parse(b)), name
        assert slimmed > 150, slimmed
