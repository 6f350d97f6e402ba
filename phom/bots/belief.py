"""Belief over the hidden cards: which sampled deals explain what players did.

``model.sample_hidden`` deals the unseen cards to the other seats using simple
evidence (partners of eaten cards, declined eats). That still leaves deals that
no sensible player could have: a hand holding a lone King after its owner threw
a 4 of no use to it. Players throw their worst card — the highest deadwood
that no live cạ needs — so every discard tells something about the hand it
came from.

``DiscardEvidence(view)`` reads every discard an opponent made before laying
down, and ``log_weight(hands)`` scores a sampled deal by how well those
discards fit it: for each discard it rebuilds the hand it was thrown from (the
sampled hand, plus what the player discarded, sent or laid since, minus what it
ate since) and counts the deadwood cards that would have been a clearly better
throw. The player drew ``k`` cards since then and those may be the better
cards, so the ``k`` worst such cards are forgiven; every other one costs its
margin over the thrown card divided by a temperature. A thrown card that sits
in a meld of the rebuilt hand costs a fixed amount.

The searching bot samples more deals than it plays out and keeps those that
explain the table best. Only the ``PlayerView`` is read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..melds import best_arrangement_mask
from .fast import throw_score

if TYPE_CHECKING:
    from ..view import PlayerView

T = TypeVar("T")


class DiscardEvidence:
    """The discards of the other seats, with what each seat knew and held then."""

    def __init__(self, view: PlayerView, temp: float = 2.0, meld_cost: float = 2.0,
                 a: float = 4.0, b: float = 0.5) -> None:
        self.temp = temp
        self.meld_cost = meld_cost
        self.a, self.b = a, b
        P = view.players
        me = view.seat
        events = view.events
        # cards each seat laid itself (melds it owns, minus what others sent on)
        sent_by = [0] * P
        for ev in events:
            if ev[1] == "send" and ev[2] is not None:
                sent_by[ev[0]] |= 1 << ev[2].index
        others_sent = [0] * P
        for s in range(P):
            for t in range(P):
                if t != s:
                    others_sent[s] |= sent_by[t]
        laid_own = [0] * P
        for _mid, owner, cards in view.table_melds:
            m = 0
            for lc in cards:
                m |= 1 << lc.index
            laid_own[owner] |= m & ~others_sent[owner]
        # walk the public log
        dead = 0
        eaten = [0] * P
        has_laid = [False] * P
        raw = []  # (seat, card, dead before, eaten so far, event index)
        for k, ev in enumerate(events):
            s, kind, c = ev[0], ev[1], ev[2]
            if kind == "lay":
                has_laid[s] = True
            elif kind == "eat" and c is not None:
                eaten[s] |= 1 << c.index
            elif kind == "discard" and c is not None:
                if s != me and not has_laid[s]:
                    raw.append((s, c.index, dead, eaten[s], k))
                dead |= 1 << c.index
            elif kind == "send" and c is not None:
                dead |= 1 << c.index
        self.records = []
        for s, ci, dead_t, eaten_t, k in raw:
            out_after = 0   # left the hand after this discard (discarded, sent)
            in_after = 0    # eaten after it (not in hand then)
            draws = 0
            for ev in events[k + 1:]:
                if ev[0] != s:
                    continue
                kind = ev[1]
                if kind in ("discard", "send") and ev[2] is not None:
                    out_after |= 1 << ev[2].index
                elif kind == "eat" and ev[2] is not None:
                    in_after |= 1 << ev[2].index
                elif kind == "draw":
                    draws += 1
            extra = (out_after | laid_own[s] | (1 << ci)) & ~in_after
            self.records.append((s, ci, dead_t | (1 << ci), eaten_t, extra, in_after, draws))

    def __len__(self) -> int:
        return len(self.records)

    def log_weight(self, hands: Mapping[int, int]) -> float:
        """How well the discards fit the sampled hands ({seat: mask}); 0 is a perfect fit."""
        lw = 0.0
        a, b = self.a, self.b
        for s, ci, dead, eaten_t, extra, in_after, draws in self.records:
            h = hands.get(s)
            if h is None:
                continue
            hand = (h | extra) & ~in_after
            r = best_arrangement_mask(hand, eaten_t & hand)
            melded = 0
            if r is not None:
                for m in r[1]:
                    melded |= m
            if melded >> ci & 1:
                lw -= self.meld_cost
                continue
            dw = hand & ~melded & ~eaten_t
            seen = dead | hand
            sc = throw_score(ci, dw, seen, a, b)
            worse = []
            x = dw & ~(1 << ci)
            while x:
                low = x & -x
                x ^= low
                d = throw_score(low.bit_length() - 1, dw, seen, a, b) - sc
                if d > 0.5:
                    worse.append(d)
            if len(worse) > draws:
                worse.sort()
                lw -= sum(worse[: len(worse) - draws]) / self.temp
        return lw


def pick_weighted(items: Sequence[T], log_weights: Sequence[float], rng: random.Random) -> T:
    """One of ``items``, drawn with probability proportional to exp(log weight)."""
    top = max(log_weights)
    ws = [math.exp(x - top) for x in log_weights]
    r = rng.random() * sum(ws)
    for item, w in zip(items, ws, strict=True):
        r -= w
        if r <= 0:
            return item
    return items[-1]
