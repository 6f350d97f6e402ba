"""Hướng dẫn / Tutorial: a guided first hand, then what differs in each preset.

A crafted deal (``phom.deal.make_deck``) at a ``basic`` table (four turns, no
bonus ù, no đền: the rules a beginner expects) in which the player, in seat 1 of 4
after the starter, meets in order: a draw, a discard of high deadwood, an eat, the
discard after it, a draw and a discard, the last draw (whose callout says how the
basic table then lays down, choosing the arrangement that lets 7♦ be sent, and
sends, by itself: ``Rules.auto_lay_down``), a chốt to avoid and the payments. The
lay-down and send steps stay for a table that lays down by hand. The other seats
follow a script (``ScriptBot``) so the lesson unfolds the same way every time; the
player makes every move of their own, and a move other than the lesson's is
refused with the reason.

``preset_summary(lang)`` is the one-screen summary after the hand: for each
preset its turn model, tái, đền, eat payments and ù kinds, read from ``Rules``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, TypeGuard

import phom
from phom import Action, Card, Discard, Draw, Eat, Game, LayDown, PlayerView, Rules, Send
from phom.deal import make_deck

from ..table import dom

if TYPE_CHECKING:
    from phom.bots.base import Steps

    from ..table.app import App
    from ..table.bots import TableBot

PRESET = "basic"
STARTER = 3
HANDS = {0: "5H 6H 7H 7D 7C QD QH KC 2S",
         1: "8S 10S 2D 3D JH KH 4C 9H AH",
         2: "10H 10D 10C 5S 3H 4S JD 2C KD",
         3: "4D 5D 6D QS 6C 8C AS AC AD 2H"}
STOCK = "3C 5C 9C KS 4H 8H QC JS 8D 6S 3S 9S JC"
# The scripted seats' moves that make the lesson (turn -> moves); otherwise they draw,
# lay down what they can and throw the card they drew.
SCRIPT = {3: {1: ["discard 6C"], 2: ["draw", "discard QS"], 3: ["draw", "discard 8C"]}}


def deck() -> list[Card]:
    return make_deck(HANDS, stock=STOCK, players=4, starter=STARTER)


def C(text: str) -> Card:
    return Card.parse(text)


class ScriptBot:
    """A seat of the tutorial: plays the script, else the plainest move.

    What it remembers (the hand before its draw, to throw the card drawn) is
    rebuilt from the hand's record by ``script_bots`` after a reload; the
    script itself is read afresh at each decision (the first scripted move of
    this turn that is legal now), so a bot made in the middle of a turn plays
    the rest of it as the first one would have."""

    name = "script"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.held: set[Card] = set()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        turn = view.public.turn_no[self.seat]
        if Draw() in legal:
            self.held = set(view.hand)
        for move in SCRIPT.get(self.seat, {}).get(turn, ()):
            word, _, rest = move.partition(" ")
            a = Draw() if word == "draw" else Discard(C(rest))
            if a in legal:
                return a
        if Draw() in legal:
            return Draw()
        lays: list[Action] = [a for a in legal if isinstance(a, LayDown)]
        if lays:
            return lays[0]
        if len(legal) == 1:
            return legal[0]
        ds = [a for a in legal if isinstance(a, Discard)]
        drawn = [a for a in ds if a.card not in self.held]
        return (drawn or ds or legal)[-1]

    def choose_steps(self, view: PlayerView, legal: Sequence[Action]) -> Steps:
        return self.choose(view, legal)
        yield  # pragma: no cover


def script_bots(game: Game | None = None) -> dict[int, TableBot]:
    """The lesson's seats (1-3), caught up with ``game`` (the tutorial hand so far,
    resumed after a reload): each is shown every decision it made, as at the table."""
    bots: dict[int, ScriptBot] = {s: ScriptBot(s) for s in (1, 2, 3)}
    if game is not None and game.actions:
        from phom.review import HandRecord

        replay = HandRecord.of(game).new_game()
        for a in game.actions:
            s = replay.to_move
            if s in bots:
                bots[s].choose(replay.view(s), replay.legal_actions())
            replay.apply(a)
    return dict(bots)


def is_tutorial_hand(game: object) -> TypeGuard[Game]:
    """Is ``game`` the tutorial's deal at the tutorial's table (a resumed save)?"""
    return (isinstance(game, Game) and game.rules.name == PRESET and game.players == 4
            and game.starter == STARTER and list(getattr(game, "deck", ()) or ()) == deck())


@dataclass(frozen=True)
class Step:
    turn: int          # the player's turn number
    phase: str         # the game's phase at this step
    text: dict[str, str]   # lang -> callout
    target: str        # CSS selector of what the callout points at


def _lay_ok(a: Action | None) -> bool:
    return isinstance(a, LayDown) and any(C("5H") in m for m in a.melds)


STEPS: list[tuple[Step, Callable[[Action], bool]]] = [
    (Step(1, "take", {"vi": "Đến lượt bạn. Lá 6♣ nhà trên vừa đánh không ghép được phỏm với "
                            "bài bạn, nên bạn bốc một lá ở nọc (phím D).",
                      "en": "Your turn. The 6♣ just thrown makes no meld with your cards, so "
                            "draw a card from the stock (key D)."}, dom.STOCK),
     lambda a: a == Draw()),
    (Step(1, "discard", {"vi": "Mỗi lượt phải đánh một lá. K♣ là rác to nhất, không vào cạ "
                               "nào: chạm K♣ hai lần (hoặc chọn bằng phím ← → rồi Enter).",
                         "en": "Every turn ends with a discard. K♣ is your highest deadwood, with "
                               "no partner: tap it twice (or pick it with ← → and press Enter)."},
          dom.card("KC")), lambda a: a == Discard(C("KC"))),
    (Step(2, "take", {"vi": "Nhà trên đánh Q♠. Bạn có Q♦ Q♥: ăn Q♠ thành phỏm Q♠ Q♦ Q♥ "
                            "(phím E). Người bị ăn phải trả tiền ăn cho bạn.",
                      "en": "The player before you threw Q♠. With Q♦ Q♥ you can eat it for "
                            "the meld Q♠ Q♦ Q♥ (key E); the thrower pays you for the eat."},
          dom.act("eat")), lambda a: a == Eat()),
    (Step(2, "discard", {"vi": "Ăn xong vẫn phải đánh một lá. Lá đã ăn phải nằm trong phỏm nên "
                               "không đánh được. Đánh 2♠.",
                         "en": "After an eat you still discard. An eaten card must stay in its "
                               "meld, so it cannot be thrown. Discard 2♠."},
          dom.card("2S")), lambda a: a == Discard(C("2S"))),
    (Step(3, "take", {"vi": "Lá 8♣ không vào phỏm nào của bạn: bốc.",
                      "en": "The 8♣ fits none of your melds: draw."}, dom.STOCK),
     lambda a: a == Draw()),
    (Step(3, "discard", {"vi": "J♠ vừa bốc là rác to, không cạ: đánh J♠.",
                         "en": "The J♠ you drew is high deadwood with no partner: discard it."},
          dom.card("JS")), lambda a: a == Discard(C("JS"))),
    (Step(4, "take", {"vi": "Vòng cuối: bốc. Rồi luật Cơ bản tự hạ phỏm cho bạn, chọn cách "
                            "xếp 5♥ 6♥ 7♥ (không phải 7♥ 7♦ 7♣) để gửi được 7♦ vào phỏm 4♦ 5♦ 6♦ "
                            "trên bàn, và gửi luôn: bớt 7 điểm.",
                      "en": "The last round: draw. Then the Basic rules lay down your melds for "
                            "you, choosing 5♥ 6♥ 7♥ (not 7♥ 7♦ 7♣) so that 7♦ can be sent onto the "
                            "4♦ 5♦ 6♦ on the table, and send it: 7 points fewer."}, dom.STOCK),
     lambda a: a == Draw()),
    (Step(4, "lay_down", {"vi": "Hạ phỏm. Cách xếp đề xuất lấy 5♥ 6♥ 7♥ chứ không lấy "
                                "7♥ 7♦ 7♣: như vậy 7♦ gửi được vào phỏm 4♦ 5♦ 6♦ trên bàn. "
                                "Bấm Hạ (phím L).",
                          "en": "Lay down. The proposal takes 5♥ 6♥ 7♥ rather than 7♥ 7♦ 7♣: "
                                "that way 7♦ can be sent onto the 4♦ 5♦ 6♦ on the table. "
                                "Press Lay down (key L)."},
          dom.act("lay")), _lay_ok),
    (Step(4, "discard_send", {"vi": "Gửi 7♦ vào phỏm 4♦ 5♦ 6♦: bớt 7 điểm.",
                              "en": "Send 7♦ onto 4♦ 5♦ 6♦: 7 points fewer."},
          dom.act("send")), lambda a: isinstance(a, Send) and a.card == C("7D")),
    (Step(4, "discard", {"vi": "Lá cuối là chốt: nhà dưới ăn được chốt thì bạn trả 4. 9♠ nguy "
                               "hiểm (8♠, 10♠ chưa ra). 7♣ an toàn: 6♣, 8♣ đã ra, 7♥ 7♦ đã nằm "
                               "trên bàn. Đánh 7♣.",
                         "en": "The last discard is the chốt: if the next player eats it you "
                               "pay 4. 9♠ is risky (8♠ and 10♠ are still out). 7♣ is safe: 6♣ "
                               "and 8♣ are gone, 7♥ 7♦ lie on the table. Discard 7♣."},
          dom.card("7C")), lambda a: a == Discard(C("7C"))),
]

OVER = {"vi": "Hết ván. Bảng dưới cho thấy ai trả ai: tiền bị ăn, vị trí, móm. Bạn nhất vì còn "
              "ít điểm nhất. Bấm «Xong» để xem các kiểu luật.",
        "en": "The hand is over. The list shows who pays whom: the eat, the places, the móm. You "
              "are first with the fewest points left. Press “Done” to see the rule sets."}


# "(phím D)", "(key E)", "(hoặc chọn bằng phím ← → rồi Enter)": what a keyboard does, in
# brackets, said only where there is a keyboard (ui/learn/learn.css .kbd-hint)
_KEY_HINT = re.compile(r" ?\((?:phím|key|hoặc chọn bằng phím|or pick it with)\b[^)]*\)")


def key_hints(html: str) -> str:
    """The callout's key hints marked, for CSS to show them on a device with a keyboard."""
    return _KEY_HINT.sub(lambda m: f'<span class="kbd-hint">{m.group(0)}</span>', html)


