"""Words that agree (issue 48): every player-facing sentence said of "you" and of
a name, Vietnamese numbers with a decimal comma, melds said in order, the review
naming every draw, and the language taken from the browser on a first visit.

The sentences come from one machinery (phom/words.py: a ``Who`` as the subject,
a table with a name form and a "you" form); this file checks it against a small
table of expected sentences, then renders every sentence of every table with
"you" and with a name, and whole hands' pages in English, and reads them back.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import phom  # noqa: E402
from phom import hints, ledger, narrate  # noqa: E402
from phom.bots import make  # noqa: E402
from phom.cards import parse_cards  # noqa: E402
from phom.ledger import Payment  # noqa: E402
from phom.review import Decision, Review  # noqa: E402
from phom.words import Who, in_order, number, phrase  # noqa: E402
from ui.core import i18n, store  # noqa: E402
from ui.core.i18n import t  # noqa: E402
from ui.learn import Learn  # noqa: E402
from ui.learn.review_view import ReviewSession  # noqa: E402
from ui.table import movelog, render  # noqa: E402
from ui.table.app import HUMAN, App  # noqa: E402

C = phom.Card.parse
YOU, LAN, TUAN = Who("You", True), Who("Lan"), Who("Tuấn")
NAMES_EN = ["You", "Lan", "Minh", "Tuấn"]
NAMES_VI = ["Bạn", "Lan", "Minh", "Tuấn"]

# ---------------------------------------------------------------- the table of expected sentences
EXPECTED = [
    # (what, lang, said, expected)
    ("draw", "en", lambda: narrate.say(narrate.Move(0, "draw", C("7H")), "en", NAMES_EN, you=0),
     "You draw 7 of hearts"),
    ("draw", "en", lambda: narrate.say(narrate.Move(1, "draw"), "en", NAMES_EN, you=0), "Lan draws a card"),
    ("eat", "en", lambda: narrate.say(narrate.Move(0, "eat", C("7H")), "en", NAMES_EN, you=0),
     "You eat 7 of hearts"),
    ("móm", "en", lambda: narrate.say(narrate.Move(0, "mom"), "en", NAMES_EN, you=0), "You are móm (no meld)"),
    ("móm", "en", lambda: narrate.say(narrate.Move(2, "mom"), "en", NAMES_EN, you=0), "Minh is móm (no meld)"),
    ("send", "en", lambda: narrate.say(narrate.Move(3, "send", C("7H"), melds=(tuple(parse_cards("8H 9H 10H")),),
                                                    owner=0), "en", NAMES_EN, you=0),
     "Tuấn sends 7 of hearts onto your meld 8 of hearts, 9 of hearts, 10 of hearts"),
    ("send", "en", lambda: narrate.say(narrate.Move(0, "send", C("7H"), melds=(tuple(parse_cards("8H 9H 10H")),),
                                                    owner=1), "en", NAMES_EN, you=0),
     "You send 7 of hearts onto Lan's meld 8 of hearts, 9 of hearts, 10 of hearts"),
    ("send", "vi", lambda: narrate.say(narrate.Move(3, "send", C("7H"), melds=(tuple(parse_cards("8H 9H 10H")),),
                                                    owner=0), "vi", NAMES_VI, you=0),
     "Tuấn gửi 7 cơ vào phỏm 8 cơ, 9 cơ, 10 cơ của bạn"),
    ("ù", "en", lambda: narrate.say(narrate.Move(0, "u"), "en", NAMES_EN, you=0), "You go out: ù!"),
    ("pays", "en", lambda: Payment("rank", 3, 0, 2, (("place", 3),)).describe("en", NAMES_EN, 0),
     "Tuấn finished #3, pays you 2"),
    ("pays", "en", lambda: Payment("eat", 0, 1, 1, (("card", "7H"),)).describe("en", NAMES_EN, 0),
     "You pay Lan 1: Lan ate 7 of hearts"),
    ("pays", "en", lambda: Payment("eat", 1, 0, 4, (("card", "7H"),)).describe("en", NAMES_EN, 0),
     "Lan pays you 4: you ate 7 of hearts"),
    ("pays", "en", lambda: Payment("mom", 0, 2, 4).describe("en", NAMES_EN, 0),
     "You have no meld (móm), pay Minh 4"),
    ("pays", "en", lambda: Payment("den", 0, 2, 15, (("for", 1),)).describe("en", NAMES_EN, 0),
     "You pay Minh 15 on behalf of Lan (đền)"),
    ("pays", "en", lambda: Payment("ante", 0, ledger.POT, 1).describe("en", NAMES_EN, 0),
     "You put 1 into the pot"),
    ("pays", "en", lambda: Payment("pot", ledger.POT, 0, 4).describe("en", NAMES_EN, 0), "You take the pot: 4"),
    ("pays", "vi", lambda: Payment("rank", 3, 0, 2, (("place", 3),)).describe("vi", NAMES_VI, 0),
     "Tuấn về thứ 3, trả bạn 2"),
    ("pays", "vi", lambda: Payment("eat", 0, 1, 1, (("card", "7H"),)).describe("vi", NAMES_VI, 0),
     "Bạn trả Lan 1: bị ăn 7 cơ"),
    ("first", "en", lambda: phrase(narrate._OUT, "first", "en", YOU), "You finish first"),
    ("first", "en", lambda: phrase(narrate._OUT, "first", "en", LAN), "Lan finishes first"),
    ("first", "vi", lambda: phrase(narrate._OUT, "first", "vi", Who("Bạn", True)), "Bạn về nhất"),
    ("u", "en", lambda: phrase(narrate._OUT, "u", "en", YOU, kind="ù tròn"), "You go out — ù tròn!"),
    ("den", "en", lambda: phrase(narrate._OUT, "den", "en", YOU), "You pay for the others (đền)"),
    ("place", "vi", lambda: phrase(narrate._OUT, "place", "vi", LAN, place="Nhì", what=narrate.deadwood(12)),
     "Nhì: Lan, 12 điểm rác"),
    ("meld", "en", lambda: t("en", "meld_of", who=YOU), "Your meld"),
    ("meld", "en", lambda: t("en", "meld_of", who=TUAN), "Tuấn's meld"),
    ("meld", "vi", lambda: t("vi", "meld_of", who=Who("Bạn", True)), "phỏm của bạn"),
    ("sent by", "en", lambda: t("en", "sent_by", who=YOU), "sent by you"),
    ("sent by", "en", lambda: t("en", "sent_by", who=LAN), "sent by Lan"),
    ("sent by", "vi", lambda: t("vi", "sent_by", who=Who("Bạn", True)), "Bạn gửi"),
]


@pytest.mark.parametrize(("what", "lang", "said", "want"), EXPECTED,
                         ids=[f"{w}-{lang}-{i}" for i, (w, lang, _s, _e) in enumerate(EXPECTED)])
def test_the_expected_sentences(what, lang, said, want):
    assert said() == want


# ---------------------------------------------------------------- every sentence of every table
THIRD_PERSON = {"draws", "eats", "discards", "lays", "is", "has", "sends", "goes", "plays", "finishes",
                "pays", "puts", "takes", "declares", "passes", "was", "does"}


def bad_english(text: str) -> list[str]:
    """What is wrong with ``text`` said to "you": a third-person verb after "You",
    "You" as an object ("pays You") or a name's "You's"."""
    out = []
    for m in re.finditer(r"\bYou(?:'s)?\b\s*(\w*)", text):
        if m[0].startswith("You's"):
            out.append(m[0])
            continue
        before = text[:m.start()].rstrip()
        if before and before[-1] not in ".!?:·—(\"“" and not before.endswith("—"):
            out.append(f"…{before[-12:]} You")          # "You" not opening a sentence or a label
        if m[1] in THIRD_PERSON:
            out.append(m[0])
    return out


