"""A hand of Phỏm: deal, take, ù, lay down, send, discard, and the payments.

The hand is a state machine with an explicit ``phase``:

- ``deal``: right after the deal, seats holding a dealt ù (khan, cùng màu,
  thiên ù, or the starter's ordinary ù) are offered ``DeclareU`` in turn;
- ``take``: ``Draw`` or ``Eat``;
- ``u``: after a take that completes an ù, ``DeclareU`` (and ``Pass`` when
  ù is optional);
- ``lay_down``: on the lay-down turn (or a tái turn) one ``LayDown``;
- ``discard``: ``Discard`` (and, after a lay-down, ``Send`` and gửi ù);
- ``over``: the hand has ended; ``result`` holds the payments.

Cards in hands are 52-bit masks (see ``cards.py``); the meld solver works on
them directly. The hand is a pure function of its deck and its actions, which
is how it is saved (``to_json``) and checked on load (``from_json`` replays).
"""

from __future__ import annotations

import json
import random

from . import validate
from .actions import (
    U_KINDS,
    DeclareU,
    Discard,
    Draw,
    Eat,
    IllegalAction,
    LayDown,
    Pass,
    Send,
    action_to_json,
)
from .cards import DECK, Card, card_from_index, cards_to_mask, mask_to_cards
from .ledger import POT, Payment, Result, deltas_of
from .melds import (
    MELD_MASKS,
    all_arrangements_mask,
    full_cover_mask,
    has_partial,
    is_meld_mask,
    is_valid_mask,
)
from .rules import Rules
from .saving import rng_to_json
from .view import PlayerView

FORMAT = validate.GAME_FORMAT

# Melds containing each card (for eat legality and ù dọc dài).
_MELDS_WITH = [tuple(m for m in MELD_MASKS if m >> i & 1) for i in range(52)]


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _same_suit(mask: int) -> bool:
    for s in range(4):
        if mask & ~(0x1FFF << (13 * s)) == 0:
            return True
    return False


_LONG_RUNS = {n: tuple(m for m in MELD_MASKS if _same_suit(m) and _popcount(m) >= n) for n in (8, 9)}
_RED = cards_to_mask(c for c in DECK if c.is_red)
_BLACK = cards_to_mask(c for c in DECK if not c.is_red)
_KINGS = cards_to_mask(c for c in DECK if c.rank == 13)


def _points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += (low.bit_length() - 1) % 13 + 1
        mask ^= low
    return total


