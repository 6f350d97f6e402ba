"""What may be played now, and why not (docs/RULES.md §5–§8).

One function per action kind says why that action is illegal now, or returns
None when it is legal; ``legal_actions`` is the list of candidates that have no
reason against them, so the list and the refusal can never disagree. A
``LayDown`` is legal when it is one of the arrangements the meld solver lists
(``lay_down_options``); its reason names the first rule a refused one breaks.

These functions read the hand (a ``Game``) and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    DISCARD_OF,
    DRAW,
    EAT,
    Action,
    DeclareU,
    Discard,
    Draw,
    Eat,
    LayDown,
    Pass,
    Send,
)
from .cards import Card, cards_to_mask, mask_to_cards
from .melds import (
    EVERY_SUIT,
    MELD_MASKS,
    MELDS_BY_CARD,
    all_arrangements_mask,
    full_cover_mask,
    is_meld_mask,
    is_valid_mask,
)
from .rules import UKind
from .state import Phase

if TYPE_CHECKING:
    from .game import Game

# For each card, the other two cards of every three-card meld holding it: a card
# completes some meld with cards of a hand exactly when it completes a three-card
# one (any longer run or set holding it contains a three-card meld holding it).
_PAIRS_WITH = [tuple(m & ~(1 << i) for m in MELDS_BY_CARD[i] if m.bit_count() == 3) for i in range(52)]
_SUIT = [0x1FFF << (13 * s) for s in range(4)]
_U_KINDS = frozenset(k.value for k in UKind)


def same_suit(mask: int) -> bool:
    return any(mask & ~s == 0 for s in _SUIT)


def _fit_mask(meld: int) -> int:
    low = (meld & -meld).bit_length() - 1
    high = meld.bit_length() - 1
    if same_suit(meld):  # a run takes a card at either end
        return (1 << low - 1 if low % 13 else 0) | (1 << high + 1 if high % 13 != 12 else 0)
    # a set: only a set of three takes the fourth card
    return EVERY_SUIT << low % 13 & ~meld if meld.bit_count() == 3 else 0


_FIT = {m: _fit_mask(m) for m in MELD_MASKS}


def fit_mask(meld: int) -> int:
    """The cards that can be sent (gửi) onto the table meld ``meld`` (docs/RULES.md §7):
    the card at either end of a run, the fourth card of a set of three."""
    f = _FIT.get(meld)
    return _fit_mask(meld) if f is None else f


def fits(c: Card, meld: int) -> bool:
    """Can card ``c`` be sent (gửi) onto the table meld ``meld`` (docs/RULES.md §7)?"""
    return bool(fit_mask(meld) >> c.index & 1)


# ------------------------------------------------------------------ the ù on offer
def may_pass(g: Game) -> bool:
    """Optional ù (``u_optional``); never on the lay-down or tái turn, where the hand
    would be left with nothing to discard."""
    if not g.rules.u_optional:
        return False
    return g.phase == Phase.DEAL or not g.is_lay_down_turn()


def gui_u_ready(g: Game, s: int) -> bool:
    """Gửi ù: a meld laid this turn, a card sent, and only the discard left."""
    return (g.rules.gui_u and g.laid_this_turn and g.sent_this_turn > 0
            and bool(g.laid[s]) and g.hands[s].bit_count() == 1)


def _holds_u(g: Game) -> str:
    return f"seat {g.to_move} holds an ù ({g.u_offer}) and must declare it first"


def why_not_u(g: Game, kind: str) -> str | None:
    """DeclareU(kind): the ù on offer after the deal or a take, or gửi ù."""
    ph = g.phase
    if ph in (Phase.DEAL, Phase.U):
        if kind not in _U_KINDS:
            return f"unknown ù kind {kind!r}"
        if kind != g.u_offer:
            return f"the ù you hold is {str(g.u_offer)!r}, not {str(kind)!r}"
        return None
    if ph == Phase.DISCARD and kind == UKind.SEND:
        if gui_u_ready(g, g.to_move):
            return None
        return "gửi ù needs at least one meld laid and one card sent, leaving only the discard"
    return f"your hand is not an ù ({kind})"


def why_not_pass(g: Game) -> str | None:
    """Pass: decline an optional ù."""
    if g.phase in (Phase.DEAL, Phase.U):
        return None if may_pass(g) else "ù is not optional at this table: you must declare it"
    return "there is no ù to pass on"


# ------------------------------------------------------------------ the take
def _not_take(g: Game, name: str) -> str:
    if g.phase in (Phase.DEAL, Phase.U):
        return _holds_u(g)
    if g.phase == Phase.TAKE:
        return f"take a card first: draw (bốc) or eat (ăn), not {name}"
    if g.phase == Phase.LAY_DOWN:
        return "this is your lay-down turn: lay down (hạ) your melds first"
    return ""


def _taken(g: Game) -> str:
    s = g.to_move
    if g.took is None and s == g.starter and g.turn_no[s] == 1:
        return "the starter's first turn has no take: discard"
    return "you have already taken a card this turn"


def why_not_draw(g: Game) -> str | None:
    """Draw: the top of the stock, in the take phase."""
    if g.phase == Phase.TAKE:
        return None
    if g.phase in (Phase.DEAL, Phase.U):
        return _holds_u(g)
    return _taken(g)


def eat_problem(g: Game, s: int) -> str | None:
    """Why ``s`` may not eat the latest discard (whatever the phase), or None."""
    c = g.last_discard
    if c is None or g.last_discarder != g.prev(s):
        return "there is no discard from the previous player to eat"
    h, e = g.hands[s], g.eaten_mask[s]
    free = h & ~e
    if not any(p & free == p for p in _PAIRS_WITH[c.index]):
        return (f"{c} makes no meld with two cards of your hand "
                "(you may eat only to complete a meld with cards you hold)")
    h2, e2 = h | c.bit, e | c.bit
    if not is_valid_mask(h2, e2):
        return (f"eating {c} would break the eaten-card rule "
                "(each eaten card must sit in its own meld)")
    # The hand must stay valid after the turn's discard (or be an ù).
    rest = h2 & ~e2
    while rest:
        low = rest & -rest
        rest ^= low
        if is_valid_mask(h2 ^ low, e2):
            return None
    if full_cover_mask(h2, e2) is not None:
        return None
    return f"after eating {c} no discard would keep every eaten card in a meld"


def why_not_eat(g: Game) -> str | None:
    """Eat: the previous player's latest discard, into a meld (docs/RULES.md §5)."""
    if g.phase == Phase.TAKE:
        p = eat_problem(g, g.to_move)
        return None if p is None else "cannot eat: " + p
    if g.phase in (Phase.DEAL, Phase.U):
        return _holds_u(g)
    return _taken(g)