def _every_form(table, langs=("vi", "en")):
    """Every sentence of a table said of "you" and of a name, with sample words."""
    sample = {"card": "7 of hearts", "n": 2, "melds": "8H 9H 10H", "meld": "8H 9H 10H", "owner": TUAN,
              "payee": TUAN, "behalf": LAN, "place": 2, "u": "ù", "extra": "", "k": 3, "kind": "ù tròn",
              "what": "3 points", "name": "Lan"}
    for lang in langs:
        for key in table[lang]:
            if not isinstance(table[lang][key], (str, tuple)):
                continue
            for who in (Who("You" if lang == "en" else "Bạn", True), LAN):
                for other in (TUAN, Who("x", True)):
                    kw = {**sample, "owner": other, "payee": other}
                    yield lang, key, who, phrase(table, key, lang, who, **kw)


@pytest.mark.parametrize("table", [narrate._SAY, narrate._EVENT, narrate._OUT, ledger._PAY],
                         ids=["say", "event", "outcome", "payments"])
def test_every_engine_sentence_agrees_with_you_and_with_a_name(table):
    seen = 0
    for lang, key, who, text in _every_form(table):
        seen += 1
        if lang == "en":
            assert not bad_english(text), (key, who, text)
        else:   # "Bạn" opens a sentence or a label; after a word it is the object "bạn"
            assert not re.search(r"\w\s+Bạn\b", text) and "You" not in text, (key, text)
            assert not re.search(r"\b(pays|you|your)\b", text), (key, text)
    assert seen > 20


