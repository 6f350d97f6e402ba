"""The page's pure-Python parts on CPython: i18n, card drawing, save/load, the
App's turn flow (whole hands for every preset, through the same intents the
keys and taps send) and the HTML it renders."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import phom  # noqa: E402
from phom.deal import make_deck  # noqa: E402
from ui.core import i18n, store  # noqa: E402
from ui.core.cards_svg import card_back, card_face, sprite  # noqa: E402
from ui.table import render  # noqa: E402
from ui.table.app import App, sorted_lay_downs  # noqa: E402

PRESETS = ("basic", "traditional", "online", "bonus", "village")


# ---------------------------------------------------------------- i18n
def test_every_string_in_both_languages():
    vi, en = i18n.STRINGS["vi"], i18n.STRINGS["en"]
    assert set(vi) == set(en)
    for k in vi:
        fields_vi = set(re.findall(r"{(\w+)[.}]", vi[k]))   # {who} and {who.obj} name the same field
        fields_en = set(re.findall(r"{(\w+)[.}]", en[k]))
        assert fields_vi == fields_en, k


def test_player_words_are_vietnamese_first():
    assert i18n.t("vi", "btn_draw") == "Bốc"
    assert i18n.t("vi", "btn_eat") == "Ăn"
    assert i18n.t("vi", "btn_discard") == "Đánh"
    assert i18n.t("vi", "btn_lay") == "Hạ"
    assert i18n.t("vi", "btn_next") == "Ván mới"
    assert i18n.t("en", "btn_next") == "New hand"
    assert i18n.rank_word("vi", 4, 4) == "Bét"


# ---------------------------------------------------------------- cards
def test_cards_use_paths_not_suit_glyphs():
    for c in phom.DECK:
        svg = card_face(c.rank, c.suit) + card_face(c.rank, c.suit, compact=True)
        assert not any(g in svg for g in "♠♣♦♥♤♧♢♡")
        assert f"#suit-{c.suit}" in svg
    s = sprite()
    for suit in "SCDH":
        assert f'id="suit-{suit}"' in s
    assert "<path" in s and "<text" not in card_back()


# ---------------------------------------------------------------- store
def test_settings_round_trip_and_bad_values():
    st = store.MemoryStorage()
    assert store.load_settings(st) == store.DEFAULT_SETTINGS
    store.save_settings(st, {**store.DEFAULT_SETTINGS, "lang": "en", "players": 2, "preset": "online"})
    assert store.load_settings(st)["lang"] == "en"
    st.setItem(store.SETTINGS_KEY, '{"players": 9, "lang": "fr", "preset": "x", "bot": "hard"}')
    got = store.load_settings(st)
    assert got["players"] == 4 and got["lang"] == "vi" and got["preset"] == "basic" and got["bot"] == "hard"
    st.setItem(store.SETTINGS_KEY, "{nope")
    assert store.load_settings(st) == store.DEFAULT_SETTINGS


@pytest.mark.parametrize("bad", ["{nope", "[]", '{"format": 0}', json.dumps({"format": 1, "match": "{}"}),
                                 json.dumps({"format": 1, "match": "not json", "hand_no": 1, "seed": 1})])
def test_corrupt_save_is_set_aside_once(bad):
    st = store.MemoryStorage({store.SAVE_KEY: bad})
    app = App(st)
    app.start()
    assert app.notice_text()
    assert st.getItem(store.CORRUPT_KEY) == bad
    assert app.game is not None and app.hand_no == 1
    again = App(st)
    again.start()
    assert again.notice_text() is None
    assert again.hand_no == 1


# ---------------------------------------------------------------- the App
def _human_move(app: App) -> None:
    """Act for the human through the page's intents only."""
    legal = app.legal()
    names = {type(a).__name__ for a in legal}
    if "DeclareU" in names:
        assert app.handle("u")
    elif "Draw" in names:
        assert app.handle("eat" if "Eat" in names else "draw")
    elif "LayDown" in names:
        if len(app.lay_options()) > 1:
            assert app.handle("arr_next")
        assert app.handle("lay")
        if app.dialog == "confirm_mom":  # the other way was the empty one: móm, asked first
            assert app.lay_is_skip()
            assert app.handle("confirm")
    elif "Send" in names:
        assert app.handle("send")
    else:
        card = next(a.card for a in legal if type(a).__name__ == "Discard")
        assert app.handle("card", str(card))  # raise it
        assert app.selected == card
        assert app.handle("card", str(card))  # and discard it


def play_hand(app: App, check_render: bool = True) -> None:
    for _ in range(400):
        g = app.game
        if g.is_over:
            return
        if check_render:
            html = render.page_html(app)
            _check_html(html)
        auto = app.auto_action()
        if g.to_move == 0 and auto is None:
            assert app.phase_attr() == "your-turn"
            _human_move(app)
            continue
        assert app.phase_attr() == "waiting"
        if auto is not None:
            app.apply(auto)
            continue
        gen = app.bot_steps()
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                action = stop.value
                break
        app.apply(action)
    raise AssertionError("hand did not end")


