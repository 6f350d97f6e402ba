"""Linked play, pure Python: the host's bookkeeping of its guests' links, and the
guest's page state, which holds only what the host sent it.

The host (``HostLinks``) runs the engine and the bots through ``phom.session``;
each guest seat has a link (made from an invitation code, ui/friends/link.js) whose
messages go to ``incoming`` and whose replies and table updates come out of
``outgoing``. The guest's table (``guest_app``) is an ``App`` whose source
(``HostFeed``, ui/table/source.py) rebuilds its game from the last ``state``
message: its own view, its legal actions, the public result; a move is sent back and the page waits for the host's answer. Nothing it holds
matters: on a reload it asks for a new code and gets its seat back by token.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import time
from html import escape
from typing import TYPE_CHECKING

import phom
from phom import Action, PlayerView, Result, wire
from phom.session import PROTOCOL, Refused

from ..core import params as params_mod
from ..core.i18n import t
from ..core.notices import say
from ..core.store import GUEST_KEY
from ..table import seats as seatplan
from ..table.app import App
from ..table.banners import link_notice
from . import clock as turn_clock
from . import react
from .state import FriendsState, friends_of
from .words import fw

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..core.store import Storage
    from ..table.source import Source, TableGame, TableTotals

GUEST_PARAMS = ("lang", "four_color")   # what a guest's link may set: its own page's looks
REFUSED = ("malformed", "version", "stale", "forged", "not_your_turn", "illegal", "seat_taken",
           "no_seat", "covered", "over")      # phom.session.Refused codes, worded as why_<code>
CODE_REASONS = ("not_code", "damaged", "not_answer", "other_seat", "no_invitation",
                "not_invitation")   # ui/friends/link.js refused(): a code's problem, worded as code_<code>





# ---------------------------------------------------------------- the host
class HostLinks:
    """The host's guests: link status, invitation codes, message handling."""

    def __init__(self) -> None:
        self.status: dict[int, str] = {}    # seat -> "wait" | "open" | "away"
        self.codes: dict[int, str] = {}     # seat -> the invitation code on show
        self.errors: dict[int, str] = {}
        self.sent: dict[int, tuple[int, tuple[str, ...], int | None]] = {}    # seat -> (seq, names) last sent: a new move or a new name goes out
        self.pending: list[tuple[int, str]] = []   # the host's reactions for its guests, sent with the next outgoing
        self.joined: set[int] = set()       # seats whose phone has joined on the link open now

    def state(self, seat: int) -> str:
        return self.status.get(seat, "none")

    def opened(self, app: App, seat: int) -> None:
        self.status[seat] = "open"
        self.errors.pop(seat, None)
        self.codes.pop(seat, None)
        self.joined.discard(seat)

    def closed(self, app: App, seat: int) -> None:
        self.joined.discard(seat)
        if self.status.get(seat) in ("open", "wait"):
            self.status[seat] = "away"
        if app.session is not None:
            app.session.drop(seat)
        self.sent.pop(seat, None)

    def incoming(self, app: App, seat: int, text: str) -> list[tuple[int, str]]:
        """A guest's message on seat's link: the replies to send (and the move played)."""
        s = app.session
        if s is None:
            return []
        try:
            raw = json.loads(text)
        except ValueError:
            raw = text
        if isinstance(raw, dict) and raw.get("type") == "react":
            return self.reacted(app, seat, raw)
        try:
            if isinstance(raw, dict) and raw.get("type") == "join":
                if seat in self.joined and raw.get("token") is None:
                    # the same phone on the same link saying its join again before our
                    # welcome reached it (HostFeed repeats it until the table comes):
                    # welcomed again, with the token this link was given
                    raw = {**raw, "token": s.tokens.get(seat)}
                welcome = s.join(raw, seat=seat)
                self.joined.add(seat)
                self.sent.pop(seat, None)
                app.save()                  # the token is part of the host's save
                return [(seat, json.dumps(welcome, ensure_ascii=False))]
            action = s.receive(seat, raw)
        except Refused as e:
            self.sent.pop(seat, None)       # send the table again: the guest is out of date
            return [(seat, json.dumps(s.refusal(e), ensure_ascii=False))]
        app.after_guest_move(action)
        return []

    def linked(self, app: App) -> list[int]:
        """The guest seats whose phone is linked now."""
        s = app.session
        return [] if s is None else [x for x in s.guests() if self.status.get(x) == "open" and x in s.connected]

    def reacted(self, app: App, seat: int, raw: dict[str, object]) -> list[tuple[int, str]]:
        """A guest's reaction on ``seat``'s link (the seat is the link's, never the message's):
        shown here and passed on to the other phones, at most one every react.GAP seconds."""
        s = app.session
        got = react.read({**raw, "seat": seat}, s.players if s is not None else 4)
        r = friends_of(app).react
        if got is None or r is None or not r.allow(seat, time.monotonic()):
            return []
        r.show(seat, got[1], time.monotonic())
        return [(x, react.message(seat, got[1])) for x in self.linked(app) if x != seat]

    def outgoing(self, app: App) -> list[tuple[int, str]]:
        """The table for every linked guest whose copy is out of date, then the host's own
        reactions (``pending``)."""
        s = app.session
        if s is None:
            return []
        out, self.pending = self.pending, []
        c = friends_of(app).clock
        clock = c.info(s, time.monotonic()) if c is not None else None
        for seat in s.guests():
            if self.status.get(seat) != "open" or seat not in s.connected:
                continue
            now = (s.seq, tuple(s.names()), None if clock is None else clock["limit"])
            if self.sent.get(seat) == now:
                continue
            self.sent[seat] = now
            msg = s.message_for(seat)
            if clock is not None:
                msg["clock"] = clock      # the turn clock (ui/friends/clock.py): the same ring on every phone
            out.append((seat, json.dumps(msg, ensure_ascii=False)))
        return out