def test_the_page_strings_about_a_seat_agree():
    for lang in i18n.LANGS:
        for key, text in i18n.STRINGS[lang].items():
            if "{who" not in text:
                continue
            for who in (Who(i18n.t(lang, "you"), True), LAN):
                said = i18n.t(lang, key.split("@")[0], who=who, card="7H", n=2, kind="ù")
                assert "{" not in said and not bad_english(said), (key, said)


# ---------------------------------------------------------------- whole hands, read back
def _bots_to_end(app: App, level: str = "easy") -> None:
    g = app.game
    while not g.is_over:
        s = g.to_move
        bot = make(level if s == HUMAN else "normal", seed=s)
        app.apply(bot.choose(g.view(s), g.legal_actions()))


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _pieces(html: str) -> list[str]:
    """Each run of text between tags (a log entry, a label, a payment)."""
    return [p for p in (" ".join(x.split()) for x in re.split(r"<[^>]+>", html)) if p]


@pytest.mark.parametrize(("preset", "seed"), [("village", 6), ("traditional", 9), ("basic", 15), ("bonus", 4)])
def test_a_whole_hand_in_english_says_you_right(preset, seed):
    app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, "lang": "en", "preset": preset})
    app.new_match(seed=seed)
    _bots_to_end(app)
    said = [movelog.speak(app, m) for m in movelog.moves(app)] + movelog.spoken(app, movelog.moves(app)[-1:])
    log = _pieces(movelog.log_body_html(app))
    over = _pieces(render.page_html(app))
    assert "Payments" in over
    for text in said + log + over:
        assert not bad_english(text), text
    assert any(s.startswith("You ") for s in said)
    assert not [x for x in log + over if "Bạn" in x]
    # the same hand in Vietnamese: "Bạn" opens a sentence, "bạn" is an object
    app.settings["lang"] = "vi"
    vi = _text(movelog.log_body_html(app)) + " " + _text(render.page_html(app))
    assert not re.search(r"\b(?:trả|của|thay) Bạn\b", vi), vi


# ---------------------------------------------------------------- melds in order
def test_a_meld_is_said_in_order_whatever_order_its_cards_came_in():
    arrival = tuple(parse_cards("8H 9H 10H JH 7H"))
    send = narrate.Move(1, "send", C("6H"), melds=(arrival,), owner=2)
    assert narrate.say(send, "vi", NAMES_VI) == "Lan gửi 6 cơ vào phỏm 7 cơ, 8 cơ, 9 cơ, 10 cơ, J cơ của Minh"
    lay = narrate.Move(2, "lay", melds=(tuple(parse_cards("7H 7S 7D")),))
    assert narrate.say(lay, "en", NAMES_EN) == "Minh lays down 7 of spades, 7 of diamonds, 7 of hearts"
    assert [str(c) for c in in_order(arrival)] == ["7H", "8H", "9H", "10H", "JH"]


