"""Pure functions from the App's state to HTML strings.

Nothing here touches the DOM or decides a rule: what can be done comes from
``app.legal()``, what is shown from ``app.view()`` / ``game.result``. Every
interactive element carries ``data-act`` (what a click does, read by the one
delegated listener in ui/main.py) and ``data-key`` (a stable name, so focus
survives a re-render).
"""

from __future__ import annotations

from html import escape

from phom import DeclareU, Discard, Draw, Eat, LayDown, Pass, Rules, Send, best_arrangement

from . import movelog
from . import seats as seatplan
from .app import arrangement_points
from .banners import link_dialog_html
from .cards_svg import card_back, card_face, suit_svg
from .i18n import (
    BOT_LEVELS,
    LANGS,
    SPEEDS,
    preset_name,
    rank_word,
    t,
    u_name,
)
from .rules_text import rules_html
from .store import PRESET_NAMES

MELD_COLORS = 4


def seat_positions(players: int, me: int = 0) -> dict:
    """Seat → place on screen, seen from seat ``me`` (at the bottom). Play goes
    counter-clockwise: the next seat is on your right."""
    if players == 2:
        places = {1: "top"}
    elif players == 3:
        places = {1: "right", 2: "left"}
    else:
        places = {1: "right", 2: "top", 3: "left"}
    return {(me + k) % players: pos for k, pos in places.items()}


def _attrs(**kw) -> str:
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(name if v is True else f'{name}="{escape(str(v))}"')
    return (" " + " ".join(out)) if out else ""


def card_html(card, lang: str, *, cls: str = "", act: str | None = None, key: str | None = None,
              compact: bool = False, tabindex: int | None = None, title: str | None = None,
              pressed: bool | None = None, disabled: bool = False) -> str:
    """A face-up card: a button whose accessible name is the card's name ("7 cơ")."""
    classes = f"card {'mini ' if compact else ''}{cls}".strip()
    return (
        "<button"
        + _attrs(
            type="button",
            class_=classes,
            data_card=str(card),
            data_act=act,
            data_key=key,
            aria_label=card.name(lang),
            title=title,
            tabindex=tabindex,
            aria_pressed=None if pressed is None else ("true" if pressed else "false"),
            aria_disabled="true" if disabled else None,
        )
        + ">"
        + card_face(card.rank, card.suit, compact=compact)
        + "</button>"
    )


def back_html(lang: str, cls: str = "") -> str:
    return f'<span class="card back {cls}" role="img" aria-label="{escape(t(lang, "face_down"))}">{card_back()}</span>'


def _btn(label: str, act: str, *, key: str | None = None, cls: str = "", kbd: str | None = None,
         disabled: bool = False, arg=None, aria_label: str | None = None, html_label: str | None = None) -> str:
    inner = html_label if html_label is not None else escape(label)
    if kbd:
        inner += f' <kbd aria-hidden="true">{escape(kbd)}</kbd>'
    return (
        "<button"
        + _attrs(type="button", class_=f"btn {cls}".strip(), data_act=act, data_key=key or f"btn-{act}",
                 data_arg=arg, aria_label=aria_label, aria_disabled="true" if disabled else None,
                 aria_keyshortcuts=kbd if kbd and len(kbd) == 1 else None)
        + f">{inner}</button>"
    )


def card_text_html(card) -> str:
    """"7♥" with the suit as a shape, for prompts and buttons."""
    return (f'<span class="ctext suit-{card.suit}">{escape(card.rank_text)}'
            f'{suit_svg(card.suit, "0.95em")}</span>')


# ---------------------------------------------------------------- table parts
def _meld_owner_eaten(view) -> set:
    out = set()
    for row in view.eaten:
        out.update(row)
    return out


def _meld_html(app, mid: int, owner: int, cards, eaten_all: set, sendable_to: set) -> str:
    lang = app.lang
    inner = "".join(
        card_html(c, lang, compact=True, tabindex=-1, cls="eaten" if c in eaten_all else "",
                  key=f"m{mid}-{c}")
        for c in cards
    )
    cls = "meld" + (" send-target" if mid in sendable_to else "")
    label = t(lang, "meld_of", name=app.name(owner))
    return f'<div class="{cls}" data-key="meld-{mid}" role="group" aria-label="{escape(label)}">{inner}</div>'


