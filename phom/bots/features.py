"""What a seat can read from the table about the next player's eats (issue 49).

``eat_features(view, cards)`` gives, for each card this seat might discard, a
row of numbers computed from its ``PlayerView`` alone: where the card's meld
partners are (unseen, in this hand, eaten or discarded by the next player,
dead elsewhere), what the next player ate, discarded and declined near it,
how it discards (the points it threw, first and last, below and above the
card), the opponent model's holding chances for those partners and its forecast of
the eat (``model.holdings`` and ``handeval.meld_pair_prob``), and the counters
of the hand (turns, stock, hand sizes, eats). The teacher's data generator
(``bench/teacher_data.py``) records these rows beside the answer only training
may see (whether the next player could in fact eat the card), and the gate
(``bench/teacher_gate.py``) learns the forecast from them. Nothing here reads a
``Game``: permuting the hidden cards leaves every row unchanged
(tests/bots/test_features.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .handeval import CARD_PTS, CARD_RANK, CARD_SUIT, MELD_PAIRS, meld_pair_prob
from .model import FULL, card_mask, history, holdings, seen_mask, table_mask, unknown_counts

if TYPE_CHECKING:
    from ..view import PlayerView

#: where a card is, as this seat sees it (a run neighbour's state)
UNSEEN, MINE, NEXT_DISCARDED, NEXT_EATEN, DEAD, OFF_BOARD = range(6)

#: the names of ``eat_features``' columns, in order
NAMES: tuple[str, ...] = (
    "kind", "players", "my_turn", "next_turn", "stock", "unseen", "next_unknown",
    "next_hand", "next_eats", "next_eaten", "next_laid", "next_declines", "next_discards",
    "rank", "pts", "p_model", "p_uniform", "pairs_live", "pairs_hold_sum",
    "pairs_hold_max",
    "set_unseen", "set_mine", "set_next_disc", "set_next_eaten", "set_dead", "set_hold_sum",
    "run_m2", "run_m1", "run_p1", "run_p2",
    "hold_m2", "hold_m1", "hold_p1", "hold_p2",
    "next_declined_rank", "next_declined_near", "next_declined_pair",
    "next_disc_rank", "next_disc_near", "next_disc_last_near", "next_eaten_near",
    "chot", "next_disc_mean_pts", "next_disc_first_pts", "next_disc_last_pts",
    "next_disc_lower", "next_disc_higher", "next_declined_lower", "next_declined_higher",
)


def _kind(view: PlayerView) -> int:
    """0 an ordinary discard, 1 a chốt, 2 the discard after (or while) laying down."""
    if view.laid[view.seat] is not None or view.is_lay_down_turn:
        return 2
    return 1 if view.chot else 0


def _table(view: PlayerView) -> tuple[Any, ...]:
    """What both feature sets read of the table about the next seat, in one
    place: (players, seat, next seat, seen, unseen, hand, table cards, model and
    uniform holdings of the next seat, unknown counts, declined, the next seat's
    discards as indexes and as a mask, what it ate, its discards' points, the
    public record). How the next player discards matters: a player keeping cạ
    throws its highest other cards first, so what it threw says which ranks it keeps."""
    P = view.players
    me = view.seat
    nxt = (me + 1) % P
    seen = seen_mask(view)
    unseen = FULL & ~seen
    tmask = table_mask(view)
    hold_m = holdings(view, model=True, seen=seen)[0][nxt]
    hold_u = holdings(view, model=False, seen=seen)[0][nxt]
    assert hold_m is not None and hold_u is not None
    declined, _ate = history(view)
    next_disc = [c.index for c in view.discards[nxt]]
    return (P, me, nxt, seen, unseen, card_mask(view.hand), tmask, hold_m, hold_u,
            unknown_counts(view, tmask), declined, next_disc, card_mask(view.discards[nxt]),
            card_mask(view.eaten[nxt]) & ~tmask, [float(CARD_PTS[x]) for x in next_disc],
            view.public)


def eat_features(view: PlayerView, cards: Sequence[int]) -> list[list[float]]:
    """One row of ``NAMES`` per card index in ``cards`` (cards in this seat's hand):
    what the view says about whether the next seat could eat that card."""
    (P, me, nxt, seen, unseen, hand, tmask, hold_m, hold_u, counts, declined,
     next_disc, next_disc_mask, next_eaten_mask, disc_pts, pub) = _table(view)
    kind = _kind(view)
    head = [
        float(kind), float(P), float(pub.turn_no[me]), float(pub.turn_no[nxt]),
        float(view.stock_size), float(unseen.bit_count()), float(counts[nxt]),
        float(view.hand_sizes[nxt]), float(pub.eat_count[nxt]), float(len(view.eaten[nxt])),
        float(view.laid[nxt] is not None), float(len(declined[nxt])), float(len(next_disc)),
    ]

    def where(i: int) -> int:
        b = 1 << i
        if unseen & b:
            return UNSEEN
        if hand & b:
            return MINE
        if next_eaten_mask & b:
            return NEXT_EATEN
        if next_disc_mask & b:
            return NEXT_DISCARDED
        return DEAD

    rows = []
    for c in cards:
        r, s = CARD_RANK[c], CARD_SUIT[c]
        pairs = MELD_PAIRS[c]
        live = [(a, b) for a, b in pairs if unseen >> a & 1 and unseen >> b & 1]
        prods = [hold_m[a] * hold_m[b] for a, b in live]
        set_cards = [t * 13 + r for t in range(4) if t != s]
        set_where = [where(i) for i in set_cards]
        run = []
        run_hold = []
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 12:
                i = s * 13 + r + d
                run.append(float(where(i)))
                run_hold.append(hold_m[i])
            else:
                run.append(float(OFF_BOARD))
                run_hold.append(0.0)
        near = [x for x in range(52) if x != c and (
            CARD_RANK[x] == r or (CARD_SUIT[x] == s and abs(CARD_RANK[x] - r) <= 2))]
        near_mask = card_mask_idx(near)
        pair_cards = 0
        for a, b in pairs:
            pair_cards |= (1 << a) | (1 << b)
        dec = declined[nxt]
        last_near = -1.0
        for k, x in enumerate(next_disc):
            if near_mask >> x & 1:
                last_near = float(k)
        rows.append(head + [
            float(r), float(CARD_PTS[c]), meld_pair_prob(c, hold_m), meld_pair_prob(c, hold_u),
            float(len(live)), sum(prods), max(prods) if prods else 0.0,
            float(set_where.count(UNSEEN)), float(set_where.count(MINE)),
            float(set_where.count(NEXT_DISCARDED)), float(set_where.count(NEXT_EATEN)),
            float(set_where.count(DEAD)), sum(hold_m[i] for i in set_cards),
            *run, *run_hold,
            float(sum(1 for x in dec if CARD_RANK[x] == r)),
            float(sum(1 for x in dec if near_mask >> x & 1)),
            float(sum(1 for x in dec if pair_cards >> x & 1)),
            float(sum(1 for x in next_disc if CARD_RANK[x] == r)),
            float(sum(1 for x in next_disc if near_mask >> x & 1)),
            last_near if last_near < 0 else float(len(next_disc)) - last_near,
            float((next_eaten_mask & near_mask).bit_count()),
            float(view.chot),
            sum(disc_pts) / len(disc_pts) if disc_pts else -1.0,
            disc_pts[0] if disc_pts else -1.0, disc_pts[-1] if disc_pts else -1.0,
            float(sum(1 for x in next_disc if CARD_RANK[x] < r)),
            float(sum(1 for x in next_disc if CARD_RANK[x] > r)),
            float(sum(1 for x in dec if CARD_RANK[x] < r)),
            float(sum(1 for x in dec if CARD_RANK[x] > r)),
        ])
    return rows


def card_mask_idx(idx: Sequence[int]) -> int:
    m = 0
    for i in idx:
        m |= 1 << i
    return m


#: the names of ``hold_features``' columns, in order
HOLD_NAMES: tuple[str, ...] = (
    "kind", "players", "my_turn", "next_turn", "stock", "unseen", "next_unknown",
    "next_eats", "next_declines", "next_discards",
    "rank", "pts", "p_model", "p_uniform", "forced",
    "set_unseen", "set_next_disc", "set_dead", "run_unseen", "run_next_disc", "run_dead",
    "next_declined_pair", "next_declined_rank", "next_disc_rank", "next_disc_near",
    "next_disc_last_near", "next_eaten_near", "next_disc_lower", "next_disc_higher",
    "next_disc_mean_pts", "partners_in_my_hand",
)


def hold_features(view: PlayerView) -> tuple[list[int], list[list[float]]]:
    """(cards, rows): for every card this seat cannot see, a row of
    ``HOLD_NAMES`` about whether the next seat holds it (the opponent model's
    chance, where its neighbours are, what the next seat ate, discarded and
    declined around it): the card-location model's inputs."""
    (P, me, nxt, seen, unseen, hand, tmask, hold_m, hold_u, counts, declined,
     next_disc, next_disc_mask, next_eaten_mask, disc_pts, pub) = _table(view)
    dec = declined[nxt]
    head = [
        float(_kind(view)), float(P), float(pub.turn_no[me]), float(pub.turn_no[nxt]),
        float(view.stock_size), float(unseen.bit_count()), float(counts[nxt]),
        float(pub.eat_count[nxt]), float(len(dec)), float(len(next_disc)),
    ]
    # cards that are partners of an eaten card of the next seat (it holds two of them)
    forced = [0.0] * 52
    for e in bits_of(next_eaten_mask):
        for a, b in MELD_PAIRS[e]:
            if unseen >> a & 1 and unseen >> b & 1:
                forced[a] += 1.0
                forced[b] += 1.0
    cards = bits_of(unseen)
    dead = seen & ~hand & ~next_disc_mask & ~next_eaten_mask
    rows = []
    for x in cards:
        r, s = CARD_RANK[x], CARD_SUIT[x]
        set_cards = [t * 13 + r for t in range(4) if t != s]
        run_cards = [s * 13 + r + d for d in (-2, -1, 1, 2) if 0 <= r + d <= 12]

        def count(cs: list[int], m: int) -> float:
            return float(sum(1 for i in cs if m >> i & 1))

        near_mask = card_mask_idx(set_cards + run_cards)
        last_near = -1.0
        for k, z in enumerate(next_disc):
            if near_mask >> z & 1:
                last_near = float(len(next_disc) - k)
        rows.append(head + [
            float(r), float(CARD_PTS[x]), hold_m[x], hold_u[x], forced[x],
            count(set_cards, unseen), count(set_cards, next_disc_mask), count(set_cards, dead),
            count(run_cards, unseen), count(run_cards, next_disc_mask), count(run_cards, dead),
            float(sum(1 for z in dec if any(x in p for p in MELD_PAIRS[z]))),
            float(sum(1 for z in dec if CARD_RANK[z] == r)),
            float(sum(1 for z in next_disc if CARD_RANK[z] == r)),
            float(sum(1 for z in next_disc if near_mask >> z & 1)),
            last_near, float((next_eaten_mask & near_mask).bit_count()),
            float(sum(1 for z in next_disc if CARD_RANK[z] < r)),
            float(sum(1 for z in next_disc if CARD_RANK[z] > r)),
            sum(disc_pts) / len(disc_pts) if disc_pts else -1.0,
            float((hand & near_mask).bit_count()),
        ])
    return cards, rows


def bits_of(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out
