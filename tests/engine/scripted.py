"""Scripted play for scenario tests: name the moves that matter, the rest play themselves."""

from __future__ import annotations

import phom
from phom import Card, DeclareU, Discard, Draw, Eat, LayDown, Pass, Send
from phom.deal import make_deck


def C(text: str) -> Card:
    return Card.parse(text)


def deal(hands, stock="", preset="basic", players=4, starter=0, **kw):
    rules = phom.Rules.preset(preset) if isinstance(preset, str) else preset
    deck = make_deck(hands, stock, players, starter, rules.hand_size)
    return phom.Game.from_deck(deck, rules, players, starter, **kw)


def random_play(preset="village", players=4, seed=5, steps=25):
    """A game after ``steps`` random legal actions (fewer if the hand ends first);
    the same seed gives the same game."""
    import random

    g = phom.Game(phom.Rules.preset(preset), players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def default_action(g):
    """Draw; declare any ù; lay down the best arrangement; discard the card just drawn
    if that is legal, otherwise the highest legal discard."""
    legal = g.legal_actions()
    ph = g.phase
    if ph in ("deal", "u"):
        return legal[0]
    if ph == "take":
        return Draw()
    if ph == "lay_down":
        return legal[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    drawn = g.drawn if g.took == "draw" else None
    for a in discards:
        if a.card == drawn:
            return a
    arr = phom.best_arrangement(g.hand(g.to_move), g.eaten_mask_cards(g.to_move))
    dead = set(arr.deadwood) if arr else set()
    return max(discards, key=lambda a: (a.card in dead, a.card.points, a.card.index))


def run(g, script=None, until=None):
    """Play ``g`` with ``script`` overriding the default: {(seat, turn_no): [actions...]}.

    Each scripted action is a string: "eat", "draw", "discard 7H", "lay", "lay AS 2S 3S | 9C 9D 9H",
    "lay none", "send 4S 0", "u", "pass". Stops when ``until(g)`` is true or the hand ends.
    """
    script = {k: list(v) for k, v in (script or {}).items()}
    while not g.is_over:
        if until and until(g):
            return g
        key = (g.to_move, g.turn_no[g.to_move])
        queue = script.get(key)
        if queue:
            g.apply(parse_action(queue.pop(0), g))
        else:
            g.apply(default_action(g))
    leftover = {k: v for k, v in script.items() if v}
    assert not leftover, f"scripted actions never played: {leftover}"
    return g


def parse_action(text: str, g=None):
    word, _, rest = text.partition(" ")
    if word == "eat":
        return Eat()
    if word == "draw":
        return Draw()
    if word == "pass":
        return Pass()
    if word == "u":
        return DeclareU(rest or (g.u_offer if g else "normal"))
    if word == "discard":
        return Discard(C(rest))
    if word == "send":
        c, mid = rest.split()
        return Send(C(c), int(mid))
    if word == "lay":
        if rest in ("", "best"):
            return g.legal_actions()[0]
        if rest == "none":
            return LayDown(())
        return LayDown(tuple(tuple(phom.parse_cards(m)) for m in rest.split("|")))
    raise ValueError(text)


def paid(g, kind=None):
    """[(kind, payer, payee, amount)] of the ledger so far (optionally one kind)."""
    return [(p.kind, p.payer, p.payee, p.amount) for p in g.ledger if kind is None or p.kind == kind]
