"""A player's statistics: one small record per finished hand, and their summary.

``hand_record(game, seat, hints=…, daily=…, who=…)`` reads what the hand's result
and its public ledger say about ``seat`` (place, units, móm, ù kind, eats, chốts
eaten and fed); ``Stats`` keeps the records (the page stores them in
localStorage) and ``summary(preset)`` counts them, per preset or overall.

Whose record: ``who`` is a person's name (pass-and-play: each person at the
table has one), or None for the device's own player — the one the page calls
"Bạn"/"You", and whoever every record made before names existed belongs to.
``people()`` lists who has records and ``of(who)`` is one person's; names match
whatever their case ("Lan" and "lan" are one person, as the seat plan already
refuses both at one table). Which name a hand goes under is the page's call
(ui/learn/state.py says why).

Loading is strict: ``Stats.load(text)`` keeps every record that is exactly
right and sets the others aside (returned with the reason), so one damaged
record never loses the rest and never crashes the page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .actions import U_KINDS
from .game import Game
from .rules import PRESETS
from .session import MAX_NAME, clean_name

FORMAT = "phom.stats/1"
MAX_RECORDS = 2000
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

# field -> (type, check)
_FIELDS: dict[str, Any] = {
    "preset": str, "players": int, "place": int, "units": int, "win": bool, "mom": bool,
    "u": (str, type(None)), "eats": int, "chot_eaten": int, "chot_fed": int, "hints": int,
    "daily": (str, type(None)),
}


def same_person(a: str | None, b: str | None) -> bool:
    """Do two record owners name one person (None: the device's own player)?"""
    return (a is None) == (b is None) and (a is None or a.casefold() == str(b).casefold())


def hand_record(game: Game, seat: int, *, hints: int = 0, daily: str | None = None,
                who: str | None = None) -> dict[str, Any]:
    """The record of a finished hand for ``seat``, played by ``who`` (None: the
    device's own player; the field is left out then, as in records made before names)."""
    res = game.result
    if res is None:
        raise ValueError("the hand is not over")
    if not 0 <= seat < game.players:
        raise ValueError(f"no seat {seat!r}")
    ledger = res.ledger
    rec = {
        "preset": game.rules.name, "players": game.players,
        "place": res.ranks.index(seat) + 1, "units": int(res.deltas[seat]),
        "win": res.winner == seat, "mom": bool(res.mom[seat]) if res.u is None else False,
        "u": res.u if res.u is not None and res.u_seat == seat else None,
        "eats": sum(1 for p in ledger if p.kind in ("eat", "chot") and p.payee == seat),
        "chot_eaten": sum(1 for p in ledger if p.kind == "chot" and p.payee == seat),
        "chot_fed": sum(1 for p in ledger if p.kind == "chot" and p.payer == seat),
        "hints": int(hints), "daily": daily,
    }
    if who is not None:
        rec["who"] = who
    check_record(rec)
    return rec


def check_record(r: object) -> dict[str, Any]:
    """The record if every field is present, typed and in range; else ValueError."""
    if not isinstance(r, dict):
        raise ValueError("a record is an object")
    missing = [k for k in _FIELDS if k not in r]
    if missing:
        raise ValueError(f"record lacks {', '.join(missing)}")
    extra = [k for k in r if k not in _FIELDS and k != "who"]
    if extra:
        raise ValueError(f"record has unknown fields {', '.join(map(str, extra))}")
    for k, t in _FIELDS.items():
        v = r[k]
        if t is int and (isinstance(v, bool) or not isinstance(v, int)):
            raise ValueError(f"record field {k} must be an integer")
        if not isinstance(v, t):
            raise ValueError(f"record field {k} has the wrong type")
    if r["preset"] not in PRESETS:
        raise ValueError(f"unknown preset {r['preset']!r}")
    if not 2 <= r["players"] <= 4 or not 1 <= r["place"] <= r["players"]:
        raise ValueError("players or place out of range")
    if abs(r["units"]) > 1000:
        raise ValueError("units out of range")
    for k in ("eats", "chot_eaten", "chot_fed", "hints"):
        if not 0 <= r[k] <= 100:
            raise ValueError(f"{k} out of range")
    if r["chot_eaten"] > r["eats"]:
        raise ValueError("more chốts eaten than eats")
    if r["u"] is not None and r["u"] not in U_KINDS:
        raise ValueError(f"unknown ù kind {r['u']!r}")
    if r["daily"] is not None and not _DATE.match(r["daily"]):
        raise ValueError("daily must be a date YYYY-MM-DD")
    if "who" in r:
        try:
            ok = clean_name(r["who"]) == r["who"]
        except ValueError:
            ok = False
        if not ok:
            raise ValueError(f"who must be a person's name (1 to {MAX_NAME} letters, trimmed)")
    return r


@dataclass
class Summary:
    hands: int = 0
    wins: int = 0
    places: dict[int, float] = field(default_factory=dict)   # place -> share of hands
    mom_rate: float = 0.0
    u: dict[str, int] = field(default_factory=dict)           # ù kind -> count
    eats: int = 0
    chot_eaten: int = 0
    chot_fed: int = 0
    units: int = 0
    units_per_hand: float = 0.0
    best_streak: int = 0
    hints: int = 0
    daily: dict[str, int] = field(default_factory=dict)       # date -> units that day


@dataclass
class Stats:
    records: list[dict[str, Any]] = field(default_factory=list)

    def add(self, record: dict[str, Any]) -> None:
        self.records.append(check_record(dict(record)))
        del self.records[:-MAX_RECORDS]

    def summary(self, preset: str | None = None) -> Summary:
        rs = [r for r in self.records if preset is None or r["preset"] == preset]
        s = Summary(hands=len(rs))
        if not rs:
            return s
        streak = 0
        counts: dict[int, int] = {}
        for r in rs:
            s.wins += r["win"]
            counts[r["place"]] = counts.get(r["place"], 0) + 1
            if r["u"] is not None:
                s.u[r["u"]] = s.u.get(r["u"], 0) + 1
            s.eats += r["eats"]
            s.chot_eaten += r["chot_eaten"]
            s.chot_fed += r["chot_fed"]
            s.units += r["units"]
            s.hints += r["hints"]
            streak = streak + 1 if r["win"] else 0
            s.best_streak = max(s.best_streak, streak)
            if r["daily"] is not None and r["daily"] not in s.daily:
                s.daily[r["daily"]] = r["units"]  # the day's first result counts
        n = len(rs)
        s.places = {p: counts[p] / n for p in sorted(counts)}
        s.mom_rate = sum(r["mom"] for r in rs) / n
        s.units_per_hand = s.units / n
        return s

    def running_total(self, last: int = 50, preset: str | None = None) -> list[int]:
        """The running total of units over the last ``last`` hands (starting at 0)."""
        rs = [r for r in self.records if preset is None or r["preset"] == preset][-last:]
        out = [0]
        for r in rs:
            out.append(out[-1] + r["units"])
        return out

    def people(self) -> list[str | None]:
        """Who has records: the device's own player (None) first, then each name as
        last spelled, in the order they first played."""
        out: list[str | None] = []
        for r in self.records:
            who = r.get("who")
            for i, x in enumerate(out):
                if same_person(x, who):
                    out[i] = who
                    break
            else:
                out.append(who)
        return sorted(out, key=lambda x: x is not None)

    def of(self, who: str | None) -> Stats:
        """One person's records (a copy to read: ``add`` to this object, not to it)."""
        return Stats([r for r in self.records if same_person(r.get("who"), who)])

    def presets(self) -> list[str]:
        return [p for p in PRESETS if any(r["preset"] == p for r in self.records)]

    def daily_done(self, date: str) -> bool:
        return any(r["daily"] == date for r in self.records)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "records": self.records},
                          ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def load(cls, text: object) -> tuple[Stats, list[tuple[object, str]]]:
        """(stats, set aside): the good records, and each bad one with its reason.
        Unreadable text sets the whole of it aside."""
        if text is None or text == "":
            return cls(), []
        try:
            d = json.loads(text) if isinstance(text, (str, bytes)) else text
        except (ValueError, UnicodeDecodeError, RecursionError) as e:  # RecursionError: too deep
            return cls(), [(text, f"not JSON: {e or 'nested too deeply'}")]
        if not isinstance(d, dict) or d.get("format") != FORMAT or not isinstance(
                d.get("records"), list):
            return cls(), [(text, f"not a {FORMAT} object")]
        good, bad = [], []
        for r in d["records"]:
            try:
                good.append(check_record(r))
            except ValueError as e:
                bad.append((r, str(e)))
        return cls(good[-MAX_RECORDS:]), bad
