"""Screen variants of ``hard``'s knobs (``heuristic.Level``) against three ``hard``.

    python3 bench/tune_level.py --groups 1000 --variants 'gift:{"gift":0.6}' 'look:{"lookahead":true}'

Each variant is ``name:JSON`` of ``Level`` attributes set on a copy of ``HARD``;
it sits in every seat of the same duplicate deals in turn, the other three
seats ``hard``. Since ``hard`` against three ``hard`` scores exactly zero on
every deal (one deterministic policy, a zero-sum table), a variant's mean over
the duplicate groups is already its paired gain over ``hard``. Cheap (the
heuristic decides in a fraction of a millisecond), so a knob can be screened on
thousands of hands; what it finds is the expert's prior (``expert.py``).
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing as mp
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from screen_expert import ci, group  # noqa: E402  (the same duplicate groups and interval)

from phom.bots import make  # noqa: E402
from phom.bots.heuristic import HARD, HeuristicBot  # noqa: E402


def variant(over: dict, seed: int, base: str = "hard") -> HeuristicBot:
    b = make(base, seed=seed)
    assert isinstance(b, HeuristicBot)
    if over:
        lv = copy.copy(b.level if base != "hard" else HARD)
        lv.__dict__.update(over)
        b.level = lv
    return b


def _group(args):
    """screen_expert's duplicate group, the variant a changed heuristic."""
    gidx, over, preset, seed, base = args
    return group(gidx, over, preset, seed, "hard",
                 build=lambda o, bseed: variant(o, bseed, base))[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--groups", type=int, default=500, help="duplicate groups (4 hands each)")
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--base", default="hard", help="the bot whose level the variants change")
    ap.add_argument("--variants", nargs="+", required=True)
    a = ap.parse_args(argv)
    with mp.get_context("fork").Pool(a.jobs) as pool:
        for spec in a.variants:
            name, _, js = spec.partition(":")
            over = json.loads(js or "{}")
            t0 = time.time()
            xs = pool.map(_group, [(g, over, a.preset, a.seed, a.base) for g in range(a.groups)],
                          chunksize=8)
            m, h = ci(xs)
            print(f"{a.preset:<12}{name:<24}{m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]  "
                  f"{4 * a.groups} hands {time.time() - t0:.0f}s  {js}", flush=True)


if __name__ == "__main__":
    main()
