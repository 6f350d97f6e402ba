"""What each tap or key does: one function an intent name.

The page (ui/page/main.py) turns a click, a key or a drag into an intent name and
an argument, and calls ``App.handle(intent, arg)``, which comes here. Every
intent function is ``fn(app, arg) -> bool`` with one meaning for what it
returns: True, something changed (re-render); False, nothing changed (the tap
is ignored). A refused move is not an error: the engine's ``legal_actions()``
says what may be done now, and anything else returns False.

Two tables, because an open panel blocks the table but not the panel's own
controls: ``ANY_TIME`` (panels, settings, sorting, the next hand) works with
a panel open; ``AT_THE_TABLE`` (the moves) does nothing while one is. The
question a link asks (``open_link``) is answered before anything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import phom
from phom import DeclareU, Discard, Draw, Eat, Pass, Send, proposals

from ..core import store
from ..core.i18n import t
from . import hand, settings
from .state import TOGGLED_PANELS

if TYPE_CHECKING:
    from collections.abc import Callable

    from .app import App

    # fn(app, arg) -> bool: True, something changed (re-render); False, nothing did
    Intent = Callable[[App, object], bool]


def _pair(arg: object) -> list[object] | tuple[object, ...]:
    """The two parts of an intent's argument (a card and where it goes, a setting and its value)."""
    if not isinstance(arg, (list, tuple)):
        raise TypeError(f"the intent's argument is two values, not {arg!r}")
    return arg


def handle(app: App, intent: str, arg: object = None) -> bool:
    """One tap or key. Returns True when something changed (re-render)."""
    app.flash = None
    if app.dialog == "open_link":
        return answer_link(app, intent)
    act = ANY_TIME.get(intent)
    if act is not None:
        return act(app, arg)
    if app.dialog:
        return False
    act = AT_THE_TABLE.get(intent)
    return act is not None and act(app, arg)


# ------------------------------------------------------------------ panels and questions
def _panel(name: str) -> Intent:
    def toggle(app: App, arg: object) -> bool:
        """Open the panel, or close it if it is the one open."""
        app.open(None if app.dialog == name else name)
        if name == "rules":
            app.rules_tab = app.settings["preset"]
        return True
    return toggle


def close(app: App, arg: object = None) -> bool:
    """Close the panel; the new-match question goes back to the settings, staged choices kept."""
    if app.dialog == "confirm_new":
        app.open("settings")
        return True
    app.open(None)
    app.pending = {}
    return True


def confirm(app: App, arg: object = None) -> bool:
    """Yes to the question asked: a new match (dropping the hand), or laying down móm."""
    if app.dialog == "confirm_new":
        return settings.start_new_match(app)
    if app.dialog == "confirm_mom":
        app.open(None)
        lay = app.current_lay()
        return lay is not None and not lay.melds and _try(app, lay, app.legal())
    return False


def answer_link(app: App, intent: str) -> bool:
    """The link's question is answered before anything else."""
    if intent == "link_start" and app.link is not None:
        app.open(None)
        app.start_link(app.link)
        return True
    if intent in ("link_keep", "close", "escape"):
        app.open(None)
        app.link = None
        return True
    return False


def rules_tab(app: App, arg: object) -> bool:
    app.rules_tab = None if arg is None else str(arg)
    return True


def escape(app: App, arg: object = None) -> bool:
    """Escape closes the panel, else the notice, else lowers the raised card."""
    if app.dialog:
        close(app)
    elif app.notice:
        app.notice = None
    else:
        app.selected = None
    return True


def mute(app: App, arg: object = None) -> bool:
    app.muted = not app.muted
    store.save_muted(app.storage, app.muted)
    return True


def dismiss(app: App, arg: object = None) -> bool:
    app.notice = None
    return True


def uncover(app: App, arg: object = None) -> bool:
    """Pass-and-play: the next person takes the phone, and their hand is shown."""
    if app.cover_for is None:
        return False
    app.me, app.cover_for = app.cover_for, None
    app.events_seen = len(app.view().events)
    app.reset_turn()
    return True


def sort(app: App, arg: object = None) -> bool:
    """By rank or by suit; a sort puts the hand back in that order."""
    app.settings["sort"] = "suit" if app.settings["sort"] == "rank" else "rank"
    app.save_settings()
    hand.set_order(app, None)
    return True


def new_match(app: App, arg: object = None) -> bool:
    """Start the staged settings' match; ask first if a hand is being played."""
    if app.in_progress():
        app.open("confirm_new")   # the staged settings wait in app.pending
        return True
    return settings.start_new_match(app)


