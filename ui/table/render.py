"""Pure functions from the App's state to HTML strings: the table.

Nothing here touches the DOM or decides a rule: what can be done comes from
``app.legal()``, what is shown from ``app.view()`` / ``game.result``. The page
is one screen that never scrolls (ui/style.css lays it out): a top bar, the
felt with every seat round the stock (the player's own seat at its foot), the
action bar (ticker, prompt, buttons) and the hand. The panels over it live
beside this module: handover.py (end of hand), scoresheet.py, confirm.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from phom import Action, Card, DeclareU, Discard, Draw, Eat, LayDown, Pass, PlayerView, Rules, Send

from ..core.cards_svg import card_back, suit_svg
from ..core.i18n import (
    BOT_LEVELS,
    LANGS,
    SPEEDS,
    preset_name,
    t,
    u_name,
)
from ..core.store import PRESET_NAMES
from ..core.widgets import (
    ICONS,
    attrs,
    back_html,
    btn,
    card_html,
    card_text_html,
    dialog,
    icon_btn,
    meld_text_html,
    meld_words,
)
from . import menu, movelog
from . import seats as seatplan
from .app import arrangement_points
from .banners import link_dialog_html
from .confirm import confirm_html
from .handover import over_html, payment_text, sent_by
from .rules_text import rules_html
from .scoresheet import scores_html

if TYPE_CHECKING:

    from .app import App

MELD_COLORS = 4
_btn = btn  # the old name, for code written against it


def seat_positions(players: int, me: int = 0) -> dict[int, str]:
    """Seat → place on screen, seen from seat ``me`` (at the bottom). Play goes
    counter-clockwise: the next seat is on your right."""
    if players == 2:
        places = {1: "top"}
    elif players == 3:
        places = {1: "right", 2: "left"}
    else:
        places = {1: "right", 2: "top", 3: "left"}
    return {(me + k) % players: pos for k, pos in places.items()}


# ---------------------------------------------------------------- table parts
def _meld_owner_eaten(view: PlayerView) -> set[Card]:
    out: set[Card] = set()
    for row in view.eaten:
        out.update(row)
    return out


def _meld_html(app: App, mid: int, owner: int, cards: Iterable[Card], eaten_all: set[Card], sendable_to: set[int]) -> str:
    lang = app.lang
    inner = "".join(
        card_html(c, lang, compact=True, cls="eaten" if c in eaten_all else "",
                  key=f"m{mid}-{c}")
        for c in cards
    )
    cls = "meld" + (" send-target" if mid in sendable_to else "")
    label = t(lang, "meld_of", who=app.who(owner))
    return f'<div class="{cls}" data-key="meld-{mid}" role="group" aria-label="{escape(label)}">{inner}</div>'


def _discard_row(app: App, seat: int, view: PlayerView, legal: Sequence[Action]) -> str:
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
            out.append(card_html(c, lang, compact=True, cls="last" if last else "",
                                 key=f"d{seat}-{i}"))
    empty = "" if row else '<span class="slot" aria-hidden="true"></span>'
    return (f'<div class="discards" role="group" aria-label="{escape(t(lang, "discards"))}">'
            f'{"".join(out)}{empty}</div>')


def _eaten_in_hand(view: PlayerView, seat: int) -> list[Card]:
    on_table = {c for _, owner, cards in view.table_melds if owner == seat for c in cards}
    return [c for c in view.eaten[seat] if c not in on_table]


def _plate(app: App, seat: int, view: PlayerView) -> str:
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
    total = app.current_match.totals[seat]
    score = f'<span class="score{" neg" if total < 0 else ""}" title="{escape(t(lang, "total"))}">{total:+d}</span>'
    count = ""
    if seat != app.me:
        n = view.hand_sizes[seat]
        count = (f'<span class="count" data-key="count-{seat}" role="img" '
                 f'aria-label="{escape(t(lang, "hand_size_label", n=n))}">'
                 f'<span class="count-back" aria-hidden="true">{card_back()}</span><b>{n}</b></span>')
    avatar = f'<span class="avatar" aria-hidden="true">{escape(name[:1])}{app.seat_slot_html("plate", seat)}</span>'
    return (f'<div class="plate">{avatar}<span class="who"><b class="name">{escape(name)}</b>'
            f'{"".join(tags)}</span><span class="nums">{count}{score}</span></div>')


def seat_html(app: App, seat: int, pos: str, view: PlayerView, legal: Sequence[Action]) -> str:
    """One seat on the felt: name plate, discard row, eaten cards, laid melds.

    The player's own seat is one of them (``pos="me"``, class ``me``), at the
    bottom of the felt; the hand itself is apart (``hand_html``)."""
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
                      + "".join(card_html(c, lang, compact=True, cls="eaten", key=f"e{seat}-{c}")
                                for c in eaten) + "</div>")
    melds_html = (f'<div class="melds" role="group" aria-label="{escape(t(lang, "melds"))}">{melds}</div>'
                  if melds else "")
    me = " me" if seat == app.me else ""
    return (f'<section class="seat pos-{pos}{me}{turn}" data-seat="{seat}" data-key="seat-{seat}" '
            f'aria-label="{escape(app.name(seat))}">'
            + _plate(app, seat, view)
            + '<div class="seat-cards">' + _discard_row(app, seat, view, legal) + eaten_html + melds_html
            + "</div>" + (sort_button(app) if seat == app.me else "") + "</section>")


def sort_button(app: App) -> str:
    """Sort the hand by rank or by suit (S): at the end of the player's own seat."""
    lang = app.lang
    lbl = t(lang, "btn_sort_suit" if app.settings["sort"] == "rank" else "btn_sort_rank")
    return btn(lbl, "sort", cls="ghost sort", kbd="S", aria_label=lbl,
               html_label=ICONS["sort"] + f'<span class="lbl">{escape(lbl)}</span>')


