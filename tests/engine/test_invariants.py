"""Generic invariants over many random-bot hands, for every preset and player count:
conservation of the 52 cards, zero-sum payments, termination, no actions after the
end, views that never leak, and an exact JSON round trip."""

import dataclasses
import random

import pytest
from selfplay import positions

import phom
from phom import Card, worlds
from phom.bots import make

CONFIGS = [(p, n) for p in phom.PRESETS for n in (2, 3, 4)]


def all_cards(g):
    """Every card, wherever it is, exactly once."""
    seen = []
    for h in g.hands:
        seen += phom.cards.mask_to_cards(h)
    seen += g.stock
    for row in g.rows:
        seen += row
    for _owner, m in g.melds.values():
        seen += phom.cards.mask_to_cards(m)
    return seen


def cards_in(obj, out):
    if isinstance(obj, Card):
        out.append(obj)
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            cards_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            cards_in(x, out)
    return out


def check_view(g, seat):
    v = g.view(seat)
    assert sorted(v.hand) == sorted(g.hand(seat))
    public = set()
    for row in g.rows:
        public.update(row)
    for row in g.eaten:
        public.update(row)
    for _, m in g.melds.values():
        public.update(phom.cards.mask_to_cards(m))
    if g.last_discard:
        public.add(g.last_discard)
    allowed = public | set(v.hand)
    for f in dataclasses.fields(v):
        if f.name in ("hand", "rules"):
            continue
        leaked = [c for c in cards_in(getattr(v, f.name), []) if c not in allowed]
        assert not leaked, f"view.{f.name} of seat {seat} shows hidden {leaked}"
    for p in v.payments:  # ledger details name only public cards
        c = p.get("card")
        assert c is None or Card.parse(c) in public
    assert v.stock_size == len(g.stock)
    assert list(v.hand_sizes) == [len(g.hand(s)) for s in range(g.players)]


