"""Every storage key has one owner (ui/core/store.py KEYS), and the start-up JS,
which runs before Python and names the keys it reads as literals, agrees with it.
The table decides whether the next visit may paint it (App.may_paint)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.core import store  # noqa: E402
from ui.core.store import KEYS, MemoryStorage  # noqa: E402
from ui.friends.linkplay import guest_app  # noqa: E402
from ui.table.app import App  # noqa: E402

KEY_LITERAL = re.compile(r"""["'](phom\.[a-z_]+\.(?:v\d+|corrupt|holder))["']""")
STORAGE_CALL = re.compile(r"""\b(localStorage|sessionStorage)\.(?:getItem|setItem|removeItem)\(\s*["'](phom\.[^"']+)["']""")
AREA = {"localStorage": "local", "sessionStorage": "session"}


def _js_files():
    return sorted(p for p in (ROOT / "ui").rglob("*") if p.suffix in (".js", ".mjs"))


def test_each_key_is_declared_once_with_its_area():
    keys = [k.key for k in KEYS]
    assert len(keys) == len(set(keys)), "a storage key declared twice"
    assert all(k.key.startswith("phom.") and k.area in ("local", "session") and k.what for k in KEYS)


def test_the_python_takes_its_keys_from_the_store():
    stray = []
    for p in sorted((ROOT / "ui").rglob("*.py")):
        if p == ROOT / "ui" / "core" / "store.py":
            continue
        stray += [f"{p.relative_to(ROOT)}: {m}" for m in KEY_LITERAL.findall(p.read_text(encoding="utf-8"))]
    assert not stray, "storage keys written outside ui/core/store.py KEYS:\n" + "\n".join(stray)


def test_the_start_up_js_reads_only_declared_keys_from_their_own_storage():
    by_key = {k.key: k for k in KEYS}
    seen = set()
    for p in _js_files():
        text = p.read_text(encoding="utf-8")
        for key in KEY_LITERAL.findall(text):
            assert key in by_key, f"{p.relative_to(ROOT)} names {key!r}, which ui/core/store.py KEYS does not declare"
            seen.add(key)
        for api, key in STORAGE_CALL.findall(text):
            assert by_key[key].area == AREA[api], f"{p.relative_to(ROOT)} reads {key!r} from {api}"
    # the keys the first paint depends on are the ones it names (a renamed key must be renamed there too)
    assert {store.SAVE_KEY, store.SETTINGS_KEY, store.PAINT_KEY, store.GUEST_KEY} <= seen


def test_only_a_saved_table_played_by_one_person_here_is_painted_on_the_next_visit():
    st = MemoryStorage()
    app = App(st)
    assert not app.may_paint(), "no save yet"
    app.start({"seed": "4"})
    assert st.getItem(store.SAVE_KEY) is not None and app.may_paint()
    app.handle("settings")
    assert app.handle("setting", ("seat_kind.2", "here"))
    app.handle("new_match")
    app.handle("confirm")
    assert app.pass_and_play and not app.may_paint(), "a reload of a shared table shows no hand"
    guest_storage = MemoryStorage(dict(st.data))       # a guest's device with a save of its own
    assert not guest_app(guest_storage, MemoryStorage()).may_paint()
