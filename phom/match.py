"""A match: hands in a row, with running totals, the winner starting the next
hand, thông streaks and the gà (pot) carried from hand to hand."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from . import validate
from .cards import Card
from .game import Game
from .rules import Rules, UKind
from .saving import rng_to_json

FORMAT = validate.MATCH_FORMAT


class Match:
    """Hands in a row between the same seats.

    ``new_hand()`` deals the next hand (started by the previous winner, with the
    pot and the streak carried in); play it to the end and ``record(g)`` it.
    """

    def __init__(self, rules: Rules | None = None, players: int | None = None, seed: Any = None,
                 starter: int = 0) -> None:
        self.rules = rules if rules is not None else Rules()
        self.players = self.rules.players if players is None else players
        if self.players not in self.rules.players_allowed:
            raise ValueError(f"players must be one of {self.rules.players_allowed}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.totals = [0] * self.players
        self.pot = 0
        self.starter = starter
        self.streak_seat: int | None = None
        self.hands_played = 0
        self.history: list[dict[str, Any]] = []      # per hand: {"deltas", "winner", "u"}
        self.current: Game | None = None

    def new_hand(self, deck: Sequence[Card] | str | None = None) -> Game:
        """Deal the next hand (or, for tests and replays, deal it from ``deck``)."""
        if self.current is not None and not self.current.is_over:
            raise ValueError("the current hand is not over yet")
        if self.current is not None and self.current.is_over and not self._recorded:
            raise ValueError("record() the finished hand before dealing the next")
        seed = self.rng.randrange(2**63)
        if deck is not None:
            g = Game.from_deck(deck, self.rules, self.players, self.starter,
                               pot=self.pot, streak_seat=self.streak_seat)
        else:
            g = Game(self.rules, self.players, seed, self.starter,
                     pot=self.pot, streak_seat=self.streak_seat)
        self.current = g
        self._recorded = False
        return g

    _recorded = True

    @property
    def recorded(self) -> bool:
        """Is the current hand (if over) already folded into the totals?"""
        return self._recorded

    def record(self, g: Game) -> None:
        if not g.is_over:
            raise ValueError("the hand is not over yet")
        if g is self.current and self._recorded:
            raise ValueError("this hand is already recorded")
        res = g.result
        assert res is not None
        for s, d in enumerate(res.deltas):
            self.totals[s] += d
        self.pot += res.pot_change
        self.starter = res.winner
        # thông: the next hand's ù by the same seat pays more (not after khan or cùng màu)
        self.streak_seat = res.u_seat if res.u is not None and not UKind(res.u).from_the_deal else None
        self.hands_played += 1
        self.history.append({"deltas": list(res.deltas), "winner": res.winner, "u": res.u})
        if g is self.current:
            self._recorded = True

    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "rules": self.rules.to_dict(), "players": self.players,
            "seed": self.seed if isinstance(self.seed, (int, str, type(None))) else None,
            "totals": self.totals, "pot": self.pot, "starter": self.starter,
            "streak_seat": self.streak_seat, "hands_played": self.hands_played,
            "history": self.history, "rng": rng_to_json(self.rng),
            "current": None if self.current is None else json.loads(self.current.to_json()),
            "recorded": self._recorded,
        }, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Any) -> Match:
        """Rebuild a match saved by ``to_json``; ``BadSave`` (a ValueError) says what is wrong."""
        m: Match = validate.load_match(cls, Game, text)
        return m
