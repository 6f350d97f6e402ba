"""PlayerView, legal actions and a hand's public result as JSON, and back.

What crosses a link between phones (``phom.session``) is built only from these:
a view (docs/RULES.md §11: the seat's own hand and the public table), that seat's
legal actions, and at the end the public part of the result (``phom.reveal``).
Decoding checks every field, so a damaged or hostile message is refused with a
``ValueError`` naming what is wrong, never half-read.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, action_from_json, action_to_json
from .cards import Card, cards_to_mask
from .ledger import Payment, Result
from .reveal import revealed_hands
from .rules import Rules, UKind
from .state import Event, Phase, PublicState
from .view import PlayerView

_EVENTS = frozenset(e.value for e in Event)
_PHASES = frozenset(p.value for p in Phase)
_U_KINDS = frozenset(k.value for k in UKind)

__all__ = [
    "action_from_json", "action_to_json", "actions_from_json", "actions_to_json", "cards_named",
    "public_result_from_json", "public_result_to_json", "view_from_json", "view_to_json",
]


def _card(x: Any, what: str) -> Card:
    if not isinstance(x, str):
        raise ValueError(f"{what}: a card must be text like '10H', not {x!r}")
    return Card.parse(x)


def _cards(xs: Any, what: str) -> tuple[Any, ...]:
    if not isinstance(xs, list):
        raise ValueError(f"{what} must be a list of cards")
    return tuple(_card(x, what) for x in xs)


def _int(x: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise ValueError(f"{what} must be a whole number, not {x!r}")
    if (lo is not None and x < lo) or (hi is not None and x > hi):
        raise ValueError(f"{what} is out of range: {x}")
    return x


def _plain(x: Any) -> Any:
    """Tuples to lists, recursively (the engine's public bookkeeping)."""
    if isinstance(x, (tuple, list)):
        return [_plain(y) for y in x]
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, Card):
        return str(x)
    if x is None or isinstance(x, (int, str, float, bool)):
        return x
    raise ValueError(f"cannot send {x!r}")


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(y) for y in x)
    if isinstance(x, dict):
        return {k: _tupled(v) for k, v in x.items()}
    return x


def _payment_to_json(p: Payment) -> dict[str, Any]:
    return {"kind": p.kind, "payer": p.payer, "payee": p.payee, "amount": p.amount,
            "detail": _plain(p.detail)}


def _payment_from_json(d: Any) -> Payment:
    if not isinstance(d, dict):
        raise ValueError("a payment must be an object")
    try:
        detail = _tupled(d["detail"])
        if not isinstance(detail, tuple) or not all(isinstance(kv, tuple) and len(kv) == 2
                                                    for kv in detail):
            raise ValueError("payment detail must be [key, value] pairs")
        if not isinstance(d["kind"], str):
            raise ValueError("payment kind must be text")
        return Payment(d["kind"], _int(d["payer"], "payer", -1), _int(d["payee"], "payee", -1),
                       _int(d["amount"], "amount"), detail)
    except KeyError as e:
        raise ValueError(f"payment lacks {e}") from None


def view_to_json(v: PlayerView) -> dict[str, Any]:
    """A view as a JSON-ready dict. Only the view's own fields: nothing more to leak."""
    return {
        "seat": v.seat, "to_move": v.to_move, "players": v.players, "phase": v.phase,
        "hand": [str(c) for c in v.hand],
        "eaten": [[str(c) for c in row] for row in v.eaten],
        "discards": [[str(c) for c in row] for row in v.discards],
        "last_discard": None if v.last_discard is None else str(v.last_discard),
        "last_discarder": v.last_discarder,
        "table_melds": [[mid, owner, [str(c) for c in cards]] for mid, owner, cards in v.table_melds],
        "stock_size": v.stock_size, "hand_sizes": list(v.hand_sizes),
        "rules": _plain(v.rules.to_dict()), "starter": v.starter, "turns": list(v.turns),
        "laid": [None if x is None else list(x) for x in v.laid],
        "lay_order": list(v.lay_order),
        "payments": [_payment_to_json(p) for p in v.payments],
        "events": [[s, k, None if c is None else str(c)] for s, k, c in v.events],
        "pot": v.pot, "is_lay_down_turn": v.is_lay_down_turn, "chot": v.chot,
        "u_offer": v.u_offer,
        "public": {k: _plain(getattr(v.public, k)) for k in _COUNTERS},
        "my_draws": [str(c) for c in v.my_draws],
    }


# The public state's fields that the view's own fields do not already carry.
_COUNTERS = ("pot_in", "streak_seat", "eaten_mask", "turn_no", "next_meld", "last_chot",
             "laydown_started", "took", "laid_this_turn", "sent_this_turn", "eat_count",
             "chot_from", "chot_eaters", "kings_paid", "lay_log")


