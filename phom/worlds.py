"""Worlds for search: a whole hand sampled from what one seat may know.

OpenSpiel's ``resample_from_infostate``: ``sample(view, rng)`` builds a ``Game``
that agrees with ``view`` in everything public — discards, eaten cards, laid
melds, counters, payments, whose turn — and in the viewer's own hand, with the
cards the viewer cannot see dealt at random to the other hands (each keeping
the eaten cards it still holds) and the stock. A searching bot plays such
worlds out to the end; it never sees a real Game's hidden cards.

A bot with its own model of the hidden cards (``bots/model.py``) passes
``deal``: a function of ``(view, rng)`` that returns the other seats' hands and
the stock; ``sample`` checks it against the view before using it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from .cards import DECK, card_from_index, cards_to_mask
from .game import Game
from .state import Phase
from .view import PlayerView

#: ``deal(view, rng) -> ({seat: hand mask}, stock as card indices, top last)``
Deal = Callable[[PlayerView, random.Random], tuple[Mapping[int, int], Sequence[int]]]


def sample(view: PlayerView, rng: random.Random, deal: Deal | None = None) -> Game:
    """A hand consistent with ``view`` whose hidden cards are dealt at random (or by ``deal``).

    The uniform deal is always drawn first, so the random stream is the same with
    or without ``deal``. Raises ValueError for a view still in its deal phase or
    an inconsistent view or deal.
    """
    if view.phase == Phase.DEAL:
        raise ValueError("cannot sample a hand still in its deal phase")
    pub = view.public
    P = view.players
    g = object.__new__(Game)
    g.rules, g.players, g.starter = view.rules, P, view.starter
    g.seed = None
    g.rng = random.Random(rng.random())
    g.deck, g.dealt, g.actions, g.result = (), (), [], None
    pub.restore(g)
    laid_mask = 0
    for _, _, m in pub.melds:
        laid_mask |= m
    seen = cards_to_mask(view.seen_cards())
    unseen = [c for c in DECK if not seen >> c.index & 1]
    rng.shuffle(unseen)
    hands = [0] * P
    hands[view.seat] = cards_to_mask(view.hand)
    for s in range(P):
        if s != view.seat:
            em = pub.eaten_mask[s]
            need = view.hand_sizes[s] - em.bit_count()
            hands[s] = em | cards_to_mask(unseen[:need])
            del unseen[:need]
    if len(unseen) != view.stock_size:
        raise ValueError("view is inconsistent: unseen cards do not match hand and stock sizes")
    g.hands, g.stock = hands, unseen
    if deal is not None:
        _redeal(g, view, *deal(view, rng))
    g.drawn = None
    g.u_offer = None
    g.deal_offers = []
    g._legal = None
    if g.phase == Phase.U:
        g.u_offer = g._u_kind_after_take(g.to_move)
        if g.u_offer is None:  # only the viewer can be in phase u, and it sees its hand
            g._after_u(g.to_move)
    return g


def _redeal(g: Game, view: PlayerView, hands: Mapping[int, int], stock: Sequence[int]) -> None:
    """Put the hidden cards where ``deal`` says, after checking they are the same cards."""
    before = cards_to_mask(g.stock)
    after = 0
    for s in range(g.players):
        if s == view.seat:
            continue
        before |= g.hands[s] & ~g.eaten_mask[s]
        h = hands[s]
        if h & g.eaten_mask[s] != g.eaten_mask[s] or h.bit_count() != view.hand_sizes[s]:
            raise ValueError(f"deal gives seat {s} a hand the view does not allow")
        after |= h & ~g.eaten_mask[s]
    for i in stock:
        after |= 1 << i
    if before != after or len(stock) != view.stock_size:
        raise ValueError("deal does not hold exactly the cards the viewer cannot see")
    for s, h in hands.items():
        g.hands[s] = h
    g.stock = [card_from_index(i) for i in stock]
