"""The host-side session: seats, the guest protocol, refusals, rejoin, saving,
and the promise that no message to a guest carries a card hidden from it."""

from __future__ import annotations

import json
import random

import pytest

import phom
from phom import wire
from phom.reveal import public_cards, revealed_hands
from phom.session import PROTOCOL, Refused, Session, plan_seats

LINKED = [
    {"kind": "here", "name": "Lan"},
    {"kind": "bot", "bot": "random"},
    {"kind": "guest", "name": "Minh"},
    {"kind": "bot", "bot": "random"},
]


def joined(seats=LINKED, seed=5, **kw):
    s = Session(seats, seed=seed, **kw)
    welcome = s.join({"v": PROTOCOL, "type": "join", "seat": 2, "token": None}, seat=2)
    return s, welcome["token"]


def act(s, token, action, seat=2, seq=None):
    return {"v": PROTOCOL, "type": "act", "seat": seat, "token": token,
            "seq": s.seq if seq is None else seq, "action": phom.actions.action_to_json(action)}


def run_to(s, seat):
    """Let the host play every other seat (first legal move) until ``seat`` is to move."""
    while not s.game.is_over and s.game.to_move != seat:
        s.play(s.game.legal_actions()[0])


# ------------------------------------------------------------------ seats
def test_plan_seats_checks_people_names_and_bots():
    seats = plan_seats([{"kind": "here", "name": "  Lan  "}, {"kind": "bot", "bot": "hard"}])
    assert seats[0].name == "Lan" and seats[1].bot == "hard" and not seats[1].person
    for bad, words in [
        ([{"kind": "here", "name": "Lan"}], "2 to 4"),
        ([{"kind": "here", "name": ""}, {"kind": "bot"}], "needs a name"),
        ([{"kind": "here", "name": "Lan"}, {"kind": "here", "name": "lan"}], "same name"),
        ([{"kind": "here", "name": "Lan"}, {"kind": "bot", "bot": "godlike"}], "strength"),
        ([{"kind": "alien", "name": "Lan"}, {"kind": "bot"}], "kind"),
    ]:
        with pytest.raises(ValueError, match=words):
            plan_seats(bad)
    with pytest.raises(ValueError, match="at least 2"):
        plan_seats([{"kind": "here", "name": "Lan"}, {"kind": "bot"}], min_people=2)
    with pytest.raises(ValueError, match="played by"):
        Session([{"kind": "here", "name": "A"}, {"kind": "bot"}, {"kind": "bot"}],
                rules=phom.Rules.preset("basic").with_(players_allowed=(2, 4)))


# ------------------------------------------------------------------ the protocol
def test_a_guests_move_is_checked_then_played():
    s, token = joined()
    run_to(s, 2)
    msg = s.message_for(2)
    assert msg["legal"], "the guest to move is told what it may do"
    assert [a for a in wire.actions_from_json(msg["legal"])] == s.game.legal_actions()
    before = len(s.game.actions)
    a = wire.actions_from_json(msg["legal"])[0]
    assert s.receive(2, {**act(s, token, a), "seq": msg["seq"]}) == a
    assert len(s.game.actions) == before + 1 and s.seq == msg["seq"] + 1


@pytest.mark.parametrize("change, code", [
    (lambda m, s: {**m, "seq": m["seq"] - 1}, "stale"),
    (lambda m, s: {**m, "seat": 0}, "forged"),
    (lambda m, s: {**m, "token": "0" * 24}, "forged"),
    (lambda m, s: {**m, "v": 99}, "version"),
    (lambda m, s: {**m, "action": {"t": "discard", "card": "ZZ"}}, "malformed"),
    (lambda m, s: {**m, "action": "draw"}, "malformed"),
    (lambda m, s: "{not json", "malformed"),
    (lambda m, s: [1, 2], "malformed"),
    (lambda m, s: {**m, "type": "join"}, "malformed"),
])
def test_stale_forged_or_malformed_messages_change_nothing(change, code):
    s, token = joined()
    run_to(s, 2)
    good = act(s, token, s.game.legal_actions()[0])
    before, seq = s.game.to_json(), s.seq
    with pytest.raises(Refused) as e:
        s.receive(2, change(good, s))
    assert e.value.code == code and e.value.reason
    assert s.game.to_json() == before and s.seq == seq
    assert s.refusal(e.value)["type"] == "refused"
    assert s.receive(2, good) is not None     # the honest message still works


def test_an_illegal_action_is_refused_with_the_engines_reason():
    s, token = joined()
    run_to(s, 2)
    hand = s.game.view(2).hand
    not_mine = next(c for c in phom.DECK if c not in hand)
    before = s.game.to_json()
    with pytest.raises(Refused) as e:
        s.receive(2, act(s, token, phom.Discard(not_mine)))
    assert e.value.code == "illegal" and e.value.reason
    assert s.game.to_json() == before


