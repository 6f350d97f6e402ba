"""The turn clock (issue 51), pure Python: for a table with people on other phones, the
host may give each of their turns 20 or 45 seconds (off by default; solo and pass-and-play
have no guest seat, so no clock). When a guest's time runs out, the bot the seat was
given in the host's plan plays the rest of that turn (``Session.cover``, as for a guest
who left), every phone says so in words, and the guest plays on at its next turn.

``TurnClock`` is the host's: which turn it is timing (hand, seat, the seat's discards so
far: a turn ends with its discard), since when, and the seat it covered. The host's page
ticks it (ui/page/link.py); ``info`` is what every guest's ``state`` carries
(ui/friends/linkplay.py), so a guest's phone draws the same ring from its own clock.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, TypedDict

from .words import fw

if TYPE_CHECKING:
    from phom.session import Session
    from phom.words import Who


class ClockInfo(TypedDict):
    """The clock as a guest's state carries it (``TurnClock.info``, checked by ``read_info``)."""

    limit: int              # seconds a turn (LIMITS)
    seat: int | None        # the seat timed now
    left: float | None      # its seconds left when sent
    out: int | None         # the seat whose time ran out, until its next turn

LIMITS = (0, 20, 45)



def clean_limit(v: object) -> int:
    """A limit as kept or sent: one of LIMITS, else 0 (off)."""
    return v if isinstance(v, int) and not isinstance(v, bool) and v in LIMITS else 0


class TurnClock:
    def __init__(self, limit: int = 0) -> None:
        self.limit = clean_limit(limit)
        self.turn: tuple[int, int, int] | None = None   # (hand, seat, the seat's discards) being timed
        self.started = 0.0
        self.out: int | None = None                      # the seat a bot finishes the turn of
        self.told: tuple[int, int, int] | None = None    # the turn that ran out: said until its seat's next

    def _turn(self, session: Session | None) -> tuple[int, int, int] | None:
        g = session.game if session is not None else None
        if session is None or g is None or g.is_over:
            return None
        seat = g.to_move
        return (session.hand_no, seat, g.turns[seat])

    def observe(self, session: Session | None, now: float) -> str | None:
        """Follow the table: a new turn starts its time; the turn a bot finished for the
        clock over, the seat is its player's again ("back"). Never covers."""
        turn = self._turn(session)
        said = None
        if self.out is not None and turn != self.turn:
            if session is not None and self.out in session.covered:
                session.cover(self.out, False)
            self.out, said = None, "back"
        if self.told is not None and (turn is None or turn[0] != self.told[0]
                                      or (turn[1] == self.told[1] and turn != self.told)):
            self.told = None
        if turn != self.turn:
            self.turn, self.started = turn, now
        return said

    def timed(self, session: Session | None) -> int | None:
        """The seat whose time runs now: a guest's, not already played by a bot."""
        if not self.limit or self.turn is None or session is None:
            return None
        seat = self.turn[1]
        if session.seats[seat].kind != "guest" or seat in session.covered:
            return None
        return seat

    def tick(self, session: Session | None, now: float) -> str | None:
        """Time passing on the host: "out" when a turn's time ran out now (its seat covered),
        "back" when the seat so covered is its player's again, else None."""
        said = self.observe(session, now)
        seat = self.timed(session)
        if seat is not None and session is not None and now - self.started >= self.limit:
            session.cover(seat, True)
            self.out, self.told = seat, self.turn
            return "out"
        return said

    def info(self, session: Session | None, now: float) -> ClockInfo | None:
        """What a guest's state says of the clock: the limit, the seat timed and the seconds
        left when sent, and the seat whose time ran out (until its next turn); None when off."""
        if not self.limit:
            return None
        self.observe(session, now)
        seat = self.timed(session)
        left = None if seat is None else round(max(0.0, self.limit - (now - self.started)), 1)
        return {"limit": self.limit, "seat": seat, "left": left, "out": None if self.told is None else self.told[1]}


def read_info(raw: object) -> ClockInfo | None:
    """A state's clock as a guest reads it: checked, else None (no ring, nothing said)."""
    if not isinstance(raw, dict):
        return None
    limit = clean_limit(raw.get("limit"))

    def seat(v: object) -> int | None:
        return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4 else None

    given = raw.get("left")
    left = (float(given) if isinstance(given, (int, float)) and not isinstance(given, bool) and 0 <= given <= limit
            else None)
    if not limit:
        return None
    return {"limit": limit, "seat": seat(raw.get("seat")), "left": left, "out": seat(raw.get("out"))}


# ---------------------------------------------------------------- drawing
def ring_html(info: ClockInfo | None, seat: int, spent: float) -> str:
    """The ring on the avatar of the seat whose time runs: it empties over the limit (a CSS
    animation started ``spent`` seconds in, so every redraw keeps its place)."""
    left = info["left"] if info else None
    if not info or info["seat"] != seat or left is None:
        return ""
    limit = info["limit"]
    gone = min(limit, limit - left + max(0.0, spent))
    return (f'<span class="clock-ring" data-clock="{seat}" '
            f'style="--clock-limit: {limit}s; --clock-spent: {gone:.1f}s"></span>')


def out_html(lang: str, info: ClockInfo | None, who_of: Callable[[int], Who]) -> str:
    """Every phone says it in words when a turn's time ran out: the seat by its name, or
    "bạn" / "you" on that seat's own phone (``who_of``: a seat as the page names it)."""
    out = info["out"] if info else None
    if out is None:
        return ""
    return (f'<p class="notice clock-out" role="status" data-clock-out="{out}">'
            f'{escape(fw(lang, "clock_out", who=who_of(out)))}</p>')


def choice_html(lang: str, limit: int) -> str:
    """The host's choice in Settings: off, 20 s, 45 s (buttons pressed or not)."""
    buttons = "".join(
        f'<button type="button" class="btn{" primary" if n == limit else ""}" data-act="link_clock" '
        f'data-arg="{n}" data-key="clock-{n}" aria-pressed="{"true" if n == limit else "false"}">'
        f'{escape(fw(lang, "clock_s", n=n) if n else fw(lang, "clock_off"))}</button>'
        for n in LIMITS)
    return (f'<div class="field clock-choice" role="group" aria-labelledby="clock-title">'
            f'<span id="clock-title" class="label">{escape(fw(lang, "clock_title"))}</span>'
            f'<div class="link-actions">{buttons}</div><p class="note">{escape(fw(lang, "clock_help"))}</p></div>')


__all__ = ["LIMITS", "ClockInfo", "TurnClock", "choice_html", "clean_limit", "out_html", "read_info", "ring_html"]