class HalfRandom:
    """The random bot for half the moves, any legal action for the rest."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.bot = make("random", seed)

    def choose(self, view, legal):
        return self.bot.choose(view, legal) if self.rng.random() < 0.5 else self.rng.choice(legal)


def play(preset, players, seed, deep=False):
    rules = phom.Rules.preset(preset)
    g = phom.Game(rules, players, seed=seed, starter=seed % players)
    steps = 0
    for _, _, legal in positions(g, HalfRandom(seed)):
        assert legal, f"no legal action in phase {g.phase}"
        assert len(set(legal)) == len(legal)
        cards = all_cards(g)
        assert len(cards) == 52 and len(set(cards)) == 52
        if deep:
            for s in range(players):
                check_view(g, s)
            text = g.to_json()
            g2 = phom.Game.from_json(text)
            assert g2.to_json() == text and g2.legal_actions() == legal
            assert g2.phase == g.phase and g2.to_move == g.to_move
        steps += 1
        assert steps < 400, "the hand never ends"
    r = g.result
    assert g.legal_actions() == []
    with pytest.raises(phom.IllegalAction):
        g.apply(phom.Draw())
    assert sum(r.deltas) + r.pot_change == 0
    if not rules.pot:
        assert sum(r.deltas) == 0
    assert sorted(r.ranks) == list(range(players))
    assert r.winner == r.ranks[0]
    assert len(all_cards(g)) == 52
    # the deal takes hand_size cards a seat and one more for the starter; each draw one
    draws = sum(isinstance(a, phom.Draw) for a in g.actions)
    assert len(g.stock) == 52 - players * rules.hand_size - 1 - draws
    assert all(t <= 6 for t in g.turns)
    return g


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_many_random_hands(preset, players):
    # 6,000 hands here; bench/soak.py plays 1.5 million with the same checks and more
    for seed in range(400):
        play(preset, players, seed)


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_views_and_json_at_every_step(preset, players):
    for seed in range(12):
        play(preset, players, 10_000 + seed, deep=True)


def test_illegal_actions_change_nothing():
    rng = random.Random(9)
    everything = [phom.Draw(), phom.Eat(), phom.Pass(), phom.DeclareU("normal"),
                  phom.DeclareU("send"), phom.LayDown(()), phom.Send(Card.parse("AS"), 0)]
    everything += [phom.Discard(c) for c in phom.DECK]
    for seed in range(60):
        g = phom.Game(phom.Rules.preset(list(phom.PRESETS)[seed % 5]), 4, seed=seed)
        while not g.is_over:
            legal = g.legal_actions()
            before = g.to_json()
            for a in everything:
                if a not in legal:
                    with pytest.raises(phom.IllegalAction) as e:
                        g.apply(a)
                    assert str(e.value)  # a reason a player can read
                    assert isinstance(e.value, ValueError)
            assert g.to_json() == before
            g.apply(rng.choice(legal))


def test_a_sampled_world_is_consistent_with_the_view():
    rng = random.Random(4)
    for seed in range(40):
        g = phom.Game(phom.Rules.preset(list(phom.PRESETS)[seed % 5]), 2 + seed % 3, seed=seed)
        while not g.is_over:
            if g.phase != "deal":
                v = g.view(g.to_move)
                h = worlds.sample(v, rng)
                assert sorted(h.hand(g.to_move)) == sorted(g.hand(g.to_move))
                assert h.legal_actions() == g.legal_actions()
                hv = h.view(g.to_move)
                for f in ("discards", "eaten", "table_melds", "hand_sizes", "stock_size",
                          "turns", "laid", "phase", "to_move", "is_lay_down_turn", "chot"):
                    assert getattr(hv, f) == getattr(v, f), f
                assert len(all_cards(h)) == 52 and len(set(all_cards(h))) == 52
            g.apply(rng.choice(g.legal_actions()))


def test_the_legal_list_is_what_why_illegal_allows():
    """legal_actions() takes shortcuts (a meld's fit mask, a hand with no eaten
    card); each position checks it against why_illegal for every Draw, Eat, Pass,
    ù, Discard and Send there could be, including the hard cases: sends after a
    lay-down, discards beside eaten cards (gửi ù: tests/engine/test_u.py)."""
    kinds = [phom.DeclareU(k) for k in phom.actions.U_KINDS]
    fixed = [phom.Draw(), phom.Eat(), phom.Pass(), *kinds]
    fixed += [phom.Discard(c) for c in phom.DECK]
    seen = {"send": 0, "eaten discard": 0, "refused discard": 0, "eat": 0}
    for seed in range(150):
        preset = list(phom.PRESETS)[seed % 5]
        players = 2 + seed % 3
        g = phom.Game(phom.Rules.preset(preset), players, seed=seed)
        bots = [make("hard" if (seed + s) % 3 else "random", seed + s) for s in range(players)]
        for seat, _, legal in positions(g, bots):
            assert len(set(legal)) == len(legal)
            ids = list(g.melds) + [max(g.melds, default=-1) + 1]
            sends = [phom.Send(c, mid) for c in phom.DECK for mid in ids]
            allowed = [a for a in fixed + sends if g.why_illegal(a) is None]
            plain = [a for a in legal if not isinstance(a, phom.LayDown)]
            assert sorted(map(str, allowed)) == sorted(map(str, plain)), (preset, seed, g.phase)
            for a in legal:
                assert g.why_illegal(a) is None
            seen["send"] += any(isinstance(a, phom.Send) for a in legal)
            seen["eat"] += phom.Eat() in legal
            if g.phase == "discard" and g.eaten_in_hand_mask(seat):
                seen["eaten discard"] += 1
                free = g.hand_mask(seat) & ~g.eaten_in_hand_mask(seat)
                seen["refused discard"] += sum(isinstance(a, phom.Discard) for a in legal) < free.bit_count()
    assert all(seen.values()), seen
