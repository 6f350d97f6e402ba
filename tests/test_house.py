"""The house a newcomer can read (issue 38): no module of ours imports itself
round a circle, and no class grows past a few hundred lines.

Imports are read with ``ast``, not run: every ``import`` and ``from ... import``
anywhere in a file counts (a lazy one inside a function is still an edge),
except those under ``if TYPE_CHECKING:``, which only the type checker follows.
phom/ and ui/ are packages (relative imports resolved); tools/ and scripts/ are
run as scripts, their folders on ``sys.path``, so ``import bytecode`` there is
tools/bytecode.py. An import's implicit parent package (``import a.b`` runs
``a/__init__.py``) is not an edge: every submodule would be in a circle with
its package. ``from pkg import name`` is an edge to ``pkg.name`` when that is a
module of ours, and to ``pkg`` otherwise.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("phom", "ui")      # imported as packages, from anywhere
SCRIPT_DIRS = ("tools", "scripts")   # their modules are top-level, for each other only

# One class, one concern: at most this many lines (its decorators to its last line).
MAX_CLASS_LINES = 400
# ui/'s classes over the limit today, each with its size when the limit came in as a
# ceiling: they may only shrink (the page is being split up separately; issue 38).
# Lower a ceiling when its class shrinks; drop the entry once it is under the limit.
UI_CLASS_CEILINGS = {
}


# ------------------------------------------------------------------ the import graph
def modules(root: Path, packages=PACKAGES, script_dirs=SCRIPT_DIRS) -> dict[str, Path]:
    """Module name -> file, for every .py under ``root``'s package and script folders."""
    out = {}
    for d in (*packages, *script_dirs):
        for p in sorted((root / d).rglob("*.py")):
            parts = list(p.relative_to(root).with_suffix("").parts)
            if d in script_dirs:
                parts = parts[1:]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = p
    return out


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in ``tree``, at any depth, but for ``if TYPE_CHECKING:`` bodies."""
    out: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                todo.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                out.append(child)
            todo.append(child)
    return out


def import_graph(root: Path, packages=PACKAGES, script_dirs=SCRIPT_DIRS) -> dict[str, dict[str, str]]:
    """Module -> {module it imports: where ("path:line")}, ours only."""
    mods = modules(root, packages, script_dirs)
    scripts = {m for m, p in mods.items() if p.relative_to(root).parts[0] in script_dirs}
    graph: dict[str, dict[str, str]] = {m: {} for m in mods}
    for m, path in mods.items():
        package = m if path.name == "__init__.py" else m.rpartition(".")[0]
        # what an absolute import may name from here: the packages, and the scripts' modules from a script
        visible = {n for n in mods if n not in scripts or m in scripts}
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in import_nodes(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                if node.level:
                    base_parts = package.split(".") if package else []
                    base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                names = []
                for a in node.names:
                    sub = f"{base}.{a.name}" if base else a.name
                    names.append(sub if sub in visible else base)
            for name in names:
                while name and name not in visible:   # a.b.c: the module of ours it names
                    name = name.rpartition(".")[0]
                if name and name != m:
                    graph[m].setdefault(name, f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return graph


def find_cycle(graph: dict[str, dict[str, str]]) -> list[str] | None:
    """One import circle as [a, b, ..., a], or None."""
    state: dict[str, int] = {}   # 1: on the current path, 2: done
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        path.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                return path[path.index(w):] + [w]
            if w not in state and (found := visit(w)):
                return found
        path.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return None


def describe(graph: dict[str, dict[str, str]], cycle: list[str]) -> str:
    return "import circle: " + " -> ".join(cycle) + "\n" + "\n".join(
        f"  {a} imports {b} at {graph[a][b]}" for a, b in zip(cycle, cycle[1:], strict=False))


def test_no_import_circle_in_phom_ui_tools_and_scripts():
    graph = import_graph(ROOT)
    assert {"phom.game", "phom.bots", "ui.table.render", "build_site", "pack_py"} <= set(graph)
    assert "phom.worlds" in graph["phom.bots.expert"]   # a relative import, resolved
    cycle = find_cycle(graph)
    assert cycle is None, describe(graph, cycle)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_the_circle_check_finds_a_circle(tmp_path):
    """Against made-up folders: the circles the check is there for are found and
    named; imports only the type checker follows are not circles."""
    _write(tmp_path, {
        "phom/__init__.py": "from .a import A\n",
        "phom/a.py": "from typing import TYPE_CHECKING\nfrom . import b\nif TYPE_CHECKING:\n    from .c import C\nA = 1\n",
        "phom/b.py": "def later():\n    from .a import A  # lazy, still an edge\n    return A\n",
        "phom/c.py": "import phom.a\n",
        "ui/__init__.py": "",
        "ui/x.py": "from phom import a\n",
        "tools/t1.py": "import t2\n",
        "tools/t2.py": "import json\n",
    })
    graph = import_graph(tmp_path)
    assert graph["phom"] == {"phom.a": "phom/__init__.py:1"}
    assert set(graph["phom.a"]) == {"phom.b"}            # the TYPE_CHECKING import left out
    assert set(graph["phom.c"]) == {"phom.a"}
    assert set(graph["ui.x"]) == {"phom.a"}              # from a package import its module
    assert set(graph["t1"]) == {"t2"}
    cycle = find_cycle(graph)
    assert cycle == ["phom.a", "phom.b", "phom.a"], cycle
    text = describe(graph, cycle)
    assert "phom.b imports phom.a at phom/b.py:2" in text, text

    # the lazy import gone: no circle, though c and a name each other (c only for the type checker)
    _write(tmp_path, {"phom/b.py": "B = 2\n"})
    assert find_cycle(import_graph(tmp_path)) is None
    # a circle between scripts, and one through a package's __init__
    _write(tmp_path, {"tools/t2.py": "def f():\n    import t1\n"})
    assert find_cycle(import_graph(tmp_path)) == ["t1", "t2", "t1"]
    _write(tmp_path, {"tools/t2.py": "", "phom/b.py": "from . import A\n"})
    assert find_cycle(import_graph(tmp_path)) == ["phom", "phom.a", "phom.b", "phom"]


# ------------------------------------------------------------------ class sizes
def class_sizes(root: Path, folder: str) -> dict[tuple[str, str], int]:
    """(path, class name) -> lines from its first decorator to its last line."""
    out = {}
    for p in sorted((root / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"), str(p))):
            if isinstance(node, ast.ClassDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                out[(p.relative_to(root).as_posix(), node.name)] = node.end_lineno - start + 1
    return out


def test_no_class_in_the_engine_is_over_the_limit():
    sizes = class_sizes(ROOT, "phom")
    assert ("phom/game.py", "Game") in sizes
    over = {k: n for k, n in sizes.items() if n > MAX_CLASS_LINES}
    assert not over, f"classes over {MAX_CLASS_LINES} lines (split them by concern): {over}"


def test_the_pages_big_classes_only_shrink():
    sizes = class_sizes(ROOT, "ui")
    for key, ceiling in UI_CLASS_CEILINGS.items():
        assert key in sizes, f"{key} is gone: drop it from UI_CLASS_CEILINGS"
        assert sizes[key] <= ceiling, f"{key} grew to {sizes[key]} lines (ceiling {ceiling}): split it"
    over = {k: n for k, n in sizes.items() if n > MAX_CLASS_LINES and k not in UI_CLASS_CEILINGS}
    assert not over, f"classes over {MAX_CLASS_LINES} lines (split them by concern): {over}"


def test_the_size_check_counts_decorators_and_nested_classes(tmp_path):
    _write(tmp_path, {"pkg/m.py": "@dec\nclass A:\n    class B:\n        x = 1\n\n    y = 2\n"})
    assert class_sizes(tmp_path, "pkg") == {("pkg/m.py", "A"): 6, ("pkg/m.py", "B"): 2}


# ui/'s layers (docs/ARCHITECTURE.md): each may import only those after it here
UI_LAYERS = ("ui.page", ("ui.friends", "ui.learn"), "ui.table", "ui.core")


def test_ui_imports_go_one_way_and_only_the_page_touches_the_browser():
    """ui.core imports no other part of ui/, ui.table only ui.core, learn and friends
    not each other nor the page; only ui.page imports js or pyodide (a module
    elsewhere that did would drop out of the memory snapshot)."""
    def layer(mod: str) -> int | None:
        for i, names in enumerate(UI_LAYERS):
            if any(mod == n or mod.startswith(n + ".") for n in ((names,) if isinstance(names, str) else names)):
                return i
        return None

    def package(mod: str) -> str:
        return ".".join(mod.split(".")[:2])

    wrong = []
    for m, deps in import_graph(ROOT).items():
        lm = layer(m)
        if lm is None:
            continue
        for d, where in deps.items():
            ld = layer(d)
            if ld is not None and (ld < lm or (ld == lm and package(d) != package(m))):
                wrong.append(f"{where}: {m} imports {d}")
    browser = []
    for m, path in modules(ROOT).items():
        if not m.startswith("ui.") or m.startswith("ui.page"):
            continue
        for node in import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if any(n.split(".")[0] in ("js", "pyodide") for n in names):
                browser.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, "imports against ui/'s layers:\n" + "\n".join(wrong)
    assert not browser, "only ui/page/ may import js or pyodide:\n" + "\n".join(browser)


# ------------------------------------------------------------------ one writer per record
# The table's record (``TableState``, ui/table/state.py; ``App`` is it plus its methods)
# is written by ui/table/ alone: another feature asks the table, by an App method or a
# table intent named for what it means (App.say, refuse, propose, catch_up,
# register_panels, follow…; docs/ARCHITECTURE.md "Who writes each record"). The
# learning side's (``LearnState``, a ``Learn``) by ui/learn/ alone. Nor does
# anyone set attributes on the page (``Page``, ui/page/main.py) or on the table's
# source (``OwnMatch``, ``HostFeed``) from outside their class: the owner takes them
# as constructor arguments or has a method for it.
#
# What counts, read with ``ast`` in ui/: an assignment, augmented assignment, ``del``
# or ``setattr``/``delattr`` on an attribute of an App (``app``, ``….app``, or a name
# given one), a Learn (``learn``, ``….learn``), a Page (``page``, ``….page``) or a
# source (``….source``); an item assigned into one of an App's or a Learn's fields
# (``app.orders[s] = …``); and such a field changed in place (``app.settings.update(…)``,
# ``learn.warnings.pop(…)``).
RECORD_OWNERS = {"app": "ui/table/", "learn": "ui/learn/", "page": None, "source": None}   # None: only its class
MUTATORS = {"update", "append", "extend", "insert", "add", "discard", "remove", "pop", "popitem",
            "clear", "setdefault", "sort", "reverse"}
# Linked play's writes from outside the record's owner that remain: none (issue 50: they
# went behind the table's and the feed's methods). Kept as the place to list one, by
# file, as ``record_writes`` names it, should one ever be allowed; a write gone must
# leave it too.
LINKED_PLAY_WRITES: dict[str, list[str]] = {}


def _kind(node: ast.AST, aliases: dict[str, str]) -> str | None:
    """"app", "page" or "source" when ``node`` is one, else None."""
    if isinstance(node, ast.Name):
        return node.id if node.id in ("app", "learn", "page") else aliases.get(node.id)
    if isinstance(node, ast.Attribute) and node.attr in RECORD_OWNERS:
        return node.attr
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "App":
        return "app"
    return None


def _aliases(scope: ast.AST) -> dict[str, str]:
    """Names in ``scope`` (a function or a module, not the scopes inside it) given
    an App, a Page or a source: ``feed = app.source``, ``a, s = page.app, …``."""
    pairs: list[tuple[ast.expr, ast.expr]] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs.extend(zip(target.elts, node.value.elts, strict=False))
                else:
                    pairs.append((target, node.value))
        elif isinstance(node, ast.NamedExpr):
            pairs.append((node.target, node.value))
        todo.extend(ast.iter_child_nodes(node))
    out: dict[str, str] = {}
    changed = True
    while changed:
        changed = False
        for target, value in pairs:
            kind = _kind(value, out)
            if isinstance(target, ast.Name) and kind and out.get(target.id) != kind:
                out[target.id], changed = kind, True
    return out


def record_writes(path: Path, rel: str) -> list[tuple[int, str]]:
    """Every write in ``path`` (``rel`` to the repository) to an App's, a Page's or
    a source's attributes that is not its owner's: (line, what), e.g. (53, "app.notice =")."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str, str]] = []
    scopes = [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]
    for scope in scopes:
        aliases = _aliases(scope)
        todo = list(ast.iter_child_nodes(scope))
        while todo:
            node = todo.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue            # its own scope, with its own names
            todo.extend(ast.iter_child_nodes(node))
            targets: list[ast.expr] = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            while targets:
                t = targets.pop()
                if isinstance(t, (ast.Tuple, ast.List, ast.Starred)):
                    targets.extend(t.elts if not isinstance(t, ast.Starred) else [t.value])
                elif isinstance(t, ast.Attribute) and (kind := _kind(t.value, aliases)):
                    found.append((node.lineno, f"{ast.unparse(t)} =", kind))
                elif isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) \
                        and (kind := _kind(t.value.value, aliases)) in ("app", "learn"):
                    found.append((node.lineno, f"{ast.unparse(t.value)}[…] =", kind))
            if isinstance(node, ast.Call):
                f = node.func
                if isinstance(f, ast.Name) and f.id in ("setattr", "delattr") and node.args \
                        and (kind := _kind(node.args[0], aliases)):
                    found.append((node.lineno, f"{f.id}({ast.unparse(node.args[0])}, …)", kind))
                elif isinstance(f, ast.Attribute) and f.attr in MUTATORS and isinstance(f.value, ast.Attribute) \
                        and (kind := _kind(f.value.value, aliases)) in ("app", "learn"):
                    found.append((node.lineno, f"{ast.unparse(f)}(…)", kind))
    return sorted((line, what) for line, what, kind in found
                  if not (RECORD_OWNERS[kind] and rel.startswith(RECORD_OWNERS[kind])))


