"""How much is seeing the hidden cards worth? A ceiling for honest search.

    python3 bench/info_bound.py --groups 100 --jobs 2
    python3 bench/info_bound.py --groups 100 --know hands --search discard,chot

Plays ``expert`` against three ``hard`` on duplicate deals (the arena's
method: every deal once per seat rotation) in three versions that differ only
in where the expert's search gets its deals from:

* ``honest``: sampled from the expert's ``PlayerView`` (the real bot);
* ``hands``: the true hands of the other players, the stock reshuffled;
* ``all``: the true hands and the true stock order.

The two cheating versions exist only here, to measure the ceiling: if search
that sees every hand gains G units per hand over ``hard``, an honest bot can
gain at most what its inference recovers of G. Never registered as a bot.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from phom import Game  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.bots.expert import ExpertBot  # noqa: E402
from phom.rules import PRESETS  # noqa: E402


class PeekingExpert(ExpertBot):
    """The expert's search run on the true deal (benchmark only: it cheats)."""

    name = "peeking-expert"
    know = "hands"
    true_game = None   # set by the driver before every decision

    def world_sampler(self, view):
        if self.know == "honest":
            return super().world_sampler(view)
        truth = self.true_game

        def world(wr):
            g = truth.clone()
            if self.know == "hands":
                wr.shuffle(g.stock)
            return g

        return world


def _group(args):
    gidx, seed, preset, know, search, iters = args
    rules = PRESETS[preset]
    P = 4
    deal_seed = seed * 1_000_003 + gidx
    total = 0.0
    for r in range(P):
        bots = []
        for s in range(P):
            bseed = (deal_seed * 7 + r * 31 + s * 131) & 0x7FFFFFFF
            if s == r:
                b = PeekingExpert(seed=bseed, iterations=iters)
                b.know = know
                if search:
                    b.search = set(search)
            else:
                b = make("hard", seed=bseed)
            bots.append(b)
        g = Game(rules=rules, players=P, seed=deal_seed, starter=gidx % P)
        while not g.is_over:
            s = g.to_move
            b = bots[s]
            if isinstance(b, PeekingExpert):
                b.true_game = g
            g.apply(b.choose(g.view(s), g.legal_actions()))
        total += g.result.deltas[r]
    return total / P


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--groups", type=int, default=100, help="duplicate groups (4 hands each)")
    ap.add_argument("--know", default="honest,hands,all")
    ap.add_argument("--search", default=None,
                    help="decisions to search, e.g. discard,chot,final,take,lay (default: the bot's own)")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=77)
    a = ap.parse_args(argv)
    search = a.search.split(",") if a.search else None
    print(f"expert (search {a.search or 'as the bot does'}, {a.iterations} playouts) vs 3 hard, "
          f"preset {a.preset}, {a.groups * 4} hands")
    print(f"{'search sees':<14}{'units/hand':>11}{'95% CI':>20}{'seconds':>9}")
    ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
    with ctx.Pool(a.jobs) as pool:
        for know in a.know.split(","):
            t0 = time.time()
            tasks = [(g, a.seed, a.preset, know, search, a.iterations) for g in range(a.groups)]
            vals = pool.map(_group, tasks, chunksize=1)
            m = statistics.mean(vals)
            h = 1.96 * statistics.stdev(vals) / math.sqrt(len(vals)) if len(vals) > 1 else float("inf")
            print(f"{know:<14}{m:>+11.3f}{f'[{m - h:+.3f}, {m + h:+.3f}]':>20}{time.time() - t0:>9.0f}",
                  flush=True)


if __name__ == "__main__":
    main()
