"""What saving a hand and a match share: writing the random state.

Reading a save back is ``validate.py``'s job (it trusts nothing it reads).
"""

from __future__ import annotations

import random


def rng_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
