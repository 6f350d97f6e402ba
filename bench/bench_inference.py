"""How well can a seat guess the hidden hands from the table?

    python3 bench/bench_inference.py --hands 150

From positions of ``hard`` self-play (a seat about to discard, from the second
round on), deals of the hidden cards are sampled three ways — uniformly, with
the opponent model of ``model.holdings`` (eats, declined eats, discards), and
with that model re-weighted by the discard evidence of ``belief.py`` — and two
things are scored against the truth:

* for every card in the seat's hand, the forecast chance that the next player
  can eat it (Brier score and log loss; lower is better) — what deciding a
  discard needs;
* the share of the other players' hidden cards that a sampled deal puts in the
  right hand.

The answer bounds what honest search can win: see ``info_bound.py`` for what
knowing the hands would be worth.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from phom import Game  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.bots.belief import DiscardEvidence, pick_weighted  # noqa: E402
from phom.bots.handeval import MELD_PAIRS  # noqa: E402
from phom.bots.model import card_mask, holdings, sample_hidden, seen_mask  # noqa: E402


def positions(hands: int, every: int = 4):
    out = []
    for seed in range(hands):
        g = Game(seed=seed)
        bots = [make("hard", seed=s) for s in range(4)]
        while not g.is_over:
            s = g.to_move
            v = g.view(s)
            legal = g.legal_actions()
            if g.phase == "discard" and v.laid[s] is None and sum(v.turns) >= 4 \
                    and any(type(a).__name__ == "Discard" for a in legal):
                out.append((v, g.clone()))
            g.apply(bots[s].choose(v, legal))
    return out[::every]


def can_eat(hand: int, card: int) -> bool:
    return any(hand >> a & 1 and hand >> b & 1 for a, b in MELD_PAIRS[card])


def sampler(kind: str, v, m: int = 32):
    seen = seen_mask(v)
    hold = None if kind == "uniform" else holdings(v, model=True)[0]
    ev = DiscardEvidence(v, temp=3.0) if kind == "evidence" else None
    if ev is not None and not len(ev):
        ev = None

    def draw(rng):
        if ev is None:
            return sample_hidden(v, rng, hold, seen)[0]
        cands = [sample_hidden(v, rng, hold, seen)[0] for _ in range(m)]
        return pick_weighted(cands, [ev.log_weight(h) for h in cands], rng)

    return draw


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--deals", type=int, default=24, help="sampled deals per position")
    a = ap.parse_args(argv)
    pos = positions(a.hands)
    print(f"{len(pos)} positions from {a.hands} hands of hard self-play, {a.deals} deals each")
    print(f"{'sampler':<10}{'Brier':>9}{'log loss':>10}{'cards right':>13}")
    for kind in ("uniform", "model", "evidence"):
        rng = random.Random(3)
        brier = loss = 0.0
        n = right = total = 0
        for v, g in pos:
            nxt = (v.seat + 1) % v.players
            draw = sampler(kind, v)
            counts = {c.index: 0 for c in v.hand}
            for _ in range(a.deals):
                hands = draw(rng)
                for i in counts:
                    counts[i] += can_eat(hands[nxt], i)
                for s, h in hands.items():
                    known = card_mask(v.eaten[s])
                    truth = g.hands[s] & ~known
                    right += (truth & h).bit_count()
                    total += truth.bit_count()
            for i, k in counts.items():
                p = (k + 0.5) / (a.deals + 1)
                y = can_eat(g.hands[nxt], i)
                brier += (p - y) ** 2
                loss -= math.log(p if y else 1 - p)
                n += 1
        print(f"{kind:<10}{brier / n:>9.4f}{loss / n:>10.4f}{right / max(1, total):>13.3f}", flush=True)


if __name__ == "__main__":
    main()
