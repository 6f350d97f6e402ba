"""Ù (immediate win): every kind, its payout, đền, the pot and thông."""

import dataclasses

import pytest
from scripted import C, deal, paid, parse_action, run

import phom
from phom import DeclareU, Discard, Eat, IllegalAction, Pass
from phom.deal import make_deck

# seat 1 needs one club (JC or 8C) to have nine cards melded
S1_NEAR_U = "2S 3S 4S 5D 5C 5H 9C 10C QD"
S0 = "JC KS KH 7D 8D 2H 4H 6H 10D QH"


def test_u_normal_after_eat_pays_u_pay_each():
    g = deal({0: S0, 1: S1_NEAR_U})
    g.apply(Discard(C("JC")))
    g.apply(Eat())
    assert g.phase == "u" and g.legal_actions() == [DeclareU("normal")]
    with pytest.raises(IllegalAction, match="must declare"):
        g.apply(Discard(C("QD")))
    g.apply(DeclareU("normal"))
    r = g.result
    assert g.is_over and r.u == "normal" and r.u_seat == 1 and r.winner == 1
    assert paid(g) == [("eat", 0, 1, 1), ("u", 0, 1, 5), ("u", 2, 1, 5), ("u", 3, 1, 5)]
    assert r.deltas == [-6, 16, -5, -5]
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply(phom.Draw())


@pytest.mark.parametrize("preset,each", [("basic", 5), ("online", 10), ("bonus", 8)])
def test_u_tron_multiplier(preset, each):
    # all ten cards melded, the one that would be discarded included (bonus: ×1.5 rounds half up)
    g = deal({0: S0, 1: S1_NEAR_U.replace("QD", "QC")}, preset=preset)
    g.apply(Discard(C("JC")))
    g.apply(Eat())
    assert g.legal_actions() == [DeclareU("round")]
    g.apply(DeclareU("round"))
    assert [a for k, _, _, a in paid(g) if k == "u"] == [each] * 3


def test_u_long_run_bonus():
    g = deal({0: "10S KS KH 7D 8D 2H 4H 6H 10D QH", 1: "2S 3S 4S 5S 6S 7S 8S 9S KD"},
             preset="bonus")
    g.apply(Discard(C("10S")))
    g.apply(Eat())
    assert g.legal_actions() == [DeclareU("long_run")]
    g.apply(DeclareU("long_run"))
    assert [a for k, _, _, a in paid(g) if k == "u"] == [15] * 3


def test_heaven_u_for_the_starter_and_a_seat():
    g = deal({0: "2S 3S 4S 5D 5C 5H 9C 10C JC KD"}, preset="bonus")
    assert g.phase == "deal" and g.to_move == 0 and g.legal_actions() == [DeclareU("heaven")]
    g.apply(DeclareU("heaven"))
    assert g.result.u == "heaven" and g.result.deltas[0] == 30
    g = deal({2: "2S 3S 4S 5D 5C 5H 9C 10C JC"}, preset="bonus")
    assert g.to_move == 2 and g.legal_actions() == [DeclareU("heaven")]


def test_starter_dealt_ordinary_u_in_basic():
    g = deal({0: "2S 3S 4S 5D 5C 5H 9C 10C JC KD"})
    assert g.phase == "deal" and g.legal_actions() == [DeclareU("normal")]


KHAN = "AS 2C 3D 4H 5S 6C 7D 8H 9S"  # no pair, no two of a suit within two ranks


def test_u_khan_is_offered_before_an_ordinary_dealt_u():
    g = deal({0: "JH QH KH 10D 10C 10H JD QD KD 2D", 2: KHAN}, preset="online")
    assert g.to_move == 2 and g.legal_actions() == [DeclareU("khan")]
    g.apply(DeclareU("khan"))
    assert g.result.u == "khan" and g.result.deltas[2] == 15
    # without u_khan (basic) the starter's ordinary ù is offered instead
    g = deal({0: "JH QH KH 10D 10C 10H JD QD KD 2D", 2: KHAN})
    assert g.to_move == 0


def test_optional_u_can_be_passed_and_same_color():
    red = "AH 2H 5D 6D 9H 10H QD KD 7H"
    g = deal({2: red, 3: KHAN}, preset="village")
    assert g.to_move == 3 and g.legal_actions() == [DeclareU("khan"), Pass()]
    g.apply(Pass())
    assert g.to_move == 2 and g.legal_actions() == [DeclareU("same_color"), Pass()]
    g.apply(DeclareU("same_color"))
    r = g.result
    assert r.u == "same_color"
    assert ("pot",) not in {(k,) for k, *_ in paid(g)}  # cùng màu does not take the pot
    assert r.pot_change == 4 and sum(r.deltas) + r.pot_change == 0


