"""The page's state and what each tap or key does — pure Python, no browser.

``App`` holds the settings, the match and the hand in progress, and the little
state that is the page's own (the raised card, the chosen lay-down
arrangement, the open panel). It never decides a rule: what may be done now is
``game.legal_actions()``, what is shown is ``game.view(HUMAN)``, and every move
is ``game.apply(action)``. ``ui/main.py`` wires it to the DOM; the tests drive
it directly on CPython.
"""

from __future__ import annotations

import json
import random

import phom
from phom import DeclareU, Discard, Draw, Eat, LayDown, Pass, Send, proposals
from phom.reveal import revealed_hands
from phom.session import Session

from . import notices, order, store
from . import params as params_mod
from . import seats as seatplan
from .banners import link_notice, save_reason
from .i18n import t
from .notices import Notice, add, notice, say

HUMAN = 0

SPEED_DELAY_MS = {"slow": 1300, "normal": 750, "fast": 300, "instant": 0}
SPEED_ANIM_MS = {"slow": 420, "normal": 300, "fast": 180, "instant": 0}


def arrangement_points(hand, lay: LayDown) -> int:
    used = {c for m in lay.melds for c in m}
    return sum(c.points for c in hand if c not in used)


def sorted_lay_downs(view, legal) -> list:
    """The LayDown actions of ``legal``, the engine's proposal first (``phom.proposals``)."""
    return proposals.rank_lay_downs(view, legal)


def sort_cards(cards, by: str) -> list:
    if by == "suit":
        return sorted(cards, key=lambda c: ("SCHD".index(c.suit), c.rank))
    return sorted(cards, key=lambda c: (c.rank, "SCHD".index(c.suit)))


def _meld_order(meld) -> list:
    return sorted(meld, key=lambda c: (c.rank, "SCHD".index(c.suit)))


