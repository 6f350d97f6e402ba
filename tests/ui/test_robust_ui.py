"""Nothing lost, nothing crashes, on the page's pure-Python side: links
(ui/core/params.py) checked before anything changes and never replacing a match
unasked; storage that refuses writes; saves from another version set aside and
kept; and property tests over settings, page saves and URL parameters."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

import mutate  # noqa: E402

import phom  # noqa: E402
from ui.core import params, store  # noqa: E402
from ui.core.i18n import t  # noqa: E402
from ui.table import banners, render  # noqa: E402
from ui.table.app import App  # noqa: E402
from ui.table.banners import tab_html  # noqa: E402

FAST = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
COUNTS: Counter = Counter()
HOSTILE = '<img src=x onerror="window.__pwned=1">'


class FlakyStorage(store.MemoryStorage):
    """Storage whose writes fail while ``full`` (as a full quota does)."""

    def __init__(self, data=None):
        super().__init__(data)
        self.full = False
        self.refused = 0

    def setItem(self, key, value):  # noqa: N802
        if self.full:
            self.refused += 1
            raise OSError("QuotaExceededError")
        super().setItem(key, value)


def started(st_=None, params_=None, **settings_):
    st_ = st_ if st_ is not None else store.MemoryStorage()
    app = App(st_, {**store.DEFAULT_SETTINGS, "bot": "random", **settings_} if settings_ else None)
    app.start(params_)
    return app


def step(app: App) -> None:
    """One action by whoever is to move (the human through the engine's first legal action)."""
    g = app.game
    if g.is_over:
        app.next_hand()
        return
    auto = app.auto_action()
    if g.to_move == 0 and auto is None:
        app.apply(g.legal_actions()[0])
    else:
        app.apply(auto or app.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions()))


# ---------------------------------------------------------------- links
@pytest.mark.parametrize("query,bad", [
    ({"players": "5"}, "players"), ({"players": "two"}, "players"), ({"players": "3.0"}, "players"),
    ({"seed": "-1"}, "seed"), ({"seed": "1e9"}, "seed"), ({"seed": "9" * 30}, "seed"),
    ({"preset": "Basic"}, "preset"), ({"bot": "god"}, "bot"), ({"speed": "warp"}, "speed"),
    ({"lang": "fr"}, "lang"), ({"four_color": "maybe"}, "four_color"), ({"new": "2"}, "new"),
    ({"starter": "4", "players": "4"}, "starter"), ({"starter": "x"}, "starter"),
    ({"deck": "AS 2S"}, "deck"), ({"deck": "AS " * 52}, "deck"),
    ({"seed": ["1", "2"]}, "seed"), ({"preset": "x" * 1000}, "preset"),
    ({"lang": HOSTILE}, "lang"),
])
def test_a_malformed_parameter_changes_nothing_and_says_which(query, bad):
    st_ = store.MemoryStorage()
    first = started(st_)
    step(first)
    saved, settings_before = st_.getItem(store.SAVE_KEY), store.load_settings(st_)
    app = App(st_)
    app.start({"new": "1", "four_color": "1", **query})   # with a good preference and a new match
    assert f"({bad}=" in app.notice_text()
    assert app.game.to_json() == first.game.to_json() and st_.getItem(store.SAVE_KEY) == saved
    # a bad preference is refused alone (the new match is still asked for, not started);
    # a bad match parameter: no match is asked for at all
    assert app.dialog == ("open_link" if bad in params.OWN_KEYS else None)
    after = store.load_settings(st_)
    good = {} if bad == "four_color" else {"four_color": True}
    assert after == {**settings_before, **good}


def test_a_link_never_replaces_a_match_without_asking():
    st_ = store.MemoryStorage()
    first = started(st_)
    for _ in range(5):
        step(first)
    saved = st_.getItem(store.SAVE_KEY)
    # keep my match
    app = App(st_)
    app.start({"new": "1", "seed": "77", "preset": "village", "players": "3"})
    assert app.dialog == "open_link" and app.game.to_json() == first.game.to_json()
    assert st_.getItem(store.SAVE_KEY) == saved
    assert 'data-act="link_keep"' in render.page_html(app)
    assert not app.handle("draw")  # the question is answered first
    assert app.handle("link_keep") and app.dialog is None
    assert app.game.to_json() == first.game.to_json() and app.settings["preset"] == "basic"
    # start the linked one
    app = App(st_)
    app.start({"new": "1", "seed": "77", "preset": "village", "players": "3"})
    assert app.handle("link_start")
    assert (app.match.seed, app.match.rules.name, app.match.players) == (77, "village", 3)
    assert json.loads(st_.getItem(store.SAVE_KEY))["seed"] == 77


