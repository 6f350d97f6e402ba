"""Learn, share, count: the page's hints, shared and daily deals, and statistics.

Pure Python, no browser: ``Learn`` sits beside ``App`` (``ui/learn_dom.py`` wires
it to the DOM). It decides no rule and ranks no move itself: the hint is
``phom.hints``' (the expert's move and its reason), a shared deal is a
``phom.share.Deal``, the statistics are ``phom.stats`` records. What it owns is
the page's side: which dialog is open, the hint shown for the decision at hand,
the hints used this hand, the question before a deal replaces a match in
progress, and the records kept in ``localStorage``.

Whose statistics (``record_owner``): every person playing on this device gets
their own record, keyed by name; a bot seat and a linked guest's seat record
nothing here (the guest's phone is the guest's). A linked guest's page offers
no tutorial, daily or shared deal and no review: those start or open a whole
match, which is the host's (``HOST_ONLY``); and it leaves the phone's own
learning state (this hand's hints, a lesson under way) as it found it.
"""

from __future__ import annotations

import json
from html import escape

from phom import Card, DeclareU, Discard, Draw, Eat, LayDown, Pass, Send, proposals
from phom.hints import Hint, hint_steps
from phom.share import Deal, DealError, daily, decode, parse_date
from phom.stats import Stats, hand_record

from . import menu, notices, store
from .app import HUMAN, App
from .banners import deal_reason
from .i18n import Words, own_names, player_name, preset_name, u_name
from .notices import Notice, Say, add, notice, say
from .params import FALSE, TRUE, short
from .review_view import ReviewSession
from .tutorial import PRESET as TUT_PRESET
from .tutorial import STARTER as TUT_STARTER
from .tutorial import Tutorial, is_tutorial_hand, preset_summary, script_bots
from .tutorial import deck as tutorial_deck
from .widgets import dialog

STATS_KEY = "phom.stats.v1"
STATS_CORRUPT_KEY = "phom.stats.corrupt"
LEARN_KEY = "phom.learn.v1"      # this hand's hint count, the daily date, the tutorial's hand
DIALOGS = ("learn-stats", "learn-share", "learn-confirm", "learn-review",
           "learn-summary")

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
    "confirm_title": ("Thay ván đang chơi?", "Replace the match in progress?"),
    "confirm_deal": ("Mở ván được chia sẻ sẽ bỏ ván đang chơi (điểm trận hiện tại mất).",
        "Opening the shared hand ends the match in progress (its totals are lost)."),
    "confirm_daily": ("Chơi ván hôm nay ({date}) sẽ bỏ ván đang chơi (điểm trận hiện tại mất).",
        "Playing today's deal ({date}) ends the match in progress (its totals are lost)."),
    "btn_yes_replace": ("Bỏ ván, chơi ván mới", "End it, play the new hand"),
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
    "welcome": ("Lần đầu chơi Phỏm? Chơi thử một ván có hướng dẫn.",
        "New to Phỏm? Play a guided first hand."),
    "confirm_tutorial": ("Ván hướng dẫn sẽ bỏ ván đang chơi (điểm trận hiện tại mất).",
        "The tutorial hand ends the match in progress (its totals are lost)."),
    "btn_done": ("Xong", "Done"),
    "summary_title": ("Các kiểu luật khác nhau thế nào", "How the rule sets differ"),
    "summary_text": ("Bạn vừa chơi luật «Thưởng». Chọn kiểu luật trong Cài đặt.",
        "You just played the “Bonus” rules. Pick a rule set in Settings."),
    "not_now": ("Để sau", "Not now"),
    "lesson_lost": ("Ván hướng dẫn đang dở không mở lại được. Chơi lại từ đầu?",
        "The tutorial in progress could not be reopened. Start it again?"),
}
tx = Words.pairs(WORDS)
TEXT = tx.table


GAME_INTENTS = ("draw", "eat", "lay", "send", "discard", "card", "u", "pass")
HOST_ONLY = ("tutorial", "welcome_no", "tutorial_done", "daily", "share", "copied", "review",
             "deal_yes")
"""Intents that start or open the whole match: not a linked guest's (it holds one view)."""


def record_owner(name: str) -> str | None:
    """Whose record a hand played under ``name`` (a seat's name) goes to.

    The record follows the name, solo or pass-and-play, because the name in the
    seat plan is the only thing the page knows about who is holding the phone,
    and a person expects one record of their own: Lan, who played with Minh
    under "Lan" and then plays alone with "Lan" still in the first seat, has
    played every one of those hands and would find half of them missing from
    her record otherwise. The name the page gives the device's own player when
    nobody typed one ("Bạn" / "You", either language) is the device's own
    record (None), the one every record from before names belongs to — so a
    solo player who never names themselves keeps the record they always had,
    and changing the language does not split it. A friend borrowing the phone
    for a solo game types their own name in Settings to start their own.
    """
    return None if name.casefold() in own_names() else name


