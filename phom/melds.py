"""Melds (phỏm) and the exact meld solver.

A card set is a 52-bit int mask (bit ``card.index``; index = suit*13 + rank-1,
suits "SCDH"). A meld is a set of 3-4 cards of one rank or a run of 3+
consecutive ranks of one suit, Ace low only: there are 329 meld masks.

Eaten-card rule: every eaten card must be in a meld and no meld may hold two
eaten cards.

The solver (``best_arrangement_mask``) first finds, with a few bit operations,
the cards that lie in some meld inside the hand ("candidates"); every other
card is forced deadwood. It then runs a memoised search over the candidate
cards: take the lowest remaining card and branch on "it is deadwood" (not for
eaten cards) or "it is the lowest card of meld m" for each meld m starting at it
that lies within what remains.

Tie-break among arrangements with the same deadwood points: fewer melds, then
the lexicographically smallest sorted tuple of meld masks. This is the same
order ``all_arrangements_mask`` sorts by, so its first entry equals
``best_arrangement_mask``'s melds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, card_from_index

__all__ = [
    "MELD_MASKS",
    "SET_MASKS",
    "RUN_MASKS",
    "MELDS_BY_CARD",
    "EVERY_SUIT",
    "is_meld",
    "meld_kind",
    "is_meld_mask",
    "meld_kind_mask",
    "is_partial",
    "has_partial",
    "meld_cards_mask",
    "Arrangement",
    "best_arrangement",
    "best_arrangement_mask",
    "is_valid_mask",
    "full_cover_mask",
    "all_arrangements_mask",
    "deadwood_points_mask",
    "mask_points",
    "sort_cards",
]

_F13 = (1 << 13) - 1
EVERY_SUIT = 1 | (1 << 13) | (1 << 26) | (1 << 39)  # times a 13-bit rank mask: those ranks in all suits


def _rank_bits(lo: int, hi: int) -> int:
    """Bits of ranks lo..hi (1-based) in all four suits."""
    r = 0
    for rank in range(lo, hi + 1):
        r |= 1 << (rank - 1)
    return r * EVERY_SUIT


_RUN3_START = _rank_bits(1, 11)  # a 3-run may start at ranks 1..11
_ADJ1 = _rank_bits(1, 12)  # card i and i+1 same suit
_ADJ2 = _rank_bits(1, 11)  # card i and i+2 same suit

# Points of each 13-bit single-suit mask.
_pts13 = [0] * (1 << 13)
for _m in range(1, 1 << 13):
    _low = _m & -_m
    _pts13[_m] = _pts13[_m ^ _low] + _low.bit_length()
_PTS13 = tuple(_pts13)


def deadwood_points_mask(mask: int) -> int:
    """Sum of card points (A=1 .. K=13) of the cards in mask."""
    t = _PTS13
    return t[mask & _F13] + t[(mask >> 13) & _F13] + t[(mask >> 26) & _F13] + t[mask >> 39]


mask_points = deadwood_points_mask


def _build_melds() -> tuple[tuple[int, ...], tuple[int, ...]]:
    sets = []
    for rank in range(13):
        idx = [s * 13 + rank for s in range(4)]
        full = sum(1 << i for i in idx)
        sets.append(full)
        for i in idx:
            sets.append(full ^ (1 << i))
    runs = []
    for s in range(4):
        for start in range(13):
            for length in range(3, 14 - start):
                m = 0
                for r in range(start, start + length):
                    m |= 1 << (s * 13 + r)
                runs.append(m)
    return tuple(sorted(sets)), tuple(sorted(runs))


SET_MASKS, RUN_MASKS = _build_melds()
MELD_MASKS: tuple[int, ...] = tuple(sorted(SET_MASKS + RUN_MASKS))
_MELD_SET = frozenset(MELD_MASKS)
_SET_SET = frozenset(SET_MASKS)
assert len(MELD_MASKS) == 329 == len(_MELD_SET)

# MELDS_BY_CARD[i]: all meld masks holding card i (sorted ascending).
MELDS_BY_CARD: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m in MELD_MASKS if (m >> i) & 1) for i in range(52)
)


def _lowest(m: int) -> int:
    return (m & -m).bit_length() - 1


# _BY_LOW[i]: (meld, points) for melds whose lowest card index is i.
_BY_LOW: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((m, deadwood_points_mask(m)) for m in MELD_MASKS if _lowest(m) == i) for i in range(52)
)
_BY_LOW_MASKS: tuple[tuple[int, ...], ...] = tuple(tuple(m for m, _ in lst) for lst in _BY_LOW)


# ---------------------------------------------------------------- predicates


def is_meld_mask(mask: int) -> bool:
    return mask in _MELD_SET


def meld_kind_mask(mask: int) -> str | None:
    if mask in _SET_SET:
        return "set"
    if mask in _MELD_SET:
        return "run"
    return None


def _cards_mask_strict(cards: Iterable[object]) -> int | None:
    """Mask of cards, or None if anything is not a Card or is repeated."""
    m = 0
    for c in cards:
        if not isinstance(c, Card):
            return None
        b = 1 << c.index
        if m & b:
            return None
        m |= b
    return m


def is_meld(cards: Iterable[Card]) -> bool:
    """True when the cards (any order) form a set of 3-4 or a run of 3+."""
    try:
        m = _cards_mask_strict(cards)
    except TypeError:
        return False
    return m is not None and m in _MELD_SET


def meld_kind(cards: Iterable[Card]) -> str | None:
    """"set", "run" or None (not a meld)."""
    try:
        m = _cards_mask_strict(cards)
    except TypeError:
        return None
    if m is None:
        return None
    return meld_kind_mask(m)


def is_partial(a: Card, b: Card) -> bool:
    """A cạ: same rank, or same suit with ranks 1 or 2 apart (distinct cards)."""
    if a.index == b.index:
        return False
    if a.rank == b.rank:
        return True
    return a.suit == b.suit and abs(a.rank - b.rank) <= 2


def has_partial(mask: int) -> bool:
    """Whether any two cards of mask form a cạ (used for ù khan)."""
    if mask & (mask >> 1) & _ADJ1 or mask & (mask >> 2) & _ADJ2:
        return True
    a = mask & _F13
    b = (mask >> 13) & _F13
    c = (mask >> 26) & _F13
    d = mask >> 39
    return bool((a & (b | c | d)) | (b & (c | d)) | (c & d))


def meld_cards_mask(hand: int) -> int:
    """Cards of hand that lie in at least one meld inside hand."""
    s = hand & (hand >> 1) & (hand >> 2) & _RUN3_START
    cand = s | (s << 1) | (s << 2)
    a = hand & _F13
    b = (hand >> 13) & _F13
    c = (hand >> 26) & _F13
    d = hand >> 39
    three = (a & b & (c | d)) | (c & d & (a | b))
    if three:
        cand |= hand & (three * EVERY_SUIT)
    return cand


# ---------------------------------------------------------------- solver


def _reconstruct(memo: dict[int, tuple[int, int]], rem: int) -> list[int]:
    out = []
    while rem:
        choice = memo[rem][1]
        if choice < 0:  # lowest card is deadwood
            rem &= rem - 1
        else:
            out.append(choice)
            rem &= ~choice
    out.sort()
    return out


def _solve(cand: int, eaten: int) -> tuple[int, list[int]] | None:
    """Best (score, meld list) on candidate cards; score = melded_pts*32 - nmelds.

    Returns None when no arrangement satisfies the eaten rule.
    """
    memo = {0: (0, -1)}
    by_low = _BY_LOW

    def f(rem: int) -> int:
        r = memo.get(rem)
        if r is not None:
            return r[0]
        low = rem & -rem
        best = -1
        choice = -1
        if not (low & eaten):
            best = f(rem ^ low)
            # choice -1 means "deadwood"; best may be -1 (infeasible)
        for m, p in by_low[low.bit_length() - 1]:
            if m & rem != m:
                continue
            if eaten:
                e = m & eaten
                if e & (e - 1):
                    continue
            sub = f(rem ^ m)
            if sub < 0:
                continue
            v = sub + p * 32 - 1
            if v > best:
                best = v
                choice = m
            elif v == best:
                # rare exact tie: lexicographic on the sorted meld tuples
                if choice == -1:
                    cur = _reconstruct(memo, rem ^ low)
                else:
                    cur = _reconstruct(memo, rem ^ choice) + [choice]
                    cur.sort()
                new = _reconstruct(memo, rem ^ m) + [m]
                new.sort()
                if new < cur:
                    choice = m
        memo[rem] = (best, choice)
        return best

    best = f(cand)
    if best < 0:
        return None
    return best, _reconstruct(memo, cand)


def best_arrangement_mask(hand_mask: int, eaten_mask: int = 0) -> tuple[int, tuple[int, ...]] | None:
    """(deadwood points, sorted meld masks) of a best arrangement, or None.

    Minimum deadwood; ties: fewer melds, then lexicographically smallest
    sorted tuple of meld masks.
    """
    cand = meld_cards_mask(hand_mask)
    if eaten_mask & ~cand:
        return None  # an eaten card in no meld (or not in hand)
    if not cand:
        return deadwood_points_mask(hand_mask), ()
    r = _solve(cand, eaten_mask)
    if r is None:
        return None
    score, melds = r
    nm = len(melds)
    melded = (score + nm) >> 5
    return deadwood_points_mask(hand_mask) - melded, tuple(melds)


def is_valid_mask(hand_mask: int, eaten_mask: int = 0) -> bool:
    """Whether some arrangement puts every eaten card in its own meld."""
    if not eaten_mask:
        return True
    cand = meld_cards_mask(hand_mask)
    if eaten_mask & ~cand:
        return False
    return _cover_eaten(cand, eaten_mask, eaten_mask)


def _cover_eaten(avail: int, todo: int, eaten: int) -> bool:
    low = todo & -todo
    rest = todo ^ low
    for m in MELDS_BY_CARD[low.bit_length() - 1]:
        if m & avail == m and m & eaten == low:
            if not rest or _cover_eaten(avail & ~m, rest, eaten):
                return True
    return False


def full_cover_mask(hand_mask: int, eaten_mask: int = 0) -> tuple[int, ...] | None:
    """Sorted melds covering every card of hand_mask validly, or None."""
    if not hand_mask:
        return None
    if meld_cards_mask(hand_mask) != hand_mask or eaten_mask & ~hand_mask:
        return None
    found: list[int] = []

    def f(rem: int) -> bool:
        if not rem:
            return True
        low = rem & -rem
        for m in _BY_LOW_MASKS[low.bit_length() - 1]:
            if m & rem != m:
                continue
            e = m & eaten_mask
            if e & (e - 1):
                continue
            found.append(m)
            if f(rem ^ m):
                return True
            found.pop()
        return False

    if f(hand_mask):
        return tuple(sorted(found))
    return None


def all_arrangements_mask(hand_mask: int, eaten_mask: int = 0, min_left: int = 0) -> list[tuple[int, ...]]:
    """Every collection of disjoint melds from hand_mask obeying the eaten rule
    and leaving at least min_left cards out of melds; each a sorted tuple of
    meld masks, the list sorted by (deadwood points, number of melds, masks)."""
    cand = meld_cards_mask(hand_mask)
    if eaten_mask & ~cand:
        return []
    melds = []
    c = cand
    while c:
        low = c & -c
        c ^= low
        for m in _BY_LOW_MASKS[low.bit_length() - 1]:
            if m & cand == m:
                e = m & eaten_mask
                if not (e & (e - 1)):
                    melds.append(m)
    melds.sort()
    max_used = hand_mask.bit_count() - min_left
    if max_used < 0:
        return []
    nm = len(melds)
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    pop = [m.bit_count() for m in melds]

    def rec(start: int, used: int, nused: int) -> None:
        if used & eaten_mask == eaten_mask:
            out.append(tuple(chosen))
        for i in range(start, nm):
            m = melds[i]
            if m & used or nused + pop[i] > max_used:
                continue
            chosen.append(m)
            rec(i + 1, used | m, nused + pop[i])
            chosen.pop()

    rec(0, 0, 0)
    total = deadwood_points_mask(hand_mask)
    pts = deadwood_points_mask
    out.sort(key=lambda t: (total - sum(pts(m) for m in t), len(t), t))
    return out


# ---------------------------------------------------------------- Card API


def _card_key(c: Card) -> tuple[int, int]:
    return (c.index % 13, c.index // 13)


# card index -> position in rank-major order (rank, then suit index)
_RANK_MAJOR = tuple((i % 13) * 4 + i // 13 for i in range(52))


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted by rank, then suit index (S, C, D, H)."""
    return tuple(sorted(cards, key=_card_key))


