"""Shared and daily deals: one hand as a short text for a link (``?deal=…``).

A ``Deal`` is everything that makes a hand the same on another device: the
preset, the number of players, the hand size, the bots' strength, the starter,
the 52 cards in dealing order and the match seed the bots are seeded from.

The code is 48 characters of base64url (no padding), short enough for a chat
message. Its 288 bits are, most significant first:

    version 4 | preset 3 | players-2 2 | hand size 8/9 1 | bot 3 | starter 2 |
    seed 31 | deck 226 | check 16

where the deck is the permutation's index in the factorial number system (52! <
2**226) and ``check`` is the low 16 bits of the CRC-32 of the rest, so a
mistyped or truncated link is refused, not dealt as some other hand.
``decode`` is strict: anything else raises ``DealError`` (a ``ValueError``)
whose ``code`` (one of ``REASONS``) the page words in the player's language,
the message staying the developers' English (for the console).

``daily(date)`` is the day's deal: derived from the date alone (the same for
everybody on that date, another the next day).
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import hashlib
import random
import zlib
from dataclasses import dataclass

from .cards import DECK, Card
from .game import Game
from .match import Match
from .rules import PRESETS, Rules

VERSION = 1
PRESET_ORDER = ("basic", "traditional", "online", "bonus", "village")
BOT_ORDER = ("random", "easy", "normal", "hard", "expert")
CODE_LENGTH = 48
_DECK_BITS = 226
_BYTES = 36
_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
DAILY_PRESET = "basic"
DAILY_BOT = "hard"
DAILY_PLAYERS = 4


# Why a deal, its code or a day is refused (DealError.code); the page says it
# in the player's words from the code (ui/table/banners.py DEAL_REASONS).
REASONS = ("not_text", "empty", "characters", "length", "not_base64", "damaged", "version",
           "impossible", "not_preset", "not_date")


class DealError(ValueError):
    """A deal, a deal code or a date that cannot be used: ``code`` (one of
    ``REASONS``) says what kind of problem for the page, the message says
    exactly what for a developer."""

    def __init__(self, code: str, message: str) -> None:
        if code not in REASONS:
            raise ValueError(f"unknown deal refusal code {code!r}")
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Deal:
    preset: str
    players: int
    bot: str
    starter: int
    deck: tuple[Card, ...]
    seed: int
    hand_size: int = 9

    def __post_init__(self) -> None:
        problems = []
        if self.preset not in PRESET_ORDER:
            problems.append(f"unknown preset {self.preset!r}")
        else:
            r = PRESETS[self.preset]
            if self.players not in r.players_allowed:
                problems.append(f"{self.preset} is played by {r.players_allowed} players, "
                                f"not {self.players!r}")
            if self.hand_size not in r.hand_sizes:
                problems.append(f"{self.preset} deals {r.hand_sizes} cards, not {self.hand_size!r}")
        if self.bot not in BOT_ORDER:
            problems.append(f"unknown bot strength {self.bot!r}")
        seats = self.players if isinstance(self.players, int) else 0
        if not isinstance(self.starter, int) or not 0 <= self.starter < seats:
            problems.append(f"starter {self.starter!r} is not one of the {seats} seats")
        if not isinstance(self.seed, int) or not 0 <= self.seed < 2**31:
            problems.append(f"seed must be 0..2**31-1, not {self.seed!r}")
        deck = tuple(self.deck)
        if len(deck) != 52 or any(not isinstance(c, Card) for c in deck) or len(set(deck)) != 52:
            problems.append("the deck must be the 52 cards, each once")
        if problems:
            raise DealError("impossible", "bad deal: " + "; ".join(problems))
        object.__setattr__(self, "deck", deck)

    def rules(self) -> Rules:
        r = Rules.preset(self.preset)
        return r if r.hand_size == self.hand_size else r.with_(hand_size=self.hand_size)

    def encode(self) -> str:
        return encode(self)

    def new_match(self) -> Match:
        """A match whose first hand is this deal (``match.new_hand(deck=deal.deck)``)."""
        return Match(self.rules(), self.players, self.seed, starter=self.starter)

    @classmethod
    def of_game(cls, game: Game, bot: str, seed: int) -> Deal:
        """The deal of a hand in progress or over (its rules must be a preset's)."""
        name = game.rules.name
        if name not in PRESET_ORDER or game.rules.with_(hand_size=9) != \
                PRESETS[name].with_(hand_size=9):
            raise DealError("not_preset", "only hands of the five presets can be shared")
        return cls(name, game.players, bot, game.starter, tuple(game.deck), seed,
                   game.rules.hand_size)


def _perm_index(deck: tuple[Card, ...]) -> int:
    rest = list(range(52))
    n = 0
    for i, c in enumerate(deck):
        k = rest.index(c.index)
        rest.pop(k)
        n = n * (52 - i) + k
    return n


def _perm_from_index(n: int) -> tuple[Card, ...]:
    digits = []
    for i in reversed(range(52)):
        n, k = divmod(n, 52 - i)
        digits.append(k)
    if n:
        raise DealError("impossible", "the deck number is out of range")
    digits.reverse()
    rest = list(range(52))
    return tuple(DECK[rest.pop(k)] for k in digits)


def _check(body: int) -> int:
    return zlib.crc32(body.to_bytes(_BYTES, "big")) & 0xFFFF


def encode(deal: Deal) -> str:
    """The 48-character code of ``deal``."""
    v = VERSION
    v = v << 3 | PRESET_ORDER.index(deal.preset)
    v = v << 2 | (deal.players - 2)
    v = v << 1 | (deal.hand_size == 8)
    v = v << 3 | BOT_ORDER.index(deal.bot)
    v = v << 2 | deal.starter
    v = v << 31 | deal.seed
    v = v << _DECK_BITS | _perm_index(deal.deck)
    v = v << 16 | _check(v)
    return base64.urlsafe_b64encode(v.to_bytes(_BYTES, "big")).decode("ascii").rstrip("=")


def decode(text: object) -> Deal:
    """The Deal of a code; ``DealError`` (a ``ValueError``) says what is wrong."""
    if not isinstance(text, str):
        raise DealError("not_text", "a deal code is text")
    t = text.strip()
    if not t:
        raise DealError("empty", "the deal code is empty")
    bad = sorted(set(t) - _B64)
    if bad:
        raise DealError("characters", f"the deal code has characters a link never has: {''.join(bad)!r}")
    if len(t) != CODE_LENGTH:
        raise DealError("length", f"a deal code is {CODE_LENGTH} characters, this one is {len(t)}"
                        " (cut off or with extra text?)")
    try:
        raw = base64.urlsafe_b64decode(t + "=" * (-len(t) % 4))
    except (binascii.Error, ValueError):
        raise DealError("not_base64", "the deal code is not base64url") from None
    v = int.from_bytes(raw, "big")
    check = v & 0xFFFF
    v >>= 16
    if _check(v) != check:
        raise DealError("damaged", "the deal code is damaged (its check does not match)")
    perm = v & ((1 << _DECK_BITS) - 1)
    v >>= _DECK_BITS
    seed = v & (2**31 - 1)
    v >>= 31
    starter = v & 3
    v >>= 2
    bot = v & 7
    v >>= 3
    eight = v & 1
    v >>= 1
    players = (v & 3) + 2
    v >>= 2
    preset = v & 7
    version = v >> 3
    if version != VERSION:
        raise DealError("version", f"the deal code is version {version}; this page reads version {VERSION}")
    if preset >= len(PRESET_ORDER):
        raise DealError("impossible", f"the deal code names preset #{preset}, which does not exist")
    if bot >= len(BOT_ORDER):
        raise DealError("impossible", f"the deal code names bot strength #{bot}, which does not exist")
    deck = _perm_from_index(perm)
    return Deal(PRESET_ORDER[preset], players, BOT_ORDER[bot], starter, deck, seed,
                8 if eight else 9)


def daily(date: _dt.date) -> Deal:
    """The deal of the day ``date``: from the date alone, the same for everyone."""
    if not isinstance(date, _dt.date):
        raise DealError("not_date", "the daily deal needs a date")
    h = hashlib.sha256(f"phom.daily/{date.isoformat()}".encode()).digest()
    n = int.from_bytes(h, "big")
    deck = list(DECK)
    random.Random(n).shuffle(deck)
    seed = n & (2**31 - 1)
    return Deal(DAILY_PRESET, DAILY_PLAYERS, DAILY_BOT, (n >> 31) % DAILY_PLAYERS, tuple(deck),
                seed or 1)


def parse_date(text: object) -> _dt.date:
    """``YYYY-MM-DD`` → date; ``DealError`` (code ``not_date``) otherwise (a URL's ``day=``)."""
    if not isinstance(text, str):
        raise DealError("not_date", "a date is text like 2026-12-01")
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise DealError("not_date", f"not a date (YYYY-MM-DD): {text!r}") from None