def test_a_link_with_no_saved_match_starts_at_once_and_settings_only_links_keep_the_match():
    app = started(params_={"seed": "5", "players": "2", "starter": "1", "four_color": "on"})
    assert app.dialog is None and (app.match.seed, app.game.players, app.game.starter) == (5, 2, 1)
    assert app.settings["four_color"] is True
    st_ = app.storage
    before = app.game.to_json()
    again = App(st_)
    again.start({"lang": "en", "speed": "slow"})  # no match asked for
    assert again.dialog is None and again.game.to_json() == before
    assert again.settings["lang"] == "en" and again.settings["speed"] == "slow"


def test_a_notice_is_said_again_in_the_language_switched_to():
    """A notice on screen (a bad link, a save set aside, a shared hand refused, storage
    refusing) follows the language switch: kept as its words, not its text."""
    from ui.learn import Learn

    st_ = store.MemoryStorage({store.SAVE_KEY: "{damaged"})
    app = App(st_)
    learn = Learn(app)
    app.start({"speed": "zzz"})
    learn.follow_link(deal="not-a-deal")
    vi = app.notice_text()
    assert vi.startswith(t("vi", "link_bad")) and "(speed=zzz)" in vi
    assert t("vi", "notice_corrupt") in vi and "không mở được" in vi
    assert app.handle("setting", ("lang", "en"))
    en = app.notice_text()
    assert en.startswith(t("en", "link_bad")) and "(speed=zzz)" in en and "Speed must be one of" in en
    assert t("en", "notice_corrupt") in en and banners.SAVE_REASONS["en"]["unreadable"] in en
    assert "shared-hand link cannot be opened" in en and "48 characters" in en
    assert not any(w in en for w in ("Đường", "không", "Lý do")), en
    assert escape(en) in render.notice_html(app)
    assert app.handle("setting", ("lang", "vi")) and app.notice_text() == vi
    # storage refusing, and working again: the same in either language
    flaky = FlakyStorage()
    app = started(flaky)
    flaky.full = True
    step(app)
    assert app.notice_text() == t("vi", "notice_not_saving")
    app.handle("setting", ("lang", "en"))
    assert app.notice_text() == t("en", "notice_not_saving")
    flaky.full = False
    step(app)
    assert app.notice_text() == t("en", "notice_saving_again")


def test_a_bad_preference_is_refused_alone_and_the_rest_of_the_link_applies():
    """?lang=fr&players=3: the language is refused (said in the page's language),
    the 3-player match is asked for as players=3 alone would ask."""
    st_ = store.MemoryStorage()
    first = started(st_)
    step(first)
    saved = st_.getItem(store.SAVE_KEY)
    app = App(st_)
    app.start({"lang": "fr", "players": "3"})
    assert app.lang == "vi" and app.notice_text().startswith(t("vi", "link_bad")) and "(lang=fr)" in app.notice_text()
    assert app.dialog == "open_link" and st_.getItem(store.SAVE_KEY) == saved   # it asks first
    assert app.handle("link_start") and app.game.players == 3
    # nothing saved: the 3-player match at once; an empty lang= is refused too
    app = started(params_={"lang": "", "players": "3", "speed": "slow"})
    assert app.game.players == 3 and "(lang=)" in app.notice_text() and app.settings["speed"] == "slow"
    # the link's good language says the refusal of a bad match parameter, and no match is asked
    st_ = store.MemoryStorage()
    first = started(st_)
    step(first)
    app = App(st_)
    app.start({"lang": "en", "players": "5", "preset": "village"})
    assert app.lang == "en" and "Players must be 2 to 4 (players=5)" in app.notice_text()
    assert app.dialog is None and app.game.to_json() == first.game.to_json()
    assert app.settings["preset"] == "basic" and store.load_settings(st_)["lang"] == "en"


def test_a_link_deck_deals_that_deck():
    deck = " ".join(map(str, phom.DECK))
    app = started(params_={"deck": deck, "players": "4"})
    assert [str(c) for c in app.game.deck] == deck.split()


