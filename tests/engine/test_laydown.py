"""Lay-down (hạ), sending (gửi), móm, ranks and their payments, tái, eat payments."""

import pytest
from scripted import C, deal, paid, run

import phom
from phom import IllegalAction, LayDown, Send, legality

S0 = "4S 5S 6S 9C 9D 9H KD QH JC 2H"
S1 = "3S 7S 8S 10D 10C 10H AD 2C QC"
S2 = "AH 3C 5D 7C JS KH 4D 6H 8C"   # no meld: móm
S3 = "9S 3H 4H 5H 5C KC QD JD 6C"    # holds 9S, and a run of hearts


def at_lay_down(seat, g):
    return g.to_move == seat and g.phase == "discard" and g.laid_this_turn


def test_send_onto_both_ends_of_a_run_and_a_sent_card_makes_room():
    g = deal({0: S0, 1: S1, 2: S2, 3: S3})
    run(g, until=lambda g: at_lay_down(1, g))
    melds = {tuple(map(str, cards)): mid for mid, _, cards in g.view(1).table_melds}
    run_id = melds[("4S", "5S", "6S")]
    legal = g.legal_actions()
    assert Send(C("3S"), run_id) in legal and Send(C("7S"), run_id) in legal
    assert Send(C("8S"), run_id) not in legal  # not yet: 7S must go first
    g.apply(Send(C("7S"), run_id))
    assert Send(C("8S"), run_id) in g.legal_actions()
    g.apply(Send(C("8S"), run_id))
    g.apply(Send(C("3S"), run_id))
    assert dict((m, c) for m, _, c in g.view(2).table_melds)[run_id] == tuple(
        phom.parse_cards("3S 4S 5S 6S 7S 8S"))


def test_send_onto_a_set_of_three_only():
    g = deal({0: S0, 1: S1, 2: S2, 3: S3})
    run(g, until=lambda g: at_lay_down(3, g))
    ids = {tuple(map(str, cards)): mid for mid, _, cards in g.view(3).table_melds}
    nines = ids[("9C", "9D", "9H")]
    assert Send(C("9S"), nines) in g.legal_actions()
    assert not legality.fits(C("KS"), phom.Card.parse("KC").bit | C("KD").bit | C("KH").bit | C("KS").bit)
    # runs never wrap round the ends: A-2-3 takes no king, J-Q-K takes no ace
    run_a = C("AC").bit | C("2C").bit | C("3C").bit
    assert not legality.fits(C("KS"), run_a) and legality.fits(C("4C"), run_a)
    run_k = C("JS").bit | C("QS").bit | C("KS").bit
    assert not legality.fits(C("AC"), run_k) and legality.fits(C("10S"), run_k)


def test_a_card_fits_a_meld_when_the_two_make_a_meld():
    """The rule of §7 in one line, against fit_mask for every meld and card: a card
    not in the meld fits exactly when meld and card together are a meld."""
    for m in phom.melds.MELD_MASKS:
        for c in phom.DECK:
            grows = not m & c.bit and phom.melds.is_meld_mask(m | c.bit)
            assert legality.fits(c, m) == grows, (phom.cards.mask_to_cards(m), c)


def test_mom_cannot_send():
    g = deal({0: S0, 1: S1, 2: S2, 3: S3})
    run(g, until=lambda g: g.to_move == 2 and g.phase == "lay_down")
    assert g.legal_actions() == [LayDown(())]
    g.apply(LayDown(()))
    assert not [a for a in g.legal_actions() if isinstance(a, Send)]
    card = next(iter(g.hand(2)))
    with pytest.raises(IllegalAction, match="móm"):
        g.apply(Send(card, 0))


def test_lay_down_choice_is_validated():
    g = deal({0: S0, 1: S1, 2: S2, 3: S3})
    run(g, until=lambda g: g.to_move == 0 and g.phase == "lay_down")
    legal = g.legal_actions()
    best = phom.best_arrangement(g.hand(0))
    assert legal[0] == LayDown(best.melds)
    assert LayDown(()) in legal and len(legal) >= 4  # each meld alone, both, none
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not a meld"):
        g.apply(LayDown(((C("4S"), C("5S"), C("9C")),)))
    with pytest.raises(IllegalAction, match="not in your hand"):
        g.apply(LayDown(((C("10D"), C("10C"), C("10H")),)))
    with pytest.raises(IllegalAction, match="lay down"):
        g.apply(phom.Discard(C("QH")))
    assert g.to_json() == before


