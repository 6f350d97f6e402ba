"""The expert's choices on fixed deals, as JSON: what the page (Pyodide) and
CPython must agree on for the same seed and budget.

    python3 tools/expert_moves.py --hands 2 --budget 120
    node bench/pyodide_run.mjs tools/expert_moves.py --hands 2 --budget 120   # in Pyodide

Plays ``--hands`` hands of the expert against three ``hard`` (every seat's bot
seeded from the deal) and prints, for every decision the expert made, the
action, the search's candidates and their paired means, and the playouts
used; and a few hints (the review's expert at another seat's decision). ``tests/bots/test_same_in_pyodide.py`` runs both and compares.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from phom import Game  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.rules import PRESETS  # noqa: E402


def moves(hands: int, budget: int, preset: str, bot: str = "expert",
          hints: int = 3) -> list[list[object]]:
    from phom.review import expert_choice

    out: list[list[object]] = []
    for h in range(hands):
        g = Game(rules=PRESETS[preset], players=4, seed=500 + h, starter=h % 4)
        bots = [make(bot if s == h % 4 else "hard", seed=91 * h + s) for s in range(4)]
        bots[h % 4].iterations = budget
        while not g.is_over:
            s = g.to_move
            legal = g.legal_actions()
            b = bots[s]
            if s == h % 4:
                b.last_stats = None
            a = b.choose(g.view(s), legal)
            if s != h % 4 and len(legal) > 2 and hints > 0 and len(g.actions) > 12:
                # the hint's (and the review's) expert at another seat's decision
                hints -= 1
                ch = expert_choice(g.view(s), legal, key=f"same:{h}:{len(g.actions)}", worlds=60)
                out.append([h, len(g.actions), "hint", str(ch.action),
                            [[str(x), round(v, 9)] for x, v in ch.values], ch.worlds])
            if s == h % 4 and len(legal) > 1:
                st = b.last_stats
                out.append([h, len(g.actions), str(a), None if st is None else
                            [st["playouts"], [[j, round(m, 9), k] for j, m, _se, k in st["paired"]]]])
            g.apply(a)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2)
    ap.add_argument("--budget", type=int, default=120)
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--bot", default="expert")
    a = ap.parse_args(argv)
    print(json.dumps(moves(a.hands, a.budget, a.preset, a.bot)))


if __name__ == "__main__":
    main()