def test_pot_and_thong_streak():
    g = deal({0: S0, 1: S1_NEAR_U}, preset="village", pot=6, streak_seat=1)
    g.apply(Discard(C("JC")))
    g.apply(Eat())
    g.apply(DeclareU("normal"))
    assert [a for k, _, _, a in paid(g) if k == "u"] == [10] * 3  # thông ×2
    assert ("pot", phom.POT, 1, 10) in paid(g)  # 6 carried + 4 antes
    r = g.result
    assert r.streak and r.pot_change == -6 and sum(r.deltas) + r.pot_change == 0
    g = deal({0: S0, 1: S1_NEAR_U.replace("QD", "QC")}, preset="village", streak_seat=1)
    g.apply(Discard(C("JC")))
    g.apply(Eat())
    g.apply(DeclareU("round"))
    assert [a for k, _, _, a in paid(g) if k == "u"] == [15] * 3  # tròn thông ×3


def test_match_carries_pot_streak_and_starter():
    m = phom.Match(phom.Rules.preset("village"), 4, seed=1)
    g = m.new_hand(deck=make_deck({0: S0, 1: S1_NEAR_U}))
    g.apply(Discard(C("JC")))
    g.apply(Eat())
    g.apply(DeclareU("normal"))
    m.record(g)
    assert m.starter == 1 and m.streak_seat == 1 and m.pot == 0
    assert m.totals == g.result.deltas
    nxt = m.new_hand()
    assert nxt.starter == 1 and nxt.streak_seat == 1
    # a khan ù does not start a streak, and leaves the pot
    m2 = phom.Match(phom.Rules.preset("village"), 4, seed=1)
    g2 = m2.new_hand(deck=make_deck({3: KHAN}))
    g2.apply(DeclareU("khan"))
    m2.record(g2)
    assert m2.streak_seat is None and m2.pot == 4 and m2.starter == 3


def test_den_when_the_winner_ate_three_cards():
    g = deal({0: "4S 5H JC 7D 8S AC 3H 6D 10S KC", 1: "2S 3S 5D 5C 9C 10C KD QH JD"},
             preset="traditional")
    run(g, {(0, 1): ["discard 4S"], (1, 1): ["eat", "discard KD"],
            (0, 2): ["draw", "discard 5H"], (1, 2): ["eat", "discard QH"],
            (0, 3): ["draw", "discard JC"], (1, 3): ["eat", "u normal"]})
    assert paid(g) == [("eat", 0, 1, 1), ("eat", 0, 1, 2), ("eat", 0, 1, 3),
                       ("u", 0, 1, 5), ("den", 0, 1, 5), ("den", 0, 1, 5)]
    assert g.result.den_seat == 0 and g.result.deltas == [-21, 21, 0, 0]


def test_den_by_the_latest_chot_eater():
    junk = "AC 2D 3C 4D 6H 8S 10H KS AH 7C 8C QH JH"  # the 13 draws before seat 3's last
    g = deal({1: "QS AD 4C 7S 9H 2C 3D KH 5C", 2: "QC QD 2S 5S 10S 9C KD 7H 8H",
              3: "2H 3H 4H 6S 6C 6D 9D 10D KC"}, stock=junk + " JD", preset="bonus")
    run(g, {(1, 4): ["draw", "lay", "discard QS"], (2, 4): ["eat"]})
    assert ("chot", 1, 2, 4) in paid(g)  # by_round: eaten in round 4
    assert g.result.u == "normal" and g.result.u_seat == 3 and g.result.den_seat == 2
    assert paid(g, "u") == [("u", 2, 3, 5)]
    assert paid(g, "den") == [("den", 2, 3, 5), ("den", 2, 3, 5)]


