"""Bots playing hands out, for tests: the one loop that runs a Game to its end,
each move chosen by the bot of the seat to move from that seat's view, and
each position handed to the test on the way."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import phom


def positions(g: phom.Game, bots: Sequence[Any] | Any) -> Iterator[tuple[int, Any, list[Any]]]:
    """Yield ``(seat, view, legal)`` before each move, then play the move that
    ``bots[seat]`` (or ``bots`` itself, one bot for every seat) chooses from
    ``view`` and ``legal``; fail if it is not among ``legal``. Ends with the hand."""
    while not g.is_over:
        seat = g.to_move
        legal = g.legal_actions()
        view = g.view(seat)
        yield seat, view, legal
        bot = bots[seat] if isinstance(bots, Sequence) else bots
        action = bot.choose(view, legal)
        assert action in legal, f"{type(bot).__name__} chose {action}, not in {legal}"
        g.apply(action)


def play_out(g: phom.Game, bots: Sequence[Any] | Any) -> phom.Game:
    """Play ``g`` to its end with ``bots`` (see positions) and return it."""
    for _ in positions(g, bots):
        pass
    return g


def permute_hidden(g: phom.Game, seat: int, rng: random.Random) -> phom.Game:
    """A copy of g in which the cards ``seat`` cannot see (other hands, minus
    their eaten cards, and the stock) are shuffled among their places."""
    g2 = g.clone()
    P = g2.players
    hidden = []
    for s in range(P):
        if s != seat:
            free = g2.hands[s] & ~g2.eaten_mask[s]
            hidden += [i for i in range(52) if free >> i & 1]
    hidden += [c.index for c in g2.stock]
    rng.shuffle(hidden)
    pos = 0
    for s in range(P):
        if s != seat:
            n = (g2.hands[s] & ~g2.eaten_mask[s]).bit_count()
            m = g2.eaten_mask[s]
            for i in hidden[pos:pos + n]:
                m |= 1 << i
            g2.hands[s] = m
            pos += n
    g2.stock = [phom.card_from_index(i) for i in hidden[pos:]]
    g2._legal = None
    return g2
