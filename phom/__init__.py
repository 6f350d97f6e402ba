"""Phỏm (Tá lả): the rules engine.

Pure Python, standard library only, so the same code runs under CPython (tests,
tools, bot self-play) and in Pyodide (the page). See ``docs/RULES.md`` for the rules
and ``docs/API.md`` for this package's contract.

>>> import phom
>>> g = phom.Game(seed=7)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[0])
>>> sum(g.result.deltas)
0
"""

from . import bots
from .actions import (
    U_KINDS,
    Action,
    DeclareU,
    Discard,
    Draw,
    Eat,
    IllegalAction,
    LayDown,
    Pass,
    Send,
)
from .cards import DECK, Card, card_from_index, format_cards, parse_cards
from .game import Game
from .ledger import POT, Payment, Result
from .match import Match
from .melds import Arrangement, best_arrangement, is_meld, is_partial, meld_kind
from .rules import PRESETS, Rules
from .validate import BadSave, OldSave
from .view import PlayerView

__all__ = [
    "Action", "Arrangement", "BadSave", "Card", "DECK", "DeclareU", "Discard", "Draw", "Eat", "Game",
    "IllegalAction", "LayDown", "Match", "OldSave", "Pass", "Payment", "PlayerView", "POT", "PRESETS",
    "Result", "Rules", "Send", "U_KINDS", "best_arrangement", "bots", "card_from_index",
    "format_cards", "is_meld", "is_partial", "meld_kind", "parse_cards",
]
__version__ = "0.1.0"
