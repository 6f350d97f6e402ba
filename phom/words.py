"""The machinery every player-facing sentence is built with, engine and page alike.

Three things a sentence gets wrong when each module words itself:

* **Who.** A seat is named by its name, or spoken to as "you" (the player on
  this phone). English verbs agree with the subject ("You finish first",
  "Lan finishes first") and "you" is a pronoun, not a name, anywhere but first
  ("Tuấn pays you 2", "your meld"). A ``Who`` is that seat; ``Said`` is a Who
  in one language, with its subject, object and possessive forms. A sentence
  table gives each sentence as one text, or as ``(name form, you form)`` where
  the language needs two (English does; Vietnamese says "Bạn" as a name and
  needs one): ``phrase`` picks the form by the sentence's subject.
* **Numbers.** Vietnamese writes a decimal comma ("0,6", "+3,00",
  "0,3 ± 0,1"); ``number`` is the one place a fraction becomes text.
* **Meld order.** A meld is said and shown in order (7 8 9 10 J of hearts;
  a set bích, tép, rô, cơ), not in the order its cards arrived: ``in_order``.
  The order on the table is no rule matter (a send may go at either end).

Pure stdlib: ``phom.narrate``, ``phom.ledger`` and ``phom.hints`` use it, and
the page (ui/core/i18n.py) builds its own sentences with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import Card

YOU = {"vi": ("Bạn", "bạn", "của bạn"), "en": ("You", "you", "your")}
"""The seat spoken to: (subject, object, possessive) per language."""


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "vi"


@dataclass(frozen=True)
class Who:
    """A seat as a sentence names it: ``name``, or "you" when ``you`` (the seat on
    this phone, when it is spoken to; with pass-and-play every seat goes by name)."""

    name: str
    you: bool = False

    def said(self, lang: str) -> Said:
        return Said(self, _lang(lang))

    def __str__(self) -> str:   # a Who put straight into a label: its name
        return self.name


@dataclass(frozen=True)
class Said:
    """A ``Who`` in one language. ``str()`` (and ``{who}`` in a sentence) is the
    subject ("You", "Bạn", "Lan"); ``{who.obj}`` the object ("you", "bạn",
    "Lan"); ``{who.poss}`` the possessive ("your", "Lan's"; Vietnamese "của bạn",
    "của Lan", said after the thing owned)."""

    who: Who
    lang: str

    @property
    def subj(self) -> str:
        return YOU[self.lang][0] if self.who.you else self.who.name

    @property
    def obj(self) -> str:
        return YOU[self.lang][1] if self.who.you else self.who.name

    @property
    def poss(self) -> str:
        if self.who.you:
            return YOU[self.lang][2]
        return f"{self.who.name}'s" if self.lang == "en" else f"của {self.who.name}"

    def __str__(self) -> str:
        return self.subj

    def __format__(self, spec: str) -> str:
        return format(self.subj, spec)


def seats(names: Sequence[str], you: int | None = None) -> list[Who]:
    """Every seat as a ``Who``: ``names[s]``, and "you" for seat ``you``."""
    return [Who(str(n), s == you) for s, n in enumerate(names)]


Form = str | tuple[str, str]
"""A sentence: one text, or (name form, you form) chosen by its subject."""


def phrase(table: Mapping[str, Mapping[str, Form]], key: str, lang: str,
           who: Who | None = None, **kw: Any) -> str:
    """Sentence ``key`` of ``table`` (``{lang: {key: Form}}``; a key missing in
    English falls back to Vietnamese) about ``who``, its subject, with ``kw``
    filled in. Every ``Who`` among ``kw`` is said in ``lang`` (``{owner.obj}``)."""
    lang = _lang(lang)
    form = table.get(lang, {}).get(key)
    if form is None:
        form = table["vi"][key]
    if isinstance(form, tuple):
        form = form[1] if who is not None and who.you else form[0]
    args = {k: (v.said(lang) if isinstance(v, Who) else v) for k, v in kw.items()}
    if who is not None:
        args["who"] = who.said(lang)
    return form.format(**args)


def capital(text: str) -> str:
    """``text`` with its first letter a capital (a sentence starting with "you")."""
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- numbers
def number(x: float, lang: str, digits: int = 1, sign: bool = False) -> str:
    """``x`` with ``digits`` decimals, Vietnamese with a decimal comma:
    ``number(0.6, "vi") == "0,6"``, ``number(3, "vi", 2, sign=True) == "+3,00"``."""
    text = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    if text.lstrip("+-").strip("0.") == "" and text[0] == "-":
        text = text[1:] if not sign else "+" + text[1:]   # no "-0,0"
    return text.replace(".", ",") if _lang(lang) == "vi" else text


def percent(x: float, lang: str, digits: int = 0) -> str:
    """A share ``x`` (0..1) as a percentage: "45%", "12,5%"."""
    return number(100 * x, lang, digits) + "%"


# ---------------------------------------------------------------- cards
def in_order(cards: Iterable[Card]) -> list[Card]:
    """A meld's cards in the order a player reads them: by rank, then suit
    (bích, tép, rô, cơ): a run low to high, a set by suit."""
    return sorted(cards, key=lambda c: (c.rank, c.index))


__all__ = ["YOU", "Form", "Said", "Who", "capital", "in_order", "number", "percent", "phrase", "seats"]
