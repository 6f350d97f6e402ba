"""A hand of Phỏm: Game checks each action with ``legality``, changes the state, pays with ``scoring``.

The hand is a state machine with an explicit ``phase`` (``state.Phase``):

- ``deal``: right after the deal, seats holding a dealt ù (khan, cùng màu,
  thiên ù, or the starter's ordinary ù) are offered ``DeclareU`` in turn;
- ``take``: ``Draw`` or ``Eat``;
- ``u``: after a take that completes an ù, ``DeclareU`` (and ``Pass`` when
  ù is optional);
- ``lay_down``: on the lay-down turn (or a tái turn) one ``LayDown``;
- ``discard``: ``Discard`` (and, after a lay-down, ``Send`` and gửi ù);
- ``over``: the hand has ended; ``result`` holds the payments.

Where each rule lives: how long the hand lasts and tái in ``turns.py``, which ù
a hand makes in ``u.py``, what is legal and why not in ``legality.py``, every
payment in ``scoring.py``, how the hand closes (an ù or the showdown) and its
result in ``ending.py``, the fields of the hand in ``state.py`` (public and
secret), what a seat may see in ``view.py`` (``view_of``), its JSON in
``saving.py``, worlds for search in ``worlds.py``, the proposed lay-down and
send in ``proposals.py``.

Cards in hands are 52-bit masks (see ``cards.py``); the meld solver works on
them directly. The hand is a pure function of its deck and its actions, which
is how it is saved (``to_json``) and checked on load (``from_json`` replays).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import ending, legality, scoring, u, validate
from .actions import (
    Action,
    DeclareU,
    Discard,
    Draw,
    Eat,
    IllegalAction,
    LayDown,
    Pass,
    Send,
)
from .cards import DECK, Card, card_from_index, cards_to_mask, mask_to_cards
from .ledger import Payment, Result
from .rules import Rules, UKind
from .saving import game_to_json
from .state import Event, EventRecord, Phase, copy_state
from .turns import Turns, for_rules
from .view import PlayerView, view_of

FORMAT = validate.GAME_FORMAT


class Game:
    """One hand of Phỏm between ``players`` seats. See the module docstring.

    The attributes are the fields ``state.py`` declares (context, public, secret);
    code outside the engine reads a hand through ``view(seat)``, ``legal_actions()``
    and ``result``, and searches through ``worlds.sample``.
    """

    rules: Rules
    players: int
    starter: int
    seed: Any
    pot_in: int
    streak_seat: int | None
    rng: random.Random
    deck: tuple[Card, ...]
    dealt: tuple[int, ...]
    actions: list[Action]
    result: Result | None
    hands: list[int]
    stock: list[Card]
    drawn: Card | None
    u_offer: UKind | None
    deal_offers: list[tuple[int, UKind]]
    phase: Phase
    to_move: int
    rows: list[list[Card]]
    eaten: list[list[Card]]
    eaten_mask: list[int]
    turns: list[int]
    turn_no: list[int]
    laid: list[list[int] | None]
    lay_order: list[int]
    melds: dict[int, list[int]]
    meld_seq: list[int]
    next_meld: int
    last_discard: Card | None
    last_discarder: int | None
    last_chot: bool
    laydown_started: bool
    took: str | None
    laid_this_turn: bool
    sent_this_turn: int
    eat_count: list[int]
    chot_from: list[int]
    chot_eaters: list[int]
    kings_paid: list[bool]
    ledger: list[Payment]
    events: list[EventRecord]
    lay_log: list[tuple[int, tuple[int, ...]]]
    _legal: list[Action] | None

    # ------------------------------------------------------------------ set-up
    def __init__(self, rules: Rules | None = None, players: int | None = None, seed: Any = None,
                 starter: int = 0, *, pot: int = 0, streak_seat: int | None = None,
                 _deck: Sequence[Card] | None = None):
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise ValueError("rules must be a phom.Rules")
        players = rules.players if players is None else players
        if not isinstance(players, int) or players not in rules.players_allowed:
            raise ValueError(f"players must be one of {rules.players_allowed}, got {players!r}")
        if not isinstance(starter, int) or not 0 <= starter < players:
            raise ValueError(f"starter must be a seat 0..{players - 1}, got {starter!r}")
        if streak_seat is not None and not (isinstance(streak_seat, int) and 0 <= streak_seat < players):
            raise ValueError(f"streak_seat must be a seat or None, got {streak_seat!r}")
        if not isinstance(pot, int) or pot < 0:
            raise ValueError(f"pot must be a non-negative int, got {pot!r}")
        self.rules = rules
        self.players = players
        self.starter = starter
        self.seed = seed
        self.pot_in = pot
        self.streak_seat = streak_seat
        self.rng = random.Random(seed)
        if _deck is None:
            deck = list(DECK)
            self.rng.shuffle(deck)
        else:
            deck = _check_deck(_deck)
        self.deck = tuple(deck)
        self.actions = []
        self.result = None
        self._deal()

    @classmethod
    def from_deck(cls, deck: Sequence[Card] | str, rules: Rules | None = None,
                  players: int | None = None, starter: int = 0, **kw: Any) -> Game:
        """A hand dealt from ``deck`` (52 cards, or text): one card at a time round the
        table from the starter, ``hand_size`` rounds, then the starter's extra
        card; the rest is the stock, top first."""
        if isinstance(deck, str):
            from .cards import parse_cards
            deck = parse_cards(deck)
        return cls(rules, players, None, starter, _deck=list(deck), **kw)

    def _deal(self) -> None:
        r, P = self.rules, self.players
        n = r.hand_size
        hands = [0] * P
        it = iter(self.deck)
        for _ in range(n):
            for k in range(P):
                hands[(self.starter + k) % P] |= next(it).bit
        hands[self.starter] |= next(it).bit
        self.hands = hands
        self.stock = list(reversed(self.deck[n * P + 1:]))  # top of the stock is the end
        self.dealt = tuple(hands)
        self.drawn = None
        # the public part, empty (state.PublicState lists every field)
        self.phase = Phase.DEAL
        self.to_move = self.starter
        self.rows = [[] for _ in range(P)]
        self.eaten = [[] for _ in range(P)]
        self.eaten_mask = [0] * P
        self.turns = [0] * P
        self.turn_no = [0] * P
        self.laid = [None] * P
        self.lay_order = []
        self.melds = {}
        self.meld_seq = []
        self.next_meld = 0
        self.last_discard = None
        self.last_discarder = None
        self.last_chot = False
        self.laydown_started = False
        self.took = None
        self.laid_this_turn = False
        self.sent_this_turn = 0
        self.eat_count = [0] * P
        self.chot_from = [0] * P
        self.chot_eaters = []
        self.kings_paid = [False] * P
        self.ledger = scoring.antes(r, P)
        self.events = []
        self.lay_log = []
        self.u_offer = None
        self._legal = None
        self.deal_offers = u.dealt_offers(r, self.hands, self.starter)
        self._next_deal_offer()

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def turn_model(self) -> Turns:
        """This table's turn model (``turns.py``)."""
        return for_rules(self.rules)

    @property
    def table_count(self) -> int:
        """D: discards lying on the table (eaten ones not counted)."""
        return sum(map(len, self.rows))

    def hand(self, seat: int) -> list[Card]:
        return mask_to_cards(self.hands[seat])

    def hand_mask(self, seat: int) -> int:
        """The cards in ``seat``'s hand as a mask (for playouts on a sampled world)."""
        return self.hands[seat]

    def eaten_in_hand_mask(self, seat: int) -> int:
        """The eaten cards still in ``seat``'s hand, as a mask (public: they lie face-up)."""
        return self.eaten_mask[seat]

    def has_laid(self, seat: int) -> bool:
        """Has ``seat`` laid down (a meld, or móm) this hand?"""
        return self.laid[seat] is not None

    def eaten_mask_cards(self, seat: int) -> list[Card]:
        """The eaten cards still in ``seat``'s hand (public: they lie face-up)."""
        return mask_to_cards(self.eaten_mask[seat])

    def face_up_mask(self) -> int:
        """Every card lying face-up: discard rows, eaten cards, laid melds."""
        m = 0
        for row in self.rows:
            for c in row:
                m |= c.bit
        for row in self.eaten:
            for c in row:
                m |= c.bit
        for mid in self.meld_seq:
            m |= self.melds[mid][1]
        return m

    def prev(self, seat: int) -> int:
        return (seat - 1) % self.players

    def next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def is_lay_down_turn(self, seat: int | None = None) -> bool:
        """Does ``seat`` (default: to move) lay down — or play a tái — this turn?"""
        s = self.to_move if seat is None else seat
        if self.phase in (Phase.DEAL, Phase.OVER):
            return False
        return self.turn_model.is_lay_down_turn(self, s)

    def is_tai(self) -> bool:
        """Is the seat to move playing a tái (a turn after the one it laid down on)?"""
        return self.phase not in (Phase.DEAL, Phase.OVER) and self.turn_model.is_tai(self, self.to_move)

    # ------------------------------------------------------------------ turns
    def _next_deal_offer(self) -> None:
        if self.deal_offers:
            s, kind = self.deal_offers.pop(0)
            self.to_move, self.u_offer, self.phase = s, kind, Phase.DEAL
        else:
            self.u_offer = None
            self._begin_turn(self.starter)

    def _u_kind_after_take(self, s: int) -> UKind | None:
        return u.after_take(self.rules, self.hands[s], self.eaten_mask[s])

    def _begin_turn(self, s: int) -> None:
        self.to_move = s
        self.turn_no[s] += 1
        self.took = None
        self.laid_this_turn = False
        self.sent_this_turn = 0
        self.u_offer = None
        if s == self.starter and self.turn_no[s] == 1:
            self.phase = Phase.DISCARD  # the starter's first turn has no take
        else:
            self.phase = Phase.TAKE

    def _after_take(self, s: int) -> None:
        kind = self._u_kind_after_take(s)
        if kind is not None:
            self.u_offer, self.phase = kind, Phase.U
        else:
            self._after_u(s)

    def _after_u(self, s: int) -> None:
        self.u_offer = None
        self.phase = Phase.LAY_DOWN if self.is_lay_down_turn(s) else Phase.DISCARD

    def _end_turn(self, s: int) -> None:
        tm = self.turn_model
        if tm.lay_down_phase_begins(self):
            self.laydown_started = True
        if tm.is_hand_over(self):
            return ending.finish(self)
        self._begin_turn(self.next(s))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Exactly the actions the rules allow now (never empty before the end)."""
        if self._legal is None:
            self._legal = legality.legal_actions(self)
        return list(self._legal)

    def why_illegal(self, action: object) -> str | None:
        """Why ``action`` may not be played now (the rule, in words), or None if it may."""
        return legality.why_illegal(self, action)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to move; IllegalAction leaves the hand untouched."""
        if self._legal is None:
            self._legal = legality.legal_actions(self)
        if action not in self._legal:
            raise IllegalAction(legality.why_illegal(self, action) or f"{action} is not legal now")
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play ``action`` without asking whether it is legal: for a search's
        playouts on its own copies of a sampled hand, whose policy picks from
        what the engine offers (``bots/fast.py``; tests/bots check every move it
        plays is one ``apply`` accepts). An illegal action here leaves the copy
        in a state no rule allows — never call it on a hand someone plays."""
        s = self.to_move
        self.actions.append(action)
        self._legal = None
        t = type(action)
        if t is Draw:
            c = self.stock.pop()
            self.hands[s] |= c.bit
            self.took = "draw"
            self.drawn = c
            self.events.append((s, Event.DRAW, None))
            self._after_take(s)
        elif t is Eat:
            self._eat(s)
            self._after_take(s)
        elif t is DeclareU:
            assert isinstance(action, DeclareU)
            self.events.append((s, Event.U, None))
            ending.finish_u(self, s, UKind(action.kind))
        elif t is Pass:
            self.events.append((s, Event.PASS, None))
            if self.phase == Phase.DEAL:
                self._next_deal_offer()
            else:
                self._after_u(s)
        elif t is LayDown:
            assert isinstance(action, LayDown)
            self._lay_down(s, action)
        elif t is Send:
            assert isinstance(action, Send)
            c = action.card
            self.hands[s] &= ~c.bit
            self.melds[action.meld_id][1] |= c.bit
            self.sent_this_turn += 1
            self.events.append((s, Event.SEND, c))
        elif t is Discard:
            assert isinstance(action, Discard)
            c = action.card
            self.hands[s] &= ~c.bit
            self.last_chot = self.turn_model.is_chot_discard(self, s)
            self.rows[s].append(c)
            self.turns[s] += 1
            self.last_discard, self.last_discarder = c, s
            self.events.append((s, Event.DISCARD, c))
            self._end_turn(s)

    def _eat(self, s: int) -> None:
        c, d = self.last_discard, self.last_discarder
        assert c is not None and d is not None
        chot = self.last_chot
        amount = scoring.eat_price(self.rules, chot=chot, eats_before=self.eat_count[s],
                                   round_no=self.turn_no[s], chots_from_discarder=self.chot_from[d])
        self.rows[d].pop()
        self.hands[s] |= c.bit
        self.eaten_mask[s] |= c.bit
        self.eaten[s].append(c)
        self.eat_count[s] += 1
        if chot:
            self.chot_from[d] += 1
            self.chot_eaters.append(s)
        self.ledger.append(Payment("chot" if chot else "eat", d, s, amount, (("card", str(c)),)))
        self.last_discard = None
        self.last_discarder = None
        self.took = "eat"
        self.events.append((s, Event.EAT, c))

    def _lay_down(self, s: int, action: LayDown) -> None:
        r = self.rules
        h = self.hands[s]
        if r.u_kings is not None and self.laid[s] is None and not self.kings_paid[s]:
            k = (h & u.KINGS & ~self.eaten_mask[s]).bit_count()
            if k >= 3 and not (h & u.KINGS & self.eaten_mask[s]):
                self.kings_paid[s] = True
                amount = scoring.kings_payout(r, k)
                for o in range(self.players):
                    if o != s:
                        self.ledger.append(Payment("kings", o, s, amount, (("kings", k),)))
        ids = []
        for meld in action.melds:
            m = cards_to_mask(meld)
            self.hands[s] &= ~m
            self.eaten_mask[s] &= ~m
            mid = self.next_meld
            self.next_meld += 1
            self.melds[mid] = [s, m]
            self.meld_seq.append(mid)
            ids.append(mid)
        laid = self.laid[s]
        if laid is None:  # the first lay-down of the hand
            self.laid[s] = ids
            self.lay_order.append(s)
        else:  # a tái: new melds join the ones laid before
            laid.extend(ids)
        self.laid_this_turn = True
        self.lay_log.append((s, tuple(ids)))
        self.events.append((s, Event.LAY, None))
        self.phase = Phase.DISCARD

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know (docs/RULES.md §11): the public state and its own hand."""
        return view_of(self, seat)

    # ------------------------------------------------------------------ copies
    def clone(self) -> Game:
        """A deep copy (fast): the hand can be played on without touching this one."""
        g = object.__new__(Game)
        copy_state(self, g)
        return g

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> str:
        """The hand as JSON: rules, seats, deck, actions, context and RNG state."""
        return game_to_json(self)

    @classmethod
    def from_json(cls, text: Any) -> Game:
        """Rebuild a hand saved by ``to_json``; ``BadSave`` (a ValueError) says what is wrong."""
        g: Game = validate.load_game(cls, text)
        return g

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} players={self.players} phase={self.phase} "
                f"to_move={self.to_move} stock={len(self.stock)}>")


def _check_deck(deck: Any) -> list[Card]:
    if not isinstance(deck, (list, tuple)) or len(deck) != 52:
        raise ValueError(f"a deck is 52 cards, got {len(deck) if hasattr(deck, '__len__') else deck!r}")
    for c in deck:
        if not isinstance(c, Card):
            raise ValueError(f"not a Card in the deck: {c!r}")
    if len(set(deck)) != 52:
        dup = sorted({c for c in deck if deck.count(c) > 1})
        raise ValueError(f"deck repeats {' '.join(map(str, dup))}")
    return [card_from_index(c.index) for c in deck]