def _btn(label: str, act: str, *, key: str | None = None, cls: str = "", arg: str | None = None,
         kbd: str | None = None) -> str:
    k = key or f"btn-{act}"
    a = f' data-arg="{escape(arg)}"' if arg is not None else ""
    ks = f' aria-keyshortcuts="{kbd}"' if kbd else ""
    inner = escape(label) + (f' <kbd aria-hidden="true">{escape(kbd)}</kbd>' if kbd else "")
    classes = f"btn {cls}".strip()
    return (f'<button type="button" class="{classes}" data-act="{act}" data-key="{k}"'
            f'{a}{ks}>{inner}</button>')


def _dialog(name: str, title: str, body: str, lang: str, wide: bool = False) -> str:
    """The page's dialog frame (ui/widgets.dialog), with this module's look."""
    return dialog(name, title, body, lang, wide=wide, cls="learn-dialog")


def chart_svg(totals: list[int], lang: str, width: int = 300, height: int = 90) -> str:
    """The running total as a small line chart (zero line, last value labelled)."""
    n = len(totals)
    label = escape(tx(lang, "chart", n=max(0, n - 1)))
    if n < 2:
        return ""
    lo, hi = min(min(totals), 0), max(max(totals), 0)
    span = max(1, hi - lo)
    pad = 6

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / (n - 1)

    def y(v: int) -> float:
        return pad + (height - 2 * pad) * (hi - v) / span

    pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(totals))
    last = totals[-1]
    return (f'<svg class="stats-chart" viewBox="0 0 {width} {height}" width="100%" '
            f'role="img" aria-label="{label}: {last:+d}">'
            f'<line x1="{pad}" x2="{width - pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
            f'stroke="currentColor" stroke-opacity=".35" stroke-dasharray="3 3"/>'
            f'<polyline points="{pts}" fill="none" stroke="currentColor" stroke-width="2"/>'
            f'<circle cx="{x(n - 1):.1f}" cy="{y(last):.1f}" r="3" fill="currentColor"/>'
            f'<text x="{width - pad}" y="{max(12.0, y(last) - 6):.1f}" text-anchor="end" '
            f'font-size="12" fill="currentColor">{last:+d}</text></svg>')


