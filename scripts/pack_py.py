"""Pack the page's Python (every .py under phom/ and ui/) into vendor/pysrc.zip.

ui/boot/interpreter.mjs unpacks this one archive into the page's virtual file system, so a
new module in phom/ or ui/ needs no list kept by hand. The dev/test server calls
``pack_if_stale`` on every request for the archive, so editing a .py file and
reloading the page is enough.

The site (tools/build_site.py) packs the same files slimmed (``slim``): comments
and docstrings out, every line kept where it was, so the published archive is
about a third smaller on a phone's first visit while a traceback's line numbers
still point at the lines in git. The dev server packs the sources whole.
"""

from __future__ import annotations

import ast
import io
import os
import sys
import tokenize
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("phom", "ui")
OUT = ROOT / "vendor" / "pysrc.zip"


def sources(root: Path = ROOT) -> list[Path]:
    out = []
    for pkg in PACKAGES:
        for p in sorted((root / pkg).rglob("*.py")):
            if "__pycache__" in p.parts:
                continue
            out.append(p)
    return out


def _docstrings(tree: ast.AST) -> list[ast.expr]:
    """The docstring expressions of a module, its classes and functions."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                out.append(body[0].value)
    return out


def slim(text: str) -> str:
    """``text`` without comments and docstrings, each line where it was.

    A docstring becomes ``""`` (so a body that is only a docstring stays a
    body) followed by the newlines it spanned; a module that reads its own
    ``__doc__`` keeps its docstrings. The result compiles to the same code.
    """
    lines = text.splitlines(keepends=True)
    cuts: list[tuple[int, int, int, int, str]] = []  # (row, col, end_row, end_col, new), 1-based rows
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            cuts.append((*tok.start, *tok.end, ""))
    if "__doc__" not in text:
        for d in _docstrings(ast.parse(text)):
            assert d.end_lineno is not None and d.end_col_offset is not None
            rest = lines[d.end_lineno - 1].encode()[d.end_col_offset:].decode().strip()
            if rest and not rest.startswith("#"):
                continue  # something follows on its line: leave it be
            cuts.append((d.lineno, d.col_offset, d.end_lineno, d.end_col_offset,
                         '""' + "\n" * (d.end_lineno - d.lineno)))
    for row, col, erow, ecol, new in sorted(cuts, reverse=True):
        # ast's columns count UTF-8 bytes, tokenize's characters: cut by bytes for both
        head = lines[row - 1]
        if new == "":  # a comment: tokenize gave characters
            lines[row - 1] = head[:col] + head[ecol:]
            continue
        b_head, b_tail = head.encode(), lines[erow - 1].encode()
        joined = b_head[:col].decode() + new + b_tail[ecol:].decode()
        lines[row - 1:erow] = joined.splitlines(keepends=True)
    return "".join(ln.rstrip() + "\n" if ln.endswith("\n") else ln.rstrip() for ln in lines)


def shape(tree: ast.AST) -> tuple[str, list[tuple[str, int]]]:
    """The code without its docstrings' texts, and where every statement starts
    (what ``slim`` must keep; it changes ``tree``)."""
    for d in _docstrings(tree):
        d.value = ""
    return ast.dump(tree), [(type(n).__name__, n.lineno) for n in ast.walk(tree) if isinstance(n, ast.stmt)]


def slim_checked(text: str) -> str | None:
    """``slim(text)`` when this Python proves it the same code on the same lines,
    else None. For the runtime's stdlib (tools/trim_stdlib.py): it is newer
    Python than the one building the site, and what this one cannot parse, or
    would tokenize differently, is shipped as it is."""
    try:
        out = slim(text)
        same = (len(out.splitlines()) == len(text.splitlines())
                and shape(ast.parse(out)) == shape(ast.parse(text)))
    except (SyntaxError, ValueError, tokenize.TokenError, AssertionError, UnicodeError):
        return None
    return out if same else None


def pack(out: Path = OUT, root: Path = ROOT, slimmed: bool = False) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".{os.getpid()}.tmp")  # two test workers may pack at once
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sources(root):
            info = zipfile.ZipInfo(p.relative_to(root).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            data = slim(p.read_text(encoding="utf-8")).encode() if slimmed else p.read_bytes()
            z.writestr(info, data)
    os.replace(tmp, out)
    return out


def pack_if_stale(out: Path = OUT, root: Path = ROOT) -> Path:
    srcs = sources(root)
    if out.exists():
        t = out.stat().st_mtime
        with zipfile.ZipFile(out) as z:
            names = set(z.namelist())
        wanted = {p.relative_to(root).as_posix() for p in srcs}
        if names == wanted and all(p.stat().st_mtime <= t for p in srcs):
            return out
    return pack(out, root)


if __name__ == "__main__":
    import argparse

    argparse.ArgumentParser(prog="scripts/pack_py.py", description=__doc__.split("\n\n")[0],
                            epilog="scripts/setup.sh (make vendor) runs it; the dev server re-packs by itself."
                            ).parse_args()
    p = pack()
    print(f"packed {len(sources())} Python files into {p.relative_to(ROOT)}", file=sys.stderr)
