"""Bots: each sees a PlayerView and the legal actions, nothing else.

``make(name, seed)`` builds one. Every bot has ``choose(view, legal)`` and
``choose_steps(view, legal)``: a generator that yields between slices of work
(so the page can hand control back to the browser) and returns the action.

The strength bots live in their own modules, imported on first use (the page
imports them once the table shows). A bot module that fails to import is an
error that reaches the caller — never a bot silently missing or replaced.
"""

from __future__ import annotations

from .base import Bot, RandomBot

_REGISTRY: dict[str, type[Bot]] = {"random": RandomBot}
_loaded = False


def register(name: str, cls: type[Bot]) -> None:
    """Add a bot by name (the strength bots' modules list theirs in their ``BOTS``)."""
    _REGISTRY[name] = cls


def names() -> list[str]:
    """Every bot name ("random", "easy", "normal", "hard", "expert")."""
    _load_all()
    return list(_REGISTRY)


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    from . import expert, heuristic  # each names its bots in BOTS; neither imports this package

    _REGISTRY.update(heuristic.BOTS)  # easy, normal, hard
    _REGISTRY.update(expert.BOTS)
    _loaded = True


def make(name: str, seed: int = 0) -> Bot:
    """A bot by name: "random", "easy", "normal", "hard", "expert"; ValueError if unknown."""
    if name not in _REGISTRY:
        _load_all()
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(_REGISTRY)}")
    return _REGISTRY[name](seed=seed)
