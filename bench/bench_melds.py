"""Benchmark of the meld solver: microseconds per call of best_arrangement and its
mask forms on random and meld-rich 10-card hands (best of 3 runs).

    python3 bench/bench_melds.py [N_HANDS]     # default 20000
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from phom import melds as M  # noqa: E402
from phom.cards import DECK, mask_to_cards  # noqa: E402


def random_hands(rng, n, size=10):
    return [sum(1 << i for i in rng.sample(range(52), size)) for _ in range(n)]


def meldy_hands(rng, n, size=10):
    """Hands drawn from 4-6 adjacent ranks: many melds, the hard case."""
    out = []
    for _ in range(n):
        lo = rng.randint(1, 8)
        pool = [c.index for c in DECK if lo <= c.rank <= lo + rng.randint(3, 5)]
        out.append(sum(1 << i for i in rng.sample(pool, min(size, len(pool)))))
    return out


def with_valid_eaten(rng, hands, n):
    """(hand, eaten) pairs with 1-2 eaten cards that leave the hand valid."""
    out = []
    while len(out) < n:
        h = rng.choice(hands) if hands else random_hands(rng, 1)[0]
        cand = [i for i in range(52) if (h >> i) & 1 and any(m & h == m for m in M.MELDS_BY_CARD[i])]
        if not cand:
            h = random_hands(rng, 1)[0]
            continue
        k = rng.choice((1, 2))
        if len(cand) < k:
            continue
        e = sum(1 << i for i in rng.sample(cand, k))
        if M.is_valid_mask(h, e):
            out.append((h, e))
    return out


def per_call_us(fn, args_list, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for a in args_list:
            fn(*a)
        best = min(best, time.perf_counter() - t)
    return best / len(args_list) * 1e6


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="bench/bench_melds.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=20000, metavar="N_HANDS",
                    help="hands per measure (default 20000)")
    args = ap.parse_args(argv)
    if args.n < 1:
        ap.error(f"N_HANDS must be at least 1, got {args.n}")
    return args


def main(argv: list[str] | None = None):
    n = parse_args(sys.argv[1:] if argv is None else argv).n
    rng = random.Random(2024)
    hands = random_hands(rng, n)
    # random hands with a meld (so that eaten cards can be valid)
    pool = [h for h in random_hands(rng, 20 * n) if M._candidates(h)][: n]
    eaten_pairs = with_valid_eaten(rng, pool, n)
    meldy = meldy_hands(rng, n)
    meldy_eaten = with_valid_eaten(rng, meldy, n)

    card_hands = [(mask_to_cards(h),) for h in hands]
    card_eaten = [(mask_to_cards(h), mask_to_cards(e)) for h, e in eaten_pairs]

    print(f"{n} hands of 10 cards; best of 3 runs; microseconds per call")
    print(f"python {sys.version.split()[0]}")
    rows = []

    def clear_cache(*_):
        M._CACHE.clear()

    def best_cards_nocache(cards, eaten=()):
        M._CACHE.clear()
        return M.best_arrangement(cards, eaten)

    rows.append(("best_arrangement (Cards, random, no eaten)", per_call_us(best_cards_nocache, card_hands)))
    rows.append(("best_arrangement (Cards, random, 1-2 eaten valid)", per_call_us(best_cards_nocache, card_eaten)))
    rows.append(("best_arrangement (Cards, cached repeat)", per_call_us(M.best_arrangement, card_hands[:4000])))
    rows.append(("best_arrangement_mask random, no eaten", per_call_us(M.best_arrangement_mask, [(h,) for h in hands])))
    rows.append(("best_arrangement_mask random, 1-2 eaten", per_call_us(M.best_arrangement_mask, eaten_pairs)))
    rows.append(("best_arrangement_mask meld-rich, no eaten", per_call_us(M.best_arrangement_mask, [(h,) for h in meldy])))
    rows.append(("best_arrangement_mask meld-rich, 1-2 eaten", per_call_us(M.best_arrangement_mask, meldy_eaten)))
    rows.append(("is_valid_mask random, 1-2 eaten", per_call_us(M.is_valid_mask, eaten_pairs)))
    rows.append(("is_valid_mask meld-rich, 1-2 eaten", per_call_us(M.is_valid_mask, meldy_eaten)))
    rows.append(("full_cover_mask random", per_call_us(M.full_cover_mask, [(h,) for h in hands])))
    rows.append(("all_arrangements_mask random, no eaten", per_call_us(M.all_arrangements_mask, [(h,) for h in hands])))
    rows.append(("all_arrangements_mask random, 1-2 eaten", per_call_us(M.all_arrangements_mask, eaten_pairs)))
    rows.append(("all_arrangements_mask meld-rich, no eaten", per_call_us(M.all_arrangements_mask, [(h,) for h in meldy[: n // 4]])))
    rows.append(("all_arrangements_mask meld-rich, 1-2 eaten", per_call_us(M.all_arrangements_mask, meldy_eaten[: n // 4])))
    w = max(len(r[0]) for r in rows)
    for name, us in rows:
        print(f"  {name:<{w}}  {us:8.2f} us")
    nm = sum(len(M.all_arrangements_mask(h)) for h in meldy[:2000]) / 2000
    print(f"  (meld-rich hands: {nm:.1f} arrangements on average)")
    clear_cache()


if __name__ == "__main__":
    main()
