"""The rules page, written for players, in Vietnamese and English, per preset.

``rules_html(lang, preset)`` returns the text as HTML: the core every table
shares, then what this preset's table does its own way (docs/RULES.md §12).
"""

from __future__ import annotations

from html import escape

CORE = {
    "vi": [
        ("Bộ bài và mục tiêu", [
            "Một bộ bài tây 52 lá, không có phăng teo. Át là nhỏ nhất: A, 2, 3 … 10, J, Q, K. "
            "Át tính 1 điểm, lá số tính theo số, J 11, Q 12, K 13.",
            "Ghép bài thành phỏm để cuối ván tổng điểm các lá rác còn trên tay càng thấp càng tốt.",
            "Phỏm ngang: ba hoặc bốn lá cùng số, ví dụ 7-7-7. Phỏm dọc: từ ba lá liên tiếp cùng chất "
            "trở lên, ví dụ 4-5-6 cơ. A-2-3 là phỏm, Q-K-A và K-A-2 thì không.",
        ]),
        ("Chia bài", [
            "Mỗi người 9 lá, người chia (cái) được thêm một lá thành 10 lá và đánh lá đầu tiên. "
            "Bài còn lại úp làm nọc. Bài đi ngược chiều kim đồng hồ: người đi sau bạn ngồi bên phải.",
        ]),
        ("Mỗi lượt", [
            "Lấy một lá: ăn lá người ngồi trước vừa đánh, hoặc bốc một lá từ nọc. Chỉ được ăn khi lá đó "
            "ghép thành phỏm với ít nhất hai lá trên tay bạn.",
            "Lá đã ăn để ngửa trước mặt, luôn phải nằm trong một phỏm, và mỗi phỏm chỉ có một lá ăn. "
            "Lá đã ăn không được đánh ra.",
            "Rồi đánh một lá ra trước mặt mình.",
        ]),
        ("Hạ phỏm và gửi bài", [
            "Đến lượt hạ, sau khi lấy bài, bạn hạ tất cả phỏm của cách xếp bạn chọn. Trang này đề nghị "
            "cách ít điểm rác nhất; bạn có thể chọn cách khác.",
            "Sau khi hạ, bạn được gửi lá rác vào phỏm đã hạ trên bàn (của mình hay của người đã hạ trước): "
            "phỏm dọc nhận lá nối vào hai đầu, phỏm ngang ba lá nhận lá thứ tư. Lá gửi không bị tính điểm.",
            "Rồi đánh lá cuối cùng. Không hạ được phỏm nào là móm: móm không được gửi và về cuối.",
        ]),
        ("Ù", [
            "Sau khi lấy bài, nếu mọi lá trên tay (trừ lá sẽ đánh) đều vào phỏm, bạn ù: thắng ngay, "
            "ván kết thúc, mọi người trả tiền ù cho bạn. Trang này tự báo và ù cho bạn.",
        ]),
        ("Tính điểm", [
            "Ai ít điểm rác nhất về nhất; bằng điểm thì ai hạ trước xếp trên. Người móm xếp sau mọi người "
            "có phỏm. Về nhì trả người nhất 1, về ba trả 2, về bét trả 3, móm trả 4.",
            "Bị ăn một lá trả người ăn tiền ăn. Ăn chốt là ăn lá đánh ở vòng hạ: tiền cao hơn.",
            "Người thắng (ù hoặc về nhất) làm cái ván sau.",
        ]),
    ],
    "en": [
        ("Cards and goal", [
            "One 52-card deck, no jokers. Aces are low: A, 2, 3 … 10, J, Q, K. An ace counts 1 point, "
            "number cards their number, J 11, Q 12, K 13.",
            "Group your cards into melds (phỏm) so that the points left in your hand at the end are as low "
            "as possible.",
            "A set is three or four cards of one rank, like 7-7-7. A run is three or more cards in a row in "
            "one suit, like 4-5-6 of hearts. A-2-3 is a run; Q-K-A and K-A-2 are not.",
        ]),
        ("The deal", [
            "Everyone gets 9 cards; the dealer (cái) gets a 10th and discards first. The rest is the stock, "
            "face down. Play goes counter-clockwise: the player after you sits on your right.",
        ]),
        ("Your turn", [
            "Take one card: eat (ăn) the card the player before you just discarded, or draw (bốc) from the "
            "stock. You may eat only a card that makes a meld with at least two cards in your hand.",
            "An eaten card lies face up in front of you, must always belong to one of your melds, and no "
            "meld may hold two eaten cards. You cannot discard an eaten card.",
            "Then discard (đánh) one card face up in front of you.",
        ]),
        ("Laying down and sending", [
            "On your lay-down turn, after taking, you lay down (hạ) every meld of the arrangement you choose. "
            "The page proposes the one with the fewest points left over; you can pick another.",
            "Then you may send (gửi) loose cards onto melds already on the table (yours or those of players "
            "who laid down before): a run takes a card at either end, a set of three takes the fourth card. "
            "Sent cards score nothing.",
            "Then make your last discard. A player who lays down no meld is móm: they cannot send and rank last.",
        ]),
        ("Ù", [
            "If after taking a card all your cards but the one you would discard fit in melds, you go out "
            "(ù): you win at once, the hand ends, and everyone pays you the ù payment. The page announces it "
            "and plays it for you.",
        ]),
        ("Scoring", [
            "Fewest points left wins; on a tie whoever laid down first ranks higher. Móm players rank below "
            "everyone with a meld. 2nd place pays the winner 1, 3rd pays 2, last pays 3, a móm player pays 4.",
            "When your discard is eaten you pay the eater. Eating a chốt (a discard from the lay-down round) "
            "costs more.",
            "The winner (ù, or first place) deals the next hand.",
        ]),
    ],
}

