"""Cards round-trip through text; presets reproduce docs/RULES.md §12; the log speaks Vietnamese."""

import pytest
from selfplay import play_out

import phom
from phom import Card, Rules, parse_cards
from phom.narrate import hand_log


def test_every_card_round_trips():
    for c in phom.DECK:
        assert Card.parse(str(c)) == c
        assert Card.parse(c.symbol()) == c
        assert Card.of(c.rank, c.suit) == c
    assert Card.parse("TH") == Card.parse("10H") and Card.parse("10h").points == 10
    c = Card.parse("QC")
    assert (c.rank, c.suit, c.points) == (12, "C", 12)
    assert Card.parse("7H").name() == "7 cơ" and Card.parse("7H").name("en") == "7 of hearts"
    assert Card.parse("AS").name() == "Át bích" and Card.parse("KD").name("en") == "king of diamonds"


@pytest.mark.parametrize("bad", ["1X", "", "11H", "1H", "AX", "Z", "10", None, "0S"])
def test_bad_cards(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_parse_cards_names_the_bad_token():
    assert parse_cards("AS 2S, 3S") == [Card.parse("AS"), Card.parse("2S"), Card.parse("3S")]
    with pytest.raises(ValueError, match="'QX'"):
        parse_cards("AS QX 3S")


def test_presets_match_the_rule_book():
    P = phom.PRESETS
    assert set(P) == {"basic", "traditional", "online", "bonus", "village"}
    assert Rules() == P["basic"] == Rules.preset("basic")
    b = P["basic"]
    assert (b.turn_model, b.eat_pay, b.den, b.u_tron, b.auto_lay_down) == ("four_turns", "flat", False, 1, True)
    t = P["traditional"]
    assert (t.turn_model, t.eat_pay, t.gui_u, t.den) == ("table", "by_count", True, True)
    o = P["online"]
    assert (o.u_khan, o.u_tron, o.u_kings, o.players_allowed) == (1, 2, (1, 2), (2, 3, 4))
    bo = P["bonus"]
    assert (bo.turn_model, bo.eat_pay, bo.u_tron, bo.u_heaven, bo.u_long_run, bo.u_khan) == (
        "four_turns", "by_round", 1.5, 2, 3, 1)
    v = P["village"]
    assert (v.eat_pay, v.pot, v.all_mom_ranked, v.u_optional, v.u_same_color, v.streak,
            v.streak_round, v.hand_sizes) == ("chot_escalating", True, True, True, 1, 2, 3, (8, 9))
    with pytest.raises(ValueError, match="unknown preset"):
        Rules.preset("casino")


def test_rules_validate_and_round_trip():
    for r in phom.PRESETS.values():
        assert Rules.from_dict(r.to_dict()) == r
    with pytest.raises(ValueError, match="turn_model"):
        Rules(turn_model="spiral")
    with pytest.raises(ValueError, match="eat_pay"):
        Rules().with_(eat_pay="free")
    with pytest.raises(ValueError, match="hand_size"):
        Rules(hand_size=10)
    assert Rules().payout(7.5) == 8 and Rules().payout(5) == 5


def test_game_argument_errors():
    with pytest.raises(ValueError, match="players"):
        phom.Game(players=5)
    with pytest.raises(ValueError, match="starter"):
        phom.Game(starter=4)
    with pytest.raises(ValueError, match="52"):
        phom.Game.from_deck(list(phom.DECK)[:51])
    with pytest.raises(ValueError, match="repeats"):
        phom.Game.from_deck([phom.DECK[0]] * 52)


def test_hand_log_in_vietnamese():
    g = phom.Game(seed=2)
    bot = phom.bots.make("random", 1)
    play_out(g, bot)
    text = "\n".join(hand_log(g))
    assert "(cái)" in text and "đánh" in text and "bốc" in text and "Kết quả" in text
    assert "Ghế 1" in text
    en = "\n".join(hand_log(g, "en"))
    assert "discards" in en and "Result" in en


def test_api_names_exist():
    for name in ["Card", "parse_cards", "is_meld", "best_arrangement", "Rules", "PRESETS", "Game",
                 "Match", "Draw", "Eat", "Discard", "LayDown", "Send", "DeclareU", "Pass",
                 "IllegalAction", "PlayerView", "bots"]:
        assert hasattr(phom, name), name
    assert issubclass(phom.IllegalAction, ValueError)
    assert phom.LayDown(((Card.parse("AS"), Card.parse("2S"), Card.parse("3S")),)) == \
        phom.LayDown(((Card.parse("3S"), Card.parse("AS"), Card.parse("2S")),))
    assert hash(phom.Discard(Card.parse("AS"))) == hash(phom.Discard(Card.parse("AS")))
