"""PlayerView: what one seat may know (RULES.md §11), and nothing else.

Built fresh by ``Game.view(seat)``. It holds the seat's own hand and the public
table — discard rows, eaten cards, laid melds, counts, payments, the public
event log — never another hand or the stock order. ``public`` is the engine's
public bookkeeping (turn counters, who ate a chốt, …) from which
``Game.sample_from_view`` rebuilds a hand for search; it too is public.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .rules import Rules


@dataclass(frozen=True)
class PlayerView:
    seat: int
    to_move: int
    players: int
    phase: str
    hand: tuple            # tuple[Card], this seat's hand, eaten cards included
    eaten: tuple           # per seat: tuple[Card] every card that seat has eaten this hand
    discards: tuple        # per seat: tuple[Card] discards lying in front of the seat
    last_discard: Card | None
    last_discarder: int | None
    table_melds: tuple     # (meld_id, owner, tuple[Card]) in lay-down order, sent cards included
    stock_size: int
    hand_sizes: tuple
    rules: Rules
    starter: int
    turns: tuple           # discards made per seat
    laid: tuple            # per seat: None (not laid yet) or tuple of meld ids laid
    lay_order: tuple       # seats in the order they laid down
    payments: tuple        # Payment so far
    events: tuple          # public log: (seat, kind, card or None)
    pot: int
    is_lay_down_turn: bool  # the seat to move lays down (or plays a tái) this turn
    chot: bool             # a discard by the seat to move now would be a chốt
    public: dict           # the engine's public bookkeeping (for determinization)

    @property
    def my_eaten(self) -> tuple:
        return self.eaten[self.seat]

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.players

    @property
    def prev_seat(self) -> int:
        return (self.seat - 1) % self.players

    def seen_cards(self) -> set:
        """Every card this seat has seen face-up or holds."""
        s = set(self.hand)
        for row in self.discards:
            s.update(row)
        for row in self.eaten:
            s.update(row)
        for _, _, cards in self.table_melds:
            s.update(cards)
        return s
