"""Card counting, the opponent model and the determinization sampler."""

from __future__ import annotations

import random

from selfplay import positions

from phom import Game
from phom.bots import make
from phom.bots.handeval import dw_options, meld_pair_prob, pts
from phom.bots.model import FULL, holdings, sample_hidden, seen_mask
from phom.cards import cards_to_mask, parse_cards
from phom.melds import best_arrangement_mask, is_valid_mask
from phom.rules import PRESETS


def _positions(preset="basic", seeds=range(4)):
    for seed in seeds:
        g = Game(rules=PRESETS[preset], players=4, seed=seed)
        bots = [make("hard", seed=s) for s in range(4)]
        for s, _, legal in positions(g, bots):
            if g.phase in ("take", "discard") and len(legal) > 1:
                yield g, s


def test_sampled_deals_are_consistent_with_the_view():
    rng = random.Random(1)
    n = 0
    for preset in ("basic", "traditional"):
        for g, seat in _positions(preset):
            v = g.view(seat)
            hold, _ = holdings(v)
            hands, stock = sample_hidden(v, rng, hold)
            seen = seen_mask(v)
            got = 0
            for s, h in hands.items():
                assert h.bit_count() == v.hand_sizes[s]
                assert not got & h
                got |= h
                eaten = g.eaten_mask[s]
                assert h & eaten == eaten
                assert is_valid_mask(h, eaten)
            smask = sum(1 << i for i in stock)
            assert len(stock) == v.stock_size
            assert not got & smask
            eaten_in_hands = sum(g.eaten_mask[s] for s in hands)
            assert (got | smask) & ~eaten_in_hands == FULL & ~seen
            n += 1
    assert n > 50


def test_holdings_rows_and_columns():
    for g, seat in _positions(seeds=range(2)):
        v = g.view(seat)
        hold, stock = holdings(v)
        unseen = FULL & ~seen_mask(v)
        for i in range(52):
            col = stock[i] + sum(hold[s][i] for s in range(4) if s != seat)
            if unseen >> i & 1:
                assert abs(col - 1.0) < 1e-6
            else:
                assert col == 0


def test_dw_options_matches_solver():
    rng = random.Random(3)
    for _ in range(300):
        h = 0
        for i in rng.sample(range(52), 10):
            h |= 1 << i
        best = best_arrangement_mask(h, 0)[0]
        assert min(pts(d) for d in dw_options(h, 0)) == best


def test_meld_pair_prob_certain_and_impossible():
    hold = [0.0] * 52
    for c in parse_cards("5C 6C"):
        hold[c.index] = 1.0
    assert meld_pair_prob(parse_cards("7C")[0].index, hold) == 1.0
    assert meld_pair_prob(parse_cards("9H")[0].index, hold) == 0.0
    assert cards_to_mask(parse_cards("5C")) == 1 << parse_cards("5C")[0].index
