"""The hand on show: its groups and order, and the lay-down choices.

What the player sees of their own cards is arranged here, never decided: the
melds are the engine's (``phom.best_arrangement``, the lay-down on offer), the
ways to lay down are the legal ``LayDown`` actions ranked by the engine
(``phom.proposals``), and the player's own order only moves cards about
(ui/core/order.py). A sort puts the hand back in the sort's order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import phom
from phom import Action, Card, DeclareU, LayDown, Pass, PlayerView, proposals

from ..core import order

if TYPE_CHECKING:
    from .app import App


def arrangement_points(hand: Iterable[Card], lay: LayDown) -> int:
    """The deadwood points ``lay`` leaves in ``hand`` (the lay-down chooser shows them)."""
    used = {c for m in lay.melds for c in m}
    return sum(c.points for c in hand if c not in used)


def sorted_lay_downs(view: PlayerView, legal: Sequence[Action]) -> list[LayDown]:
    """The LayDown actions of ``legal``, the engine's proposal first (``phom.proposals``)."""
    return proposals.rank_lay_downs(view, legal)


def sort_cards(cards: Iterable[Card], by: str) -> list[Card]:
    if by == "suit":
        return sorted(cards, key=lambda c: ("SCHD".index(c.suit), c.rank))
    return sorted(cards, key=lambda c: (c.rank, "SCHD".index(c.suit)))


def meld_order(meld: Iterable[Card]) -> list[Card]:
    return sorted(meld, key=lambda c: (c.rank, "SCHD".index(c.suit)))


# ------------------------------------------------------------------ lay-down choices
def lay_options(app: App) -> list[LayDown]:
    if not app.my_turn() or app.current_game.phase != "lay_down":
        return []
    return sorted_lay_downs(app.view(), app.legal())


def current_lay(app: App) -> LayDown | None:
    opts = app.lay_options()
    if not opts:
        return None
    return opts[app.arr_index % len(opts)]


def lay_is_skip(app: App) -> bool:
    """Is the proposed lay-down the empty one, while the hand could lay a meld?

    Laying it makes the player móm by choice: the page labels it so and asks
    before doing it (issue 10)."""
    lay = app.current_lay()
    if lay is None or lay.melds or app.view().laid[app.me] is not None:
        return False
    return any(o.melds for o in app.lay_options())


def best_melds(app: App) -> list[list[Card]]:
    """The melds of the least-deadwood lay-down on offer (for the móm question)."""
    opts = [o for o in app.lay_options() if o.melds]
    return [meld_order(m) for m in opts[0].melds] if opts else []


def auto_action(app: App) -> Action | None:
    """An action the page plays for the human without asking, or None.

    A lone ù is announced and played at once (docs/RULES.md §5); at tables with
    ``auto_lay_down`` the best arrangement is laid and the sends are made.
    """
    legal = app.legal()
    if not legal:
        return None
    us = [a for a in legal if isinstance(a, DeclareU)]
    if us and not any(isinstance(a, Pass) for a in legal):
        return us[0]
    if not app.current_game.rules.auto_lay_down:
        return None
    if app.current_game.phase == "lay_down":
        lays = sorted_lay_downs(app.view(), legal)
        if lays:
            return lays[0]
    return proposals.best_send(legal)


# ------------------------------------------------------------------ the hand's groups and order
def hand_groups(app: App) -> list[tuple[int, list[Card]]]:
    """The hand as display groups: [(meld_no or 0, [cards])], melds first.

    Melds are the proposed lay-down while choosing one, else the engine's best
    arrangement of the hand; 0 is the deadwood group. The player's own order,
    if they gave one, keeps the same meld marks, in runs of neighbours.
    """
    v = app.view()
    hand = list(v.hand)
    melds: list[list[Card]] = []
    if app.current_game.phase != "over":
        lay = app.current_lay()
        if lay is not None:
            melds = [list(m) for m in lay.melds]
        elif v.laid[app.me] is None:
            arr = phom.best_arrangement(hand, v.eaten[app.me])
            if arr is not None:
                melds = [list(m) for m in arr.melds]
    used = {c for m in melds for c in m}
    melds.sort(key=lambda m: (min(c.rank for c in m), m[0].suit))
    groups = [(i + 1, meld_order(m)) for i, m in enumerate(melds)]
    rest = sort_cards([c for c in hand if c not in used], app.settings["sort"])
    if rest:
        groups.append((0, rest))
    if app.hand_order:
        meld_no = {c: no for no, cards in groups for c in cards}
        shown = order.arrange([c for _, cards in groups for c in cards], app.hand_order)
        groups = []
        for c in shown:
            if groups and groups[-1][0] == meld_no[c]:
                groups[-1][1].append(c)
            else:
                groups.append((meld_no[c], [c]))
    return groups


def reorder(app: App, how: str, text: str, where: int) -> bool:
    """Move a hand card: ``move_card`` to a place, ``nudge`` one place left/right."""
    if app.game is None or app.dialog:
        return False
    try:
        card = phom.Card.parse(text)
    except ValueError:
        return False
    shown = app.flat_hand()
    if card not in shown:
        return False
    new = (order.move if how == "move_card" else order.nudge)(shown, card, int(where))
    if new == [str(c) for c in shown]:
        return False
    set_order(app, new)
    return True


def set_order(app: App, cards: list[str] | None) -> None:
    """The player on show orders their hand (None: the sort's order); kept for this hand."""
    app.orders[app.me] = cards
    order.save(app.storage, order.hand_id(app.match_seed, app.hand_no), app.orders)
