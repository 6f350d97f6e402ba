"""What the learning side holds, as one declared record, and what can be read off it.

``LearnState`` is every field ``Learn`` keeps, each with its default and what it is
for, so a reader finds the whole state in one place rather than gathered from the
methods that set it. Its methods only read (the keys a hint or a record is filed
under, whose record a seat's hand goes to, whether a review would show a hand that
should stay hidden): the render (``render.py``, ``stats_view.py``) is built from
them and may call nothing that writes. Changing the state is ``core.Learn``'s and
``intents.py``'s.

Whose statistics (``record_owner``): every person playing on this device gets
their own record, keyed by name; a bot seat and a linked guest's seat record
nothing here (the guest's phone is the guest's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from phom.share import Deal
from phom.stats import Stats

from ..core import store
from ..core.i18n import own_names
from ..core.store import LEARN_KEY, MemoryStorage
from ..table.app import HUMAN
from .words import tx

if TYPE_CHECKING:
    from phom.hints import Hint

    from ..core.notices import Notice
    from ..core.store import SafeStorage, Storage
    from ..table.app import App
    from .review_view import ReviewSession
    from .tutorial import Tutorial

DIALOGS = ("learn-stats", "learn-share", "learn-confirm", "learn-review",
           "learn-summary")


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


class Kept(TypedDict):
    """What the learning side keeps in ``localStorage`` (``LEARN_KEY``) across a reload."""

    hand: str | None           # the hand (``hand_key``) the hint counts are of
    hints: int                 # hints asked in that hand
    recorded: str | None       # the last hand recorded in the statistics
    daily: str | None          # "seed|YYYY-MM-DD" while today's deal is played
    tutorial: bool             # the tutorial was offered
    lesson: str | None         # the hand key of the tutorial in progress (resumed after a reload)
    by_seat: dict[str, int]    # this hand's hints per seat (pass-and-play: each person's own)
    # the seed of the match started over one put aside (the tutorial, a deal): the way
    # back asks first when another match replaced that one (ui/learn/core.py)
    detour: str | None


def _count(v: object) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000 else None


def load_saved(storage: Storage) -> Kept:
    """The state kept in ``localStorage`` (``LEARN_KEY``), each value checked: a damaged
    one is its default, so a hand-edited or half-written key never stops the page."""
    try:
        d = json.loads(store._get(storage, LEARN_KEY) or "{}")
    except ValueError:
        d = {}
    if not isinstance(d, dict):
        d = {}

    def text(k: str) -> str | None:
        v = d.get(k)
        return v if isinstance(v, str) else None

    hints, tutorial, by_seat = _count(d.get("hints")), d.get("tutorial"), d.get("by_seat")
    return {
        "hand": text("hand"), "hints": hints if hints is not None else 0, "recorded": text("recorded"),
        "daily": text("daily"), "tutorial": tutorial if isinstance(tutorial, bool) else False,
        "lesson": text("lesson"),
        "by_seat": ({s: n for s, n in by_seat.items() if s in ("0", "1", "2", "3") and _count(n) is not None}
                    if isinstance(by_seat, dict) else {}),
        "detour": text("detour"),
    }


@dataclass(eq=False)
class LearnState:
    """The learning side's page state beside the table (``app``); identity, not value,
    makes two of them different (eq=False), as for any page object."""

    app: App
    storage: SafeStorage                  # the app's storage (ui/core/store.py)
    guest: bool = False                   # a linked guest's page (ui/friends/linkplay.py)
    stats: Stats = field(default_factory=Stats)
    state: Kept = field(default_factory=lambda: load_saved(MemoryStorage()))   # what survives a reload (load_saved)
    hint: Hint | None = None
    hint_for: str | None = None           # the decision the hint is for
    wanted: str | None = None             # a hint asked for and not computed yet
    base_url: str = ""
    today: str = ""                       # YYYY-MM-DD, the player's local date
    warnings: list[str] = field(default_factory=list)   # refusals' English, for the console
    pending: tuple[Deal, str | None] | None = None      # a deal waiting for "replace the match?"
    pending_tutorial: bool = False        # the tutorial waiting for the same question
    pending_back: bool = False            # "back to my match" waiting for "drop this one?"
    confirm_reset: bool = False           # "erase all statistics?" asked
    copied: bool = False                  # the share link was copied
    banner: str | None = None
    session: ReviewSession | None = None  # the review of a finished hand
    session_key: str | None = None        # the hand that review is of
    tutorial: Tutorial | None = None      # the lesson under way
    welcome: bool = False                 # the tutorial offered on a first visit
    lesson_lost: bool = False             # a tutorial was under way and could not be resumed
    lost_why: Notice | None = None        # the notice that said why (the save set aside)
    stats_who: str = ""                   # the stats view's choice: "" (the player), "@all", "=Name"
    stats_preset: str = ""                # the table shown beside all of them ("": the one in play)

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

    def daily_date(self) -> str | None:
        d = self.state["daily"]
        if d and d.startswith(f"{self.app.match_seed}|"):
            return d.split("|", 1)[1]
        return None

    # ------------------------------------------------------------ whose
    def recorded_seats(self) -> list[int]:
        """The seats whose hand goes into the statistics: the people on this device."""
        app = self.app
        if self.guest or app.game is None:
            return []
        return [s for s in range(app.game.players) if s < len(app.seats) and app.is_person(s)]

    def owner(self, seat: int) -> str | None:
        return record_owner(self.app.seats[seat].name)

    def current_person(self) -> str:
        """The stats view opens on the person at the table now (pass-and-play: whose
        turn it is, or who holds the phone), else the device's own player."""
        app = self.app
        seat = getattr(app, "me", HUMAN)
        seats = self.recorded_seats()
        if seat not in seats:
            seat = seats[0] if seats else HUMAN
        who = self.owner(seat) if seat < len(app.seats) and not self.guest else None
        return "" if who is None else "=" + who

    # ------------------------------------------------------------ the match
    def in_progress(self) -> bool:
        """Would starting another deal lose something the player cares about?"""
        g = self.app.game
        if g is None:
            return False
        if self.app.hand_no > 1:
            return True
        return any(s == HUMAN for s, _k, _c in g.view(HUMAN).events)

    def review_would_leak(self) -> bool:
        """Pass-and-play (ui/table/seats.py): the review lays every hand open, so it is offered
        only when the end itself opened them all (phom.reveal: not after an ù)."""
        app, g = self.app, self.app.game
        if not getattr(app, "pass_and_play", False) or g is None or not g.is_over:
            return False
        from phom.reveal import revealed_hands

        return any(h is None for h in revealed_hands(g))

    def suspended(self) -> bool:
        """A match is put aside for a detour (ui/core/store.py suspend_match)."""
        return not self.guest and store.has_suspended(self.storage)

    def back_label(self) -> str:
        """"Back to my match (+5 −2 …)": the way back, with the totals it keeps."""
        totals = store.suspended_totals(self.storage)
        lang = self.app.lang
        if not totals:
            return tx(lang, "btn_back_match")
        return tx(lang, "back_match_totals", totals=" ".join(f"{x:+d}" for x in totals))

    def share_code(self) -> str:
        g = self.app.own_game
        return Deal.of_game(g, self.app.settings["bot"], self.app.match_seed).encode()

    def share_url(self) -> str:
        return f"{self.base_url}?deal={self.share_code()}"
