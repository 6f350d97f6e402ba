"""Reading saves: a saved hand or match is accepted only when every field is
well typed, in range and consistent with the others, and its replay is legal.

A save is untrusted text (the browser's storage, a file, a link): it may be
damaged, edited by hand, or written by an older version of the page. Whatever
it holds, reading it either gives a hand or match that plays on to a correct
end, or raises ``BadSave`` (a ``ValueError``) saying what is wrong — never a
``TypeError``, ``KeyError``, ``OverflowError`` or ``RecursionError``, and never
a misread: a document missing a field that this version writes (an older
version's save) is refused as ``OldSave`` rather than filled in with defaults.

``Game.from_json`` and ``Match.from_json`` are one-line hooks into
``load_game`` and ``load_match`` here.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import fields
from typing import Any

from .actions import U_KINDS, DeclareU, Discard, Draw, Eat, IllegalAction, LayDown, Pass, Send
from .cards import Card
from .rules import EAT_PAY_SCHEMES, Rules, UKind

GAME_FORMAT = "phom.game/1"
MATCH_FORMAT = "phom.match/1"

MAX_TEXT = 4_000_000        # characters: a long match is tens of kilobytes
MAX_ACTIONS = 1_000         # a hand takes well under 400 actions
MAX_HISTORY = 100_000       # hands in one match
MAX_UNITS = 10**12          # |a total|, the pot: far beyond any real table
MAX_PAY = 10_000            # one rule's price in units
MAX_MULT = 1_000            # one rule's multiplier
MAX_SEED = 2**128
MAX_NAME = 100


# Why a save is refused, as a code the page turns into the player's words
# (ui/table/banners.py): the message stays the developers' English.
REASONS = ("damaged", "unreadable", "too_large", "wrong_type", "out_of_range", "count",
           "fields", "card", "deck", "replay", "scores", "mismatch", "pot", "no_hand",
           "old_version")


class BadSave(ValueError):
    """A save that cannot be trusted; the message says which field and why,
    ``code`` (one of ``REASONS``) what kind of damage it is."""

    default_code = "damaged"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        if self.code not in REASONS:
            raise ValueError(f"unknown save refusal code {self.code!r}")


class OldSave(BadSave):
    """A save written by another (older) version of the format: set aside, not misread."""

    default_code = "old_version"


# ------------------------------------------------------------------ primitives
def _is_int(v: Any) -> bool:
    return type(v) is int  # bool is a subclass of int: True is not a seat


def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if not _is_int(v):
        raise BadSave(f"{what} must be a whole number, not {_show(v)}", "wrong_type")
    if not lo <= v <= hi:
        raise BadSave(f"{what} must be {lo}..{hi}, not {_show(v)}", "out_of_range")
    return int(v)


def _number(v: Any, what: str, lo: float, hi: float) -> float:
    if not (_is_int(v) or type(v) is float):
        raise BadSave(f"{what} must be a number, not {_show(v)}", "wrong_type")
    if not (math.isfinite(v) and lo <= v <= hi):
        raise BadSave(f"{what} must be {lo}..{hi}, not {_show(v)}", "out_of_range")
    n: float = v  # an int stays an int: saves round-trip byte for byte
    return n


def _bool(v: Any, what: str) -> bool:
    if type(v) is not bool:
        raise BadSave(f"{what} must be true or false, not {_show(v)}", "wrong_type")
    return v


def _list(v: Any, what: str, lo: int = 0, hi: int = 10**6) -> list[Any]:
    if type(v) is not list:
        raise BadSave(f"{what} must be a list, not {_show(v)}", "wrong_type")
    if not lo <= len(v) <= hi:
        n = f"{lo}" if lo == hi else f"{lo}..{hi}"
        raise BadSave(f"{what} must have {n} entries, not {len(v)}", "count")
    return v


def _str(v: Any, what: str, hi: int = MAX_NAME) -> str:
    if type(v) is not str:
        raise BadSave(f"{what} must be text, not {_show(v)}", "wrong_type")
    if len(v) > hi:
        raise BadSave(f"{what} is too long ({len(v)} characters)", "too_large")
    return v


def _seat(v: Any, what: str, players: int) -> int:
    return _int(v, what, 0, players - 1)


def _seed(v: Any, what: str) -> Any:
    if v is None:
        return v
    if _is_int(v):
        return _int(v, what, -MAX_SEED, MAX_SEED)
    if type(v) is str:
        return _str(v, what)
    raise BadSave(f"{what} must be a whole number, text or null, not {_show(v)}", "wrong_type")


def _keys(d: dict[str, Any], what: str, required: tuple[str, ...], optional: tuple[str, ...] = (), old: bool = False) -> None:
    """Exactly these fields. ``old``: a missing one means another version wrote it."""
    missing = [k for k in required if k not in d]
    if missing and old:
        raise OldSave(f"{what} lacks {', '.join(map(repr, missing))} "
                      "(written by another version of the game?)")
    if missing:
        raise BadSave(f"{what} is malformed: it lacks {', '.join(map(repr, missing))}", "fields")
    unknown = sorted(set(d) - set(required) - set(optional), key=str)
    if unknown:
        raise BadSave(f"{what} has unknown fields: {', '.join(map(repr, unknown[:5]))}", "fields")


def _show(v: Any) -> str:
    """A short, safe description of a bad value for a message."""
    if isinstance(v, (dict, list)):
        return f"a {'list' if isinstance(v, list) else 'object'}"
    if isinstance(v, str):
        return repr(v[:20] + "…") if len(v) > 20 else repr(v)
    if _is_int(v) and v.bit_length() > 64:
        return "a huge number"
    return repr(v)


def _refuse_constant(name: str) -> Any:
    raise BadSave(f"{name} is not a number a save may hold", "unreadable")


def parse(text: Any, what: str) -> dict[str, Any]:
    """The JSON object of a save (text, bytes or an already parsed dict)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadSave(f"saved {what} is not UTF-8 text: {e}", "unreadable") from None
    if isinstance(text, str):
        if len(text) > MAX_TEXT:
            raise BadSave(f"saved {what} is too large ({len(text)} characters)", "too_large")
        try:
            d = json.loads(text, parse_constant=_refuse_constant)
        except RecursionError:
            raise BadSave(f"saved {what} is nested too deeply", "unreadable") from None
        except BadSave as e:
            raise BadSave(f"saved {what}: {e}", e.code) from None
        except ValueError as e:  # JSONDecodeError; an int of too many digits
            raise BadSave(f"saved {what} is not valid JSON: {e}", "unreadable") from None
    else:
        d = text
    if type(d) is not dict:
        raise BadSave(f"saved {what} must be a JSON object, not {_show(d)}", "unreadable")
    return d