def test_ranks_by_points_then_lay_down_order_and_mom_last():
    # seats 1 and 2 finish with 10 points each; seat 1 laid down first, so ranks higher
    g = deal({0: "AS 2S 3S KD KH QC JD 10D 9C 8C", 1: "4C 5C 6C 7D 8D 9D 2D 3H 5S",
              2: "10S JS QS 6H 7H 8H 4D 4H 2C", 3: "AH 3C 5D 7S 9H JC KS QH 10C"},
             stock="4S AC 7C 6S 8S 9S AD KC 3D 6D QD 2H JH 10H 5H")
    run(g)
    r = g.result
    assert r.points[1] == r.points[2] == 10 and r.mom == [False, False, False, True]
    assert r.ranks == [1, 2, 0, 3]
    assert paid(g) == [("rank", 2, 1, 1), ("rank", 0, 1, 2), ("mom", 3, 1, 4)]
    assert r.deltas == [-2, 7, -1, -4]


@pytest.mark.parametrize("preset,pays", [("basic", [4, 4, 4]), ("village", [1, 2, 3])])
def test_all_mom(preset, pays):
    g = deal({}, preset=preset)
    if g.phase == "deal":
        g.apply(phom.Pass())
    script = {(s, 4): ["draw", "lay none"] for s in (1, 2, 3)}
    script[(0, 4)] = ["draw", "lay none"]
    run(g, script)
    assert g.result.mom == [True] * 4 and g.result.ranks == [0, 1, 2, 3]
    assert [a for k, _, _, a in paid(g) if k in ("rank", "mom")] == pays


def test_tai_after_an_eaten_chot():
    g = deal({0: "7D 7H 2S 4C 6H 8S 10C QD KH AS", 3: "7C 3D 5H 9S JH KC 2C 4D 6D"},
             preset="traditional")
    run(g, {(3, 3): ["draw", "discard 7C"], (0, 4): ["eat"]},
        until=lambda g: g.to_move == 0 and g.turn_no[0] == 5)
    assert ("chot", 3, 0, 4) in paid(g)
    assert all(x is not None for x in g.laid) and g.table_count == 15
    assert g.phase == "take" and g.view(0).is_lay_down_turn  # the tái turn
    run(g)
    assert g.table_count == 16 and g.turns[0] == 5


def test_chot_escalating_from_the_same_player():
    g = deal({0: "7D 7H 5C 5D 2S 4C 6H 8S 10C KH", 3: "7C 5H 3D 9S JH KC 6C QD 6D"},
             preset="village")
    run(g, {(3, 3): ["draw", "discard 7C"], (0, 4): ["eat"],
            (3, 4): ["draw", "lay", "discard 5H"], (0, 5): ["eat"]})
    assert paid(g, "chot") == [("chot", 3, 0, 5), ("chot", 3, 0, 10)]


def test_flat_chot_pays_four():
    g = deal({0: "QS 2H 4H 6H 8D 10D KC 3C 5S 7S", 1: "QC QD 2S 4S 6S 8S 10S 3D 9C"})
    run(g, {(0, 4): ["draw", "lay", "discard QS"], (1, 4): ["eat"]})
    assert paid(g, "chot") == [("chot", 0, 1, 4)]


def test_by_round_pays_the_round():
    g = deal({0: "7H KS QC JD 9S 2C 4D 6S 10C 3H", 1: "8H 9H 7S 10S 5C 5D 10D QD JH"},
             stock="2D 3D 10H", preset="bonus")
    run(g, {(0, 1): ["discard 7H"], (1, 1): ["eat", "discard 5C"],
            (0, 2): ["draw", "discard 10H"], (1, 2): ["eat"]},
        until=lambda g: g.to_move == 2 and g.turn_no[1] == 2)
    assert paid(g, "eat") == [("eat", 0, 1, 1), ("eat", 0, 1, 2)]


def test_by_count_counts_the_eaters_cards():
    g = deal({0: "7H KS QC JD 9S 2C 4D 6S 10C 3H", 1: "8H 9H 7S 10S 5C 5D 10D QD JH"},
             stock="2D 3D 10H", preset="traditional")
    run(g, {(0, 1): ["discard 7H"], (1, 1): ["eat", "discard 5C"],
            (0, 2): ["draw", "discard 10H"], (1, 2): ["eat"]},
        until=lambda g: g.to_move == 2 and g.turn_no[1] == 2)
    assert paid(g, "eat") == [("eat", 0, 1, 1), ("eat", 0, 1, 2)]


@pytest.mark.parametrize("players", [2, 3])
def test_fewer_players(players):
    g = phom.Game(players=players, seed=3)
    assert len(g.stock) == 52 - 9 * players - 1
    run(g)
    assert len(g.result.deltas) == players and sum(g.result.deltas) == 0
    assert all(t == 4 for t in g.turns)


def test_eight_card_hands():
    rules = phom.Rules.preset("village").with_(hand_size=8)
    g = phom.Game(rules, 4, seed=5)
    assert [len(g.hand(s)) for s in range(4)] == [9, 8, 8, 8]
    run(g) if g.phase != "deal" else None