def away_seats(app: App, links: HostLinks) -> list[int]:
    """The guests who were at the table and are not now: each joined once (the session
    gave them a token) and their link is not open (closed, silent, or not made again
    since the host's page reloaded)."""
    s = app.session
    if s is None:
        return []
    return [seat for seat in s.guests() if seat in s.tokens and links.state(seat) != "open"]


def away_html(app: App) -> str:
    """The host's alert, one per guest who dropped, naming the seat, with the way on:
    let a bot play (or stop it), or make a new code to invite them back. It goes when
    the guest is back."""
    links = friends_of(app).links
    if links is None or app.session is None:
        return ""
    from ..core.widgets import btn

    lang = app.lang
    out = []
    for seat in away_seats(app, links):
        name = app.name(seat)
        covered = seat in app.session.covered
        text = fw(lang, "away_covered" if covered else "away", name=name)
        bot = btn(fw(lang, "away_wait", name=name) if covered else fw(lang, "away_bot"), "link_cover",
                  arg=str(seat), key=f"away-bot-{seat}", cls="" if covered else "primary")
        invite = btn(fw(lang, "away_invite", name=name), "link_open", key=f"away-invite-{seat}")
        out.append(f'<div class="link-away" role="alert" data-seat="{seat}" data-key="away-{seat}">'
                   f'<p>{escape(text)}</p><div class="link-actions">{bot}{invite}</div></div>')
    return "".join(out)


def settings_buttons_html(app: App) -> str:
    """Settings: open the guests' links (a hosted match), or join another phone's table."""
    from ..core.widgets import btn

    lang = app.lang
    out = []
    if app.session is not None and not app.guest:
        out.append(btn(fw(lang, "link_btn"), "link_open", key="link-open"))
    out.append(btn(fw(lang, "join_btn"), "link_join", key="link-join", cls="ghost"))
    return f'<div class="link-actions link-buttons">{"".join(out)}</div>'


def host_panel_html(app: App) -> str:
    links = friends_of(app).links
    return host_dialog_html(app, links) if app.dialog == "link" and links is not None else ""