def center_html(app: App, view: PlayerView, legal: Sequence[Action]) -> str:
    lang = app.lang
    can_draw = Draw() in legal
    label = t(lang, "stock_draw_label" if can_draw else "stock_label", n=view.stock_size)
    stock = (
        "<button"
        + attrs(type="button", class_="stock" + (" can" if can_draw else ""), data_act="draw",
                 data_key="stock", aria_label=label, aria_disabled=None if can_draw else "true",
                 aria_keyshortcuts="D" if can_draw else None)
        # as many backs as there are cards, up to two: an empty stock shows its place, no card
        + f'><span class="pile{" empty" if not view.stock_size else ""}" aria-hidden="true">'
        + card_back() * min(2, view.stock_size) + "</span>"
        + f'<span class="stock-n" aria-hidden="true">{escape(t(lang, "stock"))} · {view.stock_size}</span></button>'
    )
    pot = f'<span class="hand-no">{escape(t(lang, "hand_no", n=app.hand_no))}</span>'
    if view.rules.pot:
        pot += f'<span>{escape(t(lang, "pot", n=view.pot))}</span>'
    return f'<div class="center">{stock}<div class="pot">{pot}</div></div>'



# ---------------------------------------------------------------- the action bar
def _send_buttons(app: App, legal: Sequence[Action]) -> str:
    """One button per send on offer: "Gửi 7♥" over "→ 4♥–6♥ · Minh" (two short lines,
    so three fit beside the other buttons on a phone); the full sentence is its name."""
    lang = app.lang
    view = app.view()
    melds = {mid: (owner, cards) for mid, owner, cards in view.table_melds}
    sends = [a for a in legal if isinstance(a, Send)]
    out = []
    for idx, a in enumerate(sends):
        owner, cards = melds.get(a.meld_id, (app.me, ()))
        who = app.name(owner)
        label = t(lang, "btn_send", card=a.card.name(lang), meld=meld_words(cards, lang), owner=who)
        verb = t(lang, "btn_send", card="\0", meld="\1", owner="\2").split("\0")[0].strip()
        onto = t(lang, "btn_send", card="\0", meld="\1", owner="\2").split("\0")[1].split("\1")[0].strip()
        # named by its content, the cards by their names ("Gửi 7 cơ vào 4 cơ–6 cơ Minh"):
        # what shows is in the name, word for word
        html_label = (f'<span class="l1">{escape(verb)} {card_text_html(a.card, lang)}</span>'
                      f'<span class="l2"><span aria-hidden="true">→</span> <span class="sr-only">{escape(onto)}</span>'
                      f'<span class="mtext">{meld_text_html(cards, lang)}</span> {escape(who)}</span>')
        out.append(btn(label, "send", key=f"send-{a.card}-{a.meld_id}", arg=idx, cls="send",
                       html_label=html_label, title=label))
    return "".join(out)


