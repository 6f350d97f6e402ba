"""A restored visit runs the page's Python without PyScript (ui/boot/interpreter.mjs
runPage): nothing the page imports may need PyScript's own Python package,
only Pyodide's `js` and `pyodide.ffi`, which every run of the page has."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_imported_sees_both_forms():
    tree = ast.parse("import pyscript.web\nfrom pyscript import window\nfrom . import x\n")
    assert imported(tree) == {"pyscript"}


def test_no_page_module_imports_pyscript():
    found = []
    for pkg in ("ui", "phom"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            if "pyscript" in imported(ast.parse(path.read_text(encoding="utf-8"))):
                found.append(path.relative_to(ROOT).as_posix())
    assert not found, f"these need PyScript's package, absent on a restored visit: {found}"


def test_the_pages_own_script_imports_no_pyscript():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    start = html.index('<script type="py"')
    body = html[html.index(">", start) + 1:html.index("</script>", start)]
    assert "boot()" in body
    assert "pyscript" not in imported(ast.parse(body))
