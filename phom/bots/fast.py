"""A fast playout policy for searching bots (expert), on masks.

``playout(world, seat_rng)`` plays a sampled world (``phom.worlds.sample``) to its end
through the Game's public calls only. Every seat
plays a cheap version of the heuristic: ù when it can, eat when it can, lay
down the least-deadwood arrangement (the solver's first), send what the engine
proposes (``proposals.best_send``, the highest card), and discard the
deadwood card that hurts least to lose (high points, no live cạ), counting the
cards that lie face-up. A seat in a playout uses only its own hand and the
public table of the determinized hand (never the other sampled hands), so the
playouts do not cheat inside the sample either.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import proposals
from ..actions import DISCARD_OF, DRAW, EAT, Action, DeclareU, Discard
from ..legality import why_not_eat
from ..melds import best_arrangement_mask, is_valid_mask
from ..state import Phase

if TYPE_CHECKING:
    from ..game import Game
from .handeval import CARD_PTS, OUTS, PARTNERS


def throw_score(i: int, dw: int, seen: int, a: float = 4.0, b: float = 0.5) -> float:
    """How readily deadwood card ``i`` is thrown (higher: sooner): its points,
    less ``a + b * points`` for every card not yet ``seen`` that would complete
    a cạ it makes with the other deadwood ``dw``. The rule ``hard`` plays, and
    what ``belief`` expects of the other players."""
    n = 0
    pm = PARTNERS[i] & dw
    while pm:
        lb = pm & -pm
        pm ^= lb
        j = lb.bit_length() - 1
        for o in OUTS[(i, j) if i < j else (j, i)]:
            if not (seen >> o & 1):
                n += 1
    p = CARD_PTS[i]
    return p - (a + b * p) * n if n else p


def discard_choice(hand: int, eaten: int, dead: int, noise: Callable[[], float] | None = None,
                   avoid: int = 0,
                   a: float = 4.0, b: float = 0.5) -> int:
    """Index of the card to discard: the deadwood card with the highest points,
    cards in a live cạ counting for much less."""
    r = best_arrangement_mask(hand, eaten)
    melded = 0
    if r is not None:
        for m in r[1]:
            melded |= m
    dw = hand & ~melded & ~eaten
    best = -1
    best_s = -1e9
    if dw:
        seen = dead | hand
        x = dw
        while x:
            low = x & -x
            x ^= low
            i = low.bit_length() - 1
            s = throw_score(i, dw, seen, a, b)
            if avoid >> i & 1:
                s -= 6.0
            if noise is not None:
                s += noise()
            if s > best_s:
                best_s = s
                best = i
        if eaten == 0 or is_valid_mask(hand & ~(1 << best), eaten):
            return best
    # every free card is in a meld (or the choice broke the eaten rule):
    # break the meld that costs least
    best = -1
    best_v = None
    x = hand & ~eaten
    while x:
        low = x & -x
        x ^= low
        h = hand ^ low
        if eaten and not is_valid_mask(h, eaten):
            continue
        rr = best_arrangement_mask(h, eaten)
        v = rr[0] if rr is not None else 999
        if best_v is None or v < best_v:
            best_v = v
            best = low.bit_length() - 1
    return best


def playout(g: Game, rng: random.Random | None = None, max_steps: int = 400,
            checked: bool = False) -> int:
    """Play the determinized hand ``g`` to its end with the fast policy;
    return the number of actions played.

    The policy picks from what the engine offers, and its moves go in through
    ``Game.apply_unchecked`` (the copy is the search's own): where the choice
    needs no list (a take: eat if the engine allows it; an ordinary discard,
    no lay-down this turn, so no send or gửi ù on offer) the engine is asked
    only that one question, not for every legal action. ``checked=True`` plays
    the same moves through ``Game.apply`` (the tests: every move legal)."""
    steps = 0
    noise = (lambda: rng.random() * 0.8) if rng is not None else None
    play = g.apply if checked else g.apply_unchecked
    while g.phase != Phase.OVER and steps < max_steps:
        steps += 1
        step(g, play, noise)
    return steps


def step(g: Game, play: Callable[[Action], None], noise: Callable[[], float] | None = None) -> None:
    """One move of the fast policy for the seat to move, played through ``play``."""
    ph = g.phase
    s = g.to_move
    if ph == Phase.TAKE:
        play(EAT if why_not_eat(g) is None else DRAW)
        return
    if ph == Phase.DISCARD and not g.laid_this_turn:
        # nothing to send and no gửi ù this turn: a discard of a free card
        hand = g.hand_mask(s)
        eaten = g.eaten_in_hand_mask(s)
        if g.has_laid(s):
            # after laying down: throw the highest card (the lowest index of that rank)
            free = hand & ~eaten
            bi = -1
            while free:
                low = free & -free
                free ^= low
                i = low.bit_length() - 1
                if bi < 0 or i % 13 > bi % 13:
                    bi = i
            play(DISCARD_OF[bi])
        else:
            play(DISCARD_OF[discard_choice(hand, eaten, g.face_up_mask(), noise)])
        return
    legal = g.legal_actions()
    if ph == Phase.DEAL or ph == Phase.U or ph == Phase.LAY_DOWN:
        play(legal[0])  # the ù on offer; the least deadwood (the engine sorts them)
        return
    # discard phase, after a lay-down this turn
    a0 = legal[0]
    if type(a0) is DeclareU:
        play(a0)
        return
    best_send = proposals.best_send(legal)  # the engine's proposed send
    if best_send is not None:
        play(best_send)
        return
    best: Discard | None = None
    if g.has_laid(s):
        # after laying down: throw the highest card
        for a in legal:
            if isinstance(a, Discard) and (best is None or a.card.index % 13 > best.card.index % 13):
                best = a
        assert best is not None
        play(best)
        return
    play(DISCARD_OF[discard_choice(g.hand_mask(s), g.eaten_in_hand_mask(s), g.face_up_mask(), noise)])
