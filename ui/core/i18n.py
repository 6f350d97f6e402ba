"""Every word the page shows, in Vietnamese (first) and English.

``t(lang, key, **kw)`` formats one string; a key missing in English falls back
to Vietnamese, a key missing everywhere shows the key (tests catch that).
Card names come from the engine (``Card.name(lang)``), ù names from
``phom.actions.U_NAMES_VI/EN``.
"""

from __future__ import annotations

from phom.words import Who, capital
from phom.words import number as _number
from phom.words import percent as _percent

LANGS = ("vi", "en")

BOT_NAMES = ("Lan", "Minh", "Tuấn")

PRESET_NAMES = {
    "vi": {
        "basic": "Cơ bản",
        "traditional": "Truyền thống",
        "online": "Kiểu online",
        "bonus": "Thưởng",
        "village": "Làng (có gà)",
    },
    "en": {
        "basic": "Basic",
        "traditional": "Traditional",
        "online": "Online style",
        "bonus": "Bonus",
        "village": "Village (with pot)",
    },
}

BOT_LEVELS = ("random", "easy", "normal", "hard", "expert")
SPEEDS = ("slow", "normal", "fast", "instant")

STRINGS: dict[str, dict[str, str]] = {
    "vi": {
        "title": "Phỏm",
        "subtitle": "Tá lả",
        "loading": "Đang tải…",
        "you": "Bạn",
        "stock": "Nọc",
        "stock_label": "Nọc · {n} lá còn lại",
        "stock_draw_label": "Nọc · {n} lá còn lại: bốc một lá",
        "hand_label": "Bài trên tay",
        "cards_n": "{n} lá",
        "hand_size_label": "{n} lá trên tay",
        "discards": "Bài đã đánh",
        "eaten": "Đã ăn",
        "melds": "Phỏm đã hạ",
        "starter": "Cái",
        "starter_long": "Người chia (cái)",
        "laid": "Đã hạ",
        "mom": "Móm",
        "face_down": "Lá úp",
        "eatable_label": "Ăn {card}",
        "eaten_mark": "lá đã ăn",
        "in_meld": "trong phỏm {n}",
        "sendable": "gửi được",
        "selected": "đang chọn",
        "cannot_discard": "không đánh được",
        "hand_no": "Ván {n}",
        "total": "Tổng",
        "pot": "Gà: {n}",
        # buttons
        "btn_draw": "Bốc",
        "btn_eat": "Ăn",
        "btn_discard": "Đánh",
        "btn_lay": "Hạ",
        "btn_lay_mom": "Hạ (móm)",
        "btn_lay_none": "Không hạ thêm",
        "btn_tai_on": "Đi tiếp",
        "btn_u": "Ù!",
        "btn_pass": "Chơi tiếp",
        "btn_next": "Ván mới",
        "btn_settings": "Cài đặt",
        "btn_rules": "Luật",
        "btn_help": "Phím tắt",
        "btn_close": "Đóng",
        "btn_sort_rank": "Xếp theo số",
        "btn_sort_suit": "Xếp theo chất",
        "btn_prev_arr": "Cách trước",
        "btn_next_arr": "Cách khác",
        "btn_send": "Gửi {card} vào {meld} ({owner})",
        "btn_new_match": "Trận mới",
        "btn_log": "Nhật ký",
        "btn_mute": "Tắt tiếng",
        "log_title": "Nhật ký ván",
        "log_empty": "Chưa có nước đi nào.",
        "log_round": "Vòng {n}",
        "log_dealt": "Chia bài — cái: {name}.",
        "btn_scores": "Bảng điểm",
        "btn_lay_skip": "Không hạ — móm",
        "btn_mom_confirm": "Không hạ, chịu móm",
        "btn_back": "Quay lại",
        "btn_sort": "Xếp bài",
        "arr_skip": "Không hạ — móm",
        "prompt_take_touch": "Chạm nọc để bốc{eat}.",
        "prompt_take_eat_touch": ", hoặc chạm {card} đang sáng để ăn",
        "prompt_discard_sel_kbd": "Nhấn Enter lần nữa hoặc Đánh để đánh {card}.",
        "prompt_lay_mom_kbd": "Bạn không có phỏm nào để hạ (móm). Nhấn Hạ (L).",
        "prompt_lay_mom_touch": "Bạn không có phỏm nào để hạ (móm). Chạm Hạ.",
        "prompt_lay_skip": "Cách này không hạ gì: bạn sẽ bị móm.",
        "confirm_mom_title": "Không hạ phỏm?",
        "confirm_mom_text": "Không hạ thì bạn bị móm và trả nhiều điểm nhất. Bài của bạn hạ được: {melds}",
        "confirm_new_title": "Bắt đầu trận mới?",
        "confirm_new_text": "Ván đang chơi dở sẽ bị bỏ và điểm cả trận về 0.",
        "scores_title": "Bảng điểm",
        "scores_none": "Chưa hết ván nào.",
        "scores_hand": "Ván",
        "scores_total": "Tổng",
        "scores_now": "đang chơi",
        "laid_melds": "Đã hạ",
        "left_cards": "Còn trên tay",
        "sent_by": "{who} gửi",
        "sent_key": "Viền xanh: lá gửi vào phỏm; chữ ở góc: người gửi.",
        "nothing_laid": "không hạ",
        "players_range": "{lo} đến {hi} người chơi.",
        # prompts
        "prompt_take": "Bốc một lá từ nọc (D){eat}.",
        "prompt_take_eat": ", hoặc ăn {card} (E)",
        "prompt_discard": "Chọn một lá để đánh.",
        "prompt_discard_sel": "Chạm lần nữa hoặc chạm Đánh để đánh {card}.",
        "prompt_first": "Bạn là cái: đánh lá đầu tiên.",
        "prompt_lay": "Đến lượt hạ: các lá có vạch màu sẽ được hạ, còn {pts} điểm rác.",
        "prompt_lay_mom": "Bạn không có phỏm nào để hạ (móm). Nhấn Hạ (L).",
        "prompt_tai": "Lượt tái: hạ thêm phỏm nếu có, rồi gửi bài và đánh.",
        "prompt_tai_mom": "Lượt tái: bạn vẫn móm, chưa có phỏm để hạ. Đi tiếp rồi đánh một lá.",
        "prompt_send": "Gửi lá rác vào phỏm trên bàn, hoặc đánh lá cuối.",
        "prompt_last": "Đánh lá cuối cùng.",
        "prompt_u_optional": "Bạn có thể Ù ({kind}). Ù ngay hay chơi tiếp?",
        "prompt_wait": "{name} đang đi…",
        "prompt_over": "Hết ván.",
        "prompt_auto_lay": "Hạ phỏm giúp bạn…",
        "prompt_auto_send": "Gửi bài giúp bạn…",
        "prompt_auto_u": "Bạn ù!",
        "arr_points": "rác {pts} điểm",
        "arrangement": "Cách hạ",
        # announcements
        "ev_your_turn": "Đến lượt bạn.",
        # end of hand
        "over_title": "Hết ván {n}",
        "rank_n": "Thứ {n}",
        "rank_1": "Nhất",
        "rank_2": "Nhì",
        "rank_3": "Ba",
        "rank_4": "Bét",
        "payments": "Thanh toán",
        "no_payments": "Không ai phải trả gì.",
        "totals": "Điểm cả trận",
        "u_badge": "Ù",
        # settings
        "settings_title": "Cài đặt",
        "set_preset": "Luật chơi",
        "set_players": "Số người chơi",
        "set_hand_size": "Số lá chia",
        "set_bot": "Sức máy",
        "set_speed": "Tốc độ máy",
        "set_lang": "Ngôn ngữ",
        "set_four": "Bộ bài bốn màu",
        "set_new_match_note": "Đổi luật hoặc số người sẽ bắt đầu trận mới.",
        "bot_random": "Ngẫu nhiên",
        "bot_easy": "Dễ",
        "bot_normal": "Vừa",
        "bot_hard": "Khó",
        "bot_expert": "Cao thủ",
        "speed_slow": "Chậm",
        "speed_normal": "Vừa",
        "speed_fast": "Nhanh",
        "speed_instant": "Tức thì",
        "players_n": "{n} người",
        "lang_vi": "Tiếng Việt",
        "lang_en": "English",
        # help
        "help_title": "Phím tắt",
        "help_keys": (
            "D|Bốc một lá từ nọc;E|Ăn lá vừa đánh;L|Hạ phỏm;"
            "← →|Đi qua các lá trên tay;Shift + ← →|Chuyển lá đang chọn sang trái / phải;Enter / Space|Chọn lá, nhấn lần nữa để đánh;"
            "G|Gửi lá được gợi ý;A|Đổi cách hạ phỏm;S|Đổi cách xếp bài;U|Ù;P|Chơi tiếp (không ù);"
            "K|Nhật ký ván;M|Tắt / bật tiếng;N|Ván mới;?|Bảng này;Esc|Đóng bảng, bỏ chọn"
        ),
        "help_touch": ("Chạm lá đang sáng để ăn, chạm nọc để bốc. Chạm một lá để nhấc lên, chạm lần nữa để đánh. "
                       "Kéo một lá sang chỗ khác để xếp lại bài; nút Xếp đưa bài về thứ tự cũ."),
        # notices
        "notice_corrupt": "Không đọc được ván đã lưu. Đã cất riêng (không xoá) và bắt đầu trận mới.",
        "notice_bad_deck": "Bộ bài thử không hợp lệ; chia bài ngẫu nhiên.",
        "notice_error": "Có lỗi: {msg}",
        "rules_title": "Luật chơi",
        "meld_n": "Phỏm {n}",
        "meld_of": "phỏm {who.poss}",
        "table_region": "Bàn chơi",
        # the seats (ui/table/seats.py)
        "seats": "Ai ngồi ghế nào",
        "seat_n": "Ghế {n}",
        "person": "Người chơi",
        "name": "Tên",
        "person_n": "Người {n}",
        "guest": "Khách (điện thoại khác)",
        "host": "Chủ bàn",
        "guest_n": "Khách {n}",
        "bot_n": "Máy {n}",
        "seats_note": "Hai người trở lên: chơi chung một máy, đưa máy cho nhau khi tới lượt. Không ai thấy bài của người khác.",
        "cover_title": "Đưa máy cho {name}",
        "cover_tap": "{name} chạm vào đây để xem bài",
        "cover_hint": "Bài của mọi người đang được che.",
        "cover_over": "Ván đã xong — chạm để xem kết quả",
        "name_taken": "Tên này đã có người dùng",
        "name_empty": "Người chơi cần có tên",
        "hidden_hand": "bài úp",
        # the menu (ui/table/menu.py)
        "menu_more": "Thêm",
        "menu_title": "Thêm",
        "menu_table": "Ván này",
        "menu_learn": "Học và chia sẻ",
        # what gets in the way: links, storage, tabs (ui/table/banners.py)
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
        "tab_silent_title": "Thẻ kia không trả lời",
        "tab_silent_body": "Phỏm đang mở ở một thẻ khác nhưng thẻ đó không trả lời (có thể bị treo, hoặc trình duyệt đã tạm dừng nó). Bạn có thể chơi tiếp ở đây từ lần lưu cuối; nếu thẻ kia chạy lại, nó sẽ dừng và không ghi đè lên ván này.",
        "tab_steal": "Chơi ở đây thay thẻ kia",
        "save_reason": "Lý do: {why}.",
    },
    "en": {
        "title": "Phỏm",
        "subtitle": "Tá lả",
        "loading": "Loading…",
        "you": "You",
        "stock": "Stock",
        "stock_label": "Stock · {n} cards left",
        "stock_draw_label": "Stock · {n} cards left: draw one",
        "hand_label": "Your hand",
        "cards_n": "{n} cards",
        "hand_size_label": "{n} cards in hand",
        "discards": "Discards",
        "eaten": "Eaten",
        "melds": "Laid melds",
        "starter": "Dealer",
        "starter_long": "Dealer (starts)",
        "laid": "Laid down",
        "mom": "Móm",
        "face_down": "Face-down card",
        "eatable_label": "Eat {card}",
        "eaten_mark": "eaten card",
        "in_meld": "in meld {n}",
        "sendable": "can be sent",
        "selected": "selected",
        "cannot_discard": "cannot be discarded",
        "hand_no": "Hand {n}",
        "total": "Total",
        "pot": "Pot: {n}",
        "btn_draw": "Draw",
        "btn_eat": "Eat",
        "btn_discard": "Discard",
        "btn_lay": "Lay down",
        "btn_lay_mom": "Lay down (móm)",
        "btn_lay_none": "Lay nothing more",
        "btn_tai_on": "Go on",
        "btn_u": "Ù!",
        "btn_pass": "Play on",
        "btn_next": "New hand",
        "btn_settings": "Settings",
        "btn_rules": "Rules",
        "btn_help": "Keys",
        "btn_close": "Close",
        "btn_sort_rank": "Sort by rank",
        "btn_sort_suit": "Sort by suit",
        "btn_prev_arr": "Previous",
        "btn_next_arr": "Another way",
        "btn_send": "Send {card} to {meld} ({owner})",
        "btn_new_match": "New match",
        "btn_log": "Log",
        "btn_mute": "Mute",
        "log_title": "Move log",
        "log_empty": "No moves yet.",
        "log_round": "Round {n}",
        "log_dealt": "Dealt — dealer: {name}.",
        "btn_scores": "Score sheet",
        "btn_lay_skip": "Don't lay down — móm",
        "btn_mom_confirm": "Lay nothing, take móm",
        "btn_back": "Go back",
        "btn_sort": "Sort",
        "arr_skip": "Don't lay down — móm",
        "prompt_take_touch": "Tap the stock to draw{eat}.",
        "prompt_take_eat_touch": ", or tap the glowing {card} to eat it",
        "prompt_discard_sel_kbd": "Press Enter again or Discard to discard {card}.",
        "prompt_lay_mom_kbd": "You have no meld to lay down (móm). Press Lay down (L).",
        "prompt_lay_mom_touch": "You have no meld to lay down (móm). Tap Lay down.",
        "prompt_lay_skip": "This way lays nothing: you would be móm.",
        "confirm_mom_title": "Lay down nothing?",
        "confirm_mom_text": "Laying nothing makes you móm: you pay the most. Your hand can lay down: {melds}",
        "confirm_new_title": "Start a new match?",
        "confirm_new_text": "The hand in progress is dropped and the match totals go back to 0.",
        "scores_title": "Score sheet",
        "scores_none": "No hand finished yet.",
        "scores_hand": "Hand",
        "scores_total": "Total",
        "scores_now": "in play",
        "laid_melds": "Laid",
        "left_cards": "Left in hand",
        "sent_by": "sent by {who.obj}",
        "sent_key": "Blue edge: a card sent onto a meld; letter: its sender.",
        "nothing_laid": "laid nothing",
        "players_range": "{lo} to {hi} players.",
        "prompt_take": "Draw from the stock (D){eat}.",
        "prompt_take_eat": ", or eat {card} (E)",
        "prompt_discard": "Choose a card to discard.",
        "prompt_discard_sel": "Tap it again or tap Discard to discard {card}.",
        "prompt_first": "You are the dealer: make the first discard.",
        "prompt_lay": "Your lay-down turn: the cards with a colour bar are laid down, {pts} points left over.",
        "prompt_lay_mom": "You have no meld to lay down (móm). Press Lay down (L).",
        "prompt_tai": "Extra turn (tái): lay down more melds if you have any, then send and discard.",
        "prompt_tai_mom": "Extra turn (tái): you are still móm, with no meld to lay. Go on, then discard.",
        "prompt_send": "Send deadwood onto melds on the table, or make your last discard.",
        "prompt_last": "Make your last discard.",
        "prompt_u_optional": "You can go out ({kind}). Ù now or play on?",
        "prompt_wait": "{name} is playing…",
        "prompt_over": "Hand over.",
        "prompt_auto_lay": "Laying down your melds…",
        "prompt_auto_send": "Sending your cards…",
        "prompt_auto_u": "You go out: ù!",
        "arr_points": "{pts} pts left",
        "arrangement": "Arrangement",
        "ev_your_turn": "Your turn.",
        "over_title": "Hand {n} is over",
        "rank_n": "#{n}",
        "rank_1": "1st",
        "rank_2": "2nd",
        "rank_3": "3rd",
        "rank_4": "4th",
        "payments": "Payments",
        "no_payments": "Nobody pays anything.",
        "totals": "Match totals",
        "u_badge": "Ù",
        "settings_title": "Settings",
        "set_preset": "Rules",
        "set_players": "Players",
        "set_hand_size": "Cards per hand",
        "set_bot": "Bot strength",
        "set_speed": "Bot speed",
        "set_lang": "Language",
        "set_four": "Four-colour deck",
        "set_new_match_note": "Changing the rules or the number of players starts a new match.",
        "bot_random": "Random",
        "bot_easy": "Easy",
        "bot_normal": "Normal",
        "bot_hard": "Hard",
        "bot_expert": "Expert",
        "speed_slow": "Slow",
        "speed_normal": "Normal",
        "speed_fast": "Fast",
        "speed_instant": "Instant",
        "players_n": "{n} players",
        "lang_vi": "Tiếng Việt",
        "lang_en": "English",
        "help_title": "Keyboard",
        "help_keys": (
            "D|Draw from the stock;E|Eat the latest discard;L|Lay down;"
            "← →|Move along your hand;Shift + ← →|Move the focused card left / right;Enter / Space|Pick a card, again to discard;"
            "G|Send the suggested card;A|Another lay-down arrangement;S|Change sorting;U|Go out (ù);P|Play on (no ù);"
            "K|Move log;M|Sound off / on;N|New hand;?|This panel;Esc|Close panel, unselect"
        ),
        "help_touch": ("Tap the glowing card to eat it, tap the stock to draw. Tap a card to raise it, tap it again to discard. "
                       "Drag a card to another place to arrange your hand; the Sort button puts it back in order."),
        "notice_corrupt": "The saved game could not be read. It was set aside (not deleted) and a new match starts.",
        "notice_bad_deck": "The test deck is not valid; dealing at random.",
        "notice_error": "Something went wrong: {msg}",
        "rules_title": "Rules",
        "meld_n": "Meld {n}",
        "meld_of": "{who.poss} meld",
        "table_region": "Card table",
        # the seats (ui/table/seats.py)
        "seats": "Who sits where",
        "seat_n": "Seat {n}",
        "person": "Person",
        "name": "Name",
        "person_n": "Player {n}",
        "guest": "Guest (another phone)",
        "host": "Host",
        "guest_n": "Guest {n}",
        "bot_n": "Bot {n}",
        "seats_note": "Two or more people: share one phone and pass it on at each turn. Nobody sees anyone else's cards.",
        "cover_title": "Pass the phone to {name}",
        "cover_tap": "{name}, tap here to see your cards",
        "cover_hint": "Everybody's cards are covered.",
        "cover_over": "The hand is over — tap to see the result",
        "name_taken": "Somebody already has that name",
        "name_empty": "A person needs a name",
        "hidden_hand": "cards face down",
        # the menu (ui/table/menu.py)
        "menu_more": "More",
        "menu_title": "More",
        "menu_table": "This match",
        "menu_learn": "Learn and share",
        # what gets in the way: links, storage, tabs (ui/table/banners.py)
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
        "tab_silent_title": "The other tab does not answer",
        "tab_silent_body": "Phỏm is open in another tab, but that tab does not answer (it may be hung, or the browser has paused it). You can carry on here from the last save; if the other tab wakes up, it stops and does not overwrite this match.",
        "tab_steal": "Play here instead",
        "save_reason": "Reason: {why}.",
    },
}


