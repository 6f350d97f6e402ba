"""The teacher's features (phom/bots/features.py) see only the view, and the
generator's true-hand code stays out of the bots (issue 49)."""

from __future__ import annotations

import ast
import pathlib
import random
import sys

from selfplay import permute_hidden, positions

from phom import Discard, Game
from phom.bots import make
from phom.bots.features import HOLD_NAMES, NAMES, eat_features, hold_features
from phom.rules import PRESETS

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _discard_positions(preset: str, seeds):
    for seed in seeds:
        g = Game(rules=PRESETS[preset], players=4, seed=seed)
        bots = [make("hard", seed=seed * 7 + s) for s in range(4)]
        for seat, view, legal in positions(g, bots):
            cards = sorted({a.card.index for a in legal if isinstance(a, Discard)})
            if len(cards) > 1 and sum(view.turns) >= 4:
                yield g.clone(), seat, cards


def test_features_do_not_change_when_hidden_cards_are_redealt():
    rng = random.Random(49)
    checked = informative = 0
    for preset in ("basic", "traditional", "village"):
        for g, seat, cards in _discard_positions(preset, range(3)):
            rows = eat_features(g.view(seat), cards)
            hold = hold_features(g.view(seat))
            assert all(len(r) == len(NAMES) for r in rows)
            assert all(len(r) == len(HOLD_NAMES) for r in hold[1])
            for _ in range(2):
                g2 = permute_hidden(g, seat, rng)
                assert g2.hands != g.hands or g2.stock != g.stock or not g.stock
                assert eat_features(g2.view(seat), cards) == rows, \
                    f"a feature moved with the hidden cards ({preset}, seat {seat})"
                assert hold_features(g2.view(seat)) == hold, \
                    f"a card-location feature moved with the hidden cards ({preset}, seat {seat})"
            checked += 1
            informative += any(r[NAMES.index("next_discards")] > 0 for r in rows)
    assert checked > 30 and informative > 10


def test_a_feature_does_move_with_what_the_view_shows():
    # the check above could pass with constant rows: it must not
    g, seat, cards = next(_discard_positions("basic", range(1)))
    rows = eat_features(g.view(seat), cards)
    assert len({tuple(r) for r in rows}) > 1
    hc, hold = hold_features(g.view(seat))
    assert len(hc) == len(hold) > 10 and len({tuple(r) for r in hold}) > 1


def _imports(path: pathlib.Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.add(("." * node.level) + (node.module or ""))
    return out


def test_nothing_under_phom_imports_the_generator_or_training_libraries():
    bad = ("teacher_data", "teacher_gate", "bench", "tests", "numpy", "lightgbm", "selfplay")
    for path in (ROOT / "phom").rglob("*.py"):
        for mod in _imports(path):
            top = mod.lstrip(".").split(".")[0]
            assert top not in bad, f"{path.relative_to(ROOT)} imports {mod}"
    # the features read the view and the opponent model, never a Game
    feats = _imports(ROOT / "phom" / "bots" / "features.py")
    assert not any(m.endswith("game") or m.endswith("worlds") for m in feats), feats


def test_the_import_check_would_see_a_bad_import(tmp_path):
    p = tmp_path / "x.py"
    p.write_text("def f():\n    from bench.teacher_data import can_eat\n    import numpy as np\n")
    assert {"bench.teacher_data", "numpy"} <= _imports(p)


def test_generator_rows_are_labelled_from_the_true_hands_and_repeat():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import teacher_data
    finally:
        sys.path.remove(str(ROOT / "bench"))
    rows = teacher_data.play_hand(1_000_003 * 9, "basic", deals=4, expert_iterations=20)
    assert rows and all(len(r) == len(teacher_data.COLUMNS) for r in rows)
    assert teacher_data.play_hand(1_000_003 * 9, "basic", deals=4, expert_iterations=20) == rows
    col = teacher_data.COLUMNS.index
    ys = [r[col("y")] for r in rows]
    assert 0 < sum(ys) < len(ys)
    # y_free (cards not eaten) can only be lower
    assert all(r[col("y_free")] <= r[col("y")] for r in rows)
    # each row's label is the next seat's true holding of a meld pair at that position
    games: list = []
    hold: list = []
    teacher_data.play_hand(1_000_003 * 9, "basic", deals=4, expert_iterations=20, games=games,
                           hold_rows=hold)
    hcol = teacher_data.HOLD_COLUMNS.index
    for r in hold:
        g = games[r[hcol("pos")]]
        seat = next(row[col("seat")] for row in rows if row[col("pos")] == r[hcol("pos")])
        assert r[hcol("y_hold")] == g.hands[(seat + 1) % 4] >> r[hcol("card")] & 1
    assert 0 < sum(r[hcol("y_hold")] for r in hold) < len(hold)
    for r in rows:
        g = games[r[col("pos")]]
        nxt = (r[col("seat")] + 1) % 4
        assert r[col("y")] == teacher_data.can_eat(g.hands[nxt], r[col("card")])
        assert r[col("y_free")] == teacher_data.can_eat(g.hands[nxt] & ~g.eaten_mask[nxt], r[col("card")])