def _mask_cards_sorted(mask: int) -> tuple[Card, ...]:
    idx = []
    while mask:
        low = mask & -mask
        idx.append(low.bit_length() - 1)
        mask ^= low
    idx.sort(key=_RANK_MAJOR.__getitem__)
    return tuple(map(card_from_index, idx))


_MELD_CARDS = {m: _mask_cards_sorted(m) for m in MELD_MASKS}


@dataclass(frozen=True)
class Arrangement:
    """A way to put a hand in melds.

    melds: each meld's cards sorted by rank then suit index (runs ascend);
    melds ordered by their first card (rank, then suit index).
    deadwood: cards in no meld, sorted by rank then suit index.
    points: sum of deadwood points.
    """

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def meld_masks(self) -> tuple[int, ...]:
        return tuple(sorted(sum(1 << c.index for c in m) for m in self.melds))

    @classmethod
    def from_masks(cls, hand_mask: int, melds: Iterable[int]) -> Arrangement:
        used = 0
        for m in melds:
            used |= m
        cm = [_MELD_CARDS[m] for m in melds]
        if len(cm) > 1:
            cm.sort(key=_first_key)
        rest = hand_mask & ~used
        return cls(tuple(cm), _mask_cards_sorted(rest), deadwood_points_mask(rest))


