"""What the end of a hand makes public (docs/RULES.md §7, §8, §11).

While a hand runs, a seat knows exactly its ``PlayerView``. When it ends:

- after the last discard, every player's remaining cards are counted face up
  (that is how ranks and móm are settled at a real table), so every hand left
  is public;
- after an ù, the winner lays the winning hand open to prove it; everyone
  else simply throws in, and those hands stay hidden.

This module is the one owner of that rule: the end-of-hand panel, the pass-and-
play cover and the linked-play host all ask it what may be shown.
"""

from __future__ import annotations

from typing import Any

from .cards import Card


def revealed_hands(game: Any) -> list[Any]:
    """Per seat, the cards that hand shows at the end (a tuple), or None if hidden.

    Empty while the hand is still running: nothing is revealed before the end.
    """
    if not game.is_over:
        return [None] * game.players
    res = game.result
    if res.u is None:
        return [tuple(h) for h in res.hands]
    return [tuple(h) if s == res.u_seat else None for s, h in enumerate(res.hands)]


def public_cards(game: Any, seat: int) -> set[Card]:
    """Every card ``seat`` may see now: its view, plus what the end revealed."""
    cards: set[Card] = set(game.view(seat).seen_cards())
    for h in revealed_hands(game):
        if h is not None:
            cards.update(h)
    return cards
