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
