"""Links: the page's URL parameters, checked before anything is changed.

A link such as ``?preset=village&players=3&seed=42`` asks for a match (and
may change settings). Every parameter is checked here, in pure Python, and a
malformed one changes nothing and gets a notice naming it. The page's own
preferences (``bot``, ``speed``, ``lang``, ``four_color``) stand alone: a bad
one is refused and the others still apply (``?lang=fr&players=3`` is a
3-player match, said in the current language). The match parameters
(``MATCH_KEYS`` with ``preset`` and ``players``) describe one match together:
if any of them is malformed no match is asked for at all — a village match
with another seed than the link's is not the match it shares. A checked link
is a ``Link``: the settings it changes and, when it asks for a fresh match,
the match it asks for — which the page starts only after asking, when a
match is already saved (ui/table/app.py).

Parameters (unknown ones, e.g. a tracker's, are ignored):

- ``new``: 1/true/yes (or empty) — a fresh match; 0/false/no — none asked;
- ``preset``: basic, traditional, online, bonus, village;
- ``players``: 2, 3 or 4;
- ``seed``: a whole number 0..2^53−1 (the match's deals);
- ``deck``: 52 distinct cards (``AS 2S … KH``) dealt for the first hand;
- ``starter``: the first hand's starter seat, 0..players−1;
- ``bot``, ``speed``, ``lang``: one of the page's levels, speeds, languages;
- ``four_color``: 1/0, true/false, on/off, yes/no.

``deal`` (a shared hand's code), ``daily`` and ``day`` are read by
ui/page/learn.py (phom/share.py decodes them strictly, and it too asks before
replacing a match in progress).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar, cast

import phom

from .i18n import BOT_LEVELS, LANGS, SPEEDS
from .store import PRESET_NAMES, SettingsChange

KNOWN = ("new", "preset", "players", "seed", "deck", "starter", "bot", "speed", "lang",
         "four_color")
MATCH_KEYS = ("new", "preset", "players", "seed", "deck", "starter")
OWN_KEYS = ("bot", "speed", "lang", "four_color")   # the page's preferences: each stands alone
MAX_VALUE = 400  # characters: a whole deck in text is ~155
MAX_SEED = 2**53 - 1  # what a link written by JavaScript can hold exactly

TRUE = ("1", "true", "yes", "on", "")
FALSE = ("0", "false", "no", "off")

# Why a parameter is refused: the page says it in the player's words from the
# code (ui/table/banners.py), the exception's message stays the developers' English.
T = TypeVar("T")
# A link's parameters as the page reads them: name -> the text, or every text given.
Params = Mapping[str, object]

REASONS = ("repeated", "not_text", "too_long", "not_number", "out_of_range", "not_choice",
           "not_flag", "card", "deck_size", "deck_deal")


class BadParam(ValueError):
    """A malformed parameter: ``code`` (one of ``REASONS``) and ``data`` (the
    numbers or names the sentence needs) are for the page, the message for
    a developer."""

    def __init__(self, code: str, message: str, **data: object) -> None:
        if code not in REASONS:
            raise ValueError(f"unknown link refusal code {code!r}")
        super().__init__(message)
        self.code, self.data = code, data


@dataclass(frozen=True)
class Problem:
    """One refused parameter: its name, the reason's code and data, the value
    as given (cut short), and the English message."""

    param: str
    code: str
    data: dict[str, object]
    value: str
    message: str


@dataclass
class Link:
    """What a checked link asks for."""

    settings: SettingsChange = field(default_factory=lambda: SettingsChange())   # bot, speed, lang, four_color, preset, players
    fresh: bool = False                             # a new match is asked for
    seed: int | None = None
    deck: list[phom.Card] | None = None
    starter: int = 0
    problems: list[Problem] = field(default_factory=list)   # Problem, one a bad parameter (refused alone)

    @property
    def ok(self) -> bool:
        """Every parameter was good (otherwise the page says which were not)."""
        return not self.problems

    @property
    def empty(self) -> bool:
        return not self.settings and not self.fresh


def _one(params: Params, key: str) -> str:
    v = params[key]
    if isinstance(v, (list, tuple)):
        if len(set(map(str, v))) > 1:
            raise BadParam("repeated", "given more than once with different values")
        v = v[0] if v else ""
    if not isinstance(v, str):
        raise BadParam("not_text", "not text")
    if len(v) > MAX_VALUE:
        raise BadParam("too_long", "too long")
    return v.strip()


def _digits(v: str, lo: int, hi: int) -> int:
    if not v.isascii() or not v.isdigit():
        raise BadParam("not_number", f"not a whole number {lo}..{hi}", lo=lo, hi=hi)
    n = int(v) if len(v) <= 16 else hi + 1
    if not lo <= n <= hi:
        raise BadParam("out_of_range", f"must be {lo}..{hi}", lo=lo, hi=hi)
    return n


def _choice(v: str, options: Iterable[str]) -> str:
    if v not in options:
        options = tuple(options)
        raise BadParam("not_choice", "must be one of " + ", ".join(options), options=options)
    return v


def _flag(v: str) -> bool:
    low = v.lower()
    if low in TRUE:
        return True
    if low in FALSE:
        return False
    raise BadParam("not_flag", "must be 1 or 0")


def _deck(v: str) -> list[phom.Card]:
    cards: list[phom.Card] = []
    for word in v.replace(",", " ").split():
        try:
            cards.append(phom.Card.parse(word))
        except ValueError as e:
            raise BadParam("card", str(e), card=word[:8]) from None
    if len(cards) != 52 or len(set(cards)) != 52:
        raise BadParam("deck_size", f"a deck is 52 different cards, not {len(cards)} ({len(set(cards))} different)",
                       n=len(cards), distinct=len(set(cards)))
    return cards


def _got(values: Mapping[str, object], key: str, kind: type[T], default: T) -> T:
    """``values[key]`` as checked (of ``kind``), else ``default``."""
    v = values.get(key, default)
    return v if isinstance(v, kind) else default


def parse(params: Params, settings: Mapping[str, object]) -> Link:
    """Check ``params`` (name -> text, or a list of texts) against the current ``settings``."""
    link = Link()
    got: dict[str, str] = {}
    for key in KNOWN:
        if key not in params:
            continue
        try:
            got[key] = _one(params, key)
        except BadParam as e:
            link.problems.append(_problem(key, e, params[key]))
    checks: dict[str, Callable[[str], str | int | bool | list[phom.Card]]] = {
        "preset": lambda v: _choice(v, PRESET_NAMES),
        "players": lambda v: _digits(v, 2, 4),
        "bot": lambda v: _choice(v, BOT_LEVELS),
        "speed": lambda v: _choice(v, SPEEDS),
        "lang": lambda v: _choice(v, LANGS),
        "four_color": _flag,
        "new": _flag,
        "seed": lambda v: _digits(v, 0, MAX_SEED),
        "deck": _deck,
    }
    values: dict[str, str | int | bool | list[phom.Card]] = {}
    for key, check in checks.items():
        if key in got:
            try:
                values[key] = check(got[key])
            except BadParam as e:
                link.problems.append(_problem(key, e, got[key]))
    players = _got(values, "players", int, _got(settings, "players", int, 4))
    preset = _got(values, "preset", str, _got(settings, "preset", str, "basic"))
    if "starter" in got:
        try:
            values["starter"] = _digits(got["starter"], 0, players - 1)
        except BadParam as e:
            link.problems.append(_problem("starter", e, got["starter"]))
    deck = _got(values, "deck", list, None)
    if deck is not None and preset in PRESET_NAMES:
        rules = phom.Rules.preset(preset)
        try:
            phom.Game.from_deck(deck, rules, players, _got(values, "starter", int, 0))
        except ValueError as e:  # the engine's reason, for developers
            link.problems.append(_problem("deck", BadParam("deck_deal", str(e)), got["deck"]))
    for key in OWN_KEYS:
        v = values.get(key)
        if isinstance(v, (str, int)) and v != settings.get(key):   # (a deck is none of these keys)
            _change(link)[key] = v
    if any(p.param not in OWN_KEYS for p in link.problems):
        return link         # the match it asks for is not the link's: none is asked for
    for key in ("preset", "players"):
        v = values.get(key)
        if isinstance(v, (str, int)) and v != settings.get(key):   # (a deck is none of these keys)
            _change(link)[key] = v
    asked = [k for k in MATCH_KEYS if k in values and k != "new"]
    link.fresh = _got(values, "new", bool, False) or bool(asked) and _got(values, "new", bool, True)
    if "preset" in link.settings or "players" in link.settings:
        link.fresh = True
    link.seed = _got(values, "seed", int, None)
    link.deck = deck
    link.starter = _got(values, "starter", int, 0)
    return link


def _change(link: Link) -> dict[str, object]:
    """The link's settings by a name known at run time (a TypedDict is this dict; each
    name one of the settings', each value checked by ``parse``)."""
    return cast("dict[str, object]", link.settings)


def _problem(key: str, e: BadParam, value: object) -> Problem:
    return Problem(key, e.code, dict(e.data), short(value), f"{key}: {e}")


def short(value: object) -> str:
    """The bad value, cut short, for the notice (escaped when shown)."""
    v = " | ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return v if len(v) <= 24 else v[:24] + "…"


