"""Linked play's state on a table, declared once (as ``TableState`` declares the
table's): the host's links to its guests' phones and internet play's record.

``plug(app)`` (ui/friends/linkplay.py) hangs one ``FriendsState`` on the table as
``app.friends``; everything of linked play reads and writes it there, so a reader
sees here all that the feature keeps beside the table, with its meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..table.app import App
    from .clock import TurnClock
    from .invite import NetGuest, NetHost, NetRecord
    from .linkplay import HostLinks
    from .react import Reactions


def _none_yet() -> NetRecord:
    return {}


@dataclass(eq=False)
class FriendsState:
    links: HostLinks | None = None      # a host's links to its guests' phones, by seat (ui/page/link.py sets it)
    net: NetRecord = field(default_factory=lambda: _none_yet())   # internet play on this device: consent, TURN, the hosted room (store NET_KEY)
    net_note: str | None = None         # the last word said in internet play's panels (copied, TURN saved, …)
    net_host: NetHost | None = None     # the room a host holds open for its invitation
    net_url: str = ""                   # that room's invitation link
    net_guest: NetGuest | None = None   # a guest who came by an invitation: where it is on its way in
    clock: TurnClock | None = None      # a host's turn clock (ui/friends/clock.py; its limit kept in NET_KEY)
    react: Reactions | None = None      # quick reactions on this phone (ui/friends/react.py; its mute kept in NET_KEY)
    holding: bool = False               # a message that came in is being handled: a save sends after its replies
                                        # (ui/friends/intents.py publish)


def friends_of(app: App) -> FriendsState:
    """Linked play's record on ``app``, which linked play's plug hung there (a table
    without it is a bug in the page's wiring, not a player's input: it raises)."""
    if app.friends is None:
        raise LookupError("linked play is not plugged into this table (ui/friends/linkplay.py plug)")
    return app.friends


__all__ = ["FriendsState", "friends_of"]