def prompt_text(app: App, legal: Sequence[Action]) -> str:
    """What to do now, in the words of the input in use: key names for a keyboard
    player, "Chạm…" (tap) for touch and mouse."""
    lang = app.lang
    kbd = app.input == "kbd"
    g = app.current_game
    view = app.view()
    if g.is_over:
        return t(lang, "prompt_over")
    auto = app.auto_action()
    if app.my_turn() and auto is not None:  # the page plays it for the player: say what
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
            eat = t(lang, "prompt_take_eat" if kbd else "prompt_take_eat_touch",
                    card=view.last_discard.name(lang))
        return t(lang, "prompt_take" if kbd else "prompt_take_touch", eat=eat)
    if g.phase == "lay_down":
        opts = app.lay_options()
        lay = app.current_lay()
        if view.laid[app.me] is not None:
            return t(lang, "prompt_tai_mom" if _tai_still_mom(app, view) else "prompt_tai")
        if app.lay_is_skip():
            return t(lang, "prompt_lay_skip")
        if lay is None or not lay.melds:
            return t(lang, "prompt_lay_mom_kbd" if kbd else "prompt_lay_mom_touch")
        return t(lang, "prompt_lay", i=app.arr_index % len(opts) + 1, n=len(opts),
                 pts=arrangement_points(view.hand, lay))
    if any(isinstance(a, Send) for a in legal):
        return t(lang, "prompt_send")
    if view.laid[app.me] is not None:
        return t(lang, "prompt_last")
    if app.selected is not None and Discard(app.selected) in legal:
        return t(lang, "prompt_discard_sel_kbd" if kbd else "prompt_discard_sel",
                 card=app.selected.name(lang))
    if view.turns[app.me] == 0 and view.starter == app.me and not any(view.turns):
        return t(lang, "prompt_first")
    return t(lang, "prompt_discard")


def _tai_still_mom(app: App, view: PlayerView) -> bool:
    """A tái of a player who is móm and still has no meld to lay: nothing to
    "lay more" — the turn only goes on to the discard."""
    return view.laid[app.me] == () and not any(o.melds for o in app.lay_options())


def _arrangement_html(app: App, view: PlayerView) -> str:
    """‹ 2/3 · rác 19 điểm [Cách khác]; the empty arrangement says what it is: "Không hạ — móm"."""
    lang = app.lang
    opts = app.lay_options()
    lay = app.current_lay()
    if len(opts) < 2:
        return ""
    i = app.arr_index % len(opts) + 1
    if lay is not None and not lay.melds and view.laid[app.me] is None:
        info = f'<span class="arr-skip">{escape(t(lang, "mom"))}</span>'
    else:
        assert lay is not None     # (two ways or more to lay down: one is proposed)
        info = escape(t(lang, "arr_points", pts=arrangement_points(view.hand, lay)))
    return (f'<span class="arr" role="group" aria-label="{escape(t(lang, "arrangement"))}">'
            + btn("‹", "arr_prev", aria_label=t(lang, "btn_prev_arr"), cls="icon")
            + f'<span class="arr-info"><b>{i}/{len(opts)}</b> {info}</span>'
            + btn(t(lang, "btn_next_arr"), "arr_next", kbd="A")
            + "</span>")


