"""The learning side drawn: pure functions of a ``LearnState`` to HTML (or a CSS selector).

Nothing here changes the state, records a statistic or decides what happens next:
the page may render as often as it likes (a language switch, a timer, a focus
change) and the state stays as the last intent or move left it. The statistics
panel, the longest, is ``stats_view.py``; the review panel is the session's own
(``review_view.ReviewSession.html``), the tutorial's callout the lesson's own.
"""

from __future__ import annotations

from html import escape

from ..core import notices
from ..core.i18n import LANGS, t
from ..table import dom, menu
from .controls import btn, learn_dialog
from .intents import HOST_ONLY
from .state import LearnState
from .stats_view import stats_html
from .tutorial import preset_summary
from .words import tx


# ------------------------------------------------------------ the hint
def hint_button_html(s: LearnState) -> str:
    app = s.app
    if not app.my_turn() or app.auto_action() is not None or app.dialog:
        return ""
    return btn(tx(app.lang, "btn_hint"), "hint", kbd="H", cls="ghost hint-btn")


def hint_line_html(s: LearnState) -> str:
    lang = s.app.lang
    if s.wanted is not None and s.wanted == s.decision_key():
        return f'<p class="hint-line thinking" role="status">{escape(tx(lang, "hint_thinking"))}</p>'
    if s.hint is None or s.hint_for != s.decision_key():
        return ""
    return (f'<p class="hint-line" role="status"><b>{escape(tx(lang, "hint"))}:</b> '
            f'{escape(s.hint.text(lang))}</p>')


def hint_target(s: LearnState) -> str | None:
    """A CSS selector for the control that plays the hinted move."""
    h = s.hint
    if h is None or s.hint_for != s.decision_key():
        return None
    return dom.target(h.action)


# ------------------------------------------------------------ the tutorial
def tutorial_callout_html(s: LearnState) -> str:
    if s.tutorial is None:
        return ""
    return s.tutorial.callout_html(s.app, s.app.lang)


def tutorial_target(s: LearnState) -> str | None:
    return s.tutorial.target(s.app) if s.tutorial is not None else None


def lang_switch_html(lang: str) -> str:
    """The other language, offered on the first screen (the welcome) as well as in
    Settings: a chip as small as the × beside it ("EN", "VI"), named in its own
    language ("English", "Tiếng Việt") and marked as that language for a screen
    reader; a tap is the table's ``lang`` intent, saved as a choice."""
    return "".join(
        f'<button type="button" class="btn ghost lang-switch" data-act="lang" data-arg="{other}" '
        f'data-key="btn-lang-{other}" lang="{other}" aria-label="{escape(t(other, "lang_" + other))}" '
        f'title="{escape(t(other, "lang_" + other))}">{other.upper()}</button>'
        for other in LANGS if other != lang)


def welcome_html(s: LearnState) -> str:
    """The tutorial offered: on a first visit, or again when one could not be resumed."""
    if not (s.welcome or s.lesson_lost) or s.tutorial is not None or s.guest:
        return ""
    lang = s.app.lang
    why = notices.text(s.lost_why, lang) or ""
    text = (f"{why} {tx(lang, 'lesson_lost')}".strip() if s.lesson_lost
            else tx(lang, "welcome"))
    # a banner among the others (ui/render.notice_html's stack): its words, the one
    # thing it offers, and × for "not now" as on every notice (the menu keeps the tutorial)
    later = escape(tx(lang, "not_now"))
    return (f'<div class="notice learn-welcome" role="status"><span class="welcome-text">'
            f'{escape(text)}</span>' + btn(tx(lang, "btn_tutorial"), "tutorial", cls="primary")
            + lang_switch_html(lang)
            + f'<button type="button" class="btn ghost icon" data-act="welcome_no" '
            f'data-key="btn-welcome_no" aria-label="{later}" title="{later}">×</button></div>')


# ------------------------------------------------------------ the end of a hand, the menu
def over_buttons_html(s: LearnState) -> str:
    lang = s.app.lang
    if s.guest:
        return ""
    if s.tutorial is not None:
        return btn(tx(lang, "btn_done"), "tutorial_done", cls="primary big")
    review = btn(tx(lang, "btn_review"), "review", cls="review-btn")
    if s.review_would_leak():
        review = ""
    return ('<div class="learn-over">' + review
            + btn(tx(lang, "btn_share"), "share", cls="share-btn") + "</div>")


def menu_items(s: LearnState) -> list[str]:
    """This package's entries in the header's "Thêm" menu (ui/table/menu.py)."""
    lang = s.app.lang
    entries = (("tutorial", "btn_tutorial"), ("daily", "btn_daily"), ("share", "btn_share"),
               ("stats", "btn_stats"))
    back = [menu.item(s.back_label(), "match_back")] if s.suspended() else []
    return back + [menu.item(tx(lang, k), act) for act, k in entries
                   if not (s.guest and act in HOST_ONLY)]


# ------------------------------------------------------------ the dialogs
def dialog_html(s: LearnState) -> str:
    d = s.app.dialog
    lang = s.app.lang
    if d == "menu":
        return menu.menu_html(lang, menu_items(s))
    if d == "learn-stats":
        return stats_html(s)
    if d == "learn-share":
        return share_html(s)
    if d == "learn-confirm":
        return confirm_html(s)
    if d == "learn-summary":
        body = (f'<p>{escape(tx(lang, "summary_text"))}</p>{preset_summary(lang)}'
                '<div class="panel-actions">'
                + (btn(s.back_label(), "match_back") if s.suspended() else "")
                + f'{btn(tx(lang, "btn_done"), "close", cls="primary")}</div>')
        return learn_dialog("learn-summary", tx(lang, "summary_title"), body, lang, wide=True)
    if d == "learn-review" and s.session is not None:

        return learn_dialog("learn-review", tx(lang, "review_title", n=s.session.hand_no),
                            s.session.html(lang), lang, wide=True)
    return ""


def share_html(s: LearnState) -> str:
    lang = s.app.lang
    url = s.share_url()
    copy = tx(lang, "copied") if s.copied else tx(lang, "btn_copy")
    body = (f'<p>{escape(tx(lang, "share_text"))}</p>'
            f'<input class="share-url" readonly value="{escape(url)}" '
            f'aria-label="{escape(tx(lang, "share_title"))}" data-key="share-url">'
            f'<div class="panel-actions">{btn(copy, "copy_link", cls="primary")}</div>')
    return learn_dialog("learn-share", tx(lang, "share_title"), body, lang)


def confirm_html(s: LearnState) -> str:
    lang = s.app.lang
    if s.pending_back:
        body = (f'<p>{escape(tx(lang, "confirm_back"))}</p><div class="panel-actions">'
                + btn(tx(lang, "btn_keep"), "deal_no")
                + btn(tx(lang, "btn_back_match"), "deal_yes", cls="primary") + "</div>")
        return learn_dialog("learn-confirm", tx(lang, "confirm_back_title"), body, lang)
    if s.pending_tutorial:
        text = tx(lang, "confirm_tutorial")
    elif s.pending is None:
        return ""
    else:
        _deal, day = s.pending
        text = tx(lang, "confirm_daily", date=day) if day else tx(lang, "confirm_deal")
    body = (f'<p>{escape(text)}</p><div class="panel-actions">'
            + btn(tx(lang, "btn_keep"), "deal_no")
            + btn(tx(lang, "btn_yes_replace"), "deal_yes", cls="primary") + "</div>")
    return learn_dialog("learn-confirm", tx(lang, "confirm_title"), body, lang)