class Game:
    """One hand of Phỏm between ``players`` seats. See the module docstring."""

    # ------------------------------------------------------------------ set-up
    def __init__(self, rules: Rules | None = None, players: int | None = None, seed=None,
                 starter: int = 0, *, pot: int = 0, streak_seat: int | None = None,
                 _deck=None):
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
        self.actions: list = []
        self._deal()

    @classmethod
    def from_deck(cls, deck, rules: Rules | None = None, players: int | None = None,
                  starter: int = 0, **kw) -> Game:
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
        self.eaten = [[] for _ in range(P)]          # cards each seat ate (public)
        self.eaten_mask = [0] * P                    # eaten cards still in hand
        self.rows = [[] for _ in range(P)]           # discards lying in front of each seat
        self.turns = [0] * P                         # discards made
        self.turn_no = [0] * P                       # turns begun
        self.laid: list = [None] * P                 # None, or list of meld ids
        self.lay_order: list = []
        self.melds: dict = {}                        # id -> [owner, mask]
        self.meld_seq: list = []                     # ids in lay-down order
        self.next_meld = 0
        self.last_discard: Card | None = None
        self.last_discarder: int | None = None
        self.last_chot = False
        self.laydown_started = False                 # table model: D reached 3P
        self.to_move = self.starter
        self.phase = "deal"
        self.took = None                             # "draw" / "eat" this turn
        self.drawn = None                            # the card drawn this hand last (hidden)
        self.laid_this_turn = False
        self.sent_this_turn = 0
        self.u_offer = None                          # kind offered in phase "u"/"deal"
        self.deal_offers: list = []                  # [(seat, kind)] still to offer
        self.eat_count = [0] * P
        self.chot_from = [0] * P                     # chốts eaten from each discarder
        self.chot_eaters: list = []                  # seats that ate a chốt, in order
        self.kings_paid = [False] * P
        self.ledger: list = []
        self.events: list = []
        self.lay_log: list = []                      # (seat, meld ids) per lay-down, public
        self.result: Result | None = None
        self._legal = None
        if r.pot:
            for s in range(P):
                self.ledger.append(Payment("ante", s, POT, r.pot_ante))
        self.deal_offers = self._dealt_u_offers()
        self._next_deal_offer()

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def table_count(self) -> int:
        """D: discards lying on the table (eaten ones not counted)."""
        return sum(len(r) for r in self.rows)

    def hand(self, seat: int) -> list[Card]:
        return mask_to_cards(self.hands[seat])

    def eaten_mask_cards(self, seat: int) -> list[Card]:
        """The eaten cards still in ``seat``'s hand (public: they lie face-up)."""
        return mask_to_cards(self.eaten_mask[seat])

    def prev(self, seat: int) -> int:
        return (seat - 1) % self.players

    def next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def is_lay_down_turn(self, seat: int | None = None) -> bool:
        """Does ``seat`` (default: to move) lay down — or play a tái — this turn?"""
        s = self.to_move if seat is None else seat
        if self.phase in ("deal", "over"):
            return False
        if self.rules.turn_model == "four_turns":
            return self.turn_no[s] == 4
        return self.laydown_started or self.laid[s] is not None

    def _discard_is_chot(self, seat: int) -> bool:
        if self.rules.turn_model == "four_turns":
            nxt = self.next(seat)
            return self.turn_no[nxt] == 3 and self.turns[nxt] == 3
        return self.table_count + 1 >= 3 * self.players

    # ------------------------------------------------------------------ ù
    def _dealt_u_offers(self) -> list:
        r, P = self.rules, self.players
        first, rest = [], []
        for k in range(P):
            s = (self.starter + k) % P
            h = self.hands[s]
            kinds = []
            if r.u_khan is not None and not has_partial(h):
                kinds.append("khan")
            if r.u_same_color is not None and (h & _RED == h or h & _BLACK == h):
                kinds.append("same_color")
            if s == self.starter:
                k2 = self._u_kind_after_take(s)
                if k2:
                    kinds.append("heaven" if r.u_heaven is not None and self._u_mult(k2) <= r.u_heaven else k2)
            elif r.u_heaven is not None and full_cover_mask(h, 0) is not None:
                kinds.append("heaven")
            if kinds:
                best = max(kinds, key=self._u_mult)
                (first if "khan" in kinds else rest).append((s, "khan" if "khan" in kinds and self._u_mult("khan") >= self._u_mult(best) else best))
        return first + rest

    def _next_deal_offer(self) -> None:
        if self.deal_offers:
            s, kind = self.deal_offers.pop(0)
            self.to_move, self.u_offer, self.phase = s, kind, "deal"
        else:
            self.u_offer = None
            self._begin_turn(self.starter)

    def _u_mult(self, kind: str) -> float:
        r = self.rules
        m = {"normal": 1, "send": 1, "round": r.u_tron, "khan": r.u_khan,
             "same_color": r.u_same_color, "heaven": r.u_heaven,
             "long_run": r.u_long_run}.get(kind)
        return 0 if m is None else m

    def _u_kind_after_take(self, s: int) -> str | None:
        """The best ù the hand of ``s`` makes now, or None (RULES.md §8)."""
        h, e = self.hands[s], self.eaten_mask[s]
        n = _popcount(h)
        if n < 3:
            return None
        kinds = []
        if full_cover_mask(h, e) is not None:
            # every card melds: also a tái player whose take completes the
            # cards left after laying down ("tròn bài và ù", seeds 000/003)
            kinds.append("round")
            kinds.append("normal")
        elif n >= 4:
            rest = h & ~e
            while rest:
                low = rest & -rest
                rest ^= low
                if full_cover_mask(h ^ low, e) is not None:
                    kinds.append("normal")
                    break
        if not kinds:
            return None
        if self.rules.u_long_run is not None:
            need = self.rules.hand_size
            for m in _LONG_RUNS[min(need, 9)]:
                if m & h == m and _popcount(m) >= need and _popcount(m & e) <= 1:
                    left = h & ~m
                    if left == 0 or (_popcount(left) == 1 and not left & e):
                        kinds.append("long_run")
                        break
        return max(kinds, key=self._u_mult)

    # ------------------------------------------------------------------ turns
    def _begin_turn(self, s: int) -> None:
        self.to_move = s
        self.turn_no[s] += 1
        self.took = None
        self.laid_this_turn = False
        self.sent_this_turn = 0
        self.u_offer = None
        if s == self.starter and self.turn_no[s] == 1:
            self.phase = "discard"  # the starter's first turn has no take
        else:
            self.phase = "take"

    def _after_take(self, s: int) -> None:
        kind = self._u_kind_after_take(s)
        if kind is not None:
            self.u_offer, self.phase = kind, "u"
        else:
            self._after_u(s)

    def _after_u(self, s: int) -> None:
        self.u_offer = None
        self.phase = "lay_down" if self.is_lay_down_turn(s) else "discard"

    def _end_turn(self, s: int) -> None:
        P = self.players
        if self.rules.turn_model == "four_turns":
            if all(t >= 4 for t in self.turns):
                return self._finish()
        else:
            if self.table_count >= 3 * P:
                self.laydown_started = True
            if self.table_count >= 4 * P:
                return self._finish()
        self._begin_turn(self.next(s))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        """Exactly the actions the rules allow now (never empty before the end)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list:
        ph, s = self.phase, self.to_move
        if ph == "over":
            return []
        if ph in ("deal", "u"):
            out = [DeclareU(self.u_offer)]
            if self._may_pass():
                out.append(Pass())
            return out
        if ph == "take":
            out = [Draw()]
            if self._eat_problem(s) is None:
                out.append(Eat())
            return out
        if ph == "lay_down":
            return [LayDown(tuple(tuple(mask_to_cards(m)) for m in arr))
                    for arr in self._arrangements(s)]
        # discard
        out = []
        h, e = self.hands[s], self.eaten_mask[s]
        if self._gui_u_ready(s):
            out.append(DeclareU("send"))
            if not self.rules.u_optional:
                return out
        for c in mask_to_cards(h & ~e):
            if not e or is_valid_mask(h & ~c.bit, e):
                out.append(Discard(c))
        if self._may_send(s):
            for c in mask_to_cards(h & ~e):
                for mid in self.meld_seq:
                    if self._fits(c, self.melds[mid][1]):
                        out.append(Send(c, mid))
        return out

    def _may_pass(self) -> bool:
        # Optional ù (village); never on the lay-down or tái turn, where the
        # hand would be left with nothing to discard.
        if not self.rules.u_optional:
            return False
        return self.phase == "deal" or not self.is_lay_down_turn()

    def _arrangements(self, s: int) -> list:
        return all_arrangements_mask(self.hands[s], self.eaten_mask[s], 1) or \
            all_arrangements_mask(self.hands[s], self.eaten_mask[s], 0)

    def _eat_problem(self, s: int) -> str | None:
        """Why ``s`` may not eat now, or None when eating is legal."""
        c = self.last_discard
        if c is None or self.last_discarder != self.prev(s):
            return "there is no discard from the previous player to eat"
        h, e = self.hands[s], self.eaten_mask[s]
        free = h & ~e
        if not any(m & ~c.bit & ~free == 0 for m in _MELDS_WITH[c.index]):
            return (f"{c} makes no meld with two cards of your hand "
                    "(you may eat only to complete a meld with cards you hold)")
        h2, e2 = h | c.bit, e | c.bit
        if not is_valid_mask(h2, e2):
            return (f"eating {c} would break the eaten-card rule "
                    "(each eaten card must sit in its own meld)")
        # The hand must stay valid after the turn's discard (or be an ù).
        rest = h2 & ~e2
        while rest:
            low = rest & -rest
            rest ^= low
            if is_valid_mask(h2 ^ low, e2):
                return None
        if full_cover_mask(h2, e2) is not None:
            return None
        return f"after eating {c} no discard would keep every eaten card in a meld"

    def _may_send(self, s: int) -> bool:
        return (self.laid_this_turn and bool(self.laid[s])
                and _popcount(self.hands[s]) >= 2 and self.phase == "discard")

    @staticmethod
    def _fits(c: Card, meld: int) -> bool:
        """Can card ``c`` be sent (gửi) onto the table meld ``meld``?"""
        n = _popcount(meld)
        low = (meld & -meld).bit_length() - 1
        high = meld.bit_length() - 1
        if _same_suit(meld):  # a run
            if c.index // 13 != low // 13:
                return False
            return c.index == low - 1 and low % 13 != 0 or c.index == high + 1 and high % 13 != 12
        # a set: only a set of three takes the fourth card
        return n == 3 and c.rank == low % 13 + 1

    def _gui_u_ready(self, s: int) -> bool:
        return (self.rules.gui_u and self.laid_this_turn and self.sent_this_turn > 0
                and bool(self.laid[s]) and _popcount(self.hands[s]) == 1)

    # ------------------------------------------------------------------ apply
    def apply(self, action) -> None:
        """Play ``action`` for the seat to move; IllegalAction leaves the hand untouched."""
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action, legal))
        s = self.to_move
        self.actions.append(action)
        self._legal = None
        t = type(action)
        if t is Draw:
            c = self.stock.pop()
            self.hands[s] |= c.bit
            self.took = "draw"
            self.drawn = c
            self.events.append((s, "draw", None))
            self._after_take(s)
        elif t is Eat:
            self._eat(s)
            self._after_take(s)
        elif t is DeclareU:
            self.events.append((s, "u", None))
            self._finish_u(s, action.kind)
        elif t is Pass:
            self.events.append((s, "pass", None))
            if self.phase == "deal":
                self._next_deal_offer()
            else:
                self._after_u(s)
        elif t is LayDown:
            self._lay_down(s, action)
        elif t is Send:
            c = action.card
            self.hands[s] &= ~c.bit
            self.melds[action.meld_id][1] |= c.bit
            self.sent_this_turn += 1
            self.events.append((s, "send", c))
        elif t is Discard:
            c = action.card
            self.hands[s] &= ~c.bit
            self.last_chot = self._discard_is_chot(s)
            self.rows[s].append(c)
            self.turns[s] += 1
            self.last_discard, self.last_discarder = c, s
            self.events.append((s, "discard", c))
            self._end_turn(s)

    def _eat(self, s: int) -> None:
        c, d = self.last_discard, self.last_discarder
        r = self.rules
        self.rows[d].pop()
        self.hands[s] |= c.bit
        self.eaten_mask[s] |= c.bit
        self.eaten[s].append(c)
        self.eat_count[s] += 1
        chot = self.last_chot
        if chot:
            self.chot_from[d] += 1
            self.chot_eaters.append(s)
        if r.eat_pay == "flat":
            amount = r.chot_pay if chot else 1
        elif r.eat_pay == "by_count":
            amount = r.chot_pay if chot else min(self.eat_count[s], 3)
        elif r.eat_pay == "by_round":
            amount = min(self.turn_no[s], 4)
        else:  # chot_escalating
            amount = 5 * min(self.chot_from[d], 3) if chot else 1
        self.ledger.append(Payment("chot" if chot else "eat", d, s, amount, (("card", str(c)),)))
        self.last_discard = None
        self.last_discarder = None
        self.took = "eat"
        self.events.append((s, "eat", c))

    def _lay_down(self, s: int, action: LayDown) -> None:
        r = self.rules
        h = self.hands[s]
        if r.u_kings is not None and self.laid[s] is None and not self.kings_paid[s]:
            k = _popcount(h & _KINGS & ~self.eaten_mask[s])
            if k >= 3 and not (h & _KINGS & self.eaten_mask[s]):
                self.kings_paid[s] = True
                mult = r.u_kings[1] if k == 4 else r.u_kings[0]
                amount = r.payout(r.u_pay * mult)
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
        if self.laid[s] is None:
            self.laid[s] = ids
            self.lay_order.append(s)
        else:
            self.laid[s].extend(ids)
        self.laid_this_turn = True
        self.lay_log.append((s, tuple(ids)))
        self.events.append((s, "lay", None))
        self.phase = "discard"

    # ------------------------------------------------------------------ why not
    def _why_illegal(self, action, legal) -> str:
        ph, s = self.phase, self.to_move
        name = type(action).__name__
        if ph == "over":
            return "the hand is over: no more actions"
        if not isinstance(action, (Draw, Eat, Discard, LayDown, Send, DeclareU, Pass)):
            return f"not an action: {action!r}"
        if ph in ("deal", "u"):
            if isinstance(action, DeclareU):
                if action.kind not in U_KINDS:
                    return f"unknown ù kind {action.kind!r}"
                return f"the ù you hold is {self.u_offer!r}, not {action.kind!r}"
            if isinstance(action, Pass):
                return "ù is not optional at this table: you must declare it"
            return f"seat {s} holds an ù ({self.u_offer}) and must declare it first"
        if isinstance(action, Pass):
            return "there is no ù to pass on"
        if isinstance(action, DeclareU):
            if ph == "discard" and action.kind == "send":
                return "gửi ù needs at least one meld laid and one card sent, leaving only the discard"
            return f"your hand is not an ù ({action.kind})"
        if ph == "take":
            if isinstance(action, Eat):
                return "cannot eat: " + (self._eat_problem(s) or "not now")
            return f"take a card first: draw (bốc) or eat (ăn), not {name}"
        if isinstance(action, (Draw, Eat)):
            if self.took is None and s == self.starter and self.turn_no[s] == 1:
                return "the starter's first turn has no take: discard"
            return "you have already taken a card this turn"
        if ph == "lay_down":
            if not isinstance(action, LayDown):
                return "this is your lay-down turn: lay down (hạ) your melds first"
            return self._lay_down_problem(s, action)
        # discard phase
        if isinstance(action, LayDown):
            return "you can lay down only on your lay-down turn"
        h, e = self.hands[s], self.eaten_mask[s]
        if isinstance(action, Send):
            c = action.card
            if not self.laid_this_turn:
                return "you can send (gửi) only right after laying down, on your lay-down turn"
            if not self.laid[s]:
                return "a móm player (no meld laid) cannot send"
            if not h >> c.index & 1:
                return f"{c} is not in your hand"
            if action.meld_id not in self.melds:
                return f"there is no meld #{action.meld_id} on the table"
            if _popcount(h) < 2:
                return "keep one card for your last discard"
            return f"{c} does not fit meld #{action.meld_id} (a run takes a card at either end, a set of three takes the fourth)"
        if isinstance(action, Discard):
            c = action.card
            if not h >> c.index & 1:
                return f"{c} is not in your hand"
            if e >> c.index & 1:
                return f"{c} was eaten: an eaten card cannot be discarded"
            if self._gui_u_ready(s) and not self.rules.u_optional:
                return "your hand is a gửi ù: declare it"
            return f"discarding {c} would leave an eaten card outside every meld"
        return f"{name} is not legal now"

    def _lay_down_problem(self, s: int, action: LayDown) -> str:
        h, e = self.hands[s], self.eaten_mask[s]
        used = 0
        for meld in action.melds:
            m = cards_to_mask(meld)
            if len(meld) != _popcount(m) or not is_meld_mask(m):
                return f"{' '.join(map(str, meld))} is not a meld (phỏm)"
            if m & ~h:
                return f"{' '.join(str(c) for c in mask_to_cards(m & ~h))} not in your hand"
            if m & used:
                return "a card can be in only one meld"
            if _popcount(m & e) > 1:
                return "a meld may hold only one eaten card"
            used |= m
        if e & ~used:
            return "every eaten card must be laid down in a meld"
        return "you must keep a card for your last discard"

    # ------------------------------------------------------------------ the end
    def _u_amount(self, s: int, kind: str) -> tuple[int, bool]:
        r = self.rules
        mult = self._u_mult(kind)
        streak = False
        if r.streak is not None and self.streak_seat == s and kind not in ("khan", "same_color"):
            streak = True
            mult = (r.streak_round or r.streak) if kind == "round" else max(mult, r.streak)
        return r.payout(r.u_pay * mult), streak

    def _finish_u(self, s: int, kind: str) -> None:
        r, P = self.rules, self.players
        amount, streak = self._u_amount(s, kind)
        den = None
        if r.den and self.phase != "deal":
            if self.eat_count[s] >= 3:
                den = self.prev(s)
            else:
                others = [x for x in self.chot_eaters if x != s]
                if others:
                    den = others[-1]
        for o in range(P):
            if o == s:
                continue
            detail = (("u", kind),) + ((("streak", True),) if streak else ())
            if den is not None and o != den:
                self.ledger.append(Payment("den", den, s, amount, (("for", o), ("u", kind))))
            else:
                self.ledger.append(Payment("u", o, s, amount, detail))
        if r.pot and kind not in ("khan", "same_color"):
            pot_total = self.pot_in + r.pot_ante * P
            self.ledger.append(Payment("pot", POT, s, pot_total))
        ranks = [s] + [(s + k) % P for k in range(1, P)]
        self._close(ranks, s, kind, s, den, streak)

    def _finish(self) -> None:
        r, P = self.rules, self.players
        pts = [_points(h) for h in self.hands]
        mom = [not self.laid[s] for s in range(P)]
        order = {s: i for i, s in enumerate(self.lay_order)}
        for s in range(P):
            order.setdefault(s, P + s)
        melded = sorted((s for s in range(P) if not mom[s]), key=lambda s: (pts[s], order[s]))
        momed = sorted((s for s in range(P) if mom[s]), key=lambda s: order[s])
        ranks = melded + momed
        first = ranks[0]
        all_mom = not melded
        for place, s in enumerate(ranks[1:], start=2):
            if mom[s] and not (all_mom and r.all_mom_ranked):
                self.ledger.append(Payment("mom", s, first, r.mom_pay, (("place", place),)))
            else:
                amount = r.rank_pay[place - 1]
                if amount:
                    self.ledger.append(Payment("rank", s, first, amount, (("place", place),)))
        self._close(ranks, first, None, None, None, False)

    def _close(self, ranks, winner, kind, u_seat, den, streak) -> None:
        P = self.players
        deltas, pot_change = deltas_of(self.ledger, P)
        over_ranks = ranks
        self.result = Result(
            deltas=deltas, ranks=list(over_ranks), winner=winner, u=kind, u_seat=u_seat,
            den_seat=den, points=[_points(h) for h in self.hands] if kind is None else [None] * P,
            mom=[not self.laid[s] for s in range(P)] if kind is None else [False] * P,
            hands=[mask_to_cards(h) for h in self.hands], ledger=tuple(self.ledger),
            pot_change=pot_change, streak=streak,
        )
        self.phase = "over"
        self.u_offer = None

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know (RULES.md §11)."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at this table")
        P = self.players
        return PlayerView(
            seat=seat, to_move=self.to_move, players=P, phase=self.phase,
            hand=tuple(mask_to_cards(self.hands[seat])),
            eaten=tuple(tuple(x) for x in self.eaten),
            discards=tuple(tuple(x) for x in self.rows),
            last_discard=self.last_discard, last_discarder=self.last_discarder,
            table_melds=tuple((mid, self.melds[mid][0], tuple(mask_to_cards(self.melds[mid][1])))
                              for mid in self.meld_seq),
            stock_size=len(self.stock),
            hand_sizes=tuple(_popcount(h) for h in self.hands),
            rules=self.rules, starter=self.starter, turns=tuple(self.turns),
            laid=tuple(None if x is None else tuple(x) for x in self.laid),
            lay_order=tuple(self.lay_order), payments=tuple(self.ledger),
            events=tuple(self.events), pot=self.pot_in + (self.rules.pot_ante * P if self.rules.pot else 0),
            is_lay_down_turn=self.is_lay_down_turn() if self.phase not in ("deal", "over") else False,
            chot=self.phase in ("discard", "lay_down", "take", "u") and self._discard_is_chot(self.to_move),
            public=self._public(),
        )

    def _public(self) -> dict:
        return {
            "turn_no": tuple(self.turn_no), "took": self.took,
            "laid_this_turn": self.laid_this_turn, "sent_this_turn": self.sent_this_turn,
            "u_offer": self.u_offer if self.phase == "deal" else None,
            "eat_count": tuple(self.eat_count), "chot_from": tuple(self.chot_from),
            "chot_eaters": tuple(self.chot_eaters), "kings_paid": tuple(self.kings_paid),
            "laydown_started": self.laydown_started, "last_chot": self.last_chot,
            "next_meld": self.next_meld, "pot_in": self.pot_in, "lay_log": tuple(self.lay_log),
            "streak_seat": self.streak_seat, "deal_offers": tuple(
                (s, k) for s, k in self.deal_offers if False),
        }

    # ------------------------------------------------------------------ copies
    def clone(self) -> Game:
        """A deep copy (fast): the hand can be played on without touching this one."""
        g = object.__new__(Game)
        d = self.__dict__.copy()
        for k in ("hands", "stock", "turns", "turn_no", "lay_order", "meld_seq", "eat_count",
                  "chot_from", "chot_eaters", "kings_paid", "ledger", "events", "actions",
                  "deal_offers", "eaten_mask", "lay_log"):
            d[k] = list(d[k])
        d["eaten"] = [list(x) for x in self.eaten]
        d["rows"] = [list(x) for x in self.rows]
        d["laid"] = [None if x is None else list(x) for x in self.laid]
        d["melds"] = {k: list(v) for k, v in self.melds.items()}
        d["_legal"] = None
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        g.__dict__.update(d)
        return g

    @classmethod
    def sample_from_view(cls, view: PlayerView, rng: random.Random) -> Game:
        """A hand consistent with ``view`` whose hidden cards are dealt at random.

        The cards ``view.seat`` cannot see (other hands, the stock) are shuffled
        and dealt to the other seats (each keeping its uneaten-yet-unlaid eaten
        cards) and the stock. Used by searching bots (determinization); it sees
        nothing but the view.
        """
        if view.phase == "deal":
            raise ValueError("cannot sample a hand still in its deal phase")
        P = view.players
        g = object.__new__(Game)
        pub = view.public
        g.rules, g.players, g.starter = view.rules, P, view.starter
        g.seed, g.pot_in, g.streak_seat = None, pub["pot_in"], pub["streak_seat"]
        g.rng = random.Random(rng.random())
        g.deck = ()
        g.actions = []
        laid_mask = 0
        g.melds, g.meld_seq = {}, []
        for mid, owner, cards in view.table_melds:
            m = cards_to_mask(cards)
            laid_mask |= m
            g.melds[mid] = [owner, m]
            g.meld_seq.append(mid)
        seen = cards_to_mask(view.seen_cards())
        unseen = [c for c in DECK if not seen >> c.index & 1]
        rng.shuffle(unseen)
        hands = [0] * P
        eaten_mask = [0] * P
        hands[view.seat] = cards_to_mask(view.hand)
        for s in range(P):
            em = cards_to_mask(view.eaten[s]) & ~laid_mask
            eaten_mask[s] = em
            if s != view.seat:
                need = view.hand_sizes[s] - _popcount(em)
                hands[s] = em | cards_to_mask(unseen[:need])
                del unseen[:need]
        if len(unseen) != view.stock_size:
            raise ValueError("view is inconsistent: unseen cards do not match hand and stock sizes")
        g.hands, g.eaten_mask, g.stock = hands, eaten_mask, unseen
        g.dealt = ()
        g.eaten = [list(x) for x in view.eaten]
        g.rows = [list(x) for x in view.discards]
        g.turns = list(view.turns)
        g.turn_no = list(pub["turn_no"])
        g.laid = [None if x is None else list(x) for x in view.laid]
        g.lay_order = list(view.lay_order)
        g.next_meld = pub["next_meld"]
        g.last_discard, g.last_discarder = view.last_discard, view.last_discarder
        g.last_chot = pub["last_chot"]
        g.laydown_started = pub["laydown_started"]
        g.to_move, g.phase = view.to_move, view.phase
        g.took, g.laid_this_turn = pub["took"], pub["laid_this_turn"]
        g.drawn = None
        g.sent_this_turn = pub["sent_this_turn"]
        g.u_offer = None
        g.deal_offers = []
        g.eat_count = list(pub["eat_count"])
        g.chot_from = list(pub["chot_from"])
        g.chot_eaters = list(pub["chot_eaters"])
        g.kings_paid = list(pub["kings_paid"])
        g.ledger = list(view.payments)
        g.events = list(view.events)
        g.lay_log = list(pub["lay_log"])
        g.result = None
        g._legal = None
        if g.phase == "u":
            g.u_offer = g._u_kind_after_take(g.to_move)
            if g.u_offer is None:  # only the viewer can be in phase u, and it sees its hand
                g._after_u(g.to_move)
        return g

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> str:
        """The hand as JSON: rules, seats, deck, actions, context and RNG state."""
        return json.dumps({
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "starter": self.starter,
            "seed": self.seed if isinstance(self.seed, (int, str, type(None))) else None,
            "pot": self.pot_in,
            "streak_seat": self.streak_seat,
            "deck": [str(c) for c in self.deck],
            "actions": [action_to_json(a) for a in self.actions],
            "rng": rng_to_json(self.rng),
        }, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text) -> Game:
        """Rebuild a hand saved by ``to_json``; ``BadSave`` (a ValueError) says what is wrong."""
        return validate.load_game(cls, text)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} players={self.players} phase={self.phase} "
                f"to_move={self.to_move} stock={len(self.stock)}>")


def _check_deck(deck) -> list:
    if not isinstance(deck, (list, tuple)) or len(deck) != 52:
        raise ValueError(f"a deck is 52 cards, got {len(deck) if hasattr(deck, '__len__') else deck!r}")
    for c in deck:
        if not isinstance(c, Card):
            raise ValueError(f"not a Card in the deck: {c!r}")
    if len(set(deck)) != 52:
        dup = sorted({c for c in deck if deck.count(c) > 1})
        raise ValueError(f"deck repeats {' '.join(map(str, dup))}")
    return [card_from_index(c.index) for c in deck]