def host_deals_html(app: App) -> str:
    return f'<p class="note" role="status">{escape(fw(app.lang, "host_deals"))}</p>'


def plug(app: App) -> None:
    """Linked play's part of a table: its buttons at the end of the settings, and
    on a host's table the guests' panel and the alert for a guest who dropped; a
    guest's table (``guest_app`` plugs it) says the host deals the next hand."""
    app.attach_friends(FriendsState(links=None if app.guest else HostLinks(),
                                    clock=None if app.guest else turn_clock.TurnClock(), react=react.Reactions()))
    app.plug("settings", settings_buttons_html)
    app.plug("plate", clock_ring_html)
    app.plug("banners", clock_out_html)
    app.plug("plate", react_bubble_html)
    app.plug("banners", react_said_html)
    app.plug("actions", react_button_html)
    app.plug("prompt", react_picker_html)
    app.plug("settings", react_mute_html)
    if app.guest:
        app.plug("over", host_deals_html)
        return
    app.plug("settings", clock_choice_html)
    app.register_panels("link")
    app.plug("panel", host_panel_html)
    app.plug("banners", away_html)


def clock_now(app: App) -> tuple[turn_clock.ClockInfo | None, float]:
    """The turn clock as this phone knows it, and the seconds since then: the host's own,
    or what the host's last state said."""
    if app.guest:
        feed = feed_of(app)
        return feed.clock, time.monotonic() - feed.clock_at
    c = friends_of(app).clock
    return (c.info(app.session, time.monotonic()) if c is not None and app.session is not None else None), 0.0


def clock_ring_html(app: App, seat: int) -> str:
    info, spent = clock_now(app)
    return turn_clock.ring_html(info, seat, spent)


def clock_out_html(app: App) -> str:
    info, _ = clock_now(app)
    return turn_clock.out_html(app.lang, info, app.who) if app.game is not None else ""


def linked_now(app: App) -> bool:
    """Some other phone is at this table now: a host's linked guest, or a guest's host."""
    if app.game is None:
        return False
    if app.guest:
        return bool(feed_of(app).connected)
    return friends_of(app).links is not None and bool(links_of(app).linked(app))


def react_bubble_html(app: App, seat: int) -> str:
    r = friends_of(app).react
    return r.bubble_html(app.lang, seat, time.monotonic()) if r is not None else ""


def react_said_html(app: App) -> str:
    r = friends_of(app).react
    return r.said_html(app.lang, time.monotonic(), app.name) if r is not None and app.game is not None else ""


def react_button_html(app: App) -> str:
    r = friends_of(app).react
    return r.button_html(app.lang) if r is not None and linked_now(app) else ""


def react_picker_html(app: App) -> str:
    r = friends_of(app).react
    return r.picker_html(app.lang, app.me, time.monotonic()) if r is not None and linked_now(app) else ""


def react_mute_html(app: App) -> str:
    r = friends_of(app).react
    if r is None or not (app.guest or any(x.kind == "guest" for x in app.seats)):
        return ""
    return r.mute_html(app.lang)


def send_reaction(app: App, code: str, now: float) -> bool:
    """This phone's player reacts: shown here at once, then to the host (a guest) or to
    every linked guest (the host); False when too soon after the last or not a reaction."""
    r = friends_of(app).react
    me = app.me
    if r is None:
        return False
    r.open = False
    if code not in react.CODES or not linked_now(app) or not r.allow(me, now):
        return False
    r.show(me, code, now, mine=True)
    if app.guest:
        feed_of(app).outbox.append(react.message(me, code))
    else:
        links_of(app).pending += [(x, react.message(me, code)) for x in links_of(app).linked(app)]
    return True


def clock_choice_html(app: App) -> str:
    """Settings on a host's table with a guest's seat: the turn clock."""
    c = friends_of(app).clock
    if c is None or not any(x.kind == "guest" for x in app.seats):
        return ""
    return turn_clock.choice_html(app.lang, c.limit)