def outside_writes(root: Path, folder: str = "ui") -> dict[str, list[tuple[int, str]]]:
    """``record_writes`` of every module under ``folder``: path -> its writes."""
    out = {}
    for p in sorted((root / folder).rglob("*.py")):
        rel = p.relative_to(root).as_posix()
        if found := record_writes(p, rel):
            out[rel] = found
    return out


def test_only_the_table_writes_its_record_and_no_one_sets_attributes_on_the_page_or_a_source():
    from collections import Counter

    writes = outside_writes(ROOT)
    wrong, stale = [], []
    for rel in sorted(set(writes) | set(LINKED_PLAY_WRITES)):
        allowed = Counter(LINKED_PLAY_WRITES.get(rel, ()))
        seen = Counter(what for _, what in writes.get(rel, ()))
        wrong += [f"{rel}:{line}: {what}" for line, what in writes.get(rel, ()) if seen[what] > allowed[what]]
        stale += [f"{rel}: {what}" for what in allowed if allowed[what] > seen[what]]
    assert not wrong, ("written from outside its owner (ask the table: an App method or a table "
                       "intent; give the page or the source a method):\n" + "\n".join(wrong))
    assert not stale, "gone: take it off LINKED_PLAY_WRITES too:\n" + "\n".join(stale)