# ---------------------------------------------------------------- numbers
def test_vietnamese_numbers_have_a_decimal_comma():
    assert number(0.6, "vi") == "0,6" and number(0.6, "en") == "0.6"
    assert number(3, "vi", 2, sign=True) == "+3,00" and number(-0.25, "en", 2, sign=True) == "-0.25"
    assert number(-0.01, "vi", 1) == "0,0" and number(-0.01, "vi", 1, sign=True) == "+0,0"
    assert f"{number(0.3, 'vi')} ± {number(0.1, 'vi')}" == "0,3 ± 0,1"
    reason = (("search", {"n": 40, "card": C("9S"), "other": C("7D"), "gain": 0.6}),)
    assert hints.text(reason, "vi") == "Chơi thử 40 ván: 9♠ hơn 7♦ 0,6 điểm"
    assert hints.text(reason, "en") == "Played out 40 deals: 9♠ beats 7♦ by 0.6 units"


def _decimal_point(text: str) -> list[str]:
    return re.findall(r"\d\.\d", text)


def test_no_vietnamese_number_on_the_page_shows_a_decimal_point():
    """The statistics, the review's marks, the hint: every fraction a Vietnamese
    player reads has a decimal comma; the English keeps its point."""
    from phom.deal import make_deck

    for lang in ("vi", "en"):
        app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, "lang": lang})
        app.new_match(seed=3, deck=make_deck({0: "3S 4S 5S 7H 7D 7C KH QD 9C 2D"}))
        learn = Learn(app)
        learn.today = "2026-12-01"
        for _ in range(3):                 # three hands: the per-hand mean is a fraction
            g = app.game
            while not g.is_over:
                s = g.to_move
                app.apply(make("easy" if s == HUMAN else "normal", seed=s).choose(g.view(s), g.legal_actions()))
                learn.observe()
            if app.match.totals[HUMAN] % 3:
                break
            app.handle("next")
        app.open("learn-stats")
        stats = _text(learn.dialog_html())
        rs = ReviewSession(app.game, HUMAN, app.names(), 1, "k", 1, app.make_bot, you=HUMAN)
        first = rs.moves.index(next(m for m in rs.moves if m.seat == HUMAN))
        played = app.game.actions[first]
        rs.review = Review(HUMAN, (Decision(first, 1, "discard", played, played, False, 0.34, 0.12, 300, True),),
                           1200, 1.0)
        review = _text(rs.html(lang))
        if lang == "vi":
            assert not _decimal_point(stats) and not _decimal_point(review), (stats, review)
            assert "0,3 ± 0,1" in review and re.search(r"[+-]\d+,\d\d", stats), stats
        else:
            assert "0.3 ± 0.1" in review and re.search(r"[+-]\d+\.\d\d", stats), stats


# ---------------------------------------------------------------- the review names every draw
def test_the_review_names_every_draw():
    app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, "lang": "vi"})
    app.new_match(seed=7)
    _bots_to_end(app)
    rs = ReviewSession(app.game, HUMAN, app.names(), 1, "k", 1, app.make_bot, you=HUMAN)
    rs.step = len(app.game.actions)
    text = _text(rs.html("vi"))
    assert "bốc một lá" not in text
    assert re.search(r"Lan bốc (?:\d+|[AJQK]) (?:bích|tép|rô|cơ)", text), text
    # the table's own log names only the player's draws
    assert "Lan bốc một lá" in _text(movelog.log_body_html(app))


# ---------------------------------------------------------------- the language
@pytest.fixture
def browser():
    """The browser's languages as the page tells them (ui/page/main.py), restored after."""
    saved = list(store.BROWSER_LANGS)
    yield store.BROWSER_LANGS
    store.BROWSER_LANGS[:] = saved


def test_the_browsers_language_is_the_first_the_page_speaks():
    assert store.browser_lang(["en-US", "vi"]) == "en"
    assert store.browser_lang(["vi-VN", "en-US"]) == "vi"
    assert store.browser_lang(["fr-FR", "en-GB"]) == "en"
    assert store.browser_lang(["fr", "de"]) == "vi" and store.browser_lang([]) == "vi"


def test_a_first_visit_from_an_english_browser_is_in_english(browser):
    browser[:] = ["en-US", "en"]
    app = App(store.MemoryStorage())
    app.start()
    assert app.lang == "en" and app.names()[0] == "You"
    app.handle("settings")
    html = render.page_html(app)
    assert 'value="You"' in html and 'value="Bạn"' not in html
    assert '<html' not in html and "Settings" in _text(html)