def action_buttons(app: App, legal: Sequence[Action]) -> list[str]:
    lang = app.lang
    g = app.current_game
    view = app.view()
    out: list[str] = []
    if g.is_over:
        if app.guest:      # a linked guest: the host deals the next hand
            return out
        return [btn(t(lang, "btn_next"), "next", kbd="N", cls="primary")]
    if not app.my_turn() or app.auto_action() is not None:
        return out
    if Draw() in legal:
        out.append(btn(t(lang, "btn_draw"), "draw", kbd="D", cls="primary"))
    if Eat() in legal and view.last_discard is not None:
        lbl = t(lang, "btn_eat")
        out.append(btn(f"{lbl} {view.last_discard.name(lang)}", "eat", kbd="E", cls="primary eat",
                       html_label=escape(lbl) + " " + card_text_html(view.last_discard, lang)))
    if any(isinstance(a, DeclareU) for a in legal):
        out.append(btn(t(lang, "btn_u"), "u", kbd="U", cls="primary u"))
    if Pass() in legal:
        out.append(btn(t(lang, "btn_pass"), "pass", kbd="P"))
    if g.phase == "lay_down":
        out.append(_arrangement_html(app, view))
        lay = app.current_lay()
        label, cls = "btn_lay", "primary"
        if lay is not None and not lay.melds:
            if view.laid[app.me] is not None:
                label = "btn_tai_on" if _tai_still_mom(app, view) else "btn_lay_none"
            elif app.lay_is_skip():
                label, cls = "btn_lay_skip", "danger"
            else:
                label = "btn_lay_mom"
        out.append(btn(t(lang, label), "lay", kbd="L", cls=cls))
    sends = _send_buttons(app, legal)
    if sends:
        out.append(f'<span class="sends">{sends}</span>')
    if any(isinstance(a, Discard) for a in legal):
        ok = app.selected is not None and Discard(app.selected) in legal
        out.append(btn(t(lang, "btn_discard"), "discard", kbd="↵", disabled=not ok,
                       cls="primary" if ok else ""))
    return out


def action_bar_html(app: App, legal: Sequence[Action]) -> str:
    flash = f'<span class="flash">{escape(app.flash)}</span>' if app.flash else ""
    ticker = movelog.ticker_html(app)
    return (f'<div class="actionbar">{ticker}<p class="prompt" id="prompt">{escape(prompt_text(app, legal))}{flash}</p>'
            f'{app.slot_html("prompt")}'
            f'<div class="buttons">{app.slot_html("actions")}{"".join(action_buttons(app, legal))}</div></div>')


# ---------------------------------------------------------------- the hand
def hand_html(app: App, legal: Sequence[Action]) -> str:
    """The hand, melds first, each meld's cards under one colour bar. On a phone
    held upright it is two rows of five; sideways and on a desktop one row."""
    lang = app.lang
    view = app.view()
    if app.hand_hidden(app.me):
        backs = "".join(back_html(lang, "hand-back") for _ in view.hand)
        return (f'<div class="hand hidden-hand" id="hand" role="img" '
                f'aria-label="{escape(t(lang, "hidden_hand"))}">{backs}</div>')
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
            group.append(card_html(c, lang, cls="hand-card " + " ".join(cls), act="card", key=f"h-{c}",
                                   title=" · ".join(notes) or None, pressed=raised, extra=bar + badge))
        kind = f"group meld-group meld-c{(no - 1) % MELD_COLORS + 1}" if no else "group loose"
        out.append(f'<span class="{kind}">{"".join(group)}</span>')
    n = len(view.hand)
    return (f'<div class="hand n{n}" id="hand" role="group" aria-label="{escape(t(lang, "hand_label"))}">'
            f'{"".join(out)}</div>')


