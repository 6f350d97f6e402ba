"""Payments and results: every unit that changes hands, itemised so it can be explained.

A hand's payments always sum to zero once the pot (gà) is counted as an account
of its own (``POT``): ``sum(result.deltas) + result.pot_change == 0``; with no
pot at the table, ``sum(result.deltas) == 0``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import U_NAMES_EN, U_NAMES_VI
from .words import Form, Who, phrase

if TYPE_CHECKING:
    from .cards import Card

POT = -1
"""The payer/payee number of the pot (gà làng)."""



def seat_name(seat: int, lang: str = "vi", names: Sequence[str] | None = None) -> str:
    if seat == POT:
        return "gà" if lang != "en" else "the pot"
    if names:
        return str(names[seat])
    return f"Ghế {seat + 1}" if lang != "en" else f"Seat {seat + 1}"


def seat_who(seat: int, lang: str = "vi", names: Sequence[str] | None = None,
             you: int | None = None) -> Who:
    """A seat (or the pot) as a sentence's ``Who``: seat ``you`` is spoken to."""
    return Who(seat_name(seat, lang, names), seat == you and seat != POT)


@dataclass(frozen=True)
class Payment:
    """One payment: ``payer`` gives ``amount`` units to ``payee`` for ``kind``.

    kind: eat (ăn), chot (ăn chốt), rank (xếp hạng), mom (móm), u (ù),
    den (đền: paying another player's share of an ù), kings (ù K), ante (góp
    gà), pot (ăn gà). ``detail`` holds what the sentence needs: the card eaten,
    the place, the ù kind, whose share an đền covers.
    """

    kind: str
    payer: int
    payee: int
    amount: int
    detail: tuple[tuple[str, Any], ...] = ()  # tuple of (key, value) pairs, so Payment stays hashable

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.detail:
            if k == key:
                return v
        return default

    def describe(self, lang: str = "vi", names: Sequence[str] | None = None,
                 you: int | None = None) -> str:
        """A sentence a player can read: "Ghế 2 trả Ghế 1 4: bị ăn chốt 7 cơ";
        seat ``you`` is spoken to ("Tuấn pays you 2", "You pay Lan 1")."""
        from .cards import Card

        lang = "en" if lang == "en" else "vi"
        card = self.get("card")
        kw: dict[str, Any] = {
            "payee": seat_who(self.payee, lang, names, you), "n": self.amount,
            "card": Card.parse(card).name(lang) if card else ""}
        who = seat_who(self.payer, lang, names, you)
        key = self.kind
        if key == "rank":
            kw["place"] = self.get("place")
        elif key == "u":
            uk = self.get("u", "normal")
            kw["u"] = (U_NAMES_VI if lang == "vi" else U_NAMES_EN).get(uk, uk)
            kw["extra"] = phrase(_PAY, "streak", lang) if self.get("streak") else ""
        elif key == "den":
            kw["behalf"] = seat_who(self.get("for"), lang, names, you)
        elif key == "kings":
            kw["k"] = self.get("kings", 3)
        elif key == "pot":
            who = kw["payee"]
        elif key not in _PAY["vi"]:
            return f"{who.name} -> {kw['payee'].name}: {self.amount} ({self.kind})"
        return phrase(_PAY, key, lang, who, **kw)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "payer": self.payer, "payee": self.payee,
                "amount": self.amount, "detail": [list(kv) for kv in self.detail]}


# Each payment as a sentence about its payer (the pot's: about who takes it);
# English in two forms, for a name and for "you" (phom/words.py).
_PAY: dict[str, dict[str, Form]] = {
    "vi": {
        "eat": "{who} trả {payee.obj} {n}: bị ăn {card}",
        "chot": "{who} trả {payee.obj} {n}: bị ăn chốt {card}",
        "rank": "{who} về thứ {place}, trả {payee.obj} {n}",
        "mom": "{who} bị móm, trả {payee.obj} {n}",
        "u": "{who} trả {payee.obj} {n}: {u}{extra}",
        "streak": " (thông)",
        "den": "{who} đền thay {behalf.obj}, trả {payee.obj} {n}",
        "kings": "{who} trả {payee.obj} {n}: ù {k}K",
        "ante": "{who} góp gà {n}",
        "pot": "{who} ăn gà {n}",
    },
    "en": {
        "eat": ("{who} pays {payee.obj} {n}: {payee.obj} ate {card}",
                "{who} pay {payee.obj} {n}: {payee.obj} ate {card}"),
        "chot": ("{who} pays {payee.obj} {n}: {payee.obj} ate the last-round card (chốt) {card}",
                 "{who} pay {payee.obj} {n}: {payee.obj} ate the last-round card (chốt) {card}"),
        "rank": ("{who} finished #{place}, pays {payee.obj} {n}",
                 "{who} finished #{place}, pay {payee.obj} {n}"),
        "mom": ("{who} has no meld (móm), pays {payee.obj} {n}",
                "{who} have no meld (móm), pay {payee.obj} {n}"),
        "u": ("{who} pays {payee.obj} {n}: {u}{extra}", "{who} pay {payee.obj} {n}: {u}{extra}"),
        "streak": " (streak, thông)",
        "den": ("{who} pays {payee.obj} {n} on behalf of {behalf.obj} (đền)",
                "{who} pay {payee.obj} {n} on behalf of {behalf.obj} (đền)"),
        "kings": ("{who} pays {payee.obj} {n}: {k} kings (ù K)", "{who} pay {payee.obj} {n}: {k} kings (ù K)"),
        "ante": ("{who} puts {n} into the pot", "{who} put {n} into the pot"),
        "pot": ("{who} takes the pot: {n}", "{who} take the pot: {n}"),
    },
}


def deltas_of(payments: Iterable[Payment], players: int) -> tuple[list[int], int]:
    """Per-seat net change and the pot's net change."""
    d = [0] * players
    pot = 0
    for pay in payments:
        if pay.payer == POT:
            pot -= pay.amount
        else:
            d[pay.payer] -= pay.amount
        if pay.payee == POT:
            pot += pay.amount
        else:
            d[pay.payee] += pay.amount
    return d, pot


@dataclass(frozen=True)
class Result:
    """How a hand ended.

    deltas: units won (+) or lost (−) per seat, this hand, all payments in.
    ranks: seats, first place first (for an ù: the winner, then turn order).
    winner: the ù winner or first place — the next hand's starter.
    u / u_seat: the ù kind and who made it, or None.
    den_seat: who paid the đền, or None.
    points: deadwood points left per seat; None for every seat when the hand
        ended in ù (nobody finished, points mean nothing then).
    mom: per seat, laid down no meld.
    hands: the cards left per seat.
    ledger: every payment of the hand, in order.
    pot_change: what the pot gained (+) or paid out (−) this hand.
    """

    deltas: list[int]
    ranks: list[int]
    winner: int
    u: str | None
    u_seat: int | None
    den_seat: int | None
    points: list[int | None]
    mom: list[bool]
    hands: list[list[Card] | None]  # None: a hand the end did not reveal (phom.reveal)
    ledger: tuple[Payment, ...]
    pot_change: int = 0
    streak: bool = False

    def explain(self, lang: str = "vi", names: Sequence[str] | None = None,
                you: int | None = None) -> list[str]:
        return [p.describe(lang, names, you) for p in self.ledger]
