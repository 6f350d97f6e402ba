"""Xem lại / Review: the finished hand, move by move, with the expert's marks.

Pure Python, no browser. ``ReviewSession`` holds the hand's record, the step
shown and what ``phom.review`` found (computed in slices by ``steps()``, which
``ui/page/learn.py`` runs); ``html()`` draws the step with every hand face up,
the move log beside it (the expert's marks in it), the move on show in words by
the step buttons, and the expert-in-your-seat result. The page only displays what the engine's review module computed.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from html import escape
from typing import TYPE_CHECKING

from phom import Action, Card, DeclareU, Discard, Draw, Eat, Game, LayDown, Pass, Send, narrate
from phom.review import Decision, HandRecord, Replay, Review, expert_in_seat_steps, review_steps

from ..core.i18n import number
from ..core.widgets import btn, scroll_box
from .words import tx

if TYPE_CHECKING:
    from ..table.bots import TableBot


def _sym(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol() for c in sorted(cards, key=lambda c: (c.rank, "SCDH".index(c.suit))))


def _cards_html(cards: Iterable[Card]) -> str:
    out: list[str] = []
    for c in sorted(cards, key=lambda c: (c.rank, "SCDH".index(c.suit))):
        red = " red" if c.suit in "DH" else ""
        out.append(f'<span class="rv-card{red}">{escape(c.symbol())}</span>')
    return "".join(out) or "—"


def move_words(a: Action, lang: str) -> str:
    """A move in the players' words: "đánh 7♠", "ăn", "hạ 3♠ 4♠ 5♠"."""
    if isinstance(a, Discard):
        return tx(lang, "review_discard", card=a.card.symbol())
    if isinstance(a, Eat):
        return tx(lang, "review_eat")
    if isinstance(a, Draw):
        return tx(lang, "review_draw")
    if isinstance(a, LayDown):
        if not a.melds:
            return tx(lang, "review_lay_none")
        return tx(lang, "review_lay", melds=" | ".join(_sym(m) for m in a.melds))
    if isinstance(a, Send):
        return tx(lang, "review_send", card=a.card.symbol())
    if isinstance(a, DeclareU):
        return tx(lang, "review_u")
    if isinstance(a, Pass):
        return tx(lang, "review_pass")
    return str(a)


# the review's keys (ui/page/keys.py sends them here while the review is open); Escape closes it
KEYS = {"ArrowLeft": "rv_prev", "ArrowRight": "rv_next", "Home": "rv_first", "End": "rv_last"}
_KEY_SIGN = {"rv_prev": ("←", "ArrowLeft"), "rv_next": ("→", "ArrowRight"),
             "rv_first": ("Home", "Home"), "rv_last": ("End", "End")}


def _btn(label: str, act: str, *, disabled: bool = False, cls: str = "", mark: str = "",
         after: bool = False) -> str:
    """A review control: ``mark`` (« ‹ › ») beside its word; on a narrow phone the
    first/last words give way to the mark alone (CSS), and its key is shown while
    the player uses a keyboard (the help line says them all on a phone)."""
    sign, name = _KEY_SIGN.get(act, ("", ""))
    word = f'<span class="rv-w">{escape(label)}</span>'
    m = f'<span aria-hidden="true">{escape(mark)}</span>' if mark else ""
    inner = (word + " " + m if after else m + " " + word) if mark else word
    return btn(label, act, key=act, cls=cls, kbd=sign or None, disabled=disabled, aria_label=label,
               html_label=inner, keys=name or None)