# ------------------------------------------------------------------ the random state
def rng_state(data: Any, what: str) -> tuple[Any, ...]:
    """The state tuple for ``random.Random.setstate`` from ``[3, [625 ints], gauss]``."""
    _list(data, f"{what} random state", 3, 3)
    version, internal, gauss = data
    if version != 3 or not _is_int(version):
        raise BadSave(f"{what} random state has version {_show(version)}, expected 3", "out_of_range")
    _list(internal, f"{what} random state", 625, 625)
    for x in internal[:624]:
        if not _is_int(x) or not 0 <= x < 2**32:
            raise BadSave(f"{what} random state holds {_show(x)}, not a 32-bit word", "out_of_range")
    _int(internal[624], f"{what} random state position", 1, 624)
    if gauss is not None:
        _number(gauss, f"{what} random state gauss", -1e308, 1e308)
    return (3, tuple(internal), gauss)


def restore_rng(rng: random.Random, data: Any, what: str) -> None:
    state = rng_state(data, what)
    try:
        rng.setstate(state)
    except (TypeError, ValueError, OverflowError) as e:  # checked above; belt and braces
        raise BadSave(f"{what} random state is malformed: {e}", "wrong_type") from None


# ------------------------------------------------------------------ rules
_RULE_TYPES = {
    "name": "name", "turn_model": ("four_turns", "table"), "players": "players",
    "players_allowed": "players_allowed", "hand_size": "hand_size", "hand_sizes": "hand_sizes",
    "eat_pay": EAT_PAY_SCHEMES, "chot_pay": "pay", "rank_pay": "rank_pay", "mom_pay": "pay",
    "all_mom_ranked": "bool", "u_pay": "pay", "u_tron": "mult", "gui_u": "bool",
    "u_khan": "mult?", "u_same_color": "mult?", "u_heaven": "mult?", "u_long_run": "mult?",
    "u_kings": "kings", "streak": "mult?", "streak_round": "mult?", "u_optional": "bool",
    "den": "bool", "pot": "bool", "pot_ante": "pay", "round_half_up": "bool",
    "auto_lay_down": "bool",
}


