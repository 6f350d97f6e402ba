"""Seats and pass-and-play on CPython: the seat plan, the cover between two
people's turns, resuming covered, and what the end of a hand shows."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import phom  # noqa: E402
from ui.core import i18n  # noqa: E402
from ui.core.store import MemoryStorage  # noqa: E402
from ui.table import render, seats  # noqa: E402
from ui.table.app import App  # noqa: E402


def two_people(storage=None, seed=5):
    app = App(storage or MemoryStorage())
    app.start({"seed": str(seed), "speed": "instant"})
    app.handle("settings")
    assert app.handle("setting", ("seat_kind.2", "here"))
    assert app.handle("setting", ("seat_name.2", " Lan "))
    assert app.handle("setting", ("seat_name.0", "Minh"))
    assert app.handle("setting", ("seat_kind.3", "easy"))
    app.handle("new_match")
    app.handle("confirm")  # mid-hand: asked first (issue 10)
    return app


def play(app, rng, until=None, max_steps=3000):
    """Play as the page does: uncover when covered, people at random, bots by their bot."""
    covers = []
    for _ in range(max_steps):
        g = app.game
        if g.is_over or (until is not None and until(app)):
            return covers
        if app.cover_for is not None:
            html = render.page_html(app)
            assert "data-card" not in html and 'class="card' not in html
            covers.append(app.cover_for)
            app.handle("uncover")
            continue
        if app.is_person(g.to_move):
            assert app.my_turn() and app.me == g.to_move
            app.apply(app.auto_action() or rng.choice(app.legal()))
        else:
            app.apply(app.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions()))
    raise AssertionError("the hand did not end")


def test_the_seat_plan_is_edited_staged_and_checked():
    app = App(MemoryStorage())
    app.start({"seed": "3"})
    assert not app.pass_and_play
    assert not app.handle("setting", ("seat_kind.0", "easy"))   # seat 0 holds the device
    assert app.handle("setting", ("seat_kind.1", "here"))
    assert not app.pass_and_play, "staged until a new match"
    app.handle("setting", ("seat_name.1", "bạn"))                # same as seat 0 ("Bạn")
    assert app.flash == i18n.t("vi", "name_taken")
    app.handle("setting", ("seat_name.1", "   "))
    assert app.flash == i18n.t("vi", "name_empty")
    app.handle("new_match")
    app.handle("confirm")  # mid-hand: asked first (issue 10)
    assert app.pass_and_play and [s.kind for s in app.seats] == ["here", "here", "bot", "bot"]
    again = App(app.storage)                                     # the plan is remembered
    assert again.plan == app.plan


def test_a_cover_between_two_people_never_between_a_person_and_a_bot():
    rng = random.Random(2)
    app = two_people()
    covers = play(app, rng)
    assert covers[0] in (0, 2) and set(covers) == {0, 2}
    # consecutive covers always name another person than the last one who played
    assert all(a != b for a, b in zip(covers, covers[1:], strict=False))
    assert app.game.is_over and "Lan" in render.page_html(app)


def test_solo_play_never_covers():
    app = App(MemoryStorage())
    app.start({"seed": "4"})
    rng = random.Random(0)
    assert play(app, rng) == []


def test_a_reload_mid_hand_comes_back_covered_with_the_seats():
    st = MemoryStorage()
    app = two_people(st)
    play(app, random.Random(1), until=lambda a: len(a.game.actions) > 12 and a.cover_for is None)
    back = App(st)
    back.start({})
    assert back.cover_for is not None and back.seats == app.seats
    assert "data-card" not in render.page_html(back)
    assert back.game.to_json() == app.game.to_json()


def test_after_an_u_only_the_winners_hand_is_shown():
    """Pass-and-play: a dealt ù ends the hand at once; the others' hands stay hidden."""
    from phom.deal import make_deck

    hands = {0: "AS 2S 3S 5C 5D 5H 9C 10C JC", 1: "KS KC 2D 4D 7D 9H JH QH KD",
             2: "3C 4C 6D 8D 10D 2H 6H 8S QS", 3: "6C 7C 8C 3D 9D 3H 4H JD QD"}
    deck = " ".join(str(c) for c in make_deck({k: phom.parse_cards(v) for k, v in hands.items()}))
    st = MemoryStorage()
    app = two_people(st)
    app.new_match(seed=1, deck=deck)
    play(app, random.Random(0))
    res = app.game.result
    if res.u is None:       # this deal must end in ù for the test to mean anything
        raise AssertionError("the crafted deal did not end in ù")
    hidden = [s for s in range(4) if app.hand_hidden(s)]
    assert res.u_seat not in hidden and len(hidden) == 3
    html = render.page_html(app)
    for s in hidden:
        for c in res.hands[s]:
            assert f'data-card="{c}"' not in html