class ReviewSession:
    """One finished hand under review, for the seat ``seat``."""

    def __init__(self, game: Game, seat: int, names: list[str], hand_no: int, seed: str,
                 expert_seed: int, bot_for: Callable[[int, int], TableBot], you: int | None = None) -> None:
        self.rec = HandRecord.of(game)
        self.seat = seat
        self.names = names
        self.hand_no = hand_no
        self.seed = seed
        self.expert_seed = expert_seed
        self.bot_for = bot_for          # (seat, actions so far) -> the hand's bot, fresh
        self.final = self.rec.replay()
        # the move log's own words, every draw by its card: every hand is face up here
        self.moves = narrate.moves(self.final, seat, open_hands=True)
        self.you = you                  # the seat spoken to as "you" (English verbs agree)
        self.step = 0
        self.progress = 0.0
        self.review: Review | None = None
        self.replay: Replay | None = None

    # ------------------------------------------------------------ work
    def steps(self) -> Generator[None, None, None]:
        """Generator: the review, then the expert in the seat; yields between slices."""
        gen = review_steps(self.rec, self.seat, seed=self.seed)
        while True:
            try:
                p = next(gen)
            except StopIteration as stop:
                self.review = stop.value
                break
            if p is not None:
                self.progress = p
            yield
        self.replay = yield from expert_in_seat_steps(self.rec, self.seat, self.bot_for,
                                                      seed=self.expert_seed)

    @property
    def done(self) -> bool:
        return self.review is not None and self.replay is not None

    def marks(self) -> dict[int, Decision]:
        if self.review is None:
            return {}
        return {d.index: d for d in self.review.marked}

    # ------------------------------------------------------------ intents
    def handle(self, intent: str) -> bool:
        n = len(self.rec.actions)
        if intent == "rv_first":
            self.step = 0
        elif intent == "rv_prev":
            self.step = max(0, self.step - 1)
        elif intent == "rv_next":
            self.step = min(n, self.step + 1)
        elif intent == "rv_last":
            self.step = n
        elif intent == "rv_next_mark":
            later = [i for i in sorted(self.marks()) if i + 1 > self.step]
            marks = sorted(self.marks())
            if not marks:
                return False
            self.step = (later[0] if later else marks[0]) + 1
        else:
            return False
        return True

    # ------------------------------------------------------------ html
    def html(self, lang: str) -> str:
        n = len(self.rec.actions)
        k = self.step
        g = self.rec.new_game()
        for a in self.rec.actions[:k]:
            g.apply(a)
        marks = self.marks()
        seats = []
        for s in range(g.players):
            v = g.view(s)
            name = self.names[s] if s < len(self.names) else f"{s + 1}"
            cur = " current" if not g.is_over and g.to_move == s else ""
            me = " me" if s == self.seat else ""
            seats.append(
                f'<div class="rv-seat{cur}{me}"><b>{escape(name)}</b>'
                f'<div class="rv-hand">{_cards_html(v.hand)}</div>'
                f'<div class="rv-row"><small>{escape(tx(lang, "review_discards"))}:</small> '
                f'{_cards_html(v.discards[s])}</div></div>')
        melds = g.view(self.seat).table_melds
        table = ""
        if melds:
            table = (f'<div class="rv-table"><small>{escape(tx(lang, "review_table"))}:</small> '
                     + " · ".join(_cards_html(cs) for _m, _o, cs in melds) + "</div>")
        log: list[str] = []
        now = ""
        for i, mv in enumerate(self.moves[:n]):
            cls = []
            if i == k - 1:
                cls.append("now")
            note = ""
            d = marks.get(i)
            if d is not None:
                cls.append("marked")
                note = ('<div class="rv-note">★ ' + escape(tx(
                    lang, "review_prefers", move=move_words(d.preferred, lang),
                    cost=number(d.cost, lang), se=number(d.se, lang))) + "</div>")
            text = narrate.say(mv, lang, self.names, you=self.you)
            log.append(f'<li class="{" ".join(cls)}" data-step="{i + 1}">{escape(text)}{note}</li>')
            if i == k - 1:
                # the move on show in words, beside the step buttons: on a small phone
                # the log may be scrolled away, this line never is
                now = (f'<div class="rv-now{" marked" if d is not None else ""}" data-step="{k}">'
                       f'<b>{k}.</b> {escape(text)}{note}</div>')
        if not now:
            now = f'<div class="rv-now" data-step="0">{escape(tx(lang, "review_start"))}</div>'
        if self.final.is_over:   # how it ended, in the move log's words (phom.narrate.outcome)
            head, *rest = narrate.outcome(self.final.result, lang, self.names, you=self.you)
            log.append(f'<li class="rv-result"><b>{escape(head)}</b><ul class="outcome">'
                       + "".join(f"<li>{escape(x)}</li>" for x in rest) + "</ul></li>")
        if self.review is None:
            status = tx(lang, "review_working", p=int(100 * self.progress))
        else:
            m = len(self.review.marked)
            status = tx(lang, "review_marked_n", n=m) if m else tx(lang, "review_marked_0")
            status += " " + tx(lang, "review_reviewed", n=len(self.review.decisions),
                               p=self.review.playouts)
        if self.replay is not None and self.final.result is not None:
            you = self.final.result.deltas[self.seat]
            exp = tx(lang, "review_expert_seat", e=self.replay.deltas[self.seat], y=you)
        else:
            exp = tx(lang, "review_expert_working")
        where = tx(lang, "review_step", k=k, n=n) if k else tx(lang, "review_start")
        controls = (
            '<div class="rv-controls" role="group">'
            + _btn(tx(lang, "review_first"), "rv_first", disabled=k == 0, mark="«", cls="rv-end")
            + _btn(tx(lang, "review_prev"), "rv_prev", disabled=k == 0, mark="‹")
            + f'<span class="rv-where" aria-live="polite">{escape(where)}</span>'
            + _btn(tx(lang, "review_next"), "rv_next", disabled=k == n, cls="primary", mark="›", after=True)
            + _btn(tx(lang, "review_last"), "rv_last", disabled=k == n, mark="»", after=True, cls="rv-end")
            + (_btn("★ " + tx(lang, "review_next_mark"), "rv_next_mark") if marks else "")
            + "</div>")
        help_ = (f'<p class="rv-help"><span class="kbd-only">{escape(tx(lang, "review_keys"))}</span>'
                 f'<span class="touch-only">{escape(tx(lang, "review_touch"))}</span></p>')
        # the board, the log, then the move in words and the step buttons at the bottom,
        # where a thumb is; learn.css lays them out (a column upright, two columns else)
        return (f'<div class="review"><p class="rv-status" role="status">{escape(status)}</p>'
                f'<p class="rv-expert">{escape(exp)}</p>'
                f'<div class="rv-board">{"".join(seats)}{table}</div>'
                + scroll_box("div", tx(lang, "review_log"), f'<h3>{escape(tx(lang, "review_log"))}</h3>'
                             f'<ol class="rv-log">{"".join(log)}</ol>', cls="rv-logbox", key="rv-logbox")
                + f'{now}{controls}{help_}</div>')

