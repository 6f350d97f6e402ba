"""Screen expert variants quickly: each variant against three ``hard`` on the same
duplicate deals, and the paired difference of every variant from the first.

    python3 bench/screen_expert.py --groups 100 --variants 'base:{}' 'take:{"search":["take","final","chot","discard"]}'

A variant is ``name:JSON`` of attributes set on a fresh ``ExpertBot`` (or
``name:bot=expert0`` to use a registered bot). One process (the machine is
shared); the paired difference is over duplicate groups (the same deals), so it
is tighter than either variant's own interval.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from phom import Game  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.rules import PRESETS  # noqa: E402


def build(spec, seed):
    name, _, rest = spec.partition(":")
    if rest.startswith("bot="):
        return make(rest[4:], seed=seed)
    b = make("expert", seed=seed)
    for k, v in json.loads(rest or "{}").items():
        if k in ("rollout_self", "rollout_bot"):
            v = make(v, seed=seed)     # a bot by name
        elif k == "level":
            lv = copy.copy(b.level)    # hard's knobs changed: {"level": {"gift": 0.6}}
            lv.__dict__.update(v)
            v = lv
        setattr(b, k, set(v) if k == "search" else v)
    return b


def group(gidx, spec, preset, seed, opp="hard", build=build):
    """One duplicate group: ``build(spec, seed)`` in each seat in turn, ``opp``
    in the others; the variant's mean units over the four hands, and its times."""
    rules = PRESETS[preset]
    P = 4
    deal_seed = seed * 1_000_003 + gidx
    tot = 0.0
    times = []
    for r in range(P):
        bots = []
        for s in range(P):
            bseed = (deal_seed * 7 + r * 31 + s * 131) & 0x7FFFFFFF
            bots.append(build(spec, bseed) if s == r else make(opp, seed=bseed))
        g = Game(rules=rules, players=P, seed=deal_seed, starter=gidx % P)
        while not g.is_over:
            s = g.to_move
            legal = g.legal_actions()
            t0 = time.perf_counter()
            a = bots[s].choose(g.view(s), legal)
            if s == r and len(legal) > 1:
                times.append(time.perf_counter() - t0)
            g.apply(a)
        res = g.result
        share = res.pot_change / P
        tot += res.deltas[r] + share
    return tot / P, times


def ci(xs):
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else float("inf")
    return m, 1.96 * sd / math.sqrt(n)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--groups", type=int, default=100)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--opp", default="hard")
    ap.add_argument("--cache", default=None, help="json file caching per-group results by variant spec")
    ap.add_argument("--variants", nargs="+", required=True)
    a = ap.parse_args(argv)
    cache = {}
    if a.cache and os.path.exists(a.cache):
        cache = json.load(open(a.cache))
    res = {}
    for spec in a.variants:
        key = f"{a.preset}|{a.seed}|{a.opp}|{spec}"
        got = cache.setdefault(key, {})
        t0 = time.time()
        alltimes = []
        for gi in range(a.start, a.start + a.groups):
            if str(gi) in got:
                continue
            v, ts = group(gi, spec, a.preset, a.seed, a.opp)
            got[str(gi)] = v
            alltimes.extend(ts)
            if a.cache and gi % 10 == 9:
                json.dump(cache, open(a.cache, "w"))
        if a.cache:
            json.dump(cache, open(a.cache, "w"))
        res[spec] = [got[str(gi)] for gi in range(a.start, a.start + a.groups)]
        m, h = ci(res[spec])
        alltimes.sort()
        med, p95 = ((alltimes[int(q * (len(alltimes) - 1))] * 1e3 for q in (0.5, 0.95)) if alltimes
                    else (0, 0))
        print(f"{spec[:70]:<70} {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]  "
              f"t med {med:.0f} p95 {p95:.0f} ms  {time.time() - t0:.0f}s", flush=True)
    base = a.variants[0]
    for spec in a.variants[1:]:
        d = [x - y for x, y in zip(res[spec], res[base], strict=True)]
        m, h = ci(d)
        print(f"  {spec[:60]:<60} - base: {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]", flush=True)


if __name__ == "__main__":
    main()
