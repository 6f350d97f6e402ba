"""The end-of-hand panel: who finished where, what each player laid (sent cards
marked with who sent them), what was left in each hand, and every payment.

It is sized to be read whole, without scrolling, on a 360×640 phone and
held sideways (the CSS puts the payments beside the standings there): the
cards are small, the buttons sit at the foot, never over the payments.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from phom import Card, Payment, PlayerView, Result, best_arrangement, narrate
from phom.words import in_order

from ..core.i18n import rank_word, t, u_name
from ..core.widgets import btn, card_html

if TYPE_CHECKING:
    from .app import App


def _result(app: App) -> Result:
    """How the hand on show ended (only asked once it has)."""
    res = app.current_game.result
    if res is None:
        raise RuntimeError("the hand is not over")
    return res


def payment_text(p: Payment, lang: str, names: Sequence[str], you: int | None = None) -> str:
    """The engine's sentence for one payment; seat ``you`` is spoken to ("Tuấn pays you 2")."""
    return p.describe(lang, names, you)


def sent_by(view: PlayerView) -> dict[Card, int]:
    """Card → the seat that sent it onto a meld (from the public event log)."""
    return {card: seat for seat, kind, card in view.events if kind == "send" and card is not None}


def _order(cards: Iterable[Card]) -> list[Card]:
    return in_order(cards)     # as the move log says them: by rank, then bích, tép, rô, cơ


def _cards(app: App, seat: int, cards: Iterable[Card], key: str, senders: dict[Card, int] | None = None) -> str:
    lang = app.lang
    out: list[str] = []
    for c in cards:
        by = (senders or {}).get(c)
        if by is not None and by != seat:
            who = app.name(by)
            badge = f'<span class="sent-by" aria-hidden="true">{escape(who[:1])}</span>'
            said = t(lang, "sent_by", who=app.who(by))
            out.append(card_html(c, lang, compact=True, cls="sent", key=f"{key}-{c}",
                                 title=said, note=said, extra=badge))
        else:
            out.append(card_html(c, lang, compact=True, key=f"{key}-{c}"))
    return "".join(out)


def laid_html(app: App, seat: int) -> str:
    """The melds a seat laid on the table (an ù: how its hand melds)."""
    view = app.view()
    res = _result(app)
    senders = sent_by(view)
    groups: list[Iterable[Card]] = [cards for _mid, owner, cards in view.table_melds if owner == seat]
    if res.u is not None and seat == res.u_seat:
        hand = list(res.hands[seat] or ())
        eaten = [c for c in view.eaten[seat] if c in hand]
        arr = best_arrangement(hand, eaten) if hand else None
        if arr is not None:
            groups += [list(m) for m in arr.melds]
    return "".join(
        f'<span class="cgroup melded">{_cards(app, seat, _order(cards), f"l{seat}", senders)}</span>'
        for cards in groups
    )


def left_html(app: App, seat: int) -> str:
    """The cards left in a seat's hand (for an ù winner: what did not meld)."""
    res = _result(app)
    if app.hand_hidden(seat):      # pass-and-play, linked play: only what the end reveals
        return ""
    hand = list(res.hands[seat] or ())
    if res.u is not None and seat == res.u_seat:
        eaten = [c for c in app.view().eaten[seat] if c in hand]
        arr = best_arrangement(hand, eaten) if hand else None
        if arr is not None:
            used = {c for m in arr.melds for c in m}
            hand = [c for c in hand if c not in used]
    if not hand:
        return ""
    return f'<span class="cgroup left">{_cards(app, seat, _order(hand), f"r{seat}")}</span>'


def _standing(app: App, place: int, s: int) -> str:
    g = app.current_game
    res = _result(app)
    lang = app.lang
    names = app.names()
    badges = []
    if res.u is not None and s == res.u_seat:
        badges.append(f'<span class="tag tag-u">{escape(u_name(lang, res.u))}</span>')
    if res.mom[s]:
        badges.append(f'<span class="tag tag-mom">{escape(t(lang, "mom"))}</span>')
    laid = laid_html(app, s)
    left = left_html(app, s)
    pts = res.points[s] if res.u is None else None
    d = res.deltas[s]
    rank = rank_word(lang, place, g.players) if res.u is None or place == 1 else "—"
    cards = (
        (f'<span class="plaid" aria-label="{escape(t(lang, "laid_melds"))}">{laid}</span>' if laid else "")
        + (f'<span class="pleft" aria-label="{escape(t(lang, "left_cards"))}">{left}</span>' if left else "")
    ) or "—"
    points = "" if pts is None else escape(narrate.deadwood(pts, lang))
    return (
        f'<li class="standing{" me" if s == app.me else ""}" data-seat="{s}">'
        f'<span class="place">{escape(rank)}</span>'
        f'<span class="pname">{escape(names[s])}{"".join(badges)}</span>'
        f'<span class="pcards">{cards}</span>'
        f'<span class="pnums"><span class="pdelta{" neg" if d < 0 else ""}">{d:+d}</span>'
        f'<span class="ppoints">{points}</span>'
        f'<span class="ptotal">{escape(t(lang, "total"))} {app.current_match.totals[s]:+d}</span></span>'
        "</li>"
    )


def over_html(app: App) -> str:
    g = app.game
    if g is None or not g.is_over:
        return ""
    lang = app.lang
    res = _result(app)
    names = app.names()
    head = narrate.outcome(res, lang, names, you=app.you_seat)[0]   # the move log's words
    head = head if head.endswith("!") else head + "."
    rows = "".join(_standing(app, place, s) for place, s in enumerate(res.ranks, start=1))
    pays = [payment_text(p, lang, names, app.you_seat) for p in res.ledger]
    pay_html = ('<ul class="payments">' + "".join(f"<li>{escape(x)}</li>" for x in pays) + "</ul>"
                if pays else f"<p>{escape(t(lang, 'no_payments'))}</p>")
    actions = app.slot_html("over_actions") + btn(t(lang, "btn_scores"), "scores", key="over-scores")
    # the next hand, unless a feature says what comes instead (a linked guest: the host deals)
    actions += app.slot_html("over") or btn(t(lang, "btn_next"), "next", kbd="N", cls="primary big")
    # what the blue edge and the letter on a sent card mean, said once under the standings
    key = (f'<p class="sent-key"><span class="sent-mark" aria-hidden="true"></span>{escape(t(lang, "sent_key"))}</p>'
           if 'class="sent-by"' in rows else "")
    return (
        '<div class="overlay over-layer"><div class="panel over" role="dialog" aria-labelledby="over-title" data-key="over">'
        f'<div class="over-head"><h2 id="over-title">{escape(t(lang, "over_title", n=app.hand_no))}</h2>'
        f'<p class="headline">{escape(head)}</p>{app.slot_html("over_head")}</div>'
        f'<ol class="standings">{rows}</ol>{key}'
        f'<section class="pay"><h3>{escape(t(lang, "payments"))}</h3>{pay_html}</section>'
        f'<div class="panel-actions">{actions}</div>'
        "</div></div>"
    )
