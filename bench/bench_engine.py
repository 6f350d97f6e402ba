"""Engine throughput: complete random-bot hands per second, per preset and player count.

    python3 bench/bench_engine.py [--hands 2000]
Target (issue 2): >= 500 complete 4-player hands per second in CPython.
"""

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import phom  # noqa: E402
from phom.bots import make  # noqa: E402


def bench(preset, players, hands):
    rules = phom.Rules.preset(preset)
    bots = [make("random", s) for s in range(players)]
    t0 = time.perf_counter()
    steps = 0
    for h in range(hands):
        g = phom.Game(rules, players, seed=h, starter=h % players)
        while not g.is_over:
            s = g.to_move
            g.apply(bots[s].choose(g.view(s), g.legal_actions()))
            steps += 1
    dt = time.perf_counter() - t0
    return hands / dt, dt / steps * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    args = ap.parse_args()
    print(f"{'preset':<12} {'players':>7} {'hands/s':>9} {'µs/action':>10}")
    for preset in phom.PRESETS:
        for players in (4, 3, 2):
            hps, us = bench(preset, players, args.hands if players == 4 else args.hands // 4)
            print(f"{preset:<12} {players:>7} {hps:>9.0f} {us:>10.1f}")


if __name__ == "__main__":
    main()