# ------------------------------------------------------------------ lay-down
def lay_down_options(g: Game, s: int) -> list[tuple[int, ...]]:
    """Every arrangement ``s`` may lay down (meld masks), least deadwood first; keep
    a card for the discard when that can be done."""
    return (all_arrangements_mask(g.hands[s], g.eaten_mask[s], 1)
            or all_arrangements_mask(g.hands[s], g.eaten_mask[s], 0))


def _lay_down_problem(g: Game, s: int, action: LayDown) -> str:
    h, e = g.hands[s], g.eaten_mask[s]
    used = 0
    for meld in action.melds:
        m = cards_to_mask(meld)
        if len(meld) != m.bit_count() or not is_meld_mask(m):
            return f"{' '.join(map(str, meld))} is not a meld (phỏm)"
        if m & ~h:
            return f"{' '.join(str(c) for c in mask_to_cards(m & ~h))} not in your hand"
        if m & used:
            return "a card can be in only one meld"
        if (m & e).bit_count() > 1:
            return "a meld may hold only one eaten card"
        used |= m
    if e & ~used:
        return "every eaten card must be laid down in a meld"
    return "you must keep a card for your last discard"


def why_not_lay_down(g: Game, action: LayDown) -> str | None:
    """LayDown: on the lay-down (or tái) turn, one of the arrangements the solver lists."""
    if g.phase == Phase.LAY_DOWN:
        if action in g.legal_actions():
            return None
        return _lay_down_problem(g, g.to_move, action)
    if g.phase == Phase.DISCARD:
        return "you can lay down only on your lay-down turn"
    return _not_take(g, "LayDown")


