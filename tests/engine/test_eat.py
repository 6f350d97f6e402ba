"""Eating (ăn): only the previous player's latest discard, only with two hand cards,
one eaten card per meld, and eaten (tied) cards stay in hand."""

import pytest
from scripted import C, deal, paid, parse_action, run

import phom
from phom import Discard, Eat, IllegalAction

S0 = "7H KS QC JD 9S 2C 4D 6S 10C 3H"
S1 = "8H 9H 7S 10S 5C 5D AD QD JH"
S2 = "2S 4S 8C KD 6D 3C AH 5H KH"


def game(s1=S1, stock="2D 3D 10H"):
    return deal({0: S0, 1: s1, 2: S2}, stock=stock)


def test_eat_when_two_hand_cards_make_the_meld():
    g = game()
    g.apply(Discard(C("7H")))
    assert Eat() in g.legal_actions()
    g.apply(Eat())
    assert paid(g) == [("eat", 0, 1, 1)]
    assert g.view(2).eaten[1] == (C("7H"),)
    assert g.rows[0] == []  # the eaten card left the discarder's row


@pytest.mark.parametrize("card", ["KS", "9S"])
def test_no_eat_without_two_hand_cards(card):
    g = game()
    g.apply(Discard(C(card)))
    assert Eat() not in g.legal_actions()
    before = g.to_json()
    with pytest.raises(IllegalAction, match="two cards of your hand"):
        g.apply(Eat())
    assert g.to_json() == before  # the hand is untouched


def test_eaten_and_tied_cards_cannot_be_discarded():
    g = game()
    g.apply(Discard(C("7H")))
    g.apply(Eat())
    legal = g.legal_actions()
    assert Discard(C("7H")) not in legal and Discard(C("8H")) not in legal
    assert Discard(C("5C")) in legal
    with pytest.raises(IllegalAction, match="eaten card cannot be discarded"):
        g.apply(Discard(C("7H")))
    with pytest.raises(IllegalAction, match="eaten card outside every meld"):
        g.apply(Discard(C("9H")))


def _second_eat(s1):
    g = game(s1)
    return run(g, {(0, 1): ["discard 7H"], (1, 1): ["eat", "discard 5C"],
                   (0, 2): ["draw", "discard 10H"]},
               until=lambda g: g.to_move == 1 and g.turn_no[1] == 2)


def test_one_eaten_card_per_meld():
    g = _second_eat(S1)
    assert g.last_discard == C("10H")
    assert Eat() not in g.legal_actions()
    with pytest.raises(IllegalAction, match="eaten-card rule"):
        g.apply(Eat())


def test_second_eat_into_another_meld():
    g = _second_eat(S1.replace("AD", "10D"))
    assert Eat() in g.legal_actions()
    g.apply(Eat())
    assert [k for k, *_ in paid(g)] == ["eat", "eat"]


def test_only_the_next_player_eats_the_latest_discard():
    g = game()
    g.apply(Discard(C("7H")))
    g.apply(parse_action("draw"))
    g.apply(Discard(C("5C")))
    # seat 2 may not eat seat 0's card, only seat 1's latest discard (5C)
    assert g.last_discard == C("5C") and g.last_discarder == 1
    assert Eat() not in g.legal_actions()


def test_starter_first_turn_has_no_take():
    g = game()
    assert g.phase == "discard" and g.to_move == 0
    with pytest.raises(IllegalAction, match="no take"):
        g.apply(phom.Draw())
