"""Cards: the 52 of a French deck as frozen values that round-trip through text.

A card is written rank then suit: ``AS``, ``7H``, ``10D`` (also ``TD``), ``QC``.
Suits: ♠ bích ``S``, ♣ tép/chuồn ``C``, ♦ rô ``D``, ♥ cơ ``H`` (no order between
them). The Ace is low only; a card is worth its rank in points (A=1 … K=13).

Each card also has a dense index 0..51 (``card.index``) so that sets of cards can
be held as 52-bit integers by the meld solver and the bots.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

SUITS = "SCDH"
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
SUIT_NAME_VI = {"S": "bích", "C": "tép", "D": "rô", "H": "cơ"}
SUIT_NAME_EN = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
RANK_NAME_EN = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_RANK_PARSE = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "1": 1}
_RANK_PARSE.update({str(r): r for r in range(2, 11)})


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Ordered by (suit index, rank) via ``index``."""

    index: int  # suit_index * 13 + (rank - 1), 0..51

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or not 0 <= self.index < 52:
            raise ValueError(f"card index out of range: {self.index!r}")

    @classmethod
    def of(cls, rank: int, suit: str) -> Card:
        if not isinstance(rank, int) or not 1 <= rank <= 13:
            raise ValueError(f"rank must be 1..13, got {rank!r}")
        if suit not in SUITS or len(suit) != 1:
            raise ValueError(f"suit must be one of {SUITS}, got {suit!r}")
        return _BY_INDEX[SUITS.index(suit) * 13 + rank - 1]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"10H"``, ``"TH"``, ``"AS"``, ``"Q♣"``; raise ValueError otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"not a card: {text!r}")
        t = text.strip().upper()
        for sym, s in SUIT_SYMBOL.items():
            t = t.replace(s, sym)
        if len(t) < 2:
            raise ValueError(f"not a card: {text!r}")
        rank_s, suit = t[:-1], t[-1]
        if suit not in SUITS or rank_s not in _RANK_PARSE or rank_s == "1":
            raise ValueError(f"not a card: {text!r}")
        return cls.of(_RANK_PARSE[rank_s], suit)

    @property
    def rank(self) -> int:
        return self.index % 13 + 1

    @property
    def suit(self) -> str:
        return SUITS[self.index // 13]

    @property
    def points(self) -> int:
        return self.index % 13 + 1

    @property
    def is_red(self) -> bool:
        return self.suit in "DH"

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def rank_text(self) -> str:
        return RANK_TEXT.get(self.rank, str(self.rank))

    def __str__(self) -> str:
        return self.rank_text + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def symbol(self) -> str:
        """``"10♥"``: the text form with the suit symbol."""
        return self.rank_text + SUIT_SYMBOL[self.suit]

    def name(self, lang: str = "vi") -> str:
        """The spoken name: ``"7 cơ"`` / ``"7 of hearts"``, ``"Át bích"`` / ``"ace of spades"``."""
        if lang == "en":
            r = RANK_NAME_EN.get(self.rank, str(self.rank))
            return f"{r} of {SUIT_NAME_EN[self.suit]}"
        r = "Át" if self.rank == 1 else self.rank_text
        return f"{r} {SUIT_NAME_VI[self.suit]}"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (_card_from_index, (self.index,))


def _card_from_index(i: int) -> Card:
    return _BY_INDEX[i]


_BY_INDEX: tuple[Card, ...] = tuple(object.__new__(Card) for _ in range(52))
for _i, _c in enumerate(_BY_INDEX):
    object.__setattr__(_c, "index", _i)

DECK: tuple[Card, ...] = _BY_INDEX
"""All 52 cards in index order (♠A…♠K, ♣A…, ♦A…, ♥A…)."""


def card_from_index(i: int) -> Card:
    return _BY_INDEX[i]


def parse_cards(text: str) -> list[Card]:
    """Parse whitespace- or comma-separated cards; ValueError names the bad token."""
    if not isinstance(text, str):
        raise ValueError(f"expected text, got {type(text).__name__}")
    out = []
    for tok in text.replace(",", " ").split():
        try:
            out.append(Card.parse(tok))
        except ValueError:
            raise ValueError(f"not a card: {tok!r}") from None
    return out


def cards_to_mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first (the card indices of a mask)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_to_cards(mask: int) -> list[Card]:
    return [_BY_INDEX[i] for i in bits(mask)]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
