"""Rules: every house rule of docs/RULES.md as one frozen option set, and the presets.

Each field is one named option of the rule book; the five presets reproduce the
five seed documents (docs/RULES.md §12). Multipliers apply to ``u_pay``; ``None``
means the ù kind is not played at that table.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any


class TurnModel(StrEnum):
    """How long a hand lasts (docs/RULES.md §6); ``turns.py`` plays each."""

    FOUR_TURNS = "four_turns"   # everyone discards four times; the 4th turn lays down
    TABLE = "table"             # lay-down at 3 × players discards on the table, end at 4 ×, tái


class EatPay(StrEnum):
    """How the discarder pays an eat (docs/RULES.md §10); ``scoring.eat_price`` pays each."""

    FLAT = "flat"
    BY_COUNT = "by_count"
    BY_ROUND = "by_round"
    CHOT_ESCALATING = "chot_escalating"


class UKind(StrEnum):
    """The kinds of ù (docs/RULES.md §8), as ``DeclareU(kind)`` and ``Result.u`` name them.

    Each kind carries ``option``: the ``Rules`` field that turns it on and holds its
    multiplier (None: ù thường, always played at ×1; ``gui_u`` is on/off, ×1).
    This is the one vocabulary the engine, the bots and the page share.
    """

    NORMAL = "normal"          # ù thường; always played, ×1
    ROUND = "round"            # ù tròn: every card melds, the discard too — option u_tron
    SEND = "send"              # gửi ù: after laying down and sending, one card left — gui_u
    KHAN = "khan"              # ù khan: no cạ dealt — u_khan
    SAME_COLOR = "same_color"  # ù cùng màu: dealt all red or all black — u_same_color
    HEAVEN = "heaven"          # thiên ù: dealt an ù — u_heaven
    LONG_RUN = "long_run"      # ù dọc dài: one run of 9–10 cards — u_long_run

    @property
    def option(self) -> str | None:
        """The ``Rules`` field that turns this kind on (and holds its multiplier)."""
        return _U_OPTION[self]

    @property
    def from_the_deal(self) -> bool:
        """Khan and cùng màu are luck of the deal: they take no gà and start no thông."""
        return self in (UKind.KHAN, UKind.SAME_COLOR)


_U_OPTION: dict[UKind, str | None] = {
    UKind.NORMAL: None, UKind.ROUND: "u_tron", UKind.SEND: "gui_u", UKind.KHAN: "u_khan",
    UKind.SAME_COLOR: "u_same_color", UKind.HEAVEN: "u_heaven", UKind.LONG_RUN: "u_long_run",
}


@dataclass(frozen=True)
class Rules:
    """The options of a Phỏm table (defaults: the ``basic`` preset, seed 002).

    turn_model: "four_turns" — everyone discards exactly four times, the 4th
        turn is the lay-down turn, no tái; "table" — lay-down starts when the
        discards on the table reach 3 × players, the hand ends at 4 × players,
        eaten chốts give tái turns (docs/RULES.md §6).
    hand_size: cards dealt to each player (9, or 8 at village tables); the
        starter gets one more.
    hand_sizes: the hand sizes this table allows (village: 8 or 9).
    players_allowed: how many players may sit (2–4).
    eat_pay: how an eat is paid by the discarder: "flat" (1, chốt ``chot_pay``),
        "by_count" (the eater's 1st/2nd/3rd eat pays 1/2/3, a chốt 4),
        "by_round" (an eat in round r pays r), "chot_escalating" (eats 1; the
        1st/2nd/3rd chốt eaten from the same player pay 5/10/15).
    chot_pay: the flat/by_count price of an eaten chốt.
    rank_pay: what the k-th place pays the first (index k-1).
    mom_pay: what a móm player pays the first instead.
    all_mom_ranked: when everyone is móm, nobody pays the móm price; all pay by rank.
    u_pay: what each other player pays an ù (times the kind's multiplier).
    u_tron: multiplier of ù tròn (all cards melded, the discard included).
    gui_u: gửi ù is played (one meld or more, and after sending only the
        discard is left).
    u_khan / u_same_color / u_heaven / u_long_run: multipliers of ù khan (no cạ
        dealt), ù cùng màu (dealt all red or all black), thiên ù (dealt an ù),
        ù dọc dài (one run of 9–10 cards); None = not played.
    u_kings: (three kings, four kings) multipliers of ù K, paid at once at
        lay-down, the hand goes on; None = not played.
    streak / streak_round: thông multipliers — an ù right after the same
        player's ù in the previous hand (not after khan or cùng màu); the second
        for an ù tròn that is also thông. None = not played.
    u_optional: a player may Pass an available ù and play on.
    den: đền is played (one player pays everybody's share of an ù).
    pot / pot_ante: the gà làng — each hand every player antes into a pot that
        an ù (not khan, not cùng màu) takes.
    round_half_up: fractional payouts (×1.5) are rounded half up.
    auto_lay_down: the page lays down the best arrangement and sends for the
        player (seed 002); otherwise the player chooses.
    """

    name: str = "basic"
    turn_model: TurnModel = TurnModel.FOUR_TURNS
    players: int = 4
    players_allowed: tuple[int, ...] = (2, 3, 4)
    hand_size: int = 9
    hand_sizes: tuple[int, ...] = (9,)
    eat_pay: EatPay = EatPay.FLAT
    chot_pay: int = 4
    rank_pay: tuple[int, ...] = (0, 1, 2, 3)
    mom_pay: int = 4
    all_mom_ranked: bool = False
    u_pay: int = 5
    u_tron: float = 1
    gui_u: bool = False
    u_khan: float | None = None
    u_same_color: float | None = None
    u_heaven: float | None = None
    u_long_run: float | None = None
    u_kings: tuple[float, float] | None = None
    streak: float | None = None
    streak_round: float | None = None
    u_optional: bool = False
    den: bool = False
    pot: bool = False
    pot_ante: int = 1
    round_half_up: bool = True
    auto_lay_down: bool = True

    def __post_init__(self) -> None:
        problems = []
        # An unknown option value is refused here, never played as another scheme.
        try:
            object.__setattr__(self, "turn_model", TurnModel(self.turn_model))
        except ValueError:
            problems.append(f"turn_model must be 'four_turns' or 'table', not {self.turn_model!r}")
        try:
            object.__setattr__(self, "eat_pay", EatPay(self.eat_pay))
        except ValueError:
            problems.append(f"eat_pay must be one of {EAT_PAY_SCHEMES}, not {self.eat_pay!r}")
        if self.hand_size not in (8, 9):
            problems.append(f"hand_size must be 8 or 9, not {self.hand_size!r}")
        if not 2 <= self.players <= 4:
            problems.append(f"players must be 2..4, not {self.players!r}")
        if len(self.rank_pay) < 4:
            problems.append("rank_pay needs four entries")
        if self.u_kings is not None and len(self.u_kings) != 2:
            problems.append("u_kings is (three-kings multiplier, four-kings multiplier)")
        if problems:
            raise ValueError("bad rules: " + "; ".join(problems))
        # JSON gives lists; keep tuples so Rules stays hashable.
        for f in ("players_allowed", "hand_sizes", "rank_pay", "u_kings"):
            v = getattr(self, f)
            if isinstance(v, list):
                object.__setattr__(self, f, tuple(v))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of "basic", "traditional", "online", "bonus", "village"."""
        try:
            return PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None

    def with_(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated)."""
        return replace(self, **changes)

    def payout(self, base: float) -> int:
        """Round a (possibly fractional) amount the way this table does."""
        if self.round_half_up:
            return int(base + 0.5) if base >= 0 else -int(-base + 0.5)
        return int(base)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rules:
        if not isinstance(d, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        try:
            return cls(**d)
        except TypeError as e:
            raise ValueError(f"bad rules: {e}") from None

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


EAT_PAY_SCHEMES = tuple(e.value for e in EatPay)

PRESETS: dict[str, Rules] = {
    # Seed 002: four turns, flat eats, ù and ù tròn alike, no đền, auto lay-down.
    "basic": Rules(),
    # Seed 003: table count with tái, eats by count, gửi ù, đền.
    "traditional": Rules(
        name="traditional", turn_model=TurnModel.TABLE, eat_pay=EatPay.BY_COUNT, gui_u=True,
        den=True, auto_lay_down=False,
    ),
    # Seed 001: as traditional plus ù khan, ù tròn ×2, ù K (3K ×1, 4K ×2); solo = 2 players.
    "online": Rules(
        name="online", turn_model=TurnModel.TABLE, eat_pay=EatPay.BY_COUNT, gui_u=True, u_khan=1,
        u_tron=2, u_kings=(1, 2), den=True, auto_lay_down=False,
    ),
    # Seed 004: four turns, eats by round, ù tròn ×1.5, thiên ù ×2, ù dọc dài ×3, ù khan.
    "bonus": Rules(
        name="bonus", eat_pay=EatPay.BY_ROUND, u_tron=1.5, u_heaven=2, u_long_run=3, u_khan=1,
        den=True, auto_lay_down=False,
    ),
    # Seed 000: table count, escalating chốt, gửi ù, ù khan, cùng màu, ù tròn ×2,
    # thông ×2 (tròn thông ×3), the pot, all-móm ranked, optional ù, 8 or 9 cards.
    "village": Rules(
        name="village", turn_model=TurnModel.TABLE, eat_pay=EatPay.CHOT_ESCALATING, gui_u=True, u_khan=1,
        u_same_color=1, u_tron=2, streak=2, streak_round=3, den=True, pot=True,
        all_mom_ranked=True, u_optional=True, hand_sizes=(8, 9), auto_lay_down=False,
    ),
}
