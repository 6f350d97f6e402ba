"""How often the review marks a decision, and how long it takes (not a test).

    python3 bench/bench_review.py --hands 20 --bot normal --preset basic
    python3 bench/bench_review.py --pyodide --hands 5     # in the page's runtime

Plays ``--hands`` hands with ``--bot`` in seat 0 and three ``hard`` bots, reviews
seat 0 at the page's settings (``phom.review`` defaults) and prints: decisions
reviewed per hand, the share marked, the mean marked cost, and seconds per hand
review, on the Python it runs in. ``--pyodide`` runs the same script in Pyodide
under Node (``bench/pyodide_run.mjs``, the npm copy set-up fetched): the page's
interpreter, without the browser.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import in_pyodide  # noqa: E402  (bench/, beside this script)

import phom  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.review import review  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--bot", default="normal")
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pyodide", action="store_true", help="run in Pyodide under Node")
    a = ap.parse_args()
    if a.pyodide:
        in_pyodide.rerun(__file__, sys.argv[1:])
    runtime = in_pyodide.runtime()
    times, cpu, counts, decisions, marked, costs, hands_marked = [], [], [], 0, 0, [], 0
    for h in range(a.hands):
        g = phom.Game(phom.Rules.preset(a.preset), players=4, seed=a.seed * 100000 + h)
        bots = [make("hard", seed=h * 10 + s) for s in range(4)]
        bots[0] = make(a.bot, seed=h)
        while not g.is_over:
            s = g.to_move
            g.apply(bots[s].choose(g.view(s), g.legal_actions()))
        t, c = time.perf_counter(), time.process_time()
        r = review(g, 0, seed=h)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        decisions += len(r.decisions)
        counts.append(max(1, len(r.decisions)))
        marked += len(r.marked)
        hands_marked += bool(r.marked)
        costs += [d.cost for d in r.marked]
    print(f"{a.bot} in seat 0, {a.preset}, {a.hands} hands: {decisions / a.hands:.1f} decisions "
          f"reviewed a hand, {marked} marked ({100 * marked / max(1, decisions):.1f}% of "
          f"decisions, {100 * hands_marked / a.hands:.0f}% of hands), mean marked cost "
          f"{statistics.mean(costs) if costs else 0:.2f} units")
    print(f"review time a hand: median {statistics.median(times):.2f} s wall, "
          f"{statistics.median(cpu):.2f} s CPU (max {max(cpu):.2f} s CPU; {runtime}; "
          f"{statistics.median([d / h for d, h in zip(cpu, counts, strict=True)]):.2f} s CPU a decision)")


if __name__ == "__main__":
    main()