def test_no_review_after_an_u_in_pass_and_play():
    """The review lays every hand open: after an ù the others' hands were never shown."""
    from phom.deal import make_deck
    from ui.learn import Learn

    hands = {0: "AS 2S 3S 5C 5D 5H 9C 10C JC", 1: "KS KC 2D 4D 7D 9H JH QH KD",
             2: "3C 4C 6D 8D 10D 2H 6H 8S QS", 3: "6C 7C 8C 3D 9D 3H 4H JD QD"}
    deck = " ".join(str(c) for c in make_deck({k: phom.parse_cards(v) for k, v in hands.items()}))
    app = two_people()
    app.new_match(seed=1, deck=deck)
    play(app, random.Random(0))
    assert app.game.result.u is not None
    learn = Learn(app)
    assert 'data-act="review"' not in learn.over_buttons_html()
    assert learn.handle("review") is False
    solo = App(MemoryStorage())
    solo.start({"seed": "1"})
    solo.new_match(seed=1, deck=deck)
    play(solo, random.Random(0))
    assert 'data-act="review"' in Learn(solo).over_buttons_html()


def test_each_person_gets_their_own_statistics_by_name_and_a_bot_none():
    """Pass-and-play: Minh's and Lan's hands go to their own records (hints asked on Lan's
    turn count for Lan); later Minh alone under the same name goes on with Minh's record,
    and the device's own default name ("Bạn"/"You") is the record from before names."""
    from ui.learn import Learn, record_owner

    st = MemoryStorage()
    app = two_people(st)
    learn = Learn(app)
    rng = random.Random(1)
    play(app, rng, until=lambda a: a.cover_for is None and a.me == 2 and a.my_turn())
    assert learn.handle("hint") is True            # Lan asks for a hint on her turn
    play(app, rng)
    learn.observe()
    recs = learn.stats.records
    g = app.game
    assert [(r["who"], r["units"]) for r in recs] == [("Minh", g.result.deltas[0]), ("Lan", g.result.deltas[2])]
    assert [r["hints"] for r in recs] == [0, 1]
    assert learn.stats.people() == ["Minh", "Lan"]
    learn.observe()
    assert len(learn.stats.records) == 2            # recorded once
    # the stats view opens on the person at the table, and can list everyone
    learn.handle("stats")
    html = learn.stats_html()
    assert 'data-arg="=Lan"' in html and 'data-arg="@all"' in html and "Minh" in html
    learn.handle("stats_who", "@all")
    html = learn.stats_html()
    assert html.count('<tr><th scope="row">') == 2 and "stats-everyone" in html
    learn.handle("stats_who", "=Lan")
    assert f"{g.result.deltas[2]:+d}" in learn.stats_html()
    # Minh alone later, the name still in seat 1: the same record goes on
    app.handle("setting", ("seat_kind.2", "easy"))
    app.handle("new_match")
    app.handle("confirm")
    assert not app.pass_and_play and app.seats[0].name == "Minh"
    solo = Learn(app)
    play(app, rng)
    solo.observe()
    assert [r.get("who") for r in solo.stats.records] == ["Minh", "Lan", "Minh"]
    assert solo.stats.of("minh").summary().hands == 2
    assert record_owner("Bạn") is None and record_owner("you") is None and record_owner("Lan") == "Lan"


def test_records_with_and_without_a_name_load_and_a_bad_name_is_set_aside():
    from phom.stats import Stats, hand_record

    app = two_people()
    play(app, random.Random(2))
    st = Stats()
    st.add(hand_record(app.game, 1))                      # an old record: no name
    st.add(hand_record(app.game, 0, who="Minh"))
    st.add(hand_record(app.game, 2, who="lan"))
    st.add(hand_record(app.game, 2, who="Lan"))
    text = st.to_json()
    assert '"who"' not in text.split("},{")[0]           # the device's own record: as before
    back, bad = Stats.load(text)
    assert not bad and back.people() == [None, "Minh", "Lan"] and back.of("LAN").summary().hands == 2
    import json as _json

    d = _json.loads(text)
    d["records"][1]["who"] = "  "
    d["records"][2]["who"] = 7
    back, bad = Stats.load(_json.dumps(d))
    assert len(back.records) == 2 and [why for _r, why in bad] == ["who must be a person's name "
                                                                   "(1 to 16 letters, trimmed)"] * 2


def test_the_phones_own_player_is_named_in_the_pages_language():
    """A pass-and-play plan made in Vietnamese keeps seat 0's given name "Bạn";
    the English page calls that seat "You" (a typed name stays as typed)."""
    app = App(MemoryStorage())
    app.start({"seed": "4", "speed": "instant"})
    app.handle("settings")
    assert app.handle("setting", ("seat_kind.2", "here"))
    assert app.handle("setting", ("seat_name.2", "Lan"))
    app.handle("new_match")
    app.handle("confirm")  # mid-hand: asked first
    assert app.pass_and_play
    assert app.names()[0] == "Bạn" and app.names()[2] == "Lan"
    app.handle("setting", ("lang", "en"))
    assert app.lang == "en"
    assert app.names()[0] == "You" and app.names()[2] == "Lan", app.names()
    assert seats.seat_name(app.seats, 0, "vi", True) == "Bạn"