class Tutorial:
    """The guided hand in progress: which step, what the callout says and points at."""

    def __init__(self) -> None:
        self.active = True
        self.refused: dict[str, str] | None = None   # lang -> why the move was refused

    def step(self, app: App) -> tuple[Step, Callable[[Action], bool]] | None:
        """(Step, check) for the decision at hand, or None (bots' turn, or over)."""
        g = app.game
        if g is None or g.is_over or g.to_move != 0 or app.dialog:
            return None
        turn = g.view(0).public.turn_no[0]
        phase: str = g.phase
        if phase == "discard" and any(isinstance(a, Send) for a in g.legal_actions()):
            phase = "discard_send"
        for st, check in STEPS:
            if st.turn == turn and st.phase == phase:
                return st, check
        return None

    def allows(self, app: App, action: Action) -> bool:
        cur = self.step(app)
        if cur is None:
            return True
        ok = bool(cur[1](action))
        self.refused = None if ok else cur[0].text
        return ok

    def target(self, app: App) -> str | None:
        cur = self.step(app)
        if cur is None:
            return None
        st = cur[0]
        if st.phase == "lay_down" and _lay_ok(app.current_lay()):
            return dom.act("lay")
        if st.phase == "discard_send":
            legal = [a for a in app.legal() if isinstance(a, Send)]
            idx = next((i for i, a in enumerate(legal) if a.card == C("7D")), 0)
            return dom.act("send", idx)
        return st.target

    def callout_html(self, app: App, lang: str) -> str:
        g = app.game
        if g is not None and g.is_over:
            text = OVER["en" if lang == "en" else "vi"]
        else:
            cur = self.step(app)
            if cur is None:
                return ""
            text = cur[0].text["en" if lang == "en" else "vi"]
        head = "Hướng dẫn" if lang != "en" else "Tutorial"
        return (f'<div class="tut-callout" role="status" data-key="tut-callout"><b>{head}:</b> '
                f'{key_hints(escape(text))}</div>')