def _public_from_json(d: dict[str, Any], players: int, **view: Any) -> PublicState:
    """The view's ``PublicState``: its own fields plus the counters sent beside them."""
    p = d["public"]
    if not isinstance(p, dict) or set(p) != set(_COUNTERS):
        raise ValueError("public must hold exactly the public counters")

    def ints(key: str, lo: int | None = 0, hi: int | None = None) -> tuple[int, ...]:
        xs = p[key]
        if not isinstance(xs, list):
            raise ValueError(f"{key} must be a list")
        return tuple(_int(x, key, lo, hi) for x in xs)

    def flags(key: str) -> tuple[bool, ...]:
        xs = p[key]
        if not isinstance(xs, list) or not all(isinstance(x, bool) for x in xs):
            raise ValueError(f"{key} must be a list of true/false")
        return tuple(xs)

    def flag(key: str) -> bool:
        if not isinstance(p[key], bool):
            raise ValueError(f"{key} must be true or false")
        return bool(p[key])

    lay_log = []
    for e in p["lay_log"]:
        if not isinstance(e, list) or len(e) != 2 or not isinstance(e[1], list):
            raise ValueError("a lay-down record is [seat, meld ids]")
        lay_log.append((_int(e[0], "lay seat", 0, players - 1),
                        tuple(_int(i, "meld id", 0) for i in e[1])))
    took = p["took"]
    if took not in (None, "draw", "eat"):
        raise ValueError("took must be draw, eat or null")
    streak = p["streak_seat"]
    return PublicState(
        players=players, pot_in=_int(p["pot_in"], "pot_in"),
        streak_seat=None if streak is None else _int(streak, "streak_seat", 0, players - 1),
        eaten_mask=ints("eaten_mask", 0, (1 << 52) - 1), turn_no=ints("turn_no"),
        next_meld=_int(p["next_meld"], "next_meld", 0), last_chot=flag("last_chot"),
        laydown_started=flag("laydown_started"), took=took,
        laid_this_turn=flag("laid_this_turn"), sent_this_turn=_int(p["sent_this_turn"], "sent"),
        eat_count=ints("eat_count"), chot_from=ints("chot_from"),
        chot_eaters=ints("chot_eaters", 0, players - 1), kings_paid=flags("kings_paid"),
        lay_log=tuple(lay_log), **view,
    )


def view_from_json(d: Any) -> PlayerView:
    """The inverse of ``view_to_json``; ValueError on anything malformed."""
    if not isinstance(d, dict):
        raise ValueError("a view must be an object")
    try:
        players = _int(d["players"], "players", 2, 4)
        seat = _int(d["seat"], "seat", 0, players - 1)

        def rows(key: str) -> tuple[Any, ...]:
            xs = d[key]
            if not isinstance(xs, list) or len(xs) != players:
                raise ValueError(f"{key} must hold one row per seat")
            return tuple(_cards(r, key) for r in xs)

        melds = []
        for m in d["table_melds"]:
            if not isinstance(m, list) or len(m) != 3:
                raise ValueError("a table meld is [id, owner, cards]")
            melds.append((_int(m[0], "meld id", 0), _int(m[1], "meld owner", 0, players - 1),
                          _cards(m[2], "meld")))
        laid = []
        for x in d["laid"]:
            laid.append(None if x is None else tuple(_int(i, "meld id", 0) for i in x))
        events = []
        for e in d["events"]:
            if not isinstance(e, list) or len(e) != 3 or e[1] not in _EVENTS:
                raise ValueError("an event is [seat, kind, card or null]")
            events.append((_int(e[0], "event seat", 0, players - 1), Event(e[1]),
                           None if e[2] is None else _card(e[2], "event")))
        phase = d["phase"]
        if phase not in _PHASES:
            raise ValueError("phase must be one of the hand's phases")
        u_offer = d["u_offer"]
        if u_offer is not None and u_offer not in _U_KINDS:
            raise ValueError("u_offer must be an ù kind or null")
        to_move = _int(d["to_move"], "to_move", 0, players - 1)
        starter = _int(d["starter"], "starter", 0, players - 1)
        last_discard = None if d["last_discard"] is None else _card(d["last_discard"], "last_discard")
        last_discarder = (None if d["last_discarder"] is None
                          else _int(d["last_discarder"], "last_discarder", 0, players - 1))
        eaten, discards = rows("eaten"), rows("discards")
        turns = tuple(_int(n, "turns", 0) for n in d["turns"])
        lay_order = tuple(_int(s, "lay order", 0, players - 1) for s in d["lay_order"])
        payments = tuple(_payment_from_json(p) for p in d["payments"])
        public = _public_from_json(
            d, players, starter=starter, phase=Phase(phase), to_move=to_move, rows=discards,
            eaten=eaten, turns=turns, laid=tuple(laid), lay_order=lay_order,
            melds=tuple((mid, owner, cards_to_mask(cards)) for mid, owner, cards in melds),
            last_discard=last_discard, last_discarder=last_discarder, ledger=payments,
            events=tuple(events))
        return PlayerView(
            seat=seat, to_move=to_move, players=players,
            phase=Phase(phase), hand=_cards(d["hand"], "hand"), eaten=eaten,
            discards=discards, last_discard=last_discard, last_discarder=last_discarder,
            table_melds=tuple(melds), stock_size=_int(d["stock_size"], "stock_size", 0, 52),
            hand_sizes=tuple(_int(n, "hand size", 0, 52) for n in d["hand_sizes"]),
            rules=Rules.from_dict(_tupled_rules(d["rules"])),
            starter=starter, turns=turns, laid=tuple(laid), lay_order=lay_order,
            payments=payments, events=tuple(events), pot=_int(d["pot"], "pot"),
            is_lay_down_turn=bool(d["is_lay_down_turn"]), chot=bool(d["chot"]),
            u_offer=None if u_offer is None else UKind(u_offer), public=public,
            my_draws=_cards(d["my_draws"], "my_draws"),
        )
    except KeyError as e:
        raise ValueError(f"the view lacks {e}") from None
    except TypeError as e:
        raise ValueError(f"the view is malformed: {e}") from None


