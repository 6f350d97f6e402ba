"""Hints: the expert's move, legal, with a reason in both languages from its features."""

from __future__ import annotations

import re

from scripted import C, deal, run
from test_review import chot_feeder, index_of

import phom
from phom.bots import make
from phom.hints import WORDS, explain, hint, text
from phom.review import HandRecord


def state_before(g, i):
    rec = HandRecord.of(g)
    s = rec.new_game()
    for a in rec.actions[:i]:
        s.apply(a)
    return s


def test_high_deadwood_first_and_the_meld_kept():
    g = deal({0: "3S 4S 5S 7H 7D 7C KH QD 9C 2D"}, preset="basic")
    h = hint(g.view(0), g.legal_actions(), key="t", worlds=8)
    assert h.action == phom.Discard(C("KH"))
    assert h.text("vi").startswith("Đánh K rác to trước")
    assert "giữ phỏm" in h.text("vi")
    assert h.text("en").startswith("Throw the high deadwood K first")


def test_the_chot_that_feeds_is_named():
    g = chot_feeder()
    i = index_of(g, phom.Discard(C("7C")))
    s = state_before(g, i)
    h = hint(s.view(0), s.legal_actions(), key="t", worlds=8)
    assert h.action == phom.Discard(C("7S"))
    assert "7♣ dễ cho nhà dưới ăn" in h.text("vi")
    assert "7♣ could feed the next player" in h.text("en")


def test_eating_says_which_meld():
    g = deal({0: "4H 9S AS AD AC KS KD KC 7C 7S", 1: "5H 6H 9C 9D 6C 8C QH JD 2C"},
             preset="basic")
    g.apply(phom.Discard(C("4H")))
    h = hint(g.view(1), g.legal_actions(), key="t", worlds=8)
    assert h.action == phom.Eat()
    assert h.text("vi") == "Ăn 4♥ thành phỏm 4♥ 5♥ 6♥"


def test_the_next_players_eaten_card_is_the_evidence():
    # Seat 1 ate 9♠ (with 9♣ 9♦); seat 0 has 9♥ and 8♥ as deadwood with a lower card.
    g = deal({0: "9S AS AD AC KS KD KC 9H 3C 5D", 1: "9C 9D 2H 4S JD QH 7C 8D 3S"},
             preset="basic")
    g = run(g, {(0, 1): ["discard 9S"], (1, 1): ["eat", "discard QH"]},
            until=lambda g: g.to_move == 0 and g.turn_no[0] == 2 and g.phase == "discard")
    feed = make("hard").feed_costs(g.view(0), [C("9H").index])
    assert feed[C("9H").index] > 0
    parts = explain(g.view(0), g.legal_actions(), phom.Discard(C("5D")))
    assert ("avoid_feed_eaten", {"eaten": C("9S"), "card": C("9H")}) in parts


def test_hints_are_legal_and_worded_over_random_hands():
    seen_keys = set()
    for h in range(6):
        g = phom.Game(phom.Rules.preset(("basic", "traditional")[h % 2]), seed=50 + h)
        bots = [make("hard", seed=s) for s in range(4)]
        while not g.is_over:
            s = g.to_move
            legal = g.legal_actions()
            if s == 0 and len(legal) > 1:
                ht = hint(g.view(0), legal, key=f"{h}:{len(g.actions)}", worlds=6)
                assert ht.action in legal
                for lang in ("vi", "en"):
                    line = ht.text(lang)
                    assert line and not re.search(r"[{}]", line), line
                seen_keys |= {k for k, _ in ht.reason}
            g.apply(bots[s].choose(g.view(s), legal))
    assert len(seen_keys) >= 4
    assert set(WORDS["vi"]) == set(WORDS["en"])


def test_declining_an_eat_says_what_it_would_break():
    # Seat 1 holds the run 5♥ 6♥ 7♥ 8♥: eating 4♥ adds nothing it lacks.
    g = deal({0: "4H 9S AS AD AC KS KD KC 7C 7S", 1: "5H 6H 7H 8H 9C 9D QH JD 2C"},
             preset="basic")
    g.apply(phom.Discard(C("4H")))
    parts = explain(g.view(1), g.legal_actions(), phom.Draw())
    assert parts and parts[0][0] in ("draw_better", "draw_plain")
    assert "4♥" in text(parts, "vi") and "4♥" in text(parts, "en")
