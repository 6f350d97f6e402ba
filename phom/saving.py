"""What saving a hand and a match share: writing the random state, reading JSON.

Reading a save back field by field is ``validate.py``'s job (it trusts
nothing it reads); ``load_object`` is its JSON reader for other saved
documents (a session), refusing deep nesting, NaN and huge numbers alike.
"""

from __future__ import annotations

import random
from typing import Any


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def load_object(text: Any, what: str) -> dict[str, Any]:
    """Parse saved JSON (or take an already parsed dict); ``BadSave`` names ``what``."""
    from .validate import parse

    return parse(text, what)