def rules_from_save(d: Any, what: str = "rules") -> Rules:
    """Every option of ``Rules`` present, each of its own type and in range."""
    if type(d) is not dict:
        raise BadSave(f"saved {what} must be an object, not {_show(d)}", "wrong_type")
    names = tuple(f.name for f in fields(Rules))
    unknown = sorted(set(d) - set(names), key=str)
    if unknown:
        raise BadSave(f"saved {what}: unknown rule options: {', '.join(map(repr, unknown[:5]))}", "fields")
    _keys(d, f"saved {what}", names, old=True)
    out = {}
    for k in names:
        v, kind, w = d[k], _RULE_TYPES.get(k, "?"), f"rule option {k}"
        if isinstance(kind, tuple):
            if type(v) is not str or v not in kind:
                raise BadSave(f"{w} must be one of {', '.join(kind)}, not {_show(v)}", "out_of_range")
        elif kind == "name":
            _str(v, w)
        elif kind == "players":
            _int(v, w, 2, 4)
        elif kind == "players_allowed":
            _list(v, w, 1, 3)
            for x in v:
                _int(x, w, 2, 4)
            if len(set(v)) != len(v):
                raise BadSave(f"{w} repeats a number", "mismatch")
            v = tuple(v)
        elif kind == "hand_size":
            _int(v, w, 8, 9)
        elif kind == "hand_sizes":
            _list(v, w, 1, 2)
            for x in v:
                _int(x, w, 8, 9)
            v = tuple(v)
        elif kind == "pay":
            _int(v, w, 0, MAX_PAY)
        elif kind == "rank_pay":
            _list(v, w, 4, 4)
            for x in v:
                _int(x, w, 0, MAX_PAY)
            v = tuple(v)
        elif kind == "bool":
            _bool(v, w)
        elif kind == "mult":
            _number(v, w, 0, MAX_MULT)
        elif kind == "mult?":
            if v is not None:
                _number(v, w, 0, MAX_MULT)
        elif kind == "kings":
            if v is not None:
                _list(v, w, 2, 2)
                for x in v:
                    _number(x, w, 0, MAX_MULT)
                v = tuple(v)
        else:  # an option this reader does not know how to check: refuse, do not guess
            raise BadSave(f"{w} cannot be checked by this version", "old_version")
        out[k] = v
    if out["hand_size"] not in out["hand_sizes"]:
        raise BadSave("rule option hand_size is not one of hand_sizes", "mismatch")
    try:
        return Rules(**out)
    except (TypeError, ValueError) as e:
        raise BadSave(f"saved {what}: {e}", "mismatch") from None


# ------------------------------------------------------------------ actions
def action_from_save(a: Any, what: str) -> Any:
    """One saved action, strictly: exactly its fields, each of its type."""
    if type(a) is not dict:
        raise BadSave(f"{what} must be an object, not {_show(a)}", "wrong_type")
    t = a.get("t")
    if t in ("draw", "eat", "pass"):
        _keys(a, what, ("t",))
        return {"draw": Draw, "eat": Eat, "pass": Pass}[t]()
    if t == "discard":
        _keys(a, what, ("t", "card"))
        return Discard(_card(a["card"], what))
    if t == "send":
        _keys(a, what, ("t", "card", "meld"))
        return Send(_card(a["card"], what), _int(a["meld"], f"{what} meld id", 0, 1000))
    if t == "u":
        _keys(a, what, ("t", "kind"))
        kind = a["kind"]
        if type(kind) is not str or kind not in U_KINDS:
            raise BadSave(f"{what}: unknown ù kind {_show(kind)}", "out_of_range")
        return DeclareU(kind)
    if t == "lay":
        _keys(a, what, ("t", "melds"))
        melds = _list(a["melds"], f"{what} melds", 0, 20)
        out = []
        for m in melds:
            cards = _list(m, f"{what} meld", 3, 13)
            out.append(tuple(_card(c, what) for c in cards))
        try:
            return LayDown(tuple(out))
        except IllegalAction as e:
            raise BadSave(f"{what}: {e}", "replay") from None
    raise BadSave(f"{what} has an unknown action type {_show(t)}", "out_of_range")


