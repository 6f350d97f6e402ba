"""Bots: legal play everywhere, honesty, determinism, steps, and a few tactics."""

from __future__ import annotations

import random

import pytest
from selfplay import permute_hidden, positions

import phom
from phom import Discard, Draw, Eat, Game, LayDown, Rules, parse_cards
from phom.bots import make, names
from phom.cards import Card
from phom.deal import make_deck
from phom.rules import PRESETS

BOTS = ["random", "easy", "normal", "hard", "expert"]
FAST_EXPERT = 12  # playouts per decision in tests


def _bot(name, seed=0):
    b = make(name, seed=seed)
    if name == "expert":
        b.iterations = FAST_EXPERT
    return b


def _play(g, bots, record=None):
    """Play ``g`` out (every choice must be legal); ``record`` gets (a clone, seat) per move."""
    for s, _, _ in positions(g, bots):
        if record is not None:
            record.append((g.clone(), s))
    return g


def test_registry_has_all_strengths():
    g = Game(seed=1)
    legal = g.legal_actions()
    for n in BOTS:
        assert n in names()
        assert _bot(n, seed=1).choose(g.view(g.to_move), legal) in legal


@pytest.mark.parametrize("preset,players",
                         [(p, n) for p in PRESETS for n in PRESETS[p].players_allowed])
def test_every_bot_plays_legally(preset, players):
    rules = PRESETS[preset]
    heavy = ["expert"]
    light = ["easy", "normal", "hard", "random"]
    for k in range(3):
        seed = 100 * players + k
        # mixed table: every light bot plays, and the expert in one seat
        lineup = [light[(k + s) % len(light)] for s in range(players)]
        if k == 0:
            lineup[0] = heavy[0]
        g = Game(rules=rules, players=players, seed=seed, starter=k % players)
        _play(g, [_bot(n, seed + s) for s, n in enumerate(lineup)])
        assert sum(g.result.deltas) + getattr(g.result, "pot_change", 0) == 0


@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
def test_heuristics_many_hands(name):
    # many whole hands per preset (fast bots): never an illegal action
    for preset in PRESETS:
        rules = PRESETS[preset]
        for seed in range(6):
            players = rules.players_allowed[seed % len(rules.players_allowed)]
            g = Game(rules=rules, players=players, seed=seed, starter=seed % players)
            _play(g, [_bot(name, seed * 7 + s) for s in range(players)])


@pytest.mark.parametrize("name", BOTS)
def test_honest_bots_ignore_hidden_cards(name):
    rng = random.Random(5)
    checked = searched = 0
    for preset in ("basic", "traditional"):
        for seed in range(3 if name == "expert" else 6):
            g = Game(rules=PRESETS[preset], players=4, seed=seed)
            positions = []
            _play(g, [_bot("hard", seed + s) for s in range(4)], record=positions)
            for pos, seat in positions:
                if len(pos.legal_actions()) < 2:
                    continue
                if name == "expert" and rng.random() > 0.3:
                    continue
                g2 = permute_hidden(pos, seat, rng)
                v1, v2 = pos.view(seat), g2.view(seat)
                assert v1.hand == v2.hand
                b1, b2 = _bot(name, 42), _bot(name, 42)
                if name == "expert" and checked % 2:
                    b1.belief_m = b2.belief_m = 4  # the discard-evidence sampler too
                a1 = b1.choose(v1, pos.legal_actions())
                a2 = b2.choose(v2, g2.legal_actions())
                assert a1 == a2, f"{name} changed its choice when hidden cards moved"
                if name == "expert" and b1.last_stats is not None:
                    # the search itself (every paired statistic) saw the same deals
                    s1, s2 = dict(b1.last_stats), dict(b2.last_stats)
                    s1.pop("seconds"), s2.pop("seconds")
                    assert s1 == s2, "the expert's search depended on hidden cards"
                    searched += 1
                checked += 1
    assert checked > 10
    if name == "expert":
        assert searched >= 5, f"only {searched} positions reached the search"


def test_expert_deterministic_for_seed_and_budget():
    g = Game(seed=11)
    positions = []
    _play(g, [_bot("hard", s) for s in range(4)], record=positions)
    n = 0
    for pos, seat in positions:
        legal = pos.legal_actions()
        if len(legal) < 3:
            continue
        v = pos.view(seat)
        a = make("expert", seed=3)
        b = make("expert", seed=3)
        a.iterations = b.iterations = 24
        assert a.choose(v, legal) == b.choose(v, legal)
        n += 1
        if n >= 6:
            break
    assert n >= 3


def test_choose_steps_yields_and_matches_choose():
    g = Game(seed=4)
    positions = []
    _play(g, [_bot("hard", s) for s in range(4)], record=positions)
    for pos, seat in positions:
        legal = pos.legal_actions()
        if len(legal) >= 4 and pos.phase == "discard" and pos.turns[seat] == 1:
            break
    v = pos.view(seat)
    bot = make("expert", seed=9)
    bot.iterations = 120
    gen = bot.choose_steps(v, legal)
    yields = 0
    while True:
        try:
            next(gen)
            yields += 1
        except StopIteration as stop:
            result = stop.value
            break
    assert yields >= 1
    other = make("expert", seed=9)
    other.iterations = 120
    assert other.choose(v, legal) == result
    assert result in legal


