"""Which ù a hand makes (docs/RULES.md §8): after the deal, and after a take.

Pure functions of card masks and the rules; the engine offers what they find
as ``DeclareU(kind)``, and ``scoring`` prices it. When a hand makes several
kinds at once, the one that pays most is offered.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK, cards_to_mask
from .melds import MELD_MASKS, full_cover_mask, has_partial, meld_cards_mask
from .rules import Rules, UKind
from .scoring import u_multiplier

_SUIT = [0x1FFF << (13 * s) for s in range(4)]


def _same_suit(mask: int) -> bool:
    return any(mask & ~s == 0 for s in _SUIT)


_LONG_RUNS = {n: tuple(m for m in MELD_MASKS if _same_suit(m) and m.bit_count() >= n) for n in (8, 9)}
_RED = cards_to_mask(c for c in DECK if c.is_red)
_BLACK = cards_to_mask(c for c in DECK if not c.is_red)
KINGS = cards_to_mask(c for c in DECK if c.rank == 13)


def after_take(rules: Rules, h: int, e: int) -> UKind | None:
    """The best ù the hand ``h`` (eaten cards ``e``) makes now, or None."""
    n = h.bit_count()
    if n < 3:
        return None
    kinds = []
    if full_cover_mask(h, e) is not None:
        # every card melds: also a tái player whose take completes the
        # cards left after laying down ("tròn bài và ù", seeds 000/003)
        kinds.append(UKind.ROUND)
        kinds.append(UKind.NORMAL)
    elif n >= 4:
        # only one card may be left over, and a card in no meld of the hand
        # stays in none with another card gone: with one such card, only
        # throwing it can work; with two or more, nothing can
        rest = h & ~e
        loose = h & ~meld_cards_mask(h)
        if loose:
            rest &= loose if loose & (loose - 1) == 0 else 0
        while rest:
            low = rest & -rest
            rest ^= low
            if full_cover_mask(h ^ low, e) is not None:
                kinds.append(UKind.NORMAL)
                break
    if not kinds:
        return None
    if rules.u_long_run is not None:
        need = rules.hand_size
        for m in _LONG_RUNS[min(need, 9)]:
            if m & h == m and m.bit_count() >= need and (m & e).bit_count() <= 1:
                left = h & ~m
                if left == 0 or (left.bit_count() == 1 and not left & e):
                    kinds.append(UKind.LONG_RUN)
                    break
    return max(kinds, key=lambda k: u_multiplier(rules, k))


def dealt_offers(rules: Rules, hands: Sequence[int], starter: int) -> list[tuple[int, UKind]]:
    """The dealt ù to offer, in order: ù khan first, then turn order from the starter.

    Khan and cùng màu need the rule; the starter (one card more) may hold an
    ordinary ù, which is a thiên ù where that is played and pays at least as
    much; another seat's thiên ù is a hand that already melds completely.
    """
    P = len(hands)
    first: list[tuple[int, UKind]] = []
    rest: list[tuple[int, UKind]] = []

    def mult(k: UKind) -> float:
        return u_multiplier(rules, k)

    for k in range(P):
        s = (starter + k) % P
        h = hands[s]
        kinds = []
        if rules.u_khan is not None and not has_partial(h):
            kinds.append(UKind.KHAN)
        if rules.u_same_color is not None and (h & _RED == h or h & _BLACK == h):
            kinds.append(UKind.SAME_COLOR)
        if s == starter:
            k2 = after_take(rules, h, 0)
            if k2:
                heaven = rules.u_heaven is not None and mult(k2) <= rules.u_heaven
                kinds.append(UKind.HEAVEN if heaven else k2)
        elif rules.u_heaven is not None and full_cover_mask(h, 0) is not None:
            kinds.append(UKind.HEAVEN)
        if kinds:
            best = max(kinds, key=mult)
            khan = UKind.KHAN in kinds
            offer = UKind.KHAN if khan and mult(UKind.KHAN) >= mult(best) else best
            (first if khan else rest).append((s, offer))
    return first + rest
