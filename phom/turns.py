"""How long a hand lasts: one object per turn model (docs/RULES.md §6).

``FourTurns`` — everyone discards exactly four times; the fourth turn is the
lay-down turn; no tái. ``TableCount`` — the lay-down phase starts once the
discards lying on the table reach 3 × players and the hand ends at 4 × players;
a player who has laid down and gets another turn (because a chốt was eaten)
plays a **tái**.

Both answer the same questions about a hand's public state — the engine asks
them to run the hand, and ``PlayerView`` asks them for the bots, so nobody
works the turn model out again. The state is anything with the public
counters of ``state.PublicState`` (a Game, or a view's ``public``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .rules import Rules, TurnModel


class TurnState(Protocol):
    """The public counters a turn model reads (a Game or a ``PublicState``)."""

    @property
    def players(self) -> int: ...
    @property
    def turns(self) -> Sequence[int]: ...          # discards made per seat
    @property
    def turn_no(self) -> Sequence[int]: ...        # turns begun per seat
    @property
    def laid(self) -> Sequence[object | None]: ...  # per seat: None until it lays down
    @property
    def laydown_started(self) -> bool: ...
    @property
    def table_count(self) -> int: ...              # D: discards lying on the table
    @property
    def laid_this_turn(self) -> bool: ...
    @property
    def lay_log(self) -> Sequence[tuple[int, tuple[int, ...]]]: ...  # (seat, meld ids) per lay-down


class Turns:
    """What every turn model answers. Subclasses fill in the rule."""

    model: TurnModel

    def is_lay_down_turn(self, st: TurnState, seat: int) -> bool:
        """Does ``seat`` lay down (or play a tái) on its current turn?"""
        raise NotImplementedError

    def is_tai(self, st: TurnState, seat: int) -> bool:
        """Is ``seat``'s current turn a tái: another turn after the one it laid down on?"""
        return False

    def is_chot_discard(self, st: TurnState, seat: int) -> bool:
        """Would a discard by ``seat`` now be a chốt (docs/RULES.md §6)?"""
        raise NotImplementedError

    def lay_down_phase_begins(self, st: TurnState) -> bool:
        """After a discard: from now on every player lays down on its next turn."""
        return False

    def is_hand_over(self, st: TurnState) -> bool:
        """After a discard: has the hand ended?"""
        raise NotImplementedError

    def next_discard_ends_hand(self, st: TurnState) -> bool:
        """Would the next discard (by the seat to move) end the hand?"""
        raise NotImplementedError

    def takes_left(self, st: TurnState, seat: int, to_move: int, after_discard: bool = True) -> int:
        """Takes ``seat`` still has up to and including its lay-down take.

        after_discard: count from after the current turn's discard (True) or from
        the start of the current take (False: this take included).
        """
        raise NotImplementedError


class FourTurns(Turns):
    model = TurnModel.FOUR_TURNS

    def is_lay_down_turn(self, st: TurnState, seat: int) -> bool:
        return st.turn_no[seat] == 4

    def is_chot_discard(self, st: TurnState, seat: int) -> bool:
        # the chốt is the card the next player takes on its fourth turn
        nxt = (seat + 1) % st.players
        return st.turn_no[nxt] == 3 and st.turns[nxt] == 3

    def is_hand_over(self, st: TurnState) -> bool:
        return all(t >= 4 for t in st.turns)

    def next_discard_ends_hand(self, st: TurnState) -> bool:
        return sum(st.turns) + 1 >= 4 * st.players

    def takes_left(self, st: TurnState, seat: int, to_move: int, after_discard: bool = True) -> int:
        if st.laid[seat] is not None:
            return 0
        t = st.turn_no[seat] if to_move == seat else st.turns[seat]
        k = 4 - t
        if not after_discard:
            k += 1
        return max(0, min(4, k))


class TableCount(Turns):
    model = TurnModel.TABLE

    def is_lay_down_turn(self, st: TurnState, seat: int) -> bool:
        return st.laydown_started or st.laid[seat] is not None

    def is_chot_discard(self, st: TurnState, seat: int) -> bool:
        return st.table_count + 1 >= 3 * st.players

    def is_tai(self, st: TurnState, seat: int) -> bool:
        # laid down on an earlier turn (this turn's own lay-down, if any, not counted)
        earlier = sum(1 for s, _ in st.lay_log if s == seat) - (1 if st.laid_this_turn else 0)
        return earlier > 0

    def lay_down_phase_begins(self, st: TurnState) -> bool:
        return st.table_count >= 3 * st.players

    def is_hand_over(self, st: TurnState) -> bool:
        return st.table_count >= 4 * st.players

    def next_discard_ends_hand(self, st: TurnState) -> bool:
        return st.table_count + 1 >= 4 * st.players

    def takes_left(self, st: TurnState, seat: int, to_move: int, after_discard: bool = True) -> int:
        if st.laid[seat] is not None:
            return 0
        if st.laydown_started:
            return 0 if after_discard else 1
        t = max(1, -(-(3 * st.players - st.table_count) // st.players))
        if not after_discard:
            t += 1
        return t


_MODELS: dict[TurnModel, Turns] = {TurnModel.FOUR_TURNS: FourTurns(), TurnModel.TABLE: TableCount()}


def for_rules(rules: Rules) -> Turns:
    """The turn model a table plays."""
    return _MODELS[rules.turn_model]