def percent(x: float, lang: str, digits: int = 0) -> str:
    """A share (0..1) as a percentage, through ``number`` ("12,5%")."""
    return _percent(x, lang, digits)


def number(x: float, lang: str, digits: int = 1, sign: bool = False) -> str:
    """A fraction as ``lang`` writes it ("0,6" in Vietnamese): phom.words.number,
    the one function every number on the page goes through."""
    return _number(x, lang, digits, sign)


class Words:
    """A word table and its lookup, the one shape every feature's words take:
    ``{lang: {key: text}}``, Vietnamese first. The page's own table is
    ``STRINGS`` (looked up as ``t``); a feature with words of its own keeps one
    table and one lookup beside its HTML (ui/learn/words.py ``tx``), and adds
    nothing to another's.

    ``words(lang, key, **kw)`` is ``lang``'s text (else the Vietnamese, else the
    key itself: tests catch a missing one) with ``kw`` filled in. A sentence
    about a seat takes it as ``who=Who(...)`` (phom/words.py): when that seat is
    the one spoken to, ``key + "@you"`` is used where the language has it ("You
    go out"), and every ``Who`` is said in ``lang`` ("{who.obj}", "{who.poss}");
    a sentence that opens with the seat starts with a capital ("Your meld")."""

    def __init__(self, table: dict[str, dict[str, str]]) -> None:
        self.table = table

    def __call__(self, lang: str, key: str, **kw: object) -> str:
        table = self.table.get(lang) or self.table["vi"]
        who = kw.get("who")
        s = None
        if isinstance(who, Who) and who.you:
            s = table.get(key + "@you")
        if not s:
            s = table.get(key)
        if not s:
            s = self.table["vi"].get(key, key)
        if not kw:
            return s
        said = {k: (v.said(lang) if isinstance(v, Who) else v) for k, v in kw.items()}
        out = s.format(**said)
        return capital(out) if s.startswith("{who") else out


