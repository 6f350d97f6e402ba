"""Saving: exact round trips, and clear errors for anything malformed or inconsistent."""

import json
import random

import pytest
from scripted import random_play

import phom


def midhand(seed=3, steps=17, preset="traditional"):
    return random_play(preset, 4, seed, steps)


def test_round_trip_mid_hand_including_rng():
    g = midhand()
    g2 = phom.Game.from_json(g.to_json())
    assert g2.to_json() == g.to_json()
    assert g2.rng.random() == g.rng.random()
    assert g2.view(1) == g.view(1)


BAD = [
    ("not json {", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "other"}', "format"),
]


@pytest.mark.parametrize("text,msg", BAD)
def test_malformed(text, msg):
    with pytest.raises(ValueError, match=msg):
        phom.Game.from_json(text)


def mutate(fn):
    d = json.loads(midhand().to_json())
    fn(d)
    return json.dumps(d)


@pytest.mark.parametrize("fn,msg", [
    (lambda d: d.pop("deck"), "lacks 'deck'"),
    (lambda d: d["deck"].__setitem__(0, d["deck"][1]), "repeats"),
    (lambda d: d["deck"].__setitem__(0, "ZZ"), "not a card"),
    (lambda d: d["deck"].pop(), "52 cards"),
    (lambda d: d["actions"].insert(1, {"t": "eat"}), "cannot be replayed"),
    (lambda d: d["actions"].append({"t": "fly"}), "unknown action type"),
    (lambda d: d["actions"].append({"t": "discard", "card": "AS", "x": 1}) or d["actions"].__setitem__(-1, {"t": "discard"}), "malformed"),
    (lambda d: d.__setitem__("players", 7), "players"),
    (lambda d: d["rules"].__setitem__("turn_model", "sideways"), "turn_model"),
    (lambda d: d["rules"].__setitem__("colour", 1), "unknown rule options"),
    (lambda d: d.__setitem__("rng", [3, "x", None]), "random state"),
    (lambda d: d.__setitem__("starter", 9), "starter"),
])
def test_inconsistent(fn, msg):
    with pytest.raises(ValueError, match=msg):
        phom.Game.from_json(mutate(fn))


def test_match_round_trip_and_corruption():
    m = phom.Match(phom.Rules.preset("village"), 3, seed=2)
    rng = random.Random(1)
    for _ in range(3):
        g = m.new_hand()
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        m.record(g)
    g = m.new_hand()
    for _ in range(5):
        g.apply(rng.choice(g.legal_actions()))
    text = m.to_json()
    m2 = phom.Match.from_json(text)
    assert m2.to_json() == text and m2.totals == m.totals and m2.pot == m.pot
    assert m2.current.to_json() == g.to_json()
    d = json.loads(text)
    d["totals"] = [1]
    with pytest.raises(ValueError, match="totals"):
        phom.Match.from_json(json.dumps(d))
    with pytest.raises(ValueError):
        phom.Match.from_json(text[:-5])
    with pytest.raises(ValueError, match="format"):
        phom.Match.from_json('{"format": "phom.match/0"}')


def test_match_rules():
    m = phom.Match(seed=1)
    g = m.new_hand()
    with pytest.raises(ValueError, match="not over"):
        m.new_hand()
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    m.record(g)
    with pytest.raises(ValueError, match="already recorded"):
        m.record(g)
    assert m.new_hand().starter == g.result.winner