def host_dialog_html(app: App, links: HostLinks) -> str:
    """The host's panel: per guest seat its status, code, answer field, bot cover."""
    lang = app.lang
    s = app.session
    rows = []
    for seat in (s.guests() if s is not None else []):
        name = escape(app.name(seat))
        st = links.state(seat)
        parts = [f'<h3>{name} <span class="link-state st-{st}">{escape(fw(lang, "st_" + st))}</span></h3>']
        if st != "open":
            again = "invite_again" if st != "none" else "invite"
            parts.append(f'<button type="button" class="btn" data-act="link_invite" data-arg="{seat}" '
                         f'data-key="invite-{seat}">{escape(fw(lang, again))}</button>')
        code = links.codes.get(seat)
        if code and st != "open":
            parts.append(f'<p class="note">{escape(fw(lang, "your_code", name=app.name(seat)))}</p>'
                         f'<textarea class="link-code" readonly rows="3" data-key="offer-{seat}" '
                         f'id="offer-{seat}" aria-label="{escape(fw(lang, "your_code", name=app.name(seat)))}">'
                         f"{escape(code)}</textarea>"
                         f'<div class="qr" data-qr="{escape(code)}" data-key="qr-{seat}"></div>'
                         f'<label for="answer-{seat}">{escape(fw(lang, "paste_answer", name=app.name(seat)))}</label>'
                         f'<textarea class="link-code" rows="3" id="answer-{seat}" data-key="answer-{seat}" '
                         f'autocomplete="off" spellcheck="false"></textarea>'
                         f'<div class="link-actions">'
                         f'<button type="button" class="btn primary" data-act="link_accept" data-arg="{seat}" '
                         f'data-key="accept-{seat}">{escape(fw(lang, "connect"))}</button>'
                         f'<button type="button" class="btn" data-act="link_scan" data-arg="answer-{seat}" '
                         f'data-key="scan-{seat}">{escape(fw(lang, "scan"))}</button></div>')
        if links.errors.get(seat):
            parts.append(f'<p class="link-error" role="alert">{escape(links.errors[seat])}</p>')
        if s is not None and st in ("away", "wait", "none"):
            on = seat in s.covered
            parts.append(f'<div class="field check"><input type="checkbox" id="cover-{seat}" '
                         f'data-act="link_cover" data-arg="{seat}" data-key="cover-{seat}"{" checked" if on else ""}>'
                         f'<label for="cover-{seat}">{escape(fw(lang, "cover_bot", name=app.name(seat)))}</label></div>')
        rows.append(f'<section class="link-seat" data-seat="{seat}">{"".join(parts)}</section>')
    body = (f'<p class="same-wifi">{escape(fw(lang, "same_wifi"))}</p>' + "".join(rows))
    from ..core.widgets import dialog

    return dialog("link", fw(lang, "link_title"), body, lang)


# ---------------------------------------------------------------- the guest
class _GuestGame:
    """What a guest's table knows of the hand: the host's last message, nothing more
    (what the table reads of it: ui/table/source.py ``TableGame``)."""

    def __init__(self, view: PlayerView, legal: list[Action], result: Result | None, hand_no: int,
                 moves: int = 0) -> None:
        self._view, self._legal, self.result = view, legal, result
        self.phase = view.phase
        self.players = view.players
        self.rules = view.rules
        self.to_move = view.to_move
        self.is_over = view.phase == "over"
        self.actions = (None,) * moves     # how many moves the hand has had (which, it may not know)
        self.hand_no = hand_no

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def view(self, seat: int) -> PlayerView:
        # Only this seat's view exists here; callers read public fields of it (eaten rows).
        return self._view


@functools.cache
def _blank_view() -> PlayerView:
    """An empty table: a fresh deal's public state with no hand in it (nothing was received).
    Made once (a view is frozen): a guest's page asks for it at every render until the
    host's table comes, and dealing a hand each time cost every render a deal."""
    v = phom.Game(seed=0).view(0)
    return dataclasses.replace(v, hand=(), hand_sizes=(0,) * v.players, events=())