# ---------------------------------------------------------------- storage trouble
def test_refused_writes_let_the_hand_go_on_say_so_once_and_recover():
    st_ = FlakyStorage()
    app = started(st_)
    step(app)
    st_.full = True
    for _ in range(6):
        step(app)
    assert st_.refused >= 6 and app.saving is False
    assert app.notice_text() == t(app.lang, "notice_not_saving")
    app.handle("dismiss")
    for _ in range(3):
        step(app)
    assert app.notice_text() is None  # said once, not again at every action
    st_.full = False
    step(app)
    assert app.saving is True
    saved = App(st_)
    saved.start()
    assert saved.game.to_json() == app.game.to_json()


def test_recovery_replaces_a_standing_not_saving_notice():
    st_ = FlakyStorage()
    app = started(st_)
    st_.full = True
    step(app)
    st_.full = False
    step(app)
    assert app.notice_text() == t(app.lang, "notice_saving_again")


def test_storage_that_refuses_everything_still_plays():
    app = App(store.BrokenStorage())
    app.start({"seed": "3"})
    for _ in range(30):
        step(app)
    assert app.notice_text() == t(app.lang, "notice_not_saving") and app.game is not None


def test_a_readonly_app_saves_nothing():
    st_ = store.MemoryStorage()
    app = started(st_)
    saved = st_.getItem(store.SAVE_KEY)
    app.readonly = True
    step(app)
    assert st_.getItem(store.SAVE_KEY) == saved


# ---------------------------------------------------------------- saves set aside, kept
def _page_save(preset="basic") -> str:
    # One deal, always: the property tests below mutate this save with choices
    # drawn by Hypothesis, which must find the same save on every replay (a new
    # match's seed from the system changed how many fields it had to choose
    # from: FlakyStrategyDefinition).
    st_ = store.MemoryStorage()
    app = started(st_, {"new": "1", "seed": "7"}, preset=preset, players=3)
    for _ in range(4):
        step(app)
    return st_.getItem(store.SAVE_KEY)


def test_a_save_from_another_version_is_set_aside_with_its_own_notice_and_kept():
    raw = json.loads(_page_save())
    m = json.loads(raw["match"])
    del m["rules"]["u_optional"]  # an option this version has and the old one had not
    m["current"]["rules"].pop("u_optional")
    raw["match"] = json.dumps(m)
    text = json.dumps(raw)
    st_ = store.MemoryStorage({store.SAVE_KEY: text, store.CORRUPT_KEY: "older one"})
    app = started(st_)
    assert app.notice_text().startswith(t(app.lang, "notice_old_save"))
    assert store.set_aside_saves(st_) == [text, "older one"]


def test_preset_rules_changed_since_the_save_is_an_old_save():
    raw = json.loads(_page_save("traditional"))
    m = json.loads(raw["match"])
    for r in (m["rules"], m["current"]["rules"]):
        r["chot_pay"] = 7
    raw["match"] = json.dumps(m)
    app = started(store.MemoryStorage({store.SAVE_KEY: json.dumps(raw)}))
    assert app.notice_text().startswith(t(app.lang, "notice_old_save")) and app.match.rules.chot_pay == 4


def test_a_save_that_cannot_be_set_aside_is_not_overwritten():
    st_ = FlakyStorage({store.SAVE_KEY: "{damaged"})
    st_.full = True
    app = started(st_)
    assert app.save_blocked and t(app.lang, "notice_aside_failed") in app.notice_text()
    st_.full = False
    step(app)
    assert st_.getItem(store.SAVE_KEY) == "{damaged"


