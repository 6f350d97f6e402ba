"""A hand's state, declared once: what everybody sees and what is secret.

As python-chess lists ``_BoardState`` and boardgame.io keeps ``secret`` apart,
the fields of a hand in play are listed here, each once, in one of three groups:

- ``CONTEXT``: fixed for the hand (rules, seats, the deck, the random state,
  the actions played — what ``saving`` writes and replays);
- ``PublicState``: what every seat may know (docs/RULES.md §11) — discard
  rows, eaten cards, laid melds, counters, payments, the event log;
- ``SECRET``: the hands and the stock, the card just drawn, the ù on offer
  and the dealt ù still to offer.

``Game`` keeps these as plain attributes (fast to play on); ``copy_state``
(``Game.clone``), ``PublicState.capture`` (``Game.view``) and
``PublicState.restore`` with a dealt ``SECRET`` part (``worlds.py``) all derive
from these lists, and ``tests/engine`` checks that a Game holds nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from .cards import Card
from .ledger import Payment


class Phase(StrEnum):
    """Where a hand is (docs/API.md "A hand"); each phase allows some action kinds."""

    DEAL = "deal"          # a dealt ù (khan, cùng màu, thiên ù, the starter's ù) is offered
    TAKE = "take"          # Draw or Eat
    U = "u"                # the take completed an ù: DeclareU (and Pass when optional)
    LAY_DOWN = "lay_down"  # the lay-down (or tái) turn: one LayDown
    DISCARD = "discard"    # Discard; after a lay-down also Send and gửi ù
    OVER = "over"          # the hand has ended; Game.result holds the payments


class Event(StrEnum):
    """The kinds of the public event log ``(seat, Event, card or None)``."""

    DRAW = "draw"          # the card drawn is secret: None
    EAT = "eat"
    DISCARD = "discard"
    LAY = "lay"
    SEND = "send"
    U = "u"
    PASS = "pass"


EventRecord = tuple[int, Event, Card | None]

#: Fixed for the hand: what the hand was dealt from and how it was played.
CONTEXT = ("rules", "players", "starter", "seed", "pot_in", "streak_seat", "rng", "deck",
           "dealt", "actions", "result")

#: Secret: the cards nobody else sees, and what only the dealer of offers knows.
SECRET = ("hands", "stock", "drawn", "u_offer", "deal_offers")

#: Derived caches, rebuilt on demand (never copied).
CACHES = ("_legal",)


@dataclass(frozen=True, slots=True)
class PublicState:
    """The public part of a hand, frozen: what any seat may know (docs/RULES.md §11).

    A ``PlayerView`` carries one as ``public``; search rebuilds a hand from it
    (``worlds.py``). Field names are the Game's attribute names.
    """

    players: int
    starter: int
    pot_in: int                   # the gà carried into this hand
    streak_seat: int | None       # who ù'd the previous hand (thông)
    phase: Phase
    to_move: int
    rows: tuple[tuple[Card, ...], ...]      # discards lying in front of each seat
    eaten: tuple[tuple[Card, ...], ...]     # every card each seat ate this hand
    eaten_mask: tuple[int, ...]             # eaten cards still in each hand (face-up)
    turns: tuple[int, ...]                  # discards made per seat
    turn_no: tuple[int, ...]                # turns begun per seat
    laid: tuple[tuple[int, ...] | None, ...]  # meld ids per seat, None until it lays down
    lay_order: tuple[int, ...]
    melds: tuple[tuple[int, int, int], ...]  # (meld id, owner, card mask) in lay-down order
    next_meld: int
    last_discard: Card | None
    last_discarder: int | None
    last_chot: bool                         # the last discard was a chốt
    laydown_started: bool                   # table count: D reached 3 × players
    took: str | None                        # "draw" or "eat" this turn
    laid_this_turn: bool
    sent_this_turn: int
    eat_count: tuple[int, ...]
    chot_from: tuple[int, ...]              # chốts eaten from each discarder
    chot_eaters: tuple[int, ...]            # seats that ate a chốt, in order
    kings_paid: tuple[bool, ...]
    ledger: tuple[Payment, ...]
    events: tuple[EventRecord, ...]
    lay_log: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, meld ids) per lay-down

    @property
    def table_count(self) -> int:
        """D: discards lying on the table (eaten ones not counted)."""
        return sum(len(r) for r in self.rows)

    @staticmethod
    def capture(g: Any) -> PublicState:
        """The public part of the hand ``g`` (a Game), frozen."""
        return PublicState(
            players=g.players, starter=g.starter, pot_in=g.pot_in, streak_seat=g.streak_seat,
            phase=g.phase, to_move=g.to_move,
            rows=tuple(tuple(r) for r in g.rows), eaten=tuple(tuple(r) for r in g.eaten),
            eaten_mask=tuple(g.eaten_mask), turns=tuple(g.turns), turn_no=tuple(g.turn_no),
            laid=tuple(None if x is None else tuple(x) for x in g.laid),
            lay_order=tuple(g.lay_order),
            melds=tuple((mid, g.melds[mid][0], g.melds[mid][1]) for mid in g.meld_seq),
            next_meld=g.next_meld, last_discard=g.last_discard, last_discarder=g.last_discarder,
            last_chot=g.last_chot, laydown_started=g.laydown_started, took=g.took,
            laid_this_turn=g.laid_this_turn, sent_this_turn=g.sent_this_turn,
            eat_count=tuple(g.eat_count), chot_from=tuple(g.chot_from),
            chot_eaters=tuple(g.chot_eaters), kings_paid=tuple(g.kings_paid),
            ledger=tuple(g.ledger), events=tuple(g.events), lay_log=tuple(g.lay_log),
        )

    def restore(self, g: Any) -> None:
        """Write this public part into ``g`` as fresh, mutable attributes."""
        for name in PUBLIC:
            if name in _RESTORE:
                _RESTORE[name](g, getattr(self, name))
            else:
                setattr(g, name, getattr(self, name))


def _restore_melds(g: Any, melds: tuple[tuple[int, int, int], ...]) -> None:
    g.melds = {mid: [owner, m] for mid, owner, m in melds}
    g.meld_seq = [mid for mid, _, _ in melds]


def _set_list(name: str) -> Callable[[Any, Any], None]:
    def f(g: Any, v: Any) -> None:
        setattr(g, name, list(v))
    return f


def _set_rows(name: str) -> Callable[[Any, Any], None]:
    def f(g: Any, v: Any) -> None:
        setattr(g, name, [list(r) for r in v])
    return f


def _set_laid(g: Any, v: Any) -> None:
    g.laid = [None if x is None else list(x) for x in v]


_RESTORE: dict[str, Callable[[Any, Any], None]] = {
    "melds": _restore_melds, "laid": _set_laid,
    "rows": _set_rows("rows"), "eaten": _set_rows("eaten"),
    **{n: _set_list(n) for n in ("eaten_mask", "turns", "turn_no", "lay_order", "eat_count",
                                 "chot_from", "chot_eaters", "kings_paid", "ledger", "events",
                                 "lay_log")},
}

#: The public fields, as the Game holds them (``melds`` is the dict plus ``meld_seq``).
PUBLIC = tuple(f.name for f in fields(PublicState))
GAME_PUBLIC = tuple(n for n in PUBLIC if n not in ("players", "starter", "pot_in", "streak_seat")) \
    + ("meld_seq",)


def _copy_rng(r: random.Random) -> random.Random:
    c = random.Random()
    c.setstate(r.getstate())
    return c


def _same(v: Any) -> Any:
    return v


def _list(v: list[Any]) -> list[Any]:
    return list(v)


def _rows(v: list[list[Any]]) -> list[list[Any]]:
    return [list(r) for r in v]


# How each field is copied by ``copy_state``: immutable values are shared, lists copied.
_COPY: dict[str, Callable[[Any], Any]] = {
    # context
    "rules": _same, "players": _same, "starter": _same, "seed": _same, "pot_in": _same,
    "streak_seat": _same, "rng": _copy_rng, "deck": _same, "dealt": _same, "actions": _list,
    "result": _same,
    # secret
    "hands": _list, "stock": _list, "drawn": _same, "u_offer": _same, "deal_offers": _list,
    # public
    "phase": _same, "to_move": _same, "rows": _rows, "eaten": _rows, "eaten_mask": _list,
    "turns": _list, "turn_no": _list,
    "laid": lambda v: [None if x is None else list(x) for x in v],
    "lay_order": _list, "melds": lambda v: {k: list(x) for k, x in v.items()},
    "meld_seq": _list, "next_meld": _same, "last_discard": _same, "last_discarder": _same,
    "last_chot": _same, "laydown_started": _same, "took": _same, "laid_this_turn": _same,
    "sent_this_turn": _same, "eat_count": _list, "chot_from": _list, "chot_eaters": _list,
    "kings_paid": _list, "ledger": _list, "events": _list, "lay_log": _list,
}

#: Every attribute a Game holds, by group.
ALL_FIELDS = CONTEXT + SECRET + GAME_PUBLIC
assert set(_COPY) == set(ALL_FIELDS), "every declared field needs a copy rule"
_COPY_ITEMS = tuple(_COPY.items())


def copy_state(src: Any, dst: Any) -> None:
    """Copy every declared field of ``src`` into ``dst`` (a deep copy where it matters)."""
    d = dst.__dict__
    s = src.__dict__
    for name, copy in _COPY_ITEMS:
        d[name] = copy(s[name])
    d["_legal"] = None