# ---------------------------------------------------------------- the presets, from Rules
# how each eat_pay scheme (Rules.eat_pay) pays, in short: (Vietnamese, English)
EAT_PAY_WORDS = {
    "flat": ("1, chốt {chot}", "1, chốt {chot}"),
    "by_count": ("lần 1/2/3 trả 1/2/3, chốt {chot}", "1st/2nd/3rd eat 1/2/3, chốt {chot}"),
    "by_round": ("vòng 1/2/3/4 trả 1/2/3/4", "round 1/2/3/4 pays 1/2/3/4"),
    "chot_escalating": ("1; chốt 5/10/15 tăng dần", "1; chốts 5/10/15, rising"),
}


def _eats(r: Rules, lang: str) -> str:
    vi, en = EAT_PAY_WORDS[str(r.eat_pay)]
    return (en if lang == "en" else vi).format(chot=r.chot_pay)


def _u_kinds(r: Rules, lang: str) -> str:
    from phom.actions import U_NAMES_EN, U_NAMES_VI

    names = U_NAMES_EN if lang == "en" else U_NAMES_VI
    out = [names["normal"]]
    for kind, mult in (("round", r.u_tron), ("send", 1 if r.gui_u else None),
                       ("khan", r.u_khan), ("same_color", r.u_same_color),
                       ("heaven", r.u_heaven), ("long_run", r.u_long_run)):
        if mult is None:
            continue
        out.append(names[kind] + (f" ×{mult:g}" if mult not in (1, 1.0) else ""))
    if r.u_kings:
        out.append(("ù K" if lang != "en" else "ù K (kings)") + f" ×{r.u_kings[0]:g}/×{r.u_kings[1]:g}")
    return ", ".join(out)


