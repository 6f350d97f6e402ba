"""The hand's state is declared once (phom/state.py), and what derives from it:
clone, views, worlds; the turn model's answers (phom/turns.py); the engine's
proposals (phom/proposals.py)."""

import random

import pytest
from scripted import C, random_play

import phom
from phom import LayDown, proposals, state, worlds
from phom.state import Phase, PublicState

_played = random_play


def test_a_game_holds_exactly_the_declared_fields():
    for seed in range(5):
        g = _played(seed=seed)
        assert set(vars(g)) == set(state.ALL_FIELDS) | set(state.CACHES)
        assert set(vars(g.clone())) == set(vars(g))


def test_public_and_secret_are_disjoint_and_cover_the_game():
    assert not set(state.PUBLIC) & set(state.SECRET)
    assert "hands" in state.SECRET and "stock" in state.SECRET
    assert "hands" not in state.PUBLIC and "stock" not in state.PUBLIC


def test_clone_is_independent():
    g = _played(steps=12)
    before = g.to_json()
    h = g.clone()
    while not h.is_over:
        h.apply(h.legal_actions()[-1])
    assert g.to_json() == before and not g.is_over


def test_view_public_is_the_frozen_public_state():
    g = _played(steps=15)
    v = g.view(1)
    assert isinstance(v.public, PublicState)
    assert v.discards == v.public.rows and v.payments == v.public.ledger
    with pytest.raises(AttributeError):
        v.public.phase = Phase.OVER  # type: ignore[misc]


def test_worlds_agree_with_the_view_and_refuse_a_bad_deal():
    rng = random.Random(1)
    for seed in range(8):
        g = _played(preset=list(phom.PRESETS)[seed % 5], seed=seed, steps=10 + seed)
        if g.is_over or g.phase == Phase.DEAL:
            continue
        v = g.view(g.to_move)
        w = worlds.sample(v, rng)
        assert w.view(g.to_move).public == v.public
        assert w.legal_actions() == g.legal_actions()
        # a deal that hands out a card the viewer holds is refused
        mine = phom.cards.cards_to_mask(v.hand)
        other = (g.to_move + 1) % g.players

        def bad(view, r, other=other, mine=mine, w=w):
            hands = {s: w.hand_mask(s) for s in range(w.players) if s != view.seat}
            hands[other] = hands[other] ^ (hands[other] & -hands[other]) | (mine & -mine)
            return hands, [c.index for c in w.stock]

        with pytest.raises(ValueError):
            worlds.sample(v, rng, bad)


def test_tai_has_a_name_and_the_view_says_it():
    # table count: play until someone who laid down plays again (a tái)
    for seed in range(200):
        g = phom.Game(phom.Rules.preset("traditional"), 4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.phase == Phase.TAKE and g.has_laid(g.to_move):
                v = g.view(g.to_move)
                assert g.is_tai() and v.is_tai and v.is_lay_down_turn
                return
            legal = g.legal_actions()
            eat = [a for a in legal if isinstance(a, phom.Eat)]
            g.apply(eat[0] if eat else rng.choice(legal))
    pytest.fail("no tái in 200 hands")


def test_four_turns_has_no_tai_and_counts_takes():
    g = phom.Game(seed=3)
    seen = set()
    while not g.is_over:
        v = g.view(g.to_move)
        assert not v.is_tai
        seen.add(v.takes_left(after_discard=False))
        g.apply(g.legal_actions()[0])
    assert {1, 2, 3, 4} <= seen


def test_the_engine_proposes_the_bots_lay_down():
    # 3S..8S: one six-card run or two runs leave the same points; the proposal is the
    # bots' choice (more melds on a tie), and the page shows the same first
    hand = [C(x) for x in "3S 4S 5S 6S 7S 8S KD QH 2C".split()]
    g = phom.Game(seed=1)
    v = g.view(0)
    v = v.__class__(**{**v.__dict__, "hand": tuple(hand), "laid": (None,) * 4})
    lays = [LayDown(((C("3S"), C("4S"), C("5S"), C("6S"), C("7S"), C("8S")),)),
            LayDown(((C("3S"), C("4S"), C("5S")), (C("6S"), C("7S"), C("8S"))))]
    ranked = proposals.rank_lay_downs(v, lays)
    assert ranked[0] == lays[1]
    bot = phom.bots.make("hard")
    assert bot.choose_lay_down(v, lays) == ranked[0]