# ------------------------------------------------------------------ moves
def action_for(app: App, intent: str, arg: object = None) -> phom.Action | None:
    """The move a game intent (draw, eat, lay, send, discard, card) would play now,
    or None: it plays none. The table's moves below play it; the tutorial
    (ui/learn/core.py) asks it what a tap would play before letting it through."""
    if intent == "draw":
        return Draw()
    if intent == "eat":
        return Eat()
    if intent == "lay":
        return app.current_lay()
    if intent == "send":
        legal = app.legal()
        sends = [a for a in legal if isinstance(a, Send)]
        if not sends:
            return None
        if arg is None:
            return proposals.best_send(legal)
        try:
            i = int(str(arg))
        except ValueError:
            return None
        return sends[i] if 0 <= i < len(sends) else None
    if intent == "discard":
        return Discard(app.selected) if app.selected is not None else None
    if intent == "card":
        try:
            c = phom.Card.parse(str(arg))
        except ValueError:
            return None
        return Discard(c) if app.selected == c and Discard(c) in app.legal() else None
    return None


def _try(app: App, action: phom.Action, legal: Sequence[phom.Action]) -> bool:
    if action not in legal:
        return False
    app.apply(action)
    return True


def _play(intent: str) -> Intent:
    def play(app: App, arg: object = None) -> bool:
        a = action_for(app, intent, arg)
        return a is not None and _try(app, a, app.legal())
    return play


def u(app: App, arg: object = None) -> bool:
    legal = app.legal()
    us = [a for a in legal if isinstance(a, DeclareU)]
    return bool(us) and _try(app, us[0], legal)


def lay(app: App, arg: object = None) -> bool:
    """Lay the proposed arrangement down; laying none while melds could be laid asks first."""
    chosen = action_for(app, "lay")
    if chosen is not None and app.lay_is_skip():
        app.open("confirm_mom")
        return True
    return chosen is not None and _try(app, chosen, app.legal())


def arrangement(step: int) -> Intent:
    def turn(app: App, arg: object = None) -> bool:
        """The next (or previous) way to lay down, when there are two or more."""
        n = len(app.lay_options())
        if n < 2:
            return False
        app.arr_index = (app.arr_index + step) % n
        return True
    return turn


def discard(app: App, arg: object = None) -> bool:
    """Discard the raised card; with none raised, say to raise one."""
    if app.selected is None:
        app.flash = t(app.lang, "prompt_discard")
        return True
    return _play("discard")(app, None)


def tap_card(app: App, text: object) -> bool:
    """A tap on a hand card raises it; a tap on the raised one discards it, if it may go."""
    if not isinstance(text, str):
        return False
    try:
        card = phom.Card.parse(text)
    except ValueError:
        return False
    if card not in app.view().hand:
        return False
    legal = app.legal()
    can_discard = Discard(card) in legal
    if app.selected == card:
        if can_discard:
            return _try(app, Discard(card), legal)
        if any(isinstance(a, Discard) for a in legal):
            app.flash = t(app.lang, "cannot_discard").capitalize() + f": {card.name(app.lang)}"
            return True
        app.selected = None
        return True
    app.selected = card
    if not can_discard and any(isinstance(a, Discard) for a in legal):
        app.flash = t(app.lang, "cannot_discard").capitalize() + f": {card.name(app.lang)}"
    return True


# intent name -> fn(app, arg) -> bool: True = changed, re-render; False = nothing changed
ANY_TIME: dict[str, Intent] = {
    **{name: _panel(name) for name in TOGGLED_PANELS},
    "close": close,
    "confirm": confirm,
    "rules_tab": rules_tab,
    "escape": escape,
    "mute": mute,
    "dismiss": dismiss,
    "uncover": uncover,
    "sort": sort,
    "move_card": lambda app, arg: app.reorder("move_card", *_pair(arg)),
    "nudge": lambda app, arg: app.reorder("nudge", *_pair(arg)),
    "setting": lambda app, arg: app.change_setting(*_pair(arg)),
    "lang": lambda app, arg: app.change_setting("lang", arg),   # the welcome's language switch
    "new_match": new_match,
    "next": lambda app, arg: app.next_hand(),
}
AT_THE_TABLE: dict[str, Intent] = {   # nothing while a panel is open
    "draw": _play("draw"),
    "eat": _play("eat"),
    "u": u,
    "pass": lambda app, arg: _try(app, Pass(), app.legal()),
    "lay": lay,
    "arr_next": arrangement(+1),
    "arr_prev": arrangement(-1),
    "send": _play("send"),   # the ``arg``-th send, or the engine's proposal
    "discard": discard,
    "card": lambda app, arg: app.tap_card(arg),
}