def preset_summary(lang: str) -> str:
    """One table: what differs in each preset, read from its Rules."""
    from ..core.i18n import preset_name

    vi = lang != "en"
    heads = (["Luật", "Lượt", "Tái", "Đền", "Tiền ăn", "Các kiểu ù"] if vi else
             ["Rules", "Turns", "Tái", "Đền", "Eats pay", "Ù kinds"])
    yes, no = ("có", "không") if vi else ("yes", "no")
    rows = []
    for name, r in phom.PRESETS.items():
        turns = (("4 lượt đánh mỗi người" if vi else "four discards each")
                 if r.turn_model == "four_turns" else
                 ("đếm bài trên bàn" if vi else "by the table count"))
        tai = yes if r.turn_model == "table" else no
        extra = []
        if r.pot:
            extra.append("gà" if vi else "pot (gà)")
        if r.streak:
            extra.append("thông" if vi else "streak (thông)")
        cells = [preset_name(lang, name), turns, tai, yes if r.den else no, _eats(r, lang),
                 _u_kinds(r, lang) + (" · " + ", ".join(extra) if extra else "")]
        # each cell names its column (data-col): on a phone the table reads as one
        # card a rule set, each line "Tái: có" (ui/learn/learn.css), nothing cut off
        rows.append("<tr>" + "".join(
            f'<th scope="row">{escape(c)}</th>' if i == 0 else
            f'<td data-col="{escape(heads[i])}">{escape(c)}</td>'
            for i, c in enumerate(cells)) + "</tr>")
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    return (f'<div class="preset-wrap"><table class="stats-table preset-table"><thead><tr>{head}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
