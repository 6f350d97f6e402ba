"""The teacher's data: self-play discards with what the next player could eat (issue 49).

    python3 bench/teacher_data.py --out /tmp/teacher --preset basic --hands 2000 --seed 1

Plays hands with mixed line-ups (each seat one of ``hard``, ``expert`` with a
smaller budget, ``normal``, and ``hard`` with noise, drawn per hand, so a model
does not learn one bot's habits) and, at every discard with a choice (the
ordinary discard, the chốt and the discard after laying down; ``kind`` 0, 1, 2),
writes one row per card the mover could discard:

* the features of ``phom.bots.features.eat_features`` — from the mover's
  ``PlayerView`` only;
* the forecasts the gate compares with: the opponent model's (``p_model`` is
  one of the features), and the share of ``--deals`` deals sampled the
  expert's way (``sample_hidden`` weighted by ``holdings``) in which the next
  player holds a meld pair for the card (``p_sampled``);
* the answers only training may see, from the true hands: ``y`` the next
  player holds two cards making a meld with the card (the measure of
  docs/EXPERT.md and ``bench/bench_inference.py``), ``y_free`` the same from
  cards it has not eaten.

With every position it also writes, to ``hold-PRESET-sSEED-cNNNN.csv.gz``, one
row per card the mover cannot see: ``phom.bots.features.hold_features`` and
whether the next player holds it (``y_hold``), for a card-location model.

Files are written in chunks of ``--chunk`` hands (``PRESET-sSEED-cNNNN.csv.gz``,
written whole then renamed, the hold file first): a run stopped and started again skips the chunks
it has. Deal ``k`` of a run is ``Game(seed=seed * 1_000_003 + k)``; the same
arguments give the same files.

The true hands are read here, in the generator, and nowhere under
``phom/bots`` (tests/bots/test_features.py checks the imports).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from phom import Discard, Game  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.bots.expert import ExpertBot  # noqa: E402
from phom.bots.features import HOLD_NAMES, NAMES, eat_features, hold_features  # noqa: E402
from phom.bots.handeval import MELD_PAIRS  # noqa: E402
from phom.bots.heuristic import HARD, Level  # noqa: E402
from phom.bots.model import holdings, sample_hidden, seen_mask  # noqa: E402
from phom.rules import PRESETS  # noqa: E402

LINEUP = ("hard", "expert", "normal", "hard-noisy")
NOISY = Level(**{**HARD.__dict__, "noise": 0.2, "temp": 0.35})
COLUMNS = ("deal", "seat", "pos", "card", "mover", "next_bot", *NAMES, "p_sampled", "y", "y_free")
HOLD_COLUMNS = ("deal", "pos", "card", *HOLD_NAMES, "y_hold")


def bot(name: str, seed: int, expert_iterations: int):
    if name == "expert":
        return ExpertBot(seed=seed, iterations=expert_iterations)
    if name == "hard-noisy":
        b = make("hard", seed=seed)
        b.level = NOISY
        return b
    return make(name, seed=seed)


def can_eat(hand: int, card: int) -> bool:
    return any(hand >> a & 1 and hand >> b & 1 for a, b in MELD_PAIRS[card])


def sampled_eat(view, cards, deals: int, rng: random.Random) -> list[float]:
    """Share of sampled deals (the expert's sampler) in which the next seat can eat each card."""
    nxt = (view.seat + 1) % view.players
    hold = holdings(view, model=True)[0]
    seen = seen_mask(view)
    k = [0] * len(cards)
    for _ in range(deals):
        h = sample_hidden(view, rng, hold, seen)[0][nxt]
        for j, c in enumerate(cards):
            k[j] += can_eat(h, c)
    return [(x + 0.5) / (deals + 1) for x in k]


def play_hand(deal: int, preset: str, deals: int, expert_iterations: int,
              games: list | None = None, hold_rows: list | None = None) -> list[list]:
    """The rows of one deal's hand (``games``, if given, gets a copy of the game at
    each position; ``hold_rows`` the card-location rows, ``HOLD_COLUMNS``)."""
    rules = PRESETS[preset]
    P = 4 if 4 in rules.players_allowed else rules.players_allowed[-1]
    rng = random.Random(deal * 7919 + 17)
    names = [rng.choice(LINEUP) for _ in range(P)]
    bots = [bot(n, (deal * 131 + s * 17) & 0x7FFFFFFF, expert_iterations) for s, n in enumerate(names)]
    g = Game(rules=rules, players=P, seed=deal, starter=deal % P)
    rows = []
    pos = 0
    while not g.is_over:
        s = g.to_move
        legal = g.legal_actions()
        view = g.view(s)
        disc = sorted({a.card.index for a in legal if isinstance(a, Discard)})
        if len(disc) > 1 and sum(view.turns) >= P:
            nxt = (s + 1) % P
            feats = eat_features(view, disc)
            ps = sampled_eat(view, disc, deals, rng)
            hand = g.hands[nxt]
            free = hand & ~g.eaten_mask[nxt]
            for c, f, p in zip(disc, feats, ps, strict=True):
                rows.append([deal, s, pos, c, names[s], names[nxt], *(round(x, 5) for x in f), round(p, 5),
                             int(can_eat(hand, c)), int(can_eat(free, c))])
            if hold_rows is not None:
                hc, hf = hold_features(view)
                for x, f in zip(hc, hf, strict=True):
                    hold_rows.append([deal, pos, x, *(round(v, 5) for v in f), hand >> x & 1])
            if games is not None:
                games.append(g.clone())
            pos += 1
        g.apply(bots[s].choose(view, legal))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=50)
    ap.add_argument("--deals", type=int, default=32, help="sampled deals per position for p_sampled")
    ap.add_argument("--expert-iterations", type=int, default=100)
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    t0 = time.time()
    made = 0
    for ci in range(0, (a.hands + a.chunk - 1) // a.chunk):
        path = os.path.join(a.out, f"{a.preset}-s{a.seed}-c{ci:04d}.csv.gz")
        if os.path.exists(path):
            continue
        rows: list[list] = []
        hold: list[list] = []
        for k in range(ci * a.chunk, min(a.hands, (ci + 1) * a.chunk)):
            rows += play_hand(a.seed * 1_000_003 + k, a.preset, a.deals, a.expert_iterations,
                              hold_rows=hold)
        hpath = os.path.join(a.out, f"hold-{a.preset}-s{a.seed}-c{ci:04d}.csv.gz")
        with gzip.open(hpath + ".part", "wt", newline="") as f:
            w = csv.writer(f)
            w.writerow(HOLD_COLUMNS)
            w.writerows(hold)
        os.replace(hpath + ".part", hpath)
        tmp = path + ".part"
        with gzip.open(tmp, "wt", newline="") as f:
            w = csv.writer(f)
            w.writerow(COLUMNS)
            w.writerows(rows)
        os.replace(tmp, path)
        made += 1
        print(f"{path}: {len(rows)} rows, {time.time() - t0:.0f} s", flush=True)
    print(f"done: {made} new chunks in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
