"""ui/learn/ on CPython: hints counted per hand, a hand recorded once, deals offered
with a question when a match is in progress, the share link, the chart."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import phom  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.share import daily, decode  # noqa: E402
from ui.core import store  # noqa: E402
from ui.learn import STATS_KEY, TEXT, Learn, chart_svg  # noqa: E402
from ui.table.app import HUMAN, App  # noqa: E402


def fresh(seed=5, **settings):
    app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, **settings})
    app.new_match(seed=seed)
    learn = Learn(app)
    learn.base_url = "https://example.test/phom/"
    learn.today = "2026-12-01"
    return app, learn


def run(gen):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def finish_hand(app, learn):
    g = app.game
    while not g.is_over:
        s = g.to_move
        if s == HUMAN:
            legal = g.legal_actions()
            app.apply(make("easy").choose(g.view(s), legal))
        else:
            app.apply(make("normal", seed=s).choose(g.view(s), g.legal_actions()))
        learn.observe()


def test_both_languages_have_every_string():
    assert set(TEXT["vi"]) == set(TEXT["en"])
    for k in TEXT["vi"]:
        assert set(re.findall(r"{(\w+)}", TEXT["vi"][k])) == set(re.findall(r"{(\w+)}", TEXT["en"][k]))


def test_hint_counted_once_per_decision_and_marks_a_legal_move():
    app, learn = fresh()
    assert learn.handle("hint") is True
    assert learn.handle("hint") is True   # still computing: not counted twice
    assert learn.hints_used() == 1
    assert "Đang nghĩ" in learn.hint_line_html()
    assert run(learn.hint_steps()) is True
    assert learn.hint.action in app.legal()
    assert learn.hint_target() is not None and "Gợi ý" in learn.hint_line_html()
    assert learn.handle("hint") is False  # shown already
    app.apply(learn.hint.action)
    learn.observe()
    assert learn.hint is None and learn.hints_used() == 1


def test_the_learning_side_draws_through_the_tables_slots():
    """Learn plugs its drawing into the table (App.plug): the table's own render
    draws the hint's button and line, the menu, the end-of-hand buttons and the
    marks — nothing is put in after the render."""
    from ui.table import render

    app, learn = fresh()
    html = render.page_html(app)
    assert learn.hint_button_html() and learn.hint_button_html() in html
    assert html.index(learn.hint_button_html()) > html.index('class="buttons"')
    assert app.marks() == []                     # no hint yet: nothing marked
    learn.handle("hint")
    run(learn.hint_steps())
    line = learn.hint_line_html()
    assert "Gợi ý" in line and line in render.page_html(app)
    assert app.marks() == [(learn.hint_target(), "hinted", "data-hinted")]
    app.open("menu")
    assert learn.dialog_html() and learn.dialog_html() in render.page_html(app)
    app.open(None)
    finish_hand(app, learn)
    over = render.page_html(app)
    assert learn.over_buttons_html() and learn.over_buttons_html() in over
    assert over.index(learn.over_buttons_html()) < over.index('data-key="over-scores"')


def test_a_finished_hand_is_recorded_once_even_after_a_reload():
    app, learn = fresh()
    learn.handle("hint")
    run(learn.hint_steps())
    finish_hand(app, learn)
    learn.observe()
    assert len(learn.stats.records) == 1 and learn.stats.records[0]["hints"] == 1
    again = Learn(app)          # the page reloaded on the end-of-hand panel
    again.observe()
    assert len(again.stats.records) == 1
    assert learn.stats.records[0]["units"] == app.game.result.deltas[HUMAN]


def test_corrupt_statistics_are_set_aside_with_a_notice():
    app, _ = fresh()
    app.storage.setItem(STATS_KEY, "{broken")
    learn = Learn(app)
    assert learn.stats.records == [] and app.notice_text()
    assert app.storage.getItem("phom.stats.corrupt")
    assert json.loads(app.storage.getItem(STATS_KEY))["records"] == []


def test_share_link_and_daily_deal():
    app, learn = fresh(preset="online", players=2, bot="hard")
    url = learn.share_url()
    code = url.split("?deal=")[1]
    assert url.startswith("https://example.test/phom/?deal=") and len(code) == 48
    d = decode(code)
    assert (d.preset, d.players, d.bot, d.seed) == ("online", 2, "hard", app.match_seed)
    assert list(d.deck) == list(app.game.deck)
    learn.handle("daily")   # nothing played yet: no question
    assert app.dialog is None and list(app.game.deck) == list(daily(phom.share.parse_date(
        "2026-12-01")).deck)
    assert learn.daily_date() == "2026-12-01"


def test_a_deal_asks_before_replacing_a_match_in_progress():
    app, learn = fresh(seed=8)
    app.apply(app.legal()[0])
    deck = list(app.game.deck)
    learn.offer_code(daily(phom.share.parse_date("2026-12-03")).encode())
    assert app.dialog == "learn-confirm" and "cất lại" in learn.confirm_html()
    learn.handle("deal_no")
    assert list(app.game.deck) == deck and app.dialog is None
    learn.offer_code(daily(phom.share.parse_date("2026-12-03")).encode())
    learn.handle("deal_yes")
    assert list(app.game.deck) != deck and app.hand_no == 1


def test_a_bad_link_is_refused_with_its_reason():
    app, learn = fresh()
    deck = list(app.game.deck)
    learn.offer_code("not-a-deal")
    assert "48" in app.notice_text() and list(app.game.deck) == deck


# ---------------------------------------------------------------- deal links said in the page's language
ENGLISH_OF_ERRORS = ("DealError", "Traceback", "base64", "characters, this one", "check does not",
                     "YYYY", "not a date", "bad deal")


def test_every_deal_refusal_code_has_its_words_in_both_languages():
    from phom import share
    from ui.table import banners

    for lang in ("vi", "en"):
        assert set(banners.DEAL_REASONS[lang]) == set(share.REASONS) | set(banners.PAGE_DEAL_REASONS)
        for code in banners.DEAL_REASONS[lang]:
            said = banners.deal_reason(lang, code)
            assert said and "{" not in said
    for code in share.REASONS:
        assert banners.deal_reason("vi", code) != banners.deal_reason("en", code), code


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("code, reason", [
    ("garbage", "length"), ("A" * 48, "damaged"), ("A" * 47 + "<", "characters"), ("", "empty")])
def test_a_bad_deal_link_is_worded_from_its_code_and_changes_nothing(lang, code, reason):
    from ui.table import banners

    app, learn = fresh(lang=lang)
    app.apply(app.legal()[0])
    before = app.game.to_json()
    saved = app.storage.getItem(store.SAVE_KEY)
    assert learn.follow_link(deal=code) is True
    why = banners.deal_reason(lang, reason)
    assert app.notice_text() == TEXT[lang]["notice_deal"].format(why=why)
    assert not any(w in app.notice_text() for w in ENGLISH_OF_ERRORS)
    assert (lang == "vi") == ("không mở được" in app.notice_text())
    assert app.game.to_json() == before and app.storage.getItem(store.SAVE_KEY) == saved
    assert app.dialog is None and learn.warnings and reason in learn.warnings[0]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_bad_day_is_refused_and_todays_deal_is_todays(lang):
    app, learn = fresh(lang=lang)
    assert learn.follow_link(daily_="1", day="2026-13-40")
    assert "day=2026-13-40" in app.notice_text() and "2026-12-01" in app.notice_text()   # the example date
    assert not any(w in app.notice_text() for w in ENGLISH_OF_ERRORS)
    assert (lang == "vi") == ("Ngày trong đường link" in app.notice_text())
    assert learn.today == "2026-12-01" and learn.daily_date() == "2026-12-01"
    assert list(app.game.deck) == list(daily(phom.share.parse_date("2026-12-01")).deck)
    # a good day dates the daily deal
    app, learn = fresh(lang=lang)
    learn.follow_link(daily_="1", day="2026-11-30")
    assert app.notice_text() is None and learn.daily_date() == "2026-11-30"
    # a bad day alone: the notice, and the match as it was
    app, learn = fresh(lang=lang)
    before = app.game.to_json()
    learn.follow_link(day="<b>yesterday</b>")
    assert "day=<b>yesterday</b>" in app.notice_text() and app.game.to_json() == before


@pytest.mark.parametrize("value, asked", [("1", True), ("", True), ("yes", True), ("0", False),
                                          ("no", False), ("2", None), ("today", None)])
def test_daily_takes_yes_or_no_and_refuses_anything_else(value, asked):
    app, learn = fresh(lang="vi")
    before = app.game.to_json()
    learn.follow_link(daily_=value)
    if asked:
        assert learn.daily_date() == "2026-12-01" and app.notice_text() is None
        return
    assert app.game.to_json() == before and learn.daily_date() is None
    if asked is None:
        assert app.notice_text() == TEXT["vi"]["notice_daily"].format(value=value,
                                                               why="chỉ daily=1 mới mở ván hôm nay")
    else:
        assert app.notice_text() is None


def test_a_bad_link_parameter_and_a_bad_deal_are_both_said():
    app, learn = fresh(lang="en")
    from ui.core import params
    from ui.core.notices import notice, say
    from ui.table import banners

    app.notice = notice(say(banners.link_notice, params.parse({"bot": ["god"]}, app.settings)))
    learn.follow_link(deal="x")
    assert app.notice_text().startswith("The link has parameters") and "(bot=god)" in app.notice_text()
    assert "shared-hand link cannot be opened" in app.notice_text()


def test_a_shared_eight_card_village_hand_is_dealt_as_shared():
    from phom.share import Deal

    app, learn = fresh(preset="village", players=2, hand_size=9)
    deal = Deal("village", 2, "hard", 1, tuple(phom.DECK), 99, 8)
    learn.follow_link(deal=deal.encode())
    assert app.notice_text() is None and app.game.rules.hand_size == 8
    assert Deal.of_game(app.game, "hard", app.match_seed) == deal
    # and a nine-card one at a table set to eight is dealt with nine
    app, learn = fresh(preset="village", players=2, hand_size=8)
    nine = Deal("village", 2, "hard", 1, tuple(phom.DECK), 99, 9)
    learn.follow_link(deal=nine.encode())
    assert app.game.rules.hand_size == 9 and Deal.of_game(app.game, "hard", app.match_seed) == nine


def test_chart_and_stats_dialog():
    svg = chart_svg([0, 3, -2, 5], "vi")
    assert svg.startswith("<svg") and "+5" in svg and "polyline" in svg
    assert chart_svg([0], "en") == ""
    app, learn = fresh()
    finish_hand(app, learn)
    app.open("learn-stats")
    html = learn.dialog_html()
    assert "Số ván" in html and "stats-chart" in html
    learn.handle("stats_reset")
    assert "Không lấy lại được" in learn.dialog_html()
    learn.handle("stats_reset_yes")
    assert "Chưa có ván" in learn.dialog_html()


def test_review_marks_a_broken_meld_and_steps_through_the_hand():
    from phom.deal import make_deck

    app = App(store.MemoryStorage(), dict(store.DEFAULT_SETTINGS))
    app.new_match(seed=3, deck=make_deck({0: "3S 4S 5S 7H 7D 7C KH QD 9C 2D"}))
    learn = Learn(app)
    app.apply(phom.Discard(phom.Card.parse("4S")))   # breaks the run for nothing
    finish_hand(app, learn)
    assert learn.handle("review") is True and app.dialog == "learn-review"
    assert "đang xem lại" in learn.dialog_html()
    run(learn.session.steps())
    assert learn.session.done
    html = learn.dialog_html()
    assert "★" in html and "đánh 4♠" not in html.split("★")[1][:40]  # the expert's move
    assert learn.session.marks() and min(learn.session.marks()) == 0
    assert learn.handle("rv_next_mark") and learn.session.step == 1
    assert learn.handle("rv_last") and learn.session.step == len(app.game.actions)
    assert learn.handle("rv_prev") and learn.handle("rv_first") and learn.session.step == 0
    assert html.count('class="rv-seat') == 4
    assert "Chuyên gia ngồi ghế bạn" in html


def bots_play(app):
    while not app.game.is_over and app.game.to_move != HUMAN:
        app.apply(run(app.bot_steps()))


def intent(learn, app, act, arg=None):
    r = learn.handle(act, arg)
    if r is None:
        r = app.handle(act, arg)
    bots_play(app)
    learn.observe()
    return r


def test_the_tutorial_walks_through_a_hand_and_refuses_other_moves():
    app, learn = fresh()
    learn.handle("tutorial")
    assert learn.tutorial is not None and app.game.rules.name == "basic"
    bots_play(app)
    assert "bốc một lá" in learn.tutorial_callout_html() and learn.tutorial_target() == ".stock"
    intent(learn, app, "draw")
    # a move the lesson does not ask for is refused, with the reason
    intent(learn, app, "card", "2S")
    intent(learn, app, "card", "2S")
    assert phom.Card.parse("2S") in app.view().hand
    assert "K♣" in (app.flash or "")
    for c in ("KC", "KC"):
        intent(learn, app, "card", c)
    assert "ăn Q♠" in learn.tutorial_callout_html()
    intent(learn, app, "eat")
    intent(learn, app, "card", "2S")
    intent(learn, app, "card", "2S")
    intent(learn, app, "draw")
    intent(learn, app, "card", "JS")
    intent(learn, app, "card", "JS")
    intent(learn, app, "draw")
    # the engine's proposal already keeps 7♦ to send (phom.proposals)
    assert app.game.phase == "lay_down" and learn.tutorial_target() == '[data-act="lay"]'
    intent(learn, app, "arr_next")       # another arrangement: the lesson refuses it
    intent(learn, app, "lay")
    assert app.game.phase == "lay_down"
    intent(learn, app, "arr_prev")
    intent(learn, app, "lay")
    assert "Gửi 7♦" in learn.tutorial_callout_html()
    intent(learn, app, "send", None)
    assert "chốt" in learn.tutorial_callout_html()
    intent(learn, app, "card", "9S")
    intent(learn, app, "card", "9S")     # the risky chốt: refused
    assert phom.Card.parse("9S") in app.view().hand
    intent(learn, app, "card", "7C")
    intent(learn, app, "card", "7C")
    assert app.game.is_over and app.game.result.ranks[0] == HUMAN
    assert "Hết ván" in learn.tutorial_callout_html()
    assert 'data-act="tutorial_done"' in learn.over_buttons_html()
    learn.handle("tutorial_done")
    html = learn.dialog_html()
    assert app.dialog == "learn-summary" and learn.tutorial is None
    assert html.count("<tr>") == 1 + len(phom.PRESETS)
    assert "ù tròn" in html and "đếm bài trên bàn" in html


LESSON = [("draw", None), ("card", "KC"), ("card", "KC"), ("eat", None), ("card", "2S"),
          ("card", "2S"), ("draw", None), ("card", "JS"), ("card", "JS"), ("draw", None),
          ("lay", None), ("send", None), ("card", "7C"), ("card", "7C")]


def reload_page(st):
    """What a reload does: a new App on the same storage resumes the save, then Learn."""
    app = App(st)
    app.start({})
    learn = Learn(app)
    learn.resume_tutorial()
    learn.observe()
    return app, learn


def test_the_tutorial_survives_a_reload_after_every_move():
    # the lesson played straight through
    app, learn = fresh()
    learn.handle("tutorial")
    bots_play(app)
    for act, arg in LESSON:
        intent(learn, app, act, arg)
    straight = [str(a) for a in app.game.actions]
    assert app.game.is_over and app.game.result.ranks[0] == HUMAN
    # the same lesson with the page reloaded after every single move, the bots' too
    # (between a scripted seat's draw and its discard as well)
    app, learn = fresh()
    st = app.storage
    learn.handle("tutorial")
    moves = iter(LESSON)
    for _ in range(200):
        g = app.game
        if g.is_over:
            break
        n = len(g.actions)
        if g.to_move != HUMAN:
            app.apply(run(app.bot_steps()))
        else:
            assert learn.tutorial_callout_html(), "the callout is back after the reload"
            act, arg = next(moves)
            r = learn.handle(act, arg)
            if r is None:
                app.handle(act, arg)
            if len(g.actions) == n:
                continue          # a card raised: page state, not a move
        app, learn = reload_page(st)
        assert learn.tutorial is not None and not learn.lesson_lost
    assert [str(a) for a in app.game.actions] == straight
    assert "Hết ván" in learn.tutorial_callout_html()
    learn.handle("tutorial_done")
    app, learn = reload_page(st)
    assert learn.tutorial is None and not learn.lesson_lost   # done: not resumed again


def test_a_tutorial_whose_save_is_gone_says_so_and_offers_a_restart():
    app, learn = fresh()
    st = app.storage
    learn.handle("tutorial")
    bots_play(app)
    intent(learn, app, "draw")
    st.setItem(store.SAVE_KEY, "{ damaged")
    app, learn = reload_page(st)
    assert learn.tutorial is None and learn.lesson_lost
    html = learn.welcome_html()
    assert "không mở lại được" in html and 'data-act="tutorial"' in html
    # the set-aside notice is said in the same banner (one banner in the notice's place)
    assert app.notice_text() is None and "Không đọc được" in html
    assert learn.handle("tutorial") is True and learn.tutorial is not None
    assert not learn.welcome_html()


def test_one_owner_of_the_bots_the_table_the_review_and_the_lesson():
    app, learn = fresh(seed=9)
    bots_play(app)
    # the review replays the hand with the table's own bots: App.make_bot
    finish_hand(app, learn)
    learn.handle("review")
    assert learn.session.bot_for == app.make_bot
    # the tutorial seats its scripted bots through App.seat_bots; a strength change
    # mid-lesson leaves them in their seats
    learn.handle("tutorial")
    learn.handle("deal_yes")        # the finished hand counts as a match in progress
    assert all(type(app.bot_for(s)).__name__ == "ScriptBot" for s in (1, 2, 3))
    app.change_setting("bot", "hard")
    assert type(app.bot_for(1)).__name__ == "ScriptBot"


def test_own_statistics_show_all_tables_and_one_beside_chosen_by_a_chip():
    """Five tables' columns side by side scrolled a phone sideways: all of them, and one
    table beside (the one in play, else the first played; a chip chooses another)."""
    from phom.stats import Stats

    app, learn = fresh(preset="village")
    rec = {"players": 4, "place": 1, "units": 5, "win": True, "mom": False, "u": None, "eats": 0,
           "chot_eaten": 0, "chot_fed": 0, "hints": 0, "daily": None}
    learn.stats, _bad = Stats.load(json.dumps({"format": "phom.stats/1", "records": [
        {**rec, "preset": p} for p in ("basic", "traditional", "village", "basic")]}))
    learn.handle("stats")
    html = learn.stats_html()
    heads = re.findall(r'<th scope="col">([^<]*)</th>', html)
    assert heads == ["Tất cả", "Làng (có gà)"], heads
    assert len(re.findall(r'data-act="stats_preset"', html)) == 3
    assert learn.handle("stats_preset", "basic")
    assert re.findall(r'<th scope="col">([^<]*)</th>', learn.stats_html()) == ["Tất cả", "Cơ bản"]
    assert 'data-arg="basic" data-key="table-basic" aria-pressed="true"' in learn.stats_html()
    # one table played: no chips, the table beside all of them is that one
    learn.stats, _bad = Stats.load(json.dumps({"format": "phom.stats/1", "records": [{**rec, "preset": "online"}]}))
    html = learn.stats_html()
    assert "stats_preset" not in html and re.findall(r'<th scope="col">([^<]*)</th>', html)[1] == "Kiểu online"