PRESET_TEXT = {
    "basic": {
        "vi": [
            "Mỗi người đánh đúng bốn lượt; lượt thứ tư là lượt hạ.",
            "Trang tự hạ cách tốt nhất và tự gửi bài cho bạn, rồi bạn đánh lá cuối.",
            "Bị ăn trả 1, bị ăn chốt trả 4. Ù: mỗi người trả 5. Ù tròn (cả lá cuối cũng vào phỏm) tính như ù.",
            "Không có gửi ù, không có đền.",
        ],
        "en": [
            "Everyone discards exactly four times, and the fourth turn is the lay-down turn.",
            "The page lays down the best arrangement and sends your cards for you; then you make your last discard.",
            "An eaten card pays 1, an eaten chốt pays 4. Ù: everyone pays 5; ù tròn (even the last card melds) "
            "pays the same.",
            "No going out by sending (gửi ù), no đền.",
        ],
    },
    "traditional": {
        "vi": [
            "Ván theo bàn: khi trên bàn đã có 3 × số người lá đánh ra thì bắt đầu vòng hạ; ai cũng hạ ở lượt "
            "kế tiếp của mình. Ván hết khi có 4 × số người lá đánh ra.",
            "Ăn chốt làm thiếu lá thì người đã hạ được đi thêm lượt (tái): lấy bài, hạ thêm, gửi và đánh.",
            "Tiền ăn theo số lá: lá ăn thứ nhất trả 1, thứ hai 2, thứ ba 3; ăn chốt trả 4.",
            "Có gửi ù: sau khi hạ và gửi mà chỉ còn đúng lá đánh ra thì ù.",
            "Đền: người để nhà dưới ăn ba lá rồi ù, hoặc người bị ăn chốt sau cùng trước khi có người ù, "
            "trả tiền ù thay cho cả bàn.",
        ],
        "en": [
            "Table count: once 3 × players discards lie on the table the lay-down round begins; everyone lays "
            "down on their next turn. The hand ends at 4 × players discards.",
            "When an eaten chốt leaves the count short, players who have laid down get an extra turn (tái): "
            "take, lay down more, send and discard.",
            "Eats pay by count: the eater's 1st eaten card pays 1, the 2nd 2, the 3rd 3; a chốt pays 4.",
            "Gửi ù is on: if after laying down and sending only the discard is left, you go out.",
            "Đền: the player who fed the winner three cards, or the latest player whose chốt was eaten, "
            "pays the whole ù payment for everyone.",
        ],
    },
    "online": {
        "vi": [
            "Hai người là chơi solo. Ván theo bàn, có tái, như luật truyền thống.",
            "Tiền ăn theo số lá (1, 2, 3; chốt 4). Có đền.",
            "Ù thường, gửi ù, ù khan (bài chia không có cạ nào), ù tròn trả gấp đôi.",
            "Ù K: lúc hạ mà giữ ba lá K (không lá nào ăn) thì mọi người trả ngay, bốn lá K trả gấp đôi; ván vẫn tiếp tục.",
        ],
        "en": [
            "Two players is \"solo\". Table count with tái, as in the traditional rules.",
            "Eats pay by count (1, 2, 3; a chốt 4). Đền is on.",
            "Ù, gửi ù, ù khan (a dealt hand with no pair or near-run at all), ù tròn pays double.",
            "Ù K: holding three kings (none eaten) at lay-down makes everyone pay at once, four kings pay "
            "double; the hand goes on.",
        ],
    },
    "bonus": {
        "vi": [
            "Mỗi người đánh bốn lượt như luật cơ bản, nhưng bạn tự chọn cách hạ và tự gửi bài.",
            "Tiền ăn theo vòng: lá ăn ở vòng 1 trả 1, vòng 2 trả 2, vòng 3 trả 3, vòng 4 trả 4.",
            "Ù thưởng: ù tròn × 1,5, thiên ù (bài chia đã ù) × 2, ù dọc dài (một phỏm dọc 9–10 lá) × 3, ù khan.",
            "Có đền.",
        ],
        "en": [
            "Four discards each as in the basic rules, but you choose your lay-down and your sends yourself.",
            "Eats pay by round: a card eaten in round 1 pays 1, round 2 pays 2, round 3 pays 3, round 4 pays 4.",
            "Bonus ù: ù tròn × 1.5, thiên ù (a dealt ù) × 2, ù dọc dài (one run of 9–10 cards) × 3, ù khan.",
            "Đền is on.",
        ],
    },
    "village": {
        "vi": [
            "Luật làng: ván theo bàn có tái, có thể chơi 8 hoặc 9 lá.",
            "Gà: đầu mỗi ván ai cũng góp vào gà; người ù (không phải ù khan, ù cùng màu) ăn cả gà.",
            "Ăn thường trả 1; ăn chốt của cùng một người lần 1, 2, 3 trả 5, 10, 15.",
            "Ù thường, gửi ù, ù khan, ù cùng màu, ù tròn × 2; ù hai ván liền (thông) × 2, tròn thông × 3.",
            "Ù không bắt buộc: bạn có thể chơi tiếp. Mọi người móm thì ai cũng trả theo hạng. Có đền.",
        ],
        "en": [
            "Village rules: table count with tái; hands of 8 or 9 cards.",
            "The pot (gà): everyone puts in at the start of each hand; an ù (other than ù khan or one-colour ù) "
            "takes it all.",
            "An ordinary eat pays 1; the 1st, 2nd, 3rd chốt eaten from the same player pay 5, 10, 15.",
            "Ù, gửi ù, ù khan, one-colour ù, ù tròn × 2; ù in two hands in a row (thông) × 2, ù tròn thông × 3.",
            "Going out is optional: you may play on. If everyone is móm, everyone pays by rank. Đền is on.",
        ],
    },
}

