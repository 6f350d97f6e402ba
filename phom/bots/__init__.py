"""Bots: each sees a PlayerView and the legal actions, nothing else.

``make(name, seed)`` builds one. Every bot has ``choose(view, legal)`` and
``choose_steps(view, legal)``: a generator that yields between slices of work
(so the page can hand control back to the browser) and returns the action.
"""

from __future__ import annotations

from .base import Bot, RandomBot

_REGISTRY = {"random": RandomBot}


def register(name: str, cls) -> None:
    _REGISTRY[name] = cls


def names() -> list[str]:
    _load_all()
    return list(_REGISTRY)


def _load_all() -> None:
    # Strength bots live in their own modules; import lazily so a missing or
    # broken one never stops the random bot (the engine's own tests) working.
    try:
        from . import heuristic  # noqa: F401  (registers easy/normal/hard)
    except ImportError:
        pass
    try:
        from . import expert  # noqa: F401  (registers expert)
    except ImportError:
        pass


def make(name: str, seed: int = 0) -> Bot:
    """A bot by name: "random", "easy", "normal", "hard", "expert"."""
    if name not in _REGISTRY:
        _load_all()
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(_REGISTRY)}")
    return _REGISTRY[name](seed=seed)
