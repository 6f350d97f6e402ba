"""The page's notice kept as what it says, not as text: said again at every render.

A notice (a bad link, a save set aside, storage refusing, a shared hand that
does not open) stays on screen until the player dismisses it, and the player
may switch the language meanwhile. So ``App.notice`` keeps which words were
meant and with what (``Say``: a word table's lookup, its key and arguments),
and ``Notice.text(lang)`` says them in the page's language of the moment; an
argument may itself be a ``Say`` (a reason inside a sentence), said in the
same language. A value quoted from outside (a link's parameter, an error's
message) is kept as given. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # (the page's trimmed standard library has no collections/abc.py)
    from collections.abc import Callable


@dataclass(frozen=True)
class Say:
    """One sentence: ``words(lang, *args, **kw)`` when it is shown (``words`` is
    i18n.t, a module's ``Words``, or a function of the language that says why)."""

    words: Callable[..., str]
    args: tuple[object, ...] = ()
    kw: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str) -> str:
        args = [_said(a, lang) for a in self.args]
        kw = {k: _said(v, lang) for k, v in self.kw}
        return self.words(lang, *args, **kw)


def say(words: Callable[..., str], *args: object, **kw: object) -> Say:
    return Say(words, tuple(args), tuple(sorted(kw.items())))


def _said(value: object, lang: str) -> object:
    return value.text(lang) if isinstance(value, (Say, Notice)) else value


@dataclass(frozen=True)
class Notice:
    """The sentences of one notice, in the order they were said."""

    parts: tuple[Say, ...]

    def text(self, lang: str) -> str:
        return " ".join(p.text(lang) for p in self.parts)

    def __contains__(self, part: object) -> bool:
        return part in self.parts

    def __bool__(self) -> bool:
        return bool(self.parts)


def notice(*parts: Say) -> Notice:
    return Notice(tuple(parts))


def _as_given(lang: str, text: str) -> str:
    return text


def of(value: Notice | str | None) -> Notice | None:
    """A notice from what a module set: a plain text (code that has not learnt to
    keep words) is shown as given, in the language it was said in, rather than fail."""
    if isinstance(value, str):
        return notice(say(_as_given, value)) if value else None
    return value


def add(before: Notice | str | None, *parts: Say) -> Notice:
    """``before`` (if any) with ``parts`` after it, each sentence once."""
    before = of(before)
    kept = list(before.parts) if before else []
    kept += [p for p in parts if p not in kept]
    return Notice(tuple(kept))


def text(n: Notice | str | None, lang: str) -> str | None:
    """The notice in ``lang``, or None when there is none."""
    n = of(n)
    return n.text(lang) if n else None