class _Totals:
    """The host's totals, as its last state said (ui/table/source.py ``TableTotals``)."""

    def __init__(self, totals: list[int]) -> None:
        self.totals = [int(x) for x in totals]
        self.recorded = True


class HostFeed:
    """A guest's table's source (ui/table/source.py): the host's last ``state``
    for this seat, the seat's token, and what waits to be sent. The table (an
    ``App``) keeps the game, the seat on show and the raised card as it does for
    its own match; this feed only rebuilds them from what the host sends, and
    answers the table's questions as a phone that holds one seat's view."""

    guest = True

    def __init__(self, session_storage: Storage) -> None:
        self.session_storage = session_storage
        self.seat: int | None = None
        self.token: str | None = None
        self.names: list[str] = []
        self.seq = -1
        self.connected = False
        self.waiting = False
        self.outbox: list[str] = []
        self.received: list[dict[str, object]] = []
        self.answer_code: str | None = None
        self.error: str | None = None   # in the player's words
        self.warnings: list[str] = []   # the technical detail, for the console (ui/page/link.py)
        self.host_gone = False          # the link to the host closed (said at the top of the join screen)
        self.refused = False            # the host refused our join or a move (said as a flash)
        self.join_screen: Callable[[App], str] | None = None   # another join screen (internet play's: ui/friends/invite_view.py)
        self.clock: turn_clock.ClockInfo | None = None  # the host's turn clock as its last state said (clock.read_info)
        self.clock_at = 0.0             # when that state came (this phone's own clock)
        try:
            saved = json.loads(str(session_storage.getItem(GUEST_KEY) or "{}"))
            if isinstance(saved, dict) and isinstance(saved.get("seat"), int) and isinstance(saved.get("token"), str):
                self.seat, self.token = saved["seat"], saved["token"]
        except (ValueError, TypeError):
            pass
        self.rejoining = self.token is not None

    def use_join_screen(self, draw: Callable[[App], str]) -> None:
        """Another join screen in place of this one: ``draw(app) -> HTML`` (internet
        play's, ui/friends/invite_view.py; a bad invitation's, ui/page/net.py)."""
        self.join_screen = draw

    # the table's questions (ui/table/source.py OwnMatch answers them for a match of one's own)
    def start(self, app: App, params: dict[str, object] | None) -> None:
        """A guest plays the host's match, so of a link (``?join=1&lang=en``) it honours
        only the page's own preferences, checked as the host's page checks them: a bad
        value changes nothing and says why."""
        own = {k: v for k, v in (params or {}).items() if k in GUEST_PARAMS}
        link = params_mod.parse(own, app.settings)
        if link.settings:
            app.adopt_settings(**link.settings)
        if not link.ok:
            app.say_only(say(link_notice, link))

    def apply(self, app: App, action: Action) -> None:
        """Send the move to the host; the table changes when the host answers."""
        self.outbox.append(json.dumps({"v": PROTOCOL, "type": "act", "seat": self.seat, "token": self.token,
                                       "seq": self.seq, "action": wire.action_to_json(action)}))
        self.waiting = True
        app.drop_selection()
        app.save()       # a guest keeps no match: its save is the move sent (ui/friends/intents.py publish)

    def next_hand(self, app: App) -> bool:
        return False        # the host deals

    def save(self, app: App) -> None:
        pass                # a guest holds nothing that matters (the table still tells its followers)

    def view(self, app: App) -> PlayerView:
        if app.game is None:
            return _blank_view()     # nothing received yet: an empty table, no card at all
        return app.game.view(app.me)

    def my_turn(self, app: App) -> bool:
        g = app.game
        return (g is not None and self.connected and not g.is_over and not self.waiting
                and g.to_move == app.me and bool(g.legal_actions()))

    def pass_and_play(self, app: App) -> bool:
        return False

    def may_paint(self, app: App) -> bool:
        return False    # the host's view is no save of this device

    def is_person(self, app: App, seat: int) -> bool:
        return seat == app.me

    def controller(self, app: App, seat: int) -> str:
        return "guest"  # the host's phone plays every seat; this one only asks

    def name(self, app: App, seat: int) -> str:
        if seat < len(self.names):
            name = self.names[seat]
            # the host's page calls its own player "Chủ bàn"/"Host" in its language: said in this one's
            if name in {t(lang, "host") for lang in ("vi", "en")}:
                return t(app.lang, "host")
            return name
        return seatplan.seat_name(app.seats, seat, app.lang, False)

    def hand_hidden(self, app: App, seat: int) -> bool:
        g = app.game
        return g is not None and g.is_over and g.result is not None and g.result.hands[seat] is None

    def screen_html(self, app: App) -> str | None:
        if app.game is not None and self.connected:
            return None
        if self.join_screen is not None:   # a guest who came by an internet invitation (ui/page/net.py)
            return self.join_screen(app)
        return join_html(app)

    def phase(self, app: App) -> str | None:
        return "join" if self.screen_html(app) is not None else None

    # the link
    def join_message(self, seat: int) -> str:
        token = self.token if self.seat == seat else None
        self.seat = seat
        return json.dumps({"v": PROTOCOL, "type": "join", "seat": seat, "token": token})

    def receive(self, app: App, text: str) -> bool:
        """One message from the host for ``app``; True when the table changed."""
        try:
            msg = json.loads(text)
            if not isinstance(msg, dict) or msg.get("v") != PROTOCOL:
                raise ValueError("not a message of this table")
            kind = msg.get("type")
            if kind == "react":        # another phone's reaction, passed on by the host
                got = react.read(msg, max(len(self.names), 2))
                r = friends_of(app).react
                if got is not None and got[0] != self.seat and r is not None:
                    r.show(got[0], got[1], time.monotonic())
                return got is not None
            if kind == "welcome":
                self.seat, self.token = int(msg["seat"]), str(msg["token"])
                self.session_storage.setItem(GUEST_KEY, json.dumps({"seat": self.seat, "token": self.token}))
                self.names = [str(x) for x in msg["names"]]
                self.connected = True
                self.host_gone = False
                self.error = None
                return True
            if kind == "refused":
                self.waiting = False
                self.refused = True
                code = msg.get("code")
                why = f"why_{code}" if isinstance(code, str) and code in REFUSED else "why_malformed"
                app.refuse(fw(app.lang, "refused", reason=fw(app.lang, why)))
                self.warnings.append(f"refused ({code!r}): {msg.get('reason')!r}")
                return True
            if kind != "state":
                raise ValueError(f"unknown message {kind!r}")
            view = wire.view_from_json(msg["view"])
            if view.seat != self.seat:
                raise ValueError("a state for another seat")
            legal = wire.actions_from_json(msg["legal"])
            result = None if msg["result"] is None else wire.public_result_from_json(msg["result"], view.players)
            hand_no = int(msg["hand_no"])
        except (ValueError, KeyError, TypeError) as e:   # said plainly; the detail to the console
            self.error = fw(app.lang, "bad_message")
            if app.game is not None and self.connected:
                app.refuse(self.error)     # at the table, the join screen's line is not shown
            self.warnings.append(f"a message from the host was not read: {type(e).__name__}: {e}")
            return False
        self.received.append(msg)
        self.clock, self.clock_at = turn_clock.read_info(msg.get("clock")), time.monotonic()
        self.seq = int(msg["seq"])
        self.names = [str(x) for x in msg["names"]]
        self.waiting = False
        app.show_host_state(view.seat, _GuestGame(view, legal, result, hand_no, int(msg["moves"])),
                            _Totals(msg["totals"]), hand_no)
        return True

    def take_outbox(self) -> list[str]:
        """What waits to go to the host (moves, reactions), taken to be sent."""
        out, self.outbox = self.outbox, []
        return out

    def host_closed(self) -> None:
        """The link to the host closed or fell silent: back to the join screen, which
        says so plainly; the seat and token are kept to rejoin from a new code."""
        self.connected = False
        self.waiting = False
        self.rejoining = self.token is not None
        self.answer_code = None
        self.host_gone = True
        self.error = None

    def leave(self) -> None:
        self.session_storage.removeItem(GUEST_KEY)

    def answered(self, seat: int, code: str) -> None:
        """This phone's answer code to the host's invitation for ``seat``, to send back.
        An invitation for another seat than the one this phone held drops its token."""
        if self.seat is None or self.token is None:
            self.seat = seat
        if seat != self.seat:
            self.seat, self.token = seat, None
        self.answer_code = code
        self.error = None

    def say(self, error: str) -> None:
        """A problem with the codes, in the player's words, on the join screen."""
        self.error = error