def _discard_row(app, seat: int, view, legal) -> str:
    lang = app.lang
    row = view.discards[seat]
    can_eat = Eat() in legal
    out = []
    for i, c in enumerate(row):
        last = i == len(row) - 1 and view.last_discard == c and view.last_discarder == seat
        if last and can_eat:
            out.append(card_html(c, lang, compact=True, cls="eatable", act="eat", key="eatable",
                                 title=t(lang, "eatable_label", card=c.name(lang))))
        else:
            out.append(card_html(c, lang, compact=True, cls="last" if last else "", tabindex=-1,
                                 key=f"d{seat}-{i}"))
    empty = "" if row else '<span class="slot" aria-hidden="true"></span>'
    return (f'<div class="discards" role="group" aria-label="{escape(t(lang, "discards"))}">'
            f'{"".join(out)}{empty}</div>')


def _eaten_in_hand(view, seat: int) -> list:
    on_table = {c for _, owner, cards in view.table_melds if owner == seat for c in cards}
    return [c for c in view.eaten[seat] if c not in on_table]


def _plate(app, seat: int, view) -> str:
    lang = app.lang
    name = app.name(seat)
    tags = []
    if view.starter == seat:
        tags.append(f'<span class="tag tag-starter" title="{escape(t(lang, "starter_long"))}">{escape(t(lang, "starter"))}</span>')
    laid = view.laid[seat]
    if laid is not None:
        if laid:
            tags.append(f'<span class="tag tag-laid">{escape(t(lang, "laid"))}</span>')
        else:
            tags.append(f'<span class="tag tag-mom">{escape(t(lang, "mom"))}</span>')
    total = app.match.totals[seat]
    score = f'<span class="score{" neg" if total < 0 else ""}" title="{escape(t(lang, "total"))}">{total:+d}</span>'
    count = ""
    if seat != app.me:
        n = view.hand_sizes[seat]
        count = (f'<span class="count" data-key="count-{seat}" role="img" '
                 f'aria-label="{escape(t(lang, "hand_size_label", n=n))}">'
                 f'<span class="count-back" aria-hidden="true">{card_back()}</span><b>{n}</b></span>')
    avatar = f'<span class="avatar" aria-hidden="true">{escape(name[:1])}</span>'
    return (f'<div class="plate">{avatar}<span class="who"><b class="name">{escape(name)}</b>'
            f'{"".join(tags)}</span>{count}{score}</div>')


def seat_html(app, seat: int, pos: str, view, legal) -> str:
    lang = app.lang
    turn = " turn" if view.to_move == seat and view.phase != "over" else ""
    eaten_all = _meld_owner_eaten(view)
    sendable = {a.meld_id for a in legal if isinstance(a, Send)}
    melds = "".join(_meld_html(app, mid, owner, cards, eaten_all, sendable)
                    for mid, owner, cards in view.table_melds if owner == seat)
    eaten = _eaten_in_hand(view, seat)
    eaten_html = ""
    if eaten:
        eaten_html = (f'<div class="eaten-row" role="group" aria-label="{escape(t(lang, "eaten"))}">'
                      f'<span class="lbl" aria-hidden="true">{escape(t(lang, "btn_eat"))}</span>'
                      + "".join(card_html(c, lang, compact=True, cls="eaten", tabindex=-1, key=f"e{seat}-{c}")
                                for c in eaten) + "</div>")
    melds_html = (f'<div class="melds" role="group" aria-label="{escape(t(lang, "melds"))}">{melds}</div>'
                  if melds else "")
    return (f'<section class="seat pos-{pos}{turn}" data-seat="{seat}" data-key="seat-{seat}" '
            f'aria-label="{escape(app.name(seat))}">'
            + _plate(app, seat, view)
            + '<div class="seat-cards">' + _discard_row(app, seat, view, legal) + eaten_html + melds_html
            + "</div></section>")


