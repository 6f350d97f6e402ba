"""Real saves and one-field mutations of them, for the save fuzzers.

``real_game_save`` / ``real_match_save`` play real hands (any preset, 2–4
players, stopped at a random point) and return their JSON. ``mutate`` changes
one field of a JSON document — a leaf replaced by a value of another type or
out of range, a key removed or added, a list shortened, lengthened or
reordered, a number nudged — and returns the new text (NaN, Infinity, huge
numbers and very deep nesting included, as a damaged or hostile save could
hold them). Choices come from a ``Chooser`` so the same code serves
hypothesis (``HypothesisChooser``, which shrinks) and a plain counting run
(``random.Random``).
"""

from __future__ import annotations

import json
import random

import phom

PRESETS = tuple(phom.PRESETS)
DEEP = "\u0000deep\u0000"
HUGE = "\u0000huge\u0000"
NAN = "\u0000nan\u0000"
INF = "\u0000inf\u0000"

ODD_VALUES = (None, True, False, 0, -1, 1, 2, 3, 4, 5, 9, 52, 624, 625, 2**31, 2**32, 2**63,
              -(2**63), 2**64 + 1, 10**30, 0.5, 1.5, -0.0, 1e308, "", "x", "AS", "10H", "0",
              "1", "true", "null", "<img src=x onerror=alert(1)>", "basic", "normal", "draw",
              [], [0], [None], {}, {"t": "draw"}, ["AS", "2S", "3S"], DEEP, HUGE, NAN, INF,
              "x" * 5000)


class RandomChooser:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def index(self, n: int) -> int:
        return self.rng.randrange(n)


class HypothesisChooser:
    def __init__(self, data) -> None:
        from hypothesis import strategies as st

        self.data, self.st = data, st

    def index(self, n: int) -> int:
        return self.data.draw(self.st.integers(0, n - 1))


def pick(ch, seq):
    return seq[ch.index(len(seq))]


def play_to(g, steps: int, rng: random.Random):
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def real_game_save(ch) -> str:
    preset, players = pick(ch, PRESETS), 2 + ch.index(3)
    seed = ch.index(10_000)
    rules = phom.Rules.preset(preset)
    g = phom.Game(rules, players, seed=seed, starter=seed % players,
                  pot=3 * ch.index(3) if rules.pot else 0,
                  streak_seat=pick(ch, (None, 0, players - 1)))
    return play_to(g, ch.index(120), random.Random(seed)).to_json()


def real_match_save(ch) -> str:
    preset, players = pick(ch, PRESETS), 2 + ch.index(3)
    seed = ch.index(10_000)
    rng = random.Random(seed)
    m = phom.Match(phom.Rules.preset(preset), players, seed=seed, starter=seed % players)
    for _ in range(ch.index(4)):
        g = play_to(m.new_hand(), 10_000, rng)
        m.record(g)
    if ch.index(4):
        g = play_to(m.new_hand(), ch.index(150), rng)
        if g.is_over and ch.index(2):
            m.record(g)
    return m.to_json()


def _paths(x, path=()):
    """Every place in a JSON document: (path, value)."""
    yield path, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, path + (i,))


def _get(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def mutate(ch, text: str) -> tuple[str, str]:
    """One field of ``text`` changed; returns (new text, what was done)."""
    doc = json.loads(text)
    places = [p for p in _paths(doc) if p[0]]
    # Favour the short, meaningful fields over the 625 words of a random state.
    if ch.index(4):
        places = [p for p in places if "rng" not in p[0] or len(p[0]) <= 2] or places
    path, value = pick(ch, places)
    parent, key = _get(doc, path[:-1]), path[-1]
    how = ch.index(8)
    if how == 0 and isinstance(parent, dict):
        del parent[key]
        what = f"drop {path}"
    elif how == 1 and isinstance(parent, list) and parent:
        del parent[key]
        what = f"shorten {path[:-1]}"
    elif how == 2 and isinstance(parent, list):
        parent.insert(key, pick(ch, (value, *ODD_VALUES)))
        what = f"lengthen {path[:-1]}"
    elif how == 3 and isinstance(parent, list) and len(parent) > 1:
        j = ch.index(len(parent))
        parent[key], parent[j] = parent[j], parent[key]
        what = f"swap {path} with #{j}"
    elif how == 4 and type(value) in (int, float):
        parent[key] = value + pick(ch, (1, -1, 2, -2, 100, 0.5))
        what = f"nudge {path}"
    elif how == 5 and isinstance(parent, dict):
        parent[pick(ch, ("extra", "x", "__proto__", "format2"))] = pick(ch, ODD_VALUES)
        what = f"add a key beside {path}"
    else:
        parent[key] = pick(ch, ODD_VALUES)
        what = f"set {path} = {str(parent[key])[:30]!r}"
    out = json.dumps(doc, ensure_ascii=False)
    out = out.replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)
    out = out.replace(json.dumps(HUGE), "9" * 5000)
    out = out.replace(json.dumps(NAN), "NaN").replace(json.dumps(INF), "-Infinity")
    return out, what


# ------------------------------------------------------------------ what "accepted" must mean
def check_plays_to_end(g, rng: random.Random) -> None:
    """An accepted hand plays on to a correct end and saves exactly."""
    text = g.to_json()
    assert phom.Game.from_json(text).to_json() == text
    for _ in range(600):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal
        g.apply(rng.choice(legal))
    assert g.is_over, "an accepted save never ends"
    r = g.result
    assert sum(r.deltas) + r.pot_change == 0
    assert sorted(r.ranks) == list(range(g.players))
    cards = [c for h in g.hands for c in phom.cards.mask_to_cards(h)] + list(g.stock)
    cards += [c for row in g.rows for c in row]
    cards += [c for _o, m in g.melds.values() for c in phom.cards.mask_to_cards(m)]
    assert len(cards) == 52 and len(set(cards)) == 52


def check_match_plays_on(m, rng: random.Random) -> None:
    """An accepted match finishes its hand, records it and plays another."""
    assert sum(m.totals) + m.pot == 0
    g = m.current
    if g is not None:
        check_plays_to_end(g, rng)
        if not m.recorded:
            m.record(g)
    g = m.new_hand()
    check_plays_to_end(g, rng)
    m.record(g)
    assert sum(m.totals) + m.pot == 0 and m.pot >= 0
    text = m.to_json()
    assert phom.Match.from_json(text).to_json() == text
