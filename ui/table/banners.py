"""What the page says when something outside the game gets in the way: a link
that asks for a new match while one is saved, a bad link, storage that
refuses to save, the game open in another tab. Pure functions to HTML (every
text escaped), their words in the page's table (ui/core/i18n.py STRINGS).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..core.i18n import t

if TYPE_CHECKING:
    from ..core.params import Link, Problem
    from .app import App

# What each link parameter is, in the players' words (ui/core/params.py's KNOWN).
PARAM_LABELS = {
    "vi": {"new": "Trận mới", "preset": "Luật chơi", "players": "Số người chơi",
           "seed": "Mã chia bài", "deck": "Bộ bài", "starter": "Ghế đi đầu", "bot": "Mức máy",
           "speed": "Tốc độ", "lang": "Ngôn ngữ", "four_color": "Bài bốn màu"},
    "en": {"new": "New match", "preset": "Rules", "players": "Players",
           "seed": "The deal number", "deck": "The deck", "starter": "The first seat",
           "bot": "Bot level", "speed": "Speed", "lang": "Language", "four_color": "Four-colour cards"},
}

# Why a link is refused, by ui/core/params.py's reason code; (parameter, code) first.
LINK_REASONS = {
    "vi": {
        "repeated": "{label} được ghi hai lần với hai giá trị khác nhau",
        "not_text": "{label} không đọc được",
        "too_long": "{label} quá dài",
        "not_number": "{label} phải là số nguyên từ {lo} đến {hi}",
        "out_of_range": "{label} phải từ {lo} đến {hi}",
        "not_choice": "{label} phải là một trong: {options}",
        "not_flag": "{label} phải là 1 (có) hoặc 0 (không)",
        "card": "Bộ bài có lá không đọc được: {card}",
        "deck_size": "Bộ bài phải có đủ 52 lá khác nhau (ở đây có {n} lá, {distinct} lá khác nhau)",
        "deck_deal": "Bộ bài này không chia được cho bàn đã chọn",
        ("seed", "not_number"): "Mã chia bài phải là một số nguyên, từ 0 trở lên",
        ("seed", "out_of_range"): "Mã chia bài quá lớn",
    },
    "en": {
        "repeated": "{label} is given twice with different values",
        "not_text": "{label} cannot be read",
        "too_long": "{label} is too long",
        "not_number": "{label} must be a whole number from {lo} to {hi}",
        "out_of_range": "{label} must be {lo} to {hi}",
        "not_choice": "{label} must be one of: {options}",
        "not_flag": "{label} must be 1 (yes) or 0 (no)",
        "card": "The deck has a card that cannot be read: {card}",
        "deck_size": "A deck is 52 different cards (this one has {n}, {distinct} different)",
        "deck_deal": "This deck cannot be dealt at the chosen table",
        ("seed", "not_number"): "The deal number must be a whole number, 0 or more",
        ("seed", "out_of_range"): "The deal number is too large",
    },
}

# Why a save is refused, by phom.validate's reason code (BadSave.code).
SAVE_REASONS = {
    "vi": {
        "damaged": "ván lưu bị hỏng",
        "unreadable": "dữ liệu lưu bị hỏng, không đọc được",
        "too_large": "ván lưu lớn bất thường",
        "wrong_type": "một mục trong ván lưu có giá trị sai kiểu",
        "out_of_range": "một con số trong ván lưu nằm ngoài giới hạn",
        "count": "ván lưu thiếu hoặc thừa mục",
        "fields": "ván lưu thiếu hoặc thừa thông tin",
        "card": "ván lưu có lá bài không tồn tại",
        "deck": "bộ bài trong ván lưu không đủ 52 lá khác nhau",
        "replay": "một nước đi đã lưu trái luật",
        "scores": "điểm đã lưu không khớp với các ván đã chơi",
        "mismatch": "các phần của ván lưu không khớp nhau",
        "pot": "ván lưu có tiền gà ở bàn không chơi gà",
        "no_hand": "ván lưu không có ván bài nào",
        "old_version": "ván được lưu bởi một phiên bản khác của trang",
    },
    "en": {
        "damaged": "the save is damaged",
        "unreadable": "the saved data is damaged and cannot be read",
        "too_large": "the save is unusually large",
        "wrong_type": "an entry of the save holds the wrong kind of value",
        "out_of_range": "a number in the save is out of range",
        "count": "the save has too few or too many entries",
        "fields": "the save lacks information, or holds some it should not",
        "card": "the save holds a card that does not exist",
        "deck": "the saved deck is not 52 different cards",
        "replay": "a saved move breaks the rules",
        "scores": "the saved scores do not add up with the hands played",
        "mismatch": "the parts of the save do not agree",
        "pot": "the save holds a pot (gà) at a table that plays none",
        "no_hand": "the save holds no hand",
        "old_version": "it was saved by another version of the page",
    },
}

# Why a shared deal, today's deal or its date is refused, by phom.share's
# reason code (DealError.code), then the page's own ``daily_flag``.
DEAL_REASONS = {
    "vi": {
        "not_text": "mã ván không đọc được",
        "empty": "đường link không có mã ván",
        "characters": "mã ván có ký tự lạ mà đường link chia sẻ không bao giờ có",
        "length": "mã ván bị cắt mất hoặc bị dính thêm chữ (mã đúng dài 48 ký tự)",
        "not_base64": "mã ván không đọc được",
        "damaged": "mã ván bị sai hoặc thiếu một chữ (có thể do chép nhầm)",
        "version": "ván được chia sẻ từ một phiên bản khác của trang",
        "impossible": "mã ván không ứng với ván bài nào",
        "not_preset": "chỉ chia sẻ được ván theo một trong năm kiểu luật có sẵn",
        "not_date": "ngày phải viết theo dạng năm-tháng-ngày, ví dụ 2026-12-01",
        "daily_flag": "chỉ daily=1 mới mở ván hôm nay",
    },
    "en": {
        "not_text": "the deal code cannot be read",
        "empty": "the link has no deal code",
        "characters": "the deal code has characters a shared link never has",
        "length": "the deal code is cut off or has extra text (a code is 48 characters)",
        "not_base64": "the deal code cannot be read",
        "damaged": "the deal code has a wrong or missing character (a copying slip?)",
        "version": "the hand was shared from another version of the page",
        "impossible": "the deal code matches no hand that can be dealt",
        "not_preset": "only hands of the five rule sets can be shared",
        "not_date": "a date is written year-month-day, like 2026-12-01",
        "daily_flag": "only daily=1 opens today's deal",
    },
}
PAGE_DEAL_REASONS = ("daily_flag",)


def deal_reason(lang: str, code: str) -> str:
    """Why a deal link was refused, in the page's language, from its code
    (``phom.share.DealError.code``, never the error's English message)."""
    words = DEAL_REASONS.get(lang, DEAL_REASONS["en"])
    return words.get(code, words["impossible"])


def link_reason(lang: str, problem: Problem) -> str:
    """One refused parameter in the page's language, from its code (never
    from the English message), with the parameter as the link gave it."""
    words = LINK_REASONS.get(lang, LINK_REASONS["en"])
    data = dict(problem.data)
    if isinstance(options := data.get("options"), tuple):
        data["options"] = ", ".join(options)
    label = PARAM_LABELS.get(lang, PARAM_LABELS["en"]).get(problem.param, problem.param)
    text = words.get((problem.param, problem.code)) or words[problem.code]
    return f"{text.format(label=label, **data)} ({problem.param}={problem.value})"


def link_notice(lang: str, link: Link) -> str:
    """One sentence naming every malformed parameter and why."""
    bad = "; ".join(link_reason(lang, p) for p in link.problems)
    return f"{t(lang, 'link_bad')} {bad}."


def save_reason(lang: str, error: Exception | None) -> str:
    """Why a save was set aside, in the page's language: by the error's code
    (``phom.BadSave.code``); any other error is a damaged save."""
    words = SAVE_REASONS.get(lang, SAVE_REASONS["en"])
    why = words.get(getattr(error, "code", "damaged"), words["damaged"])
    return t(lang, "save_reason", why=why)


def link_dialog_html(app: App) -> str:
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
    at start), ``lost`` (taken over), ``waiting`` (asked, not yet handed),
    ``silent`` (the other tab did not answer: it may be frozen or hung)."""
    key = {"lost": "tab_lost", "silent": "tab_silent"}.get(state, "tab_busy")
    title, body = t(lang, key + "_title"), t(lang, key + "_body")
    if state == "waiting":
        btn = (f'<button type="button" class="btn primary" disabled data-key="tab-take">'
               f'{escape(t(lang, "tab_waiting"))}</button>')
    elif state == "silent":
        btn = (f'<button type="button" class="btn primary" data-act="tab_steal" data-key="tab-take">'
               f'{escape(t(lang, "tab_steal"))}</button>')
    else:
        btn = (f'<button type="button" class="btn primary" data-act="tab_take" data-key="tab-take">'
               f'{escape(t(lang, "tab_take"))}</button>')
    return (f'<section class="elsewhere" data-tab="{escape(state)}" role="alert" aria-labelledby="tab-title">'
            f'<h1 id="tab-title">{escape(title)}</h1><p>{escape(body)}</p>{btn}</section>')