# ------------------------------------------------------------------ the discard phase
def why_not_send(g: Game, c: Card, meld_id: int) -> str | None:
    """Send: right after laying a meld, a card that extends a meld on the table."""
    if g.phase != Phase.DISCARD:
        return _not_take(g, "Send")
    s = g.to_move
    h = g.hands[s]
    if not g.laid_this_turn:
        return "you can send (gửi) only right after laying down, on your lay-down turn"
    if not g.laid[s]:
        return "a móm player (no meld laid) cannot send"
    if not h >> c.index & 1:
        return f"{c} is not in your hand"
    if meld_id not in g.melds:
        return f"there is no meld #{meld_id} on the table"
    if h.bit_count() < 2:
        return "keep one card for your last discard"
    if g.eaten_mask[s] >> c.index & 1 or not fits(c, g.melds[meld_id][1]):
        return (f"{c} does not fit meld #{meld_id} (a run takes a card at either end, "
                "a set of three takes the fourth)")
    return None


def why_not_discard(g: Game, c: Card) -> str | None:
    """Discard: a card of the hand, not eaten, leaving every eaten card in a meld."""
    if g.phase != Phase.DISCARD:
        return _not_take(g, "Discard")
    s = g.to_move
    h, e = g.hands[s], g.eaten_mask[s]
    if not h >> c.index & 1:
        return f"{c} is not in your hand"
    if e >> c.index & 1:
        return f"{c} was eaten: an eaten card cannot be discarded"
    if not g.rules.u_optional and gui_u_ready(g, s):
        return "your hand is a gửi ù: declare it"
    if e and not is_valid_mask(h & ~c.bit, e):
        return f"discarding {c} would leave an eaten card outside every meld"
    return None


# ------------------------------------------------------------------ all of it
def why_illegal(g: Game, action: object) -> str | None:
    """Why ``action`` may not be played now (a sentence naming the rule), or None."""
    if g.phase == Phase.OVER:
        return "the hand is over: no more actions"
    t = type(action)
    if t is Discard:
        assert isinstance(action, Discard)
        return why_not_discard(g, action.card)
    if t is Draw:
        return why_not_draw(g)
    if t is Eat:
        return why_not_eat(g)
    if t is Send:
        assert isinstance(action, Send)
        return why_not_send(g, action.card, action.meld_id)
    if t is LayDown:
        assert isinstance(action, LayDown)
        return why_not_lay_down(g, action)
    if t is DeclareU:
        assert isinstance(action, DeclareU)
        return why_not_u(g, action.kind)
    if t is Pass:
        return why_not_pass(g)
    return f"not an action: {action!r}"


def legal_actions(g: Game) -> list[Action]:
    """Every action with no reason against it, in a fixed order (docs/API.md)."""
    ph, s = g.phase, g.to_move
    if ph == Phase.OVER:
        return []
    if ph in (Phase.DEAL, Phase.U):
        assert g.u_offer is not None
        out: list[Action] = [DeclareU(g.u_offer)]
        if why_not_pass(g) is None:
            out.append(Pass())
        return out
    if ph == Phase.TAKE:
        out = [DRAW]
        if why_not_eat(g) is None:
            out.append(EAT)
        return out
    if ph == Phase.LAY_DOWN:
        return [LayDown(tuple(tuple(mask_to_cards(m)) for m in arr)) for arr in lay_down_options(g, s)]
    # the discard phase
    out = []
    if why_not_u(g, UKind.SEND) is None:
        out.append(DeclareU(UKind.SEND))
    free = mask_to_cards(g.hands[s] & ~g.eaten_mask[s])
    if g.rules.u_optional or not gui_u_ready(g, s):
        # why_not_discard of a free card turns on the eaten cards alone: with
        # none, every free card may go (asked once here, not once a card)
        easy = not g.eaten_mask[s]
        for c in free:
            if easy or why_not_discard(g, c) is None:
                out.append(DISCARD_OF[c.index])
    if g.laid_this_turn and g.laid[s] and g.hands[s].bit_count() >= 2:
        # only a card in a meld's fit mask can be sent onto it: ask why_not_send
        # about those alone (the same list, without a refusal built for each miss)
        fit = [(mid, fit_mask(g.melds[mid][1])) for mid in g.meld_seq]
        for c in free:
            for mid, f in fit:
                if f >> c.index & 1 and why_not_send(g, c, mid) is None:
                    out.append(Send(c, mid))
    return out
