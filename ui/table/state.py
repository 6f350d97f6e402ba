"""The table's state record: every field a table keeps, declared in one place.

The engine keeps the rules' state (``phom.Game``, ``phom.Match``); this is the
page's own around it: who sits where, the raised card, the chosen lay-down,
the open panel, the one-time notice, whether saving works. Declared as a
dataclass so a reader sees the whole of it, with its meaning, before any code
that changes it; ``App`` (ui/table/app.py) is this record plus what changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from collections.abc import Callable

    import phom
    from phom.session import Seat, Session

    from ..core.notices import Notice
    from ..core.params import Link
    from ..core.store import SafeStorage, Settings
    from ..friends.state import FriendsState
    from .app import App
    from .bots import TableBot
    from .seats import PlanSeat
    from .source import Source, TableGame, TableTotals

    # What the table's drawing takes from a feature (App.plug): a slot's HTML, a seat's
    # "plate" beside its avatar, and "marks", each (CSS selector or None, class, attribute).
    Mark = tuple[str | None, str, str]
    Draw = Callable[[App], str]
    DrawSeat = Callable[[App, int], str]
    DrawMarks = Callable[[App], list[Mark]]

HUMAN = 0   # the seat of the person holding the phone, when they play alone


# The table's own panels. A feature that draws panels of its own registers their
# names (ui/learn/core.py: ui/learn/state.py DIALOGS; ui/page/link.py: "link"), so
# that every name ``App.open`` takes is declared by its owner, and a misspelt one fails.
# Where a feature adds to the table's drawing (App.plug): "banners" (the notices'
# stack), "settings" (the end of the settings panel), "over" (the end-of-hand
# panel's actions, in place of the table's "next hand"), "over_actions" (first of
# those actions), "over_head" (under the end-of-hand headline), "prompt" (under the
# action bar's prompt), "actions" (first of the action bar's buttons), "panel" (a
# panel of its own, drawn when it is the one open and the table draws none), and
# "marks": not HTML but [(CSS selector, class, attribute)], what the page marks on
# the drawn table (the hinted card, the tutorial's target). The table draws what is
# plugged in and knows nothing of the feature (ui/friends/linkplay.py plug,
# ui/learn/core.py Learn.plug).
SLOTS = ("banners", "settings", "over", "over_actions", "over_head", "prompt", "actions", "panel", "marks",
         "plate")
# The table's panels: those a tool button opens and closes (ui/table/intents.py), then
# its questions. The one list of them; a feature registers its own (App.panels).
TOGGLED_PANELS = ("settings", "rules", "help", "log", "scores", "menu")
TABLE_PANELS = (*TOGGLED_PANELS, "confirm_mom", "confirm_new", "open_link")


class Pending(TypedDict, total=False):
    """What the settings panel staged for the next match (ui/table/settings.py)."""

    preset: str
    players: int
    hand_size: int
    plan: list[PlanSeat]


@dataclass(eq=False, repr=False)   # a table is one object (identity), too big to print whole
class TableState:
    storage: SafeStorage             # no call ever raises (ui/core/store.py)
    settings: Settings               # store.clean_settings: preset, players, bot, lang, sort, …
    plan: list[PlanSeat]             # who sits where, as edited (ui/table/seats.py)
    seats: tuple[Seat, ...]          # the match's seats, made from the plan
    source: Source                   # where the game comes from: OwnMatch or a guest's HostFeed (ui/table/source.py)
    muted: bool = False              # the sound switch (its own key, ui/core/store.py)
    # the match: the engine's Match and Game, or a linked guest's stand-ins (source.py)
    match: TableTotals | None = None
    game: TableGame | None = None
    hand_no: int = 0
    match_seed: int = 0
    session: Session | None = None   # when guests' phones are linked (phom/session.py)
    friends: FriendsState | None = None   # linked play's own record (ui/friends/state.py), hung here by its plug
    resumed: phom.Game | None = None  # the hand taken from the save: on screen before, never dealt again
    me: int = HUMAN                  # the seat whose hand is shown (the person playing now)
    cover_for: int | None = None     # pass-and-play: the person the phone goes to next
    # this turn
    selected: phom.Card | None = None   # the raised card
    arr_index: int = 0               # which LayDown (of hand.sorted_lay_downs) is proposed
    flash: str | None = None         # short message after a refused tap
    events_seen: int = 0             # the public events already said (App.new_events)
    orders: dict[int, list[str] | None] = field(default_factory=dict)    # seat -> the player's own order of the hand (ui/core/order.py)
    # panels and words
    dialog: str | None = None        # the open panel, None or one of ``panels`` (App.open)
    panels: set[str] = field(default_factory=lambda: set(TABLE_PANELS))   # + what features register
    slots: dict[str, list[Draw]] = field(default_factory=dict)    # slot (SLOTS) -> [draw(app) -> HTML], App.plug
    plates: list[DrawSeat] = field(default_factory=list)    # the "plate" slot: [draw(app, seat) -> HTML]
    markers: list[DrawMarks] = field(default_factory=list)  # the "marks" slot: [draw(app) -> [Mark]]
    input: str = "pointer"           # the last input used: "pointer" (touch, mouse) or "kbd"
    rules_tab: str | None = None
    notice: Notice | None = None     # one-time message (corrupt save, …), said at each render
    pending: Pending = field(default_factory=lambda: Pending())   # staged preset/players/plan in the settings panel
    link: Link | None = None         # a checked link waiting for "keep" or "start"
    # storage
    saving: bool = True              # the last write of the match to storage worked
    save_blocked: bool = False       # an unreadable save could not be set aside
    aside_error: str | None = None   # why the save was set aside, the engine's English
    readonly: bool = False           # another tab has the table (ui/page/tabs.py)
    on_taken: Callable[[], None] | None = None    # called when a save finds another tab took over
    # called after each save of the match, which is when a hand ends or a new one starts:
    # how a feature follows the table without wrapping its methods (ui/page/learn.py adds
    # Learn.observe, so a finished hand is recorded when it ends, never during a render)
    after_save: list[Callable[[], None]] = field(default_factory=list)
    # bots
    _bots: dict[int, TableBot] = field(default_factory=dict)     # seat -> the bot made for it this hand (bots.bot_for)
    _seated: dict[int, TableBot] = field(default_factory=dict)   # seat -> a bot seated from outside for this hand

    def reset_turn(self) -> None:
        """A new turn for the player on show: nothing raised, the first lay-down, no flash."""
        self.selected = None
        self.arr_index = 0
        self.flash = None
