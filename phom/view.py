"""PlayerView: what one seat may know (docs/RULES.md §11), and nothing else.

Built fresh by ``Game.view(seat)`` (``view_of`` below) from the hand's public
state (``state.PublicState``, kept whole as ``public``) and the seat's own hand —
never another hand or the stock order. It also answers the turn-model questions
(``turns.py``) so a bot never works them out again: is this a lay-down turn, a
tái, a chốt discard, how many takes are left, does the next discard end the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, mask_to_cards
from .ledger import Payment
from .rules import Rules, UKind
from .state import Event, EventRecord, Phase, PublicState
from .turns import for_rules

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class PlayerView:
    seat: int
    to_move: int
    players: int
    phase: Phase
    hand: tuple[Card, ...]                     # this seat's hand, eaten cards included
    eaten: tuple[tuple[Card, ...], ...]        # per seat: every card that seat has eaten this hand
    discards: tuple[tuple[Card, ...], ...]     # per seat: discards lying in front of the seat
    last_discard: Card | None
    last_discarder: int | None
    table_melds: tuple[tuple[int, int, tuple[Card, ...]], ...]  # (meld_id, owner, cards) in lay-down order
    stock_size: int
    hand_sizes: tuple[int, ...]
    rules: Rules
    starter: int
    turns: tuple[int, ...]                     # discards made per seat
    laid: tuple[tuple[int, ...] | None, ...]   # per seat: None (not laid yet) or meld ids laid
    lay_order: tuple[int, ...]                 # seats in the order they laid down
    payments: tuple[Payment, ...]              # every payment so far
    events: tuple[EventRecord, ...]            # public log: (seat, Event, card or None)
    pot: int                                   # the gà in play (carried in plus this hand's antes)
    is_lay_down_turn: bool                     # the seat to move lays down (or plays a tái) this turn
    chot: bool                                 # a discard by the seat to move now would be a chốt
    u_offer: UKind | None                      # the dealt ù on offer (deal phase only)
    public: PublicState                        # the whole public state (counters for bots and worlds)
    my_draws: tuple[Card, ...] = ()            # the cards this seat drew from the stock, in order (it saw each)

    @staticmethod
    def build(seat: int, pub: PublicState, rules: Rules, hand: tuple[Card, ...], *, stock_size: int,
              hand_sizes: tuple[int, ...], u_offer: UKind | None, is_lay_down_turn: bool,
              chot: bool, my_draws: tuple[Card, ...] = ()) -> PlayerView:
        """The view of ``seat``, every public field read from ``pub``."""
        from .cards import mask_to_cards
        from .scoring import pot_size

        return PlayerView(
            seat=seat, to_move=pub.to_move, players=pub.players, phase=pub.phase, hand=hand,
            eaten=pub.eaten, discards=pub.rows, last_discard=pub.last_discard,
            last_discarder=pub.last_discarder,
            table_melds=tuple((mid, owner, tuple(mask_to_cards(m))) for mid, owner, m in pub.melds),
            stock_size=stock_size, hand_sizes=hand_sizes, rules=rules, starter=pub.starter,
            turns=pub.turns, laid=pub.laid, lay_order=pub.lay_order, payments=pub.ledger,
            events=pub.events, pot=pot_size(rules, pub.pot_in, pub.players),
            is_lay_down_turn=is_lay_down_turn, chot=chot, u_offer=u_offer, public=pub,
            my_draws=my_draws,
        )

    @property
    def my_eaten(self) -> tuple[Card, ...]:
        return self.eaten[self.seat]

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.players

    @property
    def prev_seat(self) -> int:
        return (self.seat - 1) % self.players

    @property
    def turn_no(self) -> tuple[int, ...]:
        """Turns begun per seat (the current one included)."""
        return self.public.turn_no

    @property
    def is_tai(self) -> bool:
        """The seat to move is playing a tái (docs/RULES.md §6)."""
        return self.phase not in (Phase.DEAL, Phase.OVER) and for_rules(self.rules).is_tai(
            self.public, self.to_move)

    def takes_left(self, after_discard: bool = True) -> int:
        """Takes this seat still has up to and including its lay-down take (``turns.py``)."""
        return for_rules(self.rules).takes_left(self.public, self.seat, self.to_move, after_discard)

    def next_discard_ends_hand(self) -> bool:
        """Would the next discard end the hand (``turns.py``)?"""
        return for_rules(self.rules).next_discard_ends_hand(self.public)

    def is_chot_discard(self, seat: int) -> bool:
        """Would a discard by ``seat`` now be a chốt?"""
        return for_rules(self.rules).is_chot_discard(self.public, seat)

    def seen_cards(self) -> set[Card]:
        """Every card this seat has seen face-up or holds."""
        s = set(self.hand)
        for row in self.discards:
            s.update(row)
        for row in self.eaten:
            s.update(row)
        for _, _, cards in self.table_melds:
            s.update(cards)
        return s


def view_of(g: Game, seat: int) -> PlayerView:
    """``g.view(seat)``: what ``seat`` may know (docs/RULES.md §11), the public state and its own hand."""
    if not isinstance(seat, int) or not 0 <= seat < g.players:
        raise ValueError(f"no seat {seat!r} at this table")
    in_play = g.phase not in (Phase.DEAL, Phase.OVER)
    return PlayerView.build(
        seat, PublicState.capture(g), g.rules, tuple(mask_to_cards(g.hands[seat])),
        stock_size=len(g.stock),
        hand_sizes=tuple(h.bit_count() for h in g.hands),
        u_offer=g.u_offer if g.phase == Phase.DEAL else None,
        is_lay_down_turn=g.is_lay_down_turn() if in_play else False,
        chot=g.phase in (Phase.DISCARD, Phase.LAY_DOWN, Phase.TAKE, Phase.U)
        and g.turn_model.is_chot_discard(g, g.to_move),
        my_draws=_draws_of(g, seat),
    )


def _draws_of(g: Game, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` drew from the stock this hand, in order: each was in its
    hand once, so it is the seat's to know (its move log names them). A sampled
    world (no deck) knows none."""
    if not g.deck:
        return ()
    k = g.rules.hand_size * g.players + 1   # the stock's top, as dealt
    out = []
    for s, kind, _card in g.events:
        if kind == Event.DRAW:
            if s == seat:
                out.append(g.deck[k])
            k += 1
    return tuple(out)