class _Checker(HTMLParser):
    VOID = {"br", "img", "input", "meta", "link", "use", "path", "rect", "hr"}

    def __init__(self):
        super().__init__()
        self.stack = []
        self.cards = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-card" in a:
            # a card a tap acts on is a button; one that only shows is a named picture
            assert (tag == "button") == ("data-act" in a), a
            assert tag == "button" or (tag == "span" and a.get("role") == "img"), a
            assert a.get("aria-label"), a
            self.cards.append(a)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def _check_html(html: str) -> None:
    p = _Checker()
    p.feed(html)
    assert not p.stack, p.stack


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_whole_hands_through_the_intents(preset, players):
    st = store.MemoryStorage()
    app = App(st, {**store.DEFAULT_SETTINGS, "preset": preset, "players": players, "bot": "random"})
    app.start({"seed": "7"})
    for hand in range(2):
        play_hand(app, check_render=hand == 0)
        assert app.game.is_over
        html = render.page_html(app)
        assert 'class="panel over"' in html
        assert app.phase_attr() == "hand-over"
        totals = list(app.match.totals)
        assert app.handle("next")
        assert app.hand_no == hand + 2
    # The save holds the match: a new App resumes the same hand at the same point.
    again = App(st)
    again.start()
    assert again.hand_no == app.hand_no
    assert again.view().hand == app.view().hand
    assert again.match.totals == app.match.totals
    del totals


def test_resume_mid_hand_same_point():
    st = store.MemoryStorage()
    app = App(st, {**store.DEFAULT_SETTINGS, "preset": "traditional", "players": 3})
    app.start({"seed": "3"})
    for _ in range(7):
        if app.my_turn() and app.auto_action() is None:
            _human_move(app)
        else:
            gen = app.bot_steps()
            try:
                while True:
                    next(gen)
            except StopIteration as s:
                app.apply(s.value)
    again = App(st)
    again.start()
    assert again.game.to_json() == app.game.to_json()


def test_lay_down_proposal_is_least_deadwood_and_can_change():
    deck = make_deck({0: "5S 6S 7S 7C 7D 8S QH QD QC KS"}, players=2, starter=0)
    rules = phom.Rules.preset("bonus")
    g = phom.Game.from_deck(deck, rules=rules, players=2, starter=0)
    # Not the lay-down turn yet; the sorting helper works on any list of LayDowns.
    lays = [phom.LayDown(((phom.Card.parse("5S"), phom.Card.parse("6S"), phom.Card.parse("7S")),)),
            phom.LayDown(((phom.Card.parse("5S"), phom.Card.parse("6S"), phom.Card.parse("7S"),
                           phom.Card.parse("8S")),))]
    best = sorted_lay_downs(g.view(0), lays)
    # the engine's ranking counts the sends: 8S goes onto 5S 6S 7S, so both leave the same
    keys = phom.proposals.lay_down_keys(g.view(0), best)
    assert sorted(best, key=str) == sorted(lays, key=str) and keys[0] >= keys[1] and keys[0] == keys[1]


def test_eat_is_offered_only_when_legal_and_marked():
    deck = make_deck({0: "AS AC 3S 3C 5S 5C 9S 10S KD", 1: "AD AH 3D 3H 5D 5H 8S JS 2S 4S"},
                     players=2, starter=1)
    st = store.MemoryStorage()
    app = App(st, {**store.DEFAULT_SETTINGS, "players": 2})
    app.start({"deck": " ".join(map(str, deck)), "starter": "1", "players": "2"})
    assert app.game.to_move == 1
    gen = app.bot_steps()
    try:
        while True:
            next(gen)
    except StopIteration as s:
        app.apply(s.value)
    html = render.page_html(app)
    assert 'data-act="eat"' in html and "eatable" in html
    assert app.handle("eat")
    eaten = app.view().eaten[0]
    assert len(eaten) == 1
    html = render.page_html(app)
    assert re.search(rf'class="card hand-card[^"]*eaten[^"]*"[^>]*data-card="{eaten[0]}"', html)


def test_card_names_follow_the_language():
    st = store.MemoryStorage()
    app = App(st)
    app.start({"seed": "1"})
    html = render.page_html(app)
    c = app.view().hand[0]
    assert f'aria-label="{c.name("vi")}"' in html
    assert app.handle("setting", ("lang", "en"))
    html = render.page_html(app)
    assert f'aria-label="{c.name("en")}"' in html
    assert store.load_settings(st)["lang"] == "en"


def test_face_down_cards_say_nothing_of_identity():
    st = store.MemoryStorage()
    app = App(st)
    app.start({"seed": "1"})
    html = render.page_html(app)
    hidden = set()
    for s in range(1, app.game.players):
        hidden |= {str(c) for c in app.game.view(s).hand}
    for m in re.finditer(r'data-card="([^"]+)"', html):
        assert m.group(1) not in hidden


def test_every_bot_level_plays_its_own_bot():
    st = store.MemoryStorage()
    kinds = set()
    for level in i18n.BOT_LEVELS:
        app = App(st, {**store.DEFAULT_SETTINGS, "bot": level})
        app.start({"seed": "2"})
        bot = app.bot_for(1)
        assert type(bot) is type(phom.bots.make(level, seed=0)), (level, type(bot).__name__)
        kinds.add(type(bot))
    assert len(kinds) == len(i18n.BOT_LEVELS)


