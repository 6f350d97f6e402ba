"""Deal codes: round trip, short, strict; the daily deal from the date alone."""

from __future__ import annotations

import datetime as dt
import random

import pytest

import phom
from phom.cards import DECK
from phom.share import CODE_LENGTH, Deal, DealError, daily, decode, parse_date


def some_deal(seed=1, **kw):
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    args = dict(preset="traditional", players=3, bot="hard", starter=2, deck=tuple(deck),
                seed=123456789)
    args.update(kw)
    return Deal(**args)


@pytest.mark.parametrize("kw", [
    {}, {"preset": "village", "hand_size": 8, "players": 2, "starter": 1, "bot": "expert"},
    {"preset": "basic", "players": 4, "starter": 3, "bot": "random", "seed": 0},
    {"preset": "online", "seed": 2**31 - 1, "deck": tuple(DECK)},
    {"preset": "bonus", "deck": tuple(reversed(DECK)), "starter": 0},
])
def test_round_trip(kw):
    d = some_deal(**kw)
    code = d.encode()
    assert len(code) == CODE_LENGTH
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode(code) == d


def test_many_random_decks_round_trip():
    rng = random.Random(5)
    for _ in range(200):
        deck = list(DECK)
        rng.shuffle(deck)
        d = some_deal(deck=tuple(deck), seed=rng.randrange(2**31))
        assert decode(d.encode()) == d


def test_the_deal_deals_the_same_hand():
    d = some_deal()
    m = decode(d.encode()).new_match()
    g = m.new_hand(deck=list(d.deck))
    g0 = phom.Game.from_deck(list(d.deck), phom.Rules.preset("traditional"), 3, 2)
    assert [g.view(s).hand for s in range(3)] == [g0.view(s).hand for s in range(3)]
    assert m.seed == d.seed
    again = Deal.of_game(g, "hard", d.seed)
    assert again == d


@pytest.mark.parametrize("text, why", [
    ("", "empty"),
    (None, "text"),
    ("abc", "48 characters"),
    ("A" * 47 + "!", "characters"),
    ("A" * 60, "48 characters"),
])
def test_malformed_codes_are_refused(text, why):
    with pytest.raises(DealError, match=why):
        decode(text)


def test_a_mistyped_code_is_refused():
    code = some_deal().encode()
    for i in (0, 10, 30, 47):
        c = "B" if code[i] != "B" else "C"
        with pytest.raises(ValueError, match="damaged|version|exist|range|seat|played"):
            decode(code[:i] + c + code[i + 1:])


def test_bad_deals_are_refused():
    with pytest.raises(DealError, match="52 cards"):
        some_deal(deck=tuple(DECK[:51]) + (DECK[0],))
    with pytest.raises(DealError, match="players"):
        some_deal(preset="online", players=5)
    with pytest.raises(DealError, match="seat"):
        some_deal(players=2, starter=3)
    with pytest.raises(DealError, match="deals"):
        some_deal(preset="basic", hand_size=8)
    with pytest.raises(DealError, match="bot"):
        some_deal(bot="genius")


def test_daily_deal_is_the_dates_own():
    a = daily(dt.date(2026, 12, 1))
    assert a == daily(dt.date(2026, 12, 1))
    assert a.deck != daily(dt.date(2026, 12, 2)).deck
    assert a.encode() != daily(dt.date(2026, 12, 2)).encode()
    assert decode(a.encode()) == a
    assert parse_date(" 2026-12-01 ") == dt.date(2026, 12, 1)
    with pytest.raises(ValueError, match="date"):
        parse_date("1/12/2026")


# ---------------------------------------------------------------- reason codes
def _code(version=1, preset=0, players=2, eight=0, bot=3, starter=0, seed=7, perm=0):
    """A code with a correct check built from raw fields (any values, even impossible ones)."""
    import base64

    from phom import share

    v = version
    for width, x in ((3, preset), (2, players - 2), (1, eight), (3, bot), (2, starter), (31, seed),
                     (share._DECK_BITS, perm)):
        v = v << width | x
    v = v << 16 | share._check(v)
    return base64.urlsafe_b64encode(v.to_bytes(share._BYTES, "big")).decode().rstrip("=")


@pytest.mark.parametrize("text, code", [
    (None, "not_text"), ("", "empty"), ("   ", "empty"), ("A" * 47 + "!", "characters"),
    ("<img src=x>", "characters"), ("abc", "length"), ("A" * 60, "length"),
    ("A" * 48, "damaged"), (_code(version=2), "version"), (_code(version=0), "version"),
    (_code(preset=7), "impossible"), (_code(bot=7), "impossible"),
    (_code(preset=1, players=5), "impossible"), (_code(players=2, starter=3), "impossible"),
    (_code(perm=(1 << 226) - 1), "impossible"), (_code(preset=0, eight=1), "impossible"),
])
def test_each_refused_code_says_why_by_a_reason_code(text, code):
    with pytest.raises(DealError) as e:
        decode(text)
    assert e.value.code == code and str(e.value)   # the English message kept for the console
    assert decode(_code()) .players == 2              # the crafting itself makes good codes


def test_every_raise_site_names_a_known_reason_code():
    """Walk phom/share.py: each ``raise DealError(...)`` gives a literal code of
    REASONS first, and every code is raised somewhere (none left unused)."""
    import ast
    import inspect

    from phom import share

    tree = ast.parse(inspect.getsource(share))
    raised = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                and getattr(node.exc.func, "id", None) == "DealError":
            first = node.exc.args[0] if node.exc.args else None
            assert isinstance(first, ast.Constant) and first.value in share.REASONS, \
                f"line {node.lineno}: raise DealError without a known code"
            assert len(node.exc.args) == 2, f"line {node.lineno}: a code and a message"
            raised.append(first.value)
    assert len(raised) >= 15 and set(raised) == set(share.REASONS)
    with pytest.raises(ValueError, match="unknown deal refusal code"):
        DealError("oops", "a code nobody words")


def test_bad_deals_dates_and_presets_have_their_codes():
    for kw in ({"deck": tuple(DECK[:51]) + (DECK[0],)}, {"preset": "online", "players": 5},
               {"players": 2, "starter": 3}, {"bot": "genius"}, {"preset": "x"}):
        with pytest.raises(DealError) as e:
            some_deal(**kw)
        assert e.value.code == "impossible"
    for text in ("2026-13-40", "1/12/2026", "", "tomorrow", None):
        with pytest.raises(DealError) as e:
            parse_date(text)
        assert e.value.code == "not_date"
    with pytest.raises(DealError) as e:
        daily("2026-12-01")
    assert e.value.code == "not_date"
    g = phom.Game.from_deck(DECK, phom.Rules.preset("basic").with_(chot_pay=9), 2)
    with pytest.raises(DealError) as e:
        Deal.of_game(g, "hard", 1)
    assert e.value.code == "not_preset"
