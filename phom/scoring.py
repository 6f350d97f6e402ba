"""Every payment of a hand (docs/RULES.md §10), in one place.

Eats and chốts, the ù kinds and their multipliers, thông, đền, the gà pot, ù K and
the ranks at the end. The engine (``game.py``) calls these to pay; the bots call
the same functions to price what they are about to do, so a rule changed here
changes for both. Each function takes plain numbers, not a Game, so a bot can
ask "what would this eat cost" from its view alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from .ledger import POT, Payment
from .rules import EatPay, Rules, UKind


def eat_price(rules: Rules, *, chot: bool, eats_before: int, round_no: int,
              chots_from_discarder: int) -> int:
    """What the discarder pays for an eat (docs/RULES.md §10, "Eats").

    chot: the eaten card is a chốt. eats_before: cards the eater had already
    eaten this hand. round_no: the eater's turn number (1–4) in which it eats.
    chots_from_discarder: chốts already eaten from this discarder this hand.
    """
    scheme = rules.eat_pay
    if scheme is EatPay.FLAT:
        return rules.chot_pay if chot else 1
    if scheme is EatPay.BY_COUNT:
        return rules.chot_pay if chot else min(eats_before + 1, 3)
    if scheme is EatPay.BY_ROUND:
        return min(round_no, 4)
    if scheme is EatPay.CHOT_ESCALATING:
        return 5 * min(chots_from_discarder + 1, 3) if chot else 1
    assert_never(scheme)


def u_multiplier(rules: Rules, kind: UKind | str) -> float:
    """The multiplier of ``u_pay`` for an ù of ``kind`` at this table; 0 when not played."""
    k = UKind(kind)
    if k is UKind.NORMAL or k is UKind.SEND:
        return 1
    m = getattr(rules, str(k.option))
    return 0 if m is None else m


def streak_applies(rules: Rules, kind: UKind | str, seat: int, streak_seat: int | None) -> bool:
    """Thông: this ù follows the same seat's ù in the previous hand (not khan, not cùng màu)."""
    return rules.streak is not None and streak_seat == seat and not UKind(kind).from_the_deal


def u_payout(rules: Rules, kind: UKind | str, streak: bool = False) -> int:
    """What each other player pays an ù of ``kind`` (thông included when ``streak``)."""
    mult = u_multiplier(rules, kind)
    if streak:
        assert rules.streak is not None
        mult = (rules.streak_round or rules.streak) if kind == UKind.ROUND else max(mult, rules.streak)
    return rules.payout(rules.u_pay * mult)


def kings_payout(rules: Rules, kings: int) -> int:
    """ù K (docs/RULES.md §8): what each other player pays for three or four kings."""
    assert rules.u_kings is not None
    mult = rules.u_kings[1] if kings == 4 else rules.u_kings[0]
    return rules.payout(rules.u_pay * mult)


def den_payer(rules: Rules, winner: int, *, eats: int, chot_eaters: Sequence[int], feeder: int,
              at_deal: bool) -> int | None:
    """Who pays everybody's share of the ù (đền), or None.

    The feeder of three eats (the player before the winner), else the latest
    other player who ate a chốt this hand. A dealt ù has no đền.
    """
    if not rules.den or at_deal:
        return None
    if eats >= 3:
        return feeder
    others = [x for x in chot_eaters if x != winner]
    return others[-1] if others else None


def pot_size(rules: Rules, pot_in: int, players: int) -> int:
    """The gà in play this hand: what was carried in plus this hand's antes."""
    return pot_in + (rules.pot_ante * players if rules.pot else 0)


def antes(rules: Rules, players: int) -> list[Payment]:
    """Each seat's ante into the gà at the start of a hand (none without a pot)."""
    if not rules.pot:
        return []
    return [Payment("ante", s, POT, rules.pot_ante) for s in range(players)]


def u_payments(rules: Rules, winner: int, kind: UKind | str, players: int, *, streak: bool,
               den: int | None, pot_in: int) -> list[Payment]:
    """The payments of an ù: every other player's share (or the đền payer's), and the gà."""
    amount = u_payout(rules, kind, streak)
    out = []
    for o in range(players):
        if o == winner:
            continue
        detail: tuple[tuple[str, object], ...] = (("u", kind),) + ((("streak", True),) if streak else ())
        if den is not None and o != den:
            out.append(Payment("den", den, winner, amount, (("for", o), ("u", kind))))
        else:
            out.append(Payment("u", o, winner, amount, detail))
    if rules.pot and not UKind(kind).from_the_deal:
        out.append(Payment("pot", POT, winner, pot_size(rules, pot_in, players)))
    return out


def ranks(points: Sequence[int], mom: Sequence[bool], lay_order: Sequence[int]) -> list[int]:
    """Seats, first place first (docs/RULES.md §9): those who laid a meld by points, then
    earlier lay-down; móm players last, by lay-down order."""
    players = len(points)
    order = {s: i for i, s in enumerate(lay_order)}
    for s in range(players):
        order.setdefault(s, players + s)
    melded = sorted((s for s in range(players) if not mom[s]), key=lambda s: (points[s], order[s]))
    momed = sorted((s for s in range(players) if mom[s]), key=lambda s: order[s])
    return melded + momed


def rank_payments(rules: Rules, ranking: Sequence[int], mom: Sequence[bool]) -> list[Payment]:
    """What each place pays the first: ``rank_pay``, or ``mom_pay`` for a móm player
    (when everyone is móm and ``all_mom_ranked``, everyone pays by rank)."""
    first = ranking[0]
    all_mom = all(mom)
    out = []
    for place, s in enumerate(ranking[1:], start=2):
        if mom[s] and not (all_mom and rules.all_mom_ranked):
            out.append(Payment("mom", s, first, rules.mom_pay, (("place", place),)))
        else:
            amount = rules.rank_pay[place - 1]
            if amount:
                out.append(Payment("rank", s, first, amount, (("place", place),)))
    return out
