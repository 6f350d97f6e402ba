"""Statistics: records read from real hands, summaries that match them, strict loading."""

from __future__ import annotations

import json

import pytest
from test_review import chot_feeder

import phom
from phom.bots import make
from phom.stats import Stats, check_record, hand_record


def play_match(n, preset="basic", seed=3):
    m = phom.Match(phom.Rules.preset(preset), 4, seed)
    bots = [make("normal", seed=s) for s in range(4)]
    games = []
    for _ in range(n):
        g = m.new_hand()
        while not g.is_over:
            s = g.to_move
            g.apply(bots[s].choose(g.view(s), g.legal_actions()))
        m.record(g)
        games.append(g)
    return m, games


def test_three_hands_summary_matches_the_hands():
    m, games = play_match(3)
    st = Stats()
    for k, g in enumerate(games):
        st.add(hand_record(g, 0, hints=k))
    s = st.summary()
    assert s.hands == 3
    assert s.units == m.totals[0] == sum(g.result.deltas[0] for g in games)
    assert s.wins == sum(g.result.winner == 0 for g in games)
    assert sum(s.places.values()) == pytest.approx(1.0)
    assert s.places.get(1, 0) * 3 == pytest.approx(sum(g.result.ranks[0] == 0 for g in games))
    assert s.hints == 0 + 1 + 2
    assert s.eats == sum(1 for g in games for p in g.result.ledger
                         if p.kind in ("eat", "chot") and p.payee == 0)
    assert st.running_total() == [0] + [sum(g.result.deltas[0] for g in games[:k + 1])
                                        for k in range(3)]
    assert st.summary("traditional").hands == 0
    assert st.presets() == ["basic"]


def test_chot_fed_and_u_by_kind():
    g = chot_feeder()
    st = Stats()
    st.add(hand_record(g, 0, daily="2026-12-01"))
    st.add(hand_record(g, 1))
    assert st.records[0]["chot_fed"] == 1 and st.records[1]["chot_eaten"] == 1
    assert st.summary().u == {"normal": 1}
    assert st.summary().daily == {"2026-12-01": g.result.deltas[0]}
    assert st.daily_done("2026-12-01") and not st.daily_done("2026-12-02")


def test_best_streak_and_mom_rate():
    st = Stats()
    base = dict(preset="basic", players=4, place=2, units=-1, win=False, mom=False, u=None,
                eats=0, chot_eaten=0, chot_fed=0, hints=0, daily=None)
    for w in (1, 1, 0, 1, 1, 1, 0):
        st.add({**base, "win": bool(w), "place": 1 if w else 3, "mom": not w and True})
    s = st.summary()
    assert s.best_streak == 3 and s.mom_rate == pytest.approx(2 / 7)


def test_loading_sets_bad_records_aside():
    m, games = play_match(2)
    st = Stats()
    for g in games:
        st.add(hand_record(g, 0))
    d = json.loads(st.to_json())
    d["records"].insert(1, {"preset": "basic", "units": "lots"})
    d["records"].append(dict(d["records"][0], place=9))
    st2, bad = Stats.load(json.dumps(d))
    assert st2.records == st.records
    assert len(bad) == 2 and "lacks" in bad[0][1] and "range" in bad[1][1]
    assert Stats.load("{not json")[0].records == [] and Stats.load("{not json")[1]
    assert Stats.load(None) == (Stats(), [])
    with pytest.raises(ValueError):
        check_record({**st.records[0], "u": "huge"})
