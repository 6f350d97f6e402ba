"""``Learn``: the learning side's commands, over its state (``state.LearnState``).

It decides no rule and ranks no move itself: the hint is ``phom.hints``' (the
expert's move and its reason), a shared deal is a ``phom.share.Deal``, the
statistics are ``phom.stats`` records. What it does is the page's side: take an
intent (through the table in ``intents.py``), compute the hint asked for, start a
deal or the lesson, and keep the records in ``localStorage``. Its ``*_html``
methods only hand the state to ``render.py``, for the callers that ask the
``Learn`` (ui/page/learn.py, the tests).
"""

from __future__ import annotations

import json
from collections.abc import Generator

from phom import LayDown
from phom.hints import hint_steps
from phom.share import Deal, DealError, decode, parse_date
from phom.stats import Stats, hand_record

from ..core import store
from ..core.notices import Say, say
from ..core.params import FALSE, TRUE, short
from ..core.store import LEARN_KEY, STATS_CORRUPT_KEY, STATS_KEY
from ..table.app import App
from ..table.banners import deal_reason
from ..table.intents import action_for
from . import render
from .intents import GAME_INTENTS, HOST_ONLY, INTENTS, review_step
from .state import DIALOGS, LearnState, load_saved
from .stats_view import stats_html
from .tutorial import PRESET as TUT_PRESET
from .tutorial import STARTER as TUT_STARTER
from .tutorial import Tutorial, is_tutorial_hand, script_bots
from .tutorial import deck as tutorial_deck
from .words import tx


def _over(app: App) -> bool:
    return app.game is not None and app.game.is_over


