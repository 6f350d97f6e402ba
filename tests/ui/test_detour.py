"""A detour keeps the match (issue 48): the tutorial, a shared hand or today's deal
opened over a match in progress puts that match aside, totals and all, and "Back to
my match" takes it up again as it was, under its own table settings; nothing is put
aside when nothing was played, and one put aside is never overwritten by a second
detour (the player's own match, not the shared hand they left for the lesson)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import phom  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.share import daily, parse_date  # noqa: E402
from ui.core import store  # noqa: E402
from ui.learn import Learn  # noqa: E402
from ui.table.app import HUMAN, App  # noqa: E402


def run(gen):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def fresh(**settings):
    app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, "preset": "village", "bot": "hard",
                                      **settings})
    app.new_match(seed=17)
    learn = Learn(app)
    learn.base_url = "https://example.test/phom/"
    learn.today = "2026-12-01"
    return app, learn


def play_hands(app, learn, n: int) -> None:
    """``n`` whole hands, then a few moves into the next one."""
    for _ in range(n):
        g = app.game
        while not g.is_over:
            s = g.to_move
            bot = make("easy") if s == HUMAN else make("normal", seed=s)
            app.apply(bot.choose(g.view(s), g.legal_actions()))
            learn.observe()
        app.next_hand()
    for _ in range(3):
        g = app.game
        if g.to_move == HUMAN:
            app.apply(make("easy").choose(g.view(HUMAN), g.legal_actions()))
        else:
            app.apply(run(app.bot_steps()))
        learn.observe()


def where(app) -> tuple:
    return (app.match_seed, app.hand_no, list(app.match.totals), len(app.game.actions),
            app.settings["preset"], app.settings["players"], app.settings["bot"])


def test_the_tutorial_puts_the_match_aside_and_the_way_back_takes_it_up():
    app, learn = fresh()
    play_hands(app, learn, 2)
    before = where(app)
    assert any(before[2]), "two hands played: some totals are not zero"
    learn.handle("tutorial")
    assert app.dialog == "learn-confirm" and "cất lại" in learn.confirm_html()
    learn.handle("deal_yes")
    assert learn.tutorial is not None and app.game.rules.name != "village"
    assert store.has_suspended(app.storage)
    # the way back, with the totals it keeps, first in the menu
    items = learn.menu_items()
    assert 'data-act="match_back"' in items[0]
    assert " ".join(f"{x:+d}" for x in before[2]) in items[0]
    assert learn.handle("match_back") is True
    assert where(app) == before
    assert learn.tutorial is None and learn.state["lesson"] is None
    assert not store.has_suspended(app.storage)
    assert not any('match_back' in i for i in learn.menu_items())
    # and the match goes on from there, saved as before the detour
    saved = json.loads(app.storage.getItem(store.SAVE_KEY))
    assert phom.Match.from_json(saved["match"]).totals == before[2]


def test_a_shared_hand_then_the_tutorial_keep_the_players_own_match():
    app, learn = fresh(lang="en")
    play_hands(app, learn, 1)
    before = where(app)
    learn.offer_code(daily(parse_date("2026-12-03")).encode())
    assert app.dialog == "learn-confirm" and "put aside" in learn.confirm_html()
    learn.handle("deal_yes")
    assert app.hand_no == 1 and learn.suspended()
    g = app.game                 # a move in the shared hand: it is in progress too
    while g.to_move != HUMAN:
        app.apply(run(app.bot_steps()))
    app.apply(g.legal_actions()[0])
    learn.observe()
    learn.handle("tutorial")
    learn.handle("deal_yes")     # the shared hand is dropped; the match aside is kept
    assert learn.tutorial is not None
    learn.handle("match_back")
    assert where(app) == before


def test_nothing_is_put_aside_when_nothing_was_played_nor_refused_back():
    app, learn = fresh()
    learn.handle("tutorial")     # no move of ours yet: no question, nothing aside
    assert learn.tutorial is not None and not learn.suspended()
    assert learn.handle("match_back") is False
    assert not any('match_back' in i for i in learn.menu_items())


def test_a_damaged_match_aside_changes_nothing():
    app, learn = fresh()
    play_hands(app, learn, 1)
    learn.handle("tutorial")
    learn.handle("deal_yes")
    deck = list(app.game.deck)
    app.storage.setItem(store.SUSPENDED_KEY, "{not json")
    assert store.take_up_match(app.storage) is None
    assert learn.handle("match_back") is True      # the menu closes; the lesson goes on
    assert list(app.game.deck) == deck and learn.tutorial is not None


def test_the_way_back_asks_before_dropping_a_match_started_since():
    app, learn = fresh()
    play_hands(app, learn, 1)
    before = where(app)
    learn.handle("tutorial")
    learn.handle("deal_yes")
    # the player leaves the lesson for a match of their own, and plays in it
    app.change_setting("preset", "traditional")
    app.new_match(seed=4242)
    play_hands(app, learn, 0)
    mine = where(app)
    assert learn.handle("match_back") is True
    assert app.dialog == "learn-confirm" and "Drop" not in learn.confirm_html()
    assert "bỏ trận" in learn.confirm_html()
    learn.handle("deal_no")                 # keep playing the new one: nothing changes
    assert where(app) == mine and learn.suspended()
    learn.handle("match_back")
    learn.handle("deal_yes")                # asked, and yes: the match put aside is back
    assert where(app) == before and not learn.suspended()