def _tupled_rules(d: Any) -> Any:
    if not isinstance(d, dict):
        raise ValueError("rules must be an object")
    return d


def actions_to_json(actions: list[Action]) -> list[Any]:
    return [action_to_json(a) for a in actions]


def actions_from_json(xs: Any) -> list[Action]:
    if not isinstance(xs, list):
        raise ValueError("legal actions must be a list")
    return [action_from_json(x) for x in xs]


def public_result_to_json(game: Any) -> dict[str, Any] | None:
    """The result of a finished hand with only the hands the end reveals; None if running."""
    if not game.is_over:
        return None
    r = game.result
    shown = revealed_hands(game)
    return {
        "deltas": list(r.deltas), "ranks": list(r.ranks), "winner": r.winner, "u": r.u,
        "u_seat": r.u_seat, "den_seat": r.den_seat, "points": list(r.points), "mom": list(r.mom),
        "hands": [None if h is None else [str(c) for c in h] for h in shown],
        "ledger": [_payment_to_json(p) for p in r.ledger], "pot_change": r.pot_change,
        "streak": bool(r.streak),
    }


def public_result_from_json(d: Any, players: int) -> Result:
    """A ``Result`` whose hidden hands are None (only what the end made public)."""
    if not isinstance(d, dict):
        raise ValueError("a result must be an object")
    try:
        def seat_or_none(x: Any, what: str) -> int | None:
            return None if x is None else _int(x, what, 0, players - 1)

        hands = d["hands"]
        if not isinstance(hands, list) or len(hands) != players:
            raise ValueError("result hands must hold one entry per seat")
        u = d["u"]
        if u is not None and not isinstance(u, str):
            raise ValueError("ù kind must be text")
        return Result(
            deltas=[_int(x, "delta") for x in d["deltas"]],
            ranks=[_int(x, "rank", 0, players - 1) for x in d["ranks"]],
            winner=_int(d["winner"], "winner", 0, players - 1), u=u,
            u_seat=seat_or_none(d["u_seat"], "u_seat"), den_seat=seat_or_none(d["den_seat"], "den_seat"),
            points=[None if x is None else _int(x, "points") for x in d["points"]],
            mom=[bool(x) for x in d["mom"]],
            hands=[None if h is None else list(_cards(h, "result hand")) for h in hands],
            ledger=tuple(_payment_from_json(p) for p in d["ledger"]),
            pot_change=_int(d["pot_change"], "pot_change"), streak=bool(d["streak"]),
        )
    except KeyError as e:
        raise ValueError(f"the result lacks {e}") from None
    except TypeError as e:
        raise ValueError(f"the result is malformed: {e}") from None


def cards_named(obj: Any) -> set[Card]:
    """Every card a message names anywhere (any string that parses as a card).

    The secrecy checks (host tests, the guest's received log in the browser) compare
    this with ``reveal.public_cards``: a message may name no card beyond those."""
    out: set[Card] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            out |= cards_named(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_named(v)
    elif isinstance(obj, str):
        try:
            out.add(Card.parse(obj))
        except ValueError:
            pass
    return out
