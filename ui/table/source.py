"""Where a table's game comes from: the one place a table that plays its own
match and a table fed by another phone differ.

``App`` (ui/table/app.py) asks its ``source`` every question whose answer
depends on who holds the match: what the view is, whose turn it is, who
plays a seat and under which name, what a move does, what is saved, what
covers the table. ``OwnMatch`` is this device's own match — the engine runs
here, bots and people share the phone — and is every table's source unless
one is given. A linked guest's table is an ``App`` whose source is
ui/friends/linkplay.py's ``HostFeed``, which answers from the last state the
host sent; nothing subclasses ``App``, so a feature that changes what a table
is does it by handing the table a source, and every module of ui/table/
keeps reading the same ``App``.

A source keeps no table state of its own that the table also keeps: each
answer is computed from the ``app`` it is asked about (``OwnMatch`` holds
nothing at all), so there is one owner for the game, the seat on show and the
raised card — the table.

What a source must answer is declared once, as ``Source`` (a Protocol: a source
subclasses nothing, mypy checks that ``OwnMatch`` and ``HostFeed`` give every
answer). A guest's table holds no ``phom.Game`` nor ``phom.Match``: its feed puts
stand-ins in ``app.game`` and ``app.match`` built from the host's message, and
what the table may read of them is declared here too, as ``TableGame`` and
``TableTotals``, which the engine's ``Game`` and ``Match`` satisfy as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from phom.reveal import revealed_hands

from ..core import store
from . import match, saving
from . import seats as seatplan

if TYPE_CHECKING:
    import phom
    from phom import Action, PlayerView, Result, Rules
    from phom.state import Phase

    from .app import App


class TableGame(Protocol):
    """What the table reads of the hand on show: a ``phom.Game``, or a linked guest's
    copy of one seat's view of the host's (ui/friends/linkplay.py ``_GuestGame``)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def actions(self) -> Sequence[object]: ...      # the moves so far (a guest knows how many, not which)
    @property
    def result(self) -> Result | None: ...          # a guest's: only what the end made public
    def legal_actions(self) -> list[Action]: ...
    def view(self, seat: int) -> PlayerView: ...    # a guest's: its own seat's only


class TableTotals(Protocol):
    """What the table reads of the match: a ``phom.Match``, or a guest's copy of the
    host's totals (ui/friends/linkplay.py ``_Totals``)."""

    @property
    def totals(self) -> Sequence[int]: ...
    @property
    def recorded(self) -> bool: ...


class Source(Protocol):
    """Where a table's game comes from: every question ``App`` asks whose answer
    depends on who holds the match (the module's docstring). ``OwnMatch`` (this
    device's match) and ui/friends/linkplay.py's ``HostFeed`` (a linked guest's)."""

    @property
    def guest(self) -> bool: ...            # a linked guest's table: it holds one seat's view, nothing more
    def start(self, app: App, params: dict[str, object] | None) -> None: ...
    def apply(self, app: App, action: Action) -> None: ...
    def next_hand(self, app: App) -> bool: ...
    def save(self, app: App) -> None: ...
    def view(self, app: App) -> PlayerView: ...
    def my_turn(self, app: App) -> bool: ...
    def pass_and_play(self, app: App) -> bool: ...
    def may_paint(self, app: App) -> bool: ...
    def is_person(self, app: App, seat: int) -> bool: ...
    def controller(self, app: App, seat: int) -> str: ...
    def name(self, app: App, seat: int) -> str: ...
    def hand_hidden(self, app: App, seat: int) -> bool: ...
    def screen_html(self, app: App) -> str | None: ...
    def phase(self, app: App) -> str | None: ...


class OwnMatch:
    """This device's own match: the engine, the bots and the save are here."""

    guest = False    # a linked guest's table (HostFeed) says True

    def start(self, app: App, params: dict[str, object] | None) -> None:
        match.start(app, params)

    def apply(self, app: App, action: Action) -> None:
        match.play(app, action)

    def next_hand(self, app: App) -> bool:
        return match.next_hand(app)

    def save(self, app: App) -> None:
        saving.save(app)

    def view(self, app: App) -> PlayerView:
        return app.current_game.view(app.me)

    def my_turn(self, app: App) -> bool:
        g = app.game
        return g is not None and not g.is_over and g.to_move == app.me and app.cover_for is None

    def pass_and_play(self, app: App) -> bool:
        """Two or more people share this device (ui/table/seats.py)."""
        return sum(x.kind == "here" for x in app.seats) >= 2

    def may_paint(self, app: App) -> bool:
        return not app.pass_and_play and store._get(app.storage, store.SAVE_KEY) is not None

    def is_person(self, app: App, seat: int) -> bool:
        return app.seats[seat].kind == "here"

    def controller(self, app: App, seat: int) -> str:
        if app.session is not None:
            return app.session.controller(seat)
        return "bot" if app.seats[seat].kind == "bot" else "here"

    def name(self, app: App, seat: int) -> str:
        return seatplan.seat_name(app.seats, seat, app.lang, app.pass_and_play or app.session is not None)

    def hand_hidden(self, app: App, seat: int) -> bool:
        if not (app.pass_and_play or app.session is not None) or not app.current_game.is_over:
            return False
        return revealed_hands(app.current_game)[seat] is None

    def screen_html(self, app: App) -> str | None:
        if app.cover_for is None:
            return None
        return seatplan.cover_html(app.lang, app.name(app.cover_for), app.current_game.is_over)

    def phase(self, app: App) -> str | None:
        """A phase of the source's own before the table's (None: the table's)."""
        return None


if TYPE_CHECKING:     # mypy: the engine's records and this device's match are what the table expects
    def _own(source: OwnMatch, game: phom.Game, match_: phom.Match) -> tuple[Source, TableGame, TableTotals]:
        return source, game, match_


__all__ = ["OwnMatch", "Source", "TableGame", "TableTotals"]
