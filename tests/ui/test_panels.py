"""The open panel has one owner: App.open takes only a name its owner declared
(the table's TABLE_PANELS, the learning side's DIALOGS, linked play's "link")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ui.core.store import MemoryStorage  # noqa: E402
from ui.learn import DIALOGS, Learn  # noqa: E402
from ui.table import render  # noqa: E402
from ui.table.app import App  # noqa: E402
from ui.table.state import TABLE_PANELS  # noqa: E402


def test_a_panel_no_owner_declared_is_refused_and_nothing_changes():
    app = App(MemoryStorage())
    app.start({"seed": "2"})
    app.open("settings")
    with pytest.raises(ValueError, match="learn-stats"):
        app.open("learn-stats")          # the learning side is not attached to this table
    assert app.dialog == "settings"
    app.open(None)
    assert app.dialog is None


def test_each_feature_registers_the_panels_it_draws():
    app = App(MemoryStorage())
    app.start({"seed": "2"})
    assert set(render.DIALOGS) <= set(TABLE_PANELS)
    Learn(app)
    for name in DIALOGS:
        app.open(name)
        assert app.dialog == name
    assert app.handle("settings") and app.dialog == "settings"
    assert app.handle("close") and app.dialog is None
