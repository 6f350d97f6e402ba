"""The player's own order of the hand: moved by drag or by keys, kept until a sort.

Pure Python. The order is a list of card texts ("7H"); the hand is shown in
that order, with cards that came in since (a draw, an eat) at the right end
and cards that left dropped. It belongs to one hand of one match and is kept
in its own localStorage key (``ORDER_KEY``), so the saved match, the settings
and older saves are never touched; an order for another hand, or one that
cannot be read, is ignored. A sort (``App.handle("sort")``) drops it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .store import ORDER_KEY, is_nil

if TYPE_CHECKING:
    from phom.cards import Card

    from .store import Storage


def hand_id(match_seed: int, hand_no: int) -> str:
    return f"{match_seed}:{hand_no}"


def arrange(default: list[Card], order: list[str] | None) -> list[Card]:
    """``default`` (the hand as the sort would show it) in the player's order."""
    if not order:
        return list(default)
    rank = {text: i for i, text in enumerate(order)}
    kept = sorted((c for c in default if str(c) in rank), key=lambda c: rank[str(c)])
    return kept + [c for c in default if str(c) not in rank]


def move(shown: list[Card], card: Card, to: int) -> list[str]:
    """The order after moving ``card`` of ``shown`` (the hand as it is shown)
    to position ``to`` (counted in the hand without it, clamped)."""
    rest = [c for c in shown if c != card]
    if len(rest) == len(shown):
        raise ValueError(f"{card} is not in the hand")
    to = max(0, min(int(to), len(rest)))
    return [str(c) for c in rest[:to] + [card] + rest[to:]]


def nudge(shown: list[Card], card: Card, step: int) -> list[str]:
    """The order after moving ``card`` one place left (-1) or right (+1)."""
    return move(shown, card, shown.index(card) + step)


def load(storage: Storage, hid: str) -> dict[int, list[str] | None]:
    """Each seat's order for hand ``hid`` ({seat: [card texts]}); {} if none or unreadable."""
    v = storage.getItem(ORDER_KEY)
    if is_nil(v):
        return {}
    try:
        data = json.loads(str(v))
    except ValueError:
        return {}
    if not isinstance(data, dict) or data.get("hand") != hid or not isinstance(data.get("seats"), dict):
        return {}
    out: dict[int, list[str] | None] = {}
    for seat, cards in data["seats"].items():
        if isinstance(cards, list) and all(isinstance(x, str) for x in cards) and str(seat).isdigit():
            out[int(seat)] = cards
    return out


def save(storage: Storage, hid: str, orders: dict[int, list[str] | None]) -> None:
    """Store each seat's order (pass-and-play: each person arranges their own hand)."""
    kept = {str(s): cards for s, cards in orders.items() if cards}
    if kept:
        storage.setItem(ORDER_KEY, json.dumps({"hand": hid, "seats": kept}))
    else:
        storage.removeItem(ORDER_KEY)