# ---------------------------------------------------------------- the top bar
def topbar_html(app: App) -> str:
    """Title, preset and hand; the tools a hand needs (move log, settings, sound)
    and "Thêm" (ui/table/menu.py) for the rest: each an icon, its word shown only where it fits."""
    lang = app.lang
    preset = preset_name(lang, app.game.rules.name if app.game else app.settings["preset"])
    # no "Ván 0": a guest's phone before the host's first hand has no hand to name
    hand = (f'<span class="sep"> · </span><span>{escape(t(lang, "hand_no", n=app.hand_no))}</span>'
            if app.hand_no > 0 else "")
    return (
        '<header class="topbar">'
        f'<div class="brand"><span class="logo" aria-hidden="true">{suit_svg("H", "1.1em")}{suit_svg("S", "1.1em")}</span>'
        f'<h1>{escape(t(lang, "title"))}</h1><span class="sub"><span>{escape(preset)}</span>'
        f'{hand}</span></div>'
        '<nav class="tools">'
        + icon_btn(t(lang, "btn_log"), "log", _icon("log"))
        + icon_btn(t(lang, "btn_settings"), "settings", ICONS["gear"])
        + _mute_btn(app)
        + menu.button_html(lang)
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


def _mute_btn(app: App) -> str:
    """The sound switch: a toggle button, pressed when the sound is off."""
    label = t(app.lang, "btn_mute")
    return ("<button" + attrs(type="button", class_="btn ghost icon mute", data_act="mute", data_key="btn-mute",
                               aria_label=label, title=label, aria_keyshortcuts="M",
                               aria_pressed="true" if app.muted else "false")
            + ">" + _icon("muted" if app.muted else "sound") + "</button>")


def _icon(name: str) -> str:
    return (f'<svg class="gear" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" '
            f'focusable="false">{_ICONS[name]}</svg>')


def _select(key: str, options: Iterable[tuple[object, str]], current: object) -> str:
    opts = "".join(
        f'<option value="{escape(str(v))}"{" selected" if str(v) == str(current) else ""}>{escape(label)}</option>'
        for v, label in options
    )
    return f'<select data-setting="{key}" data-key="set-{key}" id="set-{key}">{opts}</select>'


def settings_html(app: App) -> str:
    lang = app.lang
    s = app.settings      # the looks and pace; the match's choices as staged (app.pending)
    preset = app.pending.get("preset", s["preset"])
    players = app.pending.get("players", s["players"])
    hand_size = app.pending.get("hand_size", s["hand_size"])
    rows = [
        ("preset", t(lang, "set_preset"), _select("preset", [(p, preset_name(lang, p)) for p in PRESET_NAMES], preset)),
        ("players", t(lang, "set_players"), _select("players", [(n, t(lang, "players_n", n=n)) for n in (2, 3, 4)], players)),
    ]
    sizes = Rules.preset(preset).hand_sizes
    if len(sizes) > 1:  # village: 8- or 9-card hands
        rows.append(("hand_size", t(lang, "set_hand_size"),
                     _select("hand_size", [(n, t(lang, "cards_n", n=n)) for n in sizes],
                             hand_size if hand_size in sizes else 9)))
    staged = bool(app.pending)
    new_btn = btn(t(lang, "btn_new_match"), "new_match", cls="primary" if staged else "")
    rows2 = [
        ("bot", t(lang, "set_bot"), _select("bot", [(b, t(lang, f"bot_{b}")) for b in BOT_LEVELS], s["bot"])),
        ("speed", t(lang, "set_speed"), _select("speed", [(v, t(lang, f"speed_{v}")) for v in SPEEDS], s["speed"])),
        ("lang", t(lang, "set_lang"), _select("lang", [(v, t(v, f"lang_{v}")) for v in LANGS], s["lang"])),
    ]

    def row(k: str, label: str, ctl: str) -> str:
        return f'<div class="field"><label for="set-{k}">{escape(label)}</label>{ctl}</div>'

    four = (f'<div class="field check"><input type="checkbox" id="set-four_color" data-setting="four_color" '
            f'data-key="set-four_color"{" checked" if s["four_color"] else ""}>'
            f'<label for="set-four_color">{escape(t(lang, "set_four"))}</label>'
            f'<span class="four-demo" aria-hidden="true">{suit_svg("S")}{suit_svg("H")}{suit_svg("D")}{suit_svg("C")}</span></div>')
    return dialog(
        "settings", t(lang, "settings_title"),
        '<div class="fields"><div class="fieldset match">' + "".join(row(*r) for r in rows)
        + seatplan.seats_html(lang, app.staged_plan())
        + f'<p class="note">{escape(t(lang, "set_new_match_note"))}</p><div class="field new">{new_btn}</div></div>'
        + '<div class="fieldset">' + "".join(row(*r) for r in rows2) + four + "</div></div>"
        + app.slot_html("settings"),
        lang,
    )


def rules_dialog_html(app: App) -> str:
    lang = app.lang
    tab = app.rules_tab or app.settings["preset"]
    tabs = "".join(
        "<button"
        + attrs(type="button", class_="tab", role="tab", data_act="rules_tab", data_arg=p, data_key=f"tab-{p}",
                aria_selected="true" if p == tab else "false")
        + f">{escape(preset_name(lang, p))}</button>"
        for p in PRESET_NAMES
    )
    body = f'<div class="tabs" role="tablist">{tabs}</div><div class="rules-text" role="tabpanel">{rules_html(lang, tab)}</div>'
    return dialog("rules", t(lang, "rules_title"), body, lang, wide=True)


def help_html(app: App) -> str:
    lang = app.lang
    items = []
    for pair in t(lang, "help_keys").split(";"):
        k, d = pair.split("|")
        items.append(f"<dt><kbd>{escape(k)}</kbd></dt><dd>{escape(d)}</dd>")
    body = f'<dl class="keys">{"".join(items)}</dl><p>{escape(t(lang, "help_touch"))}</p>'
    return dialog("help", t(lang, "help_title"), body, lang)


def notice_html(app: App) -> str:
    notice = ""
    if app.notice:   # said in the page's language now (ui/core/notices.py), not the one it was said in
        notice = (f'<div class="notice" role="status"><span class="notice-text">{escape(app.notice_text() or "")}</span>'
                  + btn("×", "dismiss", cls="ghost icon", aria_label=t(app.lang, "btn_close")) + "</div>")
    # one stack, always there, for every banner: the page's notice, what features plug in
    # (ui/friends/linkplay.py: a linked guest who dropped) and what the page adds
    # (ui/page/learn.py: the welcome) — one under the other, never one over another
    return f'<div class="notices">{notice}{app.slot_html("banners")}</div>'


DIALOGS = {
    "settings": settings_html,
    "rules": rules_dialog_html,
    "help": help_html,
    "scores": scores_html,
    "confirm_mom": confirm_html,
    "confirm_new": confirm_html,
}


def dialog_html(app: App) -> str:
    """The open panel: the table's own, else what a feature plugged into "panel"
    draws for it (App.plug: learning's panels and the menu it fills, linked play's)."""
    if app.dialog is None:
        return ""
    if app.dialog == "open_link":
        return link_dialog_html(app)
    if app.dialog == "log":
        return dialog("log", t(app.lang, "log_title"), movelog.log_body_html(app), app.lang)
    make = DIALOGS.get(app.dialog)
    return (make(app) if make else "") or app.slot_html("panel")


def page_html(app: App) -> str:
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
    me = seat_html(app, app.me, "me", view, legal)
    felt = (f'<section class="felt players-{view.players}" aria-label="{escape(t(app.lang, "table_region"))}">'
            f"{seats}{center_html(app, view, legal)}{me}</section>")
    return (topbar_html(app) + notice_html(app) + felt + action_bar_html(app, legal) + hand_html(app, legal)
            + over_html(app) + dialog_html(app))


def root_classes(app: App) -> str:
    cls = ["app", f"lang-{app.lang}", f"speed-{app.settings['speed']}", f"input-{app.input}"]
    if app.settings["four_color"]:
        cls.append("four-color")
    if app.dialog:
        cls.append("has-dialog")
    return " ".join(cls)


__all__ = ["page_html", "root_classes", "card_html", "back_html", "seat_positions", "sent_by", "payment_text",
           "LayDown", "card_back"]
