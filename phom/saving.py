"""What saving a hand and a match share: writing the random state, reading JSON;
and a hand's JSON itself (``game_to_json``, which ``Game.to_json`` returns).

Reading a save back field by field is ``validate.py``'s job (it trusts
nothing it reads); ``load_object`` is its JSON reader for other saved
documents (a session), refusing deep nesting, NaN and huge numbers alike.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from .actions import action_to_json
from .validate import GAME_FORMAT, parse

if TYPE_CHECKING:
    from .game import Game


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def game_to_json(g: Game) -> str:
    """``g.to_json()``: the hand as JSON (rules, seats, deck, actions, context and RNG
    state); ``validate.load_game`` reads it back, replaying the actions."""
    return json.dumps({
        "format": GAME_FORMAT,
        "rules": g.rules.to_dict(),
        "players": g.players,
        "starter": g.starter,
        "seed": g.seed if isinstance(g.seed, (int, str, type(None))) else None,
        "pot": g.pot_in,
        "streak_seat": g.streak_seat,
        "deck": [str(c) for c in g.deck],
        "actions": [action_to_json(a) for a in g.actions],
        "rng": rng_to_json(g.rng),
    }, ensure_ascii=False, separators=(",", ":"))


def load_object(text: Any, what: str) -> dict[str, Any]:
    """Parse saved JSON (or take an already parsed dict); ``BadSave`` names ``what``."""
    return parse(text, what)
