"""One word-table shape and one lookup per feature (issue 50).

Every table of words is ``{lang: {key: text}}`` looked up through
ui/core/i18n.py ``Words`` (the page's own is ``STRINGS``, looked up as ``t``);
both languages have the same keys and the same fields; a feature keeps one
lookup; and no module adds to another's table when it is imported (a table is
what its own module says it is, whatever else was imported).
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.core.i18n import LANGS, Words  # noqa: E402

FEATURES = ("ui.core", "ui.table", "ui.learn", "ui.friends")
# Lookups a feature has beyond its one: none (ui/friends/'s four merged into
# ui/friends/words.py fw, issue 50). It may not grow.
EXTRA_LOOKUPS: dict[str, int] = {}


def ui_modules() -> list[str]:
    """Every module of ui/ the CPython tests can import (ui/page/ needs the browser)."""
    out = []
    for p in sorted((ROOT / "ui").rglob("*.py")):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        if not name.startswith("ui.page"):
            out.append(name)
    return out


def lookups() -> dict[str, Words]:
    """``module.name`` -> each ``Words`` a module of ui/ defines (not one it imports,
    nor another name for one already found)."""
    found: dict[str, Words] = {}
    for name in ui_modules():
        mod = importlib.import_module(name)
        for attr, value in vars(mod).items():
            if isinstance(value, Words) and all(value is not w for w in found.values()) and not any(
                    value is getattr(importlib.import_module(src), a, None)
                    for src, a in _imported_from(mod, attr)):
                found[f"{name}.{attr}"] = value
    return found


def _imported_from(mod, attr: str) -> list[tuple[str, str]]:
    """Where ``mod`` imports ``attr`` from, read from its source (``from X import attr``)."""
    src = Path(mod.__file__).read_text()
    pkg = mod.__name__ if mod.__file__.endswith("__init__.py") else mod.__name__.rpartition(".")[0]
    out = []
    for dots, path in re.findall(r"^from (\.*)([\w.]*) import [^\n]*\b" + re.escape(attr) + r"\b",
                                 src, re.M):
        base = pkg
        for _ in range(len(dots) - 1):
            base = base.rpartition(".")[0]
        out.append((f"{base}.{path}".rstrip(".") if dots else path, attr))
    return out


def test_every_table_is_by_language_with_the_same_keys_and_fields():
    found = lookups()
    assert "ui.core.i18n.t" in found and "ui.learn.words.tx" in found and "ui.friends.words.fw" in found
    for name, words in found.items():
        assert tuple(words.table) == LANGS, name
        vi, en = (words.table[lang] for lang in LANGS)
        assert all(isinstance(v, str) and v for d in (vi, en) for v in d.values()), name
        assert set(vi) == set(en), (name, set(vi) ^ set(en))
        for k in vi.keys() & en.keys():
            fields = [set(re.findall(r"{(\w+)[.}:]", d[k])) for d in (vi, en)]
            assert fields[0] == fields[1], (name, k)


def test_one_lookup_per_feature():
    found = lookups()
    for feature in FEATURES:
        mine = sorted(n for n in found if n.startswith(feature + "."))
        assert len(mine) <= 1 + EXTRA_LOOKUPS.get(feature, 0), (feature, mine)
    for feature, extra in EXTRA_LOOKUPS.items():
        mine = [n for n in found if n.startswith(feature + ".")]
        assert len(mine) == 1 + extra, f"{feature} has {len(mine)} lookups now: lower EXTRA_LOOKUPS"


_DUMP = """
import importlib, json, sys
from ui.core.i18n import Words
names = sys.argv[1:]
for n in names:
    importlib.import_module(n)
out = {}
for n in %s:
    mod = importlib.import_module(n)
    for a, v in vars(mod).items():
        if isinstance(v, Words):
            out[n + "." + a] = v.table
        elif isinstance(v, dict) and set(v) == {"vi", "en"}:   # a table by language
            out[n + "." + a] = v
print(json.dumps(out, sort_keys=True))
"""


def _tables(imports: list[str], owners: list[str]) -> dict:
    run = subprocess.run([sys.executable, "-c", _DUMP % (owners,), *imports], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_no_module_adds_to_another_modules_table():
    owners = sorted({n.rpartition(".")[0] for n in lookups()} | {"ui.core.i18n"})
    everything = _tables(ui_modules(), owners)
    for owner in owners:
        alone = _tables([owner], [owner])
        for name, table in alone.items():
            assert everything[name] == table, f"{name} changed when the rest of ui/ was imported"
