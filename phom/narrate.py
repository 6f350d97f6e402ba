"""Words for what happens at the table, in Vietnamese (default) or English.

Used by the command-line log and by the page's live region, so both say the
same thing in the players' own words (bốc, ăn, đánh, hạ, gửi, ù, móm).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import U_NAMES_EN, U_NAMES_VI
from .cards import Card, mask_to_cards
from .ledger import seat_name, seat_who
from .words import Form, Who, in_order, phrase

if TYPE_CHECKING:
    from .cards import Card
    from .game import Game

# The command-line log's words: one public event, about its seat.
_EVENT: dict[str, dict[str, Form]] = {
    "vi": {"draw": "{who} bốc một lá", "eat": "{who} ăn {card}", "discard": "{who} đánh {card}",
           "lay": "{who} hạ phỏm", "lay_none": "{who} không có phỏm (móm)", "send": "{who} gửi {card}",
           "u": "{who} ù!", "pass": "{who} bỏ qua ù"},
    "en": {"draw": ("{who} draws a card", "{who} draw a card"), "eat": ("{who} eats {card}", "{who} eat {card}"),
           "discard": ("{who} discards {card}", "{who} discard {card}"),
           "lay": ("{who} lays down melds", "{who} lay down melds"),
           "lay_none": ("{who} has no meld (móm)", "{who} have no meld (móm)"),
           "send": ("{who} sends {card}", "{who} send {card}"),
           "u": ("{who} declares Ù!", "{who} declare Ù!"), "pass": ("{who} passes on ù", "{who} pass on ù")},
}


def describe_event(event: tuple[int, str, Card | None], lang: str = "vi", names: Sequence[str] | None = None,
                   melds: object = None, you: int | None = None) -> str:
    """One public event ``(seat, kind, card)`` as a sentence."""
    seat, kind, card = event
    who = seat_who(seat, lang, names, you)
    if kind not in _EVENT["vi"]:
        return f"{who.name} {kind}"
    return phrase(_EVENT, kind, lang, who, card=card.name(lang) if card else "")


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
                lines.append(f"{place}. {seat_name(s, lang, names)}: {deadwood(int(r.points[s] or 0), lang)} "
                             f"[{left}]{tag}")
        lines += ["  " + x for x in r.explain(lang, names)]
        lines.append(("Kết quả: " if lang != "en" else "Result: ") +
                     ", ".join(f"{seat_name(s, lang, names)} {d:+d}" for s, d in enumerate(r.deltas)))
    return lines


# ---------------------------------------------------------------- the move log
@dataclass(frozen=True)
class Move:
    """One public event of a hand, with what it meant, as one seat may know it.

    kind: ``draw``, ``eat``, ``discard``, ``lay`` (``melds`` laid), ``mom`` (a
    first lay-down with no meld), ``lay_none`` (a tái that adds no meld),
    ``still_mom`` (a tái of a móm seat that still lays no meld),
    ``send`` (``card`` onto ``owner``'s meld, ``melds[0]`` as it stood before),
    ``u``, ``pass``. ``card`` of a draw is known only to the seat that drew.
    """

    seat: int
    kind: str
    card: Card | None = None
    melds: tuple[tuple[Card, ...], ...] = ()
    owner: int | None = None   # send: whose meld the card went onto


def moves(game: Any, seat: int, open_hands: bool = False) -> list[Move]:
    """The whole hand so far as ``seat`` may know it: one Move per public event.

    Built from the engine's record (the public events, the lay-down log and
    the laid melds of ``game.view(seat)``), so the page's move log, ticker and
    announcements say what happened, never a guess. ``seat``'s own draws name
    the card (the view's ``my_draws``: a seat knows what it drew); other draws
    do not. ``game`` needs only ``view(seat)``, so a linked guest's table, which
    holds nothing but its view, says "Bạn bốc 7 cơ" as the host's does.
    ``open_hands`` (the review, where every hand is face up): every draw names
    its card, each seat's from its own view.
    """
    view = game.view(seat)
    meld_cards = {mid: cards for mid, _owner, cards in view.table_melds}
    meld_owner = {mid: owner for mid, owner, _cards in view.table_melds}
    card_meld = {c: mid for mid, cards in meld_cards.items() for c in cards}
    # what each meld was when laid: its cards less every card sent onto it
    sent = {c for s, kind, c in view.events if kind == "send"}
    grown = {mid: [c for c in cards if c not in sent] for mid, cards in meld_cards.items()}
    lay_log = getattr(view.public, "lay_log", None)
    lays = iter(lay_log if lay_log is not None else ())
    own = iter(getattr(view, "my_draws", ()))
    drawn = ({s: iter(game.view(s).my_draws) for s in range(view.players)} if open_hands
             else {seat: own})
    laid_before: set[int] = set()
    mom: set[int] = set()          # seats whose lay-downs so far laid no meld
    out = []
    for s, kind, card in view.events:
        if kind == "draw":
            out.append(Move(s, "draw", next(drawn[s], None) if s in drawn else None))
        elif kind == "lay":
            # without the lay-down log (an older view), a seat's first lay is all its melds
            who, ids = next(lays, (s, () if lay_log is not None or s in laid_before else view.laid[s] or ()))
            if ids:
                out.append(Move(s, "lay", melds=tuple(tuple(grown[m]) for m in ids if m in grown)))
                mom.discard(who)
            elif s not in laid_before:
                out.append(Move(s, "mom"))
                mom.add(who)
            else:
                out.append(Move(s, "still_mom" if s in mom else "lay_none"))
            laid_before.add(who)
        elif kind == "send":
            mid = card_meld.get(card)
            before = tuple(grown.get(mid, ()))
            if mid in grown:
                grown[mid].append(card)
            out.append(Move(s, "send", card, melds=(before,) if before else (),
                            owner=meld_owner.get(mid)))
        else:
            out.append(Move(s, kind, card))
    return out


# The move log's sentences, about the seat that moved: English in two forms,
# for a name and for "you" (phom/words.py); Vietnamese says "Bạn" as a name.
_SAY: dict[str, dict[str, Form]] = {
    "vi": {
        "draw": "{who} bốc một lá", "draw_card": "{who} bốc {card}", "eat": "{who} ăn {card}",
        "discard": "{who} đánh {card}", "lay": "{who} hạ {n} phỏm: {melds}", "lay_1": "{who} hạ phỏm {melds}",
        "mom": "{who} móm (không có phỏm)", "lay_none": "{who} không hạ thêm",
        "still_mom": "{who} vẫn móm (không có phỏm để hạ)",
        "send": "{who} gửi {card} vào phỏm {meld} {owner.poss}", "send_own": "{who} gửi {card} vào phỏm {meld} của mình",
        "u": "{who} ù!", "pass": "{who} chơi tiếp, không ù",
    },
    "en": {
        "draw": ("{who} draws a card", "{who} draw a card"), "draw_card": ("{who} draws {card}", "{who} draw {card}"),
        "eat": ("{who} eats {card}", "{who} eat {card}"),
        "discard": ("{who} discards {card}", "{who} discard {card}"),
        "lay": ("{who} lays down {n} melds: {melds}", "{who} lay down {n} melds: {melds}"),
        "lay_1": ("{who} lays down {melds}", "{who} lay down {melds}"),
        "mom": ("{who} is móm (no meld)", "{who} are móm (no meld)"),
        "lay_none": ("{who} lays down nothing more", "{who} lay down nothing more"),
        "still_mom": ("{who} is still móm (no meld to lay)", "{who} are still móm (no meld to lay)"),
        "send": ("{who} sends {card} onto {owner.poss} meld {meld}", "{who} send {card} onto {owner.poss} meld {meld}"),
        "send_own": ("{who} sends {card} onto their own meld {meld}", "{who} send {card} onto your own meld {meld}"),
        "u": ("{who} goes out: ù!", "{who} go out: ù!"), "pass": ("{who} plays on, no ù", "{who} play on, no ù"),
    },
}


def say(move: Move, lang: str = "vi", names: Sequence[str] | None = None, you: int | None = None,
        card: Callable[[Card], str] | None = None,
        meld: Callable[[Sequence[Card]], str] | None = None) -> str:
    """One Move as a sentence (no final stop). ``card``/``meld`` format a card
    and a meld (default: "7 cơ" and the cards' names; a meld's cards come in
    order, ``in_order``, whatever order they reached the table in); ``you`` is
    the seat spoken to ("You draw", "onto your meld", "Bạn bốc")."""
    lang = "en" if lang == "en" else "vi"
    fmt_card = card or (lambda c: c.name(lang))
    fmt_meld = meld or (lambda cs: ", ".join(fmt_card(c) for c in cs))
    key = move.kind
    who = seat_who(move.seat, lang, names, you)
    kw: dict[str, Any] = {}
    if key == "draw" and move.card is not None:
        key = "draw_card"
    if move.card is not None:
        kw["card"] = fmt_card(move.card)
    if key == "lay":
        kw["n"] = str(len(move.melds))
        kw["melds"] = " · ".join(fmt_meld(in_order(m)) for m in move.melds)
        if len(move.melds) == 1:
            key = "lay_1"
    if key == "send":
        kw["meld"] = fmt_meld(in_order(move.melds[0])) if move.melds else ""
        if move.owner == move.seat:
            key = "send_own"
        else:
            kw["owner"] = (seat_who(move.owner, lang, names, you) if move.owner is not None
                           else Who("?"))
    if key not in _SAY["vi"]:
        return f"{who.said(lang)} {key}"
    return phrase(_SAY, key, lang, who, **kw)


# ---------------------------------------------------------------- the hand's outcome
_OUT: dict[str, dict[str, Any]] = {
    "vi": {"u": "{who} ù — {kind}!", "first": "{who} về nhất", "den": "{who} đền",
           "points": "{n} điểm rác", "point": "1 điểm rác", "mom": "móm", "places": ("Nhất", "Nhì", "Ba"),
           "last": "Bét", "money": "Tiền", "pot": "gà", "place": "{place}: {who}, {what}"},
    "en": {"u": ("{who} goes out — {kind}!", "{who} go out — {kind}!"),
           "first": ("{who} finishes first", "{who} finish first"),
           "den": ("{who} pays for the others (đền)", "{who} pay for the others (đền)"),
           "points": "{n} points", "point": "1 point",
           "mom": "móm (no meld)", "places": ("1st", "2nd", "3rd"), "last": "Last",
           "money": "Money", "pot": "the pot", "place": "{place}: {who}, {what}"},
}
"""The outcome's words; a deadwood count is "điểm rác" in Vietnamese, so that a
bare "điểm" is always the money a hand moves (as the rules page says "mất 4 điểm")."""


def deadwood(n: int, lang: str = "vi") -> str:
    """A count of deadwood points: "12 điểm rác", "1 point"."""
    w = _OUT["en" if lang == "en" else "vi"]
    return str(w["point"]) if n == 1 else str(w["points"]).format(n=n)


def _place(lang: str, place: int, players: int) -> str:
    w = _OUT[lang]
    if place == players and players > 1:
        return str(w["last"])
    places = w["places"]
    return places[place - 1] if place <= len(places) else f"#{place}"


def outcome(result: Any, lang: str = "vi", names: Sequence[str] | None = None,
            you: int | None = None) -> list[str]:
    """How a hand ended, in the scoring's words, from its ``Result`` alone: who won
    (the ù and its kind, or first place), each seat's place with its points or
    móm (not after an ù: nobody's points count then), who paid
    the đền, and the money each seat won or lost this hand (the pot's share too).
    The move log ends with these lines (the page decides none of it); seat
    ``you`` is spoken to ("You finish first", "Bạn về nhất")."""
    lang = "en" if lang == "en" else "vi"
    w = _OUT[lang]

    def who(s: int) -> Who:
        return seat_who(s, lang, names, you)

    out = []
    players = len(result.deltas)
    if result.u is not None and result.u_seat is not None:
        kind = (U_NAMES_EN if lang == "en" else U_NAMES_VI).get(result.u, result.u)
        out.append(phrase(_OUT, "u", lang, who(result.u_seat), kind=kind))
    else:
        out.append(phrase(_OUT, "first", lang, who(result.winner)))
    for place, s in enumerate(result.ranks if result.u is None else (), 1):
        pts = result.points[s]
        what = str(w["mom"]) if result.mom[s] else deadwood(int(pts or 0), lang)
        out.append(phrase(_OUT, "place", lang, who(s), place=_place(lang, place, players), what=what))
    if result.den_seat is not None:
        out.append(phrase(_OUT, "den", lang, who(result.den_seat)))
    money = [f"{who(s).said(lang)} {d:+d}" for s, d in enumerate(result.deltas)]
    if getattr(result, "pot_change", 0):
        money.append(f"{w['pot']} {result.pot_change:+d}")
    out.append(f"{w['money']}: " + " · ".join(money))
    return out