def center_html(app, view, legal) -> str:
    lang = app.lang
    can_draw = Draw() in legal
    label = t(lang, "stock_draw_label" if can_draw else "stock_label", n=view.stock_size)
    stock = (
        "<button"
        + _attrs(type="button", class_="stock" + (" can" if can_draw else ""), data_act="draw",
                 data_key="stock", aria_label=label, aria_disabled=None if can_draw else "true",
                 aria_keyshortcuts="D" if can_draw else None)
        + f'><span class="pile" aria-hidden="true">{card_back()}{card_back()}</span>'
        + f'<span class="stock-n" aria-hidden="true">{escape(t(lang, "stock"))} · {view.stock_size}</span></button>'
    )
    pot = ""
    if view.rules.pot:
        pot = f'<div class="pot">{escape(t(lang, "pot", n=view.pot))}</div>'
    return f'<div class="center">{stock}{pot}</div>'


def _meld_words(cards, lang: str) -> str:
    """A table meld in words: "5 bích – 7 bích" for a run, "7 · 7 · 7" for a set."""
    cards = sorted(cards, key=lambda c: (c.rank, c.suit))
    if len({c.suit for c in cards}) == 1:
        return f"{cards[0].name(lang)} – {cards[-1].name(lang)}"
    return " · ".join(c.rank_text for c in cards)


def _meld_html_text(cards) -> str:
    cards = sorted(cards, key=lambda c: (c.rank, c.suit))
    if len({c.suit for c in cards}) == 1:
        return card_text_html(cards[0]) + "–" + card_text_html(cards[-1])
    return "".join(card_text_html(c) for c in cards)


def _send_buttons(app, legal) -> str:
    lang = app.lang
    view = app.view()
    melds = {mid: (owner, cards) for mid, owner, cards in view.table_melds}
    sends = [a for a in legal if isinstance(a, Send)]
    out = []
    for idx, a in enumerate(sends):
        owner, cards = melds.get(a.meld_id, (app.me, ()))
        who = app.name(owner)
        text = t(lang, "btn_send", card="\0", meld="\1", owner=who)
        before, rest = text.split("\0")
        middle, after = rest.split("\1")
        label = t(lang, "btn_send", card=a.card.name(lang), meld=_meld_words(cards, lang), owner=who)
        html_label = (escape(before) + card_text_html(a.card) + escape(middle)
                      + f'<span class="mtext">{_meld_html_text(cards)}</span>' + escape(after))
        out.append(_btn(label, "send", key=f"send-{a.card}-{a.meld_id}", arg=idx, cls="send",
                        aria_label=label, html_label=html_label))
    return "".join(out)


def prompt_text(app, legal) -> str:
    lang = app.lang
    g = app.game
    view = app.view()
    if g.is_over:
        return t(lang, "prompt_over")
    auto = app.auto_action()
    if auto is not None:  # the page plays it for the player: say what
        return t(lang, "prompt_auto_u" if isinstance(auto, DeclareU) else
                 "prompt_auto_lay" if isinstance(auto, LayDown) else "prompt_auto_send")
    if not app.my_turn():
        return t(lang, "prompt_wait", name=app.name(g.to_move))
    if any(isinstance(a, Pass) for a in legal):
        us = [a for a in legal if isinstance(a, DeclareU)]
        return t(lang, "prompt_u_optional", kind=u_name(lang, us[0].kind if us else "normal"))
    if g.phase == "take":
        eat = ""
        if Eat() in legal and view.last_discard is not None:
            eat = t(lang, "prompt_take_eat", card=view.last_discard.name(lang))
        return t(lang, "prompt_take", eat=eat)
    if g.phase == "lay_down":
        opts = app.lay_options()
        lay = app.current_lay()
        if view.laid[app.me] is not None:
            return t(lang, "prompt_tai")
        if lay is None or not lay.melds:
            return t(lang, "prompt_lay_mom")
        return t(lang, "prompt_lay", i=app.arr_index % len(opts) + 1, n=len(opts),
                 pts=arrangement_points(view.hand, lay))
    if any(isinstance(a, Send) for a in legal):
        return t(lang, "prompt_send")
    if view.laid[app.me] is not None:
        return t(lang, "prompt_last")
    if app.selected is not None and Discard(app.selected) in legal:
        return t(lang, "prompt_discard_sel", card=app.selected.name(lang))
    if view.turns[app.me] == 0 and view.starter == app.me and not any(view.turns):
        return t(lang, "prompt_first")
    return t(lang, "prompt_discard")