def test_not_your_turn_and_another_seats_link():
    s, token = joined()
    run_to(s, 0)
    with pytest.raises(Refused) as e:
        s.receive(2, act(s, token, s.game.legal_actions()[0]))
    assert e.value.code == "not_your_turn"
    with pytest.raises(Refused) as e:      # a message for seat 2 arriving on seat 0's link
        s.receive(0, act(s, token, s.game.legal_actions()[0]))
    assert e.value.code == "forged"


def test_join_rejoin_and_a_bot_while_away():
    s, token = joined()
    with pytest.raises(Refused) as e:      # another phone cannot take the seat
        s.join({"v": PROTOCOL, "type": "join", "seat": 2, "token": None}, seat=2)
    assert e.value.code == "seat_taken"
    with pytest.raises(Refused) as e:
        s.join({"v": PROTOCOL, "type": "join", "seat": 1, "token": None})
    assert e.value.code == "no_seat"
    with pytest.raises(Refused) as e:      # the code was made for seat 2
        s.join({"v": PROTOCOL, "type": "join", "seat": 0, "token": None}, seat=2)
    assert e.value.code == "forged"
    s.drop(2)
    s.cover(2)
    run_to(s, 2)
    assert s.bot_to_move() and s.message_for(2)["legal"] == []
    with pytest.raises(Refused) as e:
        s.receive(2, act(s, token, s.game.legal_actions()[0]))
    assert e.value.code == "covered"
    s.step_bot()                           # the bot plays the absent guest's move
    back = s.join({"v": PROTOCOL, "type": "join", "seat": 2, "token": token}, seat=2)
    assert back["token"] == token and back["seat"] == 2 and 2 not in s.covered
    s.release(2)                           # the host may free the seat for another phone
    assert s.join({"v": PROTOCOL, "type": "join", "seat": 2, "token": None})["token"] != token


def test_the_hosts_save_holds_the_whole_match_and_outdates_old_messages():
    s, token = joined()
    run_to(s, 2)
    old = act(s, token, s.game.legal_actions()[0])
    t = Session.from_json(s.to_json())
    assert t.game.to_json() == s.game.to_json() and t.tokens == s.tokens
    assert [x.name for x in t.seats] == [x.name for x in s.seats]
    with pytest.raises(Refused) as e:      # sent before the host reloaded
        t.receive(2, old)
    assert e.value.code == "stale"
    assert t.receive(2, {**old, "seq": t.seq}) is not None
    for bad in ("", "[]", '{"format": "phom.session/9"}', s.to_json().replace('"guest"', '"alien"')):
        with pytest.raises(ValueError):
            Session.from_json(bad)


def test_a_guest_can_rebuild_its_view_from_the_message():
    s, _ = joined()
    for _ in range(7):
        s.play(s.game.legal_actions()[0])
    msg = json.loads(json.dumps(s.message_for(2)))
    assert wire.view_from_json(msg["view"]) == s.game.view(2)
    with pytest.raises(ValueError):
        wire.view_from_json({**msg["view"], "hand": ["AS", 7]})
    with pytest.raises(ValueError):
        wire.view_from_json({**msg["view"], "seat": 9})


# ------------------------------------------------------------------ secrecy
@pytest.mark.parametrize("preset", ["basic", "village", "online"])
def test_no_message_to_a_guest_carries_a_hidden_card(preset):
    """Over many random hands, at every step: each guest's message names only cards
    that guest may see (its hand and the public table; at the end what the end reveals)."""
    rules = phom.Rules.preset(preset)
    players = rules.players
    seats = [{"kind": "guest", "name": f"P{i}"} for i in range(players)]
    rng = random.Random(preset)
    checked = 0
    for _ in range(12 if preset == "basic" else 6):
        s = Session(seats, rules=rules, seed=rng.randrange(10**6))
        tokens = {i: s.join({"v": PROTOCOL, "type": "join", "seat": i, "token": None})["token"]
                  for i in range(players)}
        while True:
            for seat in range(players):
                msg = json.loads(json.dumps(s.message_for(seat)))
                seen = wire.cards_named(msg)
                allowed = public_cards(s.game, seat)
                assert seen <= allowed, f"seat {seat} was sent {seen - allowed}"
                checked += 1
            if s.game.is_over:
                break
            mover = s.game.to_move
            legal = wire.actions_from_json(s.message_for(mover)["legal"])
            s.receive(mover, act(s, tokens[mover], rng.choice(legal), seat=mover))
        shown = revealed_hands(s.game)
        if s.game.result.u is not None:     # after an ù only the winner's hand is opened
            assert sum(h is not None for h in shown) == 1
    assert checked > 500


def test_the_secrecy_check_would_catch_a_leak():
    """Self-check: another seat's hand in a message is seen by the same scan."""
    s, _ = joined()
    msg = s.message_for(2)
    msg["view"]["hand"] = [str(c) for c in s.game.view(0).hand]
    assert not wire.cards_named(msg) <= public_cards(s.game, 2)
