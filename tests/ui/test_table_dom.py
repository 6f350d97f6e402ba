"""The table's DOM as other features point at it (ui/table/dom.py, issue 50): the
control each legal move of a hand's every decision names is on the drawn table,
and the tutorial's every step aims at one with the table's selectors."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from test_table_words import _to_lay_down  # noqa: E402

from phom.bots import make  # noqa: E402
from ui.core import store  # noqa: E402
from ui.learn import tutorial  # noqa: E402
from ui.table import dom, render  # noqa: E402
from ui.table.app import HUMAN, App  # noqa: E402


def drawn(html: str, selector: str) -> bool:
    """Some tag of ``html`` has every ``[attr="value"]`` of ``selector`` (a class
    before them, ``.stock``, as a class of the tag)."""
    want = re.findall(r'\[([\w-]+)="([^"]*)"\]', selector)
    cls = re.fullmatch(r"\.([\w-]+)", selector.strip())
    for tag in re.findall(r"<[a-z][^>]*>", html):
        if cls and re.search(r'class="[^"]*\b' + cls.group(1) + r'\b', tag):
            return True
        if want and all(f'{k}="{v}"' in tag for k, v in want):
            return True
    return False


def test_every_legal_move_has_its_control_on_the_table():
    seen = set()
    for seed in (3, 8, 21):
        app = App(store.MemoryStorage())
        app.start({"new": "1", "seed": str(seed), "players": "4", "preset": "bonus"})
        g = app.game
        while not g.is_over:
            legal = g.legal_actions()
            if g.to_move == HUMAN and not app.dialog:
                html = render.page_html(app)
                for a in legal:
                    sel = dom.target(a)
                    assert sel is not None, a
                    assert drawn(html, sel), (seed, a, sel)
                    seen.add(type(a).__name__)
            a = make("normal", seed=g.to_move).choose(g.view(g.to_move), legal)
            app.apply(a)
    # the crafted deal with three sends at our lay-down turn (tests/engine/crafted.py)
    app = _to_lay_down()
    assert app.handle("lay")
    sends = [a for a in app.legal() if type(a).__name__ == "Send"]
    assert len(sends) >= 2
    html = render.page_html(app)
    for a in sends:
        assert drawn(html, dom.target(a)), a
    assert {"Draw", "Discard", "LayDown", "Eat"} <= seen, seen
    assert not drawn('<button data-act="eat">', dom.act("draw"))


def test_the_tutorials_steps_aim_with_the_tables_selectors():
    targets = {step.target for step, _ in tutorial.STEPS}
    assert dom.STOCK in targets and dom.act("eat") in targets and dom.card("KC") in targets
    assert all(t == dom.STOCK or t.startswith(("[data-", ".hand [data-")) for t in targets)