def test_expert_trivial_decisions_return_at_once():
    bot = make("expert", seed=0)
    g = Game(seed=2)
    v = g.view(g.to_move)
    legal = g.legal_actions()
    gen = bot.choose_steps(v, [legal[0]])
    with pytest.raises(StopIteration) as stop:
        next(gen)
    assert stop.value.value == legal[0]


# ---------------------------------------------------------------- tactics


def _deck(hands, stock, starter=0):
    return make_deck({s: parse_cards(h) for s, h in hands.items()}, stock=parse_cards(stock),
                     players=4, starter=starter)


def test_normal_eats_a_card_that_completes_a_meld():
    deck = _deck({0: "9H 2S 5S 8S QS 3D 6D 10D KD AC", 1: "7H 8H 2C 4C 6C JC 3S JD KS"},
                 "")
    g = Game.from_deck(deck, Rules(), 4, 0)
    g.apply(Discard(Card.parse("9H")))
    assert g.to_move == 1
    for name in ("easy", "normal", "hard"):
        a = make(name, 0).choose(g.view(1), g.legal_actions())
        assert a == Eat(), name


def test_normal_discards_king_before_ace_when_both_isolated():
    # melds 2S3S4S and 6C6D6H; KS and AC isolated; 9D, JH isolated too
    deck = _deck({0: "2S 3S 4S 6C 6D 6H KS AC 9D JH"}, "")
    g = Game.from_deck(deck, Rules(), 4, 0)
    assert g.phase == "discard" and g.to_move == 0
    for name in ("normal", "hard"):
        a = make(name, 0).choose(g.view(0), g.legal_actions())
        assert a == Discard(Card.parse("KS")), (name, a)


def _drive_draw_discard(g, until):
    """Everybody draws and throws the card drawn (the starter's first discard
    is its last card) until ``until(g)`` holds."""
    while not until(g):
        s = g.to_move
        if g.phase == "take":
            before = g.hands[s]
            g.apply(Draw())
            drawn = g.hands[s] & ~before
            if until(g):
                break
            assert g.phase == "discard", g.phase
            g.apply(Discard(phom.card_from_index(drawn.bit_length() - 1)))
        elif g.phase == "discard":
            h = g.hands[s]
            g.apply(Discard(phom.card_from_index(h.bit_length() - 1)))
        else:
            raise AssertionError(f"unexpected phase {g.phase}")


def test_normal_does_not_feed_the_chot():
    # Seat 0 (starter) lays down 2S3S4S and 9D10DJD on its fourth turn and keeps
    # 7C and 7H. Seat 1 holds 5C 6C, so 7C would be eaten as the chốt (4 units);
    # every card that makes a meld with 7H is face-up, so 7H is safe. Both are
    # worth 7 points.
    hands = {
        0: "2S 3S 4S 9D 10D JD 7C 7H AH KH",   # KH is the first discard
        1: "5C 6C 2H 3C 10S 4D QD QC JS",
        2: "AS 8D 3H 10C QS KC 4C 2D AD",
        3: "5D 10H 3D 8C JC JH KS KD AC",
    }
    # draws in order: s1 s2 s3 | s0 s1 s2 s3 | s0 s1 s2 s3 | s0 (4th turn)
    stock = "5H 6H 8H 9H 7S 7D 6S 8S 9S 6D 9C 2C 5S 4H QH"
    deck = _deck(hands, stock)
    g = Game.from_deck(deck, Rules(), 4, 0)

    def at_seat0_turn4(g):
        return g.to_move == 0 and g.phase == "take" and g.turn_no[0] == 4

    _drive_draw_discard(g, at_seat0_turn4)
    for name in ("normal", "hard"):
        h = g.clone()
        bot = make(name, 0)
        while h.to_move == 0 and not h.is_over:
            legal = h.legal_actions()
            a = bot.choose(h.view(0), legal)
            if isinstance(a, Discard):
                assert h.view(0).chot
                assert a.card != Card.parse("7C"), name
                assert a.card == Card.parse("7H"), (name, a)
                break
            h.apply(a)
        else:
            raise AssertionError("seat 0 never discarded")


def _left_after(hand_mask, lay):
    """Points kept after laying ``lay`` and throwing the highest card left."""
    used = sum(c.bit for m in lay.melds for c in m)
    left = [i % 13 + 1 for i in range(52) if (hand_mask & ~used) >> i & 1]
    return sum(left) - max(left, default=0)


