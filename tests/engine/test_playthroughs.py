"""Recorded playthroughs (seed + actions -> final ledger) must not change silently,
nor, perft-style, the number of legal actions before each action.

If a rule change is intended, re-record with tests/engine/record_playthroughs.py
(--replay keeps the recorded actions) and review the JSON diff.
"""

import json
import pathlib

import pytest

import phom
from phom.actions import action_from_json

CASES = json.loads((pathlib.Path(__file__).with_name("data") / "playthroughs.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['preset']}-{c['players']}p-{c['seed']}")
def test_playthrough(case):
    g = phom.Game(phom.Rules.preset(case["preset"]), case["players"], seed=case["seed"],
                  starter=case["starter"])
    counts = case["legal_counts"]
    assert len(counts) == len(case["actions"])
    for step, (a, count) in enumerate(zip(case["actions"], counts, strict=True)):
        legal = g.legal_actions()
        assert len(legal) == count, f"step {step}: {len(legal)} legal actions, recorded {count}"
        g.apply(action_from_json(a))
    assert g.is_over and g.legal_actions() == []
    assert [p.to_json() for p in g.result.ledger] == case["ledger"]
    assert g.result.deltas == case["deltas"]
    assert g.result.u == case["u"] and g.result.ranks == case["ranks"]


def test_playthroughs_cover_every_preset_and_an_u():
    assert {c["preset"] for c in CASES} == set(phom.PRESETS)
    assert {c["players"] for c in CASES} == {2, 3, 4}
    assert {c["u"] for c in CASES} >= {None, "normal", "heaven", "same_color"}
