"""Hand evaluation for the bots, on 52-bit card masks.

Everything here is pure computation on what a seat may know: its own hand, the
public table, and probabilities derived from them. Nothing reads a Game.

Main pieces:

* ``dw_options(hand, eaten)``: the deadwood masks of the arrangements worth
  considering (no arrangement whose deadwood strictly contains another's), or
  None when the eaten-card rule cannot be met.
* ``Context``: per-decision numbers — for each card the chance that this seat
  still gets it (``p_get``), the chance each opponent holds it, cards that can
  be sent onto table melds, the value of a point of deadwood, of móm, of ù.
* ``hand_value(hand, eaten, ctx)``: an estimate, in units, of how good a hand
  is for the rest of the hand (higher is better).
* ``eat_prob(card, holder_probs, ...)``: the chance a player can eat a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import bits as bits  # shared: other bot modules import it from here
from ..melds import (
    MELD_MASKS,
    MELDS_BY_CARD,
    best_arrangement_mask,
    deadwood_points_mask,
    is_valid_mask,
    meld_cards_mask,
)
from ..proposals import greedy_sends as greedy_sends  # the engine's, shared with the bots
from ..proposals import run_ends as run_ends
from ..proposals import send_targets as send_targets
from ..proposals import sendable_closure as sendable_closure

pts = deadwood_points_mask
FULL = (1 << 52) - 1

CARD_PTS = tuple(i % 13 + 1 for i in range(52))
CARD_RANK = tuple(i % 13 for i in range(52))  # 0..12
CARD_SUIT = tuple(i // 13 for i in range(52))




def _idx(r: int, s: int) -> int:
    return s * 13 + r


# --------------------------------------------------------------- partials

# PARTNERS[i]: mask of cards forming a cạ with card i.
# OUTS[(i, j)] (i < j, a cạ): card indices completing a 3-card meld with them.
_partners = [0] * 52
OUTS: dict[tuple[int, int], tuple[int, ...]] = {}
for _i in range(52):
    _r, _s = CARD_RANK[_i], CARD_SUIT[_i]
    for _j in range(52):
        if _j == _i:
            continue
        _r2, _s2 = CARD_RANK[_j], CARD_SUIT[_j]
        if _r2 == _r or (_s2 == _s and abs(_r2 - _r) <= 2):
            _partners[_i] |= 1 << _j
            if _i < _j:
                if _r2 == _r:
                    outs = tuple(_idx(_r, t) for t in range(4) if t not in (_s, _s2))
                else:
                    lo, hi = min(_r, _r2), max(_r, _r2)
                    if hi - lo == 2:
                        outs = (_idx(lo + 1, _s),)
                    else:
                        outs = tuple(_idx(x, _s) for x in (lo - 1, hi + 1) if 0 <= x <= 12)
                OUTS[(_i, _j)] = outs
PARTNERS = tuple(_partners)

# MELD_PAIRS[i]: the pairs (a, b) of other cards that make a 3-card meld with i.
_meld_pairs: list[tuple[tuple[int, int], ...]] = []
for _i in range(52):
    pairs = []
    for m in MELDS_BY_CARD[_i]:
        if m.bit_count() == 3:
            a, b = bits(m & ~(1 << _i))
            pairs.append((a, b))
    _meld_pairs.append(tuple(pairs))
MELD_PAIRS = tuple(_meld_pairs)

# GAP_OUT[i]: (x, y) pairs: holding meld card y two away in the same suit, card x
# fills the gap between i and y.
_gap: list[tuple[tuple[int, int], ...]] = []
for _i in range(52):
    g = []
    r, s = CARD_RANK[_i], CARD_SUIT[_i]
    for d in (-2, 2):
        if 0 <= r + d <= 12:
            g.append((_idx(r + d // 2, s), _idx(r + d, s)))
    _gap.append(tuple(g))
GAP = tuple(_gap)


# --------------------------------------------------------------- arrangements

_BY_LOW = tuple(tuple(m for m in MELD_MASKS if (m & -m).bit_length() - 1 == i) for i in range(52))

_OPT_CACHE: dict[tuple[int, int], tuple[int, ...] | None] = {}
_OPT_MAX = 60000


def _dw_sets(rem: int, eaten: int, memo: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    r = memo.get(rem)
    if r is not None:
        return r
    low = rem & -rem
    out = set()
    if not eaten & low:
        rest = rem ^ low
        if rest:
            for d in _dw_sets(rest, eaten, memo):
                out.add(d | low)
        else:
            out.add(low)
    for m in _BY_LOW[low.bit_length() - 1]:
        if m & rem == m:
            e = m & eaten
            if e & (e - 1):
                continue
            rest = rem ^ m
            if rest:
                out.update(_dw_sets(rest, eaten, memo))
            else:
                out.add(0)
    r = tuple(out)
    memo[rem] = r
    return r


def dw_options(hand: int, eaten: int = 0) -> tuple[int, ...] | None:
    """Deadwood masks of the non-dominated arrangements (tuple), or None if invalid."""
    key = (hand, eaten)
    r = _OPT_CACHE.get(key)
    if r is not None or key in _OPT_CACHE:
        return r
    cand = meld_cards_mask(hand)
    forced = hand & ~cand
    res: tuple[int, ...] | None
    if eaten & ~cand:
        res = None
    elif not cand:
        res = (hand,)
    else:
        sets = _dw_sets(cand, eaten, {})
        if not sets:
            res = None
        else:
            ordered = sorted(set(sets), key=lambda d: d.bit_count())
            keep: list[int] = []
            for d in ordered:
                for k in keep:
                    if k & d == k:
                        break
                else:
                    keep.append(d)
            res = tuple(d | forced for d in keep)
    if len(_OPT_CACHE) > _OPT_MAX:
        _OPT_CACHE.clear()
    _OPT_CACHE[key] = res
    return res


_BEST_CACHE: dict[tuple[int, int], tuple[int, tuple[int, ...]] | None] = {}


def best_dw(hand: int, eaten: int = 0) -> tuple[int, tuple[int, ...]] | None:
    """(deadwood points, melds) of the best arrangement, or None; cached."""
    key = (hand, eaten)
    r = _BEST_CACHE.get(key)
    if r is not None or key in _BEST_CACHE:
        return r
    r = best_arrangement_mask(hand, eaten)
    if len(_BEST_CACHE) > _OPT_MAX:
        _BEST_CACHE.clear()
    _BEST_CACHE[key] = r
    return r


def valid(hand: int, eaten: int) -> bool:
    return is_valid_mask(hand, eaten)


# --------------------------------------------------------------- sending


# --------------------------------------------------------------- context


class Context:
    """Numbers for one decision of one seat.

    p_get[i]: chance this seat still gets card i before it lays down.
    dead: cards seen (they cannot arrive); p_lay: chance of laying down a meld.
    send_mask: cards that can be sent onto melds already on the table.
    """

    __slots__ = (
        "p_get", "send_mask", "lam", "mom_cost", "u_value", "k", "dead", "p_lay",
    )

    def __init__(self) -> None:
        self.p_get = [0.0] * 52
        self.send_mask = 0
        self.lam = 0.1
        self.mom_cost = 3.0
        self.u_value = 12.0
        self.k = 0
        self.dead = 0
        self.p_lay = 1.0


def _partial_gains(dw: int, melded: int,
                   p_get: list[float]) -> tuple[Sequence[tuple[float, float, int]], int]:
    """Cạ (and gap) completions in dw.

    Returns (gains, outs): gains is a greedy disjoint list of (p, saved points,
    mask); outs is the mask of every card that would complete some meld.
    """
    cand = []
    outs_all = 0
    ds = bits(dw)
    for a_i, a in enumerate(ds):
        pa = PARTNERS[a] & dw
        if pa:
            for b in ds[a_i + 1:]:
                if pa >> b & 1:
                    q = 1.0
                    for o in OUTS[(a, b)]:
                        po = p_get[o]
                        if po > 0:
                            q *= 1.0 - po
                            outs_all |= 1 << o
                    if q < 1.0:
                        p = 1.0 - q
                        s = CARD_PTS[a] + CARD_PTS[b]
                        cand.append((p * s, p, (1 << a) | (1 << b), s))
        if melded:
            for x, y in GAP[a]:
                if melded >> y & 1 and p_get[x] > 0:
                    p = p_get[x]
                    outs_all |= 1 << x
                    cand.append((p * CARD_PTS[a], p, 1 << a, CARD_PTS[a]))
    if not cand:
        return (), 0
    cand.sort(key=lambda t: -t[0])
    used = 0
    out: list[tuple[float, float, int]] = []
    for _g, p, m, s in cand:
        if m & used:
            # overlapping cạ still adds a little: a second way to use the card
            out.append((p * 0.35, s, 0))
            continue
        used |= m
        out.append((p, s, m))
    return out, outs_all


def hand_value(hand: int, eaten: int, ctx: Context, detail: bool = False) -> Any:
    """Estimated value in units of holding this hand (after a discard), given
    ``ctx.k`` takes left before laying down. Higher is better; -inf if invalid."""
    opts = dw_options(hand, eaten)
    if opts is None:
        return float("-inf")
    best = float("-inf")
    best_d = None
    p_get = ctx.p_get
    send = ctx.send_mask
    k = ctx.k
    for dw in opts:
        melded = hand & ~dw
        if k > 0:
            gains, outs = _partial_gains(dw, melded, p_get)
        else:
            gains, outs = (), 0
        e_dw: float = pts(dw)
        used = 0
        for p, s, m in gains:
            e_dw -= p * s
            used |= m
        has_meld = melded != 0
        if has_meld:
            p_meld = 1.0
            q_nomeld = 0.0
        else:
            q_nomeld = 1.0
            for o in bits(outs):
                q_nomeld *= 1.0 - p_get[o]
            p_meld = 1.0 - q_nomeld
        if send:
            sm = dw & send & ~used
            if sm:
                e_dw -= pts(sm) * p_meld * ctx.p_lay
        v = -ctx.lam * e_dw
        if not has_meld:
            v -= ctx.mom_cost * q_nomeld
        if ctx.u_value and k > 0:
            n = dw.bit_count()
            if n <= 2:
                v += ctx.u_value * _u_chance(hand, eaten, dw, gains, ctx)
        if v > best:
            best = v
            best_d = dw
    if detail:
        return best, best_d
    return best


def _u_chance(hand: int, eaten: int, dw: int, gains: object, ctx: Context) -> float:
    """Chance of an ù from this hand within the takes left (rough)."""
    n = dw.bit_count()
    p_get = ctx.p_get
    if n == 0:
        return 1.0
    # cards that give ù: check candidates near the hand
    near = 0
    for i in bits(hand):
        near |= PARTNERS[i]
    near &= ~hand & ~ctx.dead
    return 1.0 - u_miss(hand, eaten, near, p_get)


def u_miss(hand: int, eaten: int, near: int, p_get: list[float], cap: float = 1.0) -> float:
    """Chance of getting none of the cards in ``near`` that would leave ``hand``
    with at most one deadwood card (an ù with the next discard); each card
    arrives independently with chance ``p_get`` (at most ``cap``)."""
    q = 1.0
    for o in bits(near):
        po = p_get[o]
        if po <= 0:
            continue
        h = hand | (1 << o)
        r = best_dw(h, eaten)
        if r is None:
            continue
        melded = 0
        for m in r[1]:
            melded |= m
        if (h & ~melded).bit_count() <= 1:
            q *= 1.0 - (po if po < cap else cap)
    return q


# For meld_pair_prob: per card, the other three cards of its rank, and its
# run neighbours (x-2, x-1, x+1, x+2) in its suit (None off the ends).
_SET3 = tuple(tuple(_idx(CARD_RANK[i], t) for t in range(4) if t != CARD_SUIT[i]) for i in range(52))
_RUN4 = tuple(
    tuple(_idx(CARD_RANK[i] + d, CARD_SUIT[i]) if 0 <= CARD_RANK[i] + d <= 12 else None
          for d in (-2, -1, 1, 2))
    for i in range(52)
)


def meld_pair_prob(card: int, hold: list[float]) -> float:
    """Chance that a player whose per-card holding chances are ``hold`` has two
    cards making a meld with ``card`` (cards treated as independent)."""
    a, b, c = _SET3[card]
    qa, qb, qc = hold[a], hold[b], hold[c]
    p_set = qa * qb + qa * qc + qb * qc - 2 * qa * qb * qc
    w, x, y, z = _RUN4[card]
    qw = hold[w] if w is not None else 0.0
    qx = hold[x] if x is not None else 0.0
    qy = hold[y] if y is not None else 0.0
    qz = hold[z] if z is not None else 0.0
    p_run = qx * (1.0 - (1.0 - qw) * (1.0 - qy)) + (1.0 - qx) * qy * qz
    return 1.0 - (1.0 - p_set) * (1.0 - p_run)
