"""The settings panel: what changes at once, what waits for a new match.

Looks and pace (language, sort, speed, colours, bot strength) change at once
and are saved. What would change the match under way (the preset, the number of
players, the hand size, who sits where) is staged in ``pending`` and applied
only when a new match starts, after asking if a hand is being played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, SupportsIndex, SupportsInt, cast

import phom

from ..core import store
from . import seats as seatplan

if TYPE_CHECKING:
    from .app import App


def rules(settings: store.Settings) -> phom.Rules:
    """The chosen preset, with the chosen hand size where the table allows it."""
    r = phom.Rules.preset(settings["preset"])
    hs = settings.get("hand_size", r.hand_size)
    return r.with_(hand_size=hs) if hs != r.hand_size and hs in r.hand_sizes else r


def all_bots(app: App, level: str) -> None:
    """One strength for every bot seat (a seat's own pick is in the seat table)."""
    app._bots = {}
    app.plan = [{**x, "bot": level} if x["kind"] == "bot" else x for x in app.plan]
    seatplan.save_plan(app.storage, app.plan)
    app.seats = tuple(s if s.person else seatplan.Seat(s.kind, s.name, level) for s in app.seats)
    if "plan" in app.pending:
        app.pending["plan"] = [{**x, "bot": level} if x["kind"] == "bot" else x
                               for x in app.pending["plan"]]


def staged_plan(app: App) -> list[seatplan.PlanSeat]:
    """The seat plan the settings panel shows: staged edits fitted to the staged count."""
    players = app.pending.get("players", app.settings["players"])
    return seatplan.fit_plan(app.pending.get("plan", app.plan), players, app.settings["bot"], app.lang)


def change_setting(app: App, key: str, value: object) -> bool:
    """One control of the panel; False when ``value`` is not one it offers."""
    if key.startswith("seat_"):
        plan, why = seatplan.change(app.staged_plan(), key, value, app.lang)
        if why is not None:
            app.flash = why if why != "?" else None
            return why != "?"
        app.pending["plan"] = plan
        return True
    if key in ("players", "hand_size"):
        number = _whole(value)
        if number is None:
            return False
        value = number
    if key == "four_color":
        value = value in (True, "true", "1", "on")
    cleaned: Mapping[str, object] = store.clean_settings({**app.settings, key: value})
    if key in ("preset", "players", "hand_size"):
        if cleaned[key] != value:
            return False
        staged = cast("dict[str, object]", app.pending)   # (a TypedDict is this dict; key checked above)
        if value == _field(app.settings, key):
            staged.pop(key, None)
        else:
            staged[key] = value
        return True
    if cleaned.get(key) != value:
        return False
    store.update_settings(app.settings, {key: value})
    if key == "bot":
        all_bots(app, app.settings["bot"])
    app.save_settings()
    return True


def _field(record: Mapping[str, object], key: str) -> object:
    return record[key]


def _whole(value: object) -> int | None:
    """``int(value)``, None where it refuses (what int() cannot take at all is refused too)."""
    if not isinstance(value, (str, bytes, SupportsInt, SupportsIndex)):
        return None
    try:
        return int(value)
    except ValueError:
        return None


def start_new_match(app: App) -> bool:
    """The staged choices become the settings, and a new match starts with them."""
    plan = app.pending.pop("plan", None)
    if plan is not None:
        app.plan = plan
    store.update_settings(app.settings, app.pending)
    app.pending = {}
    app.save_settings()
    app.open(None)
    app.new_match()
    return True
