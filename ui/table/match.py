"""The match at the table: starting one (from a link, or resuming the save),
dealing each hand, and what follows every move.

The engine deals, plays and scores (``phom.Match``, ``phom.Game``); with guests'
phones linked it does so through ``phom.session.Session``, which also numbers
the moves the guests see. This module only decides when: a saved match is
resumed before anything is dealt, a link asking for a new match while one is
saved asks first, and after every move the hand that ended is recorded, the
table is covered for the next person (pass-and-play) and the match is saved.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import phom
from phom import Discard
from phom.session import MAX_NAME, Seat, Session, clean_name

from ..core import order, store
from ..core import params as params_mod
from ..core.i18n import own_names, t
from ..core.notices import notice, say
from . import saving
from . import seats as seatplan
from .banners import link_notice
from .settings import all_bots
from .state import HUMAN

if TYPE_CHECKING:
    from phom import Action

    from ..core.params import Link
    from .app import App


# ------------------------------------------------------------------ starting
def start(app: App, params: dict[str, object] | None = None) -> None:
    """Resume the saved match, or start one; then follow the link's ``params``
    (ui/core/params.py). A malformed parameter changes nothing and is said (in the
    language the link leaves the page in); a link asking for a new match while
    one is saved asks first (``dialog="open_link"``)."""
    link = params_mod.parse(params or {}, app.settings)
    if link.settings:
        for k, v in link.settings.items():
            if k not in ("preset", "players"):
                store.update_settings(app.settings, {k: v})
                if k == "bot":
                    all_bots(app, app.settings["bot"])
        app.save_settings()
    if not link.ok:
        app.notice = notice(say(link_notice, link))
    resumed = resume(app)
    if not link.fresh:
        if not resumed:
            app.new_match()
        return
    if resumed:
        app.link = link
        app.open("open_link")
        return
    app.start_link(link)


def start_link(app: App, link: Link) -> None:
    """Start the match a checked link asks for."""
    store.update_settings(app.settings, link.settings)
    if "bot" in link.settings:
        all_bots(app, app.settings["bot"])
    app.save_settings()
    app.link = None
    app.new_match(seed=link.seed, deck=link.deck, starter=link.starter)


def take_up(app: App) -> bool:
    """The match put aside for a detour (the tutorial, a shared or daily deal:
    ui/learn/) becomes the match again, as it was, under its own table settings;
    False, with the detour's match left as it is, when none is aside or it cannot
    be read back (a damaged one is set aside and said, as a damaged save is)."""
    kept = store.take_up_match(app.storage)
    if kept is None:
        return False
    app.settings.update({"preset": kept["preset"], "players": kept["players"], "hand_size": kept["hand_size"],
                         "bot": kept["bot"]})
    app.save_settings()
    return resume(app)


def resume(app: App) -> bool:
    """Take up the saved match, as it was (its hand is never dealt again); a save
    that cannot be read is set aside and said, and False returned."""
    snap, bad, why = store.load_match(app.storage)
    if bad is not None:
        saving.set_aside(app, bad, why)
        return False
    if snap is None:
        return False
    try:
        m = store.check_snapshot(snap)
    except ValueError as e:  # BadSave: damaged; OldSave: another version's
        saving.set_aside(app, None, e)
        return False
    preset, hand_no, seed = m.rules.name, snap["hand_no"], snap["seed"]
    assert isinstance(hand_no, int) and isinstance(seed, int)   # (store.check_snapshot checked both)
    try:
        seats = seatplan.plan_seats(snap["seats"]) if "seats" in snap else seatplan.plan_seats(
            seatplan.default_plan(m.players, app.settings["bot"], app.lang))
        if len(seats) != m.players:
            raise ValueError("the seats do not fit the match")
        session = host(app, m, seats, seed, hand_no, snap.get("links"))
    except Exception as e:  # noqa: BLE001 — any damage means: set it aside
        saving.set_aside(app, None, e)
        return False
    app.match, app.game = m, m.current
    app.resumed = m.current
    app.hand_no, app.match_seed = hand_no, seed
    app.seats = seats
    app.session = session
    seat_cover(app, reload=True)
    app.settings["preset"] = preset
    app.settings["players"] = m.players
    app.settings["hand_size"] = m.rules.hand_size
    app.save_settings()
    app.events_seen = len(app.view().events)
    app.orders = order.load(app.storage, order.hand_id(seed, hand_no))
    app.reset_turn()
    app._bots, app._seated = {}, {}
    if m.current is not None and m.current.is_over and not m.recorded:
        m.record(m.current)
        app.save()
    return True


def new_match(app: App, seed: int | None = None, deck: list[phom.Card] | None = None,
              starter: int = 0) -> None:
    """A new match with the settings as they are (a random seed unless given);
    ``deck`` deals a crafted first hand (tests, shared deals)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    app.match_seed = seed
    rules = app.rules()
    players = app.settings["players"]
    if players not in rules.players_allowed:
        players = rules.players
        app.settings["players"] = players
    if not 0 <= starter < players:
        starter = 0
    app.match = m = phom.Match(rules, players, seed, starter=starter)
    app.plan = seatplan.fit_plan(app.plan, players, app.settings["bot"], app.lang)
    seatplan.save_plan(app.storage, app.plan)
    app.seats = seatplan.plan_seats(app.plan)
    app.game = None
    app.hand_no = 0
    if deck:
        try:
            g = m.new_hand(deck=deck)  # a crafted hand, for tests
        except ValueError:
            app.notice = notice(say(t, "notice_bad_deck"))
        else:
            app.game = g
            app.hand_no = 1
            after_new_hand(app)
            return
    app.next_hand()