# ---------------------------------------------------------------- refusals in the players' words
def test_every_refusal_code_has_words_in_both_languages():
    """Each reason code a link or a save may be refused with (read from the
    raise sites too, so an unexercised one is not missed) has a vi and an en
    sentence, and every sentence can be said for every parameter."""
    import ast

    def codes_raised(path, names, pos):
        found = set()
        for node in ast.walk(ast.parse((ROOT / path).read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in names:
                if len(node.args) > pos and isinstance(node.args[pos], ast.Constant):
                    found.add(node.args[pos].value)
        return found

    save_codes = codes_raised("phom/validate.py", ("BadSave", "OldSave"), 1) | codes_raised(
        "ui/core/store.py", ("BadSave", "OldSave"), 1)
    assert save_codes and save_codes <= set(phom.validate.REASONS)
    link_codes = codes_raised("ui/core/params.py", ("BadParam",), 0)
    assert link_codes == set(params.REASONS)
    sample = {"lo": 2, "hi": 4, "options": ("a", "b"), "card": "ZZ", "n": 3, "distinct": 2}
    for lang in ("vi", "en"):
        assert set(banners.SAVE_REASONS[lang]) == set(phom.validate.REASONS), lang
        assert {k for k in banners.LINK_REASONS[lang] if isinstance(k, str)} == set(params.REASONS)
        assert set(banners.LINK_REASONS[lang]) == set(banners.LINK_REASONS["vi"])
        assert set(banners.PARAM_LABELS[lang]) == set(params.KNOWN)
        for code in params.REASONS:
            for name in params.KNOWN:
                said = banners.link_reason(lang, params.Problem(name, code, sample, "v", ""))
                assert "{" not in said and said.endswith(f"({name}=v)")
    assert banners.SAVE_REASONS["vi"]["scores"] != banners.SAVE_REASONS["en"]["scores"]


@pytest.mark.parametrize("lang,query,words,not_shown", [
    ("vi", {"players": "5"}, "Số người chơi phải từ 2 đến 4 (players=5)", "must be"),
    ("en", {"players": "5"}, "Players must be 2 to 4 (players=5)", "Số"),
    ("vi", {"seed": "9" * 17}, "Mã chia bài quá lớn", "9007199254740991"),
    ("vi", {"seed": "-3"}, "Mã chia bài phải là một số nguyên", "whole"),
    ("vi", {"bot": "god"}, "Mức máy phải là một trong: random", "must be one of"),
    ("en", {"deck": "AS 2S ZZ"}, "The deck has a card that cannot be read: ZZ", "not a card"),
    ("vi", {"deck": "AS 2S"}, "Bộ bài phải có đủ 52 lá khác nhau (ở đây có 2 lá", "a deck is"),
])
def test_a_bad_link_is_explained_in_the_pages_language(lang, query, words, not_shown):
    app = started(lang=lang, params_={"lang": lang, **query})
    assert words in app.notice_text() and not_shown not in app.notice_text()
    assert app.notice_text().startswith(t(lang, "link_bad"))
    link = params.parse(query, app.settings)
    (problem,) = link.problems
    assert problem.code in params.REASONS and problem.message  # the developers' English kept
    with pytest.raises(params.BadParam) as e:
        params._digits("5", 2, 4)
    assert (e.value.code, e.value.data) == ("out_of_range", {"lo": 2, "hi": 4})


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_refused_save_is_explained_by_its_code_in_the_pages_language(lang):
    raw = json.loads(_page_save())
    m = json.loads(raw["match"])
    m["totals"][0] += 5
    m["totals"][1] -= 5
    raw["match"] = json.dumps(m)
    with pytest.raises(phom.BadSave) as e:
        phom.Match.from_json(raw["match"])
    assert e.value.code == "scores" and "saved totals" in str(e.value)
    app = started(store.MemoryStorage({store.SAVE_KEY: json.dumps(raw)}), lang=lang)
    assert app.notice_text() == t(lang, "notice_corrupt") + " " + t(lang, "save_reason", why=banners.SAVE_REASONS[lang]["scores"])
    assert "saved totals" in app.aside_error  # the engine's English, for the console
    old = started(store.MemoryStorage({store.SAVE_KEY: json.dumps({**raw, "format": 0})}), lang=lang)
    assert old.notice_text().startswith(t(lang, "notice_old_save"))
    assert banners.SAVE_REASONS[lang]["old_version"] in old.notice_text()


# ---------------------------------------------------------------- storage read through SafeStorage
def test_storage_the_browser_blocks_is_opened_as_storage_that_refuses():
    def blocked():
        raise OSError("SecurityError: the operation is insecure")

    st_ = store.open_storage(blocked)
    assert isinstance(st_, store.SafeStorage) and st_.getItem(store.SAVE_KEY) is None
    assert st_.setItem("k", "v") is False and st_.removeItem("k") is False
    app = App(st_)
    app.start({"seed": "3"})
    step(app)
    assert app.game is not None and app.notice_text() == t(app.lang, "notice_not_saving")


def test_unreadable_settings_and_a_guests_seat_are_set_aside_with_why():
    st_ = store.MemoryStorage({store.SETTINGS_KEY: '{"lang": "en",', "phom.guest.v1": "[1, 2]"})
    assert store.load_settings(st_) == store.DEFAULT_SETTINGS
    aside = json.loads(st_.getItem(store.SETTINGS_KEY + ".corrupt"))
    assert aside["value"] == '{"lang": "en",' and aside["code"] == "unreadable" and aside["message"]
    assert store.read_object(st_, "phom.guest.v1", "guest's seat", ("seat", "token")) is None
    aside = json.loads(st_.getItem("phom.guest.v1.corrupt"))
    assert aside["value"] == "[1, 2]" and st_.getItem("phom.guest.v1") is None
    st_.setItem("phom.guest.v1", '{"seat": 1, "token": "t"}')
    assert store.read_object(st_, "phom.guest.v1", "guest's seat", ("seat", "token")) == {"seat": 1, "token": "t"}


def test_a_tab_that_wakes_after_another_took_over_never_overwrites_the_newer_save():
    """Tab A froze while playing; tab B took the match over (ui/page/tabs.py's
    steal) and claimed it. When A wakes and its bot moves, its save is refused
    and it stops, whatever it was doing."""
    shared = store.MemoryStorage()
    a = started(shared)
    a.storage.claim("tab-a")
    step(a)
    taken = []
    a.on_taken = lambda: taken.append(True)
    b = App(shared)
    b.storage.claim("tab-b")
    b.start()
    assert b.game.to_json() == a.game.to_json()
    step(b)
    newer = shared.getItem(store.SAVE_KEY)
    step(a)                     # A wakes up and plays on
    assert taken == [True] and a.readonly
    assert shared.getItem(store.SAVE_KEY) == newer
    assert a.storage.setItem(store.SETTINGS_KEY, "{}") is False  # no other write either
    assert shared.getItem(store.SETTINGS_KEY) != "{}"
    step(b)
    assert shared.getItem(store.SAVE_KEY) != newer  # B saves as usual


def test_a_claim_that_storage_refuses_never_makes_a_tab_think_it_was_taken_over():
    st_ = FlakyStorage({store.HOLDER_KEY: "an-old-tab"})
    st_.full = True
    app = App(st_)
    app.storage.claim("this-tab")
    app.start({"seed": "8"})
    st_.full = False
    step(app)
    assert not app.readonly and app.saving
    assert json.loads(st_.getItem(store.SAVE_KEY))["seed"] == 8


# ---------------------------------------------------------------- no injection
class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.bad = []

    def handle_starttag(self, tag, attrs):
        if tag in ("img", "script", "iframe") or any(k.startswith("on") for k, _ in attrs):
            self.bad.append((tag, attrs))


def _no_markup_from_outside(html: str) -> None:
    p = _Tags()
    p.feed(html)
    assert not p.bad, p.bad[:3]


def test_hostile_text_from_a_link_a_save_or_the_settings_is_escaped():
    raw = json.loads(_page_save())
    m = json.loads(raw["match"])
    m["rules"]["name"] = HOSTILE
    raw["match"] = json.dumps(m)
    st_ = store.MemoryStorage({store.SAVE_KEY: json.dumps(raw),
                               store.SETTINGS_KEY: json.dumps({k: HOSTILE for k in store.DEFAULT_SETTINGS})})
    app = App(st_)
    app.start({k: HOSTILE for k in params.KNOWN})
    assert "&lt;img" in render.page_html(app)  # the notices name the bad values, escaped
    _no_markup_from_outside(render.page_html(app))
    for state in ("busy", "lost", "waiting", "silent"):
        _no_markup_from_outside(tab_html(app.lang, state))


# ---------------------------------------------------------------- properties
def _mutated_settings(ch) -> str:
    text = json.dumps({**store.DEFAULT_SETTINGS, "lang": "en", "players": 3})
    return mutate.mutate(ch, text)[0]


@FAST
@given(st.data())
def test_any_settings_text_loads_clean_settings(data):
    ch = mutate.HypothesisChooser(data)
    text = _mutated_settings(ch) if ch.index(3) else data.draw(st.text(max_size=50))
    got = store.load_settings(store.MemoryStorage({store.SETTINGS_KEY: text}))
    assert got == store.clean_settings(got) and set(got) == set(store.DEFAULT_SETTINGS)
    COUNTS["settings " + ("default" if got == store.DEFAULT_SETTINGS else "kept")] += 1


def _mutated_page_save(ch) -> str:
    raw = json.loads(_page_save(mutate.pick(ch, mutate.PRESETS)))
    if ch.index(2):  # the match inside the page save
        raw["match"] = mutate.mutate(ch, raw["match"])[0]
        return json.dumps(raw)
    return mutate.mutate(ch, json.dumps(raw))[0]


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_any_page_save_resumes_or_is_set_aside(data):
    text = _mutated_page_save(mutate.HypothesisChooser(data))
    st_ = store.MemoryStorage({store.SAVE_KEY: text})
    app = App(st_)
    app.start()
    assert app.game is not None
    if app.notice_text():
        assert store.set_aside_saves(st_)[0] == text
        COUNTS["page save set aside"] += 1
    else:
        COUNTS["page save resumed"] += 1
    mutate.check_match_plays_on(app.match, random.Random(1))


PARAM_VALUES = ("", "0", "1", "2", "3", "4", "5", "-1", "1e3", "yes", "off", "basic", "village",
                "hard", "instant", "en", "vi", "AS", " ".join(map(str, phom.DECK)), HOSTILE,
                "９", "²", "x" * 500, "\u0000")


VALID = {"new": ("1", "0", ""), "preset": mutate.PRESETS, "players": ("2", "3", "4"),
         "seed": ("0", "42", str(2**53 - 1)), "deck": (" ".join(map(str, phom.DECK)),),
         "starter": ("0", "1"), "bot": ("random", "easy"), "speed": ("fast", "instant"),
         "lang": ("vi", "en"), "four_color": ("1", "off"), "utm_source": ("news",)}


def _value(key):
    good = st.sampled_from(VALID[key])
    bad = st.one_of(st.sampled_from(PARAM_VALUES), st.text(max_size=12),
                    st.lists(st.sampled_from(PARAM_VALUES + VALID[key]), max_size=3))
    return st.one_of(good, good, good, bad)


LINKS = st.lists(st.sampled_from(tuple(VALID)), unique=True, max_size=4).flatmap(
    lambda keys: st.fixed_dictionaries({k: _value(k) for k in keys}))


@FAST
@given(LINKS)
def test_any_link_is_refused_with_a_notice_or_followed(query):
    st_ = store.MemoryStorage()
    first = started(st_)
    saved = st_.getItem(store.SAVE_KEY)
    link = params.parse(query, first.settings)
    app = App(st_)
    app.start(query)
    assert app.game is not None
    if not link.ok:
        COUNTS["link refused"] += 1
        assert app.notice_text() and all(f"({p.param}=" in app.notice_text() for p in link.problems)
        assert all(p.param not in link.settings for p in link.problems)
        assert st_.getItem(store.SAVE_KEY) == saved and app.game.to_json() == first.game.to_json()
        if any(p.param not in params.OWN_KEYS for p in link.problems):
            assert not link.fresh and app.dialog is None
    if link.fresh:
        COUNTS["link asks first"] += 1
        assert app.dialog == "open_link" and st_.getItem(store.SAVE_KEY) == saved
        app.handle("link_start")
        assert app.dialog is None and app.game.actions == [] or app.game.is_over
    else:
        COUNTS["link settings only"] += 1
        assert app.game.to_json() == first.game.to_json()
    for key, value in link.settings.items():   # the good preferences apply, bad ones or not
        if key in params.OWN_KEYS:
            assert app.settings[key] == value


def test_counts_of_the_properties(capsys):
    """Printed for the record (pytest -s); each outcome is seen."""
    with capsys.disabled():
        print("\nui property counts:", dict(sorted(COUNTS.items())))
    if COUNTS:  # run together with the properties above
        assert COUNTS["link refused"] and COUNTS["link asks first"]


def test_a_notice_set_as_plain_text_is_shown_as_given():
    """Code that sets a plain text (not yet its words) shows it as given rather than fail."""
    from ui.core.notices import add, say

    app = started()
    app.notice = "Plain words."
    assert app.notice_text() == "Plain words." and "Plain words." in render.notice_html(app)
    app.notice = add(app.notice, say(t, "notice_not_saving"))
    app.handle("setting", ("lang", "en"))
    assert app.notice_text() == "Plain words. " + t("en", "notice_not_saving")


def test_the_page_first_script_asks_for_the_tab_guard_lock_by_its_name():
    # ui/boot/paint.js asks for ui/page/tabs.py's lock before Python runs (a painted
    # return visit): one name, or two tabs would both play the one save
    import re

    tabs = (ROOT / "ui" / "page" / "tabs.py").read_text(encoding="utf-8")
    paint = (ROOT / "ui" / "boot" / "paint.js").read_text(encoding="utf-8")
    lock = re.search(r'^LOCK = "([^"]+)"$', tabs, re.M).group(1)
    asked = re.findall(r'navigator\.locks\.request\("([^"]+)", \{ ifAvailable: true \}', paint)
    assert asked == [lock], (asked, lock)