def feed_of(app: App) -> HostFeed:
    """A linked guest's table's feed (its ``source``); any other table is a bug: it raises."""
    if not isinstance(app.source, HostFeed):
        raise LookupError("not a linked guest's table")
    return app.source


def links_of(app: App) -> HostLinks:
    """A host's links to its guests' phones (linked play plugged into a host's table)."""
    links = friends_of(app).links
    if links is None:
        raise LookupError("not a host's table with linked play plugged in")
    return links


def guest_app(storage: Storage, session_storage: Storage) -> App:
    """A linked guest's table: an ``App`` fed by the host (``HostFeed``), with
    linked play's part of its drawing plugged in."""
    app = App(storage, source=HostFeed(session_storage))
    plug(app)
    return app


def join_html(app: App) -> str:
    """The guest's screen until the table arrives: paste the code, copy the answer."""
    lang, feed = app.lang, feed_of(app)
    intro = fw(lang, "join_again") if feed.rejoining else fw(lang, "join_intro")
    gone = ""
    if feed.host_gone:
        gone = (f'<div class="link-gone" role="alert" data-key="host-gone"><strong>'
                f'{escape(fw(lang, "host_gone_title"))}</strong>'
                f'<p>{escape(fw(lang, "host_gone_body"))}</p></div>')
        intro = fw(lang, "join_intro")
    parts = [gone, f'<h2 id="join-title">{escape(fw(lang, "join_title"))}</h2>',
             f'<p class="same-wifi">{escape(fw(lang, "same_wifi"))}</p>',
             f'<label for="offer-in">{escape(intro)}</label>',
             '<textarea class="link-code" id="offer-in" rows="3" data-key="offer-in" autocomplete="off" '
             'spellcheck="false"></textarea>',
             f'<div class="link-actions"><button type="button" class="btn primary" data-act="link_answer" '
             f'data-key="answer-btn">{escape(fw(lang, "answer"))}</button>'
             f'<button type="button" class="btn" data-act="link_scan" data-arg="offer-in" '
             f'data-key="scan-offer">{escape(fw(lang, "scan"))}</button>'
             f'<button type="button" class="btn ghost" data-act="link_leave" data-key="leave">'
             f'{escape(fw(lang, "leave"))}</button></div>']
    if feed.error:   # by the code it is about, above the answer (a phone shows no more)
        parts.append(f'<p class="link-error" role="alert">{escape(feed.error)}</p>')
    if feed.answer_code:
        parts.append(f'<p>{escape(fw(lang, "answer_code"))}</p>'
                     f'<textarea class="link-code" readonly rows="3" id="answer-out" data-key="answer-out">'
                     f"{escape(feed.answer_code)}</textarea>"
                     f'<div class="qr" data-qr="{escape(feed.answer_code)}" data-key="qr-answer"></div>'
                     f'<p class="note" role="status">{escape(fw(lang, "waiting_host"))}</p>')
    return ('<section class="join panel" aria-labelledby="join-title" data-key="join">'
            + "".join(parts) + "</section>")


if TYPE_CHECKING:     # mypy: a guest's feed and its stand-ins are what the table expects (ui/table/source.py)
    def _feed(feed: HostFeed, game: _GuestGame, totals: _Totals) -> tuple[Source, TableGame, TableTotals]:
        return feed, game, totals


__all__ = ["GUEST_KEY", "HostFeed", "guest_app", "HostLinks", "host_dialog_html", "join_html", "plug", "t"]
