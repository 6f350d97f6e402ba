"""What saving a hand and a match share: reading the JSON and the random state."""

from __future__ import annotations

import json
import random


def load_object(text, what: str) -> dict:
    """Parse saved JSON (or take an already parsed dict); ValueError names ``what``."""
    try:
        d = json.loads(text) if isinstance(text, (str, bytes)) else text
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"saved {what} is not valid JSON: {e}") from None
    if not isinstance(d, dict):
        raise ValueError(f"saved {what} must be a JSON object")
    return d


def rng_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(rng: random.Random, data, what: str) -> None:
    """Restore ``rng`` from ``rng_to_json`` output; ValueError if it is malformed."""
    try:
        version, internal, gauss = data
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as e:
        raise ValueError(f"saved {what} random state is malformed: {e}") from None
