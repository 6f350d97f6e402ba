"""The bot ladder: each strength against three of the one below it, and the
expert against three of the expert before issue 40 (``expert0``).

    python3 bench/ladder.py --hands 2000 --jobs 2
    python3 bench/ladder.py --hands 2000 --expert-hands 800 --budget 400 --json ladder.json
    python3 bench/ladder.py --preset all --hands 1000 --expert-hands 300   # every preset
    python3 bench/ladder.py --steps expert --hands 4000 --preset basic,traditional,village

Every step is a duplicate-deal arena run (``phom.arena``): the same decks are
replayed with the bots rotated round the table, and the 95% confidence
interval of the mean units per hand is taken over the duplicate groups. A step
passes when the whole interval is above zero. Units are relative to the table
(``phom.arena``): at a gà table a seat's share of what the pot gained counts
as its own, so a preset with a pot does not read as everyone losing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from phom import arena  # noqa: E402
from phom.rules import PRESETS  # noqa: E402

STEPS = [("easy", "random"), ("normal", "easy"), ("hard", "normal"), ("expert", "hard"),
         ("expert", "expert0")]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per step")
    ap.add_argument("--expert-hands", type=int, default=None,
                    help="hands for the expert step (default: --hands)")
    ap.add_argument("--budget", type=int, default=None, help="expert playouts per decision")
    ap.add_argument("--preset", default="basic",
                    help="a preset, a comma list of presets, or 'all' (every preset in turn)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--steps", default=None,
                    help="comma list of steps: a bot (every step it plays) or bot/below, "
                         "e.g. hard,expert/hard,expert/expert0")
    ap.add_argument("--json", default=None)
    a = ap.parse_args(argv)
    steps = STEPS
    if a.steps:
        want = set(a.steps.split(","))
        steps = [s for s in STEPS if s[0] in want or f"{s[0]}/{s[1]}" in want]
    presets = list(PRESETS) if a.preset == "all" else a.preset.split(",")
    for p in presets:
        if p not in PRESETS:
            ap.error(f"unknown preset {p!r}; known: {', '.join(PRESETS)}")
    table = {p: ladder(p, steps, a) for p in presets}
    print()
    for p, rows in table.items():
        print_ladder(p, rows)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"presets": table}, f, indent=2, ensure_ascii=False)
    return table


def ladder(preset, steps, a):
    rows = []
    for bot, below in steps:
        hands = a.expert_hands if (bot == "expert" and a.expert_hands) else a.hands
        t0 = time.time()
        # --budget is the playouts of every searching bot at the table (expert0 too)
        summary, _ = arena.run([bot, below, below, below], hands, preset, a.jobs, a.seed,
                               True, True, a.budget if bot == "expert" else None)
        s = summary["per_bot"][bot]
        rows.append({
            "bot": bot, "vs": below, "hands": summary["hands"], "mean": s["mean"],
            "lo": s["lo"], "hi": s["hi"], "pass": s["lo"] > 0, "win": s["win_rate"],
            "mom": s["mom_rate"], "u": s["u_rate"], "t_med_ms": s["time_median_ms"],
            "t_p95_ms": s["time_p95_ms"], "seconds": time.time() - t0,
        })
        print(arena.format_table(summary), flush=True)
    return rows


def print_ladder(preset, rows):
    print(f"ladder, preset {preset}: each bot against three of the one below")
    print(f"{'bot':<8}{'vs 3×':<8}{'hands':>7}{'units/hand':>12}{'95% CI':>20}{'':>3}"
          f"{'win':>7}{'móm':>7}{'ù':>7}{'t med':>9}{'t p95':>9}{'s':>7}")
    for r in rows:
        ci = f"[{r['lo']:+.3f}, {r['hi']:+.3f}]"
        print(f"{r['bot']:<8}{r['vs']:<8}{r['hands']:>7}{r['mean']:>+12.3f}{ci:>20}"
              f"{'ok' if r['pass'] else ' ✗':>3}{r['win']:>7.1%}{r['mom']:>7.1%}{r['u']:>7.1%}"
              f"{r['t_med_ms']:>7.2f}ms{r['t_p95_ms']:>7.1f}ms{r['seconds']:>7.0f}")
    print(flush=True)

if __name__ == "__main__":
    main()