def host(app: App, match: phom.Match, seats: Sequence[Seat], seed: int, hand_no: int,
         links: object = None) -> Session | None:
    """A session around the match when some seat is a guest's phone, else None."""
    if not any(x.kind == "guest" for x in seats) or match.current is None:
        return None
    session = Session.around(match, [x.to_json() for x in seats], seed, hand_no)
    if links is not None:
        session.restore_links(links)
    you = t(app.lang, "you")
    names = [seatplan.seat_name(seats, i, app.lang, True) for i in range(len(seats))]
    # "Bạn" on the host's phone is the host; on a guest's phone it would be the guest.
    session.labels = [t(app.lang, "host") if n == you else n for n in names]
    return session


def name_guest(app: App, seat: int, name: str) -> bool:
    """The phone let in at guest seat ``seat`` gave its player's name: the seat is called so
    on every phone (the session's names go to the guests) for the rest of the match, and
    in its save; Settings keep the host's plan. A name another person has here gets the
    seat's number (names stay distinct, as plan_seats wants). True when it changed."""
    seats = list(app.seats)
    if not 0 <= seat < len(seats) or seats[seat].kind != "guest":
        return False
    try:
        base = clean = clean_name(name)
    except ValueError:
        return False
    taken = {x.name.casefold() for i, x in enumerate(seats) if i != seat and x.person}
    taken |= {n.casefold() for n in own_names()} | {t(lang, "host").casefold() for lang in ("vi", "en")}
    if clean.casefold() in taken:
        clean = f"{base[:MAX_NAME - 4]} ({seat + 1})"
    if clean == seats[seat].name:
        return False
    seats[seat] = Seat("guest", clean, seats[seat].bot)
    app.seats = tuple(seats)
    session = app.session
    if session is not None:
        session.seats = tuple(Seat("guest", clean, x.bot) if i == seat else x
                              for i, x in enumerate(session.seats))
        if session.labels is not None and seat < len(session.labels):
            session.labels[seat] = clean
    app.save()
    return True


# ------------------------------------------------------------------ hands
def next_hand(app: App) -> bool:
    """Deal the next hand once this one is over (the session deals when guests are linked)."""
    if app.game is not None and not app.game.is_over:
        return False
    if app.session is not None:
        app.session.new_hand()
        app.game = app.own_match.current
    else:
        app.game = app.own_match.new_hand()
    app.hand_no += 1
    after_new_hand(app)
    return True


def after_new_hand(app: App) -> None:
    """A fresh hand: new bots, no order of the old hand, the cover, a save."""
    if app.session is None or app.session.match is not app.match:
        app.session = host(app, app.own_match, app.seats, app.match_seed, app.hand_no)
    app._bots, app._seated = {}, {}
    app.orders = {}
    order.save(app.storage, "", {})
    app.events_seen = 0
    seat_cover(app, reload=True)
    app.reset_turn()
    app.save()


# ------------------------------------------------------------------ moves
def play(app: App, action: Action) -> None:
    """Play one action (the human's or a bot's), then settle."""
    g = app.own_game
    before_phase = g.phase
    if app.session is not None:
        app.session.play(action)    # the guests' sequence number moves on too
    else:
        g.apply(action)
    if isinstance(action, Discard) or g.phase != before_phase:
        app.selected = None if isinstance(action, Discard) else app.selected
    if g.phase != "lay_down":
        app.arr_index = 0
    settle(app)


def settle(app: App) -> None:
    """After any move: drop a selection that left our hand, record a hand that
    ended, cover the table for the next person, save."""
    g = app.own_game
    if app.selected is not None and app.selected not in g.view(app.me).hand:
        app.selected = None
    if g.is_over and not app.own_match.recorded:
        app.own_match.record(g)
    seat_cover(app)
    app.save()


def seat_cover(app: App, reload: bool = False) -> None:
    """Pass-and-play: after a move, cover the table if the next person to play is not
    the one holding the phone; after a reload, always (nobody's hand on show)."""
    if not app.pass_and_play:
        app.me, app.cover_for = HUMAN, None
        return
    g = app.current_game
    if g.is_over:
        if reload:
            app.cover_for = app.me
        return
    P = g.players
    nxt = next((s for s in ((g.to_move + k) % P for k in range(P)) if app.is_person(s)), app.me)
    if reload or nxt != app.me:
        app.cover_for = nxt
