"""Refactors keep behaviour: the quick fingerprint (tools/fingerprint.py) is unchanged,
and hands and matches saved by the version before the reshape (issue 11) still load
and save back byte for byte.

A change of behaviour that an issue asks for re-records with
``python3 tools/fingerprint.py --record`` and says so in its commit.
"""

import json
import pathlib
import sys

import pytest

import phom

DATA = pathlib.Path(__file__).with_name("data")
sys.path.insert(0, str(DATA.parents[2] / "tools"))

import fingerprint  # noqa: E402


def test_quick_fingerprint_unchanged():
    stored = json.loads((DATA / "fingerprint.json").read_text())["quick"]
    assert fingerprint.quick() == stored


SAVES = json.loads((DATA / "saves_v1.json").read_text())


@pytest.mark.parametrize("i", range(len(SAVES["games"])))
def test_old_hand_saves_load(i):
    text = SAVES["games"][i]
    g = phom.Game.from_json(text)
    assert g.to_json() == text
    while not g.is_over:
        g.apply(g.legal_actions()[0])


@pytest.mark.parametrize("i", range(len(SAVES["matches"])))
def test_old_match_saves_load(i):
    text = SAVES["matches"][i]
    m = phom.Match.from_json(text)
    assert m.to_json() == text