class App:
    def __init__(self, storage, settings: dict | None = None) -> None:
        storage = store.SafeStorage(storage)  # no call ever raises (ui/store.py)
        self.storage = storage
        self.settings = store.clean_settings(settings) if settings else store.load_settings(storage)
        self.match: phom.Match | None = None
        self.game: phom.Game | None = None
        self.hand_no = 0
        self.match_seed = 0
        self.selected = None          # the raised card (a Card) or None
        self.arr_index = 0            # which LayDown (of sorted_lay_downs) is proposed
        self.dialog: str | None = None  # None, "settings", "rules", "help", "log", "scores", "menu",
        #                                 "confirm_mom", "confirm_new"
        self.input = "pointer"        # the last input used: "pointer" (touch, mouse) or "kbd"
        self.rules_tab: str | None = None
        self.notice: Notice | None = None  # one-time message (corrupt save, …), said at each render
        self.flash: str | None = None    # short message after a refused tap
        self.events_seen = 0
        self.pending: dict = {}          # staged preset/players in the settings panel
        self.link = None                 # a checked link waiting for "keep" or "start"
        self.saving = True               # the last write of the match to storage worked
        self.save_blocked = False        # an unreadable save could not be set aside
        self.aside_error: str | None = None  # why the save was set aside, the engine's English
        self.readonly = False            # another tab has the table (ui/tabs.py)
        self.on_taken = None             # called when a save finds another tab took over
        self.muted = store.load_muted(storage)  # the sound switch (its own key)
        self.orders: dict = {}           # seat -> the player's own order of the hand (ui/order.py)
        self._bots: dict = {}            # seat -> the bot made for it this hand (bot_for)
        self._seated: dict = {}          # seat -> a bot seated from outside for this hand (seat_bots)
        # Who sits where (ui/seats.py): the plan being edited, and the match's seats.
        self.plan = seatplan.load_plan(storage, self.settings["players"], self.settings["bot"], self.lang)
        self.seats = seatplan.plan_seats(self.plan)
        self.me = HUMAN                  # the seat whose hand is shown (the person playing now)
        self.session = None              # phom.session.Session when guests' phones are linked
        self.cover_for: int | None = None  # pass-and-play: the person the phone goes to next
        self.resumed = None              # the hand taken from the save: on screen before, never dealt again

    # ------------------------------------------------------------------ match
    @property
    def lang(self) -> str:
        return self.settings["lang"]

    def rules(self):
        """The chosen preset, with the chosen hand size where the table allows it."""
        r = phom.Rules.preset(self.settings["preset"])
        hs = self.settings.get("hand_size", r.hand_size)
        return r.with_(hand_size=hs) if hs != r.hand_size and hs in r.hand_sizes else r

    def start(self, params: dict | None = None) -> None:
        """Resume the saved match, or start one; then follow the link's ``params``
        (ui/params.py). A malformed parameter changes nothing and is said (in the
        language the link leaves the page in); a link asking for a new match while
        one is saved asks first (``dialog="open_link"``)."""
        link = params_mod.parse(params or {}, self.settings)
        if link.settings:
            for k, v in link.settings.items():
                if k not in ("preset", "players"):
                    self.settings[k] = v
                    if k == "bot":
                        self._all_bots(v)
            self.save_settings()
        if not link.ok:
            self.notice = notice(say(link_notice, link))
        resumed = self._resume()
        if not link.fresh:
            if not resumed:
                self.new_match()
            return
        if resumed:
            self.link = link
            self.dialog = "open_link"
            return
        self.start_link(link)

    def start_link(self, link) -> None:
        """Start the match a checked link asks for."""
        self.settings.update(link.settings)
        if "bot" in link.settings:
            self._all_bots(link.settings["bot"])
        self.save_settings()
        self.link = None
        self.new_match(seed=link.seed, deck=link.deck, starter=link.starter)

    def _resume(self) -> bool:
        snap, bad, why = store.load_match(self.storage)
        if bad is not None:
            self._set_aside(bad, why)
            return False
        if snap is None:
            return False
        try:
            m = store.check_snapshot(snap)
        except ValueError as e:  # BadSave: damaged; OldSave: another version's
            self._set_aside(None, e)
            return False
        preset, hand_no, seed = m.rules.name, snap["hand_no"], snap["seed"]
        try:
            seats = seatplan.plan_seats(snap["seats"]) if "seats" in snap else seatplan.plan_seats(
                seatplan.default_plan(m.players, self.settings["bot"], self.lang))
            if len(seats) != m.players:
                raise ValueError("the seats do not fit the match")
            session = self._host(m, seats, seed, hand_no, snap.get("links"))
        except Exception as e:  # noqa: BLE001 — any damage means: set it aside
            self._set_aside(None, e)
            return False
        self.match, self.game = m, m.current
        self.resumed = self.game
        self.hand_no, self.match_seed = hand_no, seed
        self.seats = seats
        self.session = session
        self._seat_cover(reload=True)
        self.settings["preset"] = preset
        self.settings["players"] = m.players
        self.settings["hand_size"] = m.rules.hand_size
        self.save_settings()
        self.events_seen = len(self.view().events)
        self.orders = order.load(self.storage, order.hand_id(seed, hand_no))
        self._reset_turn_state()
        self._bots, self._seated = {}, {}
        if self.game.is_over and not m.recorded:
            m.record(self.game)
            self.save()
        return True

    def new_match(self, seed=None, deck=None, starter: int = 0) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        self.match_seed = seed
        rules = self.rules()
        players = self.settings["players"]
        if players not in rules.players_allowed:
            players = rules.players
            self.settings["players"] = players
        if not 0 <= starter < players:
            starter = 0
        self.match = phom.Match(rules, players, seed, starter=starter)
        self.plan = seatplan.fit_plan(self.plan, players, self.settings["bot"], self.lang)
        seatplan.save_plan(self.storage, self.plan)
        self.seats = seatplan.plan_seats(self.plan)
        self.game = None
        self.hand_no = 0
        if deck:
            try:
                g = self.match.new_hand(deck=deck)  # a crafted hand, for tests
            except ValueError:
                self.notice = notice(say(t, "notice_bad_deck"))
            else:
                self.game = g
                self.hand_no = 1
                self._after_new_hand()
                return
        self.next_hand()

    def _host(self, match, seats, seed, hand_no, links=None):
        """A session around the match when some seat is a guest's phone, else None."""
        if not any(x.kind == "guest" for x in seats) or match.current is None:
            return None
        session = Session.around(match, [x.to_json() for x in seats], seed, hand_no)
        if links is not None:
            session.restore_links(links)
        you = t(self.lang, "you")
        names = [seatplan.seat_name(seats, i, self.lang, True) for i in range(len(seats))]
        # "Bạn" on the host's phone is the host; on a guest's phone it would be the guest.
        session.labels = [seatplan.s_(self.lang, "host") if n == you else n for n in names]
        return session

    def next_hand(self) -> bool:
        if self.game is not None and not self.game.is_over:
            return False
        if self.session is not None:
            self.session.new_hand()
            self.game = self.match.current
        else:
            self.game = self.match.new_hand()
        self.hand_no += 1
        self._after_new_hand()
        return True

    def _after_new_hand(self) -> None:
        if self.session is None or self.session.match is not self.match:
            self.session = self._host(self.match, self.seats, self.match_seed, self.hand_no)
        self._bots, self._seated = {}, {}
        self.orders = {}
        order.save(self.storage, "", {})
        self.events_seen = 0
        self._seat_cover(reload=True)
        self._reset_turn_state()
        self.save()

    def _reset_turn_state(self) -> None:
        self.selected = None
        self.arr_index = 0
        self.flash = None

    def snapshot(self) -> dict:
        return {
            "match": self.match.to_json(),
            "hand_no": self.hand_no,
            "seed": self.match_seed,
            "seats": [s.to_json() for s in self.seats],
            **({"links": self.session.link_state()} if self.session is not None else {}),
        }

    def save(self) -> None:
        """Save after every action. A tab that lost the table (ui/tabs.py) or a
        save that could not be set aside saves nothing; a refused write is
        said once, and its return said once too."""
        if self.readonly or self.save_blocked:
            return
        if self.storage.taken():         # another tab plays since (ui/tabs.py): stop, write nothing
            self.readonly = True
            if self.on_taken is not None:
                self.on_taken()
            return
        self._saved(store.save_match(self.storage, self.snapshot()))

    def save_settings(self) -> None:
        """Settings are small and rare: a refused write of them is not news (the
        match's saves say whether progress is kept)."""
        if not self.readonly:
            store.save_settings(self.storage, self.settings)

    def _saved(self, ok: bool) -> None:
        if ok == self.saving:
            return
        self.saving = ok
        if not ok:
            self.notice = notice(say(t, "notice_not_saving"))
        elif self.notice == notice(say(t, "notice_not_saving")):
            self.notice = notice(say(t, "notice_saving_again"))

    def _set_aside(self, raw, error) -> None:
        """Keep an unreadable save aside; if even that cannot be stored, keep it
        where it is and save nothing over it. The notice says why in the
        player's words (by ``error.code``); the engine's English message is
        kept in ``aside_error`` for developers (the page logs it)."""
        old = isinstance(error, phom.OldSave)
        said = [say(t, "notice_old_save" if old else "notice_corrupt"), say(save_reason, error)]
        self.aside_error = f"{type(error).__name__}: {str(error)[:300]}"
        if not store.set_aside(self.storage, raw):
            self.save_blocked = True
            said.append(say(t, "notice_aside_failed"))
        self.notice = add(self.notice, *said)

    # ------------------------------------------------------------------ queries
    def notice_text(self) -> str | None:
        """The notice on show, in the page's language now (None: there is none)."""
        return notices.text(self.notice, self.lang)

    def view(self):
        return self.game.view(self.me)

    def my_turn(self) -> bool:
        g = self.game
        return (g is not None and not g.is_over and g.to_move == self.me
                and self.cover_for is None)

    # ------------------------------------------------------------------ seats
    @property
    def pass_and_play(self) -> bool:
        """Two or more people share this device (ui/seats.py)."""
        return sum(x.kind == "here" for x in self.seats) >= 2

    def is_person(self, seat: int) -> bool:
        """A person playing on this device."""
        return self.seats[seat].kind == "here"

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: "here", "guest" (a linked phone) or "bot"."""
        if self.session is not None:
            return self.session.controller(seat)
        return "bot" if self.seats[seat].kind == "bot" else "here"

    def bot_to_move(self) -> bool:
        g = self.game
        return g is not None and not g.is_over and self.controller(g.to_move) == "bot"

    def person_to_move(self) -> bool:
        g = self.game
        return g is not None and not g.is_over and self.is_person(g.to_move)

    def name(self, seat: int) -> str:
        return seatplan.seat_name(self.seats, seat, self.lang,
                                  self.pass_and_play or self.session is not None)

    def screen_html(self) -> str | None:
        """What replaces the table, if anything: the pass-and-play cover."""
        if self.cover_for is None:
            return None
        return seatplan.cover_html(self.lang, self.name(self.cover_for), self.game.is_over)

    def after_guest_move(self, action) -> None:
        """A linked guest's move was checked and played by the session: book it like ours."""
        self._settle()

    def _settle(self) -> None:
        """After any move: drop a selection that left our hand, record a hand
        that ended, cover the table for the next person, save."""
        g = self.game
        if self.selected is not None and self.selected not in g.view(self.me).hand:
            self.selected = None
        if g.is_over and not self.match.recorded:
            self.match.record(g)
        self._seat_cover()
        self.save()

    def hand_hidden(self, seat: int) -> bool:
        """Pass-and-play: at the end of a hand only what the end reveals is shown."""
        if not (self.pass_and_play or self.session is not None) or not self.game.is_over:
            return False
        return revealed_hands(self.game)[seat] is None

    def _seat_cover(self, reload: bool = False) -> None:
        """Pass-and-play: after a move, cover the table if the next person to play is not
        the one holding the phone; after a reload, always (nobody's hand on show)."""
        if not self.pass_and_play:
            self.me, self.cover_for = HUMAN, None
            return
        g = self.game
        if g.is_over:
            if reload:
                self.cover_for = self.me
            return
        P = g.players
        nxt = next((s for s in ((g.to_move + k) % P for k in range(P)) if self.is_person(s)), self.me)
        if reload or nxt != self.me:
            self.cover_for = nxt

    def legal(self) -> list:
        return self.game.legal_actions() if self.my_turn() else []

    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.game.players)]

    def auto_action(self):
        """An action the page plays for the human without asking, or None.

        A lone ù is announced and played at once (docs/RULES.md §5); at tables with
        ``auto_lay_down`` the best arrangement is laid and the sends are made.
        """
        legal = self.legal()
        if not legal:
            return None
        us = [a for a in legal if isinstance(a, DeclareU)]
        if us and not any(isinstance(a, Pass) for a in legal):
            return us[0]
        if not self.game.rules.auto_lay_down:
            return None
        if self.game.phase == "lay_down":
            lays = sorted_lay_downs(self.view(), legal)
            if lays:
                return lays[0]
        return proposals.best_send(legal)

    def phase_attr(self) -> str:
        if self.game is None:
            return "loading"
        if self.cover_for is not None:
            return "cover"
        if self.game.is_over:
            return "hand-over"
        if self.my_turn() and self.auto_action() is None:
            return "your-turn"
        return "waiting"

    def lay_options(self) -> list:
        if not self.my_turn() or self.game.phase != "lay_down":
            return []
        return sorted_lay_downs(self.view(), self.legal())

    def current_lay(self):
        opts = self.lay_options()
        if not opts:
            return None
        return opts[self.arr_index % len(opts)]

    def lay_is_skip(self) -> bool:
        """Is the proposed lay-down the empty one, while the hand could lay a meld?

        Laying it makes the player móm by choice: the page labels it so and
        asks before doing it (issue 10)."""
        lay = self.current_lay()
        if lay is None or lay.melds or self.view().laid[self.me] is not None:
            return False
        return any(o.melds for o in self.lay_options())

    def best_melds(self) -> list:
        """The melds of the least-deadwood lay-down on offer (for the móm question)."""
        opts = [o for o in self.lay_options() if o.melds]
        return [_meld_order(m) for m in opts[0].melds] if opts else []

    def in_progress(self) -> bool:
        """A hand is being played (a new match would drop it)."""
        return self.game is not None and not self.game.is_over

    def hand_groups(self) -> list:
        """The hand as display groups: [(meld_no or 0, [cards])], melds first.

        Melds are the proposed lay-down while choosing one, else the engine's
        best arrangement of the hand; 0 is the deadwood group.
        """
        v = self.view()
        hand = list(v.hand)
        melds: list = []
        if self.game.phase != "over":
            lay = self.current_lay()
            if lay is not None:
                melds = [list(m) for m in lay.melds]
            elif v.laid[self.me] is None:
                arr = phom.best_arrangement(hand, v.eaten[self.me])
                if arr is not None:
                    melds = [list(m) for m in arr.melds]
        used = {c for m in melds for c in m}
        melds.sort(key=lambda m: (min(c.rank for c in m), m[0].suit))
        groups = [(i + 1, _meld_order(m)) for i, m in enumerate(melds)]
        rest = sort_cards([c for c in hand if c not in used], self.settings["sort"])
        if rest:
            groups.append((0, rest))
        if self.hand_order:
            # the player's order: the same meld marks, in runs of neighbours
            meld_no = {c: no for no, cards in groups for c in cards}
            shown = order.arrange([c for _, cards in groups for c in cards], self.hand_order)
            groups = []
            for c in shown:
                if groups and groups[-1][0] == meld_no[c]:
                    groups[-1][1].append(c)
                else:
                    groups.append((meld_no[c], [c]))
        return groups

    def flat_hand(self) -> list:
        return [c for _, cards in self.hand_groups() for c in cards]

    # ------------------------------------------------------------------ intents
    def handle(self, intent: str, arg=None) -> bool:
        """One tap or key. Returns True when something changed (re-render)."""
        self.flash = None
        if self.dialog == "open_link":
            return self._answer_link(intent)
        if intent in ("settings", "rules", "help", "log", "scores", "menu"):
            self.dialog = None if self.dialog == intent else intent
            if intent == "rules":
                self.rules_tab = self.settings["preset"]
            return True
        if intent == "close":
            self._close_dialog()
            return True
        if intent == "confirm":
            return self._confirm()
        if intent == "rules_tab":
            self.rules_tab = arg
            return True
        if intent == "escape":
            if self.dialog:
                self._close_dialog()
            elif self.notice:
                self.notice = None
            else:
                self.selected = None
            return True
        if intent == "mute":
            self.muted = not self.muted
            store.save_muted(self.storage, self.muted)
            return True
        if intent == "dismiss":
            self.notice = None
            return True
        if intent == "uncover":
            if self.cover_for is None:
                return False
            self.me, self.cover_for = self.cover_for, None
            self.events_seen = len(self.view().events)
            self._reset_turn_state()
            return True
        if intent == "sort":
            self.settings["sort"] = "suit" if self.settings["sort"] == "rank" else "rank"
            self.save_settings()
            self._set_order(None)  # a sort puts the hand back in that order
            return True
        if intent in ("move_card", "nudge"):
            return self.reorder(intent, *arg)
        if intent == "setting":
            return self.change_setting(*arg)
        if intent == "new_match":
            if self.in_progress():
                self.dialog = "confirm_new"   # the staged settings wait in self.pending
                return True
            return self._start_new_match()
        if intent == "next":
            return self.next_hand()
        if self.dialog:
            return False
        legal = self.legal()
        if intent == "draw":
            return self._try(Draw(), legal)
        if intent == "eat":
            return self._try(Eat(), legal)
        if intent == "u":
            us = [a for a in legal if isinstance(a, DeclareU)]
            return bool(us) and self._try(us[0], legal)
        if intent == "pass":
            return self._try(Pass(), legal)
        if intent == "lay":
            lay = self.current_lay()
            if lay is not None and self.lay_is_skip():
                self.dialog = "confirm_mom"
                return True
            return lay is not None and self._try(lay, legal)
        return self._handle_more(intent, arg, legal)

    def _close_dialog(self) -> None:
        if self.dialog == "confirm_new":
            self.dialog = "settings"      # back to the settings, staged choices kept
            return
        self.dialog = None
        self.pending = {}

    def _confirm(self) -> bool:
        if self.dialog == "confirm_new":
            return self._start_new_match()
        if self.dialog == "confirm_mom":
            self.dialog = None
            lay = self.current_lay()
            return lay is not None and not lay.melds and self._try(lay, self.legal())
        return False

    def _start_new_match(self) -> bool:
        plan = self.pending.pop("plan", None)
        if plan is not None:
            self.plan = plan
        self.settings.update(self.pending)
        self.pending = {}
        self.save_settings()
        self.dialog = None
        self.new_match()
        return True

    def _handle_more(self, intent: str, arg, legal) -> bool:
        if intent in ("arr_next", "arr_prev"):
            n = len(self.lay_options())
            if n < 2:
                return False
            self.arr_index = (self.arr_index + (1 if intent == "arr_next" else -1)) % n
            return True
        if intent == "send":
            sends = [a for a in legal if isinstance(a, Send)]
            if not sends:
                return False
            if arg is None:
                a = proposals.best_send(legal)
            else:
                a = sends[int(arg)] if 0 <= int(arg) < len(sends) else None
            return a is not None and self._try(a, legal)
        if intent == "discard":
            if self.selected is None:
                self.flash = t(self.lang, "prompt_discard")
                return True
            return self._try(Discard(self.selected), legal)
        if intent == "card":
            return self.tap_card(arg)
        return False

    def _answer_link(self, intent: str) -> bool:
        """The link's question is answered before anything else."""
        if intent == "link_start" and self.link is not None:
            self.dialog = None
            self.start_link(self.link)
            return True
        if intent in ("link_keep", "close", "escape"):
            self.dialog = None
            self.link = None
            return True
        return False

    def reorder(self, how: str, text: str, where: int) -> bool:
        """Move a hand card: ``move_card`` to a place, ``nudge`` one place left/right."""
        if self.game is None or self.dialog:
            return False
        try:
            card = phom.Card.parse(text)
        except ValueError:
            return False
        shown = self.flat_hand()
        if card not in shown:
            return False
        new = (order.move if how == "move_card" else order.nudge)(shown, card, int(where))
        if new == [str(c) for c in shown]:
            return False
        self._set_order(new)
        return True

    @property
    def hand_order(self) -> list | None:
        """The order the player on show gave their hand, or None (the sort's)."""
        return self.orders.get(self.me)

    def _set_order(self, cards) -> None:
        self.orders[self.me] = cards
        order.save(self.storage, order.hand_id(self.match_seed, self.hand_no), self.orders)

    def tap_card(self, text) -> bool:
        try:
            card = phom.Card.parse(text)
        except ValueError:
            return False
        if card not in self.view().hand:
            return False
        legal = self.legal()
        can_discard = Discard(card) in legal
        if self.selected == card:
            if can_discard:
                return self._try(Discard(card), legal)
            if any(isinstance(a, Discard) for a in legal):
                self.flash = t(self.lang, "cannot_discard").capitalize() + f": {card.name(self.lang)}"
                return True
            self.selected = None
            return True
        self.selected = card
        if not can_discard and any(isinstance(a, Discard) for a in legal):
            self.flash = t(self.lang, "cannot_discard").capitalize() + f": {card.name(self.lang)}"
        return True

    def _try(self, action, legal) -> bool:
        if action not in legal:
            return False
        self.apply(action)
        return True

    def apply(self, action) -> None:
        """Play one action (the human's or a bot's), then save."""
        g = self.game
        before_phase = g.phase
        if self.session is not None:
            self.session.play(action)    # the guests' sequence number moves on too
        else:
            g.apply(action)
        if isinstance(action, Discard) or g.phase != before_phase:
            self.selected = None if isinstance(action, Discard) else self.selected
        if g.phase != "lay_down":
            self.arr_index = 0
        self._settle()

    def _all_bots(self, level: str) -> None:
        """One strength for every bot seat (a seat's own pick is in the seat table)."""
        self._bots = {}
        self.plan = [{**x, "bot": level} if x["kind"] == "bot" else x for x in self.plan]
        seatplan.save_plan(self.storage, self.plan)
        self.seats = tuple(s if s.person else seatplan.Seat(s.kind, s.name, level) for s in self.seats)
        if "plan" in self.pending:
            self.pending["plan"] = [{**x, "bot": level} if x["kind"] == "bot" else x
                                    for x in self.pending["plan"]]

    def staged_plan(self) -> list:
        """The seat plan the settings panel shows: staged edits fitted to the staged count."""
        players = self.pending.get("players", self.settings["players"])
        return seatplan.fit_plan(self.pending.get("plan", self.plan), players, self.settings["bot"], self.lang)

    def change_setting(self, key: str, value) -> bool:
        if key.startswith("seat_"):
            plan, why = seatplan.change(self.staged_plan(), key, value, self.lang)
            if why is not None:
                self.flash = why if why != "?" else None
                return why != "?"
            self.pending["plan"] = plan
            return True
        if key in ("players", "hand_size"):
            try:
                value = int(value)
            except (TypeError, ValueError):
                return False
        if key == "four_color":
            value = value in (True, "true", "1", "on")
        if key in ("preset", "players", "hand_size"):
            if store.clean_settings({**self.settings, key: value})[key] != value:
                return False
            if value == self.settings[key]:
                self.pending.pop(key, None)
            else:
                self.pending[key] = value
            return True
        cleaned = store.clean_settings({**self.settings, key: value})
        if cleaned.get(key) != value:
            return False
        self.settings[key] = value
        if key == "bot":
            self._all_bots(value)
        self.save_settings()
        return True

    # ------------------------------------------------------------------ bots
    def bot_for(self, seat: int):
        """The bot playing ``seat`` this hand: one seated by ``seat_bots``, else the
        one ``make_bot`` made when the seat first had to move."""
        bot = self._seated.get(seat) or self._bots.get(seat)
        if bot is None:
            bot = self.make_bot(seat, len(self.game.actions))
            self._bots[seat] = bot
        return bot

    def make_bot(self, seat: int, n_actions: int):
        """A fresh bot for ``seat``, as this hand's table makes it when it first asks
        that seat after ``n_actions`` moves (the seed depends on the match, the hand,
        the seat and that count). The review's "expert in your seat" replays the
        hand with these same bots. Solo: the one strength setting; pass-and-play and
        linked play: each seat's own. A bot that cannot be made is an error (shown),
        never replaced by another."""
        seed = (self.match_seed * 1009 + self.hand_no * 101 + seat * 7 + n_actions) % 2**31
        own = self.pass_and_play or self.session is not None
        level = self.seats[seat].bot if own else self.settings["bot"]
        return phom.bots.make(level, seed=seed)

    def seat_bots(self, bots: dict) -> None:
        """Seat ``bots`` (seat -> an object with ``choose``/``choose_steps``) for the
        rest of this hand, whatever the strength setting says (the tutorial's
        scripted seats, ui/tutorial.py); the next hand, a new match or a reload
        drops them."""
        self._seated = dict(bots)

    def bot_steps(self):
        """Generator for the seat to move (a bot): yields between slices, returns the action."""
        g = self.game
        seat = g.to_move
        bot = self.bot_for(seat)
        view, legal = g.view(seat), g.legal_actions()
        steps = getattr(bot, "choose_steps", None)
        if steps is None:
            return bot.choose(view, legal)
        return (yield from steps(view, legal))

    # ------------------------------------------------------------------ words
    def new_events(self) -> list:
        """Public events since the last call, as (seat, kind, card)."""
        evs = list(self.view().events)
        new = evs[self.events_seen:]
        self.events_seen = len(evs)
        return new

    def settings_json(self) -> str:
        return json.dumps(self.settings)
