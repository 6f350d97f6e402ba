"""The bots at the table: which bot plays a seat this hand.

A seat's bot is made when the seat first has to move, seeded by the match, the
hand, the seat and the moves so far, so the review's "expert in your seat"
(ui/learn.py) can make the very same bots and replay the hand. The tutorial
seats its scripted bots from outside (``seat_bots``) for one hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import phom

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from phom import Action, PlayerView
    from phom.bots.base import Steps

    from .app import App


class TableBot(Protocol):
    """What plays a bot's seat: one of phom's bots (``phom.bots.make``), or one seated
    from outside (the tutorial's ``ScriptBot``); ``choose_steps``, where it has one, is
    the same choice in slices."""

    def choose(self, view: PlayerView, legal: Sequence[Action], /) -> Action: ...


def bot_for(app: App, seat: int) -> TableBot:
    """The bot playing ``seat`` this hand: one seated by ``seat_bots``, else the
    one ``make_bot`` made when the seat first had to move."""
    bot = app._seated.get(seat) or app._bots.get(seat)
    if bot is None:
        assert app.game is not None, "a bot is made for a seat of a hand"
        bot = app.make_bot(seat, len(app.game.actions))
        app._bots[seat] = bot
    return bot


def make_bot(app: App, seat: int, n_actions: int) -> TableBot:
    """A fresh bot for ``seat``, as this hand's table makes it when it first asks
    that seat after ``n_actions`` moves (the seed depends on the match, the hand,
    the seat and that count). Solo: the one strength setting; pass-and-play and
    linked play: each seat's own. A bot that cannot be made is an error (shown),
    never replaced by another."""
    seed = (app.match_seed * 1009 + app.hand_no * 101 + seat * 7 + n_actions) % 2**31
    own = app.pass_and_play or app.session is not None
    level = app.seats[seat].bot if own else app.settings["bot"]
    return phom.bots.make(level, seed=seed)


def bot_steps(app: App) -> Steps:
    """Generator for the seat to move (a bot): yields between slices, returns the action."""
    g = app.game
    assert g is not None, "a bot moves in a hand"
    seat = g.to_move
    bot = app.bot_for(seat)
    view, legal = g.view(seat), g.legal_actions()
    steps: Callable[[PlayerView, Sequence[Action]], Steps] | None = getattr(bot, "choose_steps", None)
    if steps is None:
        return bot.choose(view, legal)
    return (yield from steps(view, legal))