def test_settings_stage_a_new_match():
    st = store.MemoryStorage()
    app = App(st)
    app.start({"seed": "4"})
    seed = app.match_seed
    assert app.handle("setting", ("preset", "online"))
    assert app.settings["preset"] == "basic" and app.pending == {"preset": "online"}
    assert app.handle("setting", ("players", "2"))
    assert app.handle("new_match")
    # a hand is in progress: asked first; going back keeps the staged choices
    assert app.dialog == "confirm_new" and app.settings["preset"] == "basic"
    assert app.handle("close")
    assert app.dialog == "settings" and app.pending == {"preset": "online", "players": 2}
    assert app.handle("new_match") and app.handle("confirm")
    assert app.dialog is None
    assert app.settings["preset"] == "online" and app.game.players == 2
    assert app.match_seed != seed  # a new match is a new deal (a fresh random seed)
    assert app.game.rules.name == "online"


def test_rules_text_for_every_preset_and_language():
    from ui.table.rules_text import rules_html

    for p in PRESETS:
        for lang in i18n.LANGS:
            h = rules_html(lang, p)
            assert i18n.preset_name(lang, p) in h
            assert len(h) > 1500


def test_payment_sentences_agree_with_you_in_english():
    from phom.ledger import Payment

    names = ["You", "Lan", "Minh"]   # seat 0 is spoken to (the typed subject, phom/words.py)
    assert render.payment_text(Payment("ante", 0, -1, 1), "en", names, 0) == "You put 1 into the pot"
    assert render.payment_text(Payment("mom", 0, 1, 4, (("place", 3),)), "en", names, 0) == "You have no meld (móm), pay Lan 4"
    assert render.payment_text(Payment("mom", 2, 0, 4, (("place", 3),)), "en", names, 0) == "Minh has no meld (móm), pays you 4"
    assert render.payment_text(Payment("ante", 0, -1, 1), "vi", ["Bạn", "Lan", "Minh"], 0) == "Bạn góp gà 1"


def test_tai_turn_is_not_called_mom():
    st = store.MemoryStorage()
    app = App(st, {**store.DEFAULT_SETTINGS, "preset": "traditional", "players": 2})
    app.start({"seed": "1"})
    html = render.page_html(app)
    assert "Hạ (móm)" not in html or app.view().laid[0] is None


def test_village_deals_eight_card_hands_when_chosen():
    st = store.MemoryStorage()
    app = App(st, {**store.DEFAULT_SETTINGS, "preset": "village"})
    app.start({"seed": "3"})
    assert 'id="set-hand_size"' in render.settings_html(app)
    assert app.change_setting("hand_size", "8") and app.handle("new_match")
    assert app.handle("confirm")  # mid-hand: asked first (issue 10)
    assert app.game.rules.hand_size == 8 and len(app.game.view(1).hand) in (8, 9)
    assert sorted(app.game.view(0).hand_sizes)[:3] == [8, 8, 8]
    again = App(st)
    again.start()
    assert again.settings["hand_size"] == 8 and again.game.rules.hand_size == 8
    # a table that deals only nine cards offers no choice and ignores the setting
    app.change_setting("preset", "basic")
    app.handle("new_match")
    app.handle("confirm")
    assert app.game.rules.hand_size == 9 and 'id="set-hand_size"' not in render.settings_html(app)


def test_a_failing_bot_is_not_replaced():
    st = store.MemoryStorage()
    app = App(st, {**store.DEFAULT_SETTINGS})
    app.start({"seed": "2"})
    app.settings["bot"] = "no-such-bot"
    app._bots = {}
    with pytest.raises(ValueError):
        app.bot_for(1)


def test_every_place_has_a_word_in_both_languages():
    """Places are looked up by a built key (rank_1…): a lost key shows as "rank_1" on the panel."""
    from ui.core.i18n import STRINGS, rank_word

    for lang in ("vi", "en"):
        for players in (2, 3, 4):
            for place in range(1, players + 1):
                word = rank_word(lang, place, players)
                assert "rank_" not in word, (lang, players, place, word)
    assert rank_word("vi", 1, 4) == "Nhất" and rank_word("en", 2, 4) == "2nd"
    assert set(STRINGS["vi"]) == set(STRINGS["en"]), set(STRINGS["vi"]) ^ set(STRINGS["en"])


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_header_tool_says_its_word_on_hover(lang):
    """Where the header shows only icons (desktop, a mouse), each tool's word is its title."""
    app = App(store.MemoryStorage())
    app.start({"seed": "2", "lang": lang})
    html = render.page_html(app)
    nav = re.search(r'<nav class="tools">(.*?)</nav>', html, re.S)
    assert nav, "no header tools"
    tools = re.findall(r"<button[^>]*>", nav.group(1))
    assert len(tools) >= 4, tools
    for tag in tools:
        label = re.search(r'aria-label="([^"]*)"', tag)
        title = re.search(r'title="([^"]*)"', tag)
        assert label and title and title.group(1) == label.group(1), tag