t = Words(STRINGS)


def player_name(lang: str, seat: int, human_seat: int = 0) -> str:
    if seat == human_seat:
        return t(lang, "you")
    i = (seat - human_seat - 1) % len(BOT_NAMES)
    return BOT_NAMES[i]


def own_names() -> set[str]:
    """The name the page gives the phone's own player, in every language ("bạn",
    "you", casefolded): a seat plan or a record keeps it in the language it was
    made in (ui/table/seats.py says it in the page's; ui/learn/ keeps its record)."""
    return {t(lang, "you").casefold() for lang in LANGS}


def preset_name(lang: str, preset: str) -> str:
    return PRESET_NAMES.get(lang, PRESET_NAMES["vi"]).get(preset, preset)


def rank_word(lang: str, place: int, players: int) -> str:
    """1-based place → "Nhất", "Nhì", "Ba", "Bét" (last place says Bét)."""
    if place == players and players > 1:
        return t(lang, "rank_4")
    if 1 <= place <= 3:
        return t(lang, f"rank_{place}")
    return t(lang, "rank_n", n=place)


def u_name(lang: str, kind: str | None) -> str:
    try:
        from phom.actions import U_NAMES_EN, U_NAMES_VI
    except ImportError:  # pragma: no cover
        return kind or ""
    names = U_NAMES_EN if lang == "en" else U_NAMES_VI
    return names.get(kind or "", kind or "")
