"""Decision time of each bot (median, 95th percentile, max), on CPython or Pyodide.

    python3 bench/bench_bots.py            # all bots, 40 hands each against hard
    python3 bench/bench_bots.py --bots expert --hands 10 --budget 400
    python3 bench/bench_bots.py --pyodide --hands 10   # in the page's runtime (Node)

Only decisions with more than one legal action are timed. ``--pyodide`` runs
the same script in Pyodide under Node (``bench/pyodide_run.mjs``): measured, not
a CPython time times a guessed factor (the engine's playouts run about 2.3×
slower there on this machine, December 2026). Also reports, for the expert, the longest slice between two yields of
``choose_steps`` (what the page's main thread sees).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import in_pyodide  # noqa: E402  (bench/, beside this script)

import phom  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.rules import PRESETS  # noqa: E402


def bench(name, hands, preset, budget=None):
    times, slices = [], []
    P = 4
    for h in range(hands):
        g = phom.Game(rules=PRESETS[preset], players=P, seed=9000 + h, starter=h % P)
        seat = h % P
        bots = [make(name if s == seat else "hard", seed=h * 10 + s) for s in range(P)]
        if budget is not None and hasattr(bots[seat], "iterations"):
            bots[seat].iterations = budget
        while not g.is_over:
            s = g.to_move
            legal = g.legal_actions()
            v = g.view(s)
            if s == seat and len(legal) > 1:
                t0 = time.perf_counter()
                gen = bots[s].choose_steps(v, legal)
                last = t0
                while True:
                    try:
                        next(gen)
                        now = time.perf_counter()
                        slices.append(now - last)
                        last = now
                    except StopIteration as stop:
                        a = stop.value
                        now = time.perf_counter()
                        slices.append(now - last)
                        break
                times.append(now - t0)
            else:
                a = bots[s].choose(v, legal)
            g.apply(a)
    return times, slices


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))] if xs else 0.0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="random,easy,normal,hard,expert")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--expert-hands", type=int, default=12)
    ap.add_argument("--budget", type=int, default=None)
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--pyodide", action="store_true", help="run in Pyodide under Node")
    a = ap.parse_args(argv)
    if a.pyodide:
        in_pyodide.rerun(__file__, sys.argv[1:] if argv is None else argv)
    print(in_pyodide.runtime())
    print(f"{'bot':<8}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}{'max slice ms':>14}")
    for name in a.bots.split(","):
        hands = a.expert_hands if name == "expert" else a.hands
        t, sl = bench(name, hands, a.preset, a.budget)
        ms = [x * 1e3 for x in t]
        print(f"{name:<8}{len(ms):>10}{pct(ms, .5):>11.2f}{pct(ms, .95):>9.2f}{max(ms):>9.1f}"
              f"{max(sl) * 1e3:>14.1f}", flush=True)


if __name__ == "__main__":
    main()