TITLES = {
    "vi": {"core": "Luật chung", "preset": "Luật riêng: {name}"},
    "en": {"core": "The core rules", "preset": "This table's rules: {name}"},
}


def players_line(lang: str, preset: str) -> str:
    """How many may sit, from the preset's rules object (never a number written by hand)."""
    from phom import Rules

    from ..core.i18n import t

    allowed = Rules.preset(preset).players_allowed
    return t(lang, "players_range", lo=min(allowed), hi=max(allowed))


def rules_html(lang: str, preset: str) -> str:
    from ..core.i18n import preset_name

    lang = lang if lang in CORE else "vi"
    out = [f'<h3>{escape(TITLES[lang]["preset"].format(name=preset_name(lang, preset)))}</h3><ul>']
    out.append(f"<li>{escape(players_line(lang, preset))}</li>")
    for p in PRESET_TEXT.get(preset, PRESET_TEXT["basic"])[lang]:
        out.append(f"<li>{escape(p)}</li>")
    out.append("</ul>")
    out.append(f'<h3>{escape(TITLES[lang]["core"])}</h3>')
    for title, paras in CORE[lang]:
        out.append(f"<h4>{escape(title)}</h4>")
        out.extend(f"<p>{escape(p)}</p>" for p in paras)
    return "".join(out)
