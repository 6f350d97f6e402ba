"""Quick reactions (issue 51), pure Python: at a table with people on other phones, a
small fixed set of phrases and emoji — Vietnamese first — shown for a moment beside the
sender's seat on every phone. Fixed codes only (no free text: nothing to moderate, and
no way to say which cards one holds); one every GAP seconds a seat, held to by the sender
and again by the host, who passes each on; any phone can hide them (its own choice, kept
in phom.net.v1 as ``mute``).

A reaction travels as ``{"v": PROTOCOL, "type": "react", "seat", "code"}``: guest → host
on the guest's link (the host reads the seat from the link, never from the message), host
→ every other phone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape

from phom.session import PROTOCOL

from ..core.widgets import btn
from .words import fw

CODES = ("hay", "nhanh", "den", "cam_on", "clap", "haha", "wow")
EMOJI = {"clap": "👏", "haha": "😂", "wow": "😮"}
GAP = 3.0     # s between two reactions of one seat
BUBBLE = ('<svg class="ico" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
          '<path d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6.5'
          'a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3'
          ' 1.5 1.5 0 0 0 0-3Z" fill="currentColor"/></svg>')
SHOW = 3.5    # s a reaction shows beside its seat



def shown_as(lang: str, code: str) -> str:
    return EMOJI.get(code) or fw(lang, code)


def message(seat: int, code: str) -> str:
    return json.dumps({"v": PROTOCOL, "type": "react", "seat": seat, "code": code})


def read(raw: object, players: int = 4) -> tuple[int, str] | None:
    """(seat, code) of a reaction message (a dict), checked; None otherwise."""
    if not isinstance(raw, dict) or raw.get("type") != "react" or raw.get("v") != PROTOCOL:
        return None
    seat, code = raw.get("seat"), raw.get("code")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players or code not in CODES:
        return None
    return seat, code


class Reactions:
    """One phone's reactions: what shows beside which seat since when, each seat's last
    reaction (the rate), the picker open or not, and this phone's choice to hide them."""

    def __init__(self) -> None:
        self.shown: dict[int, tuple[str, float]] = {}
        self.last: dict[int, float] = {}
        self.open = False
        self.muted = False

    def allow(self, seat: int, now: float) -> bool:
        """A reaction of ``seat`` now keeps to one every GAP seconds (and is counted)."""
        if now - self.last.get(seat, -GAP) < GAP:
            return False
        self.last[seat] = now
        return True

    def show(self, seat: int, code: str, now: float, mine: bool = False) -> None:
        if code in CODES and (mine or not self.muted):
            self.shown[seat] = (code, now)

    def current(self, seat: int, now: float) -> tuple[str, float] | None:
        got = self.shown.get(seat)
        if got is None or now - got[1] >= SHOW:
            return None
        return got[0], now - got[1]

    # ---------------------------------------------------------------- drawing
    def bubble_html(self, lang: str, seat: int, now: float) -> str:
        """The bubble beside a seat's avatar, fading out over SHOW seconds from when it came
        (a CSS animation started as far in as its age, so a redraw keeps its place)."""
        got = self.current(seat, now)
        if got is None:
            return ""
        code, age = got
        return (f'<span class="react-bubble" data-react="{code}" '
                f'style="--react-show: {SHOW}s; --react-age: {age:.1f}s">{escape(shown_as(lang, code))}</span>')

    def said_html(self, lang: str, now: float, name_of: Callable[[int], str]) -> str:
        """The same in words for assistive tools (the bubble is a picture)."""
        said = [fw(lang, "react_said", name=name_of(s), what=fw(lang, got[0]))
                for s in sorted(self.shown) if (got := self.current(s, now)) is not None]
        if not said:
            return ""
        return f'<p class="sr-only" role="status">{escape("; ".join(said))}</p>'

    def button_html(self, lang: str) -> str:
        """The picker's button: a speech bubble drawn (no emoji font needed), named in words."""
        return btn(fw(lang, "react_btn"), "react_menu", key="react-menu", cls="ghost react-btn",
                   aria_label=fw(lang, "react_btn"), title=fw(lang, "react_btn"), html_label=BUBBLE)

    def picker_html(self, lang: str, seat: int, now: float) -> str:
        """The fixed set, as buttons; greyed while this seat's last reaction is too recent."""
        if not self.open:
            return ""
        wait = now - self.last.get(seat, -GAP) < GAP
        items = "".join(btn(shown_as(lang, c), "react", arg=c, key=f"react-{c}", cls="react-choice",
                            aria_label=fw(lang, c), disabled=wait) for c in CODES)
        return f'<div class="react-picker" role="group" aria-label="{escape(fw(lang, "react_btn"))}">{items}</div>'

    def mute_html(self, lang: str) -> str:
        return (f'<div class="field check"><input type="checkbox" id="react-mute" data-act="react_mute" '
                f'data-key="react-mute"{" checked" if self.muted else ""}>'
                f'<label for="react-mute">{escape(fw(lang, "react_mute"))}</label></div>')


__all__ = ["CODES", "GAP", "Reactions", "SHOW", "message", "read", "shown_as"]
