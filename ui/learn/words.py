"""The learning side's words, Vietnamese and English side by side (ui/i18n.Words).

One table for the whole package, so a text moved between its modules keeps its key
and both its languages: the render, the intents and the deals all say things.
"""

from __future__ import annotations

from ..core.i18n import Words

# key: (Vietnamese, English)
WORDS = {
    "btn_hint": ("Gợi ý", "Hint"),
    "btn_daily": ("Ván hôm nay", "Today's deal"),
    "btn_share": ("Chia sẻ ván này", "Share this hand"),
    "btn_stats": ("Thống kê", "Statistics"),
    "hint_thinking": ("Đang nghĩ gợi ý…", "Thinking of a hint…"),
    "hint": ("Gợi ý", "Hint"),
    "share_title": ("Chia sẻ ván này", "Share this hand"),
    "share_text": ("Gửi đường link này cho bạn: mở ra là chia đúng ván này (cùng bài mọi nhà, cùng nọc, cùng máy).",
        "Send this link to a friend: it deals exactly this hand (the same cards in every seat, the same stock, the same bots)."),
    "btn_copy": ("Sao chép", "Copy"),
    "copied": ("Đã sao chép", "Copied"),
    "confirm_title": ("Cất trận đang chơi?", "Put your match aside?"),
    "confirm_deal": ("Mở ván được chia sẻ: trận đang chơi được cất lại, điểm giữ nguyên; quay lại bằng «Về trận đang chơi» trong menu Thêm.",
        "Open the shared hand: the match in progress is put aside with its totals; come back to it with “Back to my match” in the More menu."),
    "confirm_daily": ("Chơi ván hôm nay ({date}): trận đang chơi được cất lại, điểm giữ nguyên; quay lại bằng «Về trận đang chơi» trong menu Thêm.",
        "Play today's deal ({date}): the match in progress is put aside with its totals; come back to it with “Back to my match” in the More menu."),
    "btn_yes_replace": ("Cất trận, chơi ván mới", "Put it aside, play"),
    "btn_back_match": ("Về trận đang chơi", "Back to my match"),
    "back_match_totals": ("Về trận đang chơi ({totals})", "Back to my match ({totals})"),
    "btn_keep": ("Chơi tiếp ván cũ", "Keep playing"),
    "stats_title": ("Thống kê", "Statistics"),
    "stats_empty": ("Chưa có ván nào xong.", "No hand finished yet."),
    "stats_empty_who": ("{name} chưa chơi xong ván nào.", "{name} has not finished a hand yet."),
    "everyone": ("Mọi người", "Everyone"),
    "whose": ("Thống kê của ai", "Whose statistics"),
    "all_presets": ("Tất cả", "All"),
    "which_table": ("Xem bàn chơi nào bên cạnh tất cả", "Which table beside all of them"),
    "by_table": ("Theo luật:", "By rules:"),
    "hands": ("Số ván", "Hands"),
    "wins": ("Thắng", "Wins"),
    "places": ("Vị trí", "Places"),
    "mom_rate": ("Móm", "Móm"),
    "u_kinds": ("Ù", "Ù"),
    "eats": ("Ăn", "Eats"),
    "chot_eaten": ("Ăn chốt", "Chốts eaten"),
    "chot_fed": ("Bị ăn chốt", "Chốts fed"),
    "units": ("Điểm", "Units"),
    "per_hand": ("Mỗi ván", "Per hand"),
    "streak": ("Thắng liền", "Best streak"),
    "hints_used": ("Gợi ý đã dùng", "Hints used"),
    "daily_results": ("Ván hôm nay", "Today's deals"),
    "chart": ("Tổng điểm {n} ván gần nhất", "Running total, last {n} hands"),
    "btn_reset": ("Xoá thống kê", "Reset statistics"),
    "reset_q": ("Xoá hết thống kê? Không lấy lại được.",
        "Erase all statistics? This cannot be undone."),
    "btn_reset_yes": ("Xoá hết", "Erase all"),
    "btn_reset_no": ("Không", "No"),
    "place_n": ("thứ {n}", "{n}"),
    "none": ("—", "—"),
    "notice_stats": ("Một phần thống kê bị hỏng nên đã được để riêng.",
        "Part of the statistics was damaged and has been set aside."),
    "notice_deal": ("Đường link ván chia sẻ không mở được: {why}. Không có gì thay đổi.",
        "The shared-hand link cannot be opened: {why}. Nothing was changed."),
    "notice_day": ("Ngày trong đường link không đọc được (day={value}): {why}. Ngày đó bị bỏ qua: "
                   "ván hôm nay vẫn là ván của hôm nay.",
        "The date in the link cannot be read (day={value}): {why}. It was ignored: today's deal "
        "is today's."),
    "notice_daily": ("Đường link có daily={value}: {why}, nên không có gì thay đổi.",
        "The link says daily={value}: {why}, so nothing was changed."),
    "daily_banner": ("Ván hôm nay · {date}", "Today's deal · {date}"),
    "shared_banner": ("Ván được chia sẻ", "Shared hand"),
    "hint_used_n": ("Gợi ý: {n}", "Hints: {n}"),
    "btn_review": ("Xem lại", "Review"),
    "btn_tutorial": ("Hướng dẫn", "Tutorial"),
    "welcome": ("Mới chơi Phỏm? Thử một ván có hướng dẫn.", "New to Phỏm? Try a guided hand."),
    "confirm_tutorial": ("Ván hướng dẫn: trận đang chơi được cất lại, điểm giữ nguyên; quay lại bằng «Về trận đang chơi» trong menu Thêm.",
        "The tutorial hand: the match in progress is put aside with its totals; come back to it with “Back to my match” in the More menu."),
    "btn_done": ("Xong", "Done"),
    "summary_title": ("Các kiểu luật khác nhau thế nào", "How the rule sets differ"),
    "summary_text": ("Bạn vừa chơi luật «Cơ bản», không thưởng, không đền. Chọn kiểu luật trong Cài đặt.",
        "You just played the “Basic” rules: no bonuses, no đền. Pick a rule set in Settings."),
    "not_now": ("Để sau", "Not now"),
    "lesson_lost": ("Ván hướng dẫn đang dở không mở lại được. Chơi lại từ đầu?",
        "The tutorial in progress could not be reopened. Start it again?"),
}
tx = Words.pairs(WORDS)
TEXT = tx.table
