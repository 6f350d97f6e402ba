"""A first visit in WebKit whose shipped snapshot cannot serve (its download cut
short half-way): the page boots as before the site shipped one, through
PyScript, says nothing to the player, plays a hand and makes its own snapshot.
(A WebKit first visit restoring the shipped one: tests/webkit/test_webkit.py.)"""

from __future__ import annotations

from pathlib import Path

from table_driver import PYSCRIPT_ASKED, keyboard_step, phase, play_hand, wait_ready

BOOT = "() => ({...document.documentElement.dataset})"
STORED = "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"


def test_a_cut_shipped_snapshot_falls_back_to_the_plain_boot_in_webkit(webkit, served):
    srv, url = served
    site = Path(srv.handler.site)
    shipped = next((site / "vendor" / "snapshot").glob("*.phz.gz")).relative_to(site).as_posix()
    srv.handler.cut = frozenset({shipped})
    try:
        webkit.goto(url + "?new=1&speed=instant&players=2")
        wait_ready(webkit, 180_000)
        info = webkit.evaluate(BOOT)
        assert info["boot"] == "normal" and info["bootWhy"].startswith("shipped: "), \
            webkit.evaluate("JSON.stringify(window.phomBoot)")
        assert info["runner"] == "pyscript" and webkit.evaluate(PYSCRIPT_ASKED)
        steps = play_hand(webkit, keyboard_step)
        assert "discard" in steps and phase(webkit) == "hand-over"
        webkit.wait_for_function(STORED, 300_000)
        assert webkit.evaluate(BOOT)["snapshot"] == "stored", webkit.evaluate("JSON.stringify(window.phomBoot)")
    finally:
        srv.handler.cut = frozenset()
    errors = webkit.errors()
    assert not errors, "\n".join(errors)