class Learn(LearnState):
    """The learning side beside ``app``. A linked guest's page (``app.guest``) offers
    no tutorial, daily or shared deal and no review: those start or open a whole
    match, which is the host's (``intents.HOST_ONLY``); and it leaves the phone's own
    learning state (this hand's hints, a lesson under way) as it found it."""

    def __init__(self, app: App, base_url: str = "", today: str = "", first_visit: bool = False) -> None:
        """``base_url``: the page's address, for the share link; ``today``: the player's
        date (YYYY-MM-DD), for today's deal; ``first_visit``: no match was ever saved
        here, so the tutorial is offered (unless statistics or a lesson say otherwise)."""
        super().__init__(app=app, storage=app.storage, guest=app.guest, base_url=base_url, today=today)
        raw = store._get(self.storage, STATS_KEY)
        self.stats, bad = Stats.load(raw)
        if bad:
            self.storage.setItem(STATS_CORRUPT_KEY, json.dumps(
                [[str(r)[:2000], why] for r, why in bad], ensure_ascii=False))
            self.save_stats()
            app.say_only(say(tx, "notice_stats"))
        self.state = load_saved(self.storage)
        self.welcome = first_visit and not self.stats.records and not self.state["tutorial"]
        app.register_panels(*DIALOGS)      # the panels this side draws (ui/learn/render.py)
        self.plug(app)

    def plug(self, app: App) -> None:
        """The learning side's part of the table's drawing (App.plug,
        ui/table/state.py SLOTS): the hint's button and line, the tutorial's
        callout (under the prompt, or under the end-of-hand headline), the
        review's buttons at the end of a hand, the welcome among the banners, its
        panels and the menu, and the marks on what the hint or the lesson points at."""
        app.plug("actions", lambda a: self.hint_button_html())
        app.plug("prompt", lambda a: ("" if _over(a) else self.tutorial_callout_html()) + self.hint_line_html())
        app.plug("over_head", lambda a: self.tutorial_callout_html())
        app.plug("over_actions", lambda a: self.over_buttons_html())
        app.plug("banners", lambda a: self.welcome_html())
        app.plug("panel", lambda a: self.dialog_html())
        app.plug("marks", lambda a: [(self.tutorial_target(), "tut-target", "data-tut"),
                                     (self.hint_target(), "hinted", "data-hinted")])

    # ------------------------------------------------------------ storage
    def save_state(self) -> None:
        if self.guest:
            return      # the phone's own hand and lesson are not the host's table's
        self.storage.setItem(LEARN_KEY, json.dumps(self.state))

    def save_stats(self) -> None:
        self.storage.setItem(STATS_KEY, self.stats.to_json())

    # ------------------------------------------------------------ observe
    def observe(self) -> None:
        """After every change of the match (ui/page/learn.py calls it as the match is
        saved, never from a render): a new hand resets the hint count; a finished
        hand is recorded once (the key survives a reload)."""
        app = self.app
        g = app.game
        if g is None:
            return
        key = self.hand_key()
        if self.state["lesson"] is not None and self.state["lesson"] != key and not self.guest:
            self.end_tutorial()    # the lesson was its own first hand only
        if self.state["hand"] != key:
            self.state.update({"hand": key, "hints": 0, "by_seat": {}})
            if app.hand_no > 1 and self.state["daily"] and not self.state["daily"].startswith(
                    f"{app.match_seed}|"):
                self.state["daily"] = None
            self.save_state()
        if self.hint_for is not None and self.hint_for != self.decision_key():
            self.hint, self.hint_for = None, None
        if g.is_over and self.state["recorded"] != key and not self.guest:
            day = self.daily_date() if app.hand_no == 1 else None
            for seat in self.recorded_seats():
                self.stats.add(hand_record(app.own_game, seat, hints=self.hints_used(seat), daily=day,
                                           who=self.owner(seat)))
            self.save_stats()
            self.state["recorded"] = key
            self.save_state()

    # ------------------------------------------------------------ intents
    def handle(self, intent: str, arg: object = None) -> bool | None:
        """One tap or key of this side's (``intents.INTENTS``): True when something
        changed, False when nothing did; None when the intent is not ours."""
        app = self.app
        if self.guest and intent in HOST_ONLY:
            return False
        if self.tutorial is not None and intent in GAME_INTENTS and app.my_turn() \
                and not app.dialog:
            a = action_for(app, intent, arg)
            if a is not None and not self.tutorial.allows(app, a):
                why = self.tutorial.refused or {}    # (allows says why it refused)
                app.refuse(why.get(app.lang if app.lang == "en" else "vi"))
                return True
            return None
        if intent.startswith("rv_"):
            return review_step(self, intent)
        do = INTENTS.get(intent)
        return do(self, arg) if do is not None else None

    # ------------------------------------------------------------ hints
    def hint_steps(self) -> Generator[None, None, bool]:
        """Generator: compute the wanted hint in slices; returns True when one was set."""
        app = self.app
        key = self.wanted
        if key is None or key != self.decision_key() or not app.my_turn():
            self.wanted = None
            return False
        g = app.current_game
        h = yield from hint_steps(app.view(), g.legal_actions(),
                                  key=f"{self.hand_key()}:{len(g.actions)}")
        if self.wanted != key or key != self.decision_key():
            return False
        self.hint, self.hint_for, self.wanted = h, key, None
        if isinstance(h.action, LayDown):
            app.propose(h.action)      # the hinted lay-down is the one on show
        return True

    def give_up_hint(self) -> None:
        """The hint asked for could not be computed (the page said the error): not
        asked any more."""
        self.wanted = None

    # ------------------------------------------------------------ the tutorial
    def straight_to_table(self) -> None:
        """A link (or a test) opened the page: the table at once, no welcome."""
        self.welcome = False

    def start_tutorial(self) -> None:
        app = self.app
        app.adopt_settings(preset=TUT_PRESET, players=4)
        app.open(None)
        app.new_match(seed=1, deck=tutorial_deck(), starter=TUT_STARTER)
        app.seat_bots(script_bots())   # the lesson's scripted seats
        self.tutorial = Tutorial()
        self.state.update({"daily": None, "lesson": self.hand_key()})
        self.note_detour()
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
            self.lost_why = app.take_notice()

    def end_tutorial(self) -> None:
        self.tutorial = None
        if self.state["lesson"] is not None:
            self.state["lesson"] = None
            self.save_state()

    # ------------------------------------------------------------ a detour, and the way back
    def suspend(self) -> bool:
        """Before the tutorial or a deal replaces a match the player cares about
        (``in_progress``): put it aside, totals and all (ui/core/store.py). True
        when a match is aside now."""
        if self.in_progress() and not self.guest:
            self.app.save()
            store.suspend_match(self.storage, self.app.settings)
        return self.suspended()

    def note_detour(self) -> None:
        """The match just started (the lesson, a deal) is the detour from the one
        aside, if one is: the way back leaves it unasked (any other match in
        progress is asked about first). Saves the state."""
        self.state["detour"] = str(self.app.match_seed) if self.suspended() else None
        self.save_state()

    def back_to_match(self, asked: bool = False) -> bool:
        """The match put aside is the match again; the lesson or the deal ends. A
        match in progress that is not the detour (the player started another one
        since) is never dropped unasked: the question first."""
        app = self.app
        if not self.suspended():
            return False
        if not asked and self.in_progress() and self.state.get("detour") != str(app.match_seed):
            self.pending, self.pending_tutorial, self.pending_back = None, False, True
            app.open("learn-confirm")
            return True
        app.open(None)
        if not app.take_up():
            return True     # said why (a damaged save is set aside); the detour stays
        self.end_tutorial()
        self.banner = None
        self.state.update({"daily": None, "detour": None})
        self.save_state()
        self.hint, self.hint_for, self.wanted = None, None, None
        return True

    # ------------------------------------------------------------ deals
    def offer(self, deal: Deal, day: str | None = None) -> None:
        """Start ``deal`` now, or ask first when a match is in progress."""
        if self.in_progress():
            self.pending = (deal, day)
            self.app.open("learn-confirm")
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

    def take_warnings(self) -> list[str]:
        """The refusals' English said since the last call, for the console (the page
        says them in the player's words)."""
        taken, self.warnings = self.warnings, []
        return taken

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
        words (ui/core/notices.py) so a language switch says it again in the new one."""
        self.app.say(said)

    def start(self, deal: Deal, day: str | None = None) -> None:
        app = self.app
        app.adopt_settings(preset=deal.preset, players=deal.players, bot=deal.bot,
                           hand_size=deal.hand_size)   # a village hand may be of 8 cards
        app.open(None)
        app.new_match(seed=deal.seed, deck=list(deal.deck), starter=deal.starter)
        self.state["daily"] = f"{deal.seed}|{day}" if day else None
        self.note_detour()
        self.banner = tx(app.lang, "daily_banner", date=day) if day else tx(app.lang,
                                                                            "shared_banner")
        self.hint, self.hint_for, self.wanted = None, None, None

    # ------------------------------------------------------------ drawn (render.py)
    def hint_button_html(self) -> str:
        return render.hint_button_html(self)

    def hint_line_html(self) -> str:
        return render.hint_line_html(self)

    def hint_target(self) -> str | None:
        return render.hint_target(self)

    def tutorial_callout_html(self) -> str:
        return render.tutorial_callout_html(self)

    def tutorial_target(self) -> str | None:
        return render.tutorial_target(self)

    def welcome_html(self) -> str:
        return render.welcome_html(self)

    def over_buttons_html(self) -> str:
        return render.over_buttons_html(self)

    def menu_items(self) -> list[str]:
        return render.menu_items(self)

    def dialog_html(self) -> str:
        return render.dialog_html(self)

    def share_html(self) -> str:
        return render.share_html(self)

    def confirm_html(self) -> str:
        return render.confirm_html(self)

    def stats_html(self) -> str:
        return stats_html(self)
