"""What a seat can infer from its view: card counting and opponent models.

All functions take a ``PlayerView`` (and nothing hidden) and return masks and
probabilities:

* ``seen_mask(view)``: cards this seat holds or has seen face-up.
* ``takes_left(view, after_discard)``: how many takes this seat still has
  before (and including) its lay-down take (the view asks ``phom/turns.py``).
* ``history(view)``: per seat, the discards it declined to eat, and what it ate.
* ``holdings(view, model=True)``: for every other seat, the chance it holds each
  unseen card, and the chance each unseen card is in the stock. With
  ``model=False`` the unseen cards are spread evenly; with ``model=True`` the
  evidence shifts them: the two partners of every card a seat ate (still in its
  hand), the cạ partners of discards it declined to eat (unlikely), and the
  neighbours of cards it discarded (less likely).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cards import Card
    from ..view import PlayerView

from .handeval import MELD_PAIRS, PARTNERS, bits

#: Per seat, the chance it holds each card (None for the viewer's own seat).
Hold = list[list[float] | None]

FULL = (1 << 52) - 1


def card_mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def seen_mask(view: PlayerView) -> int:
    m = card_mask(view.hand)
    for row in view.discards:
        m |= card_mask(row)
    for row in view.eaten:
        m |= card_mask(row)
    for _, _, cards in view.table_melds:
        m |= card_mask(cards)
    return m


def table_mask(view: PlayerView) -> int:
    m = 0
    for _, _, cards in view.table_melds:
        m |= card_mask(cards)
    return m


def turn_no(view: PlayerView, seat: int) -> int:
    """Turns ``seat`` has begun (the view's public counter)."""
    return view.public.turn_no[seat]


def takes_left(view: PlayerView, after_discard: bool = True) -> int:
    """Takes this seat still has up to and including its lay-down take (``turns.py``)."""
    return view.takes_left(after_discard)


def hand_ends_after_my_discard(view: PlayerView) -> bool:
    """Would this seat's next discard end the hand (``turns.py``)?"""
    return view.next_discard_ends_hand()


def history(view: PlayerView) -> tuple[list[list[int]], list[list[int]]]:
    """(declined, ate) per seat: lists of card indices.

    A seat declined card X when X was the previous seat's discard and that seat
    then drew instead of eating.
    """
    P = view.players
    declined: list[list[int]] = [[] for _ in range(P)]
    ate: list[list[int]] = [[] for _ in range(P)]
    last: tuple[int, int] | None = None  # (seat, card index)
    for ev in view.events:
        s, kind, card = ev[0], ev[1], ev[2]
        if kind == "discard" and card is not None:
            last = (s, card.index)
        elif kind == "draw":
            if last is not None and (last[0] + 1) % P == s:
                declined[s].append(last[1])
            last = None
        elif kind == "eat" and card is not None:
            ate[s].append(card.index)
            last = None
    return declined, ate


def unknown_counts(view: PlayerView, tmask: int | None = None) -> list[int]:
    """Per seat: cards in hand that are not eaten-and-visible (unknown to others)."""
    if tmask is None:
        tmask = table_mask(view)
    out = []
    for s in range(view.players):
        em = card_mask(view.eaten[s]) & ~tmask
        out.append(view.hand_sizes[s] - em.bit_count())
    return out


def holdings(view: PlayerView, model: bool = True, seen: int | None = None,
             iters: int = 4, decline_w: float = 0.7, discard_w: float = 0.85) -> tuple[Hold, list[float]]:
    """(hold, stock): hold[s][i] chance seat s holds unseen card i (the
    viewer's own row is None); stock[i] the chance card i is in the stock."""
    P = view.players
    me = view.seat
    if seen is None:
        seen = seen_mask(view)
    unseen = FULL & ~seen
    ub = bits(unseen)
    U = len(ub)
    tmask = table_mask(view)
    counts = unknown_counts(view, tmask)
    S = view.stock_size
    hold: Hold = [None] * P
    if U == 0:
        for s in range(P):
            if s != me:
                hold[s] = [0.0] * 52
        return hold, [0.0] * 52
    if not model:
        for s in range(P):
            if s != me:
                row = [0.0] * 52
                p = counts[s] / U
                for i in ub:
                    row[i] = p
                hold[s] = row
        st = [0.0] * 52
        p = S / U
        for i in ub:
            st[i] = p
        return hold, st

    declined, ate = history(view)
    w = {}
    forced = {}
    for s in range(P):
        if s == me:
            continue
        row = [0.0] * 52
        for i in ub:
            row[i] = 1.0
        frow = [0.0] * 52
        # partners of eaten cards still in hand
        for c in view.eaten[s]:
            ci = c.index
            if tmask >> ci & 1:
                continue
            pairs = [(a, b) for a, b in MELD_PAIRS[ci] if unseen >> a & 1 and unseen >> b & 1]
            if pairs:
                share = 1.0 / len(pairs)
                for a, b in pairs:
                    frow[a] += share
                    frow[b] += share
        # declined cards: unlikely to hold a meld pair for them
        for x in declined[s]:
            for a, b in MELD_PAIRS[x]:
                if unseen >> a & 1 and unseen >> b & 1:
                    row[a] *= decline_w
                    row[b] *= decline_w
        # discarded cards: their cạ partners a little less likely
        for c in view.discards[s]:
            for a in bits(PARTNERS[c.index] & unseen):
                row[a] *= discard_w
        w[s] = row
        forced[s] = frow
    st = [0.0] * 52
    for i in ub:
        st[i] = 1.0
    # rows: free mass per seat
    free = {}
    for s in w:
        fsum = sum(min(0.9, f) for f in forced[s])
        free[s] = max(0.0, counts[s] - fsum)
    # iterative proportional fitting: rows sum to counts, columns to 1
    cur = {s: [0.0] * 52 for s in w}
    for it in range(iters):
        for s in w:
            row = w[s]
            tot = 0.0
            for i in ub:
                tot += row[i]
            scale = free[s] / tot if tot > 0 else 0.0
            cs = cur[s]
            f = forced[s]
            for i in ub:
                cs[i] = min(0.97, (f[i] if f[i] < 0.9 else 0.9) + row[i] * scale)
        tot = sum(st[i] for i in ub)
        scale = S / tot if tot > 0 else 0.0
        stc = [0.0] * 52
        for i in ub:
            stc[i] = st[i] * scale
        # column normalise
        for i in ub:
            col = stc[i]
            for s in w:
                col += cur[s][i]
            if col > 0:
                k = 1.0 / col
                stc[i] *= k
                for s in w:
                    cur[s][i] *= k
                    # feed back into the free weights for the next round
                    if it < iters - 1:
                        w[s][i] *= k
                st[i] *= k
        if it == iters - 1:
            st = stc
    for s in w:
        hold[s] = cur[s]
    return hold, st


def _partners_by_search(view: PlayerView, rng: random.Random, opps: list[int], pool: set[int],
                        tmask: int, limit: int = 20000) -> dict[int, int] | None:
    """Two partners for every eaten card still in a hand, no card used twice,
    found by depth-first search (pairs tried in a random order); the partners
    are removed from ``pool``. None if there is no such assignment (or the
    search passes ``limit`` steps)."""
    need = [(s, e) for s in opps for e in bits(card_mask(view.eaten[s]) & ~tmask)]
    # the eaten card with the fewest possible pairs first
    need.sort(key=lambda se: sum(1 for a, b in MELD_PAIRS[se[1]] if a in pool and b in pool))
    chosen: list[tuple[int, int]] = []
    steps = [0]

    def dfs(k: int) -> bool:
        if k == len(need):
            return True
        steps[0] += 1
        if steps[0] > limit:
            return False
        pairs = [(a, b) for a, b in MELD_PAIRS[need[k][1]] if a in pool and b in pool]
        rng.shuffle(pairs)
        for a, b in pairs:
            pool.discard(a)
            pool.discard(b)
            chosen.append((a, b))
            if dfs(k + 1):
                return True
            chosen.pop()
            pool.add(a)
            pool.add(b)
        return False

    if not dfs(0):
        return None
    hands = {s: card_mask(view.eaten[s]) & ~tmask for s in opps}
    for (s, _), (a, b) in zip(need, chosen, strict=True):
        hands[s] |= (1 << a) | (1 << b)
    return hands


def sample_hidden(view: PlayerView, rng: random.Random, hold: Hold | None = None,
                  seen: int | None = None, tries: int = 20) -> tuple[dict[int, int], list[int]]:
    """Deal the cards this seat cannot see: {seat: hand mask} for the other
    seats and the stock as a list of card indices (top last), consistent with
    the view — every eaten card still in a hand gets two partners making a meld
    with it, hand sizes and the stock size are kept — and, when ``hold`` (from
    ``holdings``) is given, weighted by the opponent model."""
    P = view.players
    me = view.seat
    if seen is None:
        seen = seen_mask(view)
    tmask = table_mask(view)
    pool0 = bits(FULL & ~seen)
    counts = unknown_counts(view, tmask)
    opps = [s for s in range(P) if s != me]
    for _ in range(tries):
        pool = set(pool0)
        hands = {}
        ok = True
        order = opps[:]
        rng.shuffle(order)
        for s in order:
            em = card_mask(view.eaten[s]) & ~tmask
            h = em
            row = hold[s] if hold is not None else None
            for e in bits(em):
                pairs = [(a, b) for a, b in MELD_PAIRS[e] if a in pool and b in pool]
                if not pairs:
                    ok = False
                    break
                if row is not None:
                    ws = [row[a] * row[b] + 1e-9 for a, b in pairs]
                    r = rng.random() * sum(ws)
                    k = 0
                    while k < len(pairs) - 1:
                        r -= ws[k]
                        if r <= 0:
                            break
                        k += 1
                    a, b = pairs[k]
                else:
                    a, b = pairs[rng.randrange(len(pairs))]
                pool.discard(a)
                pool.discard(b)
                h |= (1 << a) | (1 << b)
            if not ok:
                break
            hands[s] = h
        if ok:
            break
    else:
        # the weighted greedy draws kept taking partners another eaten card
        # needed: search for an assignment (the true deal is one, so it exists);
        # a deal without partners would leave a seat unable to lay down
        pool = set(pool0)
        found = _partners_by_search(view, rng, opps, pool, tmask)
        # (None cannot happen for a view of a real hand)
        hands = found if found is not None else {s: card_mask(view.eaten[s]) & ~tmask for s in opps}
        ok = True
        order = opps
    # fill the rest
    for s in order if ok else opps:
        need = counts[s] - (hands[s] & ~(card_mask(view.eaten[s]) & ~tmask)).bit_count()
        if need <= 0:
            continue
        cand = sorted(pool)
        row = hold[s] if hold is not None else None
        if row is None:
            picks = rng.sample(cand, need)
        else:
            keyed = []
            for x in cand:
                w = row[x] + 1e-6
                keyed.append((rng.random() ** (1.0 / w), x))
            keyed.sort(reverse=True)
            picks = [x for _, x in keyed[:need]]
        for x in picks:
            pool.discard(x)
            hands[s] |= 1 << x
    stock = sorted(pool)
    rng.shuffle(stock)
    return hands, stock