def action_bar_html(app, legal) -> str:
    lang = app.lang
    g = app.game
    view = app.view()
    btns = []
    mine = app.my_turn() and app.auto_action() is None
    if g.is_over and not getattr(app, "guest", False):
        btns.append(_btn(t(lang, "btn_next"), "next", kbd="N", cls="primary"))
    elif mine:
        if Draw() in legal:
            btns.append(_btn(t(lang, "btn_draw"), "draw", kbd="D", cls="primary"))
        if Eat() in legal and view.last_discard is not None:
            lbl = t(lang, "btn_eat")
            btns.append(_btn(f"{lbl} {view.last_discard.name(lang)}", "eat", kbd="E", cls="primary eat",
                             html_label=escape(lbl) + " " + card_text_html(view.last_discard)))
        if any(isinstance(a, DeclareU) for a in legal):
            btns.append(_btn(t(lang, "btn_u"), "u", kbd="U", cls="primary u"))
        if Pass() in legal:
            btns.append(_btn(t(lang, "btn_pass"), "pass", kbd="P"))
        if g.phase == "lay_down":
            opts = app.lay_options()
            lay = app.current_lay()
            if len(opts) > 1:
                i = app.arr_index % len(opts) + 1
                pts = arrangement_points(view.hand, lay)
                btns.append(
                    f'<span class="arr" role="group" aria-label="{escape(t(lang, "arrangement"))}">'
                    + _btn("‹", "arr_prev", aria_label=t(lang, "btn_prev_arr"), cls="icon")
                    + f'<span class="arr-info">{i}/{len(opts)} · {escape(t(lang, "arr_points", pts=pts))}</span>'
                    + _btn(t(lang, "btn_next_arr"), "arr_next", kbd="A")
                    + "</span>"
                )
            empty = lay is not None and not lay.melds
            label = "btn_lay"
            if empty:
                label = "btn_lay_none" if view.laid[app.me] is not None else "btn_lay_mom"
            btns.append(_btn(t(lang, label), "lay", kbd="L", cls="primary"))
        if any(isinstance(a, Discard) for a in legal):
            ok = app.selected is not None and Discard(app.selected) in legal
            btns.append(_btn(t(lang, "btn_discard"), "discard", kbd="↵", disabled=not ok,
                             cls="primary" if ok else ""))
        sends = _send_buttons(app, legal)
        if sends:
            btns.append(f'<span class="sends">{sends}</span>')
    flash = f'<span class="flash">{escape(app.flash)}</span>' if app.flash else ""
    ticker = movelog.ticker_html(app)
    sort_lbl = t(lang, "btn_sort_suit" if app.settings["sort"] == "rank" else "btn_sort_rank")
    sort_btn = _btn(sort_lbl, "sort", cls="ghost sort", kbd="S")
    return (f'<div class="actionbar">{ticker}<p class="prompt" id="prompt">{escape(prompt_text(app, legal))}{flash}</p>'
            f'<div class="buttons">{"".join(btns)}{sort_btn}</div></div>')