def _first_key(t: tuple[Card, ...]) -> int:
    return _RANK_MAJOR[t[0].index]


def _hand_masks(hand: Iterable[Card], eaten: Iterable[Card]) -> tuple[int, int]:
    h = 0
    for c in hand:
        b = 1 << c.index
        if h & b:
            raise ValueError(f"duplicate card in hand: {c}")
        h |= b
    e = 0
    for c in eaten:
        b = 1 << c.index
        if not h & b:
            raise ValueError(f"eaten card not in hand: {c}")
        e |= b
    return h, e


_CACHE: dict[tuple[int, int], Arrangement | None] = {}
_CACHE_MAX = 4096


def best_arrangement(hand: Iterable[Card], eaten: Iterable[Card] = ()) -> Arrangement | None:
    """Minimum-deadwood arrangement of hand (which includes the eaten cards)
    such that every eaten card is in a meld and no meld holds two eaten cards;
    None if there is none. Ties: fewer melds, then smallest meld masks."""
    h, e = _hand_masks(hand, eaten)
    key = (h, e)
    r = _CACHE.get(key)
    if r is not None or key in _CACHE:
        return r
    res = best_arrangement_mask(h, e)
    arr = None if res is None else Arrangement.from_masks(h, res[1])
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = arr
    return arr