def _card(v: Any, what: str) -> Card:
    if type(v) is not str or len(v) > 4:
        raise BadSave(f"{what}: not a card: {_show(v)}", "card")
    try:
        return Card.parse(v)
    except ValueError as e:
        raise BadSave(f"{what}: {e}", "card") from None


# ------------------------------------------------------------------ what a hand and a match share
def _head(text: Any, what: str, fmt: str, keys: tuple[str, ...]) -> tuple[dict[str, Any], Rules, int]:
    """The document of a saved hand or match (``what``), its format, its
    fields, its rules and its number of players, checked in that order."""
    d = parse(text, what)
    got = d.get("format")
    if got != fmt:
        raise OldSave(f"saved {what} has format {_show(got)}, expected {fmt!r}")
    _keys(d, f"saved {what}", keys, old=True)
    rules = rules_from_save(d["rules"], f"{what}'s rules")
    players = _int(d["players"], f"saved {what}'s players", 2, 4)
    if players not in rules.players_allowed:
        raise BadSave(f"saved {what} has {players} players; its rules allow {rules.players_allowed}",
                      "mismatch")
    return d, rules, players


def _pot(d: dict[str, Any], what: str, rules: Rules) -> int:
    pot = _int(d["pot"], f"saved {what}'s pot", 0, MAX_UNITS)
    if pot and not rules.pot:
        raise BadSave(f"saved {what} carries a pot (gà) at a table that plays none", "pot")
    return pot


def _streak_seat(d: dict[str, Any], what: str, players: int) -> int | None:
    streak: int | None = d["streak_seat"]
    if streak is not None:
        _seat(streak, f"saved {what}'s streak seat", players)
    return streak


# ------------------------------------------------------------------ a hand
GAME_KEYS = ("format", "rules", "players", "starter", "seed", "pot", "streak_seat", "deck",
             "actions", "rng")


def load_game(cls: Any, text: Any) -> Any:
    """``Game.from_json``: check every field, then replay the actions."""
    d, rules, players = _head(text, "hand", GAME_FORMAT, GAME_KEYS)
    starter = _seat(d["starter"], "saved hand's starter", players)
    seed = _seed(d["seed"], "saved hand's seed")
    pot = _pot(d, "hand", rules)
    streak = _streak_seat(d, "hand", players)
    cards = _list(d["deck"], "saved deck", 0, 60)
    if len(cards) != 52:
        raise BadSave(f"saved deck: a deck is 52 cards, not {len(cards)}", "deck")
    deck = [_card(c, "saved deck") for c in cards]
    if len(set(deck)) != 52:
        dup = sorted({c for c in deck if deck.count(c) > 1})
        raise BadSave(f"saved deck repeats {' '.join(map(str, dup))}", "deck")
    actions = _list(d["actions"], "saved actions", 0, MAX_ACTIONS)
    state = rng_state(d["rng"], "hand")
    g = cls(rules, players, seed, starter, pot=pot, streak_seat=streak, _deck=deck)
    for i, a in enumerate(actions):
        what = f"saved action #{i + 1}"
        act = action_from_save(a, what)
        try:
            g.apply(act)
        except IllegalAction as e:
            raise BadSave(f"{what} ({act}) cannot be replayed: {e}", "replay") from None
    g.rng.setstate(state)
    return g


# ------------------------------------------------------------------ a match
MATCH_KEYS = ("format", "rules", "players", "seed", "totals", "pot", "starter", "streak_seat",
              "hands_played", "history", "rng", "current", "recorded")