def hand_html(app, legal) -> str:
    lang = app.lang
    view = app.view()
    if app.hand_hidden(app.me):
        backs = "".join(back_html(lang, "hand-back") for _ in view.hand)
        return (f'<div class="hand hidden-hand" id="hand" role="img" '
                f'aria-label="{escape(seatplan.s_(lang, "hidden_hand"))}">{backs}</div>')
    eaten = set(view.eaten[app.me])
    sendable = {a.card for a in legal if isinstance(a, Send)}
    discard_phase = any(isinstance(a, Discard) for a in legal)
    out = []
    for no, cards in app.hand_groups():
        group = []
        for c in cards:
            cls = []
            notes = []
            if no:
                cls.append(f"meld-c{(no - 1) % MELD_COLORS + 1}")
                notes.append(t(lang, "in_meld", n=no))
            if c in eaten:
                cls.append("eaten")
                notes.append(t(lang, "eaten_mark"))
            if c in sendable:
                cls.append("sendable")
                notes.append(t(lang, "sendable"))
            raised = app.selected == c
            if raised:
                cls.append("raised")
            if discard_phase and Discard(c) not in legal:
                cls.append("locked")
                notes.append(t(lang, "cannot_discard"))
            bar = '<span class="bar" aria-hidden="true"></span>' if no else ""
            badge = '<span class="badge-eaten" aria-hidden="true"></span>' if c in eaten else ""
            btn = card_html(c, lang, cls="hand-card " + " ".join(cls), act="card", key=f"h-{c}",
                            title=" · ".join(notes) or None, pressed=raised)
            group.append(btn.replace("</button>", bar + badge + "</button>"))
        kind = f"group meld-group meld-c{(no - 1) % MELD_COLORS + 1}" if no else "group loose"
        out.append(f'<span class="{kind}">{"".join(group)}</span>')
    return (f'<div class="hand" id="hand" role="group" aria-label="{escape(t(lang, "hand_label"))}">'
            f'{"".join(out)}</div>')


def my_area_html(app, view, legal) -> str:
    lang = app.lang
    turn = " turn" if view.to_move == app.me and view.phase != "over" else ""
    eaten_all = _meld_owner_eaten(view)
    sendable = {a.meld_id for a in legal if isinstance(a, Send)}
    melds = "".join(_meld_html(app, mid, owner, cards, eaten_all, sendable)
                    for mid, owner, cards in view.table_melds if owner == app.me)
    melds_html = (f'<div class="melds" role="group" aria-label="{escape(t(lang, "melds"))}">{melds}</div>'
                  if melds else "")
    return (f'<section class="me{turn}" data-seat="0" data-key="seat-0" aria-label="{escape(app.name(app.me) if app.pass_and_play else t(lang, "you"))}">'
            f'<div class="my-table">{_plate(app, app.me, view)}'
            f'<div class="seat-cards">{_discard_row(app, app.me, view, legal)}{melds_html}</div></div>'
            + action_bar_html(app, legal) + hand_html(app, legal) + "</section>")


def topbar_html(app) -> str:
    lang = app.lang
    preset = preset_name(lang, app.game.rules.name if app.game else app.settings["preset"])
    hand = t(lang, "hand_no", n=app.hand_no)
    return (
        '<header class="topbar">'
        f'<div class="brand"><span class="logo" aria-hidden="true">{suit_svg("H", "1.1em")}{suit_svg("S", "1.1em")}</span>'
        f'<h1>{escape(t(lang, "title"))}</h1><span class="sub">{escape(preset)} · {escape(hand)}</span></div>'
        '<nav class="tools">'
        + _btn(t(lang, "btn_log"), "log", cls="ghost", aria_label=t(lang, "btn_log"),
               html_label=_icon("log") + f'<span class="lbl">{escape(t(lang, "btn_log"))}</span>')
        + _mute_btn(app)
        + _btn(t(lang, "btn_rules"), "rules", cls="ghost")
        + _btn("?", "help", cls="ghost icon", aria_label=t(lang, "btn_help"))
        + _btn(t(lang, "btn_settings"), "settings", cls="ghost", html_label=_gear() + f'<span class="lbl">{escape(t(lang, "btn_settings"))}</span>',
               aria_label=t(lang, "btn_settings"))
        + "</nav></header>"
    )


_ICONS = {
    # a speaker with waves: the sound is on; crossed: off (the mute switch)
    "sound": '<path d="M3 9h4l5-4v14l-5-4H3Z" fill="currentColor"/>'
             '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" '
             'stroke-width="2" stroke-linecap="round"/>',
    "muted": '<path d="M3 9h4l5-4v14l-5-4H3Z" fill="currentColor"/>'
             '<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
    # a page with lines: the move log
    "log": '<path d="M6 2.5h9l4 4v15H6Z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>'
           '<path d="M9 10h7M9 14h7M9 18h5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
}


