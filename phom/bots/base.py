"""The bot interface and the random bot."""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING

from ..actions import Action, DeclareU

if TYPE_CHECKING:
    from ..view import PlayerView

#: What ``choose_steps`` returns: a generator yielding between slices, returning the action.
Steps = Generator[None, None, Action]


class Bot:
    """A player that sees only its PlayerView and the legal actions."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``. Must depend only on (view, legal, own state)."""
        gen = self.choose_steps(view, legal)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                action: Action = stop.value
                return action

    def choose_steps(self, view: PlayerView, legal: Sequence[Action]) -> Steps:
        """Generator form: yields between slices of work, returns the action.

        Subclasses that think for long override this and ``yield`` every few
        milliseconds; the default does all the work in one slice.
        """
        return self._decide(view, legal)
        yield  # pragma: no cover  (makes this a generator)

    def _decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    @staticmethod
    def forced(legal: Sequence[Action]) -> Action | None:
        """The move that needs no thought: the only legal one, or an ù. Else None."""
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if type(a) is DeclareU:
                return a
        return None


class RandomBot(Bot):
    """Uniformly random legal move (but always takes an ù when offered)."""

    name = "random"

    def _decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        a = self.forced(legal)
        return a if a is not None else legal[self.rng.randrange(len(legal))]
