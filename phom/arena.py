"""Arena: play many hands between bots and measure them honestly.

    python3 -m phom.arena --bots hard,normal,normal,normal --hands 2000 --preset basic --jobs 2

Units are counted relative to the table: each seat's delta plus an equal share of
what the gà (pot) gained or paid out in the hand (``_relative``), so every hand
sums to zero even at a pot table.

Duplicate deals: every deal (a deck from a seed, and a starter) is played once
per rotation of the bots round the table, so each bot sits in every seat of
the same cards and the luck of the deal cancels. The mean units per hand of a
bot comes with a 95% confidence interval computed over these duplicate groups
(one number per group: the bot's mean over the group's hands), not over single
hands, which are strongly correlated within a group.

Also printed per bot: win rate (first place or ù), móm rate, ù rate, eat
payments, and its decision time (median and 95th percentile, over decisions
with more than one legal action).

CPython only: it runs hands in parallel processes. The page never imports it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

Record = dict[str, Any]


def _play_group(args: tuple[Any, ...]) -> list[Record]:
    """Play one duplicate group: the same deal once per rotation of the bots."""
    (gidx, bots, preset, players, base_seed, rotate, budget, wall) = args
    from . import Game
    from .bots import make
    from .rules import PRESETS

    rules = PRESETS[preset] if isinstance(preset, str) else preset
    P = players
    deal_seed = base_seed * 1_000_003 + gidx
    starter = gidx % P
    rotations = range(P) if rotate else range(1)
    out = []
    for r in rotations:
        lineup = [bots[(s + r) % P] for s in range(P)]  # seat s plays lineup[s]
        insts = []
        for s in range(P):
            b = make(lineup[s], seed=(deal_seed * 7 + r * 31 + s * 131) & 0x7FFFFFFF)
            if budget is not None and hasattr(b, "iterations"):
                b.iterations = budget
            if wall is not None and hasattr(b, "time_limit"):
                b.time_limit = wall
            insts.append(b)
        g = Game(rules=rules, players=P, seed=deal_seed, starter=starter)
        times: list[list[float]] = [[] for _ in range(P)]
        while not g.is_over:
            s = g.to_move
            legal = g.legal_actions()
            v = g.view(s)
            t0 = time.perf_counter()
            a = insts[s].choose(v, legal)
            dt = time.perf_counter() - t0
            if len(legal) > 1:
                times[s].append(dt)
            g.apply(a)
        res = g.result
        assert res is not None
        eat_units = [0] * P
        for p in res.ledger:
            if p.kind in ("eat", "chot"):
                eat_units[p.payee] += p.amount
                eat_units[p.payer] -= p.amount
        out.append({
            "group": gidx, "rotation": r, "lineup": lineup,
            "deltas": list(res.deltas), "units": _relative(res.deltas, res.pot_change),
            "winner": res.winner, "u_seat": res.u_seat,
            "mom": list(res.mom), "eat": eat_units, "times": times,
        })
    return out


def run(bots: Sequence[str], hands: int = 400, preset: Any = "basic", jobs: int = 1, seed: int = 1,
        rotate: bool = True, progress: bool = True, budget: int | None = None,
        wall: float | None = None) -> tuple[dict[str, Any], list[Record]]:
    """Play ``hands`` hands (rounded up to whole duplicate groups) and return stats."""
    P = len(bots)
    per_group = P if rotate else 1
    groups = max(1, math.ceil(hands / per_group))
    tasks = [(g, list(bots), preset, P, seed, rotate, budget, wall) for g in range(groups)]
    records = []
    t0 = time.time()
    if jobs > 1:
        import multiprocessing as mp

        ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
        with ctx.Pool(jobs) as pool:
            for i, rec in enumerate(pool.imap_unordered(_play_group, tasks, chunksize=1)):
                records.extend(rec)
                if progress:
                    _bar(i + 1, groups, t0)
    else:
        for i, t in enumerate(tasks):
            records.extend(_play_group(t))
            if progress:
                _bar(i + 1, groups, t0)
    if progress:
        sys.stderr.write("\n")
    return summarize(records, bots, preset), records


_last_bar = [0.0]


def _relative(deltas: Sequence[int], pot_change: int) -> list[float]:
    """Each seat's units relative to the table: its delta plus its share of what the
    gà gained (or paid out) this hand. Antes into the pot are not lost, they wait
    for the next ù; counted this way a hand sums to zero with or without a pot, so
    a pot preset does not read as everyone losing."""
    share = pot_change / len(deltas)
    return [d + share for d in deltas]


def _bar(done: int, total: int, t0: float) -> None:
    now = time.time()
    if done < total and now - _last_bar[0] < 0.5:
        return
    _last_bar[0] = now
    w = 30
    frac = done / total
    el = time.time() - t0
    eta = el / frac - el if frac > 0 else 0
    sys.stderr.write(f"\r[{'#' * int(w * frac):<{w}}] {done}/{total} groups  {el:5.0f}s  eta {eta:5.0f}s")
    sys.stderr.flush()


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def _pct(xs: Sequence[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return xs[k]


def summarize(records: Sequence[Record], bots: Sequence[str], preset: Any) -> dict[str, Any]:
    names = list(dict.fromkeys(bots))
    per_group: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))  # name -> group -> units
    agg: dict[str, dict[str, float]] = {n: defaultdict(float) for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    nhands = len({(r["group"], r["rotation"]) for r in records})
    for r in records:
        for s, n in enumerate(r["lineup"]):
            d = r["units"][s]
            per_group[n][r["group"]].append(d)
            a = agg[n]
            a["hands"] += 1
            a["units"] += d
            a["win"] += r["winner"] == s
            a["u"] += r["u_seat"] == s
            a["mom"] += bool(r["mom"][s])
            a["eat"] += r["eat"][s]
            times[n].extend(r["times"][s])
    per_bot: dict[str, Any] = {}
    out = {"preset": preset, "bots": list(bots), "hands": nhands,
           "groups": len({r["group"] for r in records}), "per_bot": per_bot}
    for n in names:
        a = agg[n]
        h = max(1, a["hands"])
        gm = [sum(v) / len(v) for v in per_group[n].values()]
        m, ci = _mean_ci(gm)
        per_bot[n] = {
            "seats": list(bots).count(n), "seat_hands": int(a["hands"]),
            "mean": m, "ci95": ci, "lo": m - ci, "hi": m + ci,
            "win_rate": a["win"] / h, "u_rate": a["u"] / h, "mom_rate": a["mom"] / h,
            "eat_units": a["eat"] / h,
            "time_median_ms": _pct(times[n], 0.5) * 1e3, "time_p95_ms": _pct(times[n], 0.95) * 1e3,
            "decisions": len(times[n]),
        }
    return out


def format_table(summary: dict[str, Any]) -> str:
    lines = [f"preset {summary['preset']}  bots {','.join(summary['bots'])}  "
             f"hands {summary['hands']} ({summary['groups']} duplicate groups)"]
    lines.append(f"{'bot':<10}{'seats':>6}{'units/hand':>12}{'95% CI':>20}{'win':>7}{'móm':>7}{'ù':>7}"
                 f"{'eats':>7}{'t med ms':>10}{'t p95 ms':>10}")
    for n, s in summary["per_bot"].items():
        ci = f"[{s['lo']:+.3f}, {s['hi']:+.3f}]"
        lines.append(f"{n:<10}{s['seats']:>6}{s['mean']:>+12.3f}{ci:>20}{s['win_rate']:>7.1%}"
                     f"{s['mom_rate']:>7.1%}{s['u_rate']:>7.1%}{s['eat_units']:>+7.2f}"
                     f"{s['time_median_ms']:>10.2f}{s['time_p95_ms']:>10.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(prog="python3 -m phom.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="hard,normal,normal,normal",
                    help="comma-separated bot names, one per seat (2-4)")
    ap.add_argument("--hands", type=int, default=400, help="hands to play (rounded up to whole groups)")
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-rotate", action="store_true", help="no duplicate rotation")
    ap.add_argument("--budget", type=int, default=None, help="iterations for searching bots")
    ap.add_argument("--wall", type=float, default=None, help="wall-clock cap (s) for searching bots")
    ap.add_argument("--json", default=None, help="write the summary to this file")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    bots = [b.strip() for b in a.bots.split(",") if b.strip()]
    if not 2 <= len(bots) <= 4:
        ap.error("2 to 4 bots")
    from .bots import names
    known = names()
    for b in bots:
        if b not in known:
            ap.error(f"unknown bot {b!r}; known: {', '.join(known)}")
    summary, _ = run(bots, a.hands, a.preset, a.jobs, a.seed, not a.no_rotate, not a.quiet,
                     a.budget, a.wall)
    print(format_table(summary))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(summary, f, indent=2, ensure_ascii=False)
    return summary


if __name__ == "__main__":
    main()