def _mute_btn(app) -> str:
    """The sound switch: a toggle button, pressed when the sound is off."""
    label = t(app.lang, "btn_mute")
    return ("<button" + _attrs(type="button", class_="btn ghost icon mute", data_act="mute", data_key="btn-mute",
                               aria_label=label, title=label, aria_keyshortcuts="M",
                               aria_pressed="true" if app.muted else "false")
            + ">" + _icon("muted" if app.muted else "sound") + "</button>")


def _icon(name: str) -> str:
    return (f'<svg class="gear" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" '
            f'focusable="false">{_ICONS[name]}</svg>')


def _gear() -> str:
    return ('<svg class="gear" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">'
            '<path d="M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm8.6 4.9-.1-2.8 2-1.6-2-3.5-2.5.8'
            '-2.3-1.4L15 2.2h-4l-.7 2.6-2.3 1.3-2.5-.8-2 3.5 2 1.7v2.8l-2 1.6 2 3.5 2.5-.8 2.3 1.4.7 2.6h4'
            'l.7-2.6 2.3-1.4 2.5.8 2-3.5Z" fill="currentColor"/></svg>')


# ---------------------------------------------------------------- panels
def over_html(app) -> str:
    g = app.game
    if g is None or not g.is_over:
        return ""
    lang = app.lang
    res = g.result
    names = app.names()
    P = g.players
    if res.u is not None:
        head = t(lang, "over_u", name=names[res.u_seat], kind=u_name(lang, res.u))
    else:
        head = t(lang, "over_winner", name=names[res.winner])
    rows = []
    for place, s in enumerate(res.ranks, start=1):
        badges = []
        if res.u is not None and s == res.u_seat:
            badges.append(f'<span class="tag tag-u">{escape(u_name(lang, res.u))}</span>')
        if res.mom[s]:
            badges.append(f'<span class="tag tag-mom">{escape(t(lang, "mom"))}</span>')
        hidden = app.hand_hidden(s)
        cards = "" if hidden else _result_cards(lang, s, res.hands[s], g.view(s).eaten[s] if res.u_seat == s else ())
        pts = res.points[s] if res.u is None else None
        d = res.deltas[s]
        rank = rank_word(lang, place, P) if res.u is None or place == 1 else "—"
        rows.append(
            f'<li class="standing{" me" if s == app.me else ""}">'
            f'<span class="place">{escape(rank)}</span>'
            f'<span class="pname">{escape(names[s])}{"".join(badges)}</span>'
            f'<span class="pcards">{cards or "—"}</span>'
            f'<span class="ppoints">{escape(t(lang, "points_n", n=pts)) if pts is not None else ""}</span>'
            f'<span class="pdelta{" neg" if d < 0 else ""}">{d:+d}</span>'
            f'<span class="ptotal">{escape(t(lang, "total"))} {app.match.totals[s]:+d}</span>'
            "</li>"
        )
    pays = [payment_text(p, lang, names) for p in res.ledger]
    pay_html = ("<ul class=\"payments\">" + "".join(f"<li>{escape(x)}</li>" for x in pays) + "</ul>"
                if pays else f"<p>{escape(t(lang, 'no_payments'))}</p>")
    next_html = _btn(t(lang, "btn_next"), "next", kbd="N", cls="primary big")
    if getattr(app, "guest", False):     # a linked guest: the host deals the next hand
        from .linkplay import l_

        next_html = f'<p class="note" role="status">{escape(l_(lang, "host_deals"))}</p>'
    return (
        '<div class="overlay over-layer"><div class="panel over" role="dialog" aria-labelledby="over-title" data-key="over">'
        f'<h2 id="over-title">{escape(t(lang, "over_title", n=app.hand_no))}</h2>'
        f'<p class="headline">{escape(head)}</p>'
        f'<ol class="standings">{"".join(rows)}</ol>'
        f'<h3>{escape(t(lang, "payments"))}</h3>{pay_html}'
        f'<div class="panel-actions">{next_html}</div>'
        "</div></div>"
    )