class Learn:
    def __init__(self, app: App) -> None:
        self.app = app
        self.storage = app.storage
        self.hint: Hint | None = None
        self.hint_for: str | None = None       # the decision the hint is for
        self.wanted: str | None = None         # a hint asked for and not computed yet
        self.base_url = ""
        self.today = ""                        # YYYY-MM-DD, the player's local date
        self.warnings: list[str] = []          # refusals' English, for the console
        self.pending: tuple[Deal, str | None] | None = None
        self.pending_tutorial = False
        self.confirm_reset = False
        self.copied = False
        self.banner: str | None = None
        self.session: ReviewSession | None = None
        self.tutorial: Tutorial | None = None
        self.welcome = False
        self.lesson_lost = False               # a tutorial was under way and could not be resumed
        self.lost_why: Notice | None = None    # the notice that said why (the save set aside)
        self.session_key: str | None = None
        self.stats_who: str = ""               # the stats view's choice: "" (the player), "@all", "=Name"
        self.stats_preset: str = ""            # the table shown beside all of them ("": the one in play)
        self.guest = bool(getattr(app, "guest", False))   # a linked guest's page (ui/linkplay.py)
        raw = store._get(self.storage, STATS_KEY)
        self.stats, bad = Stats.load(raw)
        if bad:
            self.storage.setItem(STATS_CORRUPT_KEY, json.dumps(
                [[str(r)[:2000], why] for r, why in bad], ensure_ascii=False))
            self.save_stats()
            app.notice = notice(say(tx, "notice_stats"))
        self.state = self._load_state()

    # ------------------------------------------------------------ storage
    def _load_state(self) -> dict:
        try:
            d = json.loads(store._get(self.storage, LEARN_KEY) or "{}")
        except ValueError:
            d = {}
        if not isinstance(d, dict):
            d = {}
        # lesson: the hand key of the tutorial in progress (resumed after a reload)
        # by_seat: this hand's hints per seat (pass-and-play: each person's own)
        out = {"hand": None, "hints": 0, "recorded": None, "daily": None, "tutorial": False,
               "lesson": None, "by_seat": {}}
        for k in out:
            v = d.get(k)
            if k == "hints" and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000:
                out[k] = v
            elif k == "tutorial" and isinstance(v, bool):
                out[k] = v
            elif k == "by_seat" and isinstance(v, dict):
                out[k] = {s: n for s, n in v.items() if s in ("0", "1", "2", "3") and isinstance(n, int)
                          and not isinstance(n, bool) and 0 <= n < 1000}
            elif k not in ("hints", "tutorial", "by_seat") and (v is None or isinstance(v, str)):
                out[k] = v
        return out

    def _save_state(self) -> None:
        if self.guest:
            return      # the phone's own hand and lesson are not the host's table's
        self.storage.setItem(LEARN_KEY, json.dumps(self.state))

    def save_stats(self) -> None:
        self.storage.setItem(STATS_KEY, self.stats.to_json())

    # ------------------------------------------------------------ keys
    def hand_key(self) -> str:
        return f"{self.app.match_seed}:{self.app.hand_no}"

    def decision_key(self) -> str:
        g = self.app.game
        return f"{self.hand_key()}:{len(g.actions) if g is not None else 0}"

    def hints_used(self, seat: int | None = None) -> int:
        """Hints asked this hand: in all, or by the person at ``seat`` (pass-and-play)."""
        if self.state["hand"] != self.hand_key():
            return 0
        if seat is None:
            return self.state["hints"]
        return self.state["by_seat"].get(str(seat), 0)

    def recorded_seats(self) -> list[int]:
        """The seats whose hand goes into the statistics: the people on this device."""
        app = self.app
        if self.guest or app.game is None:
            return []
        return [s for s in range(app.game.players) if s < len(app.seats) and app.is_person(s)]

    def owner(self, seat: int) -> str | None:
        return record_owner(self.app.seats[seat].name)

    # ------------------------------------------------------------ observe
    def observe(self) -> None:
        """After every change: a new hand resets the hint count; a finished hand
        is recorded once (the key survives a reload)."""
        app = self.app
        g = app.game
        if g is None:
            return
        key = self.hand_key()
        if self.state["lesson"] is not None and self.state["lesson"] != key and not self.guest:
            self.end_tutorial()    # the lesson was its own first hand only
        if self.state["hand"] != key:
            self.state.update(hand=key, hints=0, by_seat={})
            if app.hand_no > 1 and self.state["daily"] and not self.state["daily"].startswith(
                    f"{app.match_seed}|"):
                self.state["daily"] = None
            self._save_state()
        if self.hint_for is not None and self.hint_for != self.decision_key():
            self.hint, self.hint_for = None, None
        if g.is_over and self.state["recorded"] != key and not self.guest:
            day = self.daily_date() if app.hand_no == 1 else None
            for seat in self.recorded_seats():
                self.stats.add(hand_record(g, seat, hints=self.hints_used(seat), daily=day,
                                           who=self.owner(seat)))
            self.save_stats()
            self.state["recorded"] = key
            self._save_state()

    def daily_date(self) -> str | None:
        d = self.state["daily"]
        if d and d.startswith(f"{self.app.match_seed}|"):
            return d.split("|", 1)[1]
        return None

    # ------------------------------------------------------------ intents
    def handle(self, intent: str, arg: object = None) -> bool | None:
        """One tap or key of this module's; None when the intent is not ours."""
        app = self.app
        if self.guest and intent in HOST_ONLY:
            return False
        if self.tutorial is not None and intent in GAME_INTENTS and app.my_turn() \
                and not app.dialog:
            a = self._intent_action(intent, arg)
            if a is not None and not self.tutorial.allows(app, a):
                app.flash = self.tutorial.refused[app.lang if app.lang == "en" else "vi"]
                return True
            return None
        if intent == "tutorial":
            self.welcome = self.lesson_lost = False
            self.state["tutorial"] = True
            self._save_state()
            if self.in_progress():
                self.pending = None
                self.pending_tutorial = True
                app.dialog = "learn-confirm"
            else:
                self.start_tutorial()
            return True
        if intent == "welcome_no":
            self.welcome = self.lesson_lost = False
            self.state["tutorial"] = True
            self._save_state()
            return True
        if intent == "tutorial_done":
            self.end_tutorial()
            app.dialog = "learn-summary"
            return True
        if intent == "hint":
            if app.dialog or not app.my_turn() or app.auto_action() is not None:
                return False
            key = self.decision_key()
            if self.hint_for == key:
                return False
            if self.wanted != key:
                self.wanted = key
                by = self.state["by_seat"] if self.state["hand"] == self.hand_key() else {}
                me = str(getattr(app, "me", HUMAN))
                self.state["by_seat"] = {**by, me: by.get(me, 0) + 1}
                self.state["hints"] = self.hints_used() + 1
                self.state["hand"] = self.hand_key()
                self._save_state()
            return True
        if intent == "review":
            g = app.game
            if g is None or not g.is_over or self._review_would_leak():
                return False
            if self.session_key != self.hand_key():
                self.session = ReviewSession(
                    g, app.me if hasattr(app, "me") else HUMAN, app.names(), app.hand_no,
                    self.hand_key(), app.match_seed, app.make_bot,
                    you=None if getattr(app, "pass_and_play", False) else app.me)
                self.session_key = self.hand_key()
            else:   # the same hand again: the names in the page's language now
                self.session.names = app.names()
            app.dialog = "learn-review"
            return True
        if intent.startswith("rv_"):
            return self.session.handle(intent) if self.session is not None else False
        if intent == "stats":
            app.dialog = "learn-stats"
            self.confirm_reset = False
            self.stats_who = self._current_person()
            return True
        if intent == "stats_who":
            self.stats_who = str(arg or "")
            return True
        if intent == "stats_preset":
            self.stats_preset = str(arg or "")
            return True
        if intent == "stats_reset":
            self.confirm_reset = True
            return True
        if intent == "stats_reset_no":
            self.confirm_reset = False
            return True
        if intent == "stats_reset_yes":
            self.stats = Stats()
            self.save_stats()
            self.confirm_reset = False
            return True
        if intent == "share":
            app.dialog = "learn-share"
            self.copied = False
            return True
        if intent == "copied":
            self.copied = True
            return True
        if intent == "daily":
            self.offer(daily(parse_date(self.today)), self.today)
            return True
        if intent == "deal_yes":
            if self.pending_tutorial:
                self.pending_tutorial = False
                self.start_tutorial()
                return True
            if self.pending is not None:
                deal, day = self.pending
                self.pending = None
                self.start(deal, day)
            app.dialog = None
            return True
        if intent == "deal_no":
            self.pending = None
            self.pending_tutorial = False
            app.dialog = None
            return True
        return None

    def _intent_action(self, intent: str, arg: object):
        """The move a game intent would play now (None: it plays none)."""
        app = self.app
        legal = app.legal()
        if intent == "draw":
            return Draw()
        if intent == "eat":
            return Eat()
        if intent == "lay":
            return app.current_lay()
        if intent == "send":
            sends = [a for a in legal if isinstance(a, Send)]
            if not sends:
                return None
            if arg is None:
                return proposals.best_send(legal)
            try:
                return sends[int(str(arg))]
            except (ValueError, IndexError):
                return None
        if intent == "discard":
            return Discard(app.selected) if app.selected is not None else None
        if intent == "card":
            try:
                c = Card.parse(str(arg))
            except ValueError:
                return None
            return Discard(c) if app.selected == c and Discard(c) in legal else None
        return None

    def start_tutorial(self) -> None:
        app = self.app
        app.settings.update(preset=TUT_PRESET, players=4)
        store.save_settings(self.storage, app.settings)
        app.dialog = None
        app.new_match(seed=1, deck=tutorial_deck(), starter=TUT_STARTER)
        app.seat_bots(script_bots())   # the lesson's scripted seats
        self.tutorial = Tutorial()
        self.state.update(daily=None, lesson=self.hand_key())
        self._save_state()
        self.hint, self.hint_for, self.wanted = None, None, None

    def resume_tutorial(self, linked: bool = False) -> None:
        """After a reload: the tutorial that was under way goes on at its step (its
        scripted seats caught up with the saved hand). If the saved hand is not the
        lesson's any more (set aside, replaced), say so and offer to start it
        again — unless a link (``linked``) asked for another match."""
        lesson = self.state["lesson"]
        if lesson is None or self.tutorial is not None or self.guest:
            return
        app = self.app
        if lesson == self.hand_key() and is_tutorial_hand(app.game):
            app.seat_bots(script_bots(app.game))
            self.tutorial = Tutorial()
            self.welcome = False
            return
        self.end_tutorial()
        self.lesson_lost = not linked
        if self.lesson_lost and app.notice:
            # one banner in the notice's place: why the save is gone, then the offer
            self.lost_why, app.notice = app.notice, None

    def end_tutorial(self) -> None:
        self.tutorial = None
        if self.state["lesson"] is not None:
            self.state["lesson"] = None
            self._save_state()

    def tutorial_callout_html(self) -> str:
        if self.tutorial is None:
            return ""
        return self.tutorial.callout_html(self.app, self.app.lang)

    def tutorial_target(self) -> str | None:
        return self.tutorial.target(self.app) if self.tutorial is not None else None

    def welcome_html(self) -> str:
        """The tutorial offered: on a first visit, or again when one could not be resumed."""
        if not (self.welcome or self.lesson_lost) or self.tutorial is not None or self.guest:
            return ""
        lang = self.app.lang
        why = notices.text(self.lost_why, lang) or ""
        text = (f"{why} {tx(lang, 'lesson_lost')}".strip() if self.lesson_lost
                else tx(lang, "welcome"))
        # a banner among the others (ui/render.notice_html's stack): its words, the one
        # thing it offers, and × for "not now" as on every notice (the menu keeps the tutorial)
        later = escape(tx(lang, "not_now"))
        return (f'<div class="notice learn-welcome" role="status"><span class="welcome-text">'
                f'{escape(text)}</span>' + _btn(tx(lang, "btn_tutorial"), "tutorial", cls="primary")
                + f'<button type="button" class="btn ghost icon" data-act="welcome_no" '
                f'data-key="btn-welcome_no" aria-label="{later}" title="{later}">×</button></div>')

    # ------------------------------------------------------------ deals
    def in_progress(self) -> bool:
        """Would starting another deal lose something the player cares about?"""
        g = self.app.game
        if g is None:
            return False
        if self.app.hand_no > 1:
            return True
        return any(s == HUMAN for s, _k, _c in g.view(HUMAN).events)

    def offer(self, deal: Deal, day: str | None = None) -> None:
        """Start ``deal`` now, or ask first when a match is in progress."""
        if self.in_progress():
            self.pending = (deal, day)
            self.app.dialog = "learn-confirm"
        else:
            self.start(deal, day)

    def follow_link(self, deal: str | None = None, daily_: str | None = None,
                    day: str | None = None) -> bool:
        """The link's ``deal=`` (a shared hand), ``daily=`` (1: today's deal) and
        ``day=`` (the date today's deal is of), each None when absent; True when
        any was given. A malformed one is refused with a notice in the page's
        language and changes nothing (a bad ``day=`` leaves today's date); the
        English reason goes to ``warnings`` (the console)."""
        if day is not None:
            try:
                self.today = parse_date(day).isoformat()
            except DealError as e:
                self._refused(e, say(tx, "notice_day", value=short(day), why=say(deal_reason, e.code)))
        if deal is not None:
            self.offer_code(deal)
        elif daily_ is not None:
            flag = daily_.strip().lower()
            if flag in TRUE:
                self.handle("daily")
            elif flag not in FALSE:     # daily=0 asks for nothing, and gets nothing
                self.warnings.append(f"daily={daily_!r}: not 1 or 0")
                self._say(say(tx, "notice_daily", value=short(daily_), why=say(deal_reason, "daily_flag")))
        return any(x is not None for x in (deal, daily_, day))

    def offer_code(self, code: str) -> None:
        """A shared hand's code: offered (asking first if a match is in progress),
        or refused with why in the page's language, changing nothing."""
        try:
            deal = decode(code)
        except DealError as e:
            self._refused(e, say(tx, "notice_deal", why=say(deal_reason, e.code)))
            return
        self.offer(deal)

    def _refused(self, e: DealError, said: Say) -> None:
        self.warnings.append(f"{e.code}: {e}")
        self._say(said)

    def _say(self, said: Say) -> None:
        """Add to the page's notice (a link may have several things to say), kept as
        words (ui/notices.py) so a language switch says it again in the new one."""
        self.app.notice = add(self.app.notice, said)

    def start(self, deal: Deal, day: str | None = None) -> None:
        app = self.app
        app.settings.update(preset=deal.preset, players=deal.players, bot=deal.bot,
                            hand_size=deal.hand_size)   # a village hand may be of 8 cards
        store.save_settings(self.storage, app.settings)
        app.dialog = None
        app.new_match(seed=deal.seed, deck=list(deal.deck), starter=deal.starter)
        self.state["daily"] = f"{deal.seed}|{day}" if day else None
        self._save_state()
        self.banner = tx(app.lang, "daily_banner", date=day) if day else tx(app.lang,
                                                                            "shared_banner")
        self.hint, self.hint_for, self.wanted = None, None, None

    def share_code(self) -> str:
        g = self.app.game
        return Deal.of_game(g, self.app.settings["bot"], self.app.match_seed).encode()

    def share_url(self) -> str:
        return f"{self.base_url}?deal={self.share_code()}"

    # ------------------------------------------------------------ hints
    def hint_steps(self):
        """Generator: compute the wanted hint in slices; returns True when one was set."""
        app = self.app
        key = self.wanted
        if key is None or key != self.decision_key() or not app.my_turn():
            self.wanted = None
            return False
        g = app.game
        h = yield from hint_steps(app.view(), g.legal_actions(),
                                  key=f"{self.hand_key()}:{len(g.actions)}")
        if self.wanted != key or key != self.decision_key():
            return False
        self.hint, self.hint_for, self.wanted = h, key, None
        if isinstance(h.action, LayDown):
            opts = app.lay_options()
            if h.action in opts:
                app.arr_index = opts.index(h.action)
        return True

    def hint_target(self) -> str | None:
        """A CSS selector for the control that plays the hinted move."""
        h = self.hint
        if h is None or self.hint_for != self.decision_key():
            return None
        a = h.action
        if isinstance(a, Discard):
            return f'.hand [data-card="{a.card}"]'
        if isinstance(a, Draw):
            return '[data-act="draw"]'
        if isinstance(a, Eat):
            return '[data-act="eat"]'
        if isinstance(a, LayDown):
            return '[data-act="lay"]'
        if isinstance(a, Send):
            return f'[data-key="send-{a.card}-{a.meld_id}"]'
        if isinstance(a, DeclareU):
            return '[data-act="u"]'
        if isinstance(a, Pass):
            return '[data-act="pass"]'
        return None

    # ------------------------------------------------------------ html
    def hint_button_html(self) -> str:
        app = self.app
        if not app.my_turn() or app.auto_action() is not None or app.dialog:
            return ""
        return _btn(tx(app.lang, "btn_hint"), "hint", kbd="H", cls="ghost hint-btn")

    def hint_line_html(self) -> str:
        lang = self.app.lang
        if self.wanted is not None and self.wanted == self.decision_key():
            return f'<p class="hint-line thinking" role="status">{escape(tx(lang, "hint_thinking"))}</p>'
        if self.hint is None or self.hint_for != self.decision_key():
            return ""
        return (f'<p class="hint-line" role="status"><b>{escape(tx(lang, "hint"))}:</b> '
                f'{escape(self.hint.text(lang))}</p>')

    def over_buttons_html(self) -> str:
        lang = self.app.lang
        if self.guest:
            return ""
        if self.tutorial is not None:
            return _btn(tx(lang, "btn_done"), "tutorial_done", cls="primary big")
        review = _btn(tx(lang, "btn_review"), "review", cls="review-btn")
        if self._review_would_leak():
            review = ""
        return ('<div class="learn-over">' + review
                + _btn(tx(lang, "btn_share"), "share", cls="share-btn") + "</div>")

    def _review_would_leak(self) -> bool:
        """Pass-and-play (ui/seats.py): the review lays every hand open, so it is offered
        only when the end itself opened them all (phom.reveal: not after an ù)."""
        app, g = self.app, self.app.game
        if not getattr(app, "pass_and_play", False) or g is None or not g.is_over:
            return False
        from phom.reveal import revealed_hands

        return any(h is None for h in revealed_hands(g))

    def dialog_html(self) -> str:
        d = self.app.dialog
        if d == "menu":
            return menu.menu_html(self.app.lang, self.menu_items())
        if d == "learn-stats":
            return self.stats_html()
        if d == "learn-share":
            return self.share_html()
        if d == "learn-confirm":
            return self.confirm_html()
        if d == "learn-summary":
            lang = self.app.lang
            body = (f'<p>{escape(tx(lang, "summary_text"))}</p>{preset_summary(lang)}'
                    f'<div class="panel-actions">{_btn(tx(lang, "btn_done"), "close", cls="primary")}'
                    "</div>")
            return _dialog("learn-summary", tx(lang, "summary_title"), body, lang, wide=True)
        if d == "learn-review" and self.session is not None:
            from .review_view import rt

            return _dialog("learn-review", rt(self.app.lang, "title", n=self.session.hand_no),
                           self.session.html(self.app.lang), self.app.lang, wide=True)
        return ""

    def menu_items(self) -> list[str]:
        """This module's entries in the header's "Thêm" menu (ui/menu.py)."""
        lang = self.app.lang
        entries = (("tutorial", "btn_tutorial"), ("daily", "btn_daily"), ("share", "btn_share"),
                   ("stats", "btn_stats"))
        return [menu.item(tx(lang, k), act) for act, k in entries
                if not (self.guest and act in HOST_ONLY)]

    def share_html(self) -> str:
        lang = self.app.lang
        url = self.share_url()
        copy = tx(lang, "copied") if self.copied else tx(lang, "btn_copy")
        body = (f'<p>{escape(tx(lang, "share_text"))}</p>'
                f'<input class="share-url" readonly value="{escape(url)}" '
                f'aria-label="{escape(tx(lang, "share_title"))}" data-key="share-url">'
                f'<div class="panel-actions">{_btn(copy, "copy_link", cls="primary")}</div>')
        return _dialog("learn-share", tx(lang, "share_title"), body, lang)

    def confirm_html(self) -> str:
        lang = self.app.lang
        if self.pending_tutorial:
            text = tx(lang, "confirm_tutorial")
        elif self.pending is None:
            return ""
        else:
            _deal, day = self.pending
            text = tx(lang, "confirm_daily", date=day) if day else tx(lang, "confirm_deal")
        body = (f'<p>{escape(text)}</p><div class="panel-actions">'
                + _btn(tx(lang, "btn_keep"), "deal_no")
                + _btn(tx(lang, "btn_yes_replace"), "deal_yes", cls="primary") + "</div>")
        return _dialog("learn-confirm", tx(lang, "confirm_title"), body, lang)

    # ------------------------------------------------------------ statistics
    def _current_person(self) -> str:
        """The stats view opens on the person at the table now (pass-and-play: whose
        turn it is, or who holds the phone), else the device's own player."""
        app = self.app
        seat = getattr(app, "me", HUMAN)
        seats = self.recorded_seats()
        if seat not in seats:
            seat = seats[0] if seats else HUMAN
        who = self.owner(seat) if seat < len(app.seats) and not self.guest else None
        return "" if who is None else "=" + who

    def _who_label(self, who: str | None) -> str:
        return player_name(self.app.lang, HUMAN) if who is None else who

    def people_picker_html(self, people: list[str | None]) -> str:
        """Whose statistics: one button per person with records, and everyone at once."""
        lang = self.app.lang
        opts = [("" if p is None else "=" + p, self._who_label(p)) for p in people]
        opts.append(("@all", tx(lang, "everyone")))
        cur = self.stats_who if any(self.stats_who.casefold() == v.casefold() for v, _ in opts) else ""
        btns = "".join(
            f'<button type="button" class="btn chip" data-act="stats_who" data-arg="{escape(v)}" '
            f'data-key="who-{escape(v or "me")}" aria-pressed="{"true" if v.casefold() == cur.casefold() else "false"}">'
            f"{escape(label)}</button>" for v, label in opts)
        return (f'<div class="stats-people" role="group" aria-label="{escape(tx(lang, "whose"))}">'
                f"{btns}</div>")

    def people_table_html(self, people: list[str | None]) -> str:
        """Everyone's record side by side: hands, wins, units, per hand."""
        lang = self.app.lang
        head = "".join(f'<th scope="col">{escape(tx(lang, k))}</th>'
                       for k in ("hands", "wins", "units", "per_hand"))
        rows = []
        for p in people:
            s = self.stats.of(p).summary()
            # the share of wins under its count on a narrow phone (friends.css), so the
            # names keep the width
            wins = (f'{s.wins} <span class="pct">({100 * s.wins / s.hands:.0f}%)</span>')
            cells = (escape(str(s.hands)), wins, escape(f"{s.units:+d}"),
                     escape(f"{s.units_per_hand:+.2f}"))
            rows.append(f'<tr><th scope="row">{escape(self._who_label(p))}</th>'
                        + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return (f'<div class="stats-scroll"><table class="stats-table stats-everyone"><thead><tr><th></th>'
                f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')

    def stats_html(self) -> str:
        lang = self.app.lang
        people = self.stats.people()
        picker = self.people_picker_html(people) if people and (len(people) > 1 or self.stats_who) else ""
        if self.stats_who == "@all" and people:
            body = picker + self.people_table_html(people) + self._reset_html()
            return _dialog("learn-stats", tx(lang, "stats_title"), body, lang)
        who = self.stats_who[1:] if self.stats_who.startswith("=") else None
        st = self.stats.of(who)
        if not st.records:
            empty = tx(lang, "stats_empty_who", name=who) if who else tx(lang, "stats_empty")
            body = picker + f'<p>{escape(empty)}</p>'
            return _dialog("learn-stats", tx(lang, "stats_title"), body, lang)
        # all of them and one table beside: side by side, five tables' columns would not
        # fit a phone (nor a desktop's panel); with two or more, chips choose the one
        played = st.presets()
        shown = self._shown_preset(played)
        cols = [(None, tx(lang, "all_presets")), (shown, preset_name(lang, shown))]
        sums = [st.summary(p) for p, _ in cols]

        def pct(x: float) -> str:
            return f"{100 * x:.0f}%"

        def row(label: str, vals: list[str], sep: str = "") -> str:
            # a value made of parts (the places) wraps between its parts, never inside one
            cells = "".join(f'<td class="parts">{escape(sep).join(f"<span>{escape(x)}</span>" for x in v.split(sep))}</td>'
                            if sep else f"<td>{escape(v)}</td>" for v in vals)
            return f'<tr><th scope="row">{escape(label)}</th>{cells}</tr>'

        rows = [
            row(tx(lang, "hands"), [str(s.hands) for s in sums]),
            row(tx(lang, "wins"), [f"{s.wins} ({pct(s.wins / s.hands)})" for s in sums]),
            row(tx(lang, "places"), [" · ".join(f"{p}: {pct(v)}" for p, v in s.places.items())
                                     for s in sums], sep=" · "),
            row(tx(lang, "mom_rate"), [pct(s.mom_rate) for s in sums]),
            row(tx(lang, "u_kinds"), [", ".join(f"{u_name(lang, k)} {n}" for k, n in s.u.items())
                                      or tx(lang, "none") for s in sums]),
            row(tx(lang, "eats"), [str(s.eats) for s in sums]),
            row(tx(lang, "chot_eaten"), [str(s.chot_eaten) for s in sums]),
            row(tx(lang, "chot_fed"), [str(s.chot_fed) for s in sums]),
            row(tx(lang, "units"), [f"{s.units:+d}" for s in sums]),
            row(tx(lang, "per_hand"), [f"{s.units_per_hand:+.2f}" for s in sums]),
            row(tx(lang, "streak"), [str(s.best_streak) for s in sums]),
            row(tx(lang, "hints_used"), [str(s.hints) for s in sums]),
        ]
        head = "".join(f'<th scope="col">{escape(n)}</th>' for _, n in cols)
        table = (f'<div class="stats-scroll"><table class="stats-table"><thead><tr><th></th>{head}'
                 f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
        daily_rows = sorted(sums[0].daily.items(), reverse=True)[:7]
        daily_html = ""
        if daily_rows:
            items = "".join(f"<li>{escape(d)}: {u:+d}</li>" for d, u in daily_rows)
            daily_html = (f'<h3>{escape(tx(lang, "daily_results"))}</h3>'
                          f'<ul class="daily-results">{items}</ul>')
        chart = chart_svg(st.running_total(50), lang)
        name = (f'<h3 class="stats-who">{escape(self._who_label(who))}</h3>'
                if picker or who is not None else "")
        tables = self.preset_picker_html(played, shown) if len(played) > 1 else ""
        body = f"{picker}{name}{tables}{table}{chart}{daily_html}{self._reset_html()}"
        return _dialog("learn-stats", tx(lang, "stats_title"), body, lang)

    def _shown_preset(self, played: list[str]) -> str:
        """The table shown beside all of them: the one chosen, else the one in play, else
        the first played."""
        for p in (self.stats_preset, self.app.settings["preset"]):
            if p in played:
                return p
        return played[0]

    def preset_picker_html(self, played: list[str], shown: str) -> str:
        lang = self.app.lang
        btns = "".join(
            f'<button type="button" class="btn chip" data-act="stats_preset" data-arg="{escape(p)}" '
            f'data-key="table-{escape(p)}" aria-pressed="{"true" if p == shown else "false"}">'
            f"{escape(preset_name(lang, p))}</button>" for p in played)
        return (f'<div class="stats-people stats-presets" role="group" '
                f'aria-label="{escape(tx(lang, "which_table"))}">'
                f'<span class="chips-label" aria-hidden="true">{escape(tx(lang, "by_table"))}</span>{btns}</div>')

    def _reset_html(self) -> str:
        lang = self.app.lang
        if self.confirm_reset:
            reset = (f'<p class="reset-q">{escape(tx(lang, "reset_q"))}</p>'
                     + _btn(tx(lang, "btn_reset_no"), "stats_reset_no")
                     + _btn(tx(lang, "btn_reset_yes"), "stats_reset_yes", cls="danger"))
        else:
            reset = _btn(tx(lang, "btn_reset"), "stats_reset")
        return f'<div class="panel-actions">{reset}</div>'