def test_the_writers_check_finds_every_kind_of_write(tmp_path):
    """Against a made-up ui/: each way of writing from outside is found and named,
    the table's own writes and a class's writes to itself are not."""
    _write(tmp_path, {
        "ui/table/app.py": "class App:\n    def start(self, app):\n        self.game = 1\n        app.game = 2\n",
        "ui/learn/core.py": (
            "def f(app, learn):\n"
            "    app.flash = 'x'\n"                       # 2
            "    learn.app.arr_index += 1\n"              # 3
            "    setattr(app, 'notice', None)\n"          # 4
            "    app.settings.update(players=3)\n"        # 5
            "    app.orders[0] = []\n"                    # 6
            "    a, b = learn.app, 2\n"
            "    a.me = 1\n"                              # 8
            "    feed = a.source\n"
            "    feed.seat = 2\n"                         # 10
            "    del app.link\n"                          # 11
            "    learn.app.flash = 'x'\n"
            "    app.friends.links.pending = 'fine: the friends record is theirs'\n"
            "    app.plug('x', len)\n"                    # a method: fine
            "    app.storage.setItem('k', 'v')\n"         # storage's own: fine
            "class Page:\n"
            "    def __init__(self):\n"
            "        self.gen = 0\n"                      # its own: fine
            "def g(page):\n"
            "    page.gen += 1\n"                         # 20
            "    page.app.input = 'kbd'\n"                # 21
            "    page.learn = object()\n"                 # 22
            "x = App()\n"
            "x.dialog = 'menu'\n"),                        # 24
        "ui/learn/intents.py": "def f(learn):\n    learn.welcome = False\n    learn.state['hand'] = None\n",
        "ui/page/learn.py": ("def f(page, learn):\n    learn.wanted = None\n    page.learn.learn.warnings.pop(0)\n"
                             "    learn.state['hand'] = None\n"),
    })
    assert record_writes(tmp_path / "ui/table/app.py", "ui/table/app.py") == []
    assert record_writes(tmp_path / "ui/learn/core.py", "ui/learn/core.py") == [
        (2, "app.flash ="), (3, "learn.app.arr_index ="), (4, "setattr(app, …)"),
        (5, "app.settings.update(…)"), (6, "app.orders[…] ="), (8, "a.me ="), (10, "feed.seat ="),
        (11, "app.link ="), (12, "learn.app.flash ="), (20, "page.gen ="), (21, "page.app.input ="),
        (22, "page.learn ="), (24, "x.dialog =")]
    # the learning side's record: its own folder's, no one else's
    assert record_writes(tmp_path / "ui/learn/intents.py", "ui/learn/intents.py") == []
    assert record_writes(tmp_path / "ui/page/learn.py", "ui/page/learn.py") == [
        (2, "learn.wanted ="), (3, "page.learn.learn.warnings.pop(…)"), (4, "learn.state[…] =")]
    # the table's record written from its own folder is the table's; a source's is not
    _write(tmp_path, {"ui/table/source.py": "def f(app):\n    app.source.join_screen = None\n"})
    assert record_writes(tmp_path / "ui/table/source.py", "ui/table/source.py") == [
        (2, "app.source.join_screen =")]