def _result_cards(lang: str, seat: int, hand, eaten) -> str:
    """Cards left in a hand, melds first (an ù shows how it melds), then the rest."""
    hand = list(hand)
    groups = []
    arr = best_arrangement(hand, [c for c in eaten if c in hand]) if hand else None
    if arr is not None and arr.melds:
        for m in arr.melds:
            groups.append(("melded", sorted(m, key=lambda c: (c.rank, c.suit))))
        rest = [c for c in hand if all(c not in m for m in arr.melds)]
    else:
        rest = hand
    if rest:
        groups.append(("", sorted(rest, key=lambda c: (c.rank, c.suit))))
    return "".join(
        f'<span class="cgroup {kind}">'
        + "".join(card_html(c, lang, compact=True, tabindex=-1, key=f"r{seat}-{c}") for c in cards)
        + "</span>"
        for kind, cards in groups
    )


def payment_text(p, lang: str, names) -> str:
    """The engine's sentence for one payment."""
    return p.describe(lang, names)


def _select(key: str, options, current) -> str:
    opts = "".join(
        f'<option value="{escape(str(v))}"{" selected" if str(v) == str(current) else ""}>{escape(label)}</option>'
        for v, label in options
    )
    return f'<select data-setting="{key}" data-key="set-{key}" id="set-{key}">{opts}</select>'


def settings_html(app) -> str:
    lang = app.lang
    s = {**app.settings, **app.pending}
    rows = [
        ("preset", t(lang, "set_preset"), _select("preset", [(p, preset_name(lang, p)) for p in PRESET_NAMES], s["preset"])),
        ("players", t(lang, "set_players"), _select("players", [(n, t(lang, "players_n", n=n)) for n in (2, 3, 4)], s["players"])),
    ]
    sizes = Rules.preset(s["preset"]).hand_sizes
    if len(sizes) > 1:  # village: 8- or 9-card hands
        rows.append(("hand_size", t(lang, "set_hand_size"),
                     _select("hand_size", [(n, t(lang, "cards_n", n=n)) for n in sizes],
                             s.get("hand_size", 9) if s.get("hand_size", 9) in sizes else 9)))
    staged = bool(app.pending)
    new_btn = _btn(t(lang, "btn_new_match"), "new_match", cls="primary" if staged else "")
    rows2 = [
        ("bot", t(lang, "set_bot"), _select("bot", [(b, t(lang, f"bot_{b}")) for b in BOT_LEVELS], s["bot"])),
        ("speed", t(lang, "set_speed"), _select("speed", [(v, t(lang, f"speed_{v}")) for v in SPEEDS], s["speed"])),
        ("lang", t(lang, "set_lang"), _select("lang", [(v, t(v, f"lang_{v}")) for v in LANGS], s["lang"])),
    ]

    def row(k, label, ctl):
        return f'<div class="field"><label for="set-{k}">{escape(label)}</label>{ctl}</div>'

    four = (f'<div class="field check"><input type="checkbox" id="set-four_color" data-setting="four_color" '
            f'data-key="set-four_color"{" checked" if s["four_color"] else ""}>'
            f'<label for="set-four_color">{escape(t(lang, "set_four"))}</label>'
            f'<span class="four-demo" aria-hidden="true">{suit_svg("S")}{suit_svg("H")}{suit_svg("D")}{suit_svg("C")}</span></div>')
    return _dialog(
        "settings", t(lang, "settings_title"),
        '<div class="fields">' + "".join(row(*r) for r in rows)
        + seatplan.seats_html(lang, app.staged_plan())
        + f'<p class="note">{escape(t(lang, "set_new_match_note"))}</p><div class="field">{new_btn}</div>'
        + "".join(row(*r) for r in rows2) + four + "</div>"
        + link_buttons_html(app),
        lang,
    )


