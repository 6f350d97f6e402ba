"""The engine's proposals: which lay-down and which send it suggests (docs/RULES.md §7).

On the lay-down turn the player picks one arrangement among the legal
``LayDown`` actions; the page shows them best first and, at tables with
``auto_lay_down``, plays the first; the bots play the first too. The ranking is
the bots' own (measured, docs/RULES.md §7): the fewest points left after laying
down, sending every card that fits (highest first) and the last discard (the
highest card left); a gửi ù counts as winning it; ties go to fewer cards left,
then more melds, then the solver's order (least deadwood first). A send is
proposed highest card first, onto the earliest meld.

Everything here reads only a ``PlayerView`` and the legal actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import Action, LayDown, Send
from .cards import bits, cards_to_mask
from .melds import deadwood_points_mask as pts
from .rules import UKind
from .scoring import u_payout
from .view import PlayerView

_CARD_PTS = tuple(i % 13 + 1 for i in range(52))
_SUIT = tuple(i // 13 for i in range(52))
_RANK = tuple(i % 13 for i in range(52))

#: Units per point left in hand, the scale of ``lay_down_keys``.
POINT_VALUE = 0.1


def run_ends(meld: int) -> tuple[int, int] | None:
    """For a run mask, the (lo, hi) indices; for a set, None."""
    lo = (meld & -meld).bit_length() - 1
    hi = meld.bit_length() - 1
    if _SUIT[lo] == _SUIT[hi] and meld.bit_count() == hi - lo + 1:
        return lo, hi
    return None


def send_targets(meld: int) -> int:
    """Cards that could be sent onto this table meld now (docs/RULES.md §7)."""
    ends = run_ends(meld)
    if ends is not None:
        lo, hi = ends
        t = 0
        if _RANK[lo] > 0:
            t |= 1 << (lo - 1)
        if _RANK[hi] < 12:
            t |= 1 << (hi + 1)
        return t
    if meld.bit_count() == 3:  # a set of three takes the fourth card
        r = _RANK[(meld & -meld).bit_length() - 1]
        allr = sum(1 << (s * 13 + r) for s in range(4))
        return allr & ~meld
    return 0


def sendable_closure(hand: int, table_melds: Iterable[int]) -> int:
    """Cards of hand that can be sent (repeatedly, a sent card making room for
    the next) onto the given table meld masks."""
    melds = list(table_melds)
    sent = 0
    changed = True
    while changed:
        changed = False
        for k, m in enumerate(melds):
            t = send_targets(m) & hand & ~sent
            if t:
                low = t & -t
                sent |= low
                melds[k] = m | low
                changed = True
    return sent


def greedy_sends(hand: int, table_melds: Iterable[int], keep: int = 1) -> list[tuple[int, int]]:
    """A good order of sends: list of (card index, meld position), highest
    points first, keeping at least ``keep`` cards in hand."""
    melds = list(table_melds)
    out: list[tuple[int, int]] = []
    left = hand
    while left.bit_count() > keep:
        best: tuple[int, int] | None = None
        for k, m in enumerate(melds):
            t = send_targets(m) & left
            while t:
                low = t & -t
                t ^= low
                i = low.bit_length() - 1
                if best is None or _CARD_PTS[i] > _CARD_PTS[best[0]]:
                    best = (i, k)
        if best is None:
            break
        i, k = best
        out.append(best)
        left &= ~(1 << i)
        melds[k] |= 1 << i
    return out


LayKey = tuple[float, int, int]


def lay_down_keys(view: PlayerView, lays: Sequence[LayDown], point_value: float = POINT_VALUE,
                  mom_cost: float = 1.0) -> list[LayKey]:
    """A sort key for each LayDown, higher is better; the first item is in units:
    a gửi ù's payout, less ``point_value`` per point left after sending and the
    last discard, less ``mom_cost`` for laying no meld."""
    hand = cards_to_mask(view.hand)
    tm = [cards_to_mask(cards) for _, _, cards in view.table_melds]
    rules = view.rules
    already = view.laid[view.seat]
    out: list[LayKey] = []
    for a in lays:
        melds = [cards_to_mask(m) for m in a.melds]
        used = 0
        for m in melds:
            used |= m
        left = hand & ~used
        has_meld = bool(melds) or bool(already)
        nsent = 0
        if has_meld:
            sends = greedy_sends(left, tm + melds, keep=1)
            for i, _ in sends:
                left &= ~(1 << i)
            nsent = len(sends)
        v = 0.0
        if rules.gui_u and has_meld and nsent > 0 and left.bit_count() == 1:
            v += u_payout(rules, UKind.SEND) * (view.players - 1)
        rest = 0
        if left:  # the last discard: the highest card left
            hi = max(bits(left), key=lambda i: _CARD_PTS[i])
            rest = left & ~(1 << hi)
        v -= point_value * pts(rest)
        if not has_meld:
            v -= mom_cost
        out.append((round(v, 6), -rest.bit_count(), len(melds)))
    return out


def rank_lay_downs(view: PlayerView, legal: Sequence[Action]) -> list[LayDown]:
    """The legal LayDowns, the engine's proposal first (see the module docstring)."""
    lays = [a for a in legal if isinstance(a, LayDown)]
    keys = lay_down_keys(view, lays)
    order = sorted(range(len(lays)), key=lambda j: (keys[j], -j), reverse=True)
    return [lays[j] for j in order]


def send_key(a: Send) -> tuple[int, int, int]:
    """Higher is proposed first: the highest card, onto the earliest meld, lowest suit."""
    return (a.card.points, -a.meld_id, -a.card.index)


def best_send(legal: Sequence[Action]) -> Send | None:
    """The send the engine proposes, or None when no send is legal."""
    sends = [a for a in legal if isinstance(a, Send)]
    return max(sends, key=send_key) if sends else None


