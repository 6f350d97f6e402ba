"""Property: a save with one field changed is refused with a ValueError, or
accepted and plays to a correct end — never any other exception.

Real saves of every preset at 2–4 players, stopped at random points, and
match saves with hands behind them and one in progress; one field mutated
(see ``mutate.py``). ``python tests/engine/test_fuzz_saves.py 1500`` prints
how many of N mutated saves are refused and accepted.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

import mutate
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import phom

COUNTS: Counter = Counter()
FAST = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def one_game(ch, seed: int) -> str:
    text, _what = mutate.mutate(ch, mutate.real_game_save(ch))
    try:
        g = phom.Game.from_json(text)
    except ValueError as e:
        assert str(e), "a refusal says what is wrong"
        return "refused"
    mutate.check_plays_to_end(g, random.Random(seed))
    return "accepted"


def one_match(ch, seed: int) -> str:
    text, _what = mutate.mutate(ch, mutate.real_match_save(ch))
    try:
        m = phom.Match.from_json(text)
    except ValueError as e:
        assert str(e)
        return "refused"
    mutate.check_match_plays_on(m, random.Random(seed))
    return "accepted"


@FAST
@given(st.data())
def test_mutated_hand_saves(data):
    COUNTS["hand " + one_game(mutate.HypothesisChooser(data), 1)] += 1


@FAST
@given(st.data())
def test_mutated_match_saves(data):
    COUNTS["match " + one_match(mutate.HypothesisChooser(data), 2)] += 1


def real_stats(ch) -> str:
    from phom import stats

    st_ = stats.Stats()
    for i in range(1 + ch.index(4)):
        preset, players = mutate.pick(ch, mutate.PRESETS), 2 + ch.index(3)
        g = mutate.play_to(phom.Game(phom.Rules.preset(preset), players, seed=i), 10_000,
                           random.Random(i))
        st_.add(stats.hand_record(g, ch.index(players), hints=ch.index(3),
                                  daily=mutate.pick(ch, (None, "2026-12-01"))))
    return st_.to_json()


@FAST
@given(st.data())
def test_mutated_statistics_keep_the_good_records_and_set_aside_the_rest(data):
    from phom import stats

    ch = mutate.HypothesisChooser(data)
    real = real_stats(ch)
    good = json.loads(real)["records"]
    text, _what = mutate.mutate(ch, real) if ch.index(4) else (real, "")
    got, aside = stats.Stats.load(text)
    for r in got.records:
        assert stats.check_record(r) is r
    assert len(got.records) + len(aside) >= 1 or json.loads(text).get("records") == []
    got.summary(), got.running_total(), got.presets()
    COUNTS["stats records kept"] += len(got.records)
    COUNTS["stats set aside"] += len(aside)
    assert len(got.records) <= len(good) + 1


def test_the_fuzzer_sees_both_outcomes():
    """Guard against a fuzzer that only ever refuses (or only accepts)."""
    got = Counter(one_game(mutate.RandomChooser(i), i) for i in range(100))
    assert got["refused"] > 30 and got["accepted"] >= 4, got


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "phom.game/1", "players": NaN}',
    '{"format": "phom.game/1", "seed": ' + "9" * 5000 + "}",
    "\ud800",
], ids=["deep", "nan", "huge-int", "lone-surrogate"])
def test_hostile_texts_are_refused(text):
    for load in (phom.Game.from_json, phom.Match.from_json):
        with pytest.raises(phom.BadSave):
            load(text)


def test_deep_nesting_inside_a_field_is_refused():
    """Text that deep is refused by the parser; an already parsed document
    (a match holds its hand as one) is read without recursing into it."""
    g = mutate.play_to(phom.Game(seed=4), 20, random.Random(4))
    deep: list = []
    for _ in range(5_000):
        deep = [deep]
    d = json.loads(g.to_json())
    d["actions"].insert(0, deep)
    with pytest.raises(phom.BadSave, match="action #1 must be an object"):
        phom.Game.from_json(d)
    m = json.loads(phom.Match(seed=1).to_json())
    m["current"], m["recorded"] = deep, False
    with pytest.raises(phom.BadSave, match="JSON object"):
        phom.Match.from_json(m)


if __name__ == "__main__":  # counts for the report
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    for kind, fn in (("hand", one_game), ("match", one_match)):
        c = Counter(fn(mutate.RandomChooser(i), i) for i in range(n))
        print(f"{kind} saves: {n} mutated, {c['refused']} refused (ValueError), "
              f"{c['accepted']} accepted and played to a correct end, 0 other exceptions")
    from phom import stats

    kept = aside = 0
    for i in range(n // 5):
        ch = mutate.RandomChooser(i)
        got, bad = stats.Stats.load(mutate.mutate(ch, real_stats(ch))[0])
        got.summary()
        kept, aside = kept + len(got.records), aside + len(bad)
    print(f"statistics: {n // 5} mutated documents, {kept} records kept, {aside} set aside, "
          "0 exceptions")
