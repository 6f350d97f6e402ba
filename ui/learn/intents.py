"""The learning side's intents: a table from an intent's name to what it does.

Each function takes the ``Learn`` and the intent's argument and returns True when
something changed (the page renders again) or False when nothing did. An intent
that is not in ``INTENTS`` (nor a review step, ``rv_…``) is not the learning
side's: ``Learn.handle`` says so with None and the table's own (``App.handle``)
gets it. A table rather than a chain of ``if``s so that what the side answers to
can be read in one place, and one intent's code read without the others'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from phom.share import daily, parse_date
from phom.stats import Stats

from ..table.app import HUMAN
from .review_view import ReviewSession

if TYPE_CHECKING:
    from .core import Learn

GAME_INTENTS = ("draw", "eat", "lay", "send", "discard", "card", "u", "pass")
"""The table's moves: the tutorial may refuse one (the lesson asks for another)."""
HOST_ONLY = ("tutorial", "welcome_no", "tutorial_done", "daily", "share", "copied", "review",
             "deal_yes", "match_back")
"""Intents that start or open the whole match: not a linked guest's (it holds one view)."""


# ------------------------------------------------------------ the tutorial
def tutorial(learn: Learn, arg: object) -> bool:
    learn.welcome = learn.lesson_lost = False
    learn.state["tutorial"] = True
    learn.save_state()
    if learn.in_progress():
        learn.pending = None
        learn.pending_tutorial = True
        learn.app.open("learn-confirm")
    else:
        learn.start_tutorial()
    return True


def welcome_no(learn: Learn, arg: object) -> bool:
    learn.welcome = learn.lesson_lost = False
    learn.state["tutorial"] = True
    learn.save_state()
    return True


def tutorial_done(learn: Learn, arg: object) -> bool:
    learn.end_tutorial()
    learn.app.open("learn-summary")
    return True


# ------------------------------------------------------------ the hint, the review
def hint(learn: Learn, arg: object) -> bool:
    """Ask for the expert's hint: counted once per decision (ui/page/learn.py computes it)."""
    app = learn.app
    if app.dialog or not app.my_turn() or app.auto_action() is not None:
        return False
    key = learn.decision_key()
    if learn.hint_for == key:
        return False
    if learn.wanted != key:
        learn.wanted = key
        by = learn.state["by_seat"] if learn.state["hand"] == learn.hand_key() else {}
        me = str(getattr(app, "me", HUMAN))
        learn.state["by_seat"] = {**by, me: by.get(me, 0) + 1}
        learn.state["hints"] = learn.hints_used() + 1
        learn.state["hand"] = learn.hand_key()
        learn.save_state()
    return True


def review(learn: Learn, arg: object) -> bool:
    app = learn.app
    g = app.game
    if g is None or not g.is_over or learn.review_would_leak():
        return False
    if learn.session_key != learn.hand_key():
        learn.session = ReviewSession(
            app.own_game, app.me if hasattr(app, "me") else HUMAN, app.names(), app.hand_no,
            learn.hand_key(), app.match_seed, app.make_bot,
            you=None if getattr(app, "pass_and_play", False) else app.me)
        learn.session_key = learn.hand_key()
    elif learn.session is not None:   # the same hand again: the names in the page's language now
        learn.session.names = app.names()
    app.open("learn-review")
    return True


def review_step(learn: Learn, intent: str) -> bool:
    """A step in the open review (``rv_first``, ``rv_next``…): the session's own."""
    return learn.session.handle(intent) if learn.session is not None else False


# ------------------------------------------------------------ statistics
def stats(learn: Learn, arg: object) -> bool:
    learn.app.open("learn-stats")
    learn.confirm_reset = False
    learn.stats_who = learn.current_person()
    return True


def stats_who(learn: Learn, arg: object) -> bool:
    learn.stats_who = str(arg or "")
    return True


def stats_preset(learn: Learn, arg: object) -> bool:
    learn.stats_preset = str(arg or "")
    return True


def stats_reset(learn: Learn, arg: object) -> bool:
    learn.confirm_reset = True
    return True


def stats_reset_no(learn: Learn, arg: object) -> bool:
    learn.confirm_reset = False
    return True


def stats_reset_yes(learn: Learn, arg: object) -> bool:
    learn.stats = Stats()
    learn.save_stats()
    learn.confirm_reset = False
    return True


# ------------------------------------------------------------ sharing and deals
def share(learn: Learn, arg: object) -> bool:
    learn.app.open("learn-share")
    learn.copied = False
    return True


def copied(learn: Learn, arg: object) -> bool:
    learn.copied = True
    return True


def daily_deal(learn: Learn, arg: object) -> bool:
    learn.offer(daily(parse_date(learn.today)), learn.today)
    return True


def deal_yes(learn: Learn, arg: object) -> bool:
    """Yes to "put the match aside?": the match in progress is kept aside (its way
    back: ``match_back``), then the tutorial or the deal that asked starts."""
    if learn.pending_back:
        learn.pending_back = False
        return learn.back_to_match(asked=True)
    learn.suspend()
    if learn.pending_tutorial:
        learn.pending_tutorial = False
        learn.start_tutorial()
    elif learn.pending is not None:
        deal, day = learn.pending
        learn.pending = None
        learn.start(deal, day)
    learn.app.open(None)
    return True


def match_back(learn: Learn, arg: object) -> bool:
    """Back to the match put aside: the detour (the lesson, a shared or daily deal) ends."""
    return learn.back_to_match()


def deal_no(learn: Learn, arg: object) -> bool:
    learn.pending = None
    learn.pending_tutorial = learn.pending_back = False
    learn.app.open(None)
    return True


INTENTS: dict[str, Callable[[Learn, object], bool]] = {
    "tutorial": tutorial, "welcome_no": welcome_no, "tutorial_done": tutorial_done,
    "hint": hint, "review": review,
    "stats": stats, "stats_who": stats_who, "stats_preset": stats_preset,
    "stats_reset": stats_reset, "stats_reset_no": stats_reset_no,
    "stats_reset_yes": stats_reset_yes,
    "share": share, "copied": copied, "daily": daily_deal, "deal_yes": deal_yes, "deal_no": deal_no,
    "match_back": match_back,
}
