"""Crafted deals: build the 52-card deck that deals given hands and stock.

For scenario tests, recorded playthroughs and the page's test hook:
``make_deck({0: "AS 2S 3S ...", 1: "..."}, stock="KH QH", players=4)`` returns a
deck for ``Game.from_deck``. Seats not given (and cards not named) are filled
with the remaining cards in a fixed order, so a crafted deal is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from .cards import DECK, Card, cards_to_mask, parse_cards
from .melds import has_partial

# The default filler: the deck in a fixed scattered order, so that filled-in
# hands look like ordinary dealt hands rather than long runs.
_SCATTERED = list(DECK)
random.Random(20261129).shuffle(_SCATTERED)


def _cards(x: str | Iterable[Card]) -> list[Card]:
    return parse_cards(x) if isinstance(x, str) else list(x)


def make_deck(hands: Mapping[int, str | Iterable[Card]], stock: str | Iterable[Card] = (),
              players: int = 4, starter: int = 0, hand_size: int = 9,
              filler: Iterable[Card] | None = None) -> list[Card]:
    """The deck that deals ``hands`` (seat -> cards) and puts ``stock`` on top of the stock.

    The starter's hand has ``hand_size + 1`` cards, the others ``hand_size``;
    a hand given with fewer cards is topped up from the unused cards
    (``filler``, default: the rest of the deck in index order).
    """
    want = {s: _cards(c) for s, c in hands.items()}
    top = _cards(stock)
    used = [c for cs in want.values() for c in cs] + top
    if len(set(used)) != len(used):
        dup = sorted({c for c in used if used.count(c) > 1})
        raise ValueError(f"named twice in the crafted deal: {' '.join(map(str, dup))}")
    for s, cs in want.items():
        size = hand_size + (1 if s == starter else 0)
        if not 0 <= s < players:
            raise ValueError(f"no seat {s}")
        if len(cs) > size:
            raise ValueError(f"seat {s} is dealt {size} cards, {len(cs)} given")
    rest = [c for c in (filler if filler is not None else _SCATTERED) if c not in set(used)]
    full = {}
    for s in range(players):
        size = hand_size + (1 if s == starter else 0)
        given = list(want.get(s, []))
        # Top up from the filler; skip fillings that would deal an accidental
        # ù khan (no cạ at all), so only the named cards make the scenario.
        for shift in range(len(rest)):
            cs = given + rest[shift:shift + size - len(given)]
            if len(cs) == len(given) or has_partial(cards_to_mask(cs)):
                break
        else:
            cs = given + rest[:size - len(given)]
        for c in cs[len(given):]:
            rest.remove(c)
        full[s] = cs
    deck: list[Card] = []
    for r in range(hand_size):
        for k in range(players):
            deck.append(full[(starter + k) % players][r])
    deck.append(full[starter][hand_size])
    deck += top + rest
    if len(deck) != 52:
        raise ValueError("crafted deal does not make 52 cards")
    return deck