def test_tai_player_whose_eat_completes_the_hand_makes_u():
    """Seeds 000/003: eating a chốt can make a tái player's cards whole ("tròn
    bài và ù"). Seat 2 laid down keeping 4D 5D, and on its tái turn eats 3D:
    three cards, one meld, nothing to discard — an ù tròn, paid by the latest
    other chốt eater (đền). Found by the traditional ladder, where the hand was
    left with no legal action."""
    deck = phom.parse_cards("9D 4C 4D 3S 8D AH AS 7C 2D 5C 5D 6C 3H 6D JC 6S 8H 3D KS 8S 2S JS QD 5H "
                            "2C JD QH 10S 7S 9S AC KD 10C 7D QC 9H 7H 9C JH 2H AD 6H KH 4S 10H 3C KC QS "
                            "5S 8C 4H 10D")
    g = phom.Game.from_deck(deck, phom.Rules.preset("traditional"), 4, 0)
    moves = (["discard 8D", "eat", "discard AH", "eat", "discard KS"]
             + [m for c in "3S 2C 9S JC 10S JH 4C 10H 8S 2S 5C".split() for m in ("draw", f"discard {c}")]
             + ["draw", "lay AS AC AD AH | QC QD QH", "discard 5S",
                "draw", "lay 6S 6C 6H | 7C 8C 9C", "discard 9H",
                "eat", "lay 7H 8H 9H", "discard 9D",
                "draw", "lay 6D 7D 8D", "discard 3D"])
    for m in moves:
        g.apply(parse_action(m, g))
    assert g.to_move == 2 and g.laid[2] and g.hand(2) == [C("4D"), C("5D")]
    g.apply(Eat())
    assert g.phase == "u" and g.legal_actions() == [DeclareU("round")]
    g.apply(DeclareU("round"))
    assert g.result.u == "round" and g.result.u_seat == 2 and g.result.den_seat == 0
    assert sum(p.amount for p in g.ledger if p.kind in ("u", "den")) == 15


def test_gui_u_sends_everything_but_the_discard():
    g = deal({0: "7H 8H 9H KS KC KD AC 3D 6C 10S", 1: "2S 3S 4S 5D 5C 5H 10H JH KH"},
             preset="traditional")
    run(g, {(1, 4): ["draw", "lay", "send 10H 1", "send JH 1", "send KH 0"]},
        until=lambda g: g.to_move == 1 and g.sent_this_turn == 3)
    assert g.legal_actions() == [DeclareU("send")]
    (last,) = g.hand(1)
    assert "gửi ù" in g.why_illegal(Discard(last))  # not optional here: declare it
    g.apply(DeclareU("send"))
    assert g.result.u == "send" and g.result.deltas[1] == 15


def test_optional_gui_u_may_be_passed_by_discarding():
    rules = dataclasses.replace(phom.Rules.preset("traditional"), u_optional=True)
    g = deal({0: "7H 8H 9H KS KC KD AC 3D 6C 10S", 1: "2S 3S 4S 5D 5C 5H 10H JH KH"}, preset=rules)
    run(g, {(1, 4): ["draw", "lay", "send 10H 1", "send JH 1", "send KH 0"]},
        until=lambda g: g.to_move == 1 and g.sent_this_turn == 3)
    (last,) = g.hand(1)
    assert g.legal_actions() == [DeclareU("send"), Discard(last)]
    assert g.why_illegal(Discard(last)) is None
    g.apply(Discard(last))  # declining the ù ends the turn like any discard
    assert g.to_move == 2 and not g.is_over


def test_gui_u_off_in_basic():
    g = deal({0: "7H 8H 9H KS KC KD AC 3D 6C 10S", 1: "2S 3S 4S 5D 5C 5H 10H JH KH"})
    run(g, {(1, 4): ["draw", "lay", "send 10H 1", "send JH 1", "send KH 0"]},
        until=lambda g: g.to_move == 1 and g.sent_this_turn == 3)
    assert DeclareU("send") not in g.legal_actions()
    assert all(isinstance(a, Discard) for a in g.legal_actions())


def test_u_kings_paid_at_lay_down_and_hand_goes_on():
    g = deal({1: "KS KC KD 2S 5H 7D 9C JH 4C"}, preset="online")
    run(g, until=lambda g: g.to_move == 1 and g.phase == "discard" and g.laid_this_turn)
    assert paid(g, "kings") == [("kings", 0, 1, 5), ("kings", 2, 1, 5), ("kings", 3, 1, 5)]
    run(g)
    assert g.result.u is None


def test_no_u_kings_with_an_eaten_king():
    g = deal({0: "KD 2H 4H 6H 8D 10D QH AC 3C 5S", 1: "KS KC 2S 5H 7D 9C JH 4C 9D"},
             preset="online")
    run(g, {(0, 1): ["discard KD"], (1, 1): ["eat", "discard 9D"]},
        until=lambda g: g.to_move == 1 and g.phase == "discard" and g.laid_this_turn)
    assert paid(g, "kings") == []
