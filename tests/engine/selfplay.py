"""Bots playing hands out, for tests: the one loop that runs a Game to its end,
each move chosen by the bot of the seat to move from that seat's view, and
each position handed to the test on the way."""

from __future__ import annotations

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
