"""The table's record is changed through the table (issue 50): each App method
other features call to change it does what its name says, and nothing else.

tests/test_house.py checks that no module outside ui/table/ writes the record
itself; these are the ways in it leaves them."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

import phom  # noqa: E402
from ui.core import store  # noqa: E402
from ui.core.i18n import t  # noqa: E402
from ui.core.notices import say  # noqa: E402
from ui.table.app import HUMAN, App  # noqa: E402


def fresh(**settings):
    app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, **settings})
    app.new_match(seed=5)
    return app


def to_lay_down(app):
    """Bots and the human's first legal move until the human is asked to lay down."""
    g = app.game
    for _ in range(400):
        if g.to_move == HUMAN and g.phase == "lay_down" and len(app.lay_options()) > 1:
            return
        app.apply(g.legal_actions()[-1] if g.to_move == HUMAN else app.bot_for(g.to_move).choose(
            g.view(g.to_move), g.legal_actions()))
        if g.is_over:
            app.next_hand()
            g = app.game
    raise AssertionError("no lay-down with a choice reached")


def test_the_notice_is_added_to_replaced_and_taken():
    app = fresh()
    a, b, c = say(t, "notice_not_saving"), say(t, "notice_saving_again"), say(t, "notice_bad_deck")
    app.say(a)
    app.say(b, a)                       # each sentence once
    assert app.notice.parts == (a, b)
    app.say_only(c)
    assert app.notice.parts == (c,)
    taken = app.take_notice()
    assert taken.parts == (c,) and app.notice is None
    assert app.take_notice() is None


def test_a_refusal_is_said_until_the_next_tap():
    app = fresh()
    app.refuse("Không được")
    assert app.flash == "Không được"
    app.handle("sort")
    assert app.flash is None


def test_the_input_and_the_events_caught_up():
    app = fresh()
    app.used("kbd")
    assert app.input == "kbd"
    app.used("pointer")
    assert app.input == "pointer"
    app.catch_up()
    assert app.events_seen == len(app.view().events) and app.new_events() == []
    app.game = None
    app.catch_up()
    assert app.events_seen == 0


def test_a_lay_down_is_proposed_only_when_on_offer():
    app = fresh()
    assert app.lay_options() == []
    assert app.propose(phom.LayDown(melds=())) is False and app.arr_index == 0
    to_lay_down(app)
    opts = app.lay_options()
    assert app.propose(opts[-1]) is True
    assert app.current_lay() == opts[-1] and app.arr_index == len(opts) - 1


def test_settings_a_feature_chose_are_kept_unless_the_tab_lost_the_table():
    app = fresh()
    app.adopt_settings(preset="traditional", players=3)
    assert app.settings["preset"] == "traditional" and app.settings["players"] == 3
    assert store.load_settings(app.storage)["players"] == 3
    app.give_up_table()
    assert app.readonly
    app.adopt_settings(players=2)
    assert store.load_settings(app.storage)["players"] == 3    # another tab has the table


def test_followers_panels_and_the_takeover_are_registered_through_the_table():
    app = fresh()
    seen, taken = [], []
    app.follow(lambda: seen.append(app.hand_no))
    app.save()
    assert seen == [app.hand_no]
    with pytest.raises(ValueError):
        app.open("mine")
    app.register_panels("mine", "yours")
    app.open("mine")
    assert app.dialog == "mine"
    app.when_taken(lambda: taken.append(True))
    assert app.on_taken is not None
    app.on_taken()
    assert taken == [True]


def test_the_learning_sides_refusals_are_taken_once_for_the_console():
    from ui.learn import Learn

    app = fresh()
    learn = Learn(app, base_url="https://example.test/phom/", today="2026-12-01", first_visit=True)
    assert learn.welcome and learn.base_url.endswith("/phom/") and learn.today == "2026-12-01"
    assert "learn-stats" in app.panels                   # registered through the table
    learn.follow_link(daily_="maybe")
    taken = learn.take_warnings()
    assert len(taken) == 1 and "daily='maybe'" in taken[0]
    assert learn.take_warnings() == [] and app.notice is not None
    learn.straight_to_table()
    assert not learn.welcome