def test_lay_down_leaves_the_least():
    # 5H 6H 7H 7S 7C: laying the run keeps 7S 7C, laying the set keeps 5H 6H
    hands = {0: "5H 6H 7H 7S 7C 2D 3D 4D QS KH"}   # KH is the first discard
    deck = _deck(hands, "10C 2C 9S 3C JS 4C 8C 5C 6D 8D 10D AS JD QD KD")
    g = Game.from_deck(deck, Rules(), 4, 0)
    _drive_draw_discard(g, lambda g: g.to_move == 0 and g.phase == "lay_down")
    legal = g.legal_actions()
    assert len(legal) > 2 and all(isinstance(a, LayDown) for a in legal)
    best = min(_left_after(g.hands[0], x) for x in legal)
    for name in ("easy", "normal", "hard", "expert"):
        a = _bot(name, 0).choose(g.view(0), legal)
        assert _left_after(g.hands[0], a) == best, (name, a)


def test_discard_evidence_prefers_the_true_hands():
    """Deals that explain the other players' discards score higher: over many
    positions the true hands fit far better than deals sampled from the view."""
    from phom.bots.belief import DiscardEvidence
    from phom.bots.model import holdings, sample_hidden, seen_mask

    rng = random.Random(5)
    true_w, sampled_w = [], []
    for seed in range(12):
        g = Game(seed=seed)
        bots = [make("hard", seed=s) for s in range(4)]
        for s, v, _ in positions(g, bots):
            if g.phase == "discard" and sum(v.turns) >= 8 and v.laid[s] is None:
                ev = DiscardEvidence(v)
                if len(ev):
                    true_w.append(ev.log_weight({t: g.hands[t] for t in range(4) if t != s}))
                    hold, _ = holdings(v)
                    hands, _ = sample_hidden(v, rng, hold, seen_mask(v))
                    sampled_w.append(ev.log_weight(hands))
    assert len(true_w) >= 30
    assert all(w <= 0 for w in true_w + sampled_w)
    mean_true = sum(true_w) / len(true_w)
    mean_sampled = sum(sampled_w) / len(sampled_w)
    assert mean_true > mean_sampled + 10, (mean_true, mean_sampled)


def test_sampled_deals_give_every_eaten_card_partners():
    """A sampled deal never leaves an opponent's eaten card without a meld (the
    greedy draws can paint themselves into a corner; the search behind them
    finds the assignment the true deal proves exists). Before: a playout could
    reach a lay-down with no legal arrangement and raise IndexError."""
    from phom.bots.model import holdings, sample_hidden, seen_mask
    from phom.melds import is_valid_mask

    rng = random.Random(1)
    checked = 0
    for seed in range(40):
        g = Game(rules=PRESETS["basic"], players=4, seed=seed)
        positions = []
        _play(g, [_bot("hard", seed + s) for s in range(4)], record=positions)
        for pos, seat in positions:
            v = pos.view(seat)
            if sum(len(v.eaten[s]) for s in range(4) if s != seat) < 2:
                continue
            hold, _ = holdings(v, model=True)
            for tries in (1, 20):
                hands, _stock = sample_hidden(v, rng, hold, seen_mask(v), tries=tries)
                for s, h in hands.items():
                    e = pos.eaten_in_hand_mask(s)
                    assert h & e == e and is_valid_mask(h, e), (seed, s)
                checked += 1
    assert checked > 50


def test_fast_playout_plays_only_legal_moves():
    """The playouts put their moves in through ``Game.apply_unchecked`` and skip
    the list of legal actions where the choice needs none (a take, an ordinary
    discard): the same playouts through ``Game.apply`` — which raises
    IllegalAction for anything the rules refuse — play exactly the same moves,
    in every preset and table size, with and without the policy's noise."""
    from phom.bots.fast import playout

    played = 0
    for p in PRESETS:
        for players in PRESETS[p].players_allowed:
            g = Game(rules=PRESETS[p], players=players, seed=17)
            positions = []
            _play(g, [_bot("hard", s) for s in range(players)], record=positions)
            for k, (pos, seat) in enumerate(positions[4::5]):
                # the expert's deals: every eaten card an opponent holds has partners
                base = make("expert").world_sampler(pos.view(seat))(random.Random(k))
                for noise in (None, k):
                    a, b = base.clone(), base.clone()
                    playout(a, None if noise is None else random.Random(noise))
                    playout(b, None if noise is None else random.Random(noise), checked=True)
                    assert a.actions == b.actions and a.result == b.result, (p, players, k)
                    played += 1
    assert played > 100


def test_expert0_is_the_old_expert_pinned():
    """``expert0`` (the expert before issue 40, kept for the ladder) has every
    search setting pinned: the quick fingerprint holds its moves."""
    from phom.bots.expert import Expert0Bot

    b = make("expert0", seed=1)
    assert isinstance(b, Expert0Bot)
    assert (b.iterations, b.z, b.margin, b.search, b.belief_m, b.first_search_turn,
            b.rollout_self) == (400, 2.0, 1.0, {"final", "chot", "discard"}, 1, 2, None)