def link_buttons_html(app) -> str:
    """Settings: open the guests' links (a hosted match), or join another phone's table."""
    from .linkplay import l_

    lang = app.lang
    out = []
    if app.session is not None:
        out.append(_btn(l_(lang, "link_btn"), "link_open", key="link-open"))
    out.append(_btn(l_(lang, "join_btn"), "link_join", key="link-join", cls="ghost"))
    return f'<div class="link-actions link-buttons">{"".join(out)}</div>'


def rules_dialog_html(app) -> str:
    lang = app.lang
    tab = app.rules_tab or app.settings["preset"]
    tabs = "".join(
        "<button"
        + _attrs(type="button", class_="tab", role="tab", data_act="rules_tab", data_arg=p, data_key=f"tab-{p}",
                 aria_selected="true" if p == tab else "false")
        + f">{escape(preset_name(lang, p))}</button>"
        for p in PRESET_NAMES
    )
    body = f'<div class="tabs" role="tablist">{tabs}</div><div class="rules-text" role="tabpanel">{rules_html(lang, tab)}</div>'
    return _dialog("rules", t(lang, "rules_title"), body, lang, wide=True)


def help_html(app) -> str:
    lang = app.lang
    items = []
    for pair in t(lang, "help_keys").split(";"):
        k, d = pair.split("|")
        items.append(f"<dt><kbd>{escape(k)}</kbd></dt><dd>{escape(d)}</dd>")
    body = f'<dl class="keys">{"".join(items)}</dl><p>{escape(t(lang, "help_touch"))}</p>'
    return _dialog("help", t(lang, "help_title"), body, lang)


def _dialog(name: str, title: str, body: str, lang: str, wide: bool = False) -> str:
    return (
        f'<div class="overlay dialog-layer"><div class="panel dialog{" wide" if wide else ""}" role="dialog" '
        f'aria-modal="true" aria-labelledby="dlg-{name}" data-key="dlg-{name}">'
        f'<div class="dlg-head"><h2 id="dlg-{name}">{escape(title)}</h2>'
        + _btn("×", "close", cls="ghost icon close", aria_label=t(lang, "btn_close"), key=f"close-{name}")
        + f"</div>{body}</div></div>"
    )


def notice_html(app) -> str:
    if not app.notice:
        return ""
    lang = app.lang
    return (f'<div class="notice" role="status">{escape(app.notice)}'
            + _btn("×", "dismiss", cls="ghost icon", aria_label=t(lang, "btn_close")) + "</div>")


def page_html(app) -> str:
    """The whole table (the content of the #app root)."""
    screen = app.screen_html()
    if screen is not None:
        # Pass-and-play: the phone is changing hands (no table, no card, only the cover);
        # a guest's phone before the host's table arrives (the link codes).
        return topbar_html(app) + notice_html(app) + screen + dialog_html(app)
    view = app.view()
    legal = app.legal()
    positions = seat_positions(view.players, app.me)
    seats = "".join(seat_html(app, s, pos, view, legal) for s, pos in positions.items())
    felt = (f'<section class="felt players-{view.players}" aria-label="{escape(t(app.lang, "table_region"))}">'
            f"{seats}{center_html(app, view, legal)}</section>")
    return (topbar_html(app) + notice_html(app) + felt + my_area_html(app, view, legal)
            + over_html(app) + dialog_html(app))


def dialog_html(app) -> str:
    if app.dialog == "link" and getattr(app, "links", None) is not None:
        from .linkplay import host_dialog_html

        return host_dialog_html(app, app.links)
    if app.dialog == "open_link":
        return link_dialog_html(app)
    if app.dialog == "settings":
        return settings_html(app)
    if app.dialog == "rules":
        return rules_dialog_html(app)
    if app.dialog == "help":
        return help_html(app)
    if app.dialog == "log":
        return _dialog("log", t(app.lang, "log_title"), movelog.log_body_html(app), app.lang)
    return ""


def root_classes(app) -> str:
    cls = ["app", f"lang-{app.lang}", f"speed-{app.settings['speed']}"]
    if app.settings["four_color"]:
        cls.append("four-color")
    if app.dialog:
        cls.append("has-dialog")
    return " ".join(cls)


__all__ = ["page_html", "root_classes", "card_html", "seat_positions", "LayDown"]
