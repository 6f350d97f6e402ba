"""The table a page holds: its state and what each tap or key does — pure
Python, no browser.

``App`` holds the settings, the match and the hand in progress, and the little
state that is the page's own (the raised card, the chosen lay-down
arrangement, the open panel). It never decides a rule: what may be done now is
``game.legal_actions()``, what is shown is ``game.view(HUMAN)``, and every move
is ``game.apply(action)``. ``ui/page/main.py`` wires it to the DOM; the tests drive
it directly on CPython.

``App`` is the table's record (``TableState``, ui/table/state.py) plus its
methods, each a short question or a call into ui/table/, where one module holds
one concern (the intents, the match, saving, settings, the hand, the bots).
The methods are the table's one way in: ui/table/'s functions call them on the
``App`` they are given. What depends on who holds the match — this device
(``OwnMatch``) or the host of a linked table (ui/friends/linkplay.py's
``HostFeed``) — each of them asks the table's ``source`` (ui/table/source.py),
so a guest's table is an ``App`` given another source, never a subclass.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Literal, cast, overload

import phom
from phom.words import Who

from ..core import notices, store
from ..core.i18n import own_names
from . import bots, hand, intents, match, saving
from . import seats as seatplan
from . import settings as table_settings
from .hand import arrangement_points, sort_cards, sorted_lay_downs
from .source import OwnMatch
from .state import HUMAN, SLOTS, TableState

if TYPE_CHECKING:
    from collections.abc import Callable

    from phom import Action, LayDown, PlayerView
    from phom.bots.base import Steps
    from phom.state import EventRecord

    from ..core.notices import Notice, Say
    from ..core.params import Link
    from ..friends.state import FriendsState
    from .bots import TableBot
    from .source import Source, TableGame, TableTotals
    from .state import Draw, DrawMarks, DrawSeat

SPEED_DELAY_MS = {"slow": 1300, "normal": 750, "fast": 300, "instant": 0}
SPEED_ANIM_MS = {"slow": 420, "normal": 300, "fast": 180, "instant": 0}

__all__ = ["HUMAN", "SPEED_ANIM_MS", "SPEED_DELAY_MS", "App", "arrangement_points", "sort_cards",
           "sorted_lay_downs"]


class App(TableState):
    def __init__(self, storage: store.Storage, settings: object = None, source: Source | None = None) -> None:
        safe = store.SafeStorage(storage)  # no call ever raises (ui/core/store.py)
        kept = store.clean_settings(settings) if settings else store.load_settings(safe)
        muted = store.load_muted(safe)
        plan = seatplan.load_plan(safe, kept["players"], kept["bot"], kept["lang"])
        super().__init__(safe, kept, plan, seatplan.plan_seats(plan),
                         source=source if source is not None else OwnMatch(), muted=muted)

    @property
    def guest(self) -> bool:
        """A linked guest's table: it holds the host's view of one seat, nothing more."""
        return self.source.guest

    @property
    def lang(self) -> str:
        return self.settings["lang"]

    @property
    def current_game(self) -> TableGame:
        """The hand on show, for what is only asked while there is one (no hand there is a bug)."""
        if self.game is None:
            raise RuntimeError("no hand on the table")
        return self.game

    @property
    def current_match(self) -> TableTotals:
        """The match on show (its totals), for what is only asked while there is one."""
        if self.match is None:
            raise RuntimeError("no match on the table")
        return self.match

    @property
    def own_game(self) -> phom.Game:
        """The engine's hand, for this device's own match (a guest's table holds no Game)."""
        if not isinstance(self.game, phom.Game):
            raise RuntimeError("no hand of this device's own on the table")
        return self.game

    @property
    def own_match(self) -> phom.Match:
        """The engine's match, for this device's own (a guest's table holds its totals only)."""
        if not isinstance(self.match, phom.Match):
            raise RuntimeError("no match of this device's own on the table")
        return self.match

    # ------------------------------------------------------------------ the match (table/match.py)
    def rules(self) -> phom.Rules:
        """The chosen preset, with the chosen hand size where the table allows it."""
        return table_settings.rules(self.settings)

    def start(self, params: dict[str, object] | None = None) -> None:
        """Resume the saved match, or start one; then follow the link's ``params``."""
        self.source.start(self, params)

    def start_link(self, link: Link) -> None:
        """Start the match a checked link asks for."""
        match.start_link(self, link)

    def new_match(self, seed: int | None = None, deck: list[phom.Card] | None = None, starter: int = 0) -> None:
        match.new_match(self, seed, deck, starter)

    def take_up(self) -> bool:
        """The match put aside for a detour is the match again (table/match.py)."""
        return match.take_up(self)

    def next_hand(self) -> bool:
        return self.source.next_hand(self)

    def apply(self, action: Action) -> None:
        """Play one action (the human's or a bot's), then save; a guest's table
        sends it to the host instead."""
        self.source.apply(self, action)

    def after_guest_move(self, action: Action) -> None:
        """A linked guest's move was checked and played by the session: book it like ours."""
        match.settle(self)

    def in_progress(self) -> bool:
        """A hand is being played (a new match would drop it)."""
        return self.game is not None and not self.game.is_over

    # ------------------------------------------------------------------ storage (table/saving.py)
    def snapshot(self) -> dict[str, object]:
        return saving.snapshot(self)

    def open(self, panel: str | None) -> None:
        """Open ``panel`` (None: close the one open): one of ``panels``, the table's
        own or one a feature registered; any other name is a bug, and raises."""
        if panel is not None and panel not in self.panels:
            raise ValueError(f"no panel named {panel!r} (registered: {sorted(self.panels)})")
        self.dialog = panel

    def register_panels(self, *names: str) -> None:
        """A feature's own panels (ui/learn/state.py DIALOGS, linked play's "link"):
        from now on ``open`` takes their names. The one way a panel is added."""
        self.panels.update(names)

    @overload
    def plug(self, slot: Literal["plate"], draw: DrawSeat) -> None: ...
    @overload
    def plug(self, slot: Literal["marks"], draw: DrawMarks) -> None: ...
    @overload
    def plug(self, slot: str, draw: Draw) -> None: ...

    def plug(self, slot: str, draw: Draw | DrawSeat | DrawMarks) -> None:
        """A feature adds ``draw(app) -> HTML`` to one of the table's slots
        (ui/table/state.py SLOTS); the table draws it there at every render.
        "plate" takes ``draw(app, seat)``, "marks" ``draw(app) -> [Mark]``."""
        if slot not in SLOTS:
            raise ValueError(f"no slot named {slot!r} (slots: {SLOTS})")
        # (which kind of draw a slot takes is the overloads' above: the casts only say it again)
        if slot == "plate":
            self.plates.append(cast("DrawSeat", draw))
        elif slot == "marks":
            self.markers.append(cast("DrawMarks", draw))
        else:
            self.slots.setdefault(slot, []).append(cast("Draw", draw))

    def slot_html(self, slot: str) -> str:
        return "".join(draw(self) for draw in self.slots.get(slot, ()))

    def seat_slot_html(self, slot: str, seat: int) -> str:
        """A per-seat slot ("plate": beside a seat's avatar): ``draw(app, seat) -> HTML``."""
        return "".join(draw(self, seat) for draw in (self.plates if slot == "plate" else ()))

    def marks(self) -> list[tuple[str, str, str]]:
        """What the features plugged into "marks" ask the page to mark on the drawn
        table: (CSS selector, class, attribute), a None selector left out."""
        return [(sel, cls, attr) for draw in self.markers for sel, cls, attr in draw(self) if sel]

    def save(self) -> None:
        """Save after every action (ui/table/saving.py says when not), then tell
        those that follow the table (``after_save``)."""
        self.source.save(self)
        self.saved()

    def saved(self) -> None:
        for follow in self.after_save:
            follow()

    def save_settings(self) -> None:
        saving.save_settings(self)

    def adopt_settings(self, **values: str | int | bool) -> None:
        """Settings a feature chose for the match it starts (the lesson's table, a
        shared deal's), kept as the player's own from now on."""
        self.settings.update(cast("store.Settings", values))   # (Settings' own keys, by the caller's name)
        self.save_settings()

    def follow(self, after_save: Callable[[], None]) -> None:
        """Call ``after_save()`` after each save of the match (a feature following the
        table, ui/page/learn.py: Learn.observe)."""
        self.after_save.append(after_save)

    def when_taken(self, taken: Callable[[], None]) -> None:
        """Call ``taken()`` when a save finds that another tab took the table (ui/page/tabs.py)."""
        self.on_taken = taken

    def give_up_table(self) -> None:
        """Another tab has the table now: this one plays and saves nothing more."""
        self.readonly = True

    def settings_json(self) -> str:
        return json.dumps(self.settings)

    # ------------------------------------------------------------------ what the page says
    def say(self, *said: Say) -> None:
        """Add ``said`` (``notices.Say``) to the notice on show, each sentence once:
        a link may have several things to say (ui/core/notices.py)."""
        self.notice = notices.add(self.notice, *said)

    def say_only(self, *said: Say) -> None:
        """The notice says ``said`` now, whatever it said before (an error, a
        damaged record found)."""
        self.notice = notices.notice(*said)

    def take_notice(self) -> Notice | None:
        """The notice on show, taken off the table for the caller to say in its own
        place (the lesson's banner says why the save is gone); None when there is none."""
        taken, self.notice = self.notice, None
        return taken

    def refuse(self, text: str | None) -> None:
        """A refused tap: ``text`` is said beside the prompt until the next tap (None:
        nothing to say)."""
        self.flash = text

    def used(self, kind: str) -> None:
        """The last input used, "pointer" (touch, mouse) or "kbd": the prompts name
        keys only to a keyboard player."""
        self.input = kind

    def catch_up(self) -> None:
        """The public events so far count as said (a hand just dealt or resumed):
        ``new_events`` gives what happens from now on."""
        self.events_seen = len(self.view().events) if self.game is not None else 0

    # ------------------------------------------------------------------ queries
    def notice_text(self) -> str | None:
        """The notice on show, in the page's language now (None: there is none)."""
        return notices.text(self.notice, self.lang)

    def view(self) -> PlayerView:
        return self.source.view(self)

    def my_turn(self) -> bool:
        return self.source.my_turn(self)

    def legal(self) -> list[Action]:
        return self.current_game.legal_actions() if self.my_turn() else []

    def phase_attr(self) -> str:
        own = self.source.phase(self)
        if own is not None:
            return own
        if self.game is None:
            return "loading"
        if self.cover_for is not None:
            return "cover"
        if self.game.is_over:
            return "hand-over"
        if self.my_turn() and self.auto_action() is None:
            return "your-turn"
        return "waiting"

    def new_events(self) -> list[EventRecord]:
        """Public events since the last call, as (seat, kind, card)."""
        evs = list(self.view().events)
        new = evs[self.events_seen:]
        self.events_seen = len(evs)
        return new

    # ------------------------------------------------------------------ seats
    @property
    def pass_and_play(self) -> bool:
        """Two or more people share this device (ui/table/seats.py)."""
        return self.source.pass_and_play(self)

    def may_paint(self) -> bool:
        """Whether the next visit may paint this table before Python starts
        (ui/boot/paint.js, from the copy ui/boot/boot.js keeps): only a save of
        this device's own, played by one person here — a reload of a
        pass-and-play table shows no hand."""
        return self.source.may_paint(self)

    def is_person(self, seat: int) -> bool:
        """A person playing on this device."""
        return self.source.is_person(self, seat)

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: "here", "guest" (a linked phone) or "bot"."""
        return self.source.controller(self, seat)

    def bot_to_move(self) -> bool:
        g = self.game
        return g is not None and not g.is_over and self.controller(g.to_move) == "bot"

    def person_to_move(self) -> bool:
        g = self.game
        return g is not None and not g.is_over and self.is_person(g.to_move)

    def name(self, seat: int) -> str:
        return self.source.name(self, seat)

    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.current_game.players)]

    @property
    def you_seat(self) -> int | None:
        """The seat the page speaks to as "you" ("You finish first", "Tuấn pays
        you 2"): the player on this phone. With pass-and-play every seat goes by
        its name, the phone passing between them, but a seat that kept the name the
        page gave the phone's own player ("Bạn", "You") is spoken to by it:
        "You draw", never "You draws"."""
        if not self.pass_and_play:
            return self.me
        if self.game is None:
            return None
        return next((s for s in range(self.game.players) if self.name(s).casefold() in own_names()), None)

    def who(self, seat: int) -> Who:
        """A seat as the page's sentences name it (phom/words.py)."""
        return Who(self.name(seat), seat == self.you_seat)

    def screen_html(self) -> str | None:
        """What replaces the table, if anything: the pass-and-play cover, a
        guest's join screen."""
        return self.source.screen_html(self)

    def hand_hidden(self, seat: int) -> bool:
        """Pass-and-play: at the end of a hand only what the end reveals is shown."""
        return self.source.hand_hidden(self, seat)

    # ------------------------------------------------------------------ the hand (table/hand.py)
    def auto_action(self) -> Action | None:
        """An action the page plays for the human without asking (a lone ù, auto lay-down), or None."""
        return hand.auto_action(self)

    def lay_options(self) -> list[LayDown]:
        return hand.lay_options(self)

    def propose(self, lay: LayDown) -> bool:
        """Propose ``lay`` (a LayDown on offer now) as the lay-down; False, and
        nothing changed, when it is not on offer."""
        opts = self.lay_options()
        if lay not in opts:
            return False
        self.arr_index = opts.index(lay)
        return True

    def current_lay(self) -> LayDown | None:
        return hand.current_lay(self)

    def lay_is_skip(self) -> bool:
        """Is the proposed lay-down the empty one, while the hand could lay a meld?"""
        return hand.lay_is_skip(self)

    def best_melds(self) -> list[list[phom.Card]]:
        """The melds of the least-deadwood lay-down on offer (for the móm question)."""
        return hand.best_melds(self)

    def hand_groups(self) -> list[tuple[int, list[phom.Card]]]:
        """The hand as display groups: [(meld_no or 0, [cards])], melds first."""
        return hand.hand_groups(self)

    def flat_hand(self) -> list[phom.Card]:
        return [c for _, cards in self.hand_groups() for c in cards]

    @property
    def hand_order(self) -> list[str] | None:
        """The order the player on show gave their hand, or None (the sort's)."""
        return self.orders.get(self.me)

    def reorder(self, how: str, text: str, where: int) -> bool:
        """Move a hand card: ``move_card`` to a place, ``nudge`` one place left/right."""
        return hand.reorder(self, how, text, where)

    # ------------------------------------------------------------------ intents (table/intents.py)
    def handle(self, intent: str, arg: object = None) -> bool:
        """One tap or key. Returns True when something changed (re-render)."""
        return intents.handle(self, intent, arg)

    def tap_card(self, text: object) -> bool:
        return intents.tap_card(self, text)

    # ------------------------------------------------------------------ settings (table/settings.py)
    def staged_plan(self) -> list[seatplan.PlanSeat]:
        """The seat plan the settings panel shows: staged edits fitted to the staged count."""
        return table_settings.staged_plan(self)

    def change_setting(self, key: str, value: object) -> bool:
        return table_settings.change_setting(self, key, value)

    # ------------------------------------------------------------------ bots (table/bots.py)
    def bot_for(self, seat: int) -> TableBot:
        """The bot playing ``seat`` this hand (made when the seat first has to move)."""
        return bots.bot_for(self, seat)

    def make_bot(self, seat: int, n_actions: int) -> TableBot:
        """A fresh bot for ``seat``, seeded so the review can make the same one."""
        return bots.make_bot(self, seat, n_actions)

    def seat_bots(self, bots: dict[int, TableBot]) -> None:
        """Seat ``bots`` (seat -> an object with ``choose``/``choose_steps``) for the
        rest of this hand, whatever the strength setting says (the tutorial's
        scripted seats, ui/tutorial.py); the next hand, a new match or a reload
        drops them."""
        self._seated = dict(bots)

    def bot_steps(self) -> Steps:
        """Generator for the seat to move (a bot): yields between slices, returns the action."""
        return bots.bot_steps(self)

    # ------------------------------------------------------------------ linked play (ui/friends/)
    def attach_friends(self, record: FriendsState) -> None:
        """Linked play's own record (ui/friends/state.py FriendsState) kept on this
        table, by linked play's plug: the table never reads it."""
        self.friends = record

    def show_host_state(self, seat: int, game: TableGame, totals: TableTotals, hand_no: int) -> None:
        """A linked guest's table takes the host's latest state: ``seat`` on show,
        ``game`` and ``totals`` the stand-ins built from the host's message
        (ui/table/source.py TableGame, TableTotals). A new hand starts a new turn
        and says its events from the first; a raised card that left the hand drops."""
        new_hand = self.game is None or self.hand_no != hand_no
        self.me = seat
        self.game = game
        self.match = totals
        self.hand_no = hand_no
        if new_hand:
            self.events_seen = 0
            self.reset_turn()
        if self.selected is not None and self.selected not in game.view(seat).hand:
            self.selected = None

    def drop_selection(self) -> None:
        """The raised card goes back into the hand (a guest's move sent to the host)."""
        self.selected = None
