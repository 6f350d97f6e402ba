"""Links: the page's URL parameters, checked before anything is changed.

A link such as ``?preset=village&players=3&seed=42`` asks for a match (and
may change settings). Every parameter is checked here, in pure Python; if any
is malformed the link changes nothing at all and each bad parameter gets a
notice naming it. A good link is a ``Link``: the settings it changes and,
when it asks for a fresh match, the match it asks for — which the page
starts only after asking, when a match is already saved (ui/app.py).

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
ui/learn_dom.py (phom/share.py decodes them strictly, and it too asks before
replacing a match in progress).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import phom

from .i18n import BOT_LEVELS, LANGS, SPEEDS
from .store import PRESET_NAMES

KNOWN = ("new", "preset", "players", "seed", "deck", "starter", "bot", "speed", "lang",
         "four_color")
MATCH_KEYS = ("new", "preset", "players", "seed", "deck", "starter")
MAX_VALUE = 400  # characters: a whole deck in text is ~155
MAX_SEED = 2**53 - 1  # what a link written by JavaScript can hold exactly

TRUE = ("1", "true", "yes", "on", "")
FALSE = ("0", "false", "no", "off")


@dataclass
class Link:
    """What a checked link asks for."""

    settings: dict = field(default_factory=dict)   # bot, speed, lang, four_color, preset, players
    fresh: bool = False                             # a new match is asked for
    seed: int | None = None
    deck: list | None = None
    starter: int = 0
    problems: list = field(default_factory=list)   # (parameter, reason) — non-empty: refused

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def empty(self) -> bool:
        return not self.settings and not self.fresh


def _one(params: dict, key: str):
    v = params[key]
    if isinstance(v, (list, tuple)):
        if len(set(map(str, v))) > 1:
            raise ValueError("given more than once with different values")
        v = v[0] if v else ""
    if not isinstance(v, str):
        raise ValueError("not text")
    if len(v) > MAX_VALUE:
        raise ValueError("too long")
    return v.strip()


def _digits(v: str, lo: int, hi: int) -> int:
    if not v.isascii() or not v.isdigit() or len(v) > 16:
        raise ValueError(f"not a whole number {lo}..{hi}")
    n = int(v)
    if not lo <= n <= hi:
        raise ValueError(f"must be {lo}..{hi}")
    return n


def _choice(v: str, options) -> str:
    if v not in options:
        raise ValueError("must be one of " + ", ".join(options))
    return v


def _flag(v: str) -> bool:
    low = v.lower()
    if low in TRUE:
        return True
    if low in FALSE:
        return False
    raise ValueError("must be 1 or 0")


def _deck(v: str) -> list:
    cards = phom.parse_cards(v)  # ValueError names the bad card
    if len(cards) != 52 or len(set(cards)) != 52:
        raise ValueError(f"a deck is 52 different cards, not {len(cards)} ({len(set(cards))} different)")
    return cards


def parse(params: dict, settings: dict) -> Link:
    """Check ``params`` (name -> text, or a list of texts) against the current ``settings``."""
    link = Link()
    got = {}
    for key in KNOWN:
        if key not in params:
            continue
        try:
            got[key] = _one(params, key)
        except ValueError as e:
            link.problems.append((key, str(e)))
    checks = {
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
    values = {}
    for key, check in checks.items():
        if key in got:
            try:
                values[key] = check(got[key])
            except ValueError as e:
                link.problems.append((key, f"{_short(got[key])} {e}"))
    players = values.get("players", settings.get("players", 4))
    preset = values.get("preset", settings.get("preset", "basic"))
    if "starter" in got:
        try:
            values["starter"] = _digits(got["starter"], 0, players - 1)
        except ValueError as e:
            link.problems.append(("starter", str(e)))
    if "deck" in values and preset in PRESET_NAMES:
        rules = phom.Rules.preset(preset)
        try:
            phom.Game.from_deck(values["deck"], rules, players, values.get("starter", 0))
        except ValueError as e:
            link.problems.append(("deck", str(e)))
    if link.problems:
        return link
    for key in ("bot", "speed", "lang", "four_color", "preset", "players"):
        if key in values and values[key] != settings.get(key):
            link.settings[key] = values[key]
    asked = [k for k in MATCH_KEYS if k in values and k != "new"]
    link.fresh = values.get("new", False) or bool(asked) and values.get("new", True)
    if "preset" in link.settings or "players" in link.settings:
        link.fresh = True
    link.seed = values.get("seed")
    link.deck = values.get("deck")
    link.starter = values.get("starter", 0)
    return link


def _short(v: str) -> str:
    """The bad value, quoted and cut short, for the notice (escaped when shown)."""
    return '"' + (v if len(v) <= 24 else v[:24] + "…") + '"'


