"""Command line: play hands between bots and print one hand's log.

    python3 -m phom --hands 200 --bots random,random,random,random --preset basic
"""

from __future__ import annotations

import argparse
import sys
import time

from . import PRESETS, Game, Rules
from .bots import make
from .narrate import hand_log


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m phom", description=__doc__.strip().splitlines()[0])
    ap.add_argument("--hands", type=int, default=100, help="how many hands to play")
    ap.add_argument("--bots", default="random,random,random,random",
                    help="comma-separated bot names, one per seat (2-4)")
    ap.add_argument("--preset", default="basic", choices=sorted(PRESETS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", default="vi", choices=["vi", "en"])
    ap.add_argument("--log", type=int, default=0, help="which hand's log to print (-1: none)")
    args = ap.parse_args(argv)
    names = args.bots.split(",")
    if not 2 <= len(names) <= 4:
        ap.error("2 to 4 bots")
    rules = Rules.preset(args.preset)
    bots = [make(n, args.seed + i) for i, n in enumerate(names)]
    totals = [0] * len(bots)
    t0 = time.perf_counter()
    for h in range(args.hands):
        g = Game(rules, len(bots), seed=args.seed * 100_003 + h, starter=h % len(bots))
        while not g.is_over:
            s = g.to_move
            g.apply(bots[s].choose(g.view(s), g.legal_actions()))
        assert g.result is not None
        for s, d in enumerate(g.result.deltas):
            totals[s] += d
        if h == args.log:
            labels = [f"{n} ({i + 1})" for i, n in enumerate(names)]
            print("\n".join(hand_log(g, args.lang, labels)))
            print()
    dt = time.perf_counter() - t0
    for i, n in enumerate(names):
        print(f"seat {i + 1} {n:>8}: {totals[i]:+6d} units  ({totals[i] / max(args.hands, 1):+.2f}/hand)")
    print(f"{args.hands} hands in {dt:.2f} s ({args.hands / dt:.0f} hands/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
