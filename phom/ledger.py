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

if TYPE_CHECKING:
    from .cards import Card

POT = -1
"""The payer/payee number of the pot (gà làng)."""



def seat_name(seat: int, lang: str = "vi", names: Sequence[str] | None = None) -> str:
    if seat == POT:
        return "gà" if lang == "vi" else "the pot"
    if names:
        return str(names[seat])
    return f"Ghế {seat + 1}" if lang == "vi" else f"Seat {seat + 1}"


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

    def describe(self, lang: str = "vi", names: Sequence[str] | None = None) -> str:
        """A sentence a player can read: "Ghế 2 trả Ghế 1 4 vì bị ăn chốt 7 cơ"."""
        p = seat_name(self.payer, lang, names)
        q = seat_name(self.payee, lang, names)
        if lang == "en":
            return _agree(self._describe(p, q, lang, names))
        return self._describe(p, q, lang, names)

    def _describe(self, p: str, q: str, lang: str, names: Sequence[str] | None) -> str:
        from .cards import Card

        card = self.get("card")
        cname = Card.parse(card).name(lang) if card else ""
        n = self.amount
        vi = lang != "en"
        if self.kind == "eat":
            return f"{p} trả {q} {n}: bị ăn {cname}" if vi else f"{p} pays {q} {n}: {q} ate {cname}"
        if self.kind == "chot":
            return (f"{p} trả {q} {n}: bị ăn chốt {cname}" if vi
                    else f"{p} pays {q} {n}: {q} ate the last-round card (chốt) {cname}")
        if self.kind == "rank":
            place = self.get("place")
            return (f"{p} về thứ {place}, trả {q} {n}" if vi
                    else f"{p} finished #{place}, pays {q} {n}")
        if self.kind == "mom":
            return (f"{p} bị móm, trả {q} {n}" if vi
                    else f"{p} has no meld (móm), pays {q} {n}")
        if self.kind == "u":
            uk = self.get("u", "normal")
            un = (U_NAMES_VI if vi else U_NAMES_EN).get(uk, uk)
            extra = ""
            if self.get("streak"):
                extra = " (thông)" if vi else " (streak, thông)"
            return f"{p} trả {q} {n}: {un}{extra}" if vi else f"{p} pays {q} {n}: {un}{extra}"
        if self.kind == "den":
            f = seat_name(self.get("for"), lang, names)
            return (f"{p} đền thay {f}, trả {q} {n}" if vi
                    else f"{p} pays {q} {n} on behalf of {f} (đền)")
        if self.kind == "kings":
            k = self.get("kings", 3)
            return f"{p} trả {q} {n}: ù {k}K" if vi else f"{p} pays {q} {n}: {k} kings (ù K)"
        if self.kind == "ante":
            return f"{p} góp gà {n}" if vi else f"{p} puts {n} into the pot"
        if self.kind == "pot":
            return f"{q} ăn gà {n}" if vi else f"{q} takes the pot: {n}"
        return f"{p} -> {q}: {n} ({self.kind})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "payer": self.payer, "payee": self.payee,
                "amount": self.amount, "detail": [list(kv) for kv in self.detail]}


def _agree(text: str) -> str:
    """English verbs agree with "You" ("You pay", not "You pays")."""
    if not text.startswith("You "):
        return text
    import re

    return re.sub(r"\b(pays|puts|takes|has)\b",
                  lambda m: {"pays": "pay", "puts": "put", "takes": "take", "has": "have"}[m[1]],
                  text)


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

    def explain(self, lang: str = "vi", names: Sequence[str] | None = None) -> list[str]:
        return [p.describe(lang, names) for p in self.ledger]
