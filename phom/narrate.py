"""Words for what happens at the table, in Vietnamese (default) or English.

Used by the command-line log and by the page's live region, so both say the
same thing in the players' own words (bốc, ăn, đánh, hạ, gửi, ù, móm).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import U_NAMES_EN, U_NAMES_VI
from .cards import mask_to_cards
from .ledger import seat_name

if TYPE_CHECKING:
    from .cards import Card
    from .game import Game

_VI = {"draw": "bốc một lá", "eat": "ăn {card}", "discard": "đánh {card}",
       "lay": "hạ phỏm", "lay_none": "không có phỏm (móm)", "send": "gửi {card}",
       "u": "Ù!", "pass": "bỏ qua ù"}
_EN = {"draw": "draws a card", "eat": "eats {card}", "discard": "discards {card}",
       "lay": "lays down melds", "lay_none": "has no meld (móm)", "send": "sends {card}",
       "u": "declares Ù!", "pass": "passes on ù"}


def describe_event(event: tuple[int, str, Card | None], lang: str = "vi", names: Sequence[str] | None = None,
                   melds: object = None) -> str:
    """One public event ``(seat, kind, card)`` as a sentence."""
    seat, kind, card = event
    words = _EN if lang == "en" else _VI
    who = seat_name(seat, lang, names)
    text = words.get(kind, kind).format(card=card.name(lang) if card else "")
    return f"{who} {text}"


def hand_log(game: Game, lang: str = "vi", names: Sequence[str] | None = None) -> list[str]:
    """The public story of a hand, then each seat's hand, melds and the payments."""
    lines = []
    P = game.players
    for s in range(P):
        dealt = mask_to_cards(game.dealt[s]) if game.dealt else []
        cards = " ".join(c.symbol() for c in sorted(dealt, key=lambda c: (c.rank, c.index)))
        lines.append(f"{seat_name(s, lang, names)}{' (cái)' if s == game.starter else ''}: {cards}")
    lines.append("")
    lays = iter(game.lay_log)
    first_lay = set()
    for ev in game.events:
        line = describe_event(ev, lang, names)
        if ev[1] == "lay":
            seat, ids = next(lays)
            if ids:
                melds = " | ".join(" ".join(c.symbol() for c in mask_to_cards(game.melds[m][1]))
                                   for m in ids)
                line += f": {melds}"
            elif seat in first_lay:
                continue  # a tái turn that adds no meld
            else:
                line = describe_event((seat, "lay_none", None), lang, names)
            first_lay.add(seat)
        lines.append(line)
    if game.result is not None:
        r = game.result
        lines.append("")
        if r.u and r.u_seat is not None:
            un = (U_NAMES_EN if lang == "en" else U_NAMES_VI).get(r.u, r.u)
            lines.append(f"{seat_name(r.u_seat, lang, names)}: {un}")
        else:
            for place, s in enumerate(r.ranks, 1):
                left = " ".join(c.symbol() for c in r.hands[s] or ())
                tag = (" — móm" if r.mom[s] else "")
                lines.append(f"{place}. {seat_name(s, lang, names)}: {r.points[s]} "
                             f"{'điểm' if lang != 'en' else 'points'} [{left}]{tag}")
        lines += ["  " + x for x in r.explain(lang, names)]
        lines.append(("Kết quả: " if lang != "en" else "Result: ") +
                     ", ".join(f"{seat_name(s, lang, names)} {d:+d}" for s, d in enumerate(r.deltas)))
    return lines