# The page's state records (issue 50): each field says what it holds. mypy --strict
# accepts an explicit Any, so this holds the records to it: no field of a record class
# (a dataclass or a TypedDict) in a ui/ package's state.py is annotated with Any,
# even inside another type (list[Any], dict[str, Any], Optional[Any]).
def record_fields_with_any(path: Path) -> list[str]:
    """``Class.field`` for each annotated field of a record class in ``path`` whose
    annotation names Any (typing.Any or a bare Any)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        bases = {ast.unparse(b) for b in node.bases}
        record = any("dataclass" in ast.unparse(d) for d in node.decorator_list) or \
            any("TypedDict" in b for b in bases)
        if not record:
            continue
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                names = {n.id for n in ast.walk(item.annotation) if isinstance(n, ast.Name)}
                names |= {n.attr for n in ast.walk(item.annotation) if isinstance(n, ast.Attribute)}
                quoted = item.annotation.value if isinstance(item.annotation, ast.Constant) else None
                if "Any" in names or (isinstance(quoted, str) and re.search(r"\bAny\b", quoted)):
                    out.append(f"{node.name}.{item.target.id}")
    return out


def test_no_field_of_the_pages_state_records_is_any():
    records = sorted((ROOT / "ui").glob("*/state.py"))
    assert {p.parent.name for p in records} >= {"table", "learn", "friends"}
    found = {str(p.relative_to(ROOT)): record_fields_with_any(p) for p in records}
    assert not any(found.values()), found


def test_the_any_check_finds_an_any_field(tmp_path):
    made = tmp_path / "state.py"
    made.write_text(
        "from dataclasses import dataclass\nimport typing\nfrom typing import Any, TypedDict\n"
        "@dataclass\nclass A:\n    ok: int = 0\n    bad: Any = None\n    worse: list[typing.Any] | None = None\n"
        "    quoted: 'dict[str, Any]' = None\n"
        "class B(TypedDict):\n    fine: str\n    loose: dict[str, Any]\n"
        "class NotARecord:\n    x: Any = None\n",
        encoding="utf-8")
    assert record_fields_with_any(made) == ["A.bad", "A.worse", "A.quoted", "B.loose"]
