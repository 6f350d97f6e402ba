"""narrate.moves: the move log as one seat may know it, from the engine's record."""

from __future__ import annotations

import phom
from phom import narrate


def _play(seed: int, preset: str = "basic", players: int = 4):
    g = phom.Game(phom.Rules.preset(preset), players=players, seed=seed)
    bots = [phom.bots.make("normal", seed=s) for s in range(players)]
    seen = []
    while not g.is_over:
        s = g.to_move
        before = set(g.hand(s))
        g.apply(bots[s].choose(g.view(s), g.legal_actions()))
        seen.append((s, set(g.hand(s)) - before))
    return g, seen


def test_one_move_per_event_and_own_draws_named():
    for seed in (1, 2, 3):
        g, seen = _play(seed, "traditional")
        for seat in range(g.players):
            ms = narrate.moves(g, seat)
            assert [(m.seat, m.kind.replace("mom", "lay").replace("lay_none", "lay")) for m in ms] == \
                   [(s, k) for s, k, _ in g.events]
            draws = [m for m in ms if m.kind == "draw"]
            picked = [new for (s, new), (_, k, _) in zip(seen, g.events, strict=True) if k == "draw"]
            for m, new in zip(draws, picked, strict=True):
                if m.seat == seat:
                    assert {m.card} == new        # the card that came into the hand
                else:
                    assert m.card is None         # another seat's draw stays hidden


def test_lay_and_send_name_the_melds():
    laid = sends = 0
    for seed in range(1, 12):
        g, _ = _play(seed)
        view = g.view(0)
        on_table = {mid: set(cards) for mid, _o, cards in view.table_melds}
        for m in narrate.moves(g, 0):
            if m.kind == "lay":
                laid += 1
                for meld in m.melds:
                    assert len(meld) >= 3 and any(set(meld) <= cs for cs in on_table.values())
            if m.kind == "send":
                sends += 1
                target = next(mid for mid, cs in on_table.items() if m.card in cs)
                assert set(m.melds[0]) < on_table[target] and m.card not in m.melds[0]
                assert m.owner == next(o for mid, o, _c in view.table_melds if mid == target)
    assert laid and sends


def test_say_in_both_languages():
    c = phom.Card.parse("7H")
    names = ["Bạn", "Lan"]
    assert narrate.say(narrate.Move(0, "draw", c), "vi", names, you=0) == "Bạn bốc 7 cơ"
    assert narrate.say(narrate.Move(1, "draw"), "vi", names, you=0) == "Lan bốc một lá"
    assert narrate.say(narrate.Move(0, "draw", c), "en", ["You", "Lan"], you=0) == "You draw 7 of hearts"
    assert narrate.say(narrate.Move(1, "discard", c), "en", ["You", "Lan"], you=0) == "Lan discards 7 of hearts"
    run = tuple(phom.parse_cards("8H 9H 10H"))
    send = narrate.Move(1, "send", c, melds=(run,), owner=0)
    assert narrate.say(send, "vi", names, you=0) == "Lan gửi 7 cơ vào phỏm 8 cơ, 9 cơ, 10 cơ của bạn"
    assert narrate.say(send, "en", ["You", "Lan"], you=0, card=str) == "Lan sends 7H onto your meld 8H, 9H, 10H"
    assert narrate.say(narrate.Move(1, "mom"), "vi", names) == "Lan móm (không có phỏm)"


def test_outcome_says_who_won_points_mom_and_money_from_the_result():
    seen_mom = seen_u = seen_pot = False
    for seed, preset in ((6, "village"), (15, "basic"), (23, "village"), (9, "traditional")):
        g, _ = _play(seed, preset)
        r = g.result
        names = ["Bạn", "Lan", "Minh", "Tuấn"]
        vi = narrate.outcome(r, "vi", names)
        en = narrate.outcome(r, "en", ["You", "Lan", "Minh", "Tuấn"], you=0)
        assert len(vi) == len(en)
        money = vi[-1]
        assert money.startswith("Tiền: ")
        for s, d in enumerate(r.deltas):
            assert f"{names[s]} {d:+d}" in money
        if r.pot_change:
            seen_pot = True
            assert f"gà {r.pot_change:+d}" in money and "the pot" in en[-1]
        if r.u is not None:
            seen_u = True
            assert vi[0].startswith(names[r.u_seat] + " ù") and len(vi) == 2 + (r.den_seat is not None)
            continue
        assert vi[0] == f"{names[r.winner]} về nhất"
        places = vi[1:1 + len(r.ranks)]
        for line, s in zip(places, r.ranks, strict=True):
            assert f": {names[s]}, " in line
            if r.mom[s]:
                seen_mom = True
                assert line.endswith("móm")
            else:
                assert line.endswith(f"{r.points[s]} điểm rác")   # deadwood, never the money's bare "điểm"
        assert places[0].startswith("Nhất") and places[-1].startswith("Bét")
        assert en[0].startswith(("You finish first", "Lan finishes", "Minh finishes", "Tuấn finishes"))
    assert seen_mom and seen_u and seen_pot


def test_a_mom_seats_tai_is_still_mom_not_laying_nothing_more():
    from phom.narrate import Move, say

    assert say(Move(1, "still_mom"), "vi", ["Bạn", "Lan"]) == "Lan vẫn móm (không có phỏm để hạ)"
    assert say(Move(0, "still_mom"), "en", ["You", "Lan"], you=0) == "You are still móm (no meld to lay)"
    seen = set()
    for seed in range(1, 30):
        g, _ = _play(seed, "traditional")
        ms = narrate.moves(g, 0)
        for i, m in enumerate(ms):
            if m.kind in ("still_mom", "lay_none"):
                seen.add(m.kind)
                melded = any(x.seat == m.seat and x.kind == "lay" for x in ms[:i])
                assert (m.kind == "lay_none") == melded, (seed, i, m)
    assert "lay_none" in seen   # (a móm seat's tái: tests/ui/test_table_words.py, seed 15)