def _streak_after(entry: Any) -> int | None:
    """The thông seat a recorded hand leaves (Match.record)."""
    u = entry["u"]
    return entry["winner"] if u is not None and not UKind(u).from_the_deal else None


def load_match(cls: Any, game_cls: Any, text: Any) -> Any:
    """``Match.from_json``: fields, the history's sums and the hand in progress agree."""
    d, rules, players = _head(text, "match", MATCH_FORMAT, MATCH_KEYS)
    seed = _seed(d["seed"], "saved match's seed")
    totals = _list(d["totals"], "saved totals", players, players)
    for x in totals:
        _int(x, "a saved total", -MAX_UNITS, MAX_UNITS)
    pot = _pot(d, "match", rules)
    if sum(totals) + pot != 0:
        raise BadSave("saved totals and pot do not add up to zero", "scores")
    starter = _seat(d["starter"], "saved match's starter", players)
    streak = _streak_seat(d, "match", players)
    hands = _int(d["hands_played"], "saved hands played", 0, MAX_HISTORY)
    history = _list(d["history"], "saved history", hands, hands)
    sums = [0] * players
    for i, h in enumerate(history):
        w = f"saved history entry #{i + 1}"
        if type(h) is not dict:
            raise BadSave(f"{w} must be an object", "wrong_type")
        _keys(h, w, ("deltas", "winner", "u"))
        deltas = _list(h["deltas"], f"{w} deltas", players, players)
        for x in deltas:
            _int(x, f"{w} delta", -MAX_UNITS, MAX_UNITS)
            # (conservation per hand holds only with the pot counted; checked in sum below)
        _seat(h["winner"], f"{w} winner", players)
        if h["u"] is not None and (type(h["u"]) is not str or h["u"] not in U_KINDS):
            raise BadSave(f"{w}: unknown ù kind {_show(h['u'])}", "out_of_range")
        sums = [a + b for a, b in zip(sums, deltas, strict=True)]
    if sums != totals:
        raise BadSave("saved totals are not the sum of the saved hands", "scores")
    if history:
        if starter != history[-1]["winner"]:
            raise BadSave("saved starter is not the last hand's winner", "mismatch")
        if streak != _streak_after(history[-1]):
            raise BadSave("saved streak seat does not follow from the last hand", "mismatch")
    elif streak is not None:
        raise BadSave("saved streak seat with no hand played", "mismatch")
    state = rng_state(d["rng"], "match")
    recorded = _bool(d["recorded"], "saved match's recorded")
    current = d["current"]

    m = cls(rules, players, seed, starter=starter)
    m.totals, m.pot, m.streak_seat = list(totals), pot, streak
    m.hands_played, m.history = hands, [dict(h, deltas=list(h["deltas"])) for h in history]
    m.rng.setstate(state)
    if current is None:
        if not recorded:
            raise BadSave("saved match waits to record a hand it does not hold", "no_hand")
        return m
    g = game_cls.from_json(current)
    if g.players != players or g.rules != rules:
        raise BadSave("the saved hand does not belong to this match (rules or players differ)", "mismatch")
    if recorded:
        if not g.is_over or not history:
            raise BadSave("saved match says its hand is recorded, but the hand is not over", "mismatch")
        res, last = g.result, history[-1]
        if (list(res.deltas), res.winner, res.u) != (last["deltas"], last["winner"], last["u"]):
            raise BadSave("saved match's last hand differs from the hand it holds", "mismatch")
        before = (pot - res.pot_change, history[-2]["winner"] if hands > 1 else None,
                  _streak_after(history[-2]) if hands > 1 else None)
        if g.pot_in != before[0] or (hands > 1 and (g.starter, g.streak_seat) != before[1:]):
            raise BadSave("saved hand was not dealt from this match's state", "mismatch")
    else:
        if (g.pot_in, g.starter, g.streak_seat) != (pot, starter, streak):
            raise BadSave("saved hand was not dealt from this match's state "
                          "(pot, starter or streak differ)", "mismatch")
    m.current = g
    m._recorded = recorded
    return m
