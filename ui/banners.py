"""What the page says when something outside the game gets in the way: a link
that asks for a new match while one is saved, a bad link, storage that
refuses to save, the game open in another tab. Pure functions to HTML (every
text escaped), and their words in both languages, registered into ``i18n``.
"""

from __future__ import annotations

from html import escape

from . import i18n
from .i18n import t

WORDS = {
    "vi": {
        "link_title": "Mở ván từ đường dẫn?",
        "link_body": "Bạn đang có một trận chưa xong. Đường dẫn này mở một trận mới — trận đang chơi sẽ bị thay thế.",
        "link_keep": "Giữ trận của tôi",
        "link_start": "Chơi trận mới",
        "link_bad": "Đường dẫn có tham số không hợp lệ nên không thay đổi gì:",
        "notice_old_save": "Ván đã lưu là của phiên bản cũ của trang nên không đọc được. Đã cất riêng (không xoá) và bắt đầu trận mới.",
        "notice_aside_failed": "Không còn chỗ để cất ván cũ, nên trận này sẽ không được lưu để khỏi ghi đè lên nó.",
        "notice_not_saving": "Trình duyệt không cho lưu (bộ nhớ đầy hoặc bị chặn): ván vẫn tiếp tục nhưng tiến trình không được lưu.",
        "notice_saving_again": "Đã lưu lại được: tiến trình lại được lưu như thường.",
        "tab_busy_title": "Phỏm đang mở ở thẻ khác",
        "tab_busy_body": "Trận của bạn đang chơi ở một thẻ (tab) khác của trình duyệt. Chơi ở đây thì thẻ kia sẽ dừng lại.",
        "tab_lost_title": "Đã chuyển sang thẻ khác",
        "tab_lost_body": "Trận này đang được chơi ở một thẻ khác. Thẻ này đã dừng và không lưu gì nữa.",
        "tab_take": "Chơi ở thẻ này",
        "tab_waiting": "Đang chờ thẻ kia nhường…",
    },
    "en": {
        "link_title": "Open the linked match?",
        "link_body": "You have a match in progress. This link opens a new match — it would replace the one you are playing.",
        "link_keep": "Keep my match",
        "link_start": "Start the linked match",
        "link_bad": "The link has parameters that are not valid, so it changed nothing:",
        "notice_old_save": "The saved game is from an older version of the page and cannot be read. It was set aside (not deleted) and a new match starts.",
        "notice_aside_failed": "There is no room to keep the old save aside, so this match is not saved, not to overwrite it.",
        "notice_not_saving": "The browser does not let the game save (storage full or blocked): the hand goes on, but progress is not being saved.",
        "notice_saving_again": "Saving works again: progress is being saved.",
        "tab_busy_title": "Phỏm is open in another tab",
        "tab_busy_body": "Your match is being played in another tab of this browser. Playing here stops the other tab.",
        "tab_lost_title": "Moved to another tab",
        "tab_lost_body": "This match is now being played in another tab. This tab has stopped and saves nothing.",
        "tab_take": "Play in this tab",
        "tab_waiting": "Waiting for the other tab to let go…",
    },
}
for _lang, _words in WORDS.items():
    for _k, _v in _words.items():
        i18n.STRINGS[_lang].setdefault(_k, _v)

PARAM_NAMES = {"vi": "tham số", "en": "parameter"}


def link_notice(lang: str, link) -> str:
    """One sentence naming every malformed parameter and why."""
    bad = "; ".join(f"{name}: {why}" for name, why in link.problems)
    return f"{t(lang, 'link_bad')} {bad}"


def link_dialog_html(app) -> str:
    """Keep the saved match, or start the linked one (never without asking)."""
    lang = app.lang
    return (
        '<div class="overlay dialog-layer"><div class="panel dialog" role="alertdialog" aria-modal="true" '
        'aria-labelledby="dlg-link" aria-describedby="dlg-link-body" data-key="dlg-link">'
        f'<div class="dlg-head"><h2 id="dlg-link">{escape(t(lang, "link_title"))}</h2></div>'
        f'<p id="dlg-link-body">{escape(t(lang, "link_body"))}</p>'
        '<div class="field choice">'
        f'<button type="button" class="btn primary" data-act="link_keep" data-key="link-keep">'
        f'{escape(t(lang, "link_keep"))}</button>'
        f'<button type="button" class="btn" data-act="link_start" data-key="link-start">'
        f'{escape(t(lang, "link_start"))}</button>'
        "</div></div></div>"
    )


def tab_html(lang: str, state: str) -> str:
    """The whole page when another tab has the table: ``busy`` (found it taken
    at start), ``lost`` (taken over), ``waiting`` (asked, not yet handed)."""
    title = t(lang, "tab_lost_title" if state == "lost" else "tab_busy_title")
    body = t(lang, "tab_lost_body" if state == "lost" else "tab_busy_body")
    if state == "waiting":
        btn = (f'<button type="button" class="btn primary" disabled data-key="tab-take">'
               f'{escape(t(lang, "tab_waiting"))}</button>')
    else:
        btn = (f'<button type="button" class="btn primary" data-act="tab_take" data-key="tab-take">'
               f'{escape(t(lang, "tab_take"))}</button>')
    return (f'<section class="elsewhere" data-tab="{escape(state)}" role="alert" aria-labelledby="tab-title">'
            f'<h1 id="tab-title">{escape(title)}</h1><p>{escape(body)}</p>{btn}</section>')
