"""Actions: what a seat can do, as frozen, hashable values equal by value.

A hand is driven only by ``Game.legal_actions()`` and ``Game.apply(action)``; the
page, the bots and the command line all send these same values back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import DECK, Card
from .rules import UKind

# Kinds of ù (docs/RULES.md §8), as DeclareU(kind) names them: ``rules.UKind``.
U_KINDS = tuple(UKind)
U_NAMES_VI = {
    "normal": "ù thường", "round": "ù tròn", "send": "gửi ù", "khan": "ù khan",
    "same_color": "ù cùng màu", "heaven": "thiên ù", "long_run": "ù dọc dài",
}
U_NAMES_EN = {
    "normal": "ù", "round": "full ù (ù tròn)", "send": "ù by sending (gửi ù)",
    "khan": "no-pair ù (ù khan)", "same_color": "one-colour ù (ù cùng màu)",
    "heaven": "dealt ù (thiên ù)", "long_run": "long-run ù (ù dọc dài)",
}


_U_VALUES = frozenset(k.value for k in UKind)


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The message names the rule."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Bốc: take the top card of the stock."""

    def __str__(self) -> str:
        return "Draw"


@dataclass(frozen=True, slots=True)
class Eat:
    """Ăn: take the previous player's latest discard into a meld."""

    def __str__(self) -> str:
        return "Eat"


@dataclass(frozen=True, slots=True)
class Discard:
    """Đánh: put one card face-up in front of you."""

    card: Card

    def __str__(self) -> str:
        return f"Discard {self.card}"


#: One Discard a card, by card index, and one Draw and one Eat: actions are
#: values, so the engine's lists and the playouts share these rather than build
#: new ones at every position (and ``in`` finds them by identity first).
DISCARD_OF: tuple[Discard, ...] = tuple(Discard(c) for c in DECK)
DRAW = Draw()
EAT = Eat()


@dataclass(frozen=True, slots=True)
class LayDown:
    """Hạ: put down these melds (a tuple of melds, each a tuple of cards).

    Normalised on construction (cards sorted in each meld, melds sorted), so two
    LayDowns with the same melds in another order are equal. ``LayDown(())`` lays
    nothing (móm, or a tái turn that adds no meld).
    """

    melds: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        try:
            norm = tuple(sorted(tuple(sorted(m)) for m in self.melds))
        except TypeError:
            raise IllegalAction("LayDown takes a tuple of melds, each a tuple of Card") from None
        for m in norm:
            for c in m:
                if not isinstance(c, Card):
                    raise IllegalAction(f"LayDown: {c!r} is not a Card")
        object.__setattr__(self, "melds", norm)

    def __str__(self) -> str:
        if not self.melds:
            return "LayDown (none)"
        return "LayDown " + " | ".join(" ".join(str(c) for c in m) for m in self.melds)


@dataclass(frozen=True, slots=True)
class Send:
    """Gửi: attach ``card`` from your hand to the table meld ``meld_id``."""

    card: Card
    meld_id: int

    def __str__(self) -> str:
        return f"Send {self.card} -> #{self.meld_id}"


@dataclass(frozen=True, slots=True)
class DeclareU:
    """Ù: declare an immediate win of the given kind (one of ``U_KINDS``)."""

    kind: str = UKind.NORMAL

    def __post_init__(self) -> None:
        # a known kind becomes its UKind; an unknown one is kept so the refusal can name it
        if self.kind in _U_VALUES:
            object.__setattr__(self, "kind", UKind(self.kind))

    def __str__(self) -> str:
        return f"DeclareU {self.kind}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline an optional ù (only with ``Rules.u_optional``)."""

    def __str__(self) -> str:
        return "Pass"


Action = Draw | Eat | Discard | LayDown | Send | DeclareU | Pass


def action_to_json(a: object) -> dict[str, Any]:
    if isinstance(a, Discard):
        return {"t": "discard", "card": str(a.card)}
    if isinstance(a, LayDown):
        return {"t": "lay", "melds": [[str(c) for c in m] for m in a.melds]}
    if isinstance(a, Send):
        return {"t": "send", "card": str(a.card), "meld": a.meld_id}
    if isinstance(a, DeclareU):
        return {"t": "u", "kind": a.kind}
    if isinstance(a, Draw):
        return {"t": "draw"}
    if isinstance(a, Eat):
        return {"t": "eat"}
    if isinstance(a, Pass):
        return {"t": "pass"}
    raise ValueError(f"not an action: {a!r}")


def action_from_json(d: Any) -> Action:
    if not isinstance(d, dict) or "t" not in d:
        raise ValueError(f"not an action: {d!r}")
    t = d["t"]
    try:
        if t == "draw":
            return Draw()
        if t == "eat":
            return Eat()
        if t == "pass":
            return Pass()
        if t == "discard":
            return Discard(Card.parse(d["card"]))
        if t == "send":
            mid = d["meld"]
            if not isinstance(mid, int) or isinstance(mid, bool):
                raise ValueError("meld id must be an int")
            return Send(Card.parse(d["card"]), mid)
        if t == "u":
            if d["kind"] not in _U_VALUES:
                raise ValueError(f"unknown ù kind {d['kind']!r}")
            return DeclareU(d["kind"])
        if t == "lay":
            return LayDown(tuple(tuple(Card.parse(s) for s in m) for m in d["melds"]))
    except (KeyError, TypeError, IllegalAction) as e:
        raise ValueError(f"malformed action {d!r}: {e}") from None
    raise ValueError(f"unknown action type {t!r}")