def test_a_saved_choice_wins_over_the_browser(browser):
    st = store.MemoryStorage()
    browser[:] = ["vi-VN"]
    app = App(st)
    app.start()
    assert app.lang == "vi"
    assert app.handle("setting", ("lang", "en")) and app.lang == "en"
    again = App(st)                       # the same phone, its browser still Vietnamese
    assert again.lang == "en"
    browser[:] = ["en-US"]
    st2 = store.MemoryStorage()
    store.save_settings(st2, {**store.DEFAULT_SETTINGS, "lang": "vi"})
    assert App(st2).lang == "vi"          # chosen before: Vietnamese, whatever the browser says


def test_the_name_made_in_vietnamese_is_shown_in_english():
    st = store.MemoryStorage()
    app = App(st, {**store.DEFAULT_SETTINGS, "lang": "vi"})
    app.start()
    assert app.handle("setting", ("lang", "en"))
    app.handle("settings")
    html = render.page_html(app)
    assert 'id="set-seat_name.0"' in html and 'value="You"' in html and 'value="Bạn"' not in html


def test_the_welcome_offers_the_language(browser):
    browser[:] = []
    st = store.MemoryStorage()
    app = App(st)
    app.start()
    learn = Learn(app)
    learn.welcome = True
    html = render.page_html(app)
    welcome = html.split('class="notice learn-welcome"', 1)[1].split("</div>", 1)[0]
    assert 'data-act="lang" data-arg="en"' in welcome and 'lang="en" aria-label="English"' in welcome
    assert app.handle("lang", "en") and app.lang == "en"
    html = render.page_html(app)
    welcome = html.split('class="notice learn-welcome"', 1)[1].split("</div>", 1)[0]
    assert 'data-arg="vi"' in welcome and "Tiếng Việt" in welcome and "New to Phỏm?" in welcome
    assert App(st).lang == "en"           # saved: the choice outlives the visit
    assert not app.handle("lang", "fr") and app.lang == "en"


def test_pass_and_play_names_every_seat_and_the_own_name_agrees():
    """Pass-and-play: the phone goes round, so every seat goes by its name; the seat
    that kept the page's own name for the player ("You") is spoken to by it."""
    import random

    app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, "lang": "en"})
    app.start({"seed": "5", "speed": "instant"})
    app.handle("settings")
    assert app.handle("setting", ("seat_kind.2", "here")) and app.handle("setting", ("seat_name.2", "Hà"))
    app.handle("new_match")
    app.handle("confirm")
    assert app.pass_and_play and app.names()[0] == "You" and app.you_seat == 0
    rng = random.Random(3)
    while not app.game.is_over:
        g = app.game
        if app.cover_for is not None:
            app.handle("uncover")
        elif app.is_person(g.to_move):
            app.apply(app.auto_action() or rng.choice(app.legal()))
        else:
            app.apply(app.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions()))
    said = [movelog.speak(app, m) for m in movelog.moves(app)]
    pieces = _pieces(movelog.log_body_html(app)) + _pieces(render.page_html(app))
    for text in said + pieces:
        assert not bad_english(text), text
    assert any(s.startswith("You ") for s in said) and any(s.startswith("Hà ") for s in said)
    # renamed, the first seat is a name like any other
    assert app.handle("settings") and app.handle("setting", ("seat_name.0", "Minh"))
    app.handle("new_match")
    app.handle("confirm")
    assert app.names()[0] == "Minh" and app.you_seat is None


def test_no_decimal_point_in_any_vietnamese_text_of_the_table():
    """The table after a hand, its end-of-hand panel, the score sheet, every rule set's
    page: whatever a Vietnamese player reads, no number with a decimal point."""
    from ui.table.rules_text import rules_html

    for preset in store.PRESET_NAMES:
        text = _text(rules_html("vi", preset))
        assert not _decimal_point(text), (preset, _decimal_point(text))
    assert "× 1,5" in _text(rules_html("vi", "bonus")) and "× 1.5" in _text(rules_html("en", "bonus"))
    app = App(store.MemoryStorage(), {**store.DEFAULT_SETTINGS, "lang": "vi", "preset": "bonus"})
    app.new_match(seed=4)
    _bots_to_end(app)
    for panel in (None, "scores", "log", "settings"):
        app.open(panel)
        text = _text(render.page_html(app))
        assert not _decimal_point(text), (panel, _decimal_point(text))
